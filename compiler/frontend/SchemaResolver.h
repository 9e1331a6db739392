// Resolves `input_schema` / `output_schema` references to the JSON Schemas they name.
//
// A reference is a path relative to the file that holds it, with an optional `#/json/pointer`
// fragment, or just `#/…` into that file itself. Schema files are loaded like packs (YAML or
// JSON, located), each once; the relative `$ref`s inside them are followed too, so every file a
// schema depends on is read, checked to exist and listed in the depfile.
#pragma once

#include "frontend/DocumentLoader.h"
#include "frontend/SchemaRef.h"

#include <set>

namespace wfc {

class SchemaResolver {
 public:
  SchemaResolver(DocumentLoader &loader, DiagnosticEngine &diags)
      : loader_(loader), diags_(diags) {}

  // Fills `ref.document` and `ref.schema`, or reports why it cannot. `from` holds the reference.
  void resolve(SchemaRef &ref, const Document &from);

 private:
  const DocNode *resolveTarget(llvm::StringRef text, llvm::SMLoc loc, const Document &from,
                               const Document **target);
  void followRefs(const Document &doc);
  void followRefsIn(const DocNode &node, const Document &doc, unsigned depth);

  DocumentLoader &loader_;
  DiagnosticEngine &diags_;
  std::set<const Document *> followed_;
};

}  // namespace wfc

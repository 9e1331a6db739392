// Makes a referenced JSON Schema self-contained for the IR: every `$ref` (into the same file or
// another one) is inlined, so later stages — type checks, code generation, the runtime's
// validator — see one JSON document and never read a file again. A recursive schema cannot be
// inlined: that is an error, as is a chain of `$ref`s that only refers to itself.
#pragma once

#include "frontend/DocumentLoader.h"
#include "frontend/SchemaRef.h"

#include <nlohmann/json.hpp>

#include <optional>

namespace wfc {

// A schema node with the document it is in, and what `#/…` inside it refers to: the
// document's root, or for a schema embedded in a pack that is sent on as a whole (a tool's
// `parameters`) that schema itself.
struct SchemaNode {
  const Document *doc = nullptr;
  const DocNode *node = nullptr;
  const DocNode *localRoot = nullptr;
};

// Follows `$ref`s (local and to other files) to the schema node itself. Null when a reference
// does not resolve (the schema resolver has reported it already) or when the chain of `$ref`s
// comes back to itself — then `*cycle`, if given, is set.
SchemaNode derefSchema(SchemaNode s, DocumentLoader &loader, bool *cycle = nullptr);

struct BundledSchema {
  std::string source;  // as written
  llvm::SMLoc loc;     // where the pack names it
  nlohmann::ordered_json json;
};

// The schema `ref` names, with every $ref inlined; nullopt (after reporting why) when it cannot
// be bundled, or when `ref` did not resolve (reported by the resolver). Its patterns are checked
// as checkSchemaPatterns does.
std::optional<BundledSchema> bundleSchema(const SchemaRef &ref, DocumentLoader &loader, DiagnosticEngine &diags);

// Every regular expression in a schema (`pattern` values, `patternProperties` names) must be one
// the runtime can run (common/Pattern.h: RE2, linear time); one it cannot is an error at it.
// The values of enum, const, default and examples are data, not schemas, and are skipped.
void checkSchemaPatterns(const DocNode &schema, DiagnosticEngine &diags);

}  // namespace wfc

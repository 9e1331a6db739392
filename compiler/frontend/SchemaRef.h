// A reference to a JSON Schema as a pack writes it (`input_schema`, `output_schema`, an eval's
// schema): "schemas/doc.json#/definitions/x" or "#/…", and what it resolved to.
#pragma once

#include "frontend/Document.h"

#include <string>

namespace wfc {

struct SchemaRef {
  std::string text;
  llvm::SMLoc loc;
  const Document *document = nullptr;  // the file holding the schema (null: unresolved)
  const DocNode *schema = nullptr;     // the schema itself (null: unresolved)
  // What `#/…` inside it refers to: null for the document's root; the schema itself for an
  // inline schema that stands alone (an eval's params.schema, as JSON Schema reads it).
  const DocNode *localRoot = nullptr;
};

}  // namespace wfc

// The PromptPack AST: the parts of a pack later stages need, located, after the pack's shape
// was checked. Values the compiler treats as data (tool args, step inputs, predicates) stay
// DocNodes; semantic analysis (compiler/sema) lowers them into the IR.
#pragma once

#include "frontend/Document.h"

#include <optional>
#include <string>
#include <vector>

namespace wfc {

// An `input_schema` / `output_schema` reference: "schemas/doc.json#/definitions/x" or "#/…".
struct SchemaRef {
  std::string text;
  llvm::SMLoc loc;
  const Document *document = nullptr;  // the file holding the schema (null: unresolved)
  const DocNode *schema = nullptr;     // the schema itself (null: unresolved)
};

struct StepDecl {
  std::string id;
  std::string kind;
  const DocNode *node = nullptr;
  std::optional<SchemaRef> outputSchema;
  // Nested steps: a parallel's branches, a wfc.loop's steps, a wfc.foreach's step.
  std::vector<StepDecl> children;
};

struct CompositionDecl {
  std::string name;
  llvm::SMLoc loc;
  const DocNode *node = nullptr;
  std::optional<SchemaRef> inputSchema;
  std::optional<SchemaRef> outputSchema;
  std::vector<StepDecl> steps;
};

struct PromptPackAST {
  const Document *document = nullptr;
  std::vector<CompositionDecl> compositions;
};

}  // namespace wfc

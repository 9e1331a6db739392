// Which input language a document is written in (docs/language/promptpack.md): detected from its content, or
// forced with `--dialect`.
#pragma once

#include "frontend/Document.h"

#include <llvm/ADT/StringRef.h>

#include <optional>

namespace wfc {

enum class Dialect { PromptPack, AWL, ToolComposition, Registry };

llvm::StringRef dialectName(Dialect d);
std::optional<Dialect> parseDialect(llvm::StringRef name);

// PromptPack unless the document has the unmistakable top level of another dialect:
// AWL's `workflow:` holding before/context/foreach/after, tool-composition's `steps[]` of
// `{tool, parameters}` (bare, or in a template's `composition`), or a registry's `pack_name` + `workflows`
// (or its `workflow_sequences`, or an integer `version` with `workflows[]`).
Dialect detectDialect(const DocNode &root);

}  // namespace wfc

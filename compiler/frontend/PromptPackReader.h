// Reads a PromptPack document: checks its shape (types, required and unknown fields,
// unsupported features) and builds the PromptPackAST, loading every schema file it references.
#pragma once

#include "frontend/DocumentLoader.h"
#include "frontend/PromptPackAST.h"
#include "frontend/SchemaResolver.h"

#include <optional>

namespace wfc {

// Returns the AST even when errors were reported (so later checks can still run on the valid
// parts); the caller decides by DiagnosticEngine::hasErrors(). Null only when the document is
// not a pack at all (its top level is not a mapping).
std::optional<PromptPackAST> readPromptPack(const Document &doc, DocumentLoader &loader,
                                            DiagnosticEngine &diags);

}  // namespace wfc

// Reads a PromptPack document: checks its shape (types, required and unknown fields,
// unsupported features), reads it into the typed PackDecl and resolves every schema file it
// references.
#pragma once

#include "frontend/DocumentLoader.h"
#include "frontend/promptpack/PromptPackAST.h"

#include <optional>

namespace wfc::promptpack {

// Returns the AST even when errors were reported (so later checks can still run on the valid
// parts); the caller decides by DiagnosticEngine::hasErrors(). Null only when the document is
// not a pack at all (its top level is not a mapping).
std::optional<PackDecl> readPromptPack(const Document &doc, DocumentLoader &loader, DiagnosticEngine &diags);

}  // namespace wfc::promptpack

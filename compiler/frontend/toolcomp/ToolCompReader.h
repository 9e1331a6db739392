// Reads a tool-composition document (docs/tool-composition.md): checks its shape (types, required
// and unknown fields with did-you-mean, strategies, numbers in range) and reads it into the typed
// FileDecl.
#pragma once

#include "frontend/toolcomp/ToolCompAST.h"
#include "support/DiagnosticEngine.h"

#include <optional>

namespace wfc::toolcomp {

// The AST even when errors were reported (later rules still run on the valid parts); null only
// when the document is not a mapping at all.
std::optional<FileDecl> readToolComposition(const Document &doc, DiagnosticEngine &diags);

}  // namespace wfc::toolcomp

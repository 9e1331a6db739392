// Reads an AWL document (docs/awl.md): checks its shape (types, required and unknown fields with
// did-you-mean, action names, numbers in range) and reads it into the typed FileDecl.
#pragma once

#include "frontend/awl/AwlAST.h"
#include "support/DiagnosticEngine.h"

#include <optional>

namespace wfc::awl {

// The AST even when errors were reported (later rules still run on the valid parts); null only
// when the document is not a mapping with a `workflow` mapping.
std::optional<FileDecl> readAwl(const Document &doc, DiagnosticEngine &diags);

}  // namespace wfc::awl

// Reads extension_registry.json (docs/registry.md): checks its shape and reads it into the typed
// RegistryDecl.
#pragma once

#include "frontend/registry/RegistryAST.h"
#include "support/DiagnosticEngine.h"

#include <optional>

namespace wfc::registry {

// The AST even when errors were reported; null only when the document is not a mapping.
std::optional<RegistryDecl> readRegistry(const Document &doc, DiagnosticEngine &diags);

}  // namespace wfc::registry

// Lowers a workflow registry (docs/registry.md) into a module whose `registry` holds its
// workflows, sequences, transitions and entrypoints, and whose members are the workflows' own
// packs — `workflows/<id>/pack.yaml` or `pack.json` beside the registry's folder, in any dialect
// wfc compiles — each lowered by its own front end. The registry's rules (the reference
// runtime's, in its words where it has them) report here; each member is checked by sema like
// any pack.
#pragma once

#include "frontend/DocumentLoader.h"
#include "frontend/registry/RegistryAST.h"
#include "ir/Module.h"
#include "support/DiagnosticEngine.h"

#include <functional>
#include <memory>

namespace wfc::registry {

// How a member pack is lowered: the front end of the member's dialect (frontend/FrontEnd.h).
using LowerMember = std::function<std::unique_ptr<ir::Module>(const Document &member)>;

std::unique_ptr<ir::Module> lowerRegistry(const RegistryDecl &decl, DocumentLoader &loader, DiagnosticEngine &diags,
                                          const LowerMember &lowerMember);

}  // namespace wfc::registry

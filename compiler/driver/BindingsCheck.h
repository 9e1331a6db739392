// The compiler's side of the bindings file (SPEC §4): `wfc check`, `build` and `compile` read
// it with the runtime's own parser (so both accept exactly the same files) and check that it
// binds only tools the pack declares. A bad bindings file is exit 2.
#pragma once

#include "Bindings.h"
#include "ir/Module.h"

#include <optional>
#include <string>

namespace wfc {

// Reads `path`; prints the problem and returns nullopt when the file is bad.
std::optional<BindingsFile> loadBindings(const std::string &path);

// Every bound name is a tool of `module`; prints the first that is not (with did-you-mean).
bool bindsOnlyDeclaredTools(const BindingsFile &bindings, const ir::Module &module);

}  // namespace wfc

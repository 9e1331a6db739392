// The compiler's side of the bindings file (docs/bindings.md): `wfc check`, `build` and
// `compile` read it with the runtime's own parser (so both accept exactly the same files),
// report every problem in it as a located diagnostic (text or JSON, like any other), and check
// it against the program: it binds only declared tools, native bindings name C++ functions, and
// every tool the program needs is bound. A bad bindings file is exit 2; an unbound tool is an
// error in the pack (exit 1).
#pragma once

#include "common/BindingsFile.h"
#include "analysis/ProgramAnalysis.h"
#include "driver/Compilation.h"

#include <optional>
#include <string>

namespace wfc {

// Reads `path` (listed among the files read, for the depfile) and reports each of its problems.
// nullopt when the file cannot be read or has a problem; the compilation is then a usage error.
std::optional<BindingsFile> loadBindings(Compilation &compilation, const std::string &path);

// Gives each tool whose source does not declare its effect the one its binding names
// (`effects:`, docs/bindings.md "Effects"), before sema works out steps' effects from tools'; a
// binding that contradicts a declared effect is an error. Tools neither declares stay `write`.
void applyBindingEffects(Compilation &compilation, const BindingsFile &bindings, ir::Module &module);

// Checks the bindings against the module and its program. `requireAll`: every tool the program
// needs must be bound (build and compile without --allow-unbound, and check when given bindings).
void checkBindings(Compilation &compilation, const BindingsFile &bindings, const ir::Module &module,
                   const analysis::Program &program, bool requireAll);

// The same for the programs of a registry (docs/registry.md), which share one bindings file: a
// bound tool must be declared by one of them, and each program's needs bound.
struct BoundProgram {
  const ir::Module *module;
  const analysis::Program *program;
};
void checkBindings(Compilation &compilation, const BindingsFile &bindings, const std::vector<BoundProgram> &programs,
                   bool requireAll);

// A native binding's function name that generated code cannot declare: a C++ keyword, `main`,
// or a reserved identifier.
bool isUnusableNativeName(const std::string &name);

}  // namespace wfc

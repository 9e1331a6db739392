// IR → one C++ source file for one workflow: the banner, the tool and composition tables, the
// constants, one function per step, the ProgramDecl and main. The whole lowering of a module
// to C++ reads top to bottom in emitProgram().
#pragma once

#include "codegen/EmitContext.h"

#include <optional>
#include <string>

namespace wfc::codegen {

// The generated source, or nullopt after reporting why it cannot be generated. The output is a
// function of the module and options only (no timestamps, no unordered iteration), so the same
// input gives byte-identical output.
// `entry` is the composition that runs; null to run the module's workflow state machine.
std::optional<std::string> emitProgram(const ir::Module &module, const ir::Composition *entry,
                                       const CodegenOptions &options, DiagnosticEngine &diags,
                                       std::function<unsigned(llvm::SMLoc)> lineOf);

// The compositions the program contains: the first root, then every other root and every
// composition their wfc.subflow steps call (transitively), in pack order.
std::vector<const ir::Composition *> programCompositions(const ir::Module &module,
                                                         const std::vector<const ir::Composition *> &roots);
// The compositions a program runs directly: `entry`, or (null) the workflow's states'.
std::vector<const ir::Composition *> programRoots(const ir::Module &module, const ir::Composition *entry);

}  // namespace wfc::codegen

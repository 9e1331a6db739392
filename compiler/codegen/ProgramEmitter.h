// IR → one C++ source file for one workflow: the banner, the tool and composition tables, the
// constants, one function per step, the ProgramDecl and main. The whole lowering of a module
// to C++ reads top to bottom in emitProgram().
#pragma once

#include "analysis/ProgramAnalysis.h"
#include "codegen/EmitContext.h"

#include <optional>
#include <string>

namespace wfc::codegen {

// The generated source, or nullopt after reporting why it cannot be generated. The output is a
// function of the module and options only (no timestamps, no unordered iteration), so the same
// input gives byte-identical output. `program` says what runs (analysis/ProgramAnalysis.h).
std::optional<std::string> emitProgram(const ir::Module &module, const analysis::Program &program,
                                       const CodegenOptions &options, DiagnosticEngine &diags,
                                       std::function<unsigned(llvm::SMLoc)> lineOf);

}  // namespace wfc::codegen

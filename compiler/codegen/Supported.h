// What code generation and the runtime do not support yet, reported as located errors when the
// front end runs — so `wfc check` reports them as `wfc build` would, never as a surprise at
// build time.
#pragma once

#include "analysis/ProgramAnalysis.h"
#include "ir/Module.h"
#include "support/DiagnosticEngine.h"

namespace wfc::codegen {

void reportUnsupported(const ir::Module &module, const analysis::Program &program, DiagnosticEngine &diags);

}  // namespace wfc::codegen

// A tool composition's own code and tables (docs/tool-composition.md): one function per
// rollback action, and the ToolCompositionDecl that tells the runtime the failure strategy,
// each step's key in the result object and the rollbacks.
#pragma once

#include "codegen/EmitContext.h"
#include "codegen/Printer.h"

namespace wfc::codegen {

// `Value rollback_<step>(StepContext &ctx)`: the action's arguments, resolved, then its tool's call.
void emitRollbackFunction(Printer &p, const ir::Step &action, EmitContext &ctx, const CompositionNames &names);

// `kResultKeys`, `kRollbacks` (when there are any) and `kToolComposition`.
void emitToolComposition(Printer &p, const ir::Composition &c, EmitContext &ctx, const CompositionNames &names);

}  // namespace wfc::codegen

// A chat program's tables (docs/promptkit.md "Chat executables"): one task per prompt — its
// turn, an agent StepDecl over the prompt's tools with the evals each reply runs, and the evals
// the conversation's end runs.
#pragma once

#include "analysis/ProgramAnalysis.h"
#include "codegen/EmitContext.h"
#include "codegen/Printer.h"

namespace wfc::codegen {

void emitChatTasks(Printer &p, EmitContext &ctx, const analysis::Program &program);

}  // namespace wfc::codegen

// The skills a program's conversations are offered (docs/promptkit.md "Skills"), as tables the
// executable carries: each skill's description, instructions, granted tools and resources, so a
// compiled workflow needs no skill file at run time.
#pragma once

#include "analysis/ProgramAnalysis.h"
#include "codegen/EmitContext.h"
#include "codegen/Printer.h"

namespace wfc::codegen {

// Names the offered skills in `ctx` (WorkflowEmitter lists them per state) and writes the
// `skill` enum, one block per skill and the kSkills table. Nothing when none is offered.
void emitSkills(Printer &p, EmitContext &ctx, const analysis::Program &program);

}  // namespace wfc::codegen

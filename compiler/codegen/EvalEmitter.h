// The eval table of a generated program (docs/evals.md): one EvalDecl per eval some compiled
// step runs — its type, its checked parameters (a json_schema eval's schema inlined like an
// output_schema, an llm_judge eval's prompt), its threshold, gate and sampling share. Steps list
// theirs in StepDecl::evals as eval::<name>.
#pragma once

#include "codegen/EmitContext.h"
#include "codegen/Printer.h"

#include <vector>

namespace wfc::codegen {

// `namespace eval { enum Id … }`, the schemas and `kEvals`. The judges' prompts must be named.
void emitEvals(Printer &p, EmitContext &ctx, const std::vector<const ir::Eval *> &evals);

}  // namespace wfc::codegen

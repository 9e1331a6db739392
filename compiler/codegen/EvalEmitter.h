// The eval table of a generated program (docs/evals.md): one EvalDecl per eval some compiled
// step runs — its type, its checked parameters (a json_schema eval's schema inlined like an
// output_schema, an llm_judge eval's prompt), its threshold, gate and sampling share. Steps list
// theirs in StepDecl::evals as eval::<name>.
#pragma once

#include "codegen/EmitContext.h"
#include "codegen/Printer.h"

#include <map>
#include <string>
#include <vector>

namespace wfc::codegen {

// `kEvals`: one row per eval. The judges' prompts must be named; `schemas` names each json_schema
// eval's schema (EmitContext::schema).
void emitEvals(Printer &p, EmitContext &ctx, const std::vector<const ir::Eval *> &evals,
               const std::map<const ir::Eval *, std::string> &schemas);

}  // namespace wfc::codegen

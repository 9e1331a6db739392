#include "codegen/StepEmitter.h"

namespace wfc::codegen {

std::unique_ptr<StepEmitter> makeToolStepEmitter(EmitContext &ctx, const CompositionNames &names);
std::unique_ptr<StepEmitter> makeBranchStepEmitter(EmitContext &ctx, const CompositionNames &names);
std::unique_ptr<StepEmitter> makeParallelStepEmitter(EmitContext &ctx, const CompositionNames &names);
std::unique_ptr<StepEmitter> makeSubflowStepEmitter(EmitContext &ctx, const CompositionNames &names);
std::unique_ptr<StepEmitter> makePromptStepEmitter(EmitContext &ctx, const CompositionNames &names);
std::unique_ptr<StepEmitter> makeForeachStepEmitter(EmitContext &ctx, const CompositionNames &names);
std::unique_ptr<StepEmitter> makeLoopStepEmitter(EmitContext &ctx, const CompositionNames &names);
std::unique_ptr<StepEmitter> makeJudgeStepEmitter(EmitContext &ctx, const CompositionNames &names);
std::unique_ptr<StepEmitter> makeActionStepEmitter(EmitContext &ctx, const CompositionNames &names);
std::unique_ptr<StepEmitter> makeBlockStepEmitter(EmitContext &ctx, const CompositionNames &names);

std::unique_ptr<StepEmitter> makeStepEmitter(const ir::Step &step, EmitContext &ctx, const CompositionNames &names) {
  switch (step.kind) {
    case ir::StepKind::Tool: return makeToolStepEmitter(ctx, names);
    case ir::StepKind::Branch: return makeBranchStepEmitter(ctx, names);
    case ir::StepKind::Parallel: return makeParallelStepEmitter(ctx, names);
    case ir::StepKind::Subflow: return makeSubflowStepEmitter(ctx, names);
    case ir::StepKind::Prompt:
    case ir::StepKind::Agent: return makePromptStepEmitter(ctx, names);
    case ir::StepKind::Foreach: return makeForeachStepEmitter(ctx, names);
    case ir::StepKind::Loop: return makeLoopStepEmitter(ctx, names);
    case ir::StepKind::Judge: return makeJudgeStepEmitter(ctx, names);
    case ir::StepKind::Action: return makeActionStepEmitter(ctx, names);
    case ir::StepKind::Block: return makeBlockStepEmitter(ctx, names);
  }
  return nullptr;
}

void StepEmitter::openStep(Printer &p, const ir::Step &step, const std::string &what) {
  p.emit({{"id", step.id}, {"what", what}, {"location", ctx_.location(step.loc)}}, R"cc(
    // $id$: $what$ — $location$
  )cc");
  if (!ctx_.options.lineDirectivePath.empty())
    p.emit({{"line", std::to_string(ctx_.line(step.loc))}, {"file", cppString(ctx_.options.lineDirectivePath)}},
           "#line $line$ $file$\n");
}

void StepEmitter::closeStep(Printer &p, const ir::Step &step) {
  p.emit({{"id", step.id}}, "}  // step $id$\n");
  if (!ctx_.options.lineDirectivePath.empty()) p.emit({{"marker", kLineBackMarker}}, "$marker$\n");
  p.blankLine();
}

void StepEmitter::addReducer(StepDeclFields &fields, const ir::Reducer &reducer) {
  switch (reducer.strategy) {
    case ir::ReduceStrategy::Append: fields.reduce = "wfc::Reduce::Append"; break;
    case ir::ReduceStrategy::Replace: fields.reduce = "wfc::Reduce::Replace"; break;
    case ir::ReduceStrategy::Barrier: fields.reduce = "wfc::Reduce::Barrier"; break;
  }
  fields.into = cppString(reducer.into);
}

}  // namespace wfc::codegen

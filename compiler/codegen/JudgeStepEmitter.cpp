// wfc.judge steps (docs/language/promptpack.md): resolve the target, then hand it to the runtime's judge
// (runtime/core/conversation/Judge.h), which asks the prompt for a structured {score, rationale} reply. The
// step's table entry names the prompt and carries the rubric.
#include "codegen/ExpressionEmitter.h"
#include "codegen/StepEmitter.h"

namespace wfc::codegen {
namespace {

class JudgeStepEmitter final : public StepEmitter {
 public:
  using StepEmitter::StepEmitter;

  void emitFunctions(Printer &p, const ir::Step &s) override {
    openStep(p, s, "wfc.judge, prompt '" + s.prompt->key + "' scoring " + ir::spell(s.target->ref));
    ExpressionEmitter expr(ctx_, names_, name(s) + "_target");
    p.emit({{"name", name(s)}, {"target", expr.value(*s.target)}}, R"cc(
      Value run_$name$(StepContext &ctx) {
        const Value target = $target$;
        return ctx.complete(target);  // {score, rationale}
    )cc");
    closeStep(p, s);
  }

  void addFields(StepDeclFields &fields, const ir::Step &s) override {
    fields.run = "run_" + name(s);
    fields.prompt = "prompt::" + ctx_.prompt(*s.prompt);
    if (s.rubric) fields.rubric = cppString(s.rubric->dump());
  }
};

}  // namespace

std::unique_ptr<StepEmitter> makeJudgeStepEmitter(EmitContext &ctx, const CompositionNames &names) {
  return std::make_unique<JudgeStepEmitter>(ctx, names);
}

}  // namespace wfc::codegen

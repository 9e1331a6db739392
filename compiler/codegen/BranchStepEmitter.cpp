// Branch steps (docs/semantics.md "Branches"): the predicate as a plain C++ function; the runtime records the
// arm taken and runs or skips the guarded targets.
#include "codegen/ExpressionEmitter.h"
#include "codegen/StepEmitter.h"

namespace wfc::codegen {
namespace {

class BranchStepEmitter final : public StepEmitter {
 public:
  using StepEmitter::StepEmitter;

  void emitFunctions(Printer &p, const ir::Step &s) override {
    std::string arms = "then '" + s.thenStep->id + "'" + (s.elseStep ? ", else '" + s.elseStep->id + "'" : "");
    openStep(p, s, "branch, " + arms);
    ExpressionEmitter expr(ctx_, names_, name(s));
    p.emit({{"name", name(s)}, {"predicate", expr.predicate(s.predicate)}, {"ctx", ExpressionEmitter::predicateParameter(s.predicate)}}, R"cc(
      bool when_$name$(StepContext &$ctx$) {
        return $predicate$;
    )cc");
    closeStep(p, s);
  }

  void addFields(StepDeclFields &fields, const ir::Step &s) override {
    fields.predicate = "when_" + name(s);
    fields.thenStep = "step::" + names_.steps.at(s.thenStep);
    if (s.elseStep) fields.elseStep = "step::" + names_.steps.at(s.elseStep);
  }
};

}  // namespace

std::unique_ptr<StepEmitter> makeBranchStepEmitter(EmitContext &ctx, const CompositionNames &names) {
  return std::make_unique<BranchStepEmitter>(ctx, names);
}

}  // namespace wfc::codegen

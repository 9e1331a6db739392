// wfc.subflow steps kept as calls (-O0, or before inlining): build the callee's input and run
// the callee composition in a frame of its own.
#include "codegen/ExpressionEmitter.h"
#include "codegen/StepEmitter.h"

namespace wfc::codegen {
namespace {

class SubflowStepEmitter final : public StepEmitter {
 public:
  using StepEmitter::StepEmitter;

  void emitFunctions(Printer &p, const ir::Step &s) override {
    openStep(p, s, "wfc.subflow calling '" + s.callee->name + "'");
    ExpressionEmitter expr(ctx_, names_);
    std::string input = s.input ? expr.value(*s.input) : "Value::object({})";
    p.emit({{"name", name(s)}, {"input", input}, {"callee", ctx_.composition(*s.callee).ns}}, R"cc(
      Value run_$name$(StepContext &ctx) {
        const Value input = $input$;
        return ctx.callComposition(composition::$callee$, input);
    )cc");
    closeStep(p, s);
  }

  void addFields(StepFields &fields, const ir::Step &s) override {
    fields["run"] = "run_" + name(s);
    fields["callee"] = "composition::" + ctx_.composition(*s.callee).ns;
  }
};

}  // namespace

std::unique_ptr<StepEmitter> makeSubflowStepEmitter(EmitContext &ctx, const CompositionNames &names) {
  return std::make_unique<SubflowStepEmitter>(ctx, names);
}

}  // namespace wfc::codegen

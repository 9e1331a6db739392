// wfc.subflow steps. A call (-O0, or a call the inline pass kept) builds the callee's input and
// runs the callee composition in a frame of its own. An inlined call is two steps around the
// callee's own (now the caller's): the entry checks the input against the callee's input_schema,
// the exit gives the callee's output, checked against its output_schema — the checks a call makes.
#include "codegen/ExpressionEmitter.h"
#include "codegen/StepEmitter.h"

#include <llvm/ADT/StringExtras.h>

namespace wfc::codegen {
namespace {

class SubflowStepEmitter final : public StepEmitter {
 public:
  using StepEmitter::StepEmitter;

  void emitFunctions(Printer &p, const ir::Step &s) override {
    std::string callee = ctx_.composition(*s.callee).ns;
    std::string input = s.input ? ExpressionEmitter(ctx_, names_, name(s) + "_input").value(*s.input) : "Value::object({})";
    switch (s.subflowPart) {
      case ir::SubflowPart::Call:
        openStep(p, s, "wfc.subflow calling '" + s.callee->name + "'");
        p.emit({{"name", name(s)}, {"input", input}, {"callee", callee}}, R"cc(
          Value run_$name$(StepContext &ctx) {
            const Value input = $input$;
            return ctx.callComposition(composition::$callee$, input);
        )cc");
        break;
      case ir::SubflowPart::Entry:
        openStep(p, s, "the input of '" + s.callee->name + "', inlined (its steps follow)");
        p.emit({{"name", name(s)}, {"input", input}, {"callee", callee}}, R"cc(
          Value run_$name$(StepContext &ctx) {
            const Value input = $input$;
            return ctx.enterComposition(composition::$callee$, input);
        )cc");
        break;
      case ir::SubflowPart::Exit: {
        openStep(p, s, "the output of '" + s.callee->name + "', inlined");
        std::vector<std::string> steps;
        for (const ir::Step *x : s.inlinedSteps) steps.push_back("step::" + names_.steps.at(x));
        std::string output = s.calleeOutput ? "step::" + names_.steps.at(s.calleeOutput) : "-1";
        p.emit({{"name", name(s)}, {"callee", callee}, {"output", output}, {"steps", llvm::join(steps, ", ")}},
               R"cc(
                 Value run_$name$(StepContext &ctx) {
                   return ctx.leaveComposition(composition::$callee$, $output$, {$steps$});
               )cc");
        break;
      }
    }
    closeStep(p, s);
  }

  void addFields(StepDeclFields &fields, const ir::Step &s) override {
    fields.run = "run_" + name(s);
    if (s.subflowPart == ir::SubflowPart::Call) fields.callee = "composition::" + ctx_.composition(*s.callee).ns;
  }
};

}  // namespace

std::unique_ptr<StepEmitter> makeSubflowStepEmitter(EmitContext &ctx, const CompositionNames &names) {
  return std::make_unique<SubflowStepEmitter>(ctx, names);
}

}  // namespace wfc::codegen

// Tool steps (docs/bindings.md): build the arguments, call the bound tool.
#include "codegen/ExpressionEmitter.h"
#include "codegen/StepEmitter.h"
#include "codegen/ToolArguments.h"

namespace wfc::codegen {
namespace {

class ToolStepEmitter final : public StepEmitter {
 public:
  using StepEmitter::StepEmitter;

  void emitFunctions(Printer &p, const ir::Step &s) override {
    // Arguments of constants and plain references are data in the step table: no function, and
    // nothing for the C++ compiler to chew on (docs/codegen.md "Tool steps as data"). Each step
    // has an emitter of its own, and its functions are written before its row (ProgramEmitter).
    arguments_ = argumentsAsData(s, ctx_, names_);
    if (arguments_) return;
    openStep(p, s, "tool '" + s.tool->name + "'");
    ExpressionEmitter expr(ctx_, names_, name(s) + "_args");
    std::string args = s.args ? expr.value(*s.args) : "Value::object({})";
    p.emit({{"name", name(s)}, {"args", args}, {"tool", ctx_.tool(*s.tool)}}, R"cc(
      Value run_$name$(StepContext &ctx) {
        const Value args = $args$;
        return ctx.callTool(tool::$tool$, args);
    )cc");
    closeStep(p, s);
  }

  void addFields(StepDeclFields &fields, const ir::Step &s) override {
    if (arguments_) fields.arguments = *arguments_;
    else fields.run = "run_" + name(s);
    fields.tool = "tool::" + ctx_.tool(*s.tool);
    if (argumentsProvenValid(s)) fields.argsChecked = "true";
  }

 private:
  std::optional<std::string> arguments_;  // the step's StepDecl::arguments, when given as data
};

}  // namespace

std::unique_ptr<StepEmitter> makeToolStepEmitter(EmitContext &ctx, const CompositionNames &names) {
  return std::make_unique<ToolStepEmitter>(ctx, names);
}

}  // namespace wfc::codegen

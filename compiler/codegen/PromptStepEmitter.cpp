// Prompt and agent steps (docs/semantics.md): resolve the step's input, then hand it to the runtime's LLM
// exchange (StepContext::complete), which renders the prompt's template, asks the provider, runs
// an agent's tool loop and validates the reply. The step's table entry says which prompt, which
// output schema (and whether it fits the strict subset), which tools and which bounds.
#include "codegen/ExpressionEmitter.h"
#include "codegen/StepEmitter.h"
#include "codegen/StrictSchema.h"

namespace wfc::codegen {
namespace {

class PromptStepEmitter final : public StepEmitter {
 public:
  using StepEmitter::StepEmitter;

  void emitFunctions(Printer &p, const ir::Step &s) override {
    bool agent = s.kind == ir::StepKind::Agent;
    openStep(p, s, std::string(agent ? "agent" : "prompt") + " step, prompt '" + s.prompt->key + "'");
    ExpressionEmitter expr(ctx_, names_, name(s) + "_input");
    std::string input = s.input ? expr.value(*s.input) : "Value()";
    std::string comment = s.input ? "" : "  // no input: the system message alone";
    if (s.replyObject) {
      // AWL's prompt-agent (docs/awl.md): the reply object, tools run in the working directory.
      ExpressionEmitter dir(ctx_, names_, name(s) + "_working_dir");
      std::string workingDir = s.workingDir ? dir.value(*s.workingDir) : "Value()";
      p.emit({{"name", name(s)}, {"input", input}, {"dir", workingDir}}, R"cc(
        Value run_$name$(StepContext &ctx) {
          const Value input = $input$;
          const Value workingDir = $dir$;
          return ctx.promptAgent(input, workingDir);  // {text, tool-calls, tokens-used}
      )cc");
      closeStep(p, s);
      return;
    }
    p.emit({{"name", name(s)}, {"input", input}, {"comment", comment}}, R"cc(
      Value run_$name$(StepContext &ctx) {
        const Value input = $input$;$comment$
        return ctx.complete(input);
    )cc");
    closeStep(p, s);
  }

  void addFields(StepDeclFields &fields, const ir::Step &s) override {
    fields.run = "run_" + name(s);
    fields.prompt = "prompt::" + ctx_.prompt(*s.prompt);
    if (!s.provider.empty()) fields.provider = cppString(s.provider);  // RFC 0017: over the prompt's
    if (s.outputSchema) {
      fields.outputSchema = ctx_.schema(*s.outputSchema, name(s) + "_output", "the output_schema of step '" + s.id + "'");
      if (fitsStrictSubset(s.outputSchema->json)) fields.strictOutput = "true";
    }
    if (s.kind != ir::StepKind::Agent) return;
    std::string tools;
    for (const ir::Tool *t : s.tools) tools += std::string(tools.empty() ? "" : ", ") + "tool::" + ctx_.tool(*t);
    fields.tools = "{" + tools + "}";
    fields.maxSteps = std::to_string(s.maxSteps.value_or(s.prompt->toolPolicy.maxRounds));
    if (s.toolCalled) fields.toolCalled = "tool::" + ctx_.tool(*s.toolCalled);
  }
};

}  // namespace

std::unique_ptr<StepEmitter> makePromptStepEmitter(EmitContext &ctx, const CompositionNames &names) {
  return std::make_unique<PromptStepEmitter>(ctx, names);
}

}  // namespace wfc::codegen

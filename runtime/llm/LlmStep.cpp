#include "llm/LlmStep.h"

#include "Run.h"
#include "llm/PromptRenderer.h"
#include "wfc/error.h"

#include <chrono>
#include <exception>
#include <thread>
#include <vector>

namespace wfc::llm {
namespace {

using Clock = std::chrono::steady_clock;

std::string head(const std::string &text, size_t n = 200) {
  return text.size() <= n ? text : text.substr(0, n) + "…";
}

// The reply's text as the step's output: a string, or parsed and validated JSON when the step
// has an output_schema. A reply that does not fit throws: the attempt fails.
Value parseReply(const StepAttempt &a, const std::string &content, const char *what) {
  if (!a.step.outputSchema) return Value::string(content);
  Value parsed;
  try {
    parsed = Value::parse(content);
  } catch (const Error &e) {
    throw Error(ErrorKind::StepFailed, std::string(what) + " is not valid JSON (" + e.what() + "): " + head(content));
  }
  if (const SchemaValidator *schema = a.run.schema(a.step.outputSchema))
    if (auto problem = schema->validate(parsed))
      throw Error(ErrorKind::StepFailed, std::string(what) + " does not match the step's output_schema: " + *problem);
  return parsed;
}

class Exchange {
 public:
  Exchange(const StepAttempt &a, const PromptDecl &prompt) : a_(a), prompt_(prompt) {}

  Reply send(const Request &request, unsigned round) {
    Provider *provider = a_.run.provider();
    if (!provider)
      throw Error(ErrorKind::Usage, "no LLM provider is configured");  // Main sets one whenever prompts exist
    ExchangeKey key{a_.path, a_.item, round, a_.attempt, prompt_.key};
    Clock::time_point start = Clock::now();
    Trace *trace = a_.run.trace();
    try {
      Reply reply = provider->complete(request, key, a_.cancel);
      a_.tokens.promptTokens += reply.usage.promptTokens;
      a_.tokens.completionTokens += reply.usage.completionTokens;
      a_.run.addTokens(reply.usage);
      if (trace)
        trace->write("llm_call", {{"step", a_.path}, {"prompt", prompt_.key}, {"span_id", trace->newSpanId()},
                                  {"parent_span_id", a_.span}, {"attempt", a_.attempt}, {"round", round},
                                  {"model", request.model}, {"status", "ok"},
                                  {"duration_ms", millis(start)}, {"prompt_tokens", reply.usage.promptTokens},
                                  {"completion_tokens", reply.usage.completionTokens},
                                  {"tool_calls", reply.toolCalls.size()}, {"finish_reason", reply.finishReason}});
      return reply;
    } catch (const Error &e) {
      if (trace)
        trace->write("llm_call", {{"step", a_.path}, {"prompt", prompt_.key}, {"span_id", trace->newSpanId()},
                                  {"parent_span_id", a_.span}, {"attempt", a_.attempt}, {"round", round},
                                  {"model", request.model}, {"status", "failed"},
                                  {"duration_ms", millis(start)}, {"error", e.what()}});
      throw;
    }
  }

 private:
  static double millis(Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  }
  const StepAttempt &a_;
  const PromptDecl &prompt_;
};

Request firstRequest(const StepAttempt &a, const PromptDecl &prompt, const Value &input) {
  Request request;
  request.model = a.run.model();
  std::string system = renderSystemTemplate(prompt, input);
  if (!system.empty()) request.messages.push_back({Message::Role::System, std::move(system), {}, {}});
  if (!input.isNull())
    request.messages.push_back({Message::Role::User, input.isString() ? input.asString() : input.dump(), {}, {}});
  if (prompt.parameters) request.parameters = Json::parse(prompt.parameters);
  return request;
}

std::optional<StructuredOutput> structured(const StepAttempt &a) {
  if (!a.step.outputSchema) return std::nullopt;
  // Providers accept ^[a-zA-Z0-9_-]+$ (and at most 64 characters) as the schema's name.
  std::string name;
  for (char c : std::string(a.step.id))
    name += (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-') ? c : '_';
  return StructuredOutput{name.substr(0, 64), Json::parse(a.step.outputSchema), a.step.strictOutput};
}

Value runPrompt(const StepAttempt &a, const PromptDecl &prompt, const Value &input) {
  Request request = firstRequest(a, prompt, input);
  request.structured = structured(a);
  Reply reply = Exchange(a, prompt).send(request, 1);
  return parseReply(a, reply.content, "the model's reply");
}

// A tool result as the model reads it: strings as they are, anything else as JSON.
std::string toolResultText(const Value &result) { return result.isString() ? result.asString() : result.dump(); }

// One tool call of an agent round: what the model asked, resolved.
struct PendingCall {
  const ToolCallRequest *request = nullptr;
  int tool = -1;
  std::optional<Value> args;  // absent: `result` already holds the error for the model
  std::string result;
};

// "r2c1": the second round's first call, extending the idempotency key run/step/attempt.
std::string callKey(unsigned round, size_t index) {
  return "r" + std::to_string(round) + "c" + std::to_string(index + 1);
}

// Runs one call, leaving its result (or its error, for the model to read) in `call.result`.
// Cancellation is not the tool's failure: it ends the step.
void runToolCall(const StepAttempt &a, PendingCall &call, unsigned round, size_t index) {
  try {
    call.result = toolResultText(
        a.run.callTool(call.tool, *call.args, true, a.path, a.attempt, a.cancel, a.span, callKey(round, index)));
  } catch (const Error &e) {
    if (e.kind() == ErrorKind::Cancelled || a.cancel.cancelled()) throw;
    call.result = Json{{"error", e.what()}}.dump();
  } catch (const std::exception &e) {
    call.result = Json{{"error", e.what()}}.dump();
  }
}

// Runs the resolvable calls before `ending`: concurrently when every one of them is a
// `none`/`read` tool (SPEC §3), else one after another in the model's order. Results stay in
// call order either way.
void runToolCalls(const StepAttempt &a, std::vector<PendingCall> &calls, size_t ending, unsigned round) {
  std::vector<size_t> runnable;
  bool concurrent = true;
  for (size_t i = 0; i < ending; ++i) {
    if (!calls[i].args) continue;
    runnable.push_back(i);
    if (a.run.program().tools[calls[i].tool].effect == Effect::Write) concurrent = false;
  }
  if (!concurrent || runnable.size() < 2) {
    for (size_t i : runnable) runToolCall(a, calls[i], round, i);
    return;
  }
  std::vector<std::exception_ptr> errors(runnable.size());
  std::vector<std::thread> threads;
  threads.reserve(runnable.size());
  for (size_t k = 0; k < runnable.size(); ++k)
    threads.emplace_back([&, k] {
      try {
        runToolCall(a, calls[runnable[k]], round, runnable[k]);
      } catch (...) {
        errors[k] = std::current_exception();
      }
    });
  for (std::thread &t : threads) t.join();
  for (const std::exception_ptr &e : errors)
    if (e) std::rethrow_exception(e);
}

Value runAgent(const StepAttempt &a, const PromptDecl &prompt, const Value &input) {
  const ProgramDecl &program = a.run.program();
  Request request = firstRequest(a, prompt, input);
  for (int t : a.step.tools) {
    const ToolDecl &tool = program.tools[t];
    request.tools.push_back({tool.providerName, tool.description,
                             tool.parameters ? Json::parse(tool.parameters) : Json{{"type", "object"}}});
  }
  if (!request.tools.empty()) request.toolChoice = prompt.toolChoice;
  if (a.step.toolCalled < 0) request.structured = structured(a);
  Exchange exchange(a, prompt);
  const unsigned rounds = a.step.maxSteps > 0 ? a.step.maxSteps : prompt.maxRounds;
  for (unsigned round = 1; round <= rounds; ++round) {
    Reply reply = exchange.send(request, round);
    if (reply.toolCalls.empty()) return parseReply(a, reply.content, "the model's final reply");
    if (round == rounds) break;  // the calls of a last round would never be answered
    request.messages.push_back({Message::Role::Assistant, reply.content, reply.toolCalls, {}});
    // Resolve each call: its tool and parsed arguments, or the error the model will read.
    std::vector<PendingCall> calls;
    for (const ToolCallRequest &call : reply.toolCalls) {
      PendingCall pending;
      pending.request = &call;
      for (int t : a.step.tools)
        if (call.name == program.tools[t].providerName) pending.tool = t;
      if (pending.tool < 0) {
        pending.result = Json{{"error", "no tool named '" + call.name + "' is offered"}}.dump();
      } else {
        try {
          pending.args = Value::parse(call.arguments.empty() ? "{}" : call.arguments);
        } catch (const Error &e) {
          pending.result = Json{{"error", std::string("the arguments are not valid JSON: ") + e.what()}}.dump();
        }
      }
      calls.push_back(std::move(pending));
    }
    // The ending call (tool_called) ends the loop after the calls before it have run.
    size_t ending = calls.size();
    for (size_t i = 0; i < calls.size() && ending == calls.size(); ++i)
      if (calls[i].args && calls[i].tool == a.step.toolCalled) ending = i;
    runToolCalls(a, calls, ending, round);
    if (ending < calls.size()) {
      const PendingCall &end = calls[ending];
      if (const SchemaValidator *schema = a.step.outputSchema ? a.run.schema(a.step.outputSchema) : nullptr)
        if (auto problem = schema->validate(*end.args))
          throw Error(ErrorKind::StepFailed, "the arguments of the model's call to '" +
                                                 std::string(program.tools[end.tool].name) +
                                                 "' do not match the step's output_schema: " + *problem);
      // The tool itself runs when it is bound; its result is not the output.
      if (a.run.isBound(end.tool))
        a.run.callTool(end.tool, *end.args, true, a.path, a.attempt, a.cancel, a.span, callKey(round, ending));
      return *end.args;
    }
    for (PendingCall &call : calls)
      request.messages.push_back({Message::Role::Tool, std::move(call.result), {}, call.request->id});
  }
  throw Error(ErrorKind::Exhausted, "the agent reached max_steps (" + std::to_string(rounds) +
                                        " rounds) without ending: its last reply still called tools");
}

}  // namespace

Value runLlmStep(const StepAttempt &a, const Value &input) {
  const PromptDecl &prompt = a.run.program().prompts[a.step.prompt];
  return a.step.kind == StepKind::Agent ? runAgent(a, prompt, input) : runPrompt(a, prompt, input);
}

}  // namespace wfc::llm

// The pieces of a tool-using conversation that agent steps and internal workflow states share:
// one traced exchange with the provider, and one round's tool calls run through the bindings.
#pragma once

#include "core/run/AttemptLog.h"

#include "core/conversation/LlmStep.h"
#include "core/llm/Provider.h"

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace wfc::llm {

// Sends requests for one attempt (of a step, or a state's visit) and writes each as an
// `llm_call` trace line with its tokens, which also count towards the attempt and the run.
class Exchange {
 public:
  Exchange(const StepAttempt &a, const PromptDecl &prompt) : a_(a), prompt_(prompt) {}
  // The prompt's validators run around the model: an input one may answer instead of it, output
  // ones may truncate or replace the reply (core/conversation/Guardrails.h).
  Reply send(const Request &request, unsigned round);

 private:
  Reply sendToModel(const Request &request, unsigned round);
  const StepAttempt &a_;
  const PromptDecl &prompt_;
};

// Describes `tools` (indices into the program's tools) to the model as functions: their provider
// names, descriptions and parameters.
void offerTools(Request &request, const ProgramDecl &program, std::span<const int> tools);

// A tool result as the model reads it: strings as they are, anything else as JSON.
std::string toolResultText(const Value &result);

// The result the model reads for a call that could not be done: {"error": message}.
std::string toolErrorText(const std::string &message);

// One tool call of a round: what the model asked, resolved.
struct PendingCall {
  const ToolCallRequest *request = nullptr;
  int tool = -1;
  std::optional<Value> args;  // absent: `result` already holds the error for the model
  std::string result;
  std::string rejected;  // why wfc refused the call without running it: a tool_call_rejected event
  std::string error;     // why the tool failed when it ran ("" when it succeeded)
  // A call answered when it was resolved (a skill tool's): what the tool evals see of it.
  std::optional<evals::ToolCallRecord> answered;
};

// Finds the offered tool the model named and parses its arguments; an unknown tool or broken
// JSON leaves the error for the model in `result`.
PendingCall resolveCall(const ToolCallRequest &call, const ProgramDecl &program, std::span<const int> offered);

// The prompt's tool_policy on one round's resolved calls: a blocklisted tool's call, and calls
// past max_tool_calls_per_turn (counted in `callsThisTurn`), are answered with an error for the
// model instead of run.
void applyToolPolicy(const PromptDecl &prompt, const ProgramDecl &program, std::vector<PendingCall> &calls,
                     unsigned &callsThisTurn);

// "r2c1": the second round's first call, extending the idempotency key run/step/attempt.
std::string callKey(unsigned round, size_t index);

// Runs the resolvable calls among the first `count`: concurrently when every one of them is a
// `none`/`read` tool (docs/semantics.md), else one after another in the model's order. Results stay in
// call order either way; a failing tool's error is its result (for the model), cancellation
// ends the attempt. Calls refused before they ran (`rejected`) are traced as tool_call_rejected.
void runToolCalls(const StepAttempt &a, std::vector<PendingCall> &calls, size_t count, unsigned round);

// The tool rounds of one user turn (a chat turn, a turn of a workflow chat): sends `request`
// and answers each round's calls — `resolve` resolves each, the prompt's tool_policy applies
// (the turn is one of its turns), the resolvable ones run — until a reply without tool calls,
// whose text it returns; nullopt when `maxRounds` ran out first (the calls of a last round are
// never run). Every message goes into `request`; tool_choice applies to the first round only, as
// PromptKit applies it. `afterRound` runs after each round of calls (to offer the tools anew).
std::optional<std::string> runTurnRounds(const StepAttempt &a, const PromptDecl &prompt, Request &request,
                                         unsigned maxRounds,
                                         const std::function<PendingCall(const ToolCallRequest &)> &resolve,
                                         const std::function<void()> &afterRound);

// Notes `request`'s messages in the attempt's log, when it keeps one, as the conversation its
// evals read (the judge, RAG and external types): each message's role and text — an assistant
// message that only called tools has none.
void noteConversation(const StepAttempt &a, const Request &request);

}  // namespace wfc::llm

#include "core/chat/ChatSession.h"

#include "core/conversation/AgentTools.h"
#include "core/conversation/Conversation.h"
#include "core/conversation/LlmStep.h"
#include "core/conversation/StepEvals.h"
#include "core/llm/Media.h"
#include "core/llm/PromptRenderer.h"
#include "core/run/AttemptLog.h"
#include "core/run/Run.h"
#include "support/Elapsed.h"
#include "wfc/cancellation.h"
#include "wfc/error.h"

#include <algorithm>
#include <chrono>

namespace wfc::chat {
namespace {

using Clock = std::chrono::steady_clock;

// A required variable without a value (and without a default) is the caller's mistake: exit 2,
// naming it, before anything is sent (PromptKit fails the send on it).
void checkVariables(const ChatTaskDecl &task, const PromptDecl &prompt, const Value &variables) {
  for (const VariableDecl &v : prompt.variables)
    if (v.required && !v.defaultValue && !variables.get(v.name))
      throw Error(ErrorKind::Usage, std::string("task '") + task.name + "' needs variable '" + v.name +
                                        "': give it in the input's \"variables\"");
}

}  // namespace

TurnInput parseTurnInput(const Value &input, bool messageRequired, MediaFiles files) {
  if (!input.isObject())
    throw Error(ErrorKind::Usage, "a chat turn's input is an object {\"message\": TEXT, \"variables\": {…}}, not " +
                                      input.dump());
  TurnInput turn;
  for (const std::string &key : input.keys()) {
    Value value = *input.get(key);
    if (key == "message") {
      if (!value.isString()) throw Error(ErrorKind::Usage, "the input's \"message\" must be a string");
      turn.message = value.asString();
    } else if (key == "variables") {
      if (!value.isObject()) throw Error(ErrorKind::Usage, "the input's \"variables\" must be an object");
      turn.variables = value;
    } else if (key == "media") {
      turn.media = readTurnMedia(value, files);
    } else {
      throw Error(ErrorKind::Usage, "unknown key '" + key +
                                        "' in a chat turn's input; it takes \"message\", \"variables\" and \"media\"");
    }
  }
  if (messageRequired && !input.get("message"))
    throw Error(ErrorKind::Usage, "a chat turn needs a message: give --message TEXT or {\"message\": TEXT} as the input");
  return turn;
}

ChatSession::ChatSession(Run &run, const ChatTaskDecl &task, const CancellationToken &cancel, std::string rootSpan,
                         Value variables)
    : run_(run),
      task_(task),
      cancel_(cancel),
      rootSpan_(std::move(rootSpan)),
      variables_(std::move(variables)),
      skills_(run.program(), llm::SkillSet::all(run.program())) {
  // A validator of a type no runtime defines makes its prompt unusable, not the pack
  // (docs/promptkit.md "Validators"): the other tasks run.
  if (task.unusable)
    throw Error(ErrorKind::Usage, "task '" + std::string(task.name) + "' cannot be used: its prompt's " + task.unusable);
}

std::string ChatSession::turn(const TurnInput &input) {
  const ProgramDecl &program = run_.program();
  const StepDecl &step = *task_.turn;
  const PromptDecl &prompt = program.prompts[step.prompt];
  // The turn's variables: the conversation's, with this turn's over them.
  std::vector<std::pair<std::string, Value>> merged;
  for (const std::string &key : variables_.keys())
    if (!input.variables.get(key)) merged.push_back({key, *variables_.get(key)});
  for (const std::string &key : input.variables.keys()) merged.push_back({key, *input.variables.get(key)});
  Value variables = Value::object(std::move(merged));
  checkVariables(task_, prompt, variables);
  std::vector<llm::MediaPart> media = input.media;
  checkTurnMedia(media, prompt, "task '" + std::string(task_.name) + "'");
  variables_ = variables;
  ++turn_;

  const std::string path = task_.name;
  const std::string span = run_.newSpanId();
  Trace *trace = run_.trace();
  if (trace) {
    llm::Json start = {{"step", path}, {"kind", "turn"}, {"turn", turn_}, {"span_id", span}, {"parent_span_id", rootSpan_}, {"attempt", 1}};
    if (!media.empty()) start["media"] = llm::mediaSummaries(media);
    trace->write("step_start", start);
  }
  Clock::time_point start = Clock::now();
  llm::Usage tokens;
  evals::AttemptLog called;
  // Recordings and the journal key a turn's exchanges by task, turn (as the item), round and attempt.
  llm::StepAttempt a{run_, step, path, 1, cancel_, span, int64_t(turn_), tokens, &called, true};
  cost::Spend spent;  // the turn's: what its cost_budget evals measure
  a.spend = &spent;

  llm::Request request;
  if (prompt.provider) request.provider = prompt.provider;  // RFC 0017
  request.model = run_.modelFor(prompt.provider);
  const ModelOverrideDecl *override = llm::modelOverride(prompt, request.model);
  // A workflow pack's prompt served as an agent (docs/serve.md "A2A agents") reads the run's
  // workflow value: no state has handed anything off, so {{workflow_context}} is empty.
  const Value *workflow = program.workflow ? &run_.workflow() : nullptr;
  std::string system = skills_.withPreloaded(llm::renderSystemTemplate(prompt, variables, workflow, override));
  if (!system.empty()) request.messages.push_back({llm::Message::Role::System, std::move(system), {}, {}});
  request.messages.insert(request.messages.end(), history_.begin(), history_.end());
  const size_t turnStart = request.messages.size();
  // PromptKit substitutes the conversation's variables into the user's message too.
  std::string message = prompt.promptKitWire ? llm::substituteMessageVariables(prompt, input.message, variables)
                                             : input.message;
  request.messages.push_back({llm::Message::Role::User, std::move(message), {}, {}, std::move(media)});
  request.parameters = llm::promptParameters(prompt, override);
  request.promptKitWire = prompt.promptKitWire;
  request.cache = llm::promptCache(step.promptCacheKey, prompt, override, true);
  // The prompt's tools, those the active skills grant, and the skill tools (docs/promptkit.md
  // "Skills"): offered anew after a round that activated or deactivated a skill.
  // The agents the prompt names are offered as a2a__ tools when the host serves them (docs/serve.md
  // "A2A agents").
  const std::span<const int> baseline(step.tools.begin(), step.tools.size());
  std::vector<int> tools = skills_.offerTools(request, baseline);
  llm::offerAgentTools(request, run_, step.prompt);
  // PromptKit applies tool_choice to a turn's first round only: "required" must not force a
  // tool call on every round, or a turn could never end.
  if (!request.tools.empty()) request.toolChoice = prompt.toolChoice;

  std::string reply;
  try {
    std::optional<std::string> answered = llm::runTurnRounds(
        a, prompt, request, step.maxSteps,
        [&](const llm::ToolCallRequest &call) {
          if (std::optional<llm::PendingCall> answered = llm::resolveAgentCall(a, call, step.prompt)) return *answered;
          return skills_.resolve(a, call, tools);
        },
        [&] {
          if (skills_.empty()) return;
          tools = skills_.offerTools(request, baseline);
          llm::offerAgentTools(request, run_, step.prompt);
        });
    if (!answered)
      throw Error(ErrorKind::Exhausted, "turn " + std::to_string(turn_) + " of task '" + path +
                                            "' reached tool_policy.max_rounds (" + std::to_string(step.maxSteps) +
                                            " rounds) while the model still called tools");
    reply = std::move(*answered);
    if (step.evals.size() > 0) {
      const std::vector<evals::ToolCallRecord> calls = called.calls();
      const std::vector<evals::GuardrailVerdict> verdicts = called.verdicts();
      const std::vector<evals::TranscriptMessage> transcript = called.transcript();
      evals::runStepEvals({run_, step, path, 1, int64_t(turn_), millisSince(start), cancel_, span, calls, verdicts,
                           &spent, nullptr, &transcript, &variables},
                          Value::string(reply));
    }
  } catch (const Error &e) {
    if (trace)
      trace->write("step_end", {{"step", path}, {"kind", "turn"}, {"turn", turn_}, {"span_id", span},
                                {"parent_span_id", rootSpan_}, {"attempt", 1}, {"status", "failed"},
                                {"duration_ms", millisSince(start)}, {"error", e.what()}});
    if (run_.recording()) run_.record({path + "[" + std::to_string(turn_) + "]", "turn", "failed", 1, millisSince(start), e.what()});
    throw;
  }
  // The conversation keeps the turn: the user's message, the tool rounds and the reply; its
  // session evals, every tool call and the last turn's verdicts.
  history_.insert(history_.end(), request.messages.begin() + long(turnStart), request.messages.end());
  lastReply_ = reply;
  for (evals::ToolCallRecord &call : called.calls()) sessionCalls_.push_back(std::move(call));
  lastVerdicts_ = called.verdicts();
  lastTranscript_ = called.transcript();
  if (trace)
    trace->write("step_end", {{"step", path}, {"kind", "turn"}, {"turn", turn_}, {"span_id", span},
                              {"parent_span_id", rootSpan_}, {"attempt", 1}, {"status", "ok"},
                              {"duration_ms", millisSince(start)},
                              {"tokens", {{"prompt", tokens.promptTokens}, {"completion", tokens.completionTokens}}}});
  if (run_.recording()) run_.record({path + "[" + std::to_string(turn_) + "]", "turn", "ok", 1, millisSince(start), ""});
  return reply;
}

void ChatSession::finish() {
  if (turn_ == 0 || task_.sessionEvals.size() == 0) return;
  StepDecl session = *task_.turn;
  session.evals = task_.sessionEvals;
  const std::string path = task_.name;
  // The conversation's evals belong to the run's span; they see the last reply, every tool call of
  // the conversation and the last turn's verdicts, and no duration (docs/promptkit.md "Chat
  // executables").
  const cost::Spend conversation = run_.spend();  // a session's cost_budget measures the whole conversation
  // The last turn's conversation is the whole conversation: each turn sends every earlier one.
  evals::runStepEvals({run_, session, path, 1, std::nullopt, 0, cancel_, rootSpan_, sessionCalls_, lastVerdicts_,
                       &conversation, nullptr, &lastTranscript_, &variables_},
                      Value::string(lastReply_));
}

std::string runTurn(Run &run, const ChatTaskDecl &task, const Value &input, const CancellationToken &cancel,
                    const std::string &rootSpan, MediaFiles files) {
  ChatSession session(run, task, cancel, rootSpan);
  std::string reply = session.turn(parseTurnInput(input, true, files));
  session.finish();
  return reply;
}

}  // namespace wfc::chat

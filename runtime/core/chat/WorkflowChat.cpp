#include "core/chat/WorkflowChat.h"

#include "core/conversation/AgentTools.h"
#include "core/conversation/Conversation.h"
#include "core/conversation/LlmStep.h"
#include "core/llm/Media.h"
#include "core/llm/PromptRenderer.h"
#include "core/run/AttemptLog.h"
#include "core/run/Run.h"
#include "core/workflow/StateMachine.h"
#include "core/workflow/StateTools.h"
#include "core/workflow/StateVisit.h"
#include "support/Elapsed.h"
#include "wfc/cancellation.h"
#include "wfc/error.h"

#include <chrono>

namespace wfc::chat {
namespace {

using Json = nlohmann::ordered_json;
using Clock = std::chrono::steady_clock;

}  // namespace

WorkflowChat::WorkflowChat(Run &run, const Value &input, const CancellationToken &cancel, std::string rootSpan,
                           int startState)
    : run_(run),
      wf_(*run.program().workflow),
      input_(input),
      cancel_(cancel),
      rootSpan_(std::move(rootSpan)),
      visits_(wf_.states.size(), 0) {
  enter(startState < 0 ? wf_.entry : startState);
}

WorkflowChat::WorkflowChat(Run &run, const Value &input, const CancellationToken &cancel, std::string rootSpan,
                           Position from)
    : run_(run),
      wf_(*run.program().workflow),
      input_(input),
      cancel_(cancel),
      rootSpan_(std::move(rootSpan)),
      visits_(std::move(from.visits)),
      totalVisits_(from.totalVisits),
      turn_(from.turns),
      state_(from.state),
      visit_(from.visit),
      history_(std::move(from.history)) {
  run_.setWorkflow(std::move(from.workflow));
  startVisit();
}

WorkflowChat::Position WorkflowChat::position() const {
  return {state_, visit_, visits_, totalVisits_, turn_, history_, run_.workflow()};
}

void WorkflowChat::enter(int state) {
  visit_ = workflow::countVisit(wf_, visits_, totalVisits_, state);
  state_ = state;
  const StateDecl &s = wf_.states[state];
  workflow::StateVisit v{run_, s, input_, visit_, workflow::visitPath(s, visit_), cancel_, ""};
  history_ = workflow::earlierConversation(v);
  startVisit();
}

void WorkflowChat::startVisit() {
  const StateDecl &s = wf_.states[state_];
  run_.workflowProgress().state = s.name;  // what the workflow eval types read
  run_.workflowProgress().terminal = s.terminal;
  path_ = workflow::visitPath(s, visit_);
  span_ = run_.newSpanId();
  if (Trace *trace = run_.trace())
    trace->write("state_start", {{"state", s.name}, {"kind", workflow::spell(s.kind)}, {"visit", visit_},
                                 {"span_id", span_}, {"parent_span_id", rootSpan_}});
  skills_ = std::make_unique<llm::SkillSet>(run_.program(), std::vector<int>(s.skills.begin(), s.skills.end()));
  skills_->replay(history_);  // skills a persistent state's earlier visits (or earlier turns) activated stay active
}

std::string WorkflowChat::turn(const TurnInput &input) {
  if (!input.variables.keys().empty())
    throw Error(ErrorKind::Usage, "turn " + std::to_string(turn_ + 1) +
                                      ": a workflow chat's turns take only a message; the prompts' variables are "
                                      "the workflow input (--input FILE or --input-json)");
  // The turn's media go to the current state, whose prompt must take them: checked before anything
  // is sent (docs/promptkit.md "Media").
  std::vector<llm::MediaPart> media = input.media;
  checkTurnMedia(media, run_.program().prompts[wf_.states[state_].prompt], "state '" + std::string(wf_.states[state_].name) + "'");
  ++turn_;
  std::string reply = converseInState(input.message, std::move(media));
  // control: agent (RFC 0014): a transition into such a state keeps the floor — the new state's
  // conversation takes the same message at once, and its reply is appended to the turn's.
  // max_visits and the budget bound a cycle of them, as they bound a run.
  while (moved_ && wf_.states[state_].agentControl && !wf_.states[state_].terminal) {
    // Its prompt gets the turn's media when it takes them, else the message's text alone: the
    // turn is under way, and a hand-off must not fail it.
    std::vector<llm::MediaPart> forwarded = input.media;
    try {
      checkTurnMedia(forwarded, run_.program().prompts[wf_.states[state_].prompt], "state");
    } catch (const Error &) {
      forwarded.clear();
    }
    std::string more = converseInState(input.message, std::move(forwarded));
    reply = reply.empty() ? more : more.empty() ? reply : reply + "\n\n" + more;
  }
  return reply;
}

std::string WorkflowChat::converseInState(const std::string &message, std::vector<llm::MediaPart> media) {
  moved_ = false;
  const ProgramDecl &program = run_.program();
  const StateDecl &s = wf_.states[state_];
  const PromptDecl &p = program.prompts[s.prompt];
  workflow::StateVisit v{run_, s, input_, visit_, path_, cancel_, span_};
  StepDecl step = workflow::pseudoStep(v, s.prompt);
  const std::string span = run_.newSpanId();
  Trace *trace = run_.trace();
  if (trace) {
    llm::Json start = {{"step", path_}, {"kind", "turn"},  {"turn", turn_},    {"state", s.name},
                       {"span_id", span}, {"parent_span_id", span_}, {"attempt", 1}};
    if (!media.empty()) start["media"] = llm::mediaSummaries(media);
    trace->write("step_start", start);
  }
  Clock::time_point start = Clock::now();
  llm::Usage tokens;
  // Recordings and the journal key a turn's exchanges by state visit, turn (as the item), round
  // and attempt; the turn goes into the tool calls' idempotency keys too.
  evals::AttemptLog log;  // what the prompt's validators read: the turn's calls and verdicts
  llm::StepAttempt a{run_, step, path_, 1, cancel_, span, int64_t(turn_), tokens, &log, true};

  llm::Request request;
  if (p.provider) request.provider = p.provider;  // RFC 0017: a state runs on its prompt's
  request.model = run_.modelFor(p.provider);
  const ModelOverrideDecl *override = llm::modelOverride(p, request.model);
  const Value &wf = run_.workflow();
  std::string system = skills_->withPreloaded(llm::renderSystemTemplate(p, input_, &wf, override));
  if (!system.empty()) request.messages.push_back({llm::Message::Role::System, std::move(system), {}, {}});
  request.messages.insert(request.messages.end(), history_.begin(), history_.end());
  // PromptKit substitutes the variables (here the workflow's input) into the user's message too.
  request.messages.push_back({llm::Message::Role::User,
                              p.promptKitWire ? llm::substituteMessageVariables(p, message, input_) : message, {}, {},
                              std::move(media)});
  request.parameters = llm::promptParameters(p, override);
  request.promptKitWire = p.promptKitWire;
  request.cache = llm::promptCache(s.promptCacheKey, p, override, true);
  // The prompt's tools, those the active skills grant, the skill tools and the workflow's.
  const std::span<const int> baseline(s.tools.begin(), s.tools.size());
  std::vector<int> offered;
  auto offerAll = [&] {
    offered = skills_->offerTools(request, baseline);
    llm::offerAgentTools(request, run_, s.prompt);  // the agents the prompt names, when served
    if (!s.terminal) request.tools.push_back(workflow::transitionSpec(s));
    if (s.artifacts.size() > 0) request.tools.push_back(workflow::artifactSpec(s));
  };
  offerAll();
  // As in a chat turn, tool_choice applies to the turn's first round only.
  if (!request.tools.empty()) request.toolChoice = p.toolChoice;

  std::string reply;
  std::optional<Scheduled> scheduled;
  try {
    // A workflow tool's call is answered here; any other is a skill's or a pack tool's.
    auto resolve = [&](const llm::ToolCallRequest &call) {
      llm::PendingCall pending;
      pending.request = &call;
      if (call.name == workflow::kTransitionTool && !s.terminal) {
        // PromptKit's deferred transition: scheduled now (a later call replaces it), made
        // once the turn's reply is in; the model reads what it scheduled.
        try {
          Value args = Value::parse(call.arguments.empty() ? "{}" : call.arguments);
          std::optional<Value> event = args.isObject() ? args.get("event") : std::nullopt;
          int next = -1;
          if (event && event->isString())
            for (const char *e : s.events)
              if (event->asString() == e) next = wf_.transition(state_, e);
          if (next >= 0) {
            scheduled = Scheduled{event->asString(), args.get("context").value_or(Value())};
            pending.result = Json{{"event", scheduled->event},
                                  {"status", "transition_scheduled"},
                                  {"target_state", wf_.states[next].name}}
                                 .dump();
          } else {
            pending.result = llm::toolErrorText("'event' must be one of " + workflow::eventList(s) +
                                                (event ? ", not " + event->dump() : std::string(", and it is missing")));
          }
        } catch (const Error &e) {
          pending.result = llm::toolErrorText(std::string("the arguments are not valid JSON: ") + e.what());
        }
      } else if (call.name == workflow::kArtifactTool && s.artifacts.size() > 0) {
        pending.result = workflow::setArtifact(v, call.arguments);
      } else if (std::optional<llm::PendingCall> agent = llm::resolveAgentCall(a, call, s.prompt)) {
        pending = std::move(*agent);
      } else {
        pending = skills_->resolve(a, call, offered);
      }
      return pending;
    };
    std::optional<std::string> answered =
        llm::runTurnRounds(a, p, request, p.maxRounds, resolve, [&] {
          if (!skills_->empty()) offerAll();
        });
    if (!answered)
      throw Error(ErrorKind::Exhausted, std::string(s.location) + ": turn " + std::to_string(turn_) + " in state '" +
                                            s.name + "' reached tool_policy.max_rounds (" + std::to_string(p.maxRounds) +
                                            " rounds) of prompt '" + p.key + "' while the model still called tools");
    reply = std::move(*answered);
    if (reply.find_first_not_of(" \t\r\n") != std::string::npos) run_.workflowProgress().spokeIn(s.name);
  } catch (const Error &e) {
    if (trace)
      trace->write("step_end", {{"step", path_}, {"kind", "turn"}, {"turn", turn_}, {"state", s.name},
                                {"span_id", span}, {"parent_span_id", span_}, {"attempt", 1}, {"status", "failed"},
                                {"duration_ms", millisSince(start)}, {"error", e.what()}});
    if (run_.recording())
      run_.record({path_ + "[" + std::to_string(turn_) + "]", "turn", "failed", 1, millisSince(start), e.what()});
    throw;
  }
  if (trace)
    trace->write("step_end", {{"step", path_}, {"kind", "turn"}, {"turn", turn_}, {"state", s.name},
                              {"span_id", span}, {"parent_span_id", span_}, {"attempt", 1}, {"status", "ok"},
                              {"duration_ms", millisSince(start)},
                              {"tokens", {{"prompt", tokens.promptTokens}, {"completion", tokens.completionTokens}}}});
  if (run_.recording()) run_.record({path_ + "[" + std::to_string(turn_) + "]", "turn", "ok", 1, millisSince(start), ""});
  // The visit's conversation keeps the turn: the user's message, the tool rounds and the reply.
  auto first = request.messages.begin();
  if (first != request.messages.end() && first->role == llm::Message::Role::System) ++first;
  history_.assign(first, request.messages.end());
  if (scheduled) {
    commit(*scheduled, request.messages);
    moved_ = true;
  }
  return reply;
}

void WorkflowChat::commit(const Scheduled &transition, const std::vector<llm::Message> &conversation) {
  const StateDecl &s = wf_.states[state_];
  workflow::keepConversation({run_, s, input_, visit_, path_, cancel_, span_}, conversation);
  Trace *trace = run_.trace();
  if (trace)
    trace->write("state_end", {{"state", s.name}, {"visit", visit_}, {"span_id", span_}, {"status", "ok"},
                               {"on_event", transition.event}});
  int next = workflow::stateToEnter(run_, visits_, state_, wf_.transition(state_, transition.event));
  if (trace)
    trace->write("transition", {{"from", s.name}, {"on_event", transition.event}, {"to", wf_.states[next].name},
                                {"visit", visit_}});
  // The hand-off: the next state's template reads it as {{workflow_context}}.
  Json wf = run_.workflow().json();
  wf["context"] = transition.context.json();
  run_.setWorkflow(Value::fromJson(std::move(wf)));
  run_.workflowProgress().transitions.push_back({s.name, wf_.states[next].name, transition.event});
  enter(next);
}

void WorkflowChat::finish() {
  if (Trace *trace = run_.trace())
    trace->write("state_end", {{"state", wf_.states[state_].name}, {"visit", visit_}, {"span_id", span_}, {"status", "ok"}});
}

}  // namespace wfc::chat

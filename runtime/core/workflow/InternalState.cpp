// Internal and external states (docs/workflows.md): the conversations the state machine holds
// with the model when a state runs a prompt instead of a composition.
#include "core/conversation/AgentTools.h"
#include "core/conversation/Conversation.h"
#include "core/conversation/SkillSet.h"
#include "core/llm/PromptRenderer.h"
#include "core/llm/Recording.h"
#include "core/run/AttemptLog.h"
#include "core/run/Run.h"
#include "core/workflow/EventFile.h"
#include "core/workflow/StateMachine.h"
#include "core/workflow/StateTools.h"
#include "core/workflow/StateVisit.h"
#include "core/workflow/Suspension.h"
#include "wfc/error.h"

#include <cstring>
#include <iostream>

namespace wfc::workflow {
namespace {

using llm::Json;

// The first request of a visit: the system template rendered with the workflow input's keys,
// the workflow context and artifacts; the user message is the hand-off from the previous state
// (the workflow context) or, in the entry state, the workflow input.
// `skills`: an internal state's, whose preloaded instructions follow the system message.
// `earlier`: a persistent state's conversation from its earlier visits, before the user message.
llm::Request firstRequest(const StateVisit &v, const PromptDecl &prompt, const llm::SkillSet *skills = nullptr,
                          const std::vector<llm::Message> &earlier = {}) {
  llm::Request request;
  if (prompt.provider) request.provider = prompt.provider;  // RFC 0017: a state runs on its prompt's
  request.model = v.run.modelFor(prompt.provider);
  const Value &wf = v.run.workflow();
  const ModelOverrideDecl *override = llm::modelOverride(prompt, request.model);
  std::string system = llm::renderSystemTemplate(prompt, v.input, &wf, override);
  if (skills) system = skills->withPreloaded(std::move(system));
  if (!system.empty()) request.messages.push_back({llm::Message::Role::System, std::move(system), {}, {}});
  request.messages.insert(request.messages.end(), earlier.begin(), earlier.end());
  Value context = wf.get("context").value_or(Value());
  const Value &said = context.isNull() ? v.input : context;
  request.messages.push_back({llm::Message::Role::User, said.isString() ? said.asString() : said.dump(), {}, {}});
  request.parameters = llm::promptParameters(prompt, override);
  request.promptKitWire = prompt.promptKitWire;
  request.cache = llm::promptCache(v.state.promptCacheKey, prompt, override, true);
  return request;
}

}  // namespace

StateResult converse(const StateVisit &v, int prompt) {
  const ProgramDecl &program = v.run.program();
  const PromptDecl &p = program.prompts[prompt];
  const StateDecl &s = v.state;
  StepDecl step = pseudoStep(v, prompt);
  llm::Usage tokens;
  evals::AttemptLog log;  // what the prompt's validators read: the visit's calls and verdicts
  llm::StepAttempt attempt{v.run, step, v.path, 1, v.cancel, v.span, std::nullopt, tokens, &log};
  llm::Exchange exchange(attempt, p);
  // The prompt's tools, those the state's active skills grant, the skill tools (docs/promptkit.md
  // "Skills") and the workflow's: offered anew after a round that changed the active skills.
  std::span<const int> baseline(s.tools.begin(), s.tools.size());
  llm::SkillSet skills(program, std::vector<int>(s.skills.begin(), s.skills.end()));
  std::vector<llm::Message> earlier = earlierConversation(v);
  skills.replay(earlier);  // skills activated in earlier visits of a persistent state stay active
  std::vector<int> offered;
  llm::Request request = firstRequest(v, p, &skills, earlier);
  auto offerAll = [&] {
    offered = skills.offerTools(request, baseline);
    llm::offerAgentTools(request, v.run, s.prompt);  // the agents the prompt names, when served
    if (!s.terminal) request.tools.push_back(transitionSpec(s));
    if (s.artifacts.size() > 0) request.tools.push_back(artifactSpec(s));
  };
  offerAll();
  if (!request.tools.empty()) request.toolChoice = p.toolChoice;
  unsigned callsThisVisit = 0;  // a visit is one turn of the prompt's tool_policy

  const unsigned rounds = p.maxRounds;
  for (unsigned round = 1; round <= rounds; ++round) {
    llm::Reply reply = exchange.send(request, round);
    if (reply.toolCalls.empty()) {
      if (s.terminal) return {Value::string(reply.content), false, "", Value()};
      if (round == rounds) break;
      // A non-terminal state ends only by a transition: remind the model (the reminder counts
      // as a round).
      request.messages.push_back({llm::Message::Role::Assistant, reply.content, {}, {}});
      request.messages.push_back({llm::Message::Role::User,
                                  std::string("To finish this stage, call ") + kTransitionTool +
                                      " with one of the events: " + eventList(s) + ".",
                                  {},
                                  {}});
      continue;
    }
    // Resolve the calls in order; the first valid transition ends the state after the calls
    // before it have run (those after it are never run, like an agent's tool_called).
    std::vector<llm::PendingCall> calls;
    size_t ending = reply.toolCalls.size();
    Value transition;
    for (size_t i = 0; i < reply.toolCalls.size() && ending == reply.toolCalls.size(); ++i) {
      const llm::ToolCallRequest &call = reply.toolCalls[i];
      llm::PendingCall pending;
      pending.request = &call;
      if (call.name == kTransitionTool && !s.terminal) {
        try {
          Value args = Value::parse(call.arguments.empty() ? "{}" : call.arguments);
          std::optional<Value> event = args.isObject() ? args.get("event") : std::nullopt;
          bool known = false;
          if (event && event->isString())
            for (const char *e : s.events) known |= event->asString() == e;
          if (known) {
            ending = i;
            transition = std::move(args);
          } else {
            pending.result = llm::toolErrorText("'event' must be one of " + eventList(s) +
                                       (event ? ", not " + event->dump() : std::string(", and it is missing")));
          }
        } catch (const Error &e) {
          pending.result = llm::toolErrorText(std::string("the arguments are not valid JSON: ") + e.what());
        }
      } else if (call.name == kArtifactTool && s.artifacts.size() > 0) {
        pending.result = setArtifact(v, call.arguments);
      } else if (std::optional<llm::PendingCall> agent = llm::resolveAgentCall(attempt, call, s.prompt)) {
        pending = std::move(*agent);
      } else {
        pending = skills.resolve(attempt, call, offered);
      }
      calls.push_back(std::move(pending));
    }
    if (ending == reply.toolCalls.size() && round == rounds) break;  // nobody would read the results
    llm::applyToolPolicy(p, program, calls, callsThisVisit);
    llm::runToolCalls(attempt, calls, std::min(ending, calls.size()), round);
    if (ending < reply.toolCalls.size()) {
      if (s.persistent) {
        // The conversation as the next visit continues it: every call of the last reply answered
        // (the transition, and those after it, which never ran).
        request.messages.push_back({llm::Message::Role::Assistant, reply.content, reply.toolCalls, {}});
        for (size_t i = 0; i < reply.toolCalls.size(); ++i) {
          std::string answer = i < ending    ? calls[i].result
                               : i == ending ? Json{{"ok", true}, {"event", transition.get("event")->asString()}}.dump()
                                             : llm::toolErrorText("not run: the stage ended with " + std::string(kTransitionTool));
          request.messages.push_back({llm::Message::Role::Tool, std::move(answer), {}, reply.toolCalls[i].id});
        }
        keepConversation(v, request.messages);
      }
      StateResult result;
      result.hasEvent = true;
      result.event = transition.get("event")->asString();
      result.context = transition.get("context").value_or(Value());
      result.output = transition;
      return result;
    }
    request.messages.push_back({llm::Message::Role::Assistant, reply.content, reply.toolCalls, {}});
    for (llm::PendingCall &call : calls)
      request.messages.push_back({llm::Message::Role::Tool, std::move(call.result), {}, call.request->id});
    if (!skills.empty()) offerAll();
  }
  throw Error(ErrorKind::Exhausted,
              std::string(s.location) + ": state '" + s.name + "' reached tool_policy.max_rounds (" +
                  std::to_string(rounds) + " rounds) of prompt '" + p.key + "' " +
                  (s.terminal ? "without a final reply (its last reply still called tools)"
                              : std::string("without calling ") + kTransitionTool + " (events: " + eventList(s) + ")"));
}

StateResult askExternal(const StateVisit &v, int prompt, EventFile *events) {
  const PromptDecl &p = v.run.program().prompts[prompt];
  const StateDecl &s = v.state;
  StepDecl step = pseudoStep(v, prompt);
  llm::Usage tokens;
  evals::AttemptLog log;  // what the prompt's validators read: the visit's calls and verdicts
  llm::StepAttempt attempt{v.run, step, v.path, 1, v.cancel, v.span, std::nullopt, tokens, &log};
  llm::Request request = firstRequest(v, p, nullptr, earlierConversation(v));
  llm::Reply reply = llm::Exchange(attempt, p).send(request, 1);
  request.messages.push_back({llm::Message::Role::Assistant, reply.content, {}, {}});
  keepConversation(v, request.messages);
  // The reply is for whoever decides the next event: on stderr, and in the trace.
  std::cerr << "[" << v.path << "] " << reply.content << "\n";
  if (Trace *trace = v.run.trace())
    trace->write("state_reply", {{"state", s.name}, {"visit", v.visit}, {"content", reply.content}});
  StateResult result;
  result.output = Value::string(reply.content);
  if (s.terminal) return result;
  std::optional<ExternalEvent> next = events ? events->next() : std::nullopt;
  // With a journal the run waits for its event instead of failing (docs/journal.md).
  if (!next && v.run.journal())
    throw Suspension(s.name, v.path, std::vector<std::string>(s.events.begin(), s.events.end()));
  if (!next)
    throw Error(ErrorKind::StepFailed,
                std::string(s.location) + ": external state '" + s.name + "' needs its next event (one of " +
                    eventList(s) + "), but " +
                    (events ? "events file '" + events->path() + "' has none left"
                            : std::string("no events file was given: list the events, one per line, in a file "
                                          "given with --events FILE")));
  bool known = false;
  for (const char *e : s.events) known |= next->event == e;
  if (!known)
    throw Error(ErrorKind::StepFailed, std::string(s.location) + ": external state '" + s.name + "' got event '" +
                                           next->event + "' (events file '" + events->path() + "' line " +
                                           std::to_string(next->line) + "), which it has no transition for; its "
                                           "events are " + eventList(s));
  result.hasEvent = true;
  result.event = next->event;
  result.context = next->context ? *next->context : result.output;
  return result;
}

}  // namespace wfc::workflow

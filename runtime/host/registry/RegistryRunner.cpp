#include "host/registry/RegistryRunner.h"

#include "common/JsonReader.h"
#include "core/journal/RegistryStore.h"
#include "core/journal/RunOwner.h"
#include "core/journal/RunStore.h"
#include "core/trace/Trace.h"
#include "host/registry/Gating.h"
#include "host/registry/PrefixedProvider.h"
#include "host/session/Resume.h"
#include "host/session/RunSetup.h"

#include <nlohmann/json.hpp>

#include <csignal>
#include <cstring>
#include <random>
#include <thread>

namespace wfc::registry {
namespace {

using Json = nlohmann::ordered_json;

std::string newRunId() {
  thread_local std::mt19937_64 random(std::random_device{}());
  static const char *hex = "0123456789abcdef";
  std::string id;
  for (int i = 0; i < 32; ++i) id += hex[random() % 16];
  return id;
}

// "'a', 'b' or 'c'".
std::string quotedList(const std::vector<std::string> &names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i)
    out += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + std::string("'") + names[i] + "'";
  return out;
}

// The input a workflow starts from: the run's input with the context the transitions seeded over
// it. A workflow whose input_schema closes its object (additionalProperties: false) gets only the
// keys it lists, as the reference runtime passes a workflow only the context it declares.
Value mergeInput(const Value &input, const Value &context) {
  Json merged = input.isObject() ? input.json() : Json::object();
  if (context.isObject())
    for (auto it = context.json().begin(); it != context.json().end(); ++it) merged[it.key()] = it.value();
  return Value::fromJson(std::move(merged));
}

}  // namespace

// A sequence run as it goes: its row (what the journal keeps) and the decoded parts of it.
struct RegistryRunner::Sequence {
  journal::SequenceRunRow row;
  int sequence = -1;
  Value input, context, output;

  void save(journal::JournalFile &journal) {
    row.context = context.dump();
    row.output = output.dump();
    journal.registry().updateSequenceRun(row);
  }
};

RegistryRunner::RegistryRunner(RegistryEnvironment &env) : env_(env) {
  for (const RegistryWorkflowDecl &w : env_.registry.workflows)
    providers_.push_back(env_.provider ? std::make_unique<PrefixedProvider>(*env_.provider, w.id) : nullptr);
}

int RegistryRunner::indexOfWorkflow(const char *id) const {
  for (size_t i = 0; i < env_.registry.workflows.size(); ++i)
    if (std::strcmp(env_.registry.workflows[i].id, id) == 0) return int(i);
  return -1;
}

Value RegistryRunner::memberInput(int workflow, const Value &input, const Value &context) const {
  Value merged = mergeInput(input, context);
  const ProgramDecl &program = *env_.registry.workflows[size_t(workflow)].program;
  for (int c : inputCompositions(program)) {
    const char *schema = program.compositions[size_t(c)].inputSchema;
    if (!schema) continue;
    Json s = readJsonOrDiscarded(schema);
    if (!s.is_object() || s.value("additionalProperties", Json(true)) != Json(false) || !s.contains("properties"))
      continue;
    Json kept = Json::object();
    for (auto it = merged.json().begin(); it != merged.json().end(); ++it)
      if (s["properties"].contains(it.key())) kept[it.key()] = it.value();
    return Value::fromJson(std::move(kept));
  }
  return merged;
}

RunOutcome RegistryRunner::runMember(int workflow, const Value &input, const std::optional<journal::RunRow> &resumed,
                                     const std::string &scope, const std::optional<std::string> &user,
                                     const std::optional<std::string> &sequenceRun, std::optional<int64_t> position) {
  const RegistryWorkflowDecl &w = env_.registry.workflows[size_t(workflow)];
  RunEnvironment env{.program = *w.program,
                     .tools = env_.tools,
                     .self = env_.self,
                     .trace = env_.trace,
                     .provider = providers_[size_t(workflow)].get(),
                     .model = env_.model,
                     .maxConcurrency = env_.maxConcurrency,
                     .timeoutMs = env_.timeoutMs,
                     .journal = &env_.journal,
                     .identity = env_.identities[size_t(workflow)],
                     .signals = env_.signals,
                     .budget = env_.budget,
                     .prices = env_.prices};
  RunRequest request;
  request.input = resumed ? Value::parse(resumed->input) : input;
  request.cancel = env_.cancel;
  request.resumed = resumed;
  if (!resumed)
    request.onStarted = [&](const std::string &runId) {
      env_.journal.registry().recordMemberRun(runId, w.id, scope, user, sequenceRun, position);
    };
  return executeRun(env, std::move(request));
}

RegistryOutcome RegistryRunner::runWorkflow(int workflow, const std::string &scope,
                                            const std::optional<std::string> &user, const Value &input) {
  const RegistryWorkflowDecl &w = env_.registry.workflows[size_t(workflow)];
  RegistryOutcome out;
  try {
    if (std::optional<std::string> blocked = blockedBecause(env_.registry, workflow, env_.journal, scope, user)) {
      out.code = 1;
      out.error = *blocked;
      return out;
    }
    Value in = memberInput(workflow, input, Value::object({}));
    checkRunInput(*w.program, in);
    RunOutcome run = runMember(workflow, in, std::nullopt, scope, user, std::nullopt, std::nullopt);
    out.code = run.code, out.error = run.error, out.output = run.output, out.runId = run.runId;
  } catch (const Error &e) {
    out.code = e.exitCode();
    out.error = e.what();
  }
  return out;
}

RegistryOutcome RegistryRunner::resumeWorkflowRun(const std::string &runId) {
  RegistryOutcome out;
  out.runId = runId;
  try {
    std::optional<journal::MemberRunRow> member = env_.journal.registry().memberRun(runId);
    int workflow = member ? indexOfWorkflow(member->workflow.c_str()) : -1;
    if (workflow < 0)
      throw Error(ErrorKind::Usage, "journal '" + env_.journal.path() + "' has no run '" + runId +
                                        "' of this registry (--runs lists them)");
    journal::RunRow resumed = journal::resumableRun(env_.journal, runId, env_.identities[size_t(workflow)],
                                                       *env_.registry.workflows[size_t(workflow)].program);
    if (resumed.status == journal::RunStatus::Succeeded) {
      out.output = Value::parse(resumed.output.value_or("null"));
      return out;
    }
    RunOutcome run = runMember(workflow, Value(), resumed, "", std::nullopt, std::nullopt, std::nullopt);
    out.code = run.code, out.error = run.error, out.output = run.output;
  } catch (const Error &e) {
    out.code = e.exitCode();
    out.error = e.what();
  }
  return out;
}

RegistryOutcome RegistryRunner::startSequence(int sequence, const std::string &scope,
                                              const std::optional<std::string> &user, const Value &input) {
  Sequence s;
  s.sequence = sequence;
  s.input = input;
  s.context = Value::object({});
  s.output = Value::object({});
  s.row.id = newRunId();
  s.row.sequence = env_.registry.sequences[size_t(sequence)].id;
  s.row.scope = scope;
  s.row.user = user;
  s.row.input = input.dump();
  s.row.context = "{}";
  s.row.status = journal::RunStatus::Running;
  s.row.startedMs = journal::nowMs();
  s.row.owner = journal::thisProcessOwner();
  try {
    // The workflows before the sequence's first transition start from this input, and a
    // user-scoped dependency needs the user: a problem is found now, not halfway. A workflow
    // after a transition also reads what the transition sets (an option's context_variables,
    // --event-context): its input is checked when it starts (runStep).
    bool afterTransition = false;
    for (const RegistryStepDecl &step : env_.registry.sequences[size_t(sequence)].steps) {
      afterTransition |= step.transition >= 0;
      for (int w : step.workflows) {
        const RegistryWorkflowDecl &wf = env_.registry.workflows[size_t(w)];
        if (!afterTransition) checkRunInput(*wf.program, memberInput(w, input, s.context));
        for (const RegistryDependencyDecl &d : wf.dependencies)
          if (d.required && d.userScope && !user)
            throw Error(ErrorKind::Usage, std::string("workflow '") + wf.id + "' of sequence '" + s.row.sequence +
                                              "' requires '" + env_.registry.workflows[size_t(d.workflow)].id +
                                              "' to be completed by the same user (scope: user): give --user ID");
      }
    }
    env_.journal.registry().createSequenceRun(s.row);
  } catch (const Error &e) {
    return {e.exitCode(), e.what(), std::nullopt, ""};
  }
  if (env_.trace)
    env_.trace->write("sequence_start", {{"sequence_run", s.row.id}, {"sequence", s.row.sequence}, {"scope", scope},
                                         {"user", user ? Json(*user) : Json()}});
  return drive(s, std::nullopt, std::nullopt);
}

RegistryOutcome RegistryRunner::resumeSequence(journal::SequenceRunRow row, const std::optional<std::string> &event,
                                               const std::optional<std::string> &eventContext) {
  Sequence s;
  s.row = std::move(row);
  for (size_t i = 0; i < env_.registry.sequences.size(); ++i)
    if (s.row.sequence == env_.registry.sequences[i].id) s.sequence = int(i);
  if (s.sequence < 0)
    return {2, "sequence run " + s.row.id + " ran sequence '" + s.row.sequence + "', which this registry does not have",
            std::nullopt, s.row.id};
  s.input = Value::parse(s.row.input);
  s.context = Value::parse(s.row.context);
  s.output = Value::parse(s.row.output);
  if (s.row.status == journal::RunStatus::Succeeded) return {0, "", s.output, s.row.id};
  if (s.row.status == journal::RunStatus::Running && !s.row.owner.empty() && journal::ownerAlive(s.row.owner))
    return {2, "sequence run " + s.row.id + " is still running (process " + s.row.owner.substr(0, s.row.owner.find(':')) +
                   "); wait for it to end, or stop it, before resuming it",
            std::nullopt, s.row.id};
  if (event && s.row.status != journal::RunStatus::Suspended)
    return {2, "--event continues a suspended sequence run; run " + s.row.id + " is " + spell(s.row.status), std::nullopt,
            s.row.id};
  if (s.row.status == journal::RunStatus::Suspended && !event) {
    Json awaiting = readJsonOrDiscarded(s.row.awaiting.value_or("{}"));
    std::vector<std::string> events;
    if (awaiting.is_object() && awaiting["events"].is_array())
      for (const Json &e : awaiting["events"]) events.push_back(e.get<std::string>());
    return {2, "sequence run " + s.row.id + " is waiting for " + quotedList(events) + ": give --event NAME", std::nullopt,
            s.row.id};
  }
  s.row.status = journal::RunStatus::Running;
  s.row.owner = journal::thisProcessOwner();
  s.row.error.clear();
  s.row.exitCode.reset();
  s.row.finishedMs.reset();
  if (env_.trace)
    env_.trace->write("sequence_resume", {{"sequence_run", s.row.id}, {"sequence", s.row.sequence},
                                          {"position", s.row.position}, {"event", event ? Json(*event) : Json()}});
  return drive(s, event, eventContext);
}

RegistryOutcome RegistryRunner::finish(Sequence &s, const Stop &stop) {
  s.row.status = stop.status;
  s.row.error = stop.error;
  if (stop.code != 4) s.row.exitCode = stop.code;
  s.row.finishedMs = journal::nowMs();
  s.row.owner.clear();
  RegistryOutcome out{stop.code, stop.error, std::nullopt, s.row.id};
  try {
    s.save(env_.journal);
  } catch (const Error &e) {
    out.code = 1;
    out.error = e.what();
  }
  if (stop.code == 0) out.output = s.output;
  if (env_.trace)
    env_.trace->write("sequence_end", {{"sequence_run", s.row.id}, {"status", stop.status}, {"exit_code", out.code},
                                       {"position", s.row.position}});
  return out;
}

RegistryOutcome RegistryRunner::drive(Sequence &s, std::optional<std::string> event,
                                      const std::optional<std::string> &eventContext) {
  const RegistryDecl &r = env_.registry;
  // The transition a suspended run waits on (it may have been reached by a route, not a step).
  std::string pendingTransition;
  if (event) {
    Json awaiting = readJsonOrDiscarded(s.row.awaiting.value_or("{}"));
    if (awaiting.is_object() && awaiting["transition"].is_string()) pendingTransition = awaiting["transition"];
  }
  s.row.awaiting.reset();
  if (eventContext) {
    Value extra;
    try {
      extra = Value::parse(*eventContext);
    } catch (const Error &e) {
      return finish(s, {2, std::string("--event-context is not JSON: ") + e.what(), journal::RunStatus::Failed});
    }
    if (!extra.isObject()) return finish(s, {2, "--event-context must be a JSON object", journal::RunStatus::Failed});
    s.context = mergeInput(s.context, extra);
  }
  int hops = 0;  // transitions taken since the last step that ran workflows
  for (;;) {
    if (env_.cancel.cancelled()) {
      int signal = env_.signals ? env_.signals->signal() : 0;
      return finish(s, {signal ? 128 + signal : 130,
                        std::string("interrupted by ") + (signal == SIGTERM ? "SIGTERM" : "SIGINT"),
                        journal::RunStatus::Cancelled});
    }
    const RegistrySequenceDecl &q = r.sequences[size_t(s.sequence)];
    if (pendingTransition.empty() && s.row.position >= int64_t(q.steps.size()))
      return finish(s, {0, "", journal::RunStatus::Succeeded});
    int transition = -1;
    if (!pendingTransition.empty()) {
      for (size_t i = 0; i < r.transitions.size(); ++i)
        if (pendingTransition == r.transitions[i].id) transition = int(i);
      pendingTransition.clear();
    } else {
      transition = q.steps[size_t(s.row.position)].transition;
    }
    std::optional<Stop> stop;
    if (transition >= 0) {
      if (++hops > 64)
        return finish(s, {1, "the transitions route in a circle without running a workflow", journal::RunStatus::Failed});
      stop = takeTransition(s, transition, event, pendingTransition);
    } else {
      hops = 0;
      stop = runStep(s);
    }
    if (stop) return finish(s, *stop);
  }
}

std::optional<RegistryRunner::Stop> RegistryRunner::takeTransition(Sequence &s, int transition,
                                                                   std::optional<std::string> &event,
                                                                   std::string &pendingTransition) {
  const RegistryDecl &r = env_.registry;
  const RegistryTransitionDecl &t = r.transitions[size_t(transition)];
  RegistryRouteDecl route;
  bool complete = false;
  std::vector<std::string> choices;
  for (const RegistryOptionDecl &o : t.options) choices.push_back(o.id);
  if (t.kind == TransitionKind::Confirm && choices.empty()) choices = {"confirm", "cancel"};
  switch (t.kind) {
    case TransitionKind::Choice:
    case TransitionKind::Confirm: {
      if (!event) {
        Json awaiting = {{"transition", t.id}, {"events", choices}};
        s.row.awaiting = awaiting.dump();
        if (env_.trace)
          env_.trace->write("transition", {{"sequence_run", s.row.id}, {"transition", t.id}, {"awaits", choices}});
        return Stop{4,
                    "sequence run " + s.row.id + " is suspended: transition '" + t.id + "' is waiting for " +
                        quotedList(choices),
                    journal::RunStatus::Suspended};
      }
      const RegistryOptionDecl *chosen = nullptr;
      for (const RegistryOptionDecl &o : t.options)
        if (*event == o.id) chosen = &o;
      if (chosen) {
        route = chosen->route;
        if (chosen->contextVariables) s.context = mergeInput(s.context, Value::parse(chosen->contextVariables));
      } else if (t.kind == TransitionKind::Confirm && (*event == "confirm" || *event == "cancel")) {
        route = *event == "confirm" ? t.confirmRoute : t.cancelRoute;
        if (route.workflow < 0 && route.transition < 0) complete = *event == "cancel";
      } else {
        // The event is consumed either way: it was for this transition.
        s.row.awaiting = Json({{"transition", t.id}, {"events", choices}}).dump();
        return Stop{1,
                    "transition '" + std::string(t.id) + "' has no option '" + *event + "'; it awaits " +
                        quotedList(choices),
                    journal::RunStatus::Suspended};
      }
      if (env_.trace)
        env_.trace->write("transition", {{"sequence_run", s.row.id}, {"transition", t.id}, {"event", *event}});
      event.reset();
      break;
    }
    case TransitionKind::Direct: route = t.route; break;
    case TransitionKind::Condition: {
      std::optional<Value> value = t.contextKey ? s.context.get(t.contextKey) : std::nullopt;
      bool matched = false;
      for (const RegistryConditionDecl &c : t.routes)
        if (value && value->json() == readJson(c.match)) {
          route = c.route;
          matched = true;
          break;
        }
      if (!matched) {
        route = t.defaultRoute;
        if (route.workflow < 0 && route.transition < 0)
          return Stop{1,
                      "condition transition '" + std::string(t.id) + "' had no matching route for context '" +
                          (t.contextKey ? t.contextKey : "") + "'",
                      journal::RunStatus::Failed};
      }
      break;
    }
    case TransitionKind::Complete: complete = true; break;
  }
  if (complete) {
    s.row.position = int64_t(r.sequences[size_t(s.sequence)].steps.size());
    return std::nullopt;
  }
  if (route.sequence >= 0 && route.sequence != s.sequence) {
    s.sequence = route.sequence;
    s.row.sequence = r.sequences[size_t(s.sequence)].id;
  }
  if (route.transition >= 0) {
    pendingTransition = r.transitions[size_t(route.transition)].id;
    return std::nullopt;
  }
  if (route.workflow >= 0) {
    // The sequence goes on from the step that runs the workflow (steps between are skipped, as in
    // the reference runtime); a route to the step right after the transition is the common case.
    const RegistrySequenceDecl &target = r.sequences[size_t(s.sequence)];
    int64_t found = -1;
    for (size_t i = 0; i < target.steps.size() && found < 0; ++i)
      for (int w : target.steps[i].workflows)
        if (w == route.workflow) found = int64_t(i);
    if (found < 0)
      return Stop{1,
                  std::string("workflow '") + r.workflows[size_t(route.workflow)].id + "' is not part of sequence '" +
                      target.id + "'",
                  journal::RunStatus::Failed};
    s.row.position = found;
    s.save(env_.journal);
    return std::nullopt;
  }
  // A transition with nowhere to go ends here and the sequence goes on after it.
  ++s.row.position;
  return std::nullopt;
}

std::optional<RegistryRunner::Stop> RegistryRunner::runStep(Sequence &s) {
  const RegistryDecl &r = env_.registry;
  // A group of workflows, run at once; the sequence advances only when every one succeeded.
  const RegistryStepDecl &step = r.sequences[size_t(s.sequence)].steps[size_t(s.row.position)];
  if (env_.trace) {
    Json ids = Json::array();
    for (int w : step.workflows) ids.push_back(r.workflows[size_t(w)].id);
    env_.trace->write("sequence_step", {{"sequence_run", s.row.id}, {"position", s.row.position}, {"workflows", ids}});
  }
  std::vector<journal::MemberRunRow> earlier = env_.journal.registry().memberRuns(s.row.id, s.row.position);
  struct Slot {
    int workflow;
    std::optional<journal::RunRow> resumed;
    bool done = false;  // succeeded before this process
    RunOutcome outcome;
    std::string blocked;
  };
  std::vector<Slot> slots;
  for (int w : step.workflows) {
    Slot slot{w, std::nullopt, false, {}, ""};
    const char *id = r.workflows[size_t(w)].id;
    for (auto it = earlier.rbegin(); it != earlier.rend(); ++it) {
      if (it->workflow != id) continue;
      if (it->status == journal::RunStatus::Succeeded) {
        slot.done = true;
      } else {
        try {
          slot.resumed = journal::resumableRun(env_.journal, it->run, env_.identities[size_t(w)],
                                               *r.workflows[size_t(w)].program);
        } catch (const Error &e) {
          return Stop{e.exitCode(), e.what(), journal::RunStatus::Failed};
        }
      }
      break;
    }
    if (!slot.done && !slot.resumed) {
      try {
        if (std::optional<std::string> why = blockedBecause(r, w, env_.journal, s.row.scope, s.row.user))
          slot.blocked = *why;
      } catch (const Error &e) {
        return Stop{e.exitCode(), e.what(), journal::RunStatus::Failed};
      }
    }
    slots.push_back(std::move(slot));
  }
  for (const Slot &slot : slots)
    if (!slot.blocked.empty()) return Stop{1, slot.blocked, journal::RunStatus::Failed};
  // A workflow's input is the sequence's with the context the transitions before it set: checked
  // before any of the step's workflows starts, so that a missing value stops the sequence here,
  // saying whose input lacks what (docs/registry.md "Sequences").
  for (const Slot &slot : slots) {
    if (slot.done || slot.resumed) continue;
    try {
      checkRunInput(*r.workflows[size_t(slot.workflow)].program, memberInput(slot.workflow, s.input, s.context));
    } catch (const Error &e) {
      return Stop{2,
                  std::string("workflow '") + r.workflows[size_t(slot.workflow)].id + "' of sequence '" +
                      s.row.sequence + "' cannot start: " + e.what() +
                      " (its input is the sequence's input, with the context the transitions before it set over it: "
                      "their chosen options' context_variables and --event-context)",
                  journal::RunStatus::Failed};
    }
  }
  auto runSlot = [&](Slot &slot) {
    slot.outcome = runMember(slot.workflow, memberInput(slot.workflow, s.input, s.context), slot.resumed, s.row.scope,
                             s.row.user, s.row.id, s.row.position);
  };
  std::vector<std::thread> threads;
  Slot *first = nullptr;
  for (Slot &slot : slots) {
    if (slot.done) continue;
    if (!first) {
      first = &slot;  // this thread runs one of them
      continue;
    }
    threads.emplace_back(runSlot, std::ref(slot));
  }
  if (first) runSlot(*first);
  for (std::thread &t : threads) t.join();
  // Outputs of this step, from this process's runs or the journal's.
  std::vector<journal::MemberRunRow> now = env_.journal.registry().memberRuns(s.row.id, s.row.position);
  for (const Slot &slot : slots) {
    const char *id = r.workflows[size_t(slot.workflow)].id;
    if (slot.done) {
      for (auto it = now.rbegin(); it != now.rend(); ++it)
        if (it->workflow == id && it->status == journal::RunStatus::Succeeded) {
          std::optional<journal::RunRow> row = env_.journal.runs().find(it->run);
          if (row) s.output = mergeInput(s.output, Value::object({{id, Value::parse(row->output.value_or("null"))}}));
          break;
        }
      continue;
    }
    if (slot.outcome.code != 0) {
      if (slot.outcome.code >= 128) return Stop{slot.outcome.code, slot.outcome.error, journal::RunStatus::Cancelled};
      std::string why = slot.outcome.code == 4
                            ? "waits for an event; a registry's workflows run to completion, so its external states "
                              "must have their events (--events)"
                            : "failed: " + slot.outcome.error;
      return Stop{slot.outcome.code == 4 ? 1 : slot.outcome.code, "workflow '" + std::string(id) + "' " + why,
                  journal::RunStatus::Failed};
    }
    s.output = mergeInput(s.output, Value::object({{id, slot.outcome.output.value_or(Value())}}));
  }
  ++s.row.position;
  s.save(env_.journal);
  return std::nullopt;
}

}  // namespace wfc::registry

#include "sema/WorkflowChecker.h"

#include "support/DidYouMean.h"

#include <deque>

namespace wfc::sema {

void WorkflowChecker::checkState(ir::State &state, const DocNode &node) {
  std::string orchestration = stringField(node, "orchestration");
  const DocNode *composition = field(node, "composition");
  const DocNode *promptTask = field(node, "prompt_task");
  const DocNode *orchNode = field(node, "orchestration");
  if (orchestration == "composition") {
    state.kind = ir::State::Kind::Composition;
    if (!composition) {
      ctx_.diags.error(orchNode->loc, "state '" + state.name + "' has orchestration 'composition' but no "
                                      "'composition' naming the composition to run");
    } else if (composition->isString()) {
      state.composition = ctx_.module.findComposition(composition->stringValue);
      if (!state.composition && !ctx_.poisonedCompositions.count(composition->stringValue)) {
        std::vector<std::string> names = ctx_.compositionNames();
        ctx_.diags.error(composition->loc, "unknown composition '" + composition->stringValue + "' in state '" +
                                               state.name + "'" + didYouMeanSuffix(composition->stringValue, names));
      } else {
        ctx_.usedCompositions.insert(state.composition);
      }
    }
    if (promptTask)
      ctx_.diags.warning(promptTask->loc, "'prompt_task' is not used in state '" + state.name +
                                              "': its composition does the state's work");
  } else {
    state.kind = orchestration == "external" ? ir::State::Kind::External : ir::State::Kind::Internal;
    std::string mode = orchestration.empty() ? "internal (the default)" : orchestration;
    if (composition)
      ctx_.diags.error(composition->loc, "state '" + state.name + "' is " + mode +
                                             ": only a state with orchestration: composition may name a "
                                             "'composition'");
    if (!promptTask) {
      ctx_.diags.error(state.loc, "state '" + state.name + "' is " + mode +
                                     " and needs a 'prompt_task' (or orchestration: composition with a "
                                     "'composition')");
    } else if (promptTask->isString()) {
      state.prompt = ctx_.module.findPrompt(promptTask->stringValue);
      if (!state.prompt) {
        std::vector<std::string> names = ctx_.promptNames();
        ctx_.diags.error(promptTask->loc, "unknown prompt '" + promptTask->stringValue + "' in state '" +
                                              state.name + "'" + didYouMeanSuffix(promptTask->stringValue, names));
      } else {
        ctx_.usedPrompts.insert(state.prompt);
      }
    }
  }
  state.terminal = boolField(node, "terminal");
  if (auto v = intField(node, "max_visits")) state.maxVisits = static_cast<unsigned>(*v);
  state.onMaxVisits = stringField(node, "on_max_visits");
  if (const DocNode *artifacts = field(node, "artifacts"); artifacts && artifacts->isMapping())
    for (const DocEntry &a : artifacts->entries)
      state.artifacts.push_back({a.key, stringField(*a.value, "type"), stringField(*a.value, "mode") == "append"});
  if (const DocNode *events = field(node, "on_event"); events && events->isMapping())
    for (const DocEntry &e : events->entries)
      if (e.value->isString()) state.onEvent.push_back({e.key, e.value->stringValue, e.keyLoc, e.value->loc});

  // A composition state that transitions takes its event from its output's `event` string.
  if (state.kind == ir::State::Kind::Composition && state.composition && !state.onEvent.empty()) {
    const DocNode *events = field(node, "on_event");
    llvm::SMLoc eventsKey = node.find("on_event")->keyLoc;
    ValueType out = compositions_.outputType(*state.composition);
    TypeNavigator::Step event = ctx_.nav.step(out, ir::PathElement{"event", std::nullopt});
    if (!event.type) {
      ctx_.diags.error(eventsKey, "state '" + state.name + "' takes its next event from the 'event' field of "
                                  "the output of composition '" + state.composition->name + "', which cannot have "
                                  "one: " + event.error)
          .note(state.composition->loc, "composition '" + state.composition->name + "' declared here");
    } else {
      JsonTypes jt = ctx_.nav.jsonTypes(*event.type);
      if (!jt.any() && !jt.allows("string"))
        ctx_.diags.error(eventsKey, "state '" + state.name + "' takes its next event from the 'event' field of "
                                    "the output of composition '" + state.composition->name + "', which is " +
                                      jt.describe() + ", not a string");
      else if (jt.enumValues) {
        for (const auto &v : *jt.enumValues) {
          if (!v.is_string() || events->find(v.get<std::string>())) continue;
          ctx_.diags.warning(eventsKey, "composition '" + state.composition->name + "' may emit event '" +
                                            v.get<std::string>() + "', which state '" + state.name +
                                            "' has no transition for: such a run fails (exit 1)");
        }
        for (const DocEntry &e : events->entries) {
          bool possible = false;
          for (const auto &v : *jt.enumValues) possible |= v.is_string() && v.get<std::string>() == e.key;
          if (!possible)
            ctx_.diags.warning(e.keyLoc, "event '" + e.key + "' can never happen: the output schema of '" +
                                             state.composition->name + "' does not allow it as 'event'");
        }
      }
    }
  }
}

void WorkflowChecker::checkReachability(const ir::Workflow &wf, const std::map<std::string, const DocNode *> &nodes) {
  std::map<std::string, const ir::State *> byName;
  for (const ir::State &s : wf.states) byName[s.name] = &s;
  auto successors = [&](const ir::State &s) {
    std::vector<std::string> out;
    for (const ir::Transition &t : s.onEvent) out.push_back(t.target);
    if (!s.onMaxVisits.empty() && s.maxVisits) out.push_back(s.onMaxVisits);  // fires only with max_visits
    return out;
  };
  // Targets exist.
  std::vector<std::string> names;
  for (const ir::State &s : wf.states) names.push_back(s.name);
  for (const ir::State &s : wf.states) {
    const DocNode &node = *nodes.at(s.name);
    if (const DocNode *events = field(node, "on_event"); events && events->isMapping())
      for (const DocEntry &e : events->entries)
        if (e.value->isString() && !byName.count(e.value->stringValue))
          ctx_.diags.error(e.value->loc, "event '" + e.key + "' of state '" + s.name + "' goes to unknown state '" +
                                             e.value->stringValue + "'" + didYouMeanSuffix(e.value->stringValue, names));
    if (const DocNode *omv = field(node, "on_max_visits"); omv && omv->isString() && !byName.count(omv->stringValue))
      ctx_.diags.error(omv->loc, "'on_max_visits' of state '" + s.name + "' names unknown state '" + omv->stringValue +
                                     "'" + didYouMeanSuffix(omv->stringValue, names));
    if (const DocNode *omv = field(node, "on_max_visits"); omv && !s.maxVisits)
      ctx_.diags.warning(omv->loc, "'on_max_visits' of state '" + s.name + "' never fires: the state has no "
                                   "'max_visits'");
    if (s.terminal && !s.onEvent.empty())
      ctx_.diags.warning(field(node, "on_event")->loc, "state '" + s.name + "' is terminal, so its 'on_event' "
                                                       "transitions are never taken");
  }
  // Unreachable states (from the entry).
  std::set<std::string> reached;
  std::deque<std::string> queue;
  if (byName.count(wf.entry)) {
    queue.push_back(wf.entry);
    reached.insert(wf.entry);
  }
  while (!queue.empty()) {
    const ir::State *s = byName[queue.front()];
    queue.pop_front();
    for (const std::string &t : successors(*s))
      if (byName.count(t) && reached.insert(t).second) queue.push_back(t);
  }
  if (byName.count(wf.entry))
    for (const ir::State &s : wf.states)
      if (!reached.count(s.name)) ctx_.diags.warning(s.loc, "state '" + s.name + "' is unreachable from entry '" + wf.entry + "'");
  // Every non-terminal state must be able to reach a terminal one.
  // A transition to an unknown state was reported above; it counts as able to finish, so the
  // typo is not reported a second time as a loop.
  std::set<std::string> canFinish;
  for (const ir::State &s : wf.states) {
    bool unknownTarget = false;
    for (const std::string &t : successors(s)) unknownTarget |= !byName.count(t);
    if (s.terminal || s.onEvent.empty() || unknownTarget) canFinish.insert(s.name);
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (const ir::State &s : wf.states) {
      if (canFinish.count(s.name)) continue;
      for (const std::string &t : successors(s))
        if (canFinish.count(t)) {
          canFinish.insert(s.name);
          changed = true;
          break;
        }
    }
  }
  for (const ir::State &s : wf.states)
    if (!canFinish.count(s.name))
      ctx_.diags.error(s.loc, "no terminal state can be reached from state '" + s.name +
                                  "': every run that enters it loops forever (mark a state 'terminal: true' or "
                                  "add a transition to one)");
}

void WorkflowChecker::check(const DocNode &root, const std::string &selected) {
  const DocNode *wfNode = field(root, "workflow");
  ir::Module &m = ctx_.module;
  if (wfNode && wfNode->isMapping()) {
    ir::Workflow wf;
    wf.loc = wfNode->loc;
    wf.entry = stringField(*wfNode, "entry");
    if (const DocNode *engine = field(*wfNode, "engine"))
      if (const DocNode *budget = field(*engine, "budget")) {
        if (auto v = intField(*budget, "max_total_visits")) wf.budget.maxTotalVisits = static_cast<unsigned>(*v);
        if (auto v = intField(*budget, "max_tool_calls")) wf.budget.maxToolCalls = static_cast<unsigned>(*v);
        if (auto v = intField(*budget, "max_wall_time_sec")) wf.budget.maxWallTimeSec = static_cast<unsigned>(*v);
      }
    std::map<std::string, const DocNode *> nodes;
    std::set<std::string> allNames;  // including states the shape checker rejected
    if (const DocNode *states = field(*wfNode, "states"); states && states->isMapping()) {
      for (const DocEntry &e : states->entries) {
        allNames.insert(e.key);
        if (!e.value->isMapping()) continue;
        ir::State state;
        state.name = e.key;
        state.loc = e.keyLoc;
        checkState(state, *e.value);
        nodes[e.key] = e.value;
        wf.states.push_back(std::move(state));
      }
    }
    if (const DocNode *entry = field(*wfNode, "entry"); entry && entry->isString() && !allNames.count(wf.entry) &&
                                                         !nodes.empty()) {
      std::vector<std::string> names;
      for (const ir::State &s : wf.states) names.push_back(s.name);
      ctx_.diags.error(entry->loc, "entry state '" + wf.entry + "' does not exist" + didYouMeanSuffix(wf.entry, names));
    }
    checkReachability(wf, nodes);
    m.workflow = std::move(wf);
    if (selected.empty())
      for (const auto &c : m.compositions)
        if (!ctx_.usedCompositions.count(c.get()))
          ctx_.diags.warning(c->loc, "composition '" + c->name + "' is never used: no workflow state or "
                                     "wfc.subflow runs it");
  } else if (selected.empty()) {
    // No workflow: Function-style, with exactly one composition (SPEC §2.1).
    if (m.compositions.empty() && ctx_.ast.compositions.empty()) {
      ctx_.diags.error(root.loc, "the pack has no 'workflow' and no 'compositions': there is nothing to run");
    } else if (ctx_.ast.compositions.size() > 1) {
      std::vector<std::string> names;
      for (const CompositionDecl &c : ctx_.ast.compositions) names.push_back(c.name);
      ctx_.diags.error(root.loc, "the pack has no 'workflow' and " + std::to_string(names.size()) +
                                     " compositions (" + quotedList(names, "and") +
                                     "); add a workflow or choose one with --composition");
    }
  }
  if (!selected.empty())
    if (const ir::Composition *c = m.findComposition(selected)) ctx_.usedCompositions.insert(c);
  // Prompts and tools reached only through a selected or used composition still count as used;
  // nothing to do here: steps marked them while being resolved.
}

}  // namespace wfc::sema

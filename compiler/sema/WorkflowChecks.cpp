// The workflow state machine (docs/workflows.md): an entry that exists, transitions to states
// that exist, every state reachable from the entry and able to reach a terminal state, and —
// for a composition state that transitions — a composition whose output can carry the events.
#include "sema/ModuleChecker.h"

#include "support/DidYouMean.h"

#include <llvm/ADT/StringExtras.h>
#include <llvm/Support/GlobPattern.h>

#include <deque>

namespace wfc::sema {

void ModuleChecker::checkWorkflow() {
  if (!module_.workflow) return;
  const ir::Workflow &wf = *module_.workflow;
  for (const ir::State &s : wf.states) {
    checkStateEvents(s);
    checkStateSkills(s);
    if (s.persistent && s.kind == ir::State::Kind::Composition)
      diags_.warning(s.loc, "state '" + s.name + "' has 'persistence: persistent', but a composition state holds no "
                            "conversation to resume; remove it, or run a prompt in the state");
  }
  bool entryKnown = module_.unlowered.states.count(wf.entry) > 0;
  for (const ir::State &s : wf.states) entryKnown |= s.name == wf.entry;
  if (wf.entryLoc.isValid() && !entryKnown && !wf.states.empty()) {
    std::vector<std::string> names;
    for (const ir::State &s : wf.states) names.push_back(s.name);
    diags_.error(wf.entryLoc, "entry state '" + wf.entry + "' does not exist" + didYouMeanSuffix(wf.entry, names));
  }
  checkReachability(wf);
}

// A state's `skills` filter (docs/promptkit.md "Skills") scopes an internal state's conversation
// to some of the pack's skills: one that selects none of them is almost surely a wrong path.
void ModuleChecker::checkStateSkills(const ir::State &state) {
  if (!state.skills || llvm::StringRef(*state.skills).equals_insensitive("none")) return;
  const std::string &filter = *state.skills;
  if (filter.find_first_of("*?[") != std::string::npos)
    if (llvm::Expected<llvm::GlobPattern> glob = llvm::GlobPattern::create(filter); !glob) {
      diags_.error(state.skillsLoc, "state '" + state.name + "' has a malformed skills pattern '" + filter + "': " +
                                        llvm::toString(glob.takeError()));
      return;
    }
  if (state.kind != ir::State::Kind::Internal) {
    diags_.warning(state.skillsLoc, "state '" + state.name + "' scopes its skills, but only an internal state's "
                                    "conversation is offered skills; remove 'skills' or make the state internal");
    return;
  }
  if (!module_.skillsIn(&state).empty()) return;
  std::vector<std::string> dirs;
  for (const ir::Skill &s : module_.skills)
    if (!s.path.empty()) dirs.push_back(s.path);
  std::string known = module_.skills.empty() ? "the pack declares no skills"
                      : dirs.empty()         ? "the pack's skills are all inline, with no directory to match"
                                             : "the skills' directories are " + llvm::join(dirs, ", ");
  diags_.warning(state.skillsLoc, "state '" + state.name + "' offers no skills: its filter '" + filter +
                                      "' matches no skill's directory (" + known + "); write 'none' to offer none");
}

// A composition state that transitions takes its event from its output's `event` string.
void ModuleChecker::checkStateEvents(const ir::State &state) {
  if (state.kind != ir::State::Kind::Composition || !state.composition || state.onEvent.empty()) return;
  ValueType out = outputType(*state.composition);
  TypeNavigator::Step event = nav_.step(out, ir::PathElement{"event", std::nullopt});
  const std::string &name = state.composition->name;
  if (!event.type) {
    diags_.error(state.onEventKeyLoc, "state '" + state.name + "' takes its next event from the 'event' field of the "
                                      "output of composition '" + name + "', which cannot have one: " + event.error)
        .note(state.composition->loc, "composition '" + name + "' declared here");
    return;
  }
  JsonTypes jt = nav_.jsonTypes(*event.type);
  if (!jt.any() && !jt.allows("string")) {
    diags_.error(state.onEventKeyLoc, "state '" + state.name + "' takes its next event from the 'event' field of the "
                                      "output of composition '" + name + "', which is " + jt.describe() +
                                          ", not a string");
    return;
  }
  if (!jt.enumValues) return;
  for (const auto &v : *jt.enumValues) {
    if (!v.is_string()) continue;
    bool handled = false;
    for (const ir::Transition &t : state.onEvent) handled |= t.event == v.get<std::string>();
    if (!handled)
      diags_.warning(state.onEventKeyLoc, "composition '" + name + "' may emit event '" + v.get<std::string>() +
                                              "', which state '" + state.name +
                                              "' has no transition for: such a run fails (exit 1)");
  }
  for (const ir::Transition &t : state.onEvent) {
    bool possible = false;
    for (const auto &v : *jt.enumValues) possible |= v.is_string() && v.get<std::string>() == t.event;
    if (!possible)
      diags_.warning(t.eventLoc, "event '" + t.event + "' can never happen: the output schema of '" + name +
                                     "' does not allow it as 'event'");
  }
}

void ModuleChecker::checkReachability(const ir::Workflow &wf) {
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
    for (const ir::Transition &t : s.onEvent)
      if (!byName.count(t.target))
        diags_.error(t.targetLoc, "event '" + t.event + "' of state '" + s.name + "' goes to unknown state '" + t.target +
                                      "'" + didYouMeanSuffix(t.target, names));
    if (!s.onMaxVisits.empty() && !byName.count(s.onMaxVisits))
      diags_.error(s.onMaxVisitsLoc, "'on_max_visits' of state '" + s.name + "' names unknown state '" + s.onMaxVisits +
                                         "'" + didYouMeanSuffix(s.onMaxVisits, names));
    if (s.onMaxVisitsLoc.isValid() && !s.maxVisits)
      diags_.warning(s.onMaxVisitsLoc, "'on_max_visits' of state '" + s.name + "' never fires: the state has no "
                                       "'max_visits'");
    if (s.terminal && !s.onEvent.empty())
      diags_.warning(s.onEventLoc, "state '" + s.name + "' is terminal, so its 'on_event' transitions are never taken");
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
      if (!reached.count(s.name)) diags_.warning(s.loc, "state '" + s.name + "' is unreachable from entry '" + wf.entry + "'");
  // Every non-terminal state must be able to reach a terminal one. A transition to an unknown
  // state was reported above; it counts as able to finish, so the typo is not reported a second
  // time as a loop.
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
      diags_.warning(s.loc, "no terminal state can be reached from state '" + s.name +
                                "': a run that enters it ends only at a budget (max_visits, engine.budget) or "
                                "never (mark a state 'terminal: true' or add a transition to one)");
}

}  // namespace wfc::sema

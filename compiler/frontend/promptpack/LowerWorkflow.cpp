// The workflow: its states, what each runs (a composition, or a prompt as a conversation), its
// transitions, visits and artifacts, and the engine's budget. Whether the states connect —
// targets, reachability, a terminal state — and whether a composition can give the events its
// state expects are checked on the IR (sema/WorkflowChecks).
#include "frontend/promptpack/Lowering.h"

namespace wfc::promptpack {

void Lowering::lowerWorkflow() {
  if (!pack_.workflow) return;
  const WorkflowDecl &decl = *pack_.workflow;
  ir::Workflow wf;
  wf.loc = pack_.workflow.loc();
  wf.entry = *decl.entry;
  wf.entryLoc = decl.entry.loc();
  if (decl.engine && decl.engine->budget) {
    const BudgetDecl &budget = *decl.engine->budget;
    if (budget.maxTotalVisits) wf.budget.maxTotalVisits = static_cast<unsigned>(*budget.maxTotalVisits);
    if (budget.maxToolCalls) wf.budget.maxToolCalls = static_cast<unsigned>(*budget.maxToolCalls);
    if (budget.maxWallTimeSec) wf.budget.maxWallTimeSec = static_cast<unsigned>(*budget.maxWallTimeSec);
  }
  for (const Named<StateDecl> &entry : decl.states.value) {
    if (!entry.wellFormed) {
      module_->unlowered.states.insert(entry.name);  // reported by the shape checker
      continue;
    }
    ir::State state;
    state.name = entry.name;
    state.loc = entry.keyLoc;
    lowerState(state, entry.decl);
    wf.states.push_back(std::move(state));
  }
  module_->workflow = std::move(wf);
}

void Lowering::lowerState(ir::State &state, const StateDecl &decl) {
  const std::string &orchestration = *decl.orchestration;
  if (orchestration == "composition") {
    state.kind = ir::State::Kind::Composition;
    if (!decl.composition.written()) {
      diags_.error(decl.orchestration.loc(), "state '" + state.name + "' has orchestration 'composition' but no "
                                             "'composition' naming the composition to run");
    } else {
      state.composition = lookupComposition(decl.composition, "state '" + state.name + "'");
    }
    if (decl.promptTask)
      diags_.warning(decl.promptTask.loc(), "'prompt_task' is not used in state '" + state.name +
                                                "': its composition does the state's work");
  } else {
    state.kind = orchestration == "external" ? ir::State::Kind::External : ir::State::Kind::Internal;
    std::string mode = orchestration.empty() ? "internal (the default)" : orchestration;
    if (decl.composition)
      diags_.error(decl.composition.loc(), "state '" + state.name + "' is " + mode +
                                               ": only a state with orchestration: composition may name a "
                                               "'composition'");
    if (!decl.promptTask.written())
      diags_.error(state.loc, "state '" + state.name + "' is " + mode +
                                  " and needs a 'prompt_task' (or orchestration: composition with a 'composition')");
    else
      state.prompt = lookupPrompt(decl.promptTask, "state '" + state.name + "'");
  }
  state.terminal = decl.terminal && *decl.terminal;
  // RFC 0014: an absent control is `user`; PromptKit's control: agent continues the turn.
  state.agentControl = *decl.control == "agent";
  if (state.agentControl && state.terminal)
    diags_.warning(decl.control.loc(), "state '" + state.name + "' is terminal, so 'control: agent' has no effect: a turn "
                                       "never continues past a terminal state (RFC 0014)");
  if (state.agentControl && state.kind != ir::State::Kind::Internal)
    diags_.warning(decl.control.loc(), "'control: agent' is read only by internal states: state '" + state.name +
                                           "' is " + std::string(ir::spell(state.kind)) +
                                           ", so its transitions do not come from the model");
  state.persistent = *decl.persistence == "persistent";
  if (decl.persistence && *decl.persistence != "persistent" && *decl.persistence != "transient")
    diags_.warning(decl.persistence.loc(), "'persistence' of state '" + state.name + "' is '" + *decl.persistence +
                                               "'; PromptKit reads 'persistent' (the state's conversation resumes on "
                                               "re-entry) and 'transient' (the default: it starts afresh)");
  if (decl.skills) {
    state.skills = *decl.skills;
    state.skillsLoc = decl.skills.loc();
  }
  if (decl.maxVisits) state.maxVisits = static_cast<unsigned>(*decl.maxVisits);
  state.onMaxVisits = *decl.onMaxVisits;
  state.onMaxVisitsLoc = decl.onMaxVisits.loc();
  for (const Named<ArtifactDecl> &a : decl.artifacts.value)
    state.artifacts.push_back({a.name, *a.decl.type, *a.decl.mode == "append"});
  state.onEventKeyLoc = decl.onEvent.keyLoc;
  state.onEventLoc = decl.onEvent.loc();
  for (const Named<Text> &e : decl.onEvent.value)
    if (e.wellFormed) state.onEvent.push_back({e.name, *e.decl, e.keyLoc, e.decl.loc()});
}

}  // namespace wfc::promptpack

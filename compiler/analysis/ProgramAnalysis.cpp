#include "analysis/ProgramAnalysis.h"

#include "ir/EvalTriggers.h"
#include "support/DidYouMean.h"

namespace wfc::analysis {
namespace {

// The entry, or nullopt after reporting why there is none. `runsWorkflow` is set when the
// workflow's state machine runs.
std::optional<const ir::Composition *> chooseEntry(const ir::Module &module, const ProgramOptions &options,
                                                   DiagnosticEngine &diags, bool &runsWorkflow, bool &chat) {
  runsWorkflow = false;
  chat = false;
  std::vector<std::string> names;
  for (const auto &c : module.compositions) names.push_back(c->name);
  names.insert(names.end(), module.unlowered.compositions.begin(), module.unlowered.compositions.end());
  if (!options.composition.empty()) {
    if (const ir::Composition *c = module.findComposition(options.composition)) return c;
    if (module.unlowered.compositions.count(options.composition)) return std::nullopt;  // reported
    std::string suffix = didYouMeanSuffix(options.composition, names);
    diags.error(Location::inFile(module.sourcePath),
                "no composition named '" + options.composition + "' in this pack" +
                    (suffix.empty() && !names.empty() ? "; it has " + quotedList(names, "and") : suffix));
    return std::nullopt;
  }
  if (module.workflow) {
    const auto &states = module.workflow->states;
    // One terminal composition state: running it is running that composition, so such packs
    // compile exactly as the composition alone.
    if (states.size() == 1 && states[0].kind == ir::State::Kind::Composition && states[0].composition &&
        states[0].onEvent.empty())
      return states[0].composition;
    runsWorkflow = true;
    return nullptr;
  }
  // No workflow: Function-style, with exactly one composition (docs/language/promptpack.md).
  // Neither: a chat program of the pack's prompts, as PromptKit runs such packs.
  if (names.empty()) {
    if (!module.prompts.empty()) {
      chat = true;
      return nullptr;
    }
    diags.error(module.loc, "the pack has no 'workflow', no 'compositions' and no 'prompts': there is nothing to run");
    return std::nullopt;
  }
  if (names.size() > 1) {
    diags.error(module.loc, "the pack has no 'workflow' and " + std::to_string(names.size()) + " compositions (" +
                                quotedList(names, "and") + "); add a workflow or choose one with --composition");
    return std::nullopt;
  }
  if (module.compositions.empty()) return std::nullopt;  // its declaration was reported
  return module.compositions.front().get();
}

std::vector<const ir::Composition *> reachable(const ir::Module &module, const std::vector<const ir::Composition *> &roots) {
  std::set<const ir::Composition *> reached(roots.begin(), roots.end());
  std::vector<const ir::Composition *> work(roots.begin(), roots.end());
  while (!work.empty()) {
    const ir::Composition *c = work.back();
    work.pop_back();
    ir::forEachStep(c->steps, [&](const ir::Step &s) {
      if (s.kind == ir::StepKind::Subflow && s.callee && reached.insert(s.callee).second) work.push_back(s.callee);
    });
  }
  std::vector<const ir::Composition *> out;
  if (!roots.empty()) out.push_back(roots.front());
  for (const auto &c : module.compositions)
    if ((roots.empty() || c.get() != roots.front()) && reached.count(c.get())) out.push_back(c.get());
  return out;
}

// The skills conversations are offered (docs/promptkit.md "Skills"): activating one offers the
// pack tools its allowed-tools name, which the runtime then runs for the model, so they need
// bindings like a prompt's own tools. A pack whose skills no conversation is offered is told so.
void offerSkills(const ir::Module &module, const std::set<const ir::Skill *> &offered, Program &program,
                 std::set<const ir::Tool *> &bound, DiagnosticEngine &diags) {
  for (const ir::Skill &skill : module.skills) {
    if (!offered.count(&skill)) continue;
    program.skills.push_back(&skill);
    for (const ir::Tool *t : skill.grants) {
      program.offered.insert(t);
      program.called.insert(t);
      if (bound.insert(t).second)
        program.needsBinding.push_back({t, skill.loc, "skill '" + skill.name + "' offers it to the model once "
                                                      "activated (its allowed-tools list it)"});
    }
  }
  if (!module.skills.empty() && program.skills.empty())
    diags.warning(module.skills.front().loc,
                  "the pack's skills are never offered: only chat turns, agent steps and internal workflow states "
                  "converse with a model, and none of them runs here (or every state's 'skills' is 'none')");
}

// A chat program: every prompt is a task; a turn offers the prompt's tools (the runtime runs
// them for the model, so they need bindings) and runs its every-turn evals.
Program analyzeChat(const ir::Module &module, DiagnosticEngine &diags) {
  Program program;
  program.chat = true;
  std::set<const ir::Eval *> evals;
  std::set<const ir::Tool *> bound;
  for (const auto &p : module.prompts) {
    program.prompts.push_back(p.get());
    for (const ir::Tool *t : p->tools) {
      program.offered.insert(t);
      program.called.insert(t);
      if (bound.insert(t).second)
        program.needsBinding.push_back({t, p->loc, "prompt '" + p->key + "' offers it to the model in a chat turn"});
    }
    // The prompt's own evals first, then the pack's it does not override (as for steps).
    program.turnEvals[p.get()] = module.promptEvals(*p, ir::runsOnEveryTurn);
    program.sessionEvals[p.get()] = module.promptEvals(*p, ir::runsAtSessionEnd);
    for (const auto *list : {&program.turnEvals[p.get()], &program.sessionEvals[p.get()]})
      evals.insert(list->begin(), list->end());
    for (const ir::Validator &v : p->validators)
      if (v.check) evals.insert(v.check);
    // A chat turn has no workflow to read from.
    for (const ir::TemplatePiece &piece : p->systemTemplate.pieces)
      if (piece.kind == ir::TemplatePiece::Kind::WorkflowContext || piece.kind == ir::TemplatePiece::Kind::Artifact) {
        diags.error(p->loc, "prompt '" + p->key + "' reads " +
                                (piece.kind == ir::TemplatePiece::Kind::Artifact ? "{{artifacts." + piece.text + "}}"
                                                                                 : std::string("{{workflow_context}}")) +
                                ", but a pack of prompts alone compiles to a chat executable, which has no workflow "
                                "(docs/promptkit.md \"Chat executables\"); pass the value as a variable instead");
        break;
      }
  }
  // An eval no turn and no conversation's end runs: its trigger belongs to workflow steps.
  const std::vector<std::string> &triggers = ir::evalTriggers();
  for (const auto &e : module.evals)
    if (e->enabled && !e->validatorOf && !evals.count(e.get()) && !ir::runsOnEveryTurn(e->trigger) &&
        !ir::runsAtSessionEnd(e->trigger) && std::find(triggers.begin(), triggers.end(), e->trigger) != triggers.end())
      diags.warning(e->triggerLoc.isValid() ? e->triggerLoc : e->loc,
                    "eval '" + e->name + "' never runs: its trigger '" + e->trigger + "' fires after workflow steps, "
                    "and a pack of prompts alone compiles to a chat executable, which has none (use every_turn or "
                    "on_session_complete)");
  // Every prompt is a task already, so a judging prompt needs nothing more.
  for (const auto &e : module.evals)
    if (evals.count(e.get())) program.evals.push_back(e.get());
  std::set<const ir::Skill *> skills;
  for (const ir::Skill *skill : module.skillsIn(nullptr)) skills.insert(skill);
  if (!module.prompts.empty()) offerSkills(module, skills, program, bound, diags);
  return program;
}

}  // namespace

std::optional<Program> analyzeProgram(const ir::Module &module, const ProgramOptions &options, DiagnosticEngine &diags) {
  bool runsWorkflow = false, chat = false;
  std::optional<const ir::Composition *> entry = chooseEntry(module, options, diags, runsWorkflow, chat);
  if (!entry) return std::nullopt;
  if (chat) return analyzeChat(module, diags);
  Program program;
  program.entry = *entry;
  if (runsWorkflow) program.workflow = &*module.workflow;

  std::vector<const ir::Composition *> roots;
  if (program.entry) {
    roots.push_back(program.entry);
  } else {
    for (const ir::State &s : program.workflow->states)
      if (s.composition && std::find(roots.begin(), roots.end(), s.composition) == roots.end())
        roots.push_back(s.composition);
  }
  program.compositions = reachable(module, roots);

  std::set<const ir::Prompt *> prompts;
  std::set<const ir::Eval *> evals;
  std::set<const ir::Tool *> bound;
  auto need = [&](const ir::Tool *tool, llvm::SMLoc loc, std::string role) {
    if (tool && bound.insert(tool).second) program.needsBinding.push_back({tool, loc, std::move(role)});
  };
  // Internal and external states run prompts too; an internal state offers its prompt's tools
  // (and the runtime runs them for the model).
  if (program.workflow)
    for (const ir::State &st : program.workflow->states) {
      if (!st.prompt) continue;
      prompts.insert(st.prompt);
      if (st.kind != ir::State::Kind::Internal) continue;
      for (const ir::Tool *t : st.prompt->tools) {
        program.offered.insert(t);
        program.called.insert(t);
        need(t, st.loc, "internal state '" + st.name + "' offers it to the model (its prompt '" + st.prompt->key +
                            "' lists it)");
      }
    }
  // An agent that is a conversation on its prompt runs that prompt (docs/serve.md "A2A agents");
  // its tools are those of a state that runs it, offered above.
  if (module.agents.is_object())
    for (const ir::Json &m : module.agents["members"])
      if (!m.contains("state"))
        if (const ir::Prompt *p = module.findPrompt(m.value("key", ""))) prompts.insert(p);
  for (const ir::Composition *c : program.compositions)
    ir::forEachStep(c->steps, [&](const ir::Step &s) {
      if (s.kind == ir::StepKind::Tool && s.tool) {
        program.called.insert(s.tool);
        need(s.tool, s.loc, "step '" + s.id + "' calls it");
      }
      if ((s.kind == ir::StepKind::Prompt || s.kind == ir::StepKind::Agent || s.kind == ir::StepKind::Judge) && s.prompt)
        prompts.insert(s.prompt);
      // An agent's tool_called tool is offered but need not be bound: its call ends the loop,
      // and it runs only when it is bound (docs/semantics.md "Agent step").
      if (s.kind == ir::StepKind::Agent)
        for (const ir::Tool *t : s.tools) {
          program.offered.insert(t);
          if (t == s.toolCalled) continue;
          program.called.insert(t);
          need(t, s.loc, "step '" + s.id + "' offers it to the model");
        }
      evals.insert(s.modifiers.runEvals.begin(), s.modifiers.runEvals.end());
    });
  // Agent steps converse with every skill; an internal state with those its filter selects.
  std::set<const ir::Skill *> skills;
  bool agents = false;
  for (const ir::Composition *c : program.compositions)
    ir::forEachStep(c->steps, [&](const ir::Step &s) { agents |= s.kind == ir::StepKind::Agent; });
  if (agents)
    for (const ir::Skill *skill : module.skillsIn(nullptr)) skills.insert(skill);
  if (program.workflow)
    for (const ir::State &st : program.workflow->states)
      if (st.kind == ir::State::Kind::Internal && st.prompt)
        for (const ir::Skill *skill : module.skillsIn(&st)) skills.insert(skill);
  offerSkills(module, skills, program, bound, diags);
  // A tool composition's rollback actions call tools too (docs/tool-composition.md).
  for (const ir::Composition *c : program.compositions)
    for (const auto &action : c->rollbacks)
      if (action->tool) {
        program.called.insert(action->tool);
        need(action->tool, action->loc, "the rollback of step '" + action->rollbackOf->id + "' calls it");
      }
  // An llm_judge eval runs its prompt, and a prompt's validators score with evals of their own
  // (docs/promptkit.md "Validators"), which may judge with prompts of their own: to a fixpoint.
  for (bool grew = true; grew;) {
    grew = false;
    for (const ir::Prompt *p : std::vector<const ir::Prompt *>(prompts.begin(), prompts.end()))
      for (const ir::Validator &v : p->validators)
        if (v.check) grew |= evals.insert(v.check).second;
    for (const ir::Eval *e : std::vector<const ir::Eval *>(evals.begin(), evals.end()))
      if (e->judge) grew |= prompts.insert(e->judge).second;
  }
  for (const auto &e : module.evals)
    if (evals.count(e.get())) program.evals.push_back(e.get());
  for (const auto &p : module.prompts)
    if (prompts.count(p.get())) program.prompts.push_back(p.get());
  // A prompt no request can be made with (docs/promptkit.md "Validators") fails only what uses it;
  // a run that would use it cannot run.
  auto usable = [&](const ir::Prompt *p, llvm::SMLoc loc, const std::string &user) {
    if (p && !p->unusable.empty())
      diags.error(loc, user + " uses prompt '" + p->key + "', which cannot be used: its " + p->unusable);
  };
  if (program.workflow)
    for (const ir::State &st : program.workflow->states) usable(st.prompt, st.loc, "state '" + st.name + "'");
  for (const ir::Composition *c : program.compositions)
    ir::forEachStep(c->steps, [&](const ir::Step &s) { usable(s.prompt, s.loc, "step '" + s.id + "'"); });
  for (const ir::Eval *e : program.evals) usable(e->judge, e->loc, "eval '" + e->name + "'");
  return program;
}

}  // namespace wfc::analysis

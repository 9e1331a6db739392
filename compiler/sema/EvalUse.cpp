// Which evals each step runs (docs/evals.md): those its `modifiers.eval` names (a prompt's own
// eval overriding the pack's of the same id), then the every_turn/sample_turns evals that apply
// to its prompt; disabled ones left out, with a warning where a step names one. Evals no step
// runs are warned about.
#include "sema/ModuleChecker.h"

#include "ir/EvalTriggers.h"

namespace wfc::sema {

void ModuleChecker::resolveEvalUse() {
  std::set<const ir::Eval *> named;
  for (auto &c : module_.compositions)
    ir::forEachMutableStep(c->steps, [&](ir::Step &s) {
      if ((s.kind == ir::StepKind::Branch || s.kind == ir::StepKind::Parallel) && !s.modifiers.evals.empty()) {
        diags_.error(s.loc, "step '" + s.id + "' is a " + ir::spell(s.kind) + ": evals run after a step's attempt, and a " +
                                ir::spell(s.kind) + " has none of its own; name them on the steps it runs");
        return;
      }
      auto add = [&](const ir::Eval *e) {
        for (const ir::Eval *have : s.modifiers.runEvals)
          if (have->name == e->name) return;
        s.modifiers.runEvals.push_back(e);
      };
      for (const std::string &id : s.modifiers.evals) {
        const ir::Eval *e = nullptr;
        if (s.prompt && std::find(s.prompt->evals.begin(), s.prompt->evals.end(), id) != s.prompt->evals.end())
          e = module_.findEval(s.prompt->key + "/" + id);  // the prompt's own overrides the pack's
        if (!e) e = module_.findEval(id);
        if (!e) continue;  // reported by the lowering
        named.insert(e);
        if (!e->enabled) {
          diags_.warning(s.loc, "step '" + s.id + "' names eval '" + id + "', which is disabled ('enabled: false'): it does not run");
          continue;
        }
        add(e);
      }
      if ((s.kind != ir::StepKind::Prompt && s.kind != ir::StepKind::Agent) || !s.prompt) return;
      // Every turn: the prompt's own evals, then the pack's that the prompt does not override.
      for (const ir::Eval *e : module_.promptEvals(*s.prompt, ir::runsOnEveryTurn)) add(e);
    });
  // A pack of prompts alone is a chat program, which runs its every-turn evals on each reply and
  // its session evals when the conversation ends (analysis::analyzeChat).
  if (module_.compositions.empty() && !module_.workflow && module_.unlowered.compositions.empty()) return;
  const std::vector<std::string> &triggers = ir::evalTriggers();
  for (const auto &e : module_.evals) {
    if (named.count(e.get()) || ir::runsOnEveryTurn(e->trigger) || !e->enabled) continue;
    if (std::find(triggers.begin(), triggers.end(), e->trigger) == triggers.end()) continue;  // reported
    diags_.warning(e->triggerLoc.isValid() ? e->triggerLoc : e->loc,
                   "eval '" + e->name + "' never runs: wfc runs evals after steps, so a '" + e->trigger +
                       "' eval runs only where a step names it in 'modifiers.eval' (or use trigger every_turn)");
  }
}

}  // namespace wfc::sema

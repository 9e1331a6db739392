// Effects (docs/semantics.md "Effects"): what running a step may do to the world — none, read
// or write. A tool step has its tool's, an agent the strongest of the tools it is offered, a
// sub-workflow call its callee's, a built-in action its own (a shell command writes), and a
// block the strongest of its inner steps'.
#include "sema/ModuleChecker.h"

namespace wfc::sema {

ir::Effect ModuleChecker::effectOf(const ir::Step &s) {
  if (auto it = effects_.find(&s); it != effects_.end()) return it->second;
  ir::Effect e = ir::Effect::None;
  switch (s.kind) {
    case ir::StepKind::Tool: e = s.tool ? s.tool->effect : ir::Effect::Write; break;
    case ir::StepKind::Agent:
      for (const ir::Tool *t : s.tools) e = std::max(e, t->effect);
      break;
    case ir::StepKind::Subflow:
      if (s.callee) e = effectOf(*s.callee);
      break;
    case ir::StepKind::Action:
      switch (s.action) {
        case ir::ActionKind::Shell:
        case ir::ActionKind::WriteFile: e = ir::Effect::Write; break;
        case ir::ActionKind::ReadFile: e = ir::Effect::Read; break;
        // A notification is a line in the trace; a stop ends the run; the run's input is data.
        case ir::ActionKind::ParseJson:
        case ir::ActionKind::Notify:
        case ir::ActionKind::Stop:
        case ir::ActionKind::ReadInput: break;
      }
      break;
    default: break;
  }
  for (const auto &child : s.children) e = std::max(e, effectOf(*child));
  effects_[&s] = e;
  return e;
}

ir::Effect ModuleChecker::effectOf(const ir::Composition &c) {
  if (!effectInProgress_.insert(&c).second) return ir::Effect::None;  // recursion: reported elsewhere
  ir::Effect e = ir::Effect::None;
  for (const auto &s : c.steps) e = std::max(e, effectOf(*s));
  effectInProgress_.erase(&c);
  return e;
}

// `retry` repeats the whole attempt, so it repeats a write step's side effects.
void ModuleChecker::checkRetry(const ir::Step &s) {
  if (s.modifiers.maxAttempts <= 1 || s.effect != ir::Effect::Write || s.kind == ir::StepKind::Prompt ||
      s.kind == ir::StepKind::Judge || s.kind == ir::StepKind::Branch || (s.kind == ir::StepKind::Tool && !s.tool))
    return;
  diags_.warning(s.modifiers.retryLoc.isValid() ? s.modifiers.retryLoc : s.loc,
                 "'retry' on step '" + s.id + "' may repeat its side effects: " +
                     (s.kind == ir::StepKind::Tool    ? "tool '" + s.tool->name + "' has"
                      : s.kind == ir::StepKind::Agent ? std::string("its tools have")
                                                      : std::string("steps inside it have")) +
                     " 'write' effects (if repeating it is safe, declare the effect none or read: extensions.wfc.effects in a "
                     "pack, or 'effects:' beside the tool's binding)");
}

}  // namespace wfc::sema

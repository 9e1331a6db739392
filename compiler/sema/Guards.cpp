// Guarded steps run only when chosen: a branch's targets, a step's wfc.on_error fallback. The
// lowering names them; here they become guards, with the rules that keep the choice
// well-defined (docs/semantics.md "Branch", "Errors"): a target is a later step of the same list,
// a step is guarded by at most one branch or failure, a parallel's branches start together so
// none of them can guard. Steps are visited in declaration order, a branch's targets before
// its own fallback, so a conflict is reported at the second claim.
#include "sema/ModuleChecker.h"

namespace wfc::sema {

void ModuleChecker::assignGuards(ir::Composition &c) {
  ir::forEachMutableStep(c.steps, [&](ir::Step &s) {
    if (s.kind == ir::StepKind::Branch) assignBranchTargets(s);
    if (s.modifiers.fallback) assignFallback(s);
  });
}

void ModuleChecker::assignBranchTargets(ir::Step &branch) {
  for (bool isThen : {true, false}) {
    const ir::Step *&slot = isThen ? branch.thenStep : branch.elseStep;
    if (!slot) continue;
    ir::Step *t = const_cast<ir::Step *>(slot);
    llvm::SMLoc at = isThen ? branch.thenLoc : branch.elseLoc;
    slot = nullptr;  // set again below when the target is valid
    if (branch.parent && branch.parent->kind == ir::StepKind::Parallel) {
      diags_.error(at, "branch '" + branch.id + "' is a branch of parallel '" + branch.parent->id +
                           "', whose branches all start together: it cannot decide whether '" + t->id +
                           "' runs (put the branch and its targets in a wfc.subflow)");
      continue;
    }
    if (t->parent != branch.parent || t->index <= branch.index) {
      diags_.error(at, "branch target '" + t->id + "' must be a later step of the same steps list as branch '" +
                           branch.id + "'")
          .note(t->loc, "'" + t->id + "' is declared here");
      continue;
    }
    if (t->guard == ir::Guard::Fallback) {
      diags_.error(at, "step '" + t->id + "' is the 'wfc.on_error' fallback of '" + t->guardedBy->id +
                           "', so it cannot also be a branch target")
          .note(t->guardedBy->loc, "'" + t->guardedBy->id + "' names it as its fallback");
      continue;
    }
    if (t->guard != ir::Guard::None) {
      diags_.error(at, "step '" + t->id + "' is already the target of branch '" + t->guardedBy->id +
                           "'; a step may be the target of at most one branch")
          .note(t->guardedBy->loc, "'" + t->guardedBy->id + "' targets it here");
      continue;
    }
    t->guard = isThen ? ir::Guard::Then : ir::Guard::Else;
    t->guardedBy = &branch;
    slot = t;
  }
}

void ModuleChecker::assignFallback(ir::Step &s) {
  ir::Step *f = const_cast<ir::Step *>(s.modifiers.fallback);
  llvm::SMLoc at = s.modifiers.fallbackLoc;
  s.modifiers.fallback = nullptr;  // set again below when the fallback is valid
  if (f == &s) {
    diags_.error(at, "step '" + s.id + "' cannot be its own fallback");
  } else if (f->guard != ir::Guard::None) {
    diags_.error(at, "fallback step '" + f->id + "' is already guarded by '" + f->guardedBy->id +
                         "'; a fallback must run only as the fallback")
        .note(f->guardedBy->loc, "'" + f->guardedBy->id + "' guards it");
  } else if (s.parent && s.parent->kind == ir::StepKind::Parallel) {
    diags_.error(at, "step '" + s.id + "' is a branch of parallel '" + s.parent->id +
                         "', whose branches all start together, so it cannot have a fallback step there; use "
                         "'wfc.on_error: {value: …}' or a wfc.subflow");
  } else if (f->parent != s.parent) {
    diags_.error(at, "fallback step '" + f->id + "' must be in the same steps list as '" + s.id + "'");
  } else if (f->index <= s.index) {
    diags_.error(at, "fallback step '" + f->id + "' must come after '" + s.id + "' in its steps list: it runs only once '" +
                         s.id + "' has failed")
        .note(f->loc, "'" + f->id + "' is declared here");
  } else {
    f->guard = ir::Guard::Fallback;
    f->guardedBy = &s;
    s.modifiers.fallback = f;
  }
}

void ModuleChecker::checkOutput(const ir::Composition &c) {
  const ir::Step *s = c.output;
  if (!s) return;
  if (const ir::Step *scope = iterationScope(*s))
    diags_.error(c.outputLoc, "the composition's output cannot be '" + s->id + "', which runs inside '" + scope->id +
                                  "'; name '" + scope->id + "' instead");
  const ir::Step *why = nullptr;
  if (maySkip(*s, &why)) {
    const ir::Step *guarded = s;
    while (guarded->guard == ir::Guard::None && guarded->parent) guarded = guarded->parent;
    diags_.warning(c.outputLoc, "the composition's output is step '" + s->id +
                                    "', which may be skipped; a run that skips it fails (exit 1)")
        .note(why->loc, guarded->guard == ir::Guard::Fallback
                            ? "'" + guarded->id + "' runs only when step '" + why->id + "' fails"
                            : "'" + guarded->id + "' runs only when '" + why->id + "' chooses it");
  }
}

}  // namespace wfc::sema

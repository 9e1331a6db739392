// References (`${…}`): resolution to what they name, scope rules, data edges, warnings for steps
// that may have been skipped, and the type each reference reaches. A reference's root says what it
// names (docs/semantics.md "References (`${…}`)"); each root is resolved by a function of its
// own, which consumes the part of the path the root needs and returns the type the rest of the
// path starts from.
#include "sema/ModuleChecker.h"

#include "ir/ReferenceWalk.h"
#include "support/DidYouMean.h"

namespace wfc::sema {

// One reference being resolved: where it is used, and the part of its path its root has not
// consumed yet.
struct ModuleChecker::ReferenceSite {
  ir::Composition &c;
  ir::Reference &ref;
  ir::Step *from;
  bool inExists;
  // The reference is evaluated inside `from`'s own scope (a wfc.loop's `until` sees that
  // iteration's inner steps).
  bool insideFrom;
  std::string shown;                  // the reference as written, quoted, for messages
  std::vector<ir::PathElement> rest;  // the path after what the root consumed

  // Consumes the next key of the path (only `expected`, when given).
  std::optional<std::string> takeKey(const char *expected = nullptr) {
    if (rest.empty() || rest.front().isIndex()) return std::nullopt;
    std::string k = rest.front().key;
    if (expected && k != expected) return std::nullopt;
    rest.erase(rest.begin());
    return k;
  }

  // The nearest enclosing step of a kind, counting `from` itself for `until`.
  const ir::Step *enclosing(ir::StepKind kind) const {
    if (insideFrom && from->kind == kind) return from;
    for (const ir::Step *p = from->parent; p; p = p->parent)
      if (p->kind == kind) return p;
    return nullptr;
  }
};

void ModuleChecker::resolveReferences(ir::Composition &c) {
  ir::forEachMutableStep(c.steps, [&](ir::Step &s) {
    for (ir::Boxed<ir::Value> *v : {&s.input, &s.args, &s.items, &s.target, &s.workingDir})
      if (*v)
        ir::forEachValueReference(**v, [&](ir::Reference &r) {
          if (auto t = resolveReference(c, r, &s, false)) refTypes_.insert_or_assign(&r, *t);
        });
    if (s.kind == ir::StepKind::Branch) checkPredicate(c, s.predicate, &s, false);
    if (s.kind == ir::StepKind::Loop) checkPredicate(c, s.predicate, &s, true);
  });
  // A rollback action reads what its step and the steps before it produced (the dialect
  // checked which); it is outside the step graph, so it adds no edge.
  for (auto &action : c.rollbacks)
    if (action->args)
      ir::forEachValueReference(*action->args, [&](ir::Reference &r) {
        if (auto t = resolveReference(c, r, action.get(), false)) refTypes_.insert_or_assign(&r, *t);
      });
}

std::optional<ValueType> ModuleChecker::resolveReference(ir::Composition &c, ir::Reference &ref,
                                                         ir::Step *from, bool inExists, bool insideFrom) {
  if (ref.text.empty()) return std::nullopt;
  // A dialect's variables (AWL, docs/awl.md): resolved and typed by the dialect, which knows
  // where each is captured.
  if (ref.root == ir::RefRoot::Variable || ref.root == ir::RefRoot::Env || ref.root == ir::RefRoot::RunId)
    return ValueType::unknown();
  ReferenceSite site{c, ref, from, inExists, insideFrom, "'" + ir::spell(ref) + "'", ref.path};
  const std::string &root = ref.name;
  std::optional<ValueType> type;
  if (root == "input")
    type = resolveInputRoot(site);
  else if (root == "workflow")
    type = resolveWorkflowRoot(site);
  else if (root == "item" || root == "item_index")
    type = resolveItemRoot(site);
  else if (root == "loop")
    type = resolveLoopRoot(site);
  else
    type = resolveStepRoot(site);
  if (!type) return std::nullopt;
  ref.path = site.rest;
  return typeAlongPath(site, *type);
}

// The type the rest of the path reaches from its root's.
std::optional<ValueType> ModuleChecker::typeAlongPath(const ReferenceSite &site, ValueType type) {
  for (const ir::PathElement &e : site.rest) {
    TypeNavigator::Step next = nav_.step(type, e);
    if (!next.type) {
      diags_.error(site.ref.loc, "invalid reference " + site.shown + ": " + next.error);
      return std::nullopt;
    }
    type = *next.type;
  }
  return type;
}

// ${input…}: the composition's input, typed by its input schema.
std::optional<ValueType> ModuleChecker::resolveInputRoot(ReferenceSite &site) {
  site.ref.root = ir::RefRoot::Input;
  return ValueType::of(site.c.inputSchema);
}

// ${workflow.context…} and ${workflow.artifacts.NAME…}: what a workflow's states hand on.
std::optional<ValueType> ModuleChecker::resolveWorkflowRoot(ReferenceSite &site) {
  std::optional<std::string> what = site.takeKey();
  if (what == "context") {
    site.ref.root = ir::RefRoot::WorkflowContext;
    return ValueType::unknown();
  }
  if (what == "artifacts") return resolveWorkflowArtifact(site);
  diags_.error(site.ref.loc, "invalid reference " + site.shown +
                                 ": the workflow offers ${workflow.context…} and ${workflow.artifacts.NAME…}");
  return std::nullopt;
}

// ${workflow.artifacts.NAME…}: an artifact some workflow state declares.
std::optional<ValueType> ModuleChecker::resolveWorkflowArtifact(ReferenceSite &site) {
  std::optional<std::string> name = site.takeKey();
  if (!name) {
    diags_.error(site.ref.loc, "write an artifact reference as ${workflow.artifacts.NAME}");
    return std::nullopt;
  }
  std::set<std::string> artifacts;
  if (module_.workflow)
    for (const ir::State &st : module_.workflow->states)
      for (const ir::Artifact &a : st.artifacts) artifacts.insert(a.name);
  if (!artifacts.count(*name)) {
    std::vector<std::string> names(artifacts.begin(), artifacts.end());
    std::string suffix = didYouMeanSuffix(*name, names);
    diags_.error(site.ref.loc, "unknown artifact '" + *name + "' in " + site.shown +
                                   (suffix.empty() ? "; declare it in a workflow state's 'artifacts'" : suffix));
    return std::nullopt;
  }
  site.ref.root = ir::RefRoot::WorkflowArtifact;
  site.ref.name = *name;
  return ValueType::unknown();
}

// ${item…} and ${item_index}: the nearest wfc.foreach's, or wfc.loop over items' (AWL's foreach).
std::optional<ValueType> ModuleChecker::resolveItemRoot(ReferenceSite &site) {
  const ir::Step *foreach = nullptr;
  for (const ir::Step *p = site.insideFrom ? site.from : site.from->parent; p && !foreach; p = p->parent)
    if (p->kind == ir::StepKind::Foreach || (p->kind == ir::StepKind::Loop && p->items)) foreach = p;
  if (!foreach) {
    diags_.error(site.ref.loc, site.shown + " is only available inside a wfc.foreach step");
    return std::nullopt;
  }
  if (site.ref.name == "item_index") {
    site.ref.root = ir::RefRoot::ItemIndex;
    return ValueType::number();
  }
  site.ref.root = ir::RefRoot::Item;
  // An item is an element of the items, when their reference was typed.
  if (foreach->items && foreach->items->kind == ir::Value::Kind::Reference) {
    auto it = refTypes_.find(&foreach->items->ref);
    if (it != refTypes_.end()) {
      TypeNavigator::Step element = nav_.step(it->second, ir::PathElement{"", 0});
      if (element.type) return *element.type;
    }
  }
  return ValueType::unknown();
}

// ${loop.iteration} and ${loop.previous.STEP.output…}: the nearest wfc.loop's.
std::optional<ValueType> ModuleChecker::resolveLoopRoot(ReferenceSite &site) {
  const ir::Step *loop = site.enclosing(ir::StepKind::Loop);
  if (!loop) {
    diags_.error(site.ref.loc, site.shown + " is only available inside a wfc.loop step");
    return std::nullopt;
  }
  std::optional<std::string> what = site.takeKey();
  if (what == "iteration") {
    site.ref.root = ir::RefRoot::LoopIteration;
    return ValueType::number();
  }
  if (what == "previous") return resolveLoopPrevious(site, *loop);
  diags_.error(site.ref.loc, "invalid reference " + site.shown +
                                 ": a loop offers ${loop.iteration} and ${loop.previous.STEP.output…}");
  return std::nullopt;
}

// ${loop.previous.STEP.output…}: what a step of the loop produced in the previous iteration.
std::optional<ValueType> ModuleChecker::resolveLoopPrevious(ReferenceSite &site, const ir::Step &loop) {
  std::optional<std::string> name = site.takeKey();
  ir::Step *s = name ? findStep(site.c, *name) : nullptr;
  if (!s || !contains(loop, *s) || iterationScope(*s) != &loop) {
    std::vector<std::string> inner;
    ir::forEachStep(loop.children, [&](const ir::Step &x) { inner.push_back(x.id); });
    diags_.error(site.ref.loc, "invalid reference " + site.shown + ": ${loop.previous.STEP.output…} names a step of "
                                   "wfc.loop '" + loop.id + "'" +
                                   (name ? didYouMeanSuffix(*name, inner) : std::string()));
    return std::nullopt;
  }
  if (!site.takeKey("output")) {
    diags_.error(site.ref.loc, "invalid reference " + site.shown + ": write ${loop.previous." + s->id + ".output…}");
    return std::nullopt;
  }
  site.ref.root = ir::RefRoot::LoopPrevious;
  site.ref.name = s->id;
  site.ref.step = s;
  ValueType type = stepType(*s);
  warnIfAbsentInFirstIteration(site, loop, *s);
  return type;
}

// ${loop.previous…} is absent in the first iteration: outside an `exists` test, iteration 0 fails
// unless a branch inside the loop guards the step; the loop's own `until` reads it after
// iteration 0 too, where only an earlier `exists` operand of an all_of keeps that evaluation from
// failing.
void ModuleChecker::warnIfAbsentInFirstIteration(const ReferenceSite &site, const ir::Step &loop, const ir::Step &s) {
  if (site.inExists) return;
  bool guarded = false;
  for (const ir::Step *p = site.from; p && p != &loop; p = p->parent) guarded |= p->guard != ir::Guard::None;
  if (!guarded && !site.insideFrom)
    diags_.warning(site.ref.loc, site.shown + " is absent in the first iteration of '" + loop.id +
                                     "', so iteration 0 fails (exit 1) unless a branch tests it with 'exists' "
                                     "and guards step '" + site.from->id + "'");
  else if (site.insideFrom && !existsTested_.count(&s))
    diags_.warning(site.ref.loc, site.shown + " is absent in the first iteration of '" + loop.id +
                                     "', so its 'until' fails after iteration 0 (exit 1); test it with 'exists' "
                                     "first, in an all_of");
}

// ${STEP.output…}: a step's output, from a step the reference may see; the use is a data edge.
std::optional<ValueType> ModuleChecker::resolveStepRoot(ReferenceSite &site) {
  const std::string &root = site.ref.name;
  ir::Step *s = findStep(site.c, root);
  if (!s) {
    if (unlowered(site.c, root)) return std::nullopt;
    std::vector<std::string> names = stepIds(site.c);
    names.insert(names.begin(), {"input", "workflow"});
    std::string suffix = didYouMeanSuffix(root, names);
    diags_.error(site.ref.loc, "unknown step '" + root + "' in reference " + site.shown +
                                   (suffix.empty() ? "; a reference starts with 'input', 'workflow' or a step id"
                                                   : suffix));
    return std::nullopt;
  }
  if (!site.takeKey("output")) {
    const std::vector<ir::PathElement> &rest = site.rest;
    std::string got = rest.empty() ? "nothing" : rest.front().isIndex() ? "an index" : "'" + rest.front().key + "'";
    diags_.error(site.ref.loc, "invalid reference " + site.shown + ": a step's value is its output; write ${" + s->id +
                                   ".output…} (found " + got + " after '" + s->id + "')");
    return std::nullopt;
  }
  site.ref.root = ir::RefRoot::StepOutput;
  site.ref.step = s;
  // A loop's `until` sees that iteration's inner steps; any other step it names is an ordinary
  // dependency of the loop.
  site.insideFrom = site.insideFrom && contains(*site.from, *s);
  if (!stepOutputInScope(site, *s)) return std::nullopt;
  warnIfMaybeSkipped(site, *s);
  if (!site.insideFrom && !site.from->rollbackOf) {  // a rollback action is outside the step graph
    ir::Step *from = site.from;
    if (std::find(from->dataDeps.begin(), from->dataDeps.end(), s) == from->dataDeps.end())
      from->dataDeps.push_back(s);
    edges_.push_back({s, from, "'" + from->id + "' uses the output of '" + s->id + "'", site.ref.loc});
  }
  return stepType(*s);
}

// Whether the step using the reference can see `s`'s output: not its own, not that of a step it
// runs inside or that runs inside it, not across concurrent parallel branches, not from outside
// the iteration `s` runs in, and not from the fallback of `s`'s own failure.
bool ModuleChecker::stepOutputInScope(const ReferenceSite &site, const ir::Step &s) {
  const ir::Step *from = site.from;
  llvm::SMLoc loc = site.ref.loc;
  const std::string &shown = site.shown;
  if (&s == from && !site.insideFrom) {
    diags_.error(loc, "step '" + from->id + "' refers to its own output in " + shown);
    return false;
  }
  if (contains(s, *from)) {
    diags_.error(loc, "step '" + from->id + "' runs inside '" + s.id + "', so it cannot use the output of '" + s.id +
                          "' " + shown);
    return false;
  }
  if (contains(*from, s) && !site.insideFrom) {
    diags_.error(loc, "step '" + from->id + "' cannot use the output of '" + s.id + "', which runs inside it, in " +
                          shown);
    return false;
  }
  for (const ir::Step *p = from->parent; p; p = p->parent) {
    if (p->kind != ir::StepKind::Parallel || !contains(*p, s)) continue;
    const ir::Step *a = from, *b = &s;
    while (a->parent != p) a = a->parent;
    while (b->parent != p) b = b->parent;
    if (a != b) {
      diags_.error(loc, "step '" + from->id + "' cannot use the output of '" + s.id +
                            "': they are in different branches of parallel '" + p->id + "', which run concurrently")
          .note(s.loc, "'" + s.id + "' is declared here");
      return false;
    }
    break;
  }
  if (const ir::Step *scope = iterationScope(s);
      scope && !contains(*scope, *from) && !(site.insideFrom && scope == from)) {
    diags_.error(loc, "'" + s.id + "' runs inside " + ir::spell(scope->kind) + " '" + scope->id +
                          "'; outside it, use ${" + scope->id + ".output…}");
    return false;
  }
  if (from->guard == ir::Guard::Fallback && from->guardedBy == &s && !site.inExists) {
    diags_.error(loc, "step '" + from->id + "' runs only after '" + s.id + "' has failed, so " + shown +
                          " is never available there");
    return false;
  }
  return true;
}

// A step that runs only when a branch takes one side, or only when another step fails, may have
// been skipped: reading its output outside an `exists` test fails the run then.
void ModuleChecker::warnIfMaybeSkipped(const ReferenceSite &site, const ir::Step &s) {
  const ir::Step *skippable = nullptr;
  for (const ir::Step *p = &s; p && !skippable; p = p->parent)
    if (p->guard != ir::Guard::None) skippable = p;
  if (site.inExists || !skippable || skippable == site.from || contains(*skippable, *site.from) ||
      existsTested_.count(skippable) || existsTested_.count(&s))
    return;
  const ir::Step *guard = skippable->guardedBy;
  std::string when = skippable->guard == ir::Guard::Fallback
                         ? "only when step '" + guard->id + "' fails"
                         : "only when branch '" + guard->id + "' takes '" +
                               (skippable->guard == ir::Guard::Then ? "then" : "else") + "'";
  diags_.warning(site.ref.loc, "step '" + s.id + "' may have been skipped (it runs " + when + "); if it was, " +
                                   site.shown + " fails the run (exit 1). Test it with an 'exists' predicate first")
      .note(guard->loc, "'" + guard->id + "' decides here");
}

void ModuleChecker::checkPredicate(ir::Composition &c, ir::Predicate &p, ir::Step *from, bool insideFrom) {
  if (p.kind == ir::Predicate::Kind::AllOf) {
    // all_of stops at the first false operand, so after `{path: ${s.output}, exists: true}` the
    // later operands may use `s` even if it may have been skipped.
    std::set<const ir::Step *> saved = existsTested_;
    for (ir::Predicate &op : p.operands) {
      checkPredicate(c, op, from, insideFrom);
      if (op.kind == ir::Predicate::Kind::Exists && op.exists && op.path.step) existsTested_.insert(op.path.step);
    }
    existsTested_ = std::move(saved);
    return;
  }
  if (p.kind == ir::Predicate::Kind::Expression) {
    ir::forEachExpressionReference(*p.expression, [&](ir::Reference &r) {
      if (auto t = resolveReference(c, r, from, false, insideFrom)) refTypes_.insert_or_assign(&r, *t);
    });
    return;
  }
  if (p.kind == ir::Predicate::Kind::AnyOf || p.kind == ir::Predicate::Kind::Not) {
    for (ir::Predicate &op : p.operands) checkPredicate(c, op, from, insideFrom);
    return;
  }
  std::optional<ValueType> type =
      resolveReference(c, p.path, from, p.kind == ir::Predicate::Kind::Exists, insideFrom);
  if (!type || p.kind != ir::Predicate::Kind::Compare) return;
  checkComparison(p, *type);
}

}  // namespace wfc::sema

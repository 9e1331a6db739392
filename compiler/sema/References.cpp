// References (`${…}`): resolution to what they name, scope rules, data edges, warnings for steps
// that may have been skipped, and the type each reference reaches.
#include "sema/ModuleChecker.h"

#include "ir/ReferenceWalk.h"
#include "support/DidYouMean.h"

namespace wfc::sema {

void ModuleChecker::resolveReferences(ir::Composition &c) {
  ir::forEachMutableStep(c.steps, [&](ir::Step &s) {
    for (std::optional<ir::Value> *v : {&s.input, &s.args, &s.items, &s.target, &s.workingDir})
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
  const std::string shown = "'" + ir::spell(ref) + "'";
  std::vector<ir::PathElement> rest = ref.path;
  auto takeKey = [&](const char *expected) -> std::optional<std::string> {
    if (rest.empty() || rest.front().isIndex()) return std::nullopt;
    std::string k = rest.front().key;
    if (expected && k != expected) return std::nullopt;
    rest.erase(rest.begin());
    return k;
  };
  // The nearest enclosing block of a kind, counting `from` itself for `until`.
  auto enclosing = [&](ir::StepKind kind) -> const ir::Step * {
    if (insideFrom && from->kind == kind) return from;
    for (const ir::Step *p = from->parent; p; p = p->parent)
      if (p->kind == kind) return p;
    return nullptr;
  };
  ValueType type = ValueType::unknown();
  const std::string &root = ref.name;

  if (root == "input") {
    ref.root = ir::RefRoot::Input;
    type = ValueType::of(c.inputSchema);
  } else if (root == "workflow") {
    std::optional<std::string> what = takeKey(nullptr);
    if (what == "context") {
      ref.root = ir::RefRoot::WorkflowContext;
    } else if (what == "artifacts") {
      std::optional<std::string> name = takeKey(nullptr);
      if (!name) {
        diags_.error(ref.loc, "write an artifact reference as ${workflow.artifacts.NAME}");
        return std::nullopt;
      }
      std::set<std::string> artifacts;
      if (module_.workflow)
        for (const ir::State &st : module_.workflow->states)
          for (const ir::Artifact &a : st.artifacts) artifacts.insert(a.name);
      if (!artifacts.count(*name)) {
        std::vector<std::string> names(artifacts.begin(), artifacts.end());
        std::string suffix = didYouMeanSuffix(*name, names);
        diags_.error(ref.loc, "unknown artifact '" + *name + "' in " + shown +
                                      (suffix.empty() ? "; declare it in a workflow state's 'artifacts'" : suffix));
        return std::nullopt;
      }
      ref.root = ir::RefRoot::WorkflowArtifact;
      ref.name = *name;
    } else {
      diags_.error(ref.loc, "invalid reference " + shown +
                                    ": the workflow offers ${workflow.context…} and ${workflow.artifacts.NAME…}");
      return std::nullopt;
    }
  } else if (root == "item" || root == "item_index") {
    // The nearest wfc.foreach, or wfc.loop over items (AWL's foreach).
    const ir::Step *foreach = nullptr;
    for (const ir::Step *p = insideFrom ? from : from->parent; p && !foreach; p = p->parent)
      if (p->kind == ir::StepKind::Foreach || (p->kind == ir::StepKind::Loop && p->items)) foreach = p;
    if (!foreach) {
      diags_.error(ref.loc, shown + " is only available inside a wfc.foreach step");
      return std::nullopt;
    }
    if (root == "item_index") {
      ref.root = ir::RefRoot::ItemIndex;
      type = ValueType::number();
    } else {
      ref.root = ir::RefRoot::Item;
      if (foreach->items && foreach->items->kind == ir::Value::Kind::Reference) {
        auto it = refTypes_.find(&foreach->items->ref);
        if (it != refTypes_.end()) {
          TypeNavigator::Step element = nav_.step(it->second, ir::PathElement{"", 0});
          if (element.type) type = *element.type;
        }
      }
    }
  } else if (root == "loop") {
    const ir::Step *loop = enclosing(ir::StepKind::Loop);
    if (!loop) {
      diags_.error(ref.loc, shown + " is only available inside a wfc.loop step");
      return std::nullopt;
    }
    std::optional<std::string> what = takeKey(nullptr);
    if (what == "iteration") {
      ref.root = ir::RefRoot::LoopIteration;
      type = ValueType::number();
    } else if (what == "previous") {
      std::optional<std::string> name = takeKey(nullptr);
      ir::Step *s = nullptr;
      if (name) s = findStep(c, *name);
      if (!s || !contains(*loop, *s) || iterationScope(*s) != loop) {
        std::vector<std::string> inner;
        ir::forEachStep(loop->children, [&](const ir::Step &x) { inner.push_back(x.id); });
        diags_.error(ref.loc, "invalid reference " + shown + ": ${loop.previous.STEP.output…} names a step of "
                                      "wfc.loop '" + loop->id + "'" +
                                      (name ? didYouMeanSuffix(*name, inner) : std::string()));
        return std::nullopt;
      }
      if (!takeKey("output")) {
        diags_.error(ref.loc, "invalid reference " + shown + ": write ${loop.previous." + s->id + ".output…}");
        return std::nullopt;
      }
      ref.root = ir::RefRoot::LoopPrevious;
      ref.name = s->id;
      ref.step = s;
      type = stepType(*s);
      // Absent in the first iteration: outside an `exists` test, iteration 0 fails unless a
      // branch inside the loop guards the step.
      bool guarded = false;
      for (const ir::Step *p = from; p && p != loop; p = p->parent) guarded |= p->guard != ir::Guard::None;
      if (!inExists && !guarded && !insideFrom)
        diags_.warning(ref.loc, shown + " is absent in the first iteration of '" + loop->id +
                                        "', so iteration 0 fails (exit 1) unless a branch tests it with 'exists' "
                                        "and guards step '" + from->id + "'");
      // The loop's own `until` reads it after iteration 0 too: only an earlier `exists` operand
      // of an all_of keeps that evaluation from failing.
      else if (!inExists && insideFrom && !existsTested_.count(s))
        diags_.warning(ref.loc, shown + " is absent in the first iteration of '" + loop->id +
                                        "', so its 'until' fails after iteration 0 (exit 1); test it with 'exists' "
                                        "first, in an all_of");
    } else {
      diags_.error(ref.loc, "invalid reference " + shown +
                                    ": a loop offers ${loop.iteration} and ${loop.previous.STEP.output…}");
      return std::nullopt;
    }
  } else {
    ir::Step *s = findStep(c, root);
    if (!s) {
      if (unlowered(c, root)) return std::nullopt;
      std::vector<std::string> names = stepIds(c);
      names.insert(names.begin(), {"input", "workflow"});
      std::string suffix = didYouMeanSuffix(root, names);
      diags_.error(ref.loc, "unknown step '" + root + "' in reference " + shown +
                                    (suffix.empty() ? "; a reference starts with 'input', 'workflow' or a step id" : suffix));
      return std::nullopt;
    }
    if (rest.empty() || rest.front().isIndex() || rest.front().key != "output") {
      std::string got = rest.empty() ? "nothing" : rest.front().isIndex() ? "an index" : "'" + rest.front().key + "'";
      diags_.error(ref.loc, "invalid reference " + shown + ": a step's value is its output; write ${" + s->id +
                                    ".output…} (found " + got + " after '" + s->id + "')");
      return std::nullopt;
    }
    rest.erase(rest.begin());
    ref.root = ir::RefRoot::StepOutput;
    ref.step = s;
    // A loop's `until` sees that iteration's inner steps; any other step it names is an
    // ordinary dependency of the loop.
    insideFrom = insideFrom && contains(*from, *s);
    if (s == from && !insideFrom) {
      diags_.error(ref.loc, "step '" + from->id + "' refers to its own output in " + shown);
      return std::nullopt;
    }
    if (contains(*s, *from)) {
      diags_.error(ref.loc, "step '" + from->id + "' runs inside '" + s->id + "', so it cannot use the output of '" +
                                    s->id + "' " + shown);
      return std::nullopt;
    }
    if (contains(*from, *s) && !insideFrom) {
      diags_.error(ref.loc, "step '" + from->id + "' cannot use the output of '" + s->id +
                                    "', which runs inside it, in " + shown);
      return std::nullopt;
    }
    for (const ir::Step *p = from->parent; p; p = p->parent) {
      if (p->kind != ir::StepKind::Parallel || !contains(*p, *s)) continue;
      const ir::Step *a = from, *b = s;
      while (a->parent != p) a = a->parent;
      while (b->parent != p) b = b->parent;
      if (a != b) {
        diags_.error(ref.loc, "step '" + from->id + "' cannot use the output of '" + s->id +
                                      "': they are in different branches of parallel '" + p->id +
                                      "', which run concurrently")
            .note(s->loc, "'" + s->id + "' is declared here");
        return std::nullopt;
      }
      break;
    }
    if (const ir::Step *scope = iterationScope(*s); scope && !contains(*scope, *from) && !(insideFrom && scope == from)) {
      diags_.error(ref.loc, "'" + s->id + "' runs inside " + ir::spell(scope->kind) + " '" + scope->id +
                                    "'; outside it, use ${" + scope->id + ".output…}");
      return std::nullopt;
    }
    if (from->guard == ir::Guard::Fallback && from->guardedBy == s && !inExists) {
      diags_.error(ref.loc, "step '" + from->id + "' runs only after '" + s->id + "' has failed, so " + shown +
                                    " is never available there");
      return std::nullopt;
    }
    const ir::Step *guard = nullptr;
    const ir::Step *skippable = nullptr;
    for (const ir::Step *p = s; p && !skippable; p = p->parent)
      if (p->guard != ir::Guard::None) skippable = p;
    if (skippable) guard = skippable->guardedBy;
    if (!inExists && skippable && skippable != from && !contains(*skippable, *from) &&
        !existsTested_.count(skippable) && !existsTested_.count(s)) {
      std::string when = skippable->guard == ir::Guard::Fallback
                             ? "only when step '" + guard->id + "' fails"
                             : "only when branch '" + guard->id + "' takes '" +
                                   (skippable->guard == ir::Guard::Then ? "then" : "else") + "'";
      diags_.warning(ref.loc, "step '" + s->id + "' may have been skipped (it runs " + when +
                                      "); if it was, " + shown +
                                      " fails the run (exit 1). Test it with an 'exists' predicate first")
          .note(guard->loc, "'" + guard->id + "' decides here");
    }
    if (!insideFrom && !from->rollbackOf) {  // a rollback action is outside the step graph
      if (std::find(from->dataDeps.begin(), from->dataDeps.end(), s) == from->dataDeps.end())
        from->dataDeps.push_back(s);
      edges_.push_back({s, from, "'" + from->id + "' uses the output of '" + s->id + "'", ref.loc});
    }
    type = stepType(*s);
  }
  ref.path = rest;

  for (const ir::PathElement &e : rest) {
    TypeNavigator::Step next = nav_.step(type, e);
    if (!next.type) {
      diags_.error(ref.loc, "invalid reference " + shown + ": " + next.error);
      return std::nullopt;
    }
    type = *next.type;
  }
  return type;
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

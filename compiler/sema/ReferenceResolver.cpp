// References (`${…}`): resolution, scope rules, data edges, types — and the type checks that
// need types: predicates, tool arguments, sub-workflow inputs, fallback values.
#include "sema/CompositionBuilder.h"

#include "support/DidYouMean.h"

namespace wfc::sema {
namespace {

std::string article(const std::string &type) {
  if (type == "null") return "null";
  return (type == "integer" || type == "array" || type == "object" ? "an " : "a ") + type;
}

void forEachReference(ir::Value &v, const std::function<void(ir::Reference &)> &fn) {
  switch (v.kind) {
    case ir::Value::Kind::Literal: return;
    case ir::Value::Kind::Reference: fn(v.ref); return;
    case ir::Value::Kind::Interpolation:
      for (auto &piece : v.pieces)
        if (auto *r = std::get_if<ir::Reference>(&piece)) fn(*r);
      return;
    case ir::Value::Kind::Object:
      for (auto &m : v.members) forEachReference(m.value, fn);
      return;
    case ir::Value::Kind::Array:
      for (ir::Value &e : v.elements) forEachReference(e, fn);
      return;
  }
}

bool sameValue(const ir::Json &a, const ir::Json &b) {
  if (a.is_number() && b.is_number()) return a.get<double>() == b.get<double>();  // 1 == 1.0
  return a == b;
}

// Whether `value` is one of `jt`'s enum values; fills `options` with them, spelled for messages.
bool inEnum(const JsonTypes &jt, const ir::Json &value, std::vector<std::string> &options) {
  bool found = false;
  for (const ir::Json &e : *jt.enumValues) {
    found |= sameValue(value, e);
    options.push_back(e.is_string() ? e.get<std::string>() : e.dump());
  }
  return found;
}

std::string enumText(const ir::Json &value) {
  return value.is_string() ? value.get<std::string>() : value.dump();
}

}  // namespace

void CompositionBuilder::resolveReferences(ir::Composition &c) {
  ir::forEachStep(c.steps, [&](const ir::Step &cs) {
    ir::Step &s = const_cast<ir::Step &>(cs);
    for (std::optional<ir::Value> *v : {&s.input, &s.args, &s.items, &s.target})
      if (*v)
        forEachReference(**v, [&](ir::Reference &r) {
          if (auto t = resolveReference(c, r, &s, false)) refTypes_.insert_or_assign(&r, *t);
        });
    if (s.kind == ir::StepKind::Branch) checkPredicate(c, s.predicate, &s, false);
    if (s.kind == ir::StepKind::Loop) checkPredicate(c, s.predicate, &s, true);
  });
}

std::optional<ValueType> CompositionBuilder::resolveReference(ir::Composition &c, ir::Reference &ref,
                                                              ir::Step *from, bool inExists, bool insideFrom) {
  if (ref.text.empty()) return std::nullopt;
  const std::string shown = "'${" + ref.text + "}'";
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
    type = ctx_.typeOf(compInfo_[&c].decl->inputSchema);
  } else if (root == "workflow") {
    std::optional<std::string> what = takeKey(nullptr);
    if (what == "context") {
      ref.root = ir::RefRoot::WorkflowContext;
    } else if (what == "artifacts") {
      std::optional<std::string> name = takeKey(nullptr);
      if (!name) {
        ctx_.diags.error(ref.loc, "write an artifact reference as ${workflow.artifacts.NAME}");
        return std::nullopt;
      }
      if (!ctx_.artifactNames.count(*name)) {
        std::vector<std::string> names(ctx_.artifactNames.begin(), ctx_.artifactNames.end());
        std::string suffix = didYouMeanSuffix(*name, names);
        ctx_.diags.error(ref.loc, "unknown artifact '" + *name + "' in " + shown +
                                      (suffix.empty() ? "; declare it in a workflow state's 'artifacts'" : suffix));
        return std::nullopt;
      }
      ref.root = ir::RefRoot::WorkflowArtifact;
      ref.name = *name;
    } else {
      ctx_.diags.error(ref.loc, "invalid reference " + shown +
                                    ": the workflow offers ${workflow.context…} and ${workflow.artifacts.NAME…}");
      return std::nullopt;
    }
  } else if (root == "item" || root == "item_index") {
    const ir::Step *foreach = enclosing(ir::StepKind::Foreach);
    if (!foreach) {
      ctx_.diags.error(ref.loc, shown + " is only available inside a wfc.foreach step");
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
          TypeNavigator::Step element = ctx_.nav.step(it->second, ir::PathElement{"", 0});
          if (element.type) type = *element.type;
        }
      }
    }
  } else if (root == "loop") {
    const ir::Step *loop = enclosing(ir::StepKind::Loop);
    if (!loop) {
      ctx_.diags.error(ref.loc, shown + " is only available inside a wfc.loop step");
      return std::nullopt;
    }
    std::optional<std::string> what = takeKey(nullptr);
    if (what == "iteration") {
      ref.root = ir::RefRoot::LoopIteration;
      type = ValueType::number();
    } else if (what == "previous") {
      std::optional<std::string> name = takeKey(nullptr);
      ir::Step *s = nullptr;
      if (name)
        if (auto found = compInfo_[&c].ids.find(*name); found != compInfo_[&c].ids.end()) s = found->second;
      if (!s || !contains(*loop, *s) || iterationScope(*s) != loop) {
        std::vector<std::string> inner;
        ir::forEachStep(loop->children, [&](const ir::Step &x) { inner.push_back(x.id); });
        ctx_.diags.error(ref.loc, "invalid reference " + shown + ": ${loop.previous.STEP.output…} names a step of "
                                      "wfc.loop '" + loop->id + "'" +
                                      (name ? didYouMeanSuffix(*name, inner) : std::string()));
        return std::nullopt;
      }
      if (!takeKey("output")) {
        ctx_.diags.error(ref.loc, "invalid reference " + shown + ": write ${loop.previous." + s->id + ".output…}");
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
        ctx_.diags.warning(ref.loc, shown + " is absent in the first iteration of '" + loop->id +
                                        "', so iteration 0 fails (exit 1) unless a branch tests it with 'exists' "
                                        "and guards step '" + from->id + "'");
      // The loop's own `until` reads it after iteration 0 too: only an earlier `exists` operand
      // of an all_of keeps that evaluation from failing.
      else if (!inExists && insideFrom && !existsTested_.count(s))
        ctx_.diags.warning(ref.loc, shown + " is absent in the first iteration of '" + loop->id +
                                        "', so its 'until' fails after iteration 0 (exit 1); test it with 'exists' "
                                        "first, in an all_of");
    } else {
      ctx_.diags.error(ref.loc, "invalid reference " + shown +
                                    ": a loop offers ${loop.iteration} and ${loop.previous.STEP.output…}");
      return std::nullopt;
    }
  } else {
    CompositionInfo &info = compInfo_[&c];
    auto it = info.ids.find(root);
    if (it == info.ids.end()) {
      if (info.poisoned.count(root)) return std::nullopt;
      std::vector<std::string> names = stepIds(c);
      names.insert(names.begin(), {"input", "workflow"});
      std::string suffix = didYouMeanSuffix(root, names);
      ctx_.diags.error(ref.loc, "unknown step '" + root + "' in reference " + shown +
                                    (suffix.empty() ? "; a reference starts with 'input', 'workflow' or a step id" : suffix));
      return std::nullopt;
    }
    ir::Step *s = it->second;
    if (rest.empty() || rest.front().isIndex() || rest.front().key != "output") {
      std::string got = rest.empty() ? "nothing" : rest.front().isIndex() ? "an index" : "'" + rest.front().key + "'";
      ctx_.diags.error(ref.loc, "invalid reference " + shown + ": a step's value is its output; write ${" + s->id +
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
      ctx_.diags.error(ref.loc, "step '" + from->id + "' refers to its own output in " + shown);
      return std::nullopt;
    }
    if (contains(*s, *from)) {
      ctx_.diags.error(ref.loc, "step '" + from->id + "' runs inside '" + s->id + "', so it cannot use the output of '" +
                                    s->id + "' " + shown);
      return std::nullopt;
    }
    if (contains(*from, *s) && !insideFrom) {
      ctx_.diags.error(ref.loc, "step '" + from->id + "' cannot use the output of '" + s->id +
                                    "', which runs inside it, in " + shown);
      return std::nullopt;
    }
    for (const ir::Step *p = from->parent; p; p = p->parent) {
      if (p->kind != ir::StepKind::Parallel || !contains(*p, *s)) continue;
      const ir::Step *a = from, *b = s;
      while (a->parent != p) a = a->parent;
      while (b->parent != p) b = b->parent;
      if (a != b) {
        ctx_.diags.error(ref.loc, "step '" + from->id + "' cannot use the output of '" + s->id +
                                      "': they are in different branches of parallel '" + p->id +
                                      "', which run concurrently")
            .note(s->loc, "'" + s->id + "' is declared here");
        return std::nullopt;
      }
      break;
    }
    if (const ir::Step *scope = iterationScope(*s); scope && !contains(*scope, *from) && !(insideFrom && scope == from)) {
      ctx_.diags.error(ref.loc, "'" + s->id + "' runs inside " + ir::spell(scope->kind) + " '" + scope->id +
                                    "'; outside it, use ${" + scope->id + ".output…}");
      return std::nullopt;
    }
    if (from->guard == ir::Guard::Fallback && from->guardedBy == s && !inExists) {
      ctx_.diags.error(ref.loc, "step '" + from->id + "' runs only after '" + s->id + "' has failed, so " + shown +
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
      ctx_.diags.warning(ref.loc, "step '" + s->id + "' may have been skipped (it runs " + when +
                                      "); if it was, " + shown +
                                      " fails the run (exit 1). Test it with an 'exists' predicate first")
          .note(guard->loc, "'" + guard->id + "' decides here");
    }
    if (!insideFrom) {
      if (std::find(from->dataDeps.begin(), from->dataDeps.end(), s) == from->dataDeps.end())
        from->dataDeps.push_back(s);
      edges_.push_back({s, from, "'" + from->id + "' uses the output of '" + s->id + "'", ref.loc});
    }
    type = stepType(*s);
  }
  ref.path = rest;

  for (const ir::PathElement &e : rest) {
    TypeNavigator::Step next = ctx_.nav.step(type, e);
    if (!next.type) {
      ctx_.diags.error(ref.loc, "invalid reference " + shown + ": " + next.error);
      return std::nullopt;
    }
    type = *next.type;
  }
  return type;
}

void CompositionBuilder::checkPredicate(ir::Composition &c, ir::Predicate &p, ir::Step *from, bool insideFrom) {
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
  if (p.kind == ir::Predicate::Kind::AnyOf || p.kind == ir::Predicate::Kind::Not) {
    for (ir::Predicate &op : p.operands) checkPredicate(c, op, from, insideFrom);
    return;
  }
  std::optional<ValueType> type =
      resolveReference(c, p.path, from, p.kind == ir::Predicate::Kind::Exists, insideFrom);
  if (!type || p.kind != ir::Predicate::Kind::Compare) return;
  JsonTypes jt = ctx_.nav.jsonTypes(*type);
  const std::string path = "${" + p.path.text + "}";
  llvm::SMLoc at = p.valueLoc.isValid() ? p.valueLoc : p.loc;
  // Why `value` can never be the path's value, or "" when it can.
  auto impossible = [&](const ir::Json &value) -> std::string {
    if (!jt.allowsValue(value))
      return "'" + path + "' is " + jt.describe() + ", never " + article(jsonTypeName(value)) + " like " + value.dump();
    std::vector<std::string> options;
    if (jt.enumValues && value.is_primitive() && !inEnum(jt, value, options))
      return "'" + path + "' is never " + value.dump() + ": its schema allows only " + quotedList(options) +
             didYouMeanSuffix(enumText(value), options);
    return "";
  };
  switch (p.op) {
    case ir::CompareOp::Equals:
    case ir::CompareOp::NotEquals:
      if (std::string why = impossible(p.value); !why.empty()) {
        if (p.op == ir::CompareOp::Equals) ctx_.diags.error(at, why);
        else ctx_.diags.warning(at, why + " (so this test is always true)");
      }
      break;
    case ir::CompareOp::In:
    case ir::CompareOp::NotIn: {
      if (!p.value.is_array()) {
        ctx_.diags.error(at, "'" + std::string(ir::spell(p.op)) + "' takes a list of values, not " +
                                 article(jsonTypeName(p.value)));
        break;
      }
      std::vector<std::pair<size_t, std::string>> never;
      for (size_t i = 0; i < p.value.size(); ++i)
        if (std::string why = impossible(p.value[i]); !why.empty()) never.emplace_back(i, why);
      auto itemLoc = [&](size_t i) { return i < p.valueItemLocs.size() ? p.valueItemLocs[i] : at; };
      if (!never.empty() && never.size() == p.value.size()) {
        // No item can match: `in` is always false (an error), `not_in` always true (a warning).
        std::string what = "no value in the list can ever match: " + never.front().second;
        if (p.op == ir::CompareOp::In) ctx_.diags.error(at, what);
        else ctx_.diags.warning(at, what + " (so this test is always true)");
        break;
      }
      for (const auto &[i, why] : never) ctx_.diags.warning(itemLoc(i), why + " (this item never matches)");
      break;
    }
    default: {
      std::string vt = jsonTypeName(p.value);
      bool numeric = vt == "integer" || vt == "number";
      if (!numeric && vt != "string") {
        ctx_.diags.error(at, "'" + std::string(ir::spell(p.op)) + "' compares numbers or strings, not " + article(vt));
        break;
      }
      if (!jt.any() && !(numeric ? jt.allows("number") : jt.allows("string")))
        ctx_.diags.error(at, "'" + path + "' is " + jt.describe() + "; '" + ir::spell(p.op) +
                                 "' cannot compare it with " + article(vt));
    }
  }
}

void CompositionBuilder::checkValueAgainst(const ir::Value &v, const ValueType &expected, const std::string &what,
                                           const std::string &path) {
  if (expected.isUnknown()) return;
  JsonTypes jt = ctx_.nav.jsonTypes(expected);
  // "the arguments of tool 'x'" or "'content' in the arguments of tool 'x'".
  const std::string subject = path.empty() ? what : "'" + path + "' in " + what;
  auto join = [&](const std::string &key) { return path.empty() ? key : path + "." + key; };
  auto mismatch = [&](llvm::SMLoc at, const std::string &found) {
    ctx_.diags.error(at, subject + " must be " + jt.describe() + ", not " + found);
  };
  switch (v.kind) {
    case ir::Value::Kind::Literal: {
      std::string t = jsonTypeName(v.literal);
      if (!jt.allowsValue(v.literal)) {
        mismatch(v.loc, article(t));
        return;
      }
      std::vector<std::string> options;
      if (jt.enumValues && v.literal.is_primitive() && !inEnum(jt, v.literal, options))
        ctx_.diags.error(v.loc, subject + " must be one of " + quotedList(options) + ", not " + v.literal.dump() +
                                    didYouMeanSuffix(enumText(v.literal), options));
      return;
    }
    case ir::Value::Kind::Interpolation:
      if (!jt.allows("string")) mismatch(v.loc, "a string (an interpolated reference is text)");
      return;
    case ir::Value::Kind::Reference: {
      auto it = refTypes_.find(&v.ref);
      if (it == refTypes_.end()) return;
      JsonTypes rt = ctx_.nav.jsonTypes(it->second);
      if (rt.any() || jt.any()) return;
      for (const std::string &t : rt.types)
        if (jt.allows(t)) return;
      ctx_.diags.error(v.ref.loc, subject + " must be " + jt.describe() + ", but '${" + v.ref.text + "}' is " + rt.describe());
      return;
    }
    case ir::Value::Kind::Object: {
      if (!jt.allows("object")) {
        mismatch(v.loc, "an object");
        return;
      }
      for (const auto &[key, member] : v.members) {
        TypeNavigator::Step next = ctx_.nav.step(expected, ir::PathElement{key, std::nullopt});
        if (!next.type) {
          ctx_.diags.error(member.loc, "unexpected field '" + join(key) + "' in " + what + next.suggestion);
          continue;
        }
        checkValueAgainst(member, *next.type, what, join(key));
      }
      if (expected.kind() == ValueType::Kind::Schema) {
        SchemaNode s = ctx_.nav.deref(expected.schemaNode());
        if (s.node && s.node->isMapping())
          for (const auto &[name, loc] : stringList(*s.node, "required")) {
            bool present = false;
            for (const auto &m : v.members) present |= m.key == name;
            if (!present) ctx_.diags.error(v.loc, "missing required field '" + join(name) + "' in " + what);
          }
      }
      return;
    }
    case ir::Value::Kind::Array:
      if (!jt.allows("array")) {
        mismatch(v.loc, "a list");
        return;
      }
      for (size_t i = 0; i < v.elements.size(); ++i) {
        TypeNavigator::Step next = ctx_.nav.step(expected, ir::PathElement{"", i});
        if (next.type) checkValueAgainst(v.elements[i], *next.type, what, path + "[" + std::to_string(i) + "]");
      }
      return;
  }
}

ValueType CompositionBuilder::stepType(const ir::Step &s) {
  if (auto it = stepTypes_.find(&s); it != stepTypes_.end()) return it->second;
  if (!typing_.insert(&s).second) return ValueType::unknown();
  const StepDecl *decl = stepInfo_[&s].decl;
  auto declared = [&]() -> std::optional<ValueType> {
    if (decl && decl->outputSchema && decl->outputSchema->schema) return ctx_.typeOf(decl->outputSchema);
    return std::nullopt;
  };
  auto reduced = [&](const ValueType &inner) {
    return ValueType::object({{s.reduce ? s.reduce->into : std::string(), inner}});
  };
  ValueType t = ValueType::unknown();
  switch (s.kind) {
    case ir::StepKind::Prompt: t = declared().value_or(ValueType::string()); break;
    case ir::StepKind::Agent:
      // Without an output_schema, the reply text — or, when the loop ends through
      // `tool_called`, that call's arguments.
      t = declared().value_or(s.toolCalled ? ValueType::unknown() : ValueType::string());
      break;
    case ir::StepKind::Tool: break;  // tools declare their parameters, not their results
    case ir::StepKind::Branch:  // SPEC §3: {"taken": "then"|"else"|null}
      t = ValueType::object({{"taken", ValueType::enumeration({"then", "else", nullptr})}});
      break;
    case ir::StepKind::Parallel:
      if (!s.reduce || s.children.empty()) break;
      if (s.reduce->strategy == ir::ReduceStrategy::Barrier) {
        std::vector<std::pair<std::string, ValueType>> fields;
        for (const auto &child : s.children) fields.emplace_back(child->id, stepType(*child));
        t = reduced(ValueType::object(std::move(fields)));
      } else if (s.reduce->strategy == ir::ReduceStrategy::Append) {
        t = reduced(ValueType::array(ValueType::unknown()));
      } else {
        t = reduced(stepType(*s.children.back()));
      }
      break;
    case ir::StepKind::Subflow:
      if (s.callee) t = outputType(*s.callee);
      break;
    case ir::StepKind::Foreach:
      if (s.reduce && !s.children.empty()) {
        if (s.reduce->strategy == ir::ReduceStrategy::Append) t = reduced(ValueType::array(stepType(*s.children.front())));
        else if (s.reduce->strategy == ir::ReduceStrategy::Replace) t = reduced(stepType(*s.children.front()));
        else t = reduced(ValueType::unknown());
      }
      break;
    case ir::StepKind::Loop:
      if (!s.children.empty()) t = stepType(*s.children.back());
      break;
    case ir::StepKind::Judge:
      t = ValueType::object({{"score", ValueType::number()}, {"rationale", ValueType::string()}});
      break;
  }
  typing_.erase(&s);
  stepTypes_.insert_or_assign(&s, t);
  return t;
}

void CompositionBuilder::checkOutputType(const ir::Composition &c) {
  const CompositionDecl &decl = *compInfo_[&c].decl;
  if (!decl.outputSchema || !decl.outputSchema->schema) return;
  const ir::Step *result = c.output;
  if (!result && !c.steps.empty() && c.steps.back()->guard == ir::Guard::None) result = c.steps.back().get();
  if (!result) return;
  JsonTypes expected = ctx_.nav.jsonTypes(ctx_.typeOf(decl.outputSchema));
  JsonTypes actual = ctx_.nav.jsonTypes(stepType(*result));
  if (expected.any() || actual.any()) return;
  for (const std::string &t : actual.types)
    if (expected.allows(t)) return;
  ctx_.diags.error(decl.outputSchema->loc, "composition '" + c.name + "' returns the output of step '" + result->id +
                                               "', which is " + actual.describe() + ", but its output_schema requires " +
                                               expected.describe())
      .note(result->loc, "'" + result->id + "' is declared here");
}

ValueType CompositionBuilder::outputType(const ir::Composition &c) {
  auto info = compInfo_.find(&c);
  if (info == compInfo_.end()) return ValueType::unknown();
  if (info->second.decl->outputSchema && info->second.decl->outputSchema->schema)
    return ctx_.typeOf(info->second.decl->outputSchema);
  if (!typingCompositions_.insert(&c).second) return ValueType::unknown();
  ValueType t = ValueType::unknown();
  if (c.output) t = stepType(*c.output);
  else if (!c.steps.empty() && c.steps.back()->guard == ir::Guard::None) t = stepType(*c.steps.back());
  typingCompositions_.erase(&c);
  return t;
}

ir::Effect CompositionBuilder::effectOf(const ir::Step &s) {
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
    default: break;
  }
  for (const auto &child : s.children) e = std::max(e, effectOf(*child));
  effects_[&s] = e;
  return e;
}

ir::Effect CompositionBuilder::effectOf(const ir::Composition &c) {
  if (!effectInProgress_.insert(&c).second) return ir::Effect::None;  // recursion: reported elsewhere
  ir::Effect e = ir::Effect::None;
  for (const auto &s : c.steps) e = std::max(e, effectOf(*s));
  effectInProgress_.erase(&c);
  return e;
}

void CompositionBuilder::checkStepTypes(ir::Composition &c, ir::Step &s) {
  (void)c;
  const DocNode &node = *stepInfo_[&s].node;
  if (s.kind == ir::StepKind::Tool && s.tool) {
    const DocNode *params = field(*ctx_.toolNodes[s.tool], "parameters");
    if (params) {
      // `#/…` inside a tool's parameters refers to the parameters themselves: that is the
      // document a provider receives.
      ValueType expected = ValueType::schema({&ctx_.doc, params, params});
      std::string what = "the arguments of tool '" + s.tool->name + "'";
      if (s.args) {
        checkValueAgainst(*s.args, expected, what);
      } else {
        for (const auto &[name, loc] : stringList(*params, "required"))
          ctx_.diags.error(s.loc, "step '" + s.id + "' calls tool '" + s.tool->name + "' without 'args', but the tool "
                                  "requires '" + name + "'");
      }
    }
  }
  if (s.kind == ir::StepKind::Subflow && s.callee) {
    const CompositionDecl *callee = compInfo_[s.callee].decl;
    ValueType expected = ctx_.typeOf(callee->inputSchema);
    if (s.input) {
      checkValueAgainst(*s.input, expected, "the input of composition '" + s.callee->name + "'");
    } else if (expected.kind() == ValueType::Kind::Schema) {
      SchemaNode schema = ctx_.nav.deref(expected.schemaNode());
      if (schema.node && schema.node->isMapping())
        for (const auto &[name, loc] : stringList(*schema.node, "required"))
          ctx_.diags.error(s.loc, "step '" + s.id + "' calls composition '" + s.callee->name +
                                      "' without 'input', but its input_schema requires '" + name + "'");
    }
  }
  if (s.kind == ir::StepKind::Foreach && s.items && s.items->kind == ir::Value::Kind::Reference) {
    if (auto it = refTypes_.find(&s.items->ref); it != refTypes_.end()) {
      JsonTypes jt = ctx_.nav.jsonTypes(it->second);
      if (!jt.any() && !jt.allows("array"))
        ctx_.diags.error(s.items->ref.loc, "'items' of step '" + s.id + "' must be a list, but '${" + s.items->ref.text +
                                               "}' is " + jt.describe());
    }
  }
  if (s.prompt && s.kind == ir::StepKind::Judge) {
    // A judge's template sees only `target` and `rubric` (runtime/llm/Judge.h): any other
    // required variable without a default would fail every run.
    for (const ir::Variable &v : s.prompt->variables)
      if (v.required && !v.defaultValue && v.name != "target" && v.name != "rubric")
        ctx_.diags.error(s.loc, "wfc.judge step '" + s.id + "' supplies only the variables 'target' and 'rubric', "
                                "but prompt '" + s.prompt->key + "' requires '" + v.name + "'; give it a default")
            .note(s.prompt->loc, "prompt '" + s.prompt->key + "' declared here");
  }
  if (s.prompt && (s.kind == ir::StepKind::Prompt || s.kind == ir::StepKind::Agent)) {
    // Only an object input binds template variables: find the keys it can have, when known.
    std::optional<std::vector<std::string>> keys;
    if (!s.input || s.input->kind == ir::Value::Kind::Literal || s.input->kind == ir::Value::Kind::Interpolation ||
        s.input->kind == ir::Value::Kind::Array) {
      keys.emplace();
    } else if (s.input->kind == ir::Value::Kind::Object) {
      keys.emplace();
      for (const auto &m : s.input->members) keys->push_back(m.key);
    } else if (auto it = refTypes_.find(&s.input->ref); it != refTypes_.end()) {
      const ValueType &t = it->second;
      JsonTypes jt = ctx_.nav.jsonTypes(t);
      if (!jt.any() && !jt.allows("object")) {
        keys.emplace();
      } else if (t.kind() == ValueType::Kind::Object) {
        keys.emplace();
        for (const auto &f : t.fields()) keys->push_back(f.first);
      } else if (t.kind() == ValueType::Kind::Schema) {
        SchemaNode schema = ctx_.nav.deref(t.schemaNode());
        const DocNode *extra = schema.node && schema.node->isMapping() ? schema.node->get("additionalProperties") : nullptr;
        const DocNode *props = schema.node && schema.node->isMapping() ? schema.node->get("properties") : nullptr;
        if (extra && extra->isBool() && !extra->boolValue && props && props->isMapping()) {  // closed: keys known
          keys.emplace();
          for (const DocEntry &e : props->entries) keys->push_back(e.key);
        }
      }
    }
    if (keys) templates_.checkRequiredVariables(*s.prompt, *keys, s.input ? s.input->loc : s.loc, s.id);
  }
  if (s.modifiers.fallbackValue) {
    const DocNode *mods = field(node, "modifiers");
    const DocNode *onError = mods ? field(*mods, "wfc.on_error") : nullptr;
    const DocNode *value = onError ? field(*onError, "value") : nullptr;
    // The value is a literal: a `${…}` in it would never be resolved.
    std::function<bool(const DocNode &)> hasReference = [&](const DocNode &n) {
      if (n.isString()) {
        llvm::StringRef t(n.stringValue);
        for (size_t at = t.find("${"); at != llvm::StringRef::npos; at = t.find("${", at + 1))
          if (at == 0 || t[at - 1] != '$') return true;
        return false;
      }
      for (const DocNode *i : n.items) if (hasReference(*i)) return true;
      for (const DocEntry &e : n.entries) if (hasReference(*e.value)) return true;
      return false;
    };
    if (value && hasReference(*value))
      ctx_.diags.error(value->loc, "the 'wfc.on_error' value of step '" + s.id + "' is a literal, so its ${…} would "
                                   "not be resolved; write $${ for a literal '${'");
    else if (value)
      checkValueAgainst(parseValue(*value), stepType(s), "the 'wfc.on_error' value of step '" + s.id + "'");
  }
  if (s.modifiers.maxAttempts > 1 && s.effect == ir::Effect::Write && s.kind != ir::StepKind::Prompt &&
      s.kind != ir::StepKind::Judge && s.kind != ir::StepKind::Branch && (s.kind != ir::StepKind::Tool || s.tool)) {
    const DocNode *mods = field(node, "modifiers");
    const DocNode *retry = mods ? field(*mods, "retry") : nullptr;
    ctx_.diags.warning(retry ? retry->loc : s.loc,
                       "'retry' on step '" + s.id + "' may repeat its side effects: " +
                           (s.kind == ir::StepKind::Tool    ? "tool '" + s.tool->name + "' has"
                            : s.kind == ir::StepKind::Agent ? std::string("its tools have")
                                                            : std::string("steps inside it have")) +
                           " 'write' effects (declare extensions.wfc.effects: none or read if it is safe)");
  }
}

}  // namespace wfc::sema

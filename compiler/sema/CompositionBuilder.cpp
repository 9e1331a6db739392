#include "sema/CompositionBuilder.h"

#include "sema/ReferenceSyntax.h"
#include "support/DidYouMean.h"

#include <functional>

namespace wfc::sema {
namespace {

const std::vector<std::string> kReservedIds = {"input", "workflow", "item", "item_index", "loop"};

std::optional<ir::StepKind> parseKind(llvm::StringRef kind) {
  static const std::pair<const char *, ir::StepKind> kinds[] = {
      {"prompt", ir::StepKind::Prompt},       {"agent", ir::StepKind::Agent},
      {"tool", ir::StepKind::Tool},           {"branch", ir::StepKind::Branch},
      {"parallel", ir::StepKind::Parallel},   {"wfc.subflow", ir::StepKind::Subflow},
      {"wfc.foreach", ir::StepKind::Foreach}, {"wfc.loop", ir::StepKind::Loop},
      {"wfc.judge", ir::StepKind::Judge}};
  for (const auto &[name, k] : kinds)
    if (kind == name) return k;
  return std::nullopt;
}

std::optional<ir::CompareOp> parseOp(llvm::StringRef op) {
  for (ir::CompareOp o : {ir::CompareOp::Equals, ir::CompareOp::NotEquals, ir::CompareOp::In,
                          ir::CompareOp::NotIn, ir::CompareOp::LessThan, ir::CompareOp::LessThanOrEquals,
                          ir::CompareOp::GreaterThan, ir::CompareOp::GreaterThanOrEquals})
    if (op == ir::spell(o)) return o;
  return std::nullopt;
}

}  // namespace

CompositionBuilder::CompositionBuilder(SemaContext &ctx) : ctx_(ctx), templates_(ctx, *ctx.doc.root()) {}

std::vector<std::string> CompositionBuilder::stepIds(const ir::Composition &c) const {
  std::vector<std::string> ids;
  ir::forEachStep(c.steps, [&](const ir::Step &s) { ids.push_back(s.id); });
  return ids;
}

// ---------------------------------------------------------------------------------------------
// declare

void CompositionBuilder::declareAll() {
  for (const CompositionDecl &decl : ctx_.ast.compositions) {
    if (!decl.node || !decl.node->isMapping()) {
      ctx_.poisonedCompositions.insert(decl.name);  // reported by the shape checker
      continue;
    }
    auto c = std::make_unique<ir::Composition>();
    c->name = decl.name;
    c->loc = decl.loc;
    c->inputSchema = ctx_.bundle(decl.inputSchema);
    c->outputSchema = ctx_.bundle(decl.outputSchema);
    CompositionInfo &info = compInfo_[c.get()];
    info.decl = &decl;
    declareSteps(*c, info, decl.steps, c->steps, nullptr);
    ctx_.module.compositions.push_back(std::move(c));
  }
}

void CompositionBuilder::declareSteps(ir::Composition &c, CompositionInfo &info,
                                      const std::vector<StepDecl> &decls,
                                      std::vector<std::unique_ptr<ir::Step>> &out, ir::Step *parent) {
  for (const StepDecl &decl : decls) {
    const DocNode &node = *decl.node;
    std::optional<ir::StepKind> kind = parseKind(decl.kind);
    if (decl.id.empty()) continue;  // the shape checker reported the missing id
    if (!kind) {
      // Its kind was reported; references to it, or to any step nested in it, stay quiet.
      std::function<void(const DocNode &)> poison = [&](const DocNode &n) {
        if (!n.isMapping()) return;
        if (const DocNode *id = n.get("id"); id && id->isString()) info.poisoned.insert(id->stringValue);
        for (const char *key : {"branches", "steps", "step"})
          if (const DocNode *inner = n.get(key)) {
            if (inner->isSequence())
              for (const DocNode *item : inner->items) poison(*item);
            else
              poison(*inner);
          }
      };
      poison(node);
      continue;
    }
    const DocNode *idNode = field(node, "id");
    llvm::SMLoc idLoc = idNode ? idNode->loc : node.loc;
    if (std::find(kReservedIds.begin(), kReservedIds.end(), decl.id) != kReservedIds.end())
      ctx_.diags.error(idLoc, "step id '" + decl.id + "' is reserved (" + quotedList(kReservedIds, "and") +
                                  " name values in references); rename the step");
    else if (decl.id.find("__") != std::string::npos)
      ctx_.diags.error(idLoc, "step id '" + decl.id + "' contains '__', which wfc reserves for the "
                              "ids of inlined sub-workflow steps ('caller__inner'); rename the step");

    auto step = std::make_unique<ir::Step>();
    step->id = decl.id;
    step->kind = *kind;
    step->loc = node.loc;
    step->description = stringField(node, "description");
    step->parent = parent;
    step->index = static_cast<unsigned>(out.size());
    if (auto [it, fresh] = info.ids.emplace(decl.id, step.get()); !fresh) {
      ctx_.diags.error(idLoc, "duplicate step id '" + decl.id + "' in composition '" + c.name +
                                  "'; step ids are unique in a composition, nested steps included")
          .note(it->second->loc, "'" + decl.id + "' first defined here");
      info.poisoned.insert(decl.id);
      continue;
    }
    if (decl.kind == "prompt" || decl.kind == "agent") step->outputSchema = ctx_.bundle(decl.outputSchema);
    stepInfo_[step.get()] = {&node, &decl, &c};
    declareSteps(c, info, decl.children, step->children, step.get());
    out.push_back(std::move(step));
  }
}

// ---------------------------------------------------------------------------------------------
// fields

void CompositionBuilder::resolveAll() {
  for (const auto &c : ctx_.module.compositions) {
    ir::forEachStep(c->steps, [&](const ir::Step &s) { resolveFields(*c, const_cast<ir::Step &>(s)); });
    const CompositionDecl &decl = *compInfo_[c.get()].decl;
    if (const DocNode *out = field(*decl.node, "output"); out && out->isString()) {
      if (ir::Step *s = lookupStep(*c, out->stringValue, out->loc, "composition output")) {
        if (iterationScope(*s))
          ctx_.diags.error(out->loc, "the composition's output cannot be '" + s->id +
                                         "', which runs inside '" + iterationScope(*s)->id +
                                         "'; name '" + iterationScope(*s)->id + "' instead");
        c->output = s;
        const ir::Step *why = nullptr;
        if (maySkip(*s, &why)) {
          const ir::Step *guarded = s;
          while (guarded->guard == ir::Guard::None && guarded->parent) guarded = guarded->parent;
          ctx_.diags.warning(out->loc, "the composition's output is step '" + s->id +
                                           "', which may be skipped; a run that skips it fails (exit 1)")
              .note(why->loc, guarded->guard == ir::Guard::Fallback
                                  ? "'" + guarded->id + "' runs only when step '" + why->id + "' fails"
                                  : "'" + guarded->id + "' runs only when '" + why->id + "' chooses it");
        }
      }
    }
  }
  for (const auto &c : ctx_.module.compositions) {
    buildGraph(*c);
    resolveReferences(*c);
    checkCycles(*c);
  }
  checkSubflowRecursion();
  for (const auto &c : ctx_.module.compositions) checkOutputType(*c);
  for (const auto &c : ctx_.module.compositions) {
    ir::forEachStep(c->steps, [&](const ir::Step &s) { const_cast<ir::Step &>(s).effect = effectOf(s); });
    c->effect = effectOf(*c);
    ir::forEachStep(c->steps, [&](const ir::Step &s) { checkStepTypes(*c, const_cast<ir::Step &>(s)); });
  }
}

const ir::Prompt *CompositionBuilder::lookupPrompt(const DocNode &node, const ir::Step &s) {
  const DocNode *task = field(node, "prompt_task");
  if (!task || !task->isString()) return nullptr;
  const ir::Prompt *p = ctx_.module.findPrompt(task->stringValue);
  if (!p && ctx_.promptsUnreadable) return nullptr;
  if (!p) {
    std::vector<std::string> names = ctx_.promptNames();
    ctx_.diags.error(task->loc, "unknown prompt '" + task->stringValue + "' in step '" + s.id + "'" +
                                    didYouMeanSuffix(task->stringValue, names));
    return nullptr;
  }
  ctx_.usedPrompts.insert(p);
  return p;
}

const ir::Tool *CompositionBuilder::lookupTool(const std::string &name, llvm::SMLoc at,
                                               const std::string &context) {
  const ir::Tool *t = ctx_.module.findTool(name);
  if (!t && ctx_.toolsUnreadable) return nullptr;
  if (!t) {
    std::vector<std::string> names = ctx_.toolNames();
    std::string suffix = didYouMeanSuffix(name, names);
    ctx_.diags.error(at, "unknown tool '" + name + "' in " + context +
                             (suffix.empty() ? "; declare it in the pack's 'tools'" : suffix));
    return nullptr;
  }
  ctx_.usedTools.insert(t);
  return t;
}

ir::Step *CompositionBuilder::lookupStep(ir::Composition &c, const std::string &id, llvm::SMLoc at,
                                         const std::string &role) {
  CompositionInfo &info = compInfo_[&c];
  if (auto it = info.ids.find(id); it != info.ids.end()) return it->second;
  if (info.poisoned.count(id)) return nullptr;
  ctx_.diags.error(at, "unknown step '" + id + "' in " + role + didYouMeanSuffix(id, stepIds(c)));
  return nullptr;
}

ir::Value CompositionBuilder::parseValue(const DocNode &node, llvm::SMLoc keyLoc) {
  ir::Value v;
  // A block mapping starts at its first key, a line below the key that holds it; point at
  // that key instead, where the author reads the collection as starting.
  v.loc = node.isScalar() || !keyLoc.isValid() ? node.loc : keyLoc;
  if (node.isMapping()) {
    v.kind = ir::Value::Kind::Object;
    for (const DocEntry &e : node.entries) v.members.push_back({e.key, parseValue(*e.value, e.keyLoc)});
    return v;
  }
  if (node.isSequence()) {
    v.kind = ir::Value::Kind::Array;
    for (const DocNode *item : node.items) v.elements.push_back(parseValue(*item));
    return v;
  }
  if (!node.isString()) {
    v.literal = toJson(node);
    return v;
  }
  auto parsed = parseStringSyntax(node.stringValue);
  if (auto *err = std::get_if<SyntaxError>(&parsed)) {
    ctx_.diags.error(locateInScalar(node, err->needle, occurrenceAt(node.stringValue, err->needle, err->offset)),
                     err->message);
    v.literal = node.stringValue;
    return v;
  }
  StringSyntax &syntax = std::get<StringSyntax>(parsed);
  auto toReference = [&](const RawReference &raw, size_t nth) {
    ir::Reference r;
    r.name = raw.root;
    r.path = raw.path;
    r.text = raw.text;
    r.loc = locateInScalar(node, "${" + raw.text + "}", nth);
    return r;
  };
  if (syntax.wholeReference()) {
    v.kind = ir::Value::Kind::Reference;
    v.ref = toReference(std::get<RawReference>(syntax.pieces[0]), 0);
    return v;
  }
  if (!syntax.hasReferences()) {
    v.literal = syntax.pieces.empty() ? std::string() : std::get<std::string>(syntax.pieces[0]);
    return v;
  }
  v.kind = ir::Value::Kind::Interpolation;
  std::map<std::string, size_t> seen;
  for (auto &piece : syntax.pieces) {
    if (auto *text = std::get_if<std::string>(&piece)) v.pieces.emplace_back(*text);
    else {
      const RawReference &raw = std::get<RawReference>(piece);
      v.pieces.emplace_back(toReference(raw, seen[raw.text]++));
    }
  }
  return v;
}

ir::Predicate CompositionBuilder::parsePredicate(const DocNode &node) {
  ir::Predicate p;
  p.loc = node.loc;
  if (!node.isMapping()) return p;
  auto operands = [&](const DocNode *list) {
    if (list && list->isSequence())
      for (const DocNode *item : list->items) p.operands.push_back(parsePredicate(*item));
  };
  if (const DocNode *all = field(node, "all_of")) {
    p.kind = ir::Predicate::Kind::AllOf;
    operands(all);
    return p;
  }
  if (const DocNode *any = field(node, "any_of")) {
    p.kind = ir::Predicate::Kind::AnyOf;
    operands(any);
    return p;
  }
  if (const DocNode *inner = field(node, "not")) {
    p.kind = ir::Predicate::Kind::Not;
    p.operands.push_back(parsePredicate(*inner));
    return p;
  }
  const DocNode *path = field(node, "path");
  if (field(node, "exists")) {
    p.kind = ir::Predicate::Kind::Exists;
    p.exists = boolField(node, "exists", true);
  } else {
    p.kind = ir::Predicate::Kind::Compare;
    if (auto op = parseOp(stringField(node, "op"))) p.op = *op;
    if (const DocNode *value = field(node, "value")) {
      p.value = toJson(*value);
      p.valueLoc = value->loc;
      for (const DocNode *item : value->items) p.valueItemLocs.push_back(item->loc);
    }
  }
  if (path && path->isString()) {
    ir::Value v = parseValue(*path);
    if (v.kind == ir::Value::Kind::Reference) {
      p.path = v.ref;
    } else if (v.literal.is_string() || v.kind == ir::Value::Kind::Interpolation) {
      ctx_.diags.error(path->loc, "a predicate's 'path' must be exactly one ${…} reference, such as "
                                  "\"${classify.output.type}\"");
    }
  }
  return p;
}

void CompositionBuilder::resolveBranchTargets(ir::Composition &c, ir::Step &branch, const DocNode &node) {
  const DocNode *thenNode = field(node, "then"), *elseNode = field(node, "else");
  if (thenNode && elseNode && thenNode->isString() && elseNode->isString() &&
      thenNode->stringValue == elseNode->stringValue) {
    ctx_.diags.error(elseNode->loc, "branch '" + branch.id + "' has the same 'then' and 'else' target '" +
                                        elseNode->stringValue + "'; a branch chooses between two steps");
    elseNode = nullptr;
  }
  for (const char *arm : {"then", "else"}) {
    const DocNode *target = std::string(arm) == "then" ? thenNode : elseNode;
    if (!target || !target->isString()) continue;
    ir::Step *t = lookupStep(c, target->stringValue, target->loc, "branch '" + branch.id + "'");
    if (!t) continue;
    if (branch.parent && branch.parent->kind == ir::StepKind::Parallel) {
      ctx_.diags.error(target->loc, "branch '" + branch.id + "' is a branch of parallel '" + branch.parent->id +
                                        "', whose branches all start together: it cannot decide whether '" + t->id +
                                        "' runs (put the branch and its targets in a wfc.subflow)");
      continue;
    }
    if (t->parent != branch.parent || t->index <= branch.index) {
      ctx_.diags.error(target->loc, "branch target '" + t->id + "' must be a later step of the same "
                                    "steps list as branch '" + branch.id + "'")
          .note(t->loc, "'" + t->id + "' is declared here");
      continue;
    }
    if (t->guard == ir::Guard::Fallback) {
      ctx_.diags.error(target->loc, "step '" + t->id + "' is the 'wfc.on_error' fallback of '" + t->guardedBy->id +
                                        "', so it cannot also be a branch target")
          .note(t->guardedBy->loc, "'" + t->guardedBy->id + "' names it as its fallback");
      continue;
    }
    if (t->guard != ir::Guard::None) {
      ctx_.diags.error(target->loc, "step '" + t->id + "' is already the target of branch '" + t->guardedBy->id +
                                        "'; a step may be the target of at most one branch")
          .note(t->guardedBy->loc, "'" + t->guardedBy->id + "' targets it here");
      continue;
    }
    t->guard = std::string(arm) == "then" ? ir::Guard::Then : ir::Guard::Else;
    t->guardedBy = &branch;
    (std::string(arm) == "then" ? branch.thenStep : branch.elseStep) = t;
  }
}

void CompositionBuilder::resolveModifiers(ir::Composition &c, ir::Step &s, const DocNode &node) {
  const DocNode *mods = field(node, "modifiers");
  if (!mods) return;
  if (const DocNode *retry = field(*mods, "retry")) {
    if (auto n = intField(*retry, "max_attempts")) s.modifiers.maxAttempts = static_cast<unsigned>(*n);
    if (auto n = intField(*retry, "wfc.backoff_ms")) s.modifiers.backoffMs = static_cast<uint64_t>(*n);
  }
  if (auto n = intField(*mods, "wfc.timeout_ms")) s.modifiers.timeoutMs = static_cast<uint64_t>(*n);
  s.modifiers.cache = boolField(*mods, "wfc.cache");
  for (const auto &[id, loc] : stringList(*mods, "eval")) {
    // Prompt-level evals are kept under "prompt/id"; that spelling is wfc's, not the pack's.
    bool known = id.find('/') == std::string::npos && ctx_.module.findEval(id) != nullptr;
    if (!known && s.prompt)
      known = std::find(s.prompt->evals.begin(), s.prompt->evals.end(), id) != s.prompt->evals.end();
    if (!known) {
      std::vector<std::string> ids;
      for (const auto &e : ctx_.module.evals)
        if (e->id.find('/') == std::string::npos) ids.push_back(e->id);
      if (s.prompt) ids.insert(ids.end(), s.prompt->evals.begin(), s.prompt->evals.end());
      std::string suffix = didYouMeanSuffix(id, ids);
      ctx_.diags.error(loc, "unknown eval '" + id + "' in step '" + s.id + "'" +
                                (suffix.empty() ? "; declare it in the pack's 'evals'" : suffix));
      continue;
    }
    s.modifiers.evals.push_back(id);
  }
  const DocNode *onError = field(*mods, "wfc.on_error");
  if (onError && field(*onError, "fallback") && field(*onError, "value")) onError = nullptr;  // reported by the shape
  if (onError) {
    if (const DocNode *fb = field(*onError, "fallback"); fb && fb->isString()) {
      if (ir::Step *f = lookupStep(c, fb->stringValue, fb->loc, "'wfc.on_error' of step '" + s.id + "'")) {
        if (f == &s) {
          ctx_.diags.error(fb->loc, "step '" + s.id + "' cannot be its own fallback");
        } else if (f->guard != ir::Guard::None) {
          ctx_.diags.error(fb->loc, "fallback step '" + f->id + "' is already guarded by '" + f->guardedBy->id +
                                        "'; a fallback must run only as the fallback")
              .note(f->guardedBy->loc, "'" + f->guardedBy->id + "' guards it");
        } else if (s.parent && s.parent->kind == ir::StepKind::Parallel) {
          ctx_.diags.error(fb->loc, "step '" + s.id + "' is a branch of parallel '" + s.parent->id +
                                        "', whose branches all start together, so it cannot have a fallback step "
                                        "there; use 'wfc.on_error: {value: …}' or a wfc.subflow");
        } else if (f->parent != s.parent) {
          ctx_.diags.error(fb->loc, "fallback step '" + f->id + "' must be in the same steps list as '" + s.id + "'");
        } else if (f->index <= s.index) {
          ctx_.diags.error(fb->loc, "fallback step '" + f->id + "' must come after '" + s.id +
                                        "' in its steps list: it runs only once '" + s.id + "' has failed")
              .note(f->loc, "'" + f->id + "' is declared here");
        } else {
          f->guard = ir::Guard::Fallback;
          f->guardedBy = &s;
          s.modifiers.fallback = f;
        }
      }
    }
    if (const DocNode *value = field(*onError, "value")) { ir::Value literal; literal.loc = value->loc; literal.literal = ir::Json(toJson(*value)); s.modifiers.fallbackValue = literal; }
  }
}

void CompositionBuilder::resolveFields(ir::Composition &c, ir::Step &s) {
  const DocNode &node = *stepInfo_[&s].node;
  switch (s.kind) {
    case ir::StepKind::Prompt:
    case ir::StepKind::Agent:
    case ir::StepKind::Judge:
      s.promptTask = stringField(node, "prompt_task");
      s.prompt = lookupPrompt(node, s);
      break;
    default: break;
  }
  if (const DocNode *input = field(node, "input")) s.input = parseValue(*input, node.find("input")->keyLoc);
  switch (s.kind) {
    case ir::StepKind::Prompt:
      break;
    case ir::StepKind::Agent: {
      std::vector<const ir::Tool *> listed;
      for (const auto &[name, loc] : stringList(node, "tools"))
        if (const ir::Tool *t = lookupTool(name, loc, "agent step '" + s.id + "'")) {
          listed.push_back(t);
          if (s.prompt && !s.prompt->tools.empty() &&
              std::find(s.prompt->tools.begin(), s.prompt->tools.end(), t) == s.prompt->tools.end())
            ctx_.diags.warning(loc, "tool '" + name + "' is not offered to step '" + s.id + "': prompt '" +
                                        s.prompt->key + "' does not list it in its 'tools'");
        }
      if (!field(node, "tools") && s.prompt) listed = s.prompt->tools;
      for (const ir::Tool *t : listed)
        if (!s.prompt || s.prompt->tools.empty() ||
            std::find(s.prompt->tools.begin(), s.prompt->tools.end(), t) != s.prompt->tools.end())
          s.tools.push_back(t);
      if (const DocNode *term = field(node, "termination")) {
        if (auto n = intField(*term, "max_steps")) s.maxSteps = static_cast<unsigned>(*n);
        if (const DocNode *called = field(*term, "tool_called"); called && called->isString()) {
          s.toolCalled = lookupTool(called->stringValue, called->loc, "the termination of step '" + s.id + "'");
          if (s.toolCalled && std::find(s.tools.begin(), s.tools.end(), s.toolCalled) == s.tools.end())
            ctx_.diags.error(called->loc, "step '" + s.id + "' ends when the model calls '" + s.toolCalled->name +
                                              "', but that tool is not offered to it; add it to the step's "
                                              "(and the prompt's) 'tools'");
        }
      }
      break;
    }
    case ir::StepKind::Tool:
      if (const DocNode *tool = field(node, "tool"); tool && tool->isString())
        s.tool = lookupTool(tool->stringValue, tool->loc, "step '" + s.id + "'");
      if (const DocNode *args = field(node, "args")) s.args = parseValue(*args, node.find("args")->keyLoc);
      break;
    case ir::StepKind::Branch:
      if (const DocNode *pred = field(node, "predicate")) s.predicate = parsePredicate(*pred);
      resolveBranchTargets(c, s, node);
      break;
    case ir::StepKind::Parallel:
    case ir::StepKind::Foreach:
      if (const DocNode *reduce = field(node, "reduce"); reduce && reduce->isMapping()) {
        ir::Reducer r;
        std::string strategy = stringField(*reduce, "strategy");
        r.strategy = strategy == "append" ? ir::ReduceStrategy::Append
                     : strategy == "replace" ? ir::ReduceStrategy::Replace
                                             : ir::ReduceStrategy::Barrier;
        r.into = stringField(*reduce, "into");
        s.reduce = r;
      }
      if (s.kind == ir::StepKind::Foreach) {
        if (const DocNode *items = field(node, "items")) {
          s.items = parseValue(*items);
          if (s.items->kind != ir::Value::Kind::Reference)
            ctx_.diags.error(items->loc, "'items' of step '" + s.id + "' must be exactly one ${…} reference to a list");
        }
        if (auto n = intField(node, "max_concurrency")) s.maxConcurrency = static_cast<unsigned>(*n);
      }
      break;
    case ir::StepKind::Subflow:
      if (const DocNode *callee = field(node, "composition"); callee && callee->isString()) {
        s.callee = ctx_.module.findComposition(callee->stringValue);
        if (!s.callee && !ctx_.poisonedCompositions.count(callee->stringValue)) {
          std::vector<std::string> names = ctx_.compositionNames();
          ctx_.diags.error(callee->loc, "unknown composition '" + callee->stringValue + "' in step '" + s.id + "'" +
                                            didYouMeanSuffix(callee->stringValue, names));
        } else {
          ctx_.usedCompositions.insert(s.callee);
        }
      }
      break;
    case ir::StepKind::Loop:
      if (const DocNode *until = field(node, "until")) s.predicate = parsePredicate(*until);
      if (auto n = intField(node, "max_iterations")) s.maxIterations = static_cast<unsigned>(*n);
      break;
    case ir::StepKind::Judge:
      if (const DocNode *target = field(node, "target"); target && target->isString()) {
        s.target = parseValue(*target);
        if (s.target->kind != ir::Value::Kind::Reference)
          ctx_.diags.error(target->loc, "'target' of step '" + s.id + "' must be exactly one ${…} reference");
      }
      if (const DocNode *rubric = field(node, "rubric")) s.rubric = ir::Json(toJson(*rubric));
      break;
  }
  resolveModifiers(c, s, node);
}

}  // namespace wfc::sema

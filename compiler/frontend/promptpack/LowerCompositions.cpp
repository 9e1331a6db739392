// Compositions and their steps. Two phases, so a step can name any other: declare (every
// composition and step exists with its id, kind, place and output schema), then lower each
// step's fields (what it names resolved to IR pointers, values and predicates parsed). The
// rules about what those names may be — branch targets, fallbacks, depends_on — and about
// references are the IR's, checked by sema.
#include "frontend/promptpack/Lowering.h"

#include "support/DidYouMean.h"

#include <functional>

namespace wfc::promptpack {
namespace {

const std::vector<std::string> kReservedIds = {"input", "workflow", "item", "item_index", "loop"};

// The kinds a pack's step may declare, spelled as the IR and the runtime spell them (AWL's
// action and block steps are not written in packs).
std::optional<ir::StepKind> parseKind(llvm::StringRef kind) {
  static const ir::StepKind kinds[] = {ir::StepKind::Prompt,  ir::StepKind::Agent,    ir::StepKind::Tool,
                                       ir::StepKind::Branch,  ir::StepKind::Parallel, ir::StepKind::Subflow,
                                       ir::StepKind::Foreach, ir::StepKind::Loop,     ir::StepKind::Judge};
  for (ir::StepKind k : kinds)
    if (kind == ir::spell(k)) return k;
  return std::nullopt;
}

}  // namespace

// ---- declare ------------------------------------------------------------------------------------

void Lowering::declareCompositions() {
  for (const Named<CompositionDecl> &entry : pack_.compositions.value) {
    if (!entry.wellFormed) {
      module_->unlowered.compositions.insert(entry.name);  // reported by the shape checker
      continue;
    }
    const CompositionDecl &decl = entry.decl;
    auto c = std::make_unique<ir::Composition>();
    c->name = entry.name;
    c->loc = entry.keyLoc;
    c->inputSchema = bundle(decl.inputSchema);
    c->outputSchema = bundle(decl.outputSchema);
    scopes_[c.get()].decl = &decl;
    declareSteps(*c, decl.steps.value, c->steps, nullptr);
    if (!scopes_[c.get()].unlowered.empty()) module_->unlowered.steps[c->name] = scopes_[c.get()].unlowered;
    module_->compositions.push_back(std::move(c));
  }
}

void Lowering::declareSteps(ir::Composition &c, const std::vector<StepDecl> &decls, ir::StepList &out, ir::Step *parent) {
  Scope &scope = scopes_[&c];
  for (const StepDecl &decl : decls) {
    if (decl.id->empty()) continue;  // the shape checker reported the missing id
    std::optional<ir::StepKind> kind = parseKind(*decl.kind);
    if (!kind) {
      // Its kind was reported; references to it, or to any step nested in it, stay quiet.
      std::function<void(const StepDecl &)> quiet = [&](const StepDecl &d) {
        if (d.id) scope.unlowered.insert(*d.id);
        for (const auto *inner : {&d.branches.value, &d.steps.value, &d.step})
          for (const StepDecl &i : *inner) quiet(i);
      };
      quiet(decl);
      continue;
    }
    llvm::SMLoc idLoc = decl.id ? decl.id.loc() : decl.loc;
    if (std::find(kReservedIds.begin(), kReservedIds.end(), *decl.id) != kReservedIds.end())
      diags_.error(idLoc, "step id '" + *decl.id + "' is reserved (" + quotedList(kReservedIds, "and") +
                              " name values in references); rename the step");
    else if (decl.id->find("__") != std::string::npos)
      diags_.error(idLoc, "step id '" + *decl.id + "' contains '__', which wfc reserves for the ids of inlined "
                          "sub-workflow steps ('caller__inner'); rename the step");

    auto step = std::make_unique<ir::Step>();
    step->id = *decl.id;
    step->kind = *kind;
    step->loc = decl.loc;
    step->description = *decl.description;
    step->parent = parent;
    step->index = static_cast<unsigned>(out.size());
    if (auto [it, fresh] = scope.ids.emplace(*decl.id, step.get()); !fresh) {
      diags_.error(idLoc, "duplicate step id '" + *decl.id + "' in composition '" + c.name +
                              "'; step ids are unique in a composition, nested steps included")
          .note(it->second->loc, "'" + *decl.id + "' first defined here");
      scope.unlowered.insert(*decl.id);
      continue;
    }
    if (*kind == ir::StepKind::Prompt || *kind == ir::StepKind::Agent) step->outputSchema = bundle(decl.outputSchema);
    stepDecls_[step.get()] = &decl;
    declareSteps(c, decl.children(), step->children, step.get());
    out.push_back(std::move(step));
  }
}

// ---- fields -------------------------------------------------------------------------------------

void Lowering::lowerCompositions() {
  for (const auto &c : module_->compositions) {
    ir::forEachMutableStep(c->steps, [&](ir::Step &s) { lowerStep(*c, s, *stepDecls_.at(&s)); });
    lowerOutput(*c);
  }
}

void Lowering::lowerOutput(ir::Composition &c) {
  const Text &output = scopes_[&c].decl->output;
  if (!output) return;
  c.output = lookupStep(c, output, "composition output");
  c.outputLoc = output.loc();
}

void Lowering::lowerStep(ir::Composition &c, ir::Step &s, const StepDecl &decl) {
  switch (s.kind) {
    case ir::StepKind::Prompt:
    case ir::StepKind::Agent:
    case ir::StepKind::Judge:
      s.promptTask = *decl.promptTask;
      s.prompt = lookupPrompt(decl.promptTask, "step '" + s.id + "'");
      if (decl.provider) {
        s.provider = *decl.provider;
        s.providerLoc = decl.provider.loc();
        checkProviderReference(s.provider, s.providerLoc, "step '" + s.id + "'");
      }
      break;
    default: break;
  }
  if (decl.input) s.input = lowerValue(*decl.input.node, decl.input.keyLoc);
  if (decl.dependsOn) {
    s.explicitDependsOn = true;
    for (const Text &id : decl.dependsOn.value)
      if (const ir::Step *d = lookupStep(c, id, "'depends_on' of step '" + s.id + "'")) s.dependsOn.push_back({d, id.loc()});
  }
  switch (s.kind) {
    case ir::StepKind::Prompt: break;
    case ir::StepKind::Agent: {
      s.listsTools = decl.tools.written();
      for (const Text &name : decl.tools.value)
        if (const ir::Tool *t = lookupTool(name, "agent step '" + s.id + "'")) s.listedTools.push_back({t, name.loc()});
      if (decl.termination) {
        const TerminationDecl &term = *decl.termination;
        if (term.maxSteps) s.maxSteps = static_cast<unsigned>(*term.maxSteps);
        if (term.toolCalled) {
          s.toolCalled = lookupTool(term.toolCalled, "the termination of step '" + s.id + "'");
          s.toolCalledLoc = term.toolCalled.loc();
        }
      }
      break;
    }
    case ir::StepKind::Tool:
      s.tool = lookupTool(decl.tool, "step '" + s.id + "'");
      if (decl.args) s.args = lowerValue(*decl.args.node, decl.args.keyLoc);
      break;
    case ir::StepKind::Branch: {
      if (decl.predicate) s.predicate = lowerPredicate(*decl.predicate);
      const Text *elseTarget = &decl.elseStep;
      if (decl.thenStep && decl.elseStep && *decl.thenStep == *decl.elseStep) {
        diags_.error(decl.elseStep.loc(), "branch '" + s.id + "' has the same 'then' and 'else' target '" +
                                              *decl.elseStep + "'; a branch chooses between two steps");
        elseTarget = nullptr;
      }
      s.thenStep = lookupStep(c, decl.thenStep, "branch '" + s.id + "'");
      s.thenLoc = decl.thenStep.loc();
      if (elseTarget) {
        s.elseStep = lookupStep(c, *elseTarget, "branch '" + s.id + "'");
        s.elseLoc = elseTarget->loc();
      }
      break;
    }
    case ir::StepKind::Parallel:
    case ir::StepKind::Foreach:
      if (decl.reduce) {
        ir::Reducer r;
        const std::string &strategy = *decl.reduce->strategy;
        r.strategy = strategy == "append"    ? ir::ReduceStrategy::Append
                     : strategy == "replace" ? ir::ReduceStrategy::Replace
                                             : ir::ReduceStrategy::Barrier;
        r.into = *decl.reduce->into;
        s.reduce = r;
      }
      if (s.kind == ir::StepKind::Foreach) {
        if (decl.items) {
          s.items = lowerValue(*decl.items.node);
          if (s.items->kind != ir::Value::Kind::Reference)
            diags_.error(decl.items.loc(), "'items' of step '" + s.id + "' must be exactly one ${…} reference to a list");
        }
        if (decl.maxConcurrency) s.maxConcurrency = static_cast<unsigned>(*decl.maxConcurrency);
      }
      break;
    case ir::StepKind::Subflow:
      s.callee = lookupComposition(decl.composition, "step '" + s.id + "'");
      break;
    case ir::StepKind::Loop:
      if (decl.until) s.predicate = lowerPredicate(*decl.until);
      if (decl.maxIterations) s.maxIterations = static_cast<unsigned>(*decl.maxIterations);
      break;
    case ir::StepKind::Judge:
      if (decl.target) {
        s.target = lowerValue(*decl.target.node);
        if (s.target->kind != ir::Value::Kind::Reference)
          diags_.error(decl.target.loc(), "'target' of step '" + s.id + "' must be exactly one ${…} reference");
      }
      if (decl.rubric) s.rubric = ir::Json(toJson(*decl.rubric.node));
      break;
    case ir::StepKind::Action:
    case ir::StepKind::Block: break;  // no pack kind lowers to these (AWL's, docs/awl.md)
  }
  lowerModifiers(c, s, decl);
}

void Lowering::lowerModifiers(ir::Composition &c, ir::Step &s, const StepDecl &decl) {
  if (!decl.modifiers) return;
  const ModifiersDecl &mods = *decl.modifiers;
  if (mods.retry) {
    s.modifiers.retryLoc = mods.retry.loc();
    if (mods.retry->maxAttempts) s.modifiers.maxAttempts = static_cast<unsigned>(*mods.retry->maxAttempts);
    if (mods.retry->backoffMs) s.modifiers.backoffMs = static_cast<uint64_t>(*mods.retry->backoffMs);
  }
  if (mods.timeoutMs) s.modifiers.timeoutMs = static_cast<uint64_t>(*mods.timeoutMs);
  s.modifiers.cache = mods.cache && *mods.cache;
  if (mods.promptCache) {
    s.modifiers.promptCache = *mods.promptCache;
    if (s.kind != ir::StepKind::Prompt && s.kind != ir::StepKind::Agent)
      diags_.warning(mods.promptCache.loc(), "'wfc.prompt_cache' of step '" + s.id + "' has no effect: only prompt and "
                                             "agent steps send requests a prompt cache can serve; remove it");
  }
  for (const Text &id : mods.evals.value) {
    // Prompt-level evals are kept under "prompt/id"; that spelling is wfc's, not the pack's.
    bool known = id->find('/') == std::string::npos && module_->findEval(*id) != nullptr;
    if (!known && s.prompt)
      known = std::find(s.prompt->evals.begin(), s.prompt->evals.end(), *id) != s.prompt->evals.end();
    if (!known) {
      std::vector<std::string> ids;
      for (const auto &e : module_->evals)
        if (e->id.find('/') == std::string::npos) ids.push_back(e->id);
      if (s.prompt) ids.insert(ids.end(), s.prompt->evals.begin(), s.prompt->evals.end());
      std::string suffix = didYouMeanSuffix(*id, ids);
      diags_.error(id.loc(), "unknown eval '" + *id + "' in step '" + s.id + "'" +
                                 (suffix.empty() ? "; declare it in the pack's 'evals'" : suffix));
      continue;
    }
    s.modifiers.evals.push_back(*id);
  }
  if (!mods.onError || (mods.onError->fallback.written() && mods.onError->value)) return;  // both: reported by the shape
  const OnErrorDecl &onError = *mods.onError;
  if (onError.fallback) {
    s.modifiers.fallback = lookupStep(c, onError.fallback, "'wfc.on_error' of step '" + s.id + "'");
    s.modifiers.fallbackLoc = onError.fallback.loc();
  }
  if (onError.value) {
    // The value is a literal: a `${…}` in it would never be resolved.
    std::function<bool(const DocNode &)> hasReference = [&](const DocNode &n) {
      if (n.isString()) {
        llvm::StringRef t(n.stringValue);
        for (size_t at = t.find("${"); at != llvm::StringRef::npos; at = t.find("${", at + 1))
          if (at == 0 || t[at - 1] != '$') return true;
        return false;
      }
      for (const DocNode *i : n.items)
        if (hasReference(*i)) return true;
      for (const DocEntry &e : n.entries)
        if (hasReference(*e.value)) return true;
      return false;
    };
    if (hasReference(*onError.value.node))
      diags_.error(onError.value.node->loc, "the 'wfc.on_error' value of step '" + s.id +
                                                "' is a literal, so its ${…} would not be resolved; write $${ for a "
                                                "literal '${'");
    else
      s.modifiers.fallbackValue = lowerValue(*onError.value.node);
  }
}

}  // namespace wfc::promptpack

#include "sema/ModuleChecker.h"

namespace wfc::sema {

void check(ir::Module &module, DiagnosticEngine &diags, const SemaOptions &options) {
  ModuleChecker(module, diags, options).run();
}

void ModuleChecker::run() {
  for (const auto &c : module_.compositions)
    ir::forEachMutableStep(c->steps, [&](ir::Step &s) { ids_[c.get()].emplace(s.id, &s); });
  checkToolNames();
  for (const auto &c : module_.compositions)
    ir::forEachMutableStep(c->steps, [&](ir::Step &s) {
      if (s.kind == ir::StepKind::Agent) offerAgentTools(s);
    });
  for (const auto &c : module_.compositions) assignGuards(*c);
  for (const auto &c : module_.compositions) checkOutput(*c);
  for (const auto &c : module_.compositions) {
    buildGraph(*c);
    resolveReferences(*c);
    checkCycles(*c);
  }
  checkSubflowRecursion();
  for (const auto &c : module_.compositions) checkOutputType(*c);
  for (const auto &c : module_.compositions) {
    ir::forEachMutableStep(c->steps, [&](ir::Step &s) { s.effect = effectOf(s); });
    c->effect = effectOf(*c);
    ir::forEachMutableStep(c->steps, [&](ir::Step &s) { checkStepTypes(s); });
    for (auto &action : c->rollbacks) {
      action->effect = effectOf(*action);
      checkStepTypes(*action);
    }
  }
  resolveEvalUse();
  checkWorkflow();
  reportUnused();
}

const ir::Step *ModuleChecker::iterationScope(const ir::Step &s) {
  for (const ir::Step *p = s.parent; p; p = p->parent)
    if (p->kind == ir::StepKind::Loop || p->kind == ir::StepKind::Foreach || p->kind == ir::StepKind::Block) return p;
  return nullptr;
}

bool ModuleChecker::contains(const ir::Step &outer, const ir::Step &inner) {
  for (const ir::Step *p = inner.parent; p; p = p->parent)
    if (p == &outer) return true;
  return false;
}

bool ModuleChecker::maySkip(const ir::Step &s, const ir::Step **why) {
  for (const ir::Step *p = &s; p; p = p->parent) {
    if (p->guard != ir::Guard::None) {
      if (why) *why = p->guardedBy;
      return true;
    }
  }
  return false;
}

std::vector<std::string> ModuleChecker::stepIds(const ir::Composition &c) const {
  std::vector<std::string> ids;
  ir::forEachStep(c.steps, [&](const ir::Step &s) { ids.push_back(s.id); });
  return ids;
}

ir::Step *ModuleChecker::findStep(const ir::Composition &c, const std::string &id) {
  auto &ids = ids_[&c];
  auto it = ids.find(id);
  return it == ids.end() ? nullptr : it->second;
}

bool ModuleChecker::unlowered(const ir::Composition &c, const std::string &id) const {
  auto it = module_.unlowered.steps.find(c.name);
  return it != module_.unlowered.steps.end() && it->second.count(id);
}

}  // namespace wfc::sema

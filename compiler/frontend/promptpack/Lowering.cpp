// The order of lowering: declarations first (tools, evals, prompts with their templates), then
// compositions (which need them), then the workflow (which needs compositions).
#include "frontend/promptpack/Lowering.h"

#include "frontend/promptpack/PromptPackLowering.h"
#include "support/DidYouMean.h"

namespace wfc::promptpack {

Lowering::Lowering(const PackDecl &pack, DocumentLoader &loader, DiagnosticEngine &diags)
    : pack_(pack), doc_(*pack.document), loader_(loader), diags_(diags), module_(std::make_unique<ir::Module>()) {}

std::unique_ptr<ir::Module> Lowering::run() {
  ir::Module &m = *module_;
  m.sourcePath = doc_.path();
  m.loc = pack_.loc;
  m.id = *pack_.id;
  m.name = *pack_.name;
  m.version = *pack_.version;
  if (pack_.description) m.description = *pack_.description;
  if (const DocNode *root = doc_.root()) {
    if (const DocNode *t = root->get("tools"); t && !t->isMapping()) toolsUnreadable_ = true;
    if (const DocNode *p = root->get("prompts"); p && !p->isMapping()) promptsUnreadable_ = true;
  }
  for (const Named<Text> &f : pack_.fragments.value)
    if (f.wellFormed) fragments_[f.name] = &f.decl;
  if (pack_.workflow)
    for (const Named<StateDecl> &s : pack_.workflow->states.value)
      for (const Named<ArtifactDecl> &a : s.decl.artifacts.value) artifactNames_.insert(a.name);

  lowerProviderRequirements();
  lowerTools();
  lowerEvals();
  lowerPrompts();
  for (const auto &e : m.evals)
    if (auto it = evalDecls_.find(e.get()); it != evalDecls_.end()) checkEval(*e, *it->second);
  checkValidators();
  lowerSkills();

  declareCompositions();
  lowerCompositions();
  lowerWorkflow();
  lowerGovernance();
  lowerAgents();
  return std::move(module_);
}

std::unique_ptr<ir::Module> lowerPromptPack(const PackDecl &pack, DocumentLoader &loader, DiagnosticEngine &diags) {
  return Lowering(pack, loader, diags).run();
}

// ---- names --------------------------------------------------------------------------------------

std::vector<std::string> Lowering::promptNames() const {
  std::vector<std::string> names;
  for (const auto &p : module_->prompts) names.push_back(p->key);
  return names;
}

std::vector<std::string> Lowering::toolNames() const {
  std::vector<std::string> names;
  for (const auto &t : module_->tools) names.push_back(t->name);
  return names;
}

bool Lowering::isAgentMember(const std::string &name) const {
  const DocNode *agents = pack_.agents ? pack_.agents.node : nullptr;
  const DocNode *members = agents && agents->isMapping() ? agents->get("members") : nullptr;
  return members && members->isMapping() && members->get(name) != nullptr;
}

std::vector<std::string> Lowering::compositionNames() const {
  std::vector<std::string> names;
  for (const auto &c : module_->compositions) names.push_back(c->name);
  return names;
}

const ir::Prompt *Lowering::lookupPrompt(const Text &name, const std::string &context) {
  if (!name) return nullptr;
  const ir::Prompt *p = module_->findPrompt(*name);
  if (!p && !promptsUnreadable_)
    diags_.error(name.loc(), "unknown prompt '" + *name + "' in " + context + didYouMeanSuffix(*name, promptNames()));
  return p;
}

const ir::Tool *Lowering::lookupTool(const Text &name, const std::string &context) {
  if (!name) return nullptr;
  const ir::Tool *t = module_->findTool(*name);
  if (!t && !toolsUnreadable_) {
    std::string suffix = didYouMeanSuffix(*name, toolNames());
    diags_.error(name.loc(), "unknown tool '" + *name + "' in " + context +
                                 (suffix.empty() ? "; declare it in the pack's 'tools'" : suffix));
  }
  return t;
}

const ir::Composition *Lowering::lookupComposition(const Text &name, const std::string &context) {
  if (!name) return nullptr;
  const ir::Composition *c = module_->findComposition(*name);
  if (!c && !module_->unlowered.compositions.count(*name))
    diags_.error(name.loc(), "unknown composition '" + *name + "' in " + context +
                                 didYouMeanSuffix(*name, compositionNames()));
  return c;
}

ir::Step *Lowering::lookupStep(const ir::Composition &c, const Text &id, const std::string &role) {
  if (!id) return nullptr;
  Scope &scope = scopes_[&c];
  if (auto it = scope.ids.find(*id); it != scope.ids.end()) return it->second;
  if (scope.unlowered.count(*id)) return nullptr;
  std::vector<std::string> ids;
  ir::forEachStep(c.steps, [&](const ir::Step &s) { ids.push_back(s.id); });
  diags_.error(id.loc(), "unknown step '" + *id + "' in " + role + didYouMeanSuffix(*id, ids));
  return nullptr;
}

std::optional<ir::Schema> Lowering::bundle(const Located<SchemaRef> &ref) {
  if (!ref) return std::nullopt;
  std::optional<BundledSchema> b = bundleSchema(*ref, loader_, diags_);
  if (!b) return std::nullopt;
  return ir::Schema{b->source, b->loc, std::move(b->json)};
}

}  // namespace wfc::promptpack

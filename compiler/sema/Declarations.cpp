// Declarations as a whole: tool names as models see them (a name's '.' becomes '_', so two
// names may collide, and `workflow__` and `skill__` are wfc's own), and declarations nothing uses.
#include "sema/ModuleChecker.h"

namespace wfc::sema {

void ModuleChecker::checkToolNames() {
  std::map<std::string, const ir::Tool *> byProviderName;
  for (const auto &t : module_.tools) {
    if (llvm::StringRef(t->providerName).startswith("workflow__"))
      diags_.error(t->loc, "tool name '" + t->name + "' is reserved: wfc offers 'workflow__transition' and "
                           "'workflow__set_artifact' to workflow states itself");
    if (llvm::StringRef(t->providerName).startswith("skill__"))
      diags_.error(t->loc, "tool name '" + t->name + "' is reserved: wfc offers 'skill__activate', "
                           "'skill__deactivate' and 'skill__read_resource' to conversations of a pack with skills");
    if (auto [it, fresh] = byProviderName.emplace(t->providerName, t.get()); !fresh)
      diags_.error(t->loc, "tools '" + it->second->name + "' and '" + t->name + "' are both offered to models as '" +
                               t->providerName + "' ('.' becomes '_'); rename one")
          .note(it->second->loc, "'" + it->second->name + "' declared here");
  }
}

// What the pack uses, wherever it is declared: prompts run by steps, states and judging evals
// (every prompt of a chat program); tools called by steps, offered through a used prompt or a
// skill's allowed-tools, or watched by a tools_called eval; compositions run by states, called by
// steps, or chosen with --composition.
void ModuleChecker::reportUnused() {
  std::set<const ir::Prompt *> prompts;
  std::set<const ir::Tool *> tools;
  std::set<const ir::Composition *> compositions;
  for (const auto &c : module_.compositions)
    ir::forEachStep(c->steps, [&](const ir::Step &s) {
      if (s.prompt) prompts.insert(s.prompt);
      if (s.tool) tools.insert(s.tool);
      for (const ir::ToolUse &t : s.listedTools) tools.insert(t.tool);
      for (const ir::Tool *t : s.tools) tools.insert(t);
      if (s.toolCalled) tools.insert(s.toolCalled);
      if (s.callee) compositions.insert(s.callee);
    });
  for (const auto &c : module_.compositions)
    for (const auto &action : c->rollbacks)
      if (action->tool) tools.insert(action->tool);
  if (module_.workflow)
    for (const ir::State &s : module_.workflow->states) {
      if (s.prompt) prompts.insert(s.prompt);
      if (s.composition) compositions.insert(s.composition);
    }
  for (const auto &e : module_.evals) {
    if (e->judge) prompts.insert(e->judge);
    // tools_called / tools_not_called name tools: watching for a tool is using it.
    if (e->type == "tools_called" || e->type == "tools_not_called")
      for (const std::string &name : e->patterns)
        if (const ir::Tool *t = module_.findTool(name)) tools.insert(t);
  }
  // An agent's prompt is served (docs/serve.md "A2A agents").
  if (module_.agents.is_object())
    for (const ir::Json &m : module_.agents["members"])
      if (const ir::Prompt *p = module_.findPrompt(m.value("key", ""))) prompts.insert(p);
  // A pack of prompts alone is a chat program: every prompt is a task (analysis::analyzeChat).
  if (module_.compositions.empty() && !module_.workflow && module_.unlowered.compositions.empty())
    for (const auto &p : module_.prompts) prompts.insert(p.get());
  for (const auto &p : module_.prompts)
    if (!prompts.count(p.get())) diags_.warning(p->loc, "prompt '" + p->key + "' is never used");
  for (const ir::Prompt *p : prompts)  // a used prompt's tools are offered, so used
    tools.insert(p->tools.begin(), p->tools.end());
  for (const ir::Skill &skill : module_.skills)  // activating a skill offers the tools it allows
    tools.insert(skill.grants.begin(), skill.grants.end());
  for (const auto &t : module_.tools)
    if (!tools.count(t.get())) diags_.warning(t->loc, "tool '" + t->name + "' is never used");
  if (module_.workflow && options_.composition.empty())
    for (const auto &c : module_.compositions)
      if (!compositions.count(c.get()))
        diags_.warning(c->loc, "composition '" + c->name + "' is never used: no workflow state or wfc.subflow runs it");
}

}  // namespace wfc::sema

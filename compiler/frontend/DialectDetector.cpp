#include "frontend/DialectDetector.h"

namespace wfc {

llvm::StringRef dialectName(Dialect d) {
  switch (d) {
    case Dialect::PromptPack: return "promptpack";
    case Dialect::AWL: return "awl";
    case Dialect::ToolComposition: return "toolcomp";
    case Dialect::Registry: return "registry";
  }
  return "promptpack";
}

std::optional<Dialect> parseDialect(llvm::StringRef name) {
  for (Dialect d : {Dialect::PromptPack, Dialect::AWL, Dialect::ToolComposition, Dialect::Registry})
    if (dialectName(d) == name) return d;
  return std::nullopt;
}

Dialect detectDialect(const DocNode &root) {
  if (!root.isMapping()) return Dialect::PromptPack;
  if (const DocNode *wf = root.get("workflow"); wf && wf->isMapping()) {
    for (const char *key : {"before", "context", "foreach", "after"})
      if (wf->find(key) && !wf->find("states")) return Dialect::AWL;
  }
  // A tool composition: `steps[]` of tool calls, bare or inside a template's `composition`.
  auto toolSteps = [](const DocNode &n) {
    const DocNode *steps = n.get("steps");
    if (!steps || !steps->isSequence() || n.find("compositions") || steps->items.empty()) return false;
    const DocNode *first = steps->items.front();
    return first->isMapping() && first->find("tool") && !first->find("kind");
  };
  if (toolSteps(root)) return Dialect::ToolComposition;
  if (const DocNode *c = root.get("composition"); c && c->isMapping() && toolSteps(*c)) return Dialect::ToolComposition;
  // A workflow registry (extension_registry.json): pack_name with workflows, or its sequences.
  // (A pack's `version` is a semantic version string; a registry's is the integer 3.)
  const DocNode *version = root.get("version");
  const DocNode *workflows = root.get("workflows");
  if ((root.find("pack_name") && workflows) || root.find("workflow_sequences") ||
      (root.find("journeys") && version) || (version && version->isInt() && workflows && workflows->isSequence()))
    return Dialect::Registry;
  return Dialect::PromptPack;
}

}  // namespace wfc

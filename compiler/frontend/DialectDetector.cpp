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
  if (const DocNode *steps = root.get("steps");
      steps && steps->isSequence() && !root.find("compositions") && !steps->items.empty()) {
    const DocNode *first = steps->items.front();
    if (first->isMapping() && first->find("tool") && !first->find("kind"))
      return Dialect::ToolComposition;
  }
  if (root.find("pack_name") && root.find("workflows")) return Dialect::Registry;
  return Dialect::PromptPack;
}

}  // namespace wfc

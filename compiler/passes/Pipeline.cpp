#include "passes/Pipeline.h"

namespace wfc::passes {

void buildPipeline(PassManager &pm, unsigned optLevel) {
  if (optLevel == 0) return;
  pm.add(createInlineSubflowsPass());  // first: exposes callee steps to the passes after it
  pm.add(createFoldPredicatesPass());  // inlined literal inputs make some predicates constant
  pm.add(createParallelizePass());     // last: plans the graph the other passes left
}

std::vector<std::string> passNames() {
  PassManager pm({}, {});
  buildPipeline(pm, 1);
  std::vector<std::string> names;
  for (const auto &pass : pm.passes()) names.push_back(pass->name());
  return names;
}

}  // namespace wfc::passes

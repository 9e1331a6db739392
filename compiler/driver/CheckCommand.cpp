#include "driver/CheckCommand.h"

#include "driver/BindingsCheck.h"
#include "driver/Compilation.h"
#include "driver/CostCheck.h"

namespace wfc {

int runCheck(const std::vector<std::string> &files, const std::string &bindingsPath, const CommonOptions &options) {
  Compilation compilation(options);
  std::optional<BindingsFile> bindings;
  if (!bindingsPath.empty()) bindings = loadBindings(compilation, bindingsPath);
  for (const std::string &file : files) {
    AnalyzedPack analyzed = compilation.analyzePack(file, bindings ? &*bindings : nullptr);
    // Given bindings, each pack is checked against them as `wfc build` would check it.
    if (bindings && analyzed.module && analyzed.program)
      checkBindings(compilation, *bindings, *analyzed.module, *analyzed.program, /*requireAll=*/true);
    if (bindings && analyzed.module && analyzed.module->registry) {
      std::vector<BoundProgram> programs;
      for (const AnalyzedMember &m : analyzed.members)
        if (m.program) programs.push_back({m.module, &*m.program});
      checkBindings(compilation, *bindings, programs, /*requireAll=*/true);
    }
    // The cost bound (docs/cost.md "The static bound"), of a pack that checked cleanly.
    if ((options.cost.report || options.cost.maxCostUsd) && !compilation.diags().hasErrors()) {
      llvm::raw_ostream *out = options.cost.report ? &llvm::outs() : nullptr;
      const BindingsFile *b = bindings ? &*bindings : nullptr;
      if (analyzed.program) checkCost(compilation, file, *analyzed.program, b, options.cost, out, nullptr);
      for (const AnalyzedMember &m : analyzed.members)
        if (m.program) checkCost(compilation, file + " (" + m.workflow + ")", *m.program, b, options.cost, out, nullptr);
    }
  }
  return compilation.finish();
}

}  // namespace wfc

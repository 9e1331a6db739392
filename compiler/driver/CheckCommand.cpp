#include "driver/CheckCommand.h"

#include "driver/BindingsCheck.h"
#include "driver/Compilation.h"

namespace wfc {

int runCheck(const std::vector<std::string> &files, const std::string &bindingsPath, const CommonOptions &options) {
  std::optional<BindingsFile> bindings;
  if (!bindingsPath.empty() && !(bindings = loadBindings(bindingsPath))) return 2;
  Compilation compilation(options);
  bool bindingsOk = true;
  for (const std::string &file : files) {
    AnalyzedPack analyzed = compilation.analyzePack(file);
    // The bindings are checked against each pack that analyzed cleanly.
    if (bindings && analyzed.module && !compilation.diags().hasErrors())
      bindingsOk = bindsOnlyDeclaredTools(*bindings, *analyzed.module) && bindingsOk;
  }
  int status = compilation.finish();
  return status != 0 ? status : bindingsOk ? 0 : 2;
}

}  // namespace wfc

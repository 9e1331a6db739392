#include "driver/BindingsCheck.h"

#include "support/DidYouMean.h"

#include <llvm/Support/WithColor.h>

namespace wfc {

std::optional<BindingsFile> loadBindings(const std::string &path) {
  try {
    return BindingsFile::load(path);
  } catch (const Error &e) {
    llvm::WithColor::error(llvm::errs(), "wfc") << e.what() << "\n";
    return std::nullopt;
  }
}

bool bindsOnlyDeclaredTools(const BindingsFile &bindings, const ir::Module &module) {
  std::vector<std::string> declared;
  for (const auto &t : module.tools) declared.push_back(t->name);
  for (const BindingsFile::Entry &e : bindings.entries()) {
    if (module.findTool(e.tool)) continue;
    llvm::WithColor::error(llvm::errs(), "wfc") << e.where << ": the bindings bind tool '" << e.tool
                                                << "', which the pack does not declare"
                                                << didYouMeanSuffix(e.tool, declared) << "\n";
    return false;
  }
  return true;
}

}  // namespace wfc

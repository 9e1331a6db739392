#include "driver/RuntimeLocation.h"

#include "driver/InTreeRuntime.h"

#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>

namespace wfc {

std::optional<RuntimeLocation> findRuntime(const char *argv0) {
  std::vector<std::string> links = {WFC_RUNTIME_LINK_LIBRARIES, "-pthread"};
  static int anchor;
  std::string self = llvm::sys::fs::getMainExecutable(argv0, &anchor);
  if (!self.empty()) {
    llvm::SmallString<256> prefix(llvm::sys::path::parent_path(llvm::sys::path::parent_path(self)));
    llvm::SmallString<256> include(prefix);
    llvm::sys::path::append(include, "include");
    llvm::SmallString<256> header(include);
    llvm::sys::path::append(header, "wfc", "program.h");
    std::vector<std::string> libraries;
    for (const char *name : {"libwfc_runtime_host.a", "libwfc_runtime_core.a", "libwfc_runtime_support.a", "libwfc_common.a"}) {
      llvm::SmallString<256> lib(prefix);
      llvm::sys::path::append(lib, "lib", name);
      if (llvm::sys::fs::exists(lib)) libraries.push_back(lib.str().str());
    }
    // Installed, the precompiled headers sit beside the headers (cmake/PrecompiledHeaders.cmake).
    if (libraries.size() == 4 && llvm::sys::fs::exists(header)) return RuntimeLocation{include.str().str(), libraries, links, ""};
  }
  std::vector<std::string> inTree = {WFC_INTREE_RUNTIME_LIBRARIES};
  for (const std::string &lib : inTree)
    if (!llvm::sys::fs::exists(lib)) return std::nullopt;
  std::string precompiledDir = WFC_INTREE_PRECOMPILED_DIR;
  if (!precompiledDir.empty() && !llvm::sys::fs::is_directory(precompiledDir)) precompiledDir.clear();
  return RuntimeLocation{WFC_INTREE_INCLUDE_DIR, inTree, links, precompiledDir};
}

}  // namespace wfc

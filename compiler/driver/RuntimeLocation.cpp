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
    llvm::SmallString<256> lib(prefix), include(prefix);
    llvm::sys::path::append(lib, "lib", "libwfc_runtime.a");
    llvm::sys::path::append(include, "include");
    llvm::SmallString<256> header(include);
    llvm::sys::path::append(header, "wfc", "program.h");
    if (llvm::sys::fs::exists(lib) && llvm::sys::fs::exists(header))
      return RuntimeLocation{include.str().str(), lib.str().str(), links};
  }
  if (llvm::sys::fs::exists(WFC_INTREE_RUNTIME_LIBRARY))
    return RuntimeLocation{WFC_INTREE_INCLUDE_DIR, WFC_INTREE_RUNTIME_LIBRARY, links};
  return std::nullopt;
}

}  // namespace wfc

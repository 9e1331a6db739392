#include "driver/SourceTree.h"

#include "driver/InTreeRuntime.h"

#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>

namespace wfc {
namespace {

bool holdsEveryPart(const std::string &root) {
  for (const std::string &part : wfcSourceParts()) {
    llvm::SmallString<256> path(root);
    llvm::sys::path::append(path, part);
    if (!llvm::sys::fs::exists(path)) return false;
  }
  return true;
}

}  // namespace

const std::vector<std::string> &wfcSourceParts() {
  static const std::vector<std::string> parts = {"CMakeLists.txt", "bench/CMakeLists.txt", "cmake", "common",
                                                 "compiler", "include", "runtime"};
  return parts;
}

std::optional<std::string> findWfcSource(const char *argv0) {
  static int anchor;
  std::string self = llvm::sys::fs::getMainExecutable(argv0, &anchor);
  if (!self.empty()) {
    llvm::SmallString<256> installed(llvm::sys::path::parent_path(llvm::sys::path::parent_path(self)));
    llvm::sys::path::append(installed, "share", "wfc", "source");
    if (holdsEveryPart(installed.str().str())) return installed.str().str();
  }
  if (holdsEveryPart(WFC_INTREE_SOURCE_DIR)) return std::string(WFC_INTREE_SOURCE_DIR);
  return std::nullopt;
}

}  // namespace wfc

#include "support/DynamicLibrary.h"

#include <dlfcn.h>

namespace wfc {

DynamicLibrary::DynamicLibrary(const std::string &path, Failure fail) : path_(path), fail_(std::move(fail)) {
  handle_ = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle_) {
    const char *reason = dlerror();
    fail_(reason ? reason : path);
  }
}

void *DynamicLibrary::address(const char *symbol) const {
  dlerror();
  void *address = dlsym(handle_, symbol);
  if (!address) fail_(path_ + " has no " + symbol);
  return address;
}

}  // namespace wfc

// A shared library opened with dlopen() when first needed — libcurl (support/http), libsqlite3
// (support/sqlite) and libmicrohttpd (host/serve): each one's header says why the runtime loads it
// rather than links it. RTLD_NOW | RTLD_LOCAL: every symbol is resolved at once, and none enters
// the process's global namespace, so a library (and OpenSSL or GnuTLS behind it) cannot interpose
// on a native tool's own copy. A library is never unloaded.
#pragma once

#include <cstdlib>
#include <exception>
#include <functional>
#include <mutex>
#include <string>
#include <type_traits>

namespace wfc {

class DynamicLibrary {
 public:
  // Called with why a library cannot be used ("libcurl.so.4: cannot open shared object file…",
  // "libx.so has no x_init"); it throws the error its user reports.
  using Failure = std::function<void(const std::string &why)>;

  // Opens `path`, or calls `fail`.
  DynamicLibrary(const std::string &path, Failure fail);

  // Sets `function` (a function pointer) to `symbol`'s address, or calls `fail`.
  template <typename Function>
  void resolve(Function &function, const char *symbol) const {
    function = reinterpret_cast<std::remove_reference_t<Function>>(address(symbol));
  }

 private:
  void *address(const char *symbol) const;

  std::string path_;
  Failure fail_;
  void *handle_ = nullptr;
};

// The process's `Library` table, loaded by the first call (thread-safe) with `load` from the
// library the environment variable `variable` names when it is set and not empty, else
// `defaultName`. A failure is remembered: every later call rethrows it.
template <typename Library>
const Library &loadOnce(const char *variable, const char *defaultName, Library (*load)(const std::string &name)) {
  static std::once_flag once;
  static Library library;
  static std::exception_ptr failure;
  std::call_once(once, [&] {
    const char *name = std::getenv(variable);
    try {
      library = load(name && *name ? name : defaultName);
    } catch (...) {
      failure = std::current_exception();
    }
  });
  if (failure) std::rethrow_exception(failure);
  return library;
}

}  // namespace wfc

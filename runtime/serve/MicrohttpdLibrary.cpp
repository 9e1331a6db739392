#include "serve/MicrohttpdLibrary.h"

#include "wfc/error.h"

#include <dlfcn.h>

#include <cstdlib>
#include <exception>
#include <mutex>
#include <type_traits>

namespace wfc::serve {
namespace {

const char *const kNeed = "--serve needs libmicrohttpd 0.9.71 or later (on Debian and Ubuntu: the libmicrohttpd12 package)";

[[noreturn]] void fail(const std::string &what) { throw Error(ErrorKind::Usage, what + "; " + kNeed); }

MicrohttpdLibrary load(const std::string &name) {
  // RTLD_LOCAL: its symbols (and GnuTLS's behind it) stay out of the global namespace.
  void *handle = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *reason = dlerror();
    fail("cannot load libmicrohttpd: " + std::string(reason ? reason : name));
  }
  MicrohttpdLibrary lib;
  lib.path = name;
  auto resolve = [&](auto &function, const char *symbol) {
    dlerror();
    void *address = dlsym(handle, symbol);
    if (!address) fail("cannot load libmicrohttpd: " + name + " has no " + symbol);
    function = reinterpret_cast<std::remove_reference_t<decltype(function)>>(address);
  };
  resolve(lib.get_version, "MHD_get_version");
  resolve(lib.start_daemon, "MHD_start_daemon");
  resolve(lib.quiesce_daemon, "MHD_quiesce_daemon");
  resolve(lib.stop_daemon, "MHD_stop_daemon");
  resolve(lib.get_daemon_info, "MHD_get_daemon_info");
  resolve(lib.get_connection_info, "MHD_get_connection_info");
  resolve(lib.get_connection_values, "MHD_get_connection_values");
  resolve(lib.lookup_connection_value, "MHD_lookup_connection_value");
  resolve(lib.create_response_from_buffer, "MHD_create_response_from_buffer");
  resolve(lib.add_response_header, "MHD_add_response_header");
  resolve(lib.queue_response, "MHD_queue_response");
  resolve(lib.destroy_response, "MHD_destroy_response");
  return lib;
}

}  // namespace

const MicrohttpdLibrary &microhttpd() {
  static std::once_flag once;
  static MicrohttpdLibrary library;
  static std::exception_ptr failure;
  std::call_once(once, [] {
    const char *name = std::getenv("WFC_LIBMICROHTTPD");
    try {
      library = load(name && *name ? name : kDefaultMicrohttpdLibrary);
    } catch (...) {
      failure = std::current_exception();
    }
  });
  if (failure) std::rethrow_exception(failure);
  return library;
}

}  // namespace wfc::serve

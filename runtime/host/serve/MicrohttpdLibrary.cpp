#include "host/serve/MicrohttpdLibrary.h"

#include "wfc/error.h"

#include "support/DynamicLibrary.h"

#include <string>

namespace wfc::serve {
namespace {

const char *const kNeed = "--serve needs libmicrohttpd 0.9.71 or later (on Debian and Ubuntu: the libmicrohttpd12 package)";

[[noreturn]] void fail(const std::string &what) { throw Error(ErrorKind::Usage, what + "; " + kNeed); }

MicrohttpdLibrary load(const std::string &name) {
  DynamicLibrary library(name, [](const std::string &why) { fail("cannot load libmicrohttpd: " + why); });
  MicrohttpdLibrary lib;
  lib.path = name;
  auto resolve = [&](auto &function, const char *symbol) { library.resolve(function, symbol); };
  resolve(lib.get_version, "MHD_get_version");
  resolve(lib.start_daemon, "MHD_start_daemon");
  resolve(lib.quiesce_daemon, "MHD_quiesce_daemon");
  resolve(lib.stop_daemon, "MHD_stop_daemon");
  resolve(lib.get_daemon_info, "MHD_get_daemon_info");
  resolve(lib.get_connection_info, "MHD_get_connection_info");
  resolve(lib.get_connection_values, "MHD_get_connection_values");
  resolve(lib.lookup_connection_value, "MHD_lookup_connection_value");
  resolve(lib.create_response_from_buffer, "MHD_create_response_from_buffer");
  resolve(lib.create_response_from_callback, "MHD_create_response_from_callback");
  resolve(lib.add_response_header, "MHD_add_response_header");
  resolve(lib.queue_response, "MHD_queue_response");
  resolve(lib.destroy_response, "MHD_destroy_response");
  resolve(lib.http_unescape, "MHD_http_unescape");
  return lib;
}

}  // namespace

const MicrohttpdLibrary &microhttpd() { return loadOnce("WFC_LIBMICROHTTPD", kDefaultMicrohttpdLibrary, load); }

}  // namespace wfc::serve

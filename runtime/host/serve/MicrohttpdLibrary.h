// GNU libmicrohttpd, loaded with dlopen() when the executable starts serving (--serve,
// docs/serve.md).
//
// Why this library, and why not linked: serve mode is in every compiled executable, and the one
// HTTP server library in Debian that the project already used, cpp-httplib, is a C++ shared
// library (libcpp-httplib.so, header without definitions) built with OpenSSL, zlib and brotli.
// Linking it maps those into every executable at start-up — measured on this machine: +2.2 ms
// per start and +6.5 MB resident memory, against a < 2 ms start and < 10 MB budget — and a C++
// API cannot be loaded on demand. libmicrohttpd is a C library (Debian's libmicrohttpd12), so it
// is loaded like libcurl and libsqlite3 (support/http/CurlLibrary.h): only a serving process maps it. It
// does the HTTP: parsing, keep-alive, chunked bodies, a thread per connection, connection limits
// and timeouts.
//
// Only its header is used at build time (types and constants); every function is called through
// the table below.
#pragma once

#include <microhttpd.h>

#include <string>

namespace wfc::serve {

struct MicrohttpdLibrary {
  std::string path;  // what was loaded, as given to dlopen()
  const char *(*get_version)() = nullptr;
  MHD_Daemon *(*start_daemon)(unsigned int flags, uint16_t port, MHD_AcceptPolicyCallback apc, void *apc_cls,
                              MHD_AccessHandlerCallback dh, void *dh_cls, ...) = nullptr;
  MHD_socket (*quiesce_daemon)(MHD_Daemon *) = nullptr;
  void (*stop_daemon)(MHD_Daemon *) = nullptr;
  const MHD_DaemonInfo *(*get_daemon_info)(MHD_Daemon *, MHD_DaemonInfoType, ...) = nullptr;
  const MHD_ConnectionInfo *(*get_connection_info)(MHD_Connection *, MHD_ConnectionInfoType, ...) = nullptr;
  int (*get_connection_values)(MHD_Connection *, MHD_ValueKind, MHD_KeyValueIterator, void *) = nullptr;
  const char *(*lookup_connection_value)(MHD_Connection *, MHD_ValueKind, const char *) = nullptr;
  MHD_Response *(*create_response_from_buffer)(size_t, void *, MHD_ResponseMemoryMode) = nullptr;
  MHD_Response *(*create_response_from_callback)(uint64_t, size_t, MHD_ContentReaderCallback, void *,
                                                 MHD_ContentReaderFreeCallback) = nullptr;
  MHD_Result (*add_response_header)(MHD_Response *, const char *, const char *) = nullptr;
  MHD_Result (*queue_response)(MHD_Connection *, unsigned int, MHD_Response *) = nullptr;
  void (*destroy_response)(MHD_Response *) = nullptr;
  size_t (*http_unescape)(char *) = nullptr;
};

// The library's name when WFC_LIBMICROHTTPD does not name another one: its ABI since 0.9.71.
inline constexpr const char *kDefaultMicrohttpdLibrary = "libmicrohttpd.so.12";

// The process's libmicrohttpd: loaded by the first call (thread-safe) from WFC_LIBMICROHTTPD when
// it is set and not empty, else kDefaultMicrohttpdLibrary. Throws wfc::Error(Usage) saying what
// is missing and how to get it; a failure is remembered and thrown again by every later call.
const MicrohttpdLibrary &microhttpd();

}  // namespace wfc::serve

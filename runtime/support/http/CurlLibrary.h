// libcurl, loaded with dlopen() when the process first needs HTTP (an LLM step, an http tool).
//
// Why not link it: libcurl.so.4 brings about 35 shared objects with it (OpenSSL, GSSAPI, LDAP,
// nghttp2, ssh2…), and loading them and running their constructors tripled the start-up time and
// doubled the resident memory of every compiled workflow, including the many that never make an
// HTTP request (BENCHMARKS.md, 2026-11-23). Loaded on demand, a workflow without HTTP never maps
// them, and one with HTTP pays once, at its first request.
//
// Only curl's headers are used at build time (for its types and constants); every function is
// called through the table below.
#pragma once

#include <curl/curl.h>

#include <ctime>
#include <string>

namespace wfc::http {

// The libcurl functions HttpClient uses, resolved from the loaded library.
struct CurlLibrary {
  std::string path;  // what was loaded, as given to dlopen()
  CURLcode (*global_init)(long flags) = nullptr;
  curl_version_info_data *(*version_info)(CURLversion) = nullptr;
  const char *(*easy_strerror)(CURLcode) = nullptr;
  const char *(*multi_strerror)(CURLMcode) = nullptr;
  CURL *(*easy_init)() = nullptr;
  void (*easy_cleanup)(CURL *) = nullptr;
  void (*easy_reset)(CURL *) = nullptr;
  CURLcode (*easy_setopt)(CURL *, CURLoption, ...) = nullptr;
  CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...) = nullptr;
  CURLM *(*multi_init)() = nullptr;
  CURLMcode (*multi_cleanup)(CURLM *) = nullptr;
  CURLMcode (*multi_add_handle)(CURLM *, CURL *) = nullptr;
  CURLMcode (*multi_remove_handle)(CURLM *, CURL *) = nullptr;
  CURLMcode (*multi_perform)(CURLM *, int *running) = nullptr;
  CURLMcode (*multi_poll)(CURLM *, struct curl_waitfd[], unsigned int, int timeoutMs, int *ret) = nullptr;
  CURLMcode (*multi_wakeup)(CURLM *) = nullptr;
  CURLMsg *(*multi_info_read)(CURLM *, int *queued) = nullptr;
  curl_slist *(*slist_append)(curl_slist *, const char *) = nullptr;
  void (*slist_free_all)(curl_slist *) = nullptr;
  time_t (*getdate)(const char *, const time_t *unused) = nullptr;
};

// The oldest libcurl whose features HttpClient uses (CURLOPT_PROTOCOLS_STR is 7.85.0).
inline constexpr unsigned kMinimumCurlVersion = 0x075500;
inline constexpr const char *kMinimumCurlVersionText = "7.85.0";

// The library's name when WFC_LIBCURL does not name another one: libcurl's ABI since 2006.
inline constexpr const char *kDefaultCurlLibrary = "libcurl.so.4";

// Loads `name` (a file name dlopen() searches for, or a path), resolves every function, checks
// its version and runs curl_global_init(). Throws TransportError (StepFailed, not retryable)
// saying what is missing and how to get it. The library is never unloaded.
CurlLibrary loadCurlLibrary(const std::string &name);

// The process's libcurl: loaded by the first call (thread-safe) from the environment variable
// WFC_LIBCURL when it is set and not empty, else kDefaultCurlLibrary. A failure to load is
// remembered: every later call throws the same error.
const CurlLibrary &curl();

}  // namespace wfc::http

#include "support/http/CurlLibrary.h"

#include "support/http/HttpClient.h"

#include "support/DynamicLibrary.h"

#include <string>

namespace wfc::http {
namespace {

std::string versionText(unsigned version) {
  return std::to_string(version >> 16) + "." + std::to_string((version >> 8) & 0xff) + "." +
         std::to_string(version & 0xff);
}

[[noreturn]] void fail(const std::string &what) { throw TransportError(ErrorKind::StepFailed, what, false); }

}  // namespace

CurlLibrary loadCurlLibrary(const std::string &name) {
  const std::string need = "HTTP requests (LLM steps, http tools) need libcurl " + std::string(kMinimumCurlVersionText) +
                           " or later (on Debian and Ubuntu: the libcurl4 package)";
  DynamicLibrary library(name, [&](const std::string &why) { fail("cannot load libcurl: " + why + "; " + need); });
  CurlLibrary lib;
  lib.path = name;
  auto resolve = [&](auto &function, const char *symbol) { library.resolve(function, symbol); };
  resolve(lib.global_init, "curl_global_init");
  resolve(lib.version_info, "curl_version_info");
  resolve(lib.easy_strerror, "curl_easy_strerror");
  resolve(lib.multi_strerror, "curl_multi_strerror");
  resolve(lib.easy_init, "curl_easy_init");
  resolve(lib.easy_cleanup, "curl_easy_cleanup");
  resolve(lib.easy_reset, "curl_easy_reset");
  resolve(lib.easy_setopt, "curl_easy_setopt");
  resolve(lib.easy_getinfo, "curl_easy_getinfo");
  resolve(lib.multi_init, "curl_multi_init");
  resolve(lib.multi_cleanup, "curl_multi_cleanup");
  resolve(lib.multi_add_handle, "curl_multi_add_handle");
  resolve(lib.multi_remove_handle, "curl_multi_remove_handle");
  resolve(lib.multi_perform, "curl_multi_perform");
  resolve(lib.multi_poll, "curl_multi_poll");
  resolve(lib.multi_wakeup, "curl_multi_wakeup");
  resolve(lib.multi_info_read, "curl_multi_info_read");
  resolve(lib.slist_append, "curl_slist_append");
  resolve(lib.slist_free_all, "curl_slist_free_all");
  resolve(lib.getdate, "curl_getdate");

  const curl_version_info_data *info = lib.version_info(CURLVERSION_NOW);
  if (!info || info->version_num < kMinimumCurlVersion)
    fail("cannot use libcurl " + (info ? versionText(info->version_num) : std::string("of unknown version")) +
         " (" + name + "); " + need);
  // Not thread-safe, hence once per process (curl() holds the only call).
  if (CURLcode result = lib.global_init(CURL_GLOBAL_DEFAULT); result != CURLE_OK)
    fail(std::string("cannot initialize libcurl: ") + lib.easy_strerror(result));
  return lib;
}

const CurlLibrary &curl() { return loadOnce("WFC_LIBCURL", kDefaultCurlLibrary, loadCurlLibrary); }

}  // namespace wfc::http

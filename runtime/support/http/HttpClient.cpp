#include "support/http/HttpClient.h"

#include "common/Utf8.h"
#include "support/AsciiCase.h"
#include "support/http/CurlLibrary.h"

#include <algorithm>
#include <cctype>
#include <memory>
#include <string_view>

namespace wfc::http {
namespace {

// One easy handle driven by one multi handle per thread. The multi handle owns the connection
// cache, so a worker's next request to the same endpoint reuses the open connection.
struct Handles {
  const CurlLibrary &lib = curl();
  CURLM *multi = lib.multi_init();
  CURL *easy = lib.easy_init();
  Handles() = default;
  Handles(const Handles &) = delete;
  Handles &operator=(const Handles &) = delete;
  ~Handles() {
    if (easy) lib.easy_cleanup(easy);
    if (multi) lib.multi_cleanup(multi);
  }
};

Handles &threadHandles() {
  thread_local Handles handles;
  if (!handles.multi || !handles.easy)
    throw TransportError(ErrorKind::StepFailed, "cannot create a libcurl handle (out of memory?)", false);
  return handles;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// The callbacks run inside libcurl's C frames: no exception may cross them. A short count makes
// libcurl abort the transfer (CURLE_WRITE_ERROR) instead.
struct BodySink {
  HttpResponse *response;
  const HttpRequest *request;
  CURL *easy;
  size_t received = 0;
  bool decided = false;  // whether this response streams, decided at its first byte
  bool overflow = false;
};

// Whether the response whose first body byte has come streams to the request's onBody: a 2xx
// answer of the stream's content type.
bool streams(const BodySink &sink) {
  if (!sink.request->onBody) return false;
  long status = 0;
  curl().easy_getinfo(sink.easy, CURLINFO_RESPONSE_CODE, &status);
  return status >= 200 && status < 300 && startsWithIgnoreCase(sink.response->contentType, sink.request->streamType);
}

size_t onBody(char *data, size_t size, size_t count, void *user) try {
  auto *sink = static_cast<BodySink *>(user);
  size_t bytes = size * count;
  if (!sink->decided) {
    sink->response->streamed = streams(*sink);
    sink->decided = true;
  }
  if (sink->request->maxBodyBytes && sink->received + bytes > sink->request->maxBodyBytes) {
    sink->overflow = true;
    return 0;
  }
  sink->received += bytes;
  if (sink->response->streamed) return sink->request->onBody(std::string_view(data, bytes)) ? bytes : 0;
  sink->response->body.append(data, bytes);
  return bytes;
} catch (...) {
  return 0;
}

// Only Retry-After is kept; the other headers are not needed and never stored.
size_t onHeader(char *data, size_t size, size_t count, void *user) try {
  auto *response = static_cast<HttpResponse *>(user);
  std::string_view line(data, size * count);
  if (line.starts_with("HTTP/")) {
    response->retryAfter.reset();  // a new response begins (after a "100 Continue")
    response->contentType.clear();
  } else if (size_t colon = line.find(':'); colon != std::string_view::npos) {
    std::string_view name = trim(line.substr(0, colon));
    if (equalsIgnoreCase(name, "retry-after"))
      response->retryAfter = std::string(trim(line.substr(colon + 1)));
    else if (equalsIgnoreCase(name, "content-type"))
      response->contentType = std::string(trim(line.substr(colon + 1)));
  }
  return size * count;
} catch (...) {
  return 0;
}

// Aborts the transfer from inside libcurl while data is flowing; the wake-up in post() covers an
// idle connection (a model still thinking).
int onProgress(void *user, curl_off_t, curl_off_t, curl_off_t, curl_off_t) {
  return static_cast<const CancellationToken *>(user)->cancelled() ? 1 : 0;
}

bool retryable(CURLcode code) {
  switch (code) {
    case CURLE_COULDNT_RESOLVE_PROXY:
    case CURLE_COULDNT_RESOLVE_HOST:
    case CURLE_COULDNT_CONNECT:
    case CURLE_PARTIAL_FILE:
    case CURLE_SEND_ERROR:
    case CURLE_RECV_ERROR:
    case CURLE_GOT_NOTHING:
    case CURLE_SSL_CONNECT_ERROR:  // also what a reset during the TLS handshake looks like
    case CURLE_HTTP2:
    case CURLE_HTTP2_STREAM: return true;
    default: return false;
  }
}

void check(CURLcode code, const char *what) {
  if (code != CURLE_OK)
    throw TransportError(ErrorKind::StepFailed, std::string("cannot set up the HTTP request (") + what +
                                                    "): " + curl().easy_strerror(code),
                         false);
}

void check(CURLMcode code, const std::string &url) {
  if (code != CURLM_OK)
    throw TransportError(ErrorKind::StepFailed, "the request to " + url + " failed: " + curl().multi_strerror(code),
                         false);
}

// How `method` goes on the wire: POST, PUT and PATCH always carry the body; GET and HEAD never do;
// DELETE and any other method only when it is not empty.
void setMethod(CURL *easy, const std::string &method, const std::string &body) {
  const CurlLibrary &lib = curl();
  bool token = !method.empty() && std::all_of(method.begin(), method.end(), [](unsigned char c) {
    return std::isupper(c) || c == '-' || c == '_';
  });
  if (!token)
    throw TransportError(ErrorKind::StepFailed, "cannot set up the HTTP request: bad method \"" + method + "\"",
                         false);
  auto withBody = [&] {
    check(lib.easy_setopt(easy, CURLOPT_POST, 1L), "post");
    check(lib.easy_setopt(easy, CURLOPT_POSTFIELDS, body.data()), "body");
    check(lib.easy_setopt(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.size())), "body size");
  };
  if (method == "GET") {
    check(lib.easy_setopt(easy, CURLOPT_HTTPGET, 1L), "get");
  } else if (method == "HEAD") {
    check(lib.easy_setopt(easy, CURLOPT_NOBODY, 1L), "head");
  } else if (method == "POST") {
    withBody();
  } else {
    if (method == "PUT" || method == "PATCH" || !body.empty()) withBody();
    check(lib.easy_setopt(easy, CURLOPT_CUSTOMREQUEST, method.c_str()), "method");
  }
}

HttpResponse perform(const HttpRequest &request, const std::string &method, const CancellationToken &cancel) {
  const CurlLibrary &lib = curl();  // first HTTP request of the process: loads libcurl
  cancel.throwIfCancelled();
  const std::string url = redactUrl(request.url);
  Handles &handles = threadHandles();
  CURL *easy = handles.easy;
  lib.easy_reset(easy);

  HttpResponse response;
  char curlError[CURL_ERROR_SIZE] = "";
  auto freeList = [&lib](curl_slist *list) { lib.slist_free_all(list); };
  std::unique_ptr<curl_slist, decltype(freeList)> headers(nullptr, freeList);
  auto addHeader = [&](const std::string &header) {
    curl_slist *list = lib.slist_append(headers.get(), header.c_str());
    if (!list) throw TransportError(ErrorKind::StepFailed, "cannot set up the HTTP request (out of memory)", false);
    headers.release();
    headers.reset(list);
  };
  for (const std::string &header : request.headers) addHeader(header);
  // libcurl would otherwise send "Expect: 100-continue" for bodies over 1 KiB and wait up to a
  // second for a server that never answers it.
  addHeader("Expect:");

  check(lib.easy_setopt(easy, CURLOPT_URL, request.url.c_str()), "url");
  check(lib.easy_setopt(easy, CURLOPT_PROTOCOLS_STR, "http,https"), "protocols");
  setMethod(easy, method, request.body);
  check(lib.easy_setopt(easy, CURLOPT_HTTPHEADER, headers.get()), "headers");
  check(lib.easy_setopt(easy, CURLOPT_ACCEPT_ENCODING, ""), "encoding");
  check(lib.easy_setopt(easy, CURLOPT_WRITEFUNCTION, &onBody), "write");
  BodySink sink{&response, &request, easy};
  check(lib.easy_setopt(easy, CURLOPT_WRITEDATA, &sink), "write");
  check(lib.easy_setopt(easy, CURLOPT_HEADERFUNCTION, &onHeader), "header");
  check(lib.easy_setopt(easy, CURLOPT_HEADERDATA, &response), "header");
  check(lib.easy_setopt(easy, CURLOPT_NOPROGRESS, 0L), "progress");
  check(lib.easy_setopt(easy, CURLOPT_XFERINFOFUNCTION, &onProgress), "progress");
  check(lib.easy_setopt(easy, CURLOPT_XFERINFODATA, const_cast<CancellationToken *>(&cancel)), "progress");
  // Worker threads must not get SIGALRM from the resolver's timeout.
  check(lib.easy_setopt(easy, CURLOPT_NOSIGNAL, 1L), "nosignal");
  check(lib.easy_setopt(easy, CURLOPT_CONNECTTIMEOUT_MS, request.connectTimeoutMs), "connect timeout");
  check(lib.easy_setopt(easy, CURLOPT_TIMEOUT_MS, request.timeoutMs), "timeout");
  check(lib.easy_setopt(easy, CURLOPT_ERRORBUFFER, curlError), "error buffer");

  check(lib.multi_add_handle(handles.multi, easy), url);
  struct Detach {
    const CurlLibrary &lib;
    CURLM *multi;
    CURL *easy;
    ~Detach() { lib.multi_remove_handle(multi, easy); }  // mid-transfer: closes that connection
  } detach{lib, handles.multi, easy};
  // curl_multi_wakeup is the one multi call that is safe from another thread.
  auto wakeOnCancel = cancel.onCancel([&lib, multi = handles.multi] { lib.multi_wakeup(multi); });

  CURLcode result = CURLE_OK;
  for (bool done = false; !done;) {
    int running = 0;
    check(lib.multi_perform(handles.multi, &running), url);
    int queued = 0;
    while (CURLMsg *message = lib.multi_info_read(handles.multi, &queued)) {
      if (message->msg == CURLMSG_DONE && message->easy_handle == easy) {
        result = message->data.result;
        done = true;
      }
    }
    if (done) break;
    if (cancel.cancelled()) throw TransportError(ErrorKind::Cancelled, cancel.reason(), false);
    if (running == 0)
      throw TransportError(ErrorKind::StepFailed, "the request to " + url + " ended without a result", false);
    check(lib.multi_poll(handles.multi, nullptr, 0, 1000, nullptr), url);
  }

  if (result == CURLE_OK) {
    lib.easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &response.status);
    return response;
  }
  if (result == CURLE_ABORTED_BY_CALLBACK || cancel.cancelled())
    throw TransportError(ErrorKind::Cancelled, cancel.reason(), false);
  if (result == CURLE_WRITE_ERROR && response.streamed && !sink.overflow)
    throw TransportError(ErrorKind::StepFailed, "the stream from " + url + " was stopped by its reader", false);
  if (result == CURLE_OPERATION_TIMEDOUT) {
    // libcurl reports both limits with one code; a transfer that never connected hit the connect
    // limit (its connect time is 0). Not connecting may pass on the next attempt; a reply slower
    // than the limit will not. (Elapsed time cannot tell them apart: libcurl's timers may fire a
    // millisecond early.)
    curl_off_t connected = 0;
    lib.easy_getinfo(easy, CURLINFO_CONNECT_TIME_T, &connected);
    if (connected == 0)
      throw TransportError(ErrorKind::Exhausted,
                           "could not connect to " + url + " within " + std::to_string(request.connectTimeoutMs) +
                               " ms",
                           true);
    throw TransportError(ErrorKind::Exhausted,
                         "the request to " + url + " timed out after " + std::to_string(request.timeoutMs) + " ms",
                         false);
  }
  if (sink.overflow)
    throw TransportError(ErrorKind::StepFailed,
                         "the response from " + url + " is larger than " + std::to_string(request.maxBodyBytes) +
                             " bytes",
                         false);
  std::string detail = curlError[0] ? std::string(curlError) : std::string(lib.easy_strerror(result));
  throw TransportError(ErrorKind::StepFailed, "the request to " + url + " failed: " + detail, retryable(result));
}

}  // namespace

HttpResponse post(const HttpRequest &request, const CancellationToken &cancel) {
  static const std::string kPost = "POST";
  return perform(request, kPost, cancel);
}

HttpResponse send(const HttpRequest &request, const CancellationToken &cancel) {
  return perform(request, request.method, cancel);
}

std::optional<long> retryAfterMs(const std::string &value, std::chrono::system_clock::time_point now) {
  std::string_view text = trim(value);
  if (text.empty()) return std::nullopt;
  bool digits = true;
  for (char c : text) digits = digits && std::isdigit(static_cast<unsigned char>(c));
  if (digits) {
    // Anything past a day is as good as forever here; the caller caps it far lower anyway.
    if (text.size() > 6) return 86400L * 1000;
    return std::min(std::stol(std::string(text)), 86400L) * 1000;
  }
  time_t when = curl().getdate(std::string(text).c_str(), nullptr);
  if (when == -1) return std::nullopt;
  auto delay = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::from_time_t(when) - now);
  return std::clamp<long>(long(delay.count()), 0L, 86400L * 1000);
}

std::string redactUrl(const std::string &url) {
  size_t scheme = url.find("://");
  size_t hostStart = scheme == std::string::npos ? 0 : scheme + 3;
  size_t hostEnd = url.find_first_of("/?#", hostStart);
  if (hostEnd == std::string::npos) hostEnd = url.size();
  size_t at = url.rfind('@', hostEnd == 0 ? 0 : hostEnd - 1);
  if (at == std::string::npos || at < hostStart) return url;
  return url.substr(0, hostStart) + url.substr(at + 1);
}

std::string textHead(std::string_view text, size_t limit) {
  std::string flat;
  for (char c : text) {
    if (flat.size() > limit + 4) break;  // enough to cut at `limit`: a 256 MiB body is not copied
    bool space = c == ' ' || c == '\n' || c == '\r' || c == '\t';
    if (!space) flat += c;
    else if (!flat.empty() && flat.back() != ' ') flat += ' ';
  }
  while (!flat.empty() && flat.back() == ' ') flat.pop_back();
  // A body is any bytes and the head goes into error messages, which end up in JSON: UTF-8 here.
  if (flat.size() <= limit) return repairUtf8(flat);
  size_t cut = limit;
  while (cut > 0 && (static_cast<unsigned char>(flat[cut]) & 0xC0) == 0x80) --cut;
  return repairUtf8(std::string_view(flat).substr(0, cut)) + "…";
}

}  // namespace wfc::http

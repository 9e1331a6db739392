// A blocking HTTP request over libcurl, cancellable by a CancellationToken: the transport under the
// LLM providers (POST) and the http tool bindings (any method).
//
// Each thread keeps one curl handle pair, so consecutive requests from a worker reuse its
// keep-alive connections (TLS handshakes dominate small LLM calls). The transfer runs on a multi
// handle that a cancel wakes at once, so a cancelled request returns within milliseconds, not at
// libcurl's next one-second progress tick. libcurl itself is loaded by the first request
// (support/http/CurlLibrary.h): a workflow that makes none never maps it.
//
// Header values are never printed, logged or put in an error: they carry API keys.
#pragma once

#include "wfc/cancellation.h"
#include "wfc/error.h"

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace wfc::http {

struct HttpRequest {
  std::string url;
  std::vector<std::string> headers;  // "Name: value"
  std::string body;  // not sent by GET or HEAD; by DELETE (or another method) only when not empty
  long connectTimeoutMs = 10000;
  long timeoutMs = 120000;  // the whole exchange, connect included
  // Last, so that aggregate initializations of the fields above stay valid:
  std::string method = "POST";  // for send(); post() always POSTs
  size_t maxBodyBytes = 0;      // a longer response body fails the request (0: no limit)
  // A streamed body (server-sent events, docs/streaming.md): when `onBody` is set and the answer
  // is a 2xx whose Content-Type starts with `streamType`, each piece of the body goes to `onBody`
  // as it arrives instead of into HttpResponse::body; onBody returning false aborts the transfer
  // (TransportError, not retryable). Any other answer (an error status, a server that does not
  // stream) is collected as usual.
  std::string streamType = "text/event-stream";
  std::function<bool(std::string_view piece)> onBody = nullptr;
};

struct HttpResponse {
  long status = 0;
  std::string body;
  std::optional<std::string> retryAfter;  // the final response's Retry-After, as sent
  std::string contentType;                // the final response's Content-Type, as sent
  bool streamed = false;                  // the body went to HttpRequest::onBody
};

// A request that got no HTTP response. `retryable()`: the next attempt may succeed (connection
// refused or reset, DNS failure, a body cut short, a connect timeout). The kind is Exhausted for a
// timeout, Cancelled when the token fired (message: its reason), StepFailed otherwise.
class TransportError : public Error {
 public:
  TransportError(ErrorKind kind, const std::string &message, bool retryable)
      : Error(kind, message), retryable_(retryable) {}
  bool retryable() const { return retryable_; }

 private:
  bool retryable_;
};

// POSTs `request.body`. Any HTTP status is a response (the caller decides what 429 or 500 means);
// only a failure to get one throws TransportError.
HttpResponse post(const HttpRequest &request, const CancellationToken &cancel);

// Sends `request` with `request.method` (an upper-case token: GET, POST, PUT, PATCH, DELETE, HEAD…),
// otherwise as post().
HttpResponse send(const HttpRequest &request, const CancellationToken &cancel);

// How long a Retry-After value asks to wait: delta-seconds ("120") or an HTTP-date (in the past:
// 0). nullopt when it is neither.
std::optional<long> retryAfterMs(const std::string &value,
                                 std::chrono::system_clock::time_point now = std::chrono::system_clock::now());

// `url` with any "user:password@" removed, for messages and traces.
std::string redactUrl(const std::string &url);

// The start of a server's text for an error message: whitespace runs collapsed (error bodies are
// often pretty-printed JSON), at most `limit` bytes, never cutting a UTF-8 sequence.
std::string textHead(std::string_view text, size_t limit);

}  // namespace wfc::http

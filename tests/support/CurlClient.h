// An HTTP client for tests of --serve (docs/serve.md): libcurl, one request per call, the whole
// response (status, headers, body) returned. Errors at the transport level (connection refused,
// timeout) come back as status 0 with the message in `error`.
#pragma once

#include <nlohmann/json.hpp>

#include <functional>
#include <optional>
#include <string_view>
#include <string>
#include <utility>
#include <vector>

namespace wfc::test {

struct HttpReply {
  long status = 0;
  std::vector<std::pair<std::string, std::string>> headers;  // names lowercased
  std::string body;
  std::string error;  // transport failures only
  std::optional<std::string> header(const std::string &lowercaseName) const;
  nlohmann::json json() const;  // the body parsed (throws when it is not JSON)
};

struct HttpCall {
  std::string method = "GET";
  std::string url;
  std::optional<std::string> body;
  std::vector<std::string> headers;  // "Name: value"
  bool chunked = false;              // send the body with Transfer-Encoding: chunked
  long timeoutMs = 30000;
  // When set, each piece of the body as it arrives (it is kept in the reply's body too); returning
  // false hangs up at once, as a client that goes away does (the reply's error then says so).
  std::function<bool(std::string_view piece)> onPiece = nullptr;
};

HttpReply httpCall(const HttpCall &call);

// The usual shapes.
HttpReply httpGet(const std::string &url, std::vector<std::string> headers = {});
HttpReply httpPostJson(const std::string &url, const std::string &body, std::vector<std::string> headers = {});
HttpReply httpDelete(const std::string &url, std::vector<std::string> headers = {});

}  // namespace wfc::test

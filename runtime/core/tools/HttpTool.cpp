// http bindings (docs/semantics.md "Run time", docs/bindings.md "http"): one HTTP request per call over the
// project's libcurl client (support/http/HttpClient.h), so calls share its per-thread keep-alive
// connections, its prompt cancellation and its TLS verification.
//
// What goes out: POST (or `method`) to `url`; POST, PUT and PATCH carry the arguments as a JSON
// body, GET and DELETE carry them as query parameters. Headers: User-Agent, Accept and
// Content-Type defaults, the binding's `headers` (constants, which may replace those defaults),
// its `headers_from_env` (read once, when the binding is made), and `Idempotency-Key:
// RUN/STEP/ATTEMPT`. What comes back: a 2xx body parsed as JSON is the result (empty: null);
// anything else fails the call. No transport-level retries: the step's `retry` decides.
//
// Secrets: the values of headers_from_env never appear in describe() or in an error — a server
// that echoes them back in an error body gets them replaced by "[redacted]" — and the URL is
// shown without any "user:password@".
#include "core/tools/ToolBinding.h"

#include "common/BindingsFile.h"
#include "support/AsciiCase.h"
#include "support/http/HttpClient.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <string_view>
#include <utility>
#include <vector>

namespace wfc::tools {
namespace {

const char *const kRedacted = "[redacted]";
constexpr long kDefaultTimeoutMs = 30000;
constexpr long kConnectTimeoutMs = 10000;
constexpr size_t kBodyHeadBytes = 300;
constexpr size_t kMinSecretBytes = 4;
constexpr size_t kMaxBodyBytes = size_t(256) << 20;  // as for an exec tool's stdout

std::string inQuotes(std::string_view s) { return "'" + std::string(s) + "'"; }

// RFC 9110 token characters: what a header name may be made of.
bool isHeaderName(std::string_view name) {
  return !name.empty() && std::all_of(name.begin(), name.end(), [](unsigned char c) {
    return std::isalnum(c) || std::string_view("!#$%&'*+-.^_`|~").find(char(c)) != std::string_view::npos;
  });
}

// A value that would end the header line (and start another one) is never sent.
bool isHeaderValue(std::string_view value) { return value.find_first_of(std::string_view("\r\n\0", 3)) == std::string_view::npos; }

// RFC 3986 percent-encoding of a query component: everything but the unreserved characters.
std::string percentEncode(std::string_view s) {
  static const char *const hex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : s) {
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~') {
      out += char(c);
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

struct Header {
  std::string name, value;
  bool secret = false;  // from the environment
};

class HttpBinding final : public ToolBinding {
 public:
  HttpBinding(std::string tool, std::string url, std::string method, long timeoutMs, std::vector<Header> headers)
      : tool_(std::move(tool)), url_(std::move(url)), shownUrl_(http::redactUrl(url_)), method_(std::move(method)),
        timeoutMs_(timeoutMs), queryArgs_(method_ == "GET" || method_ == "DELETE") {
    auto has = [&](std::string_view name) {
      return std::any_of(headers.begin(), headers.end(), [&](const Header &h) { return lowerAscii(h.name) == name; });
    };
    if (!has("user-agent")) lines_.push_back("User-Agent: wfc");
    if (!has("accept")) lines_.push_back("Accept: application/json");
    if (!queryArgs_ && !has("content-type")) lines_.push_back("Content-Type: application/json");
    for (const Header &h : headers) {
      // libcurl drops a header written "Name:" and sends "Name;" as an empty one.
      lines_.push_back(h.value.empty() ? h.name + ";" : h.name + ": " + h.value);
      if (!h.secret) continue;
      // A value of a few characters ("1") would mangle messages more than it hides.
      if (h.value.size() >= kMinSecretBytes) secrets_.push_back(h.value);
      // "Bearer TOKEN": a server may echo the token alone.
      for (size_t at = 0; at < h.value.size();) {
        size_t end = h.value.find(' ', at);
        if (end == std::string::npos) end = h.value.size();
        if (end - at >= 8 && end - at < h.value.size()) secrets_.push_back(h.value.substr(at, end - at));
        at = end + 1;
      }
    }
    // Longest first, so that a token inside a longer secret does not break up its redaction.
    std::sort(secrets_.begin(), secrets_.end(), [](const std::string &a, const std::string &b) {
      return a.size() > b.size();
    });
  }

  Value call(const Value &args, const ToolCall &call) const override {
    try {
      return request(args, call);
    } catch (const Error &e) {
      std::string message = scrub(e.what());
      if (message != e.what()) throw Error(e.kind(), message);
      throw;
    }
  }

  std::string describe() const override {
    return scrub("http: " + method_ + " " + shownUrl_ +
                 (timeoutMs_ > 0 ? " (timeout " + std::to_string(timeoutMs_) + " ms)" : " (no timeout)"));
  }

 private:
  Value request(const Value &args, const ToolCall &call) const {
    const std::string toolText = "tool " + inQuotes(tool_);
    http::HttpRequest outgoing;
    outgoing.method = method_;
    outgoing.url = queryArgs_ ? withQuery(args) : url_;
    outgoing.headers = lines_;
    std::string key(call.idempotencyKey);
    if (!key.empty() && isHeaderValue(key)) outgoing.headers.push_back("Idempotency-Key: " + key);
    if (!queryArgs_) outgoing.body = args.dump();
    outgoing.timeoutMs = timeoutMs_;
    outgoing.maxBodyBytes = kMaxBodyBytes;
    outgoing.connectTimeoutMs = timeoutMs_ > 0 ? std::min(timeoutMs_, kConnectTimeoutMs) : kConnectTimeoutMs;

    http::HttpResponse response;
    try {
      response = http::send(outgoing, call.cancel);
    } catch (const Error &e) {  // a http::TransportError, or the token's own Cancelled
      if (e.kind() == ErrorKind::Cancelled) throw Error(ErrorKind::Cancelled, toolText + " cancelled: " + e.what());
      // The client names the URL it was given; with the arguments in the query, show the
      // binding's URL rather than a long one.
      std::string message = e.what();
      if (std::string full = http::redactUrl(outgoing.url); full != shownUrl_)
        if (size_t at = message.find(full); at != std::string::npos) message.replace(at, full.size(), shownUrl_);
      throw Error(e.kind(), toolText + ": " + message);
    }

    const std::string answered = toolText + ": " + method_ + " " + shownUrl_ + " answered HTTP " +
                                 std::to_string(response.status);
    if (response.status < 200 || response.status > 299) {
      std::string body = http::textHead(response.body, kBodyHeadBytes);
      throw Error(ErrorKind::StepFailed, answered + (body.empty() ? " with an empty body" : ": " + body));
    }
    if (response.body.find_first_not_of(" \t\r\n") == std::string::npos) return Value();
    try {
      return Value::parse(response.body);
    } catch (const Error &e) {
      std::string_view why = e.what();
      if (why.rfind("invalid JSON: ", 0) == 0) why.remove_prefix(14);
      throw Error(ErrorKind::StepFailed, answered + " with a body that is not JSON (" + std::string(why) +
                                             "): " + http::textHead(response.body, kBodyHeadBytes));
    }
  }

  // The URL with each top-level argument appended as a query parameter: strings as they are,
  // numbers and booleans as JSON text, arrays and objects as compact JSON; null leaves it out.
  std::string withQuery(const Value &args) const {
    if (args.isNull() || (args.isObject() && args.size() == 0)) return url_;
    if (!args.isObject())
      throw Error(ErrorKind::StepFailed, "tool " + inQuotes(tool_) + ": a " + method_ +
                                             " binding sends its arguments as query parameters, so they must be "
                                             "an object, not " + http::textHead(args.dump(), 100));
    std::string query;
    for (const std::string &name : args.keys()) {
      Value v = *args.get(name);
      if (v.isNull()) continue;
      query += (query.empty() ? "" : "&") + percentEncode(name) + "=" + percentEncode(v.toText());
    }
    if (query.empty()) return url_;
    size_t hash = url_.find('#');
    std::string base = url_.substr(0, hash);
    std::string fragment = hash == std::string::npos ? "" : url_.substr(hash);
    if (base.find('?') == std::string::npos) base += '?';
    else if (base.back() != '?' && base.back() != '&') base += '&';
    return base + query + fragment;
  }

  std::string scrub(std::string message) const {
    const std::string redacted = kRedacted;
    for (const std::string &secret : secrets_) {
      if (secret.empty()) continue;
      for (size_t at = message.find(secret); at != std::string::npos;
           at = message.find(secret, at + redacted.size()))
        message.replace(at, secret.size(), redacted);
    }
    return message;
  }

  std::string tool_, url_, shownUrl_, method_;
  long timeoutMs_;
  bool queryArgs_;
  std::vector<std::string> lines_;    // "Name: value", without the Idempotency-Key
  std::vector<std::string> secrets_;  // the environment's header values (and their tokens)
};

}  // namespace

std::unique_ptr<ToolBinding> makeHttpBinding(const std::string &tool, const std::string &where, const HttpSettings &http) {
  const std::string what = "the http binding of tool " + inQuotes(tool);
  auto usage = [&](const std::string &message) { throw Error(ErrorKind::Usage, where + ": " + message); };

  std::string url = http.url;
  std::string method = http.method;
  long timeoutMs = http.timeoutMs ? long(*http.timeoutMs) : kDefaultTimeoutMs;

  std::vector<Header> headers;
  auto add = [&](const std::string &name, std::string value, bool secret, const std::string &from) {
    if (!isHeaderName(name))
      usage(inQuotes(name) + " in " + from + " of " + what + " is not an HTTP header name (letters, digits and " +
            "!#$%&'*+-.^_`|~ only)");
    if (equalsIgnoreCase(name, "idempotency-key"))
      usage(from + " of " + what + " sets Idempotency-Key, which wfc sends itself (RUN/STEP/ATTEMPT); remove it");
    for (const Header &h : headers)
      if (equalsIgnoreCase(h.name, name))
        usage("header " + inQuotes(name) + " is set twice in " + what + " (as " + inQuotes(h.name) +
              "); keep one of them");
    headers.push_back({name, std::move(value), secret});
  };
  for (const auto &[name, value] : http.headers) {
    if (!isHeaderValue(value)) usage("header " + inQuotes(name) + " in 'headers' of " + what + " contains a line break");
    add(name, value, false, "'headers'");
  }
  for (const auto &[name, variable] : http.headersFromEnv) {
    const char *value = std::getenv(variable.c_str());
    const std::string context = "header " + inQuotes(name) + " of " + what + " comes from environment variable " +
                                variable + ", which ";
    if (!value) usage(context + "is not set; set it before the run");
    if (!*value) usage(context + "is empty; set it before the run");
    if (!isHeaderValue(value)) usage(context + "contains a line break");
    add(name, value, true, "'headers_from_env'");
  }
  return std::make_unique<HttpBinding>(tool, std::move(url), std::move(method), timeoutMs, std::move(headers));
}

}  // namespace wfc::tools

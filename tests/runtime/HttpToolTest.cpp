// The http binding against a real HTTP server in the test process: what it sends (method, body or
// query, constant and environment headers, the Idempotency-Key), what it makes of the answer (JSON,
// empty, not JSON, non-2xx), its transport failures (timeout, cancellation, refused connection),
// the usage errors of a bad binding, and that environment header values never leak into
// describe() or an error.
#include "common/BindingsFile.h"
#include "core/tools/ToolBinding.h"

#include "HttpTestServer.h"
#include "support/http/HttpClient.h"
#include "wfc/cancellation.h"
#include "wfc/error.h"

#include <gtest/gtest.h>
#include <httplib.h>
#include <nlohmann/json.hpp>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <functional>
#include <future>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace wfc::tools {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;
using Json = nlohmann::json;

const char *const kSecret = "Bearer tok-SECRET-7c1d9e2a";
const char *const kToken = "tok-SECRET-7c1d9e2a";

int64_t msSince(Clock::time_point start) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
}

// An HTTP server answering every method on every path with the test's handler (given the
// 0-based index of the request), remembering each request.
using Server = test::HttpTestServer;

void answer(httplib::Response &response, int status, const std::string &body,
            const std::string &type = "application/json") {
  response.status = status;
  response.set_content(body, type.c_str());
}

Server::Handler fixed(int status, const std::string &body, const std::string &type = "application/json") {
  return [=](const httplib::Request &, httplib::Response &response, size_t) { answer(response, status, body, type); };
}

// Sets an environment variable for the length of a test.
class EnvVar {
 public:
  EnvVar(const char *name, const char *value) : name_(name) {
    if (value) ::setenv(name, value, 1);
    else ::unsetenv(name);
  }
  ~EnvVar() { ::unsetenv(name_); }

 private:
  const char *name_;
};

// The binding `spec` makes, read as a bindings file reads it.
std::unique_ptr<ToolBinding> binding(const Json &spec, const std::string &tool = "kb.lookup") {
  BindingsFile file = BindingsFile::parse(Json{{"tools", {{tool, {{"http", spec}}}}}}.dump(), "bindings.yaml");
  return makeHttpBinding(tool, "bindings.yaml:3:13", std::get<HttpSettings>(file.find(tool)->settings));
}

// The client keeps its connections per thread; a call on a thread of its own closes them when the
// thread ends, so no test server's teardown waits out a keep-alive connection.
Value call(const ToolBinding &b, const Value &args, const std::string &key = "run1/lookup/1",
           const CancellationToken &cancel = CancellationToken()) {
  return std::async(std::launch::async, [&] { return b.call(args, ToolCall{"kb.lookup", key, cancel}); }).get();
}

Error callError(const ToolBinding &b, const Value &args = Value::object({}),
                const CancellationToken &cancel = CancellationToken()) {
  try {
    call(b, args, "run1/lookup/1", cancel);
  } catch (const Error &e) {
    return e;
  }
  ADD_FAILURE() << "the call did not throw";
  return Error(ErrorKind::Usage, "<no error>");
}

Error bindingError(const Json &spec) {
  try {
    binding(spec);
  } catch (const Error &e) {
    return e;
  }
  ADD_FAILURE() << "the binding was made";
  return Error(ErrorKind::StepFailed, "<no error>");
}

bool contains(const std::string &text, const std::string &part) { return text.find(part) != std::string::npos; }

// A port nothing listens on: bound once by the kernel's choice, then closed.

// --- What is sent --------------------------------------------------------------------------------

TEST(HttpTool, PostsTheArgumentsAsJsonWithItsHeadersAndTheIdempotencyKey) {
  EnvVar token("WFC_HTTP_TEST_TOKEN", kSecret);
  Server server(fixed(200, R"({"hits": [{"id": 7, "title": "Kafka"}], "total": 1})"));
  auto b = binding({{"url", server.url("/kb/search")},
                    {"headers", {{"X-Team", "blue"}}},
                    {"headers_from_env", {{"Authorization", "WFC_HTTP_TEST_TOKEN"}}}});
  Value args = Value::parse(R"({"query": "kafka \"streams\"", "limit": 3, "filters": {"lang": ["en", "de"]}})");
  Value result = call(*b, args, "0a1b2c/lookup/2");

  EXPECT_EQ(result.dump(), R"({"hits":[{"id":7,"title":"Kafka"}],"total":1})");
  auto seen = server.seen();
  ASSERT_EQ(seen.size(), 1u);
  EXPECT_EQ(seen[0].method, "POST");
  EXPECT_EQ(seen[0].path, "/kb/search");
  EXPECT_EQ(Value::parse(seen[0].body), args);
  EXPECT_EQ(seen[0].header("Content-Type"), "application/json");
  EXPECT_EQ(seen[0].header("Accept"), "application/json");
  EXPECT_EQ(seen[0].header("Idempotency-Key"), "0a1b2c/lookup/2");
  EXPECT_EQ(seen[0].header("X-Team"), "blue");
  EXPECT_EQ(seen[0].header("Authorization"), kSecret);
  EXPECT_FALSE(seen[0].has("Expect"));
}

TEST(HttpTool, GetAndDeleteSendTheArgumentsAsQueryParameters) {
  Server server(fixed(200, R"({"ok": true})"));
  auto get = binding({{"url", server.url("/kb?v=2")}, {"method", "get"}});
  Value args = Value::parse(R"({"q": "a b&c=d/é", "n": 3, "exact": true, "tags": ["x", "y"], "skip": null})");
  EXPECT_EQ(call(*get, args).dump(), R"({"ok":true})");
  auto del = binding({{"url", server.url("/kb/items")}, {"method", "DELETE"}});
  call(*del, Value::parse(R"({"id": 42})"));
  call(*del, Value::object({}));

  auto seen = server.seen();
  ASSERT_EQ(seen.size(), 3u);
  EXPECT_EQ(seen[0].method, "GET");
  EXPECT_EQ(seen[0].path, "/kb");
  EXPECT_EQ(seen[0].body, "");
  EXPECT_FALSE(seen[0].has("Content-Type"));
  EXPECT_EQ(seen[0].header("Idempotency-Key"), "run1/lookup/1");
  std::multimap<std::string, std::string> params(seen[0].params.begin(), seen[0].params.end());
  EXPECT_EQ(params, (std::multimap<std::string, std::string>{
                        {"v", "2"}, {"q", "a b&c=d/é"}, {"n", "3"}, {"exact", "true"}, {"tags", R"(["x","y"])"}}));
  EXPECT_EQ(seen[1].method, "DELETE");
  EXPECT_EQ(seen[1].path, "/kb/items");
  EXPECT_EQ(seen[1].body, "");
  EXPECT_EQ(seen[1].params.size(), 1u);
  EXPECT_EQ(seen[1].params.find("id")->second, "42");
  EXPECT_TRUE(seen[2].params.empty());

  Error notObject = callError(*get, Value::parse("[1, 2]"));
  EXPECT_EQ(notObject.kind(), ErrorKind::StepFailed);
  EXPECT_TRUE(contains(notObject.what(), "must be an object")) << notObject.what();
}

TEST(HttpTool, PutAndPatchSendTheArgumentsAsABody) {
  Server server(fixed(200, "{}"));
  for (const char *method : {"PUT", "patch"}) {
    auto b = binding({{"url", server.url("/kb/doc")}, {"method", method}});
    call(*b, Value::parse(R"({"text": "hello"})"));
  }
  auto seen = server.seen();
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_EQ(seen[0].method, "PUT");
  EXPECT_EQ(seen[1].method, "PATCH");
  for (const auto &s : seen) {
    EXPECT_EQ(s.body, R"({"text":"hello"})");
    EXPECT_EQ(s.header("Content-Type"), "application/json");
  }
}

TEST(HttpTool, ConstantHeadersReplaceTheDefaults) {
  Server server(fixed(200, "{}"));
  auto b = binding({{"url", server.url("/kb")},
                    {"headers", {{"content-type", "application/vnd.kb+json"}, {"Accept", "*/*"}}}});
  call(*b, Value::object({}));
  auto seen = server.seen();
  ASSERT_EQ(seen.size(), 1u);
  EXPECT_EQ(seen[0].header("Content-Type"), "application/vnd.kb+json");
  EXPECT_EQ(seen[0].header("Accept"), "*/*");
  EXPECT_EQ(seen[0].headers.count("Content-Type"), 1u);
}

TEST(HttpTool, DescribeShowsMethodUrlAndTimeoutButNoSecret) {
  EnvVar token("WFC_HTTP_TEST_TOKEN", kSecret);
  auto b = binding({{"url", "http://127.0.0.1:8080/kb"},
                    {"headers_from_env", {{"Authorization", "WFC_HTTP_TEST_TOKEN"}}}});
  EXPECT_EQ(b->describe(), "http: POST http://127.0.0.1:8080/kb (timeout 30000 ms)");
  auto withPassword = binding({{"url", "https://user:hunter2@kb.example.com/v1/search"},
                               {"method", "get"},
                               {"timeout_ms", 0}});
  EXPECT_EQ(withPassword->describe(), "http: GET https://kb.example.com/v1/search (no timeout)");
  auto timed = binding({{"url", "http://h/x"}, {"method", "put"}, {"timeout_ms", 1500}});
  EXPECT_EQ(timed->describe(), "http: PUT http://h/x (timeout 1500 ms)");
}

// --- What comes back -----------------------------------------------------------------------------

TEST(HttpTool, AnEmptyBodyIsNull) {
  Server server([](const httplib::Request &, httplib::Response &response, size_t index) {
    response.status = index == 0 ? 204 : 200;
    if (index == 1) response.set_content(" \n", "application/json");
  });
  auto b = binding({{"url", server.url("/kb")}});
  EXPECT_TRUE(call(*b, Value::object({})).isNull());
  EXPECT_TRUE(call(*b, Value::object({})).isNull());
}

TEST(HttpTool, AJsonScalarIsTheResult) {
  Server server(fixed(201, R"("created")"));
  EXPECT_EQ(call(*binding({{"url", server.url("/kb")}}), Value::object({})).dump(), R"("created")");
}

TEST(HttpTool, ABodyThatIsNotJsonFailsTheCallWithItsHead) {
  Server server(fixed(200, "<html>\n  <body>Maintenance window</body>\n</html>", "text/html"));
  Error e = callError(*binding({{"url", server.url("/kb")}}));
  EXPECT_EQ(e.kind(), ErrorKind::StepFailed);
  std::string prefix = "tool 'kb.lookup': POST " + server.url("/kb") + " answered HTTP 200 with a body that is not JSON (";
  EXPECT_EQ(std::string(e.what()).substr(0, prefix.size()), prefix) << e.what();
  EXPECT_TRUE(contains(e.what(), "): <html> <body>Maintenance window</body> </html>")) << e.what();
}

TEST(HttpTool, ANon2xxAnswerFailsTheCallWithTheBodyHead) {
  Server server([](const httplib::Request &, httplib::Response &response, size_t index) {
    if (index == 0) answer(response, 503, "{\n  \"error\": \"overloaded\"\n}");
    else if (index == 1) answer(response, 404, std::string(1000, 'x'));
    else response.status = 500;
  });
  auto b = binding({{"url", server.url("/kb")}});
  Error e = callError(*b);
  EXPECT_EQ(e.kind(), ErrorKind::StepFailed);
  EXPECT_EQ(std::string(e.what()),
            "tool 'kb.lookup': POST " + server.url("/kb") + R"( answered HTTP 503: { "error": "overloaded" })");
  Error longBody = callError(*b);
  EXPECT_EQ(std::string(longBody.what()),
            "tool 'kb.lookup': POST " + server.url("/kb") + " answered HTTP 404: " + std::string(300, 'x') + "…");
  Error empty = callError(*b);
  EXPECT_EQ(std::string(empty.what()), "tool 'kb.lookup': POST " + server.url("/kb") + " answered HTTP 500 with an empty body");
  EXPECT_EQ(server.seen().size(), 3u);  // no retries of its own
}

TEST(HttpTool, AnEchoedEnvironmentSecretIsRedactedFromErrors) {
  EnvVar token("WFC_HTTP_TEST_TOKEN", kSecret);
  Server server([](const httplib::Request &request, httplib::Response &response, size_t index) {
    std::string auth = request.get_header_value("Authorization");
    if (index == 0) answer(response, 401, R"({"error": "bad credentials: )" + auth + "\"}");
    else answer(response, 403, std::string("token ") + kToken + " is not allowed");
  });
  auto b = binding({{"url", server.url("/kb")}, {"headers_from_env", {{"Authorization", "WFC_HTTP_TEST_TOKEN"}}}});
  Error whole = callError(*b);
  EXPECT_EQ(std::string(whole.what()),
            "tool 'kb.lookup': POST " + server.url("/kb") + R"( answered HTTP 401: {"error": "bad credentials: [redacted]"})");
  Error tokenOnly = callError(*b);
  EXPECT_FALSE(contains(tokenOnly.what(), kToken)) << tokenOnly.what();
  EXPECT_TRUE(contains(tokenOnly.what(), "token [redacted] is not allowed")) << tokenOnly.what();
  EXPECT_FALSE(contains(b->describe(), kToken));

  // A value of a character or two is not hunted down in messages: "5" would mangle "HTTP 503".
  EnvVar shard("WFC_HTTP_TEST_SHARD", "5");
  Server failing(fixed(503, "busy"));
  Error plain = callError(*binding({{"url", failing.url("/kb")}, {"headers_from_env", {{"X-Shard", "WFC_HTTP_TEST_SHARD"}}}}));
  EXPECT_EQ(std::string(plain.what()), "tool 'kb.lookup': POST " + failing.url("/kb") + " answered HTTP 503: busy");
}

// --- Transport ------------------------------------------------------------------------------------

TEST(HttpTool, ATimeoutIsExhausted) {
  Server *self = nullptr;
  Server server([&](const httplib::Request &, httplib::Response &response, size_t) {
    self->hold(5s);
    answer(response, 200, "{}");
  });
  self = &server;
  auto b = binding({{"url", server.url("/kb")}, {"timeout_ms", 300}});
  auto start = Clock::now();
  Error e = callError(*b);
  EXPECT_LT(msSince(start), 2000);
  EXPECT_EQ(e.kind(), ErrorKind::Exhausted);
  EXPECT_EQ(std::string(e.what()), "tool 'kb.lookup': the request to " + server.url("/kb") + " timed out after 300 ms");
}

TEST(HttpTool, CancellationAbortsTheTransferPromptly) {
  Server *self = nullptr;
  Server server([&](const httplib::Request &, httplib::Response &response, size_t) {
    self->hold(10s);
    answer(response, 200, "{}");
  });
  self = &server;
  auto b = binding({{"url", server.url("/kb")}});
  CancellationToken cancel;
  std::thread canceller([&] {
    std::this_thread::sleep_for(200ms);
    cancel.cancel("a sibling failed");
  });
  auto start = Clock::now();
  Error e = callError(*b, Value::object({}), cancel);
  canceller.join();
  EXPECT_LT(msSince(start), 1000);
  EXPECT_EQ(e.kind(), ErrorKind::Cancelled);
  EXPECT_EQ(std::string(e.what()), "tool 'kb.lookup' cancelled: a sibling failed");
  // Already cancelled: nothing is sent.
  Error before = callError(*b, Value::object({}), cancel);
  EXPECT_EQ(before.kind(), ErrorKind::Cancelled);
  EXPECT_EQ(server.seen().size(), 1u);
}

TEST(HttpTool, ARefusedConnectionIsAStepErrorWithCurlsReason) {
  std::string url = "http://127.0.0.1:" + std::to_string(test::closedPort()) + "/kb";
  Error e = callError(*binding({{"url", url}, {"method", "GET"}}), Value::parse(R"({"q": "x"})"));
  EXPECT_EQ(e.kind(), ErrorKind::StepFailed);
  // The binding's URL, not the one with the query appended.
  EXPECT_TRUE(contains(e.what(), "tool 'kb.lookup': the request to " + url + " failed: ")) << e.what();
  EXPECT_TRUE(contains(e.what(), "onnect")) << e.what();
}

TEST(HttpTool, CallsFromOneThreadReuseTheConnection) {
  Server server(fixed(200, "{}"));
  auto b = binding({{"url", server.url("/kb")}});
  std::async(std::launch::async, [&] {
    for (int i = 0; i < 3; ++i) b->call(Value::object({}), ToolCall{"kb.lookup", "r/s/1", CancellationToken()});
  }).get();
  auto seen = server.seen();
  ASSERT_EQ(seen.size(), 3u);
  EXPECT_EQ(seen[0].remotePort, seen[2].remotePort);
}

// --- The client's additions: methods and a size limit ----------------------------------------

TEST(HttpClientSend, SendsTheRequestedMethodAndCapsTheBody) {
  Server server(fixed(200, std::string(100, 'x'), "text/plain"));
  auto send = [&](const std::string &method, const std::string &body, size_t limit) {
    http::HttpRequest request;
    request.url = server.url("/raw");
    request.method = method;
    request.body = body;
    request.maxBodyBytes = limit;
    return std::async(std::launch::async, [&] { return http::send(request, CancellationToken()); }).get();
  };
  EXPECT_EQ(send("DELETE", "", 0).body.size(), 100u);
  EXPECT_EQ(send("DELETE", "{\"id\":1}", 100).body.size(), 100u);
  EXPECT_EQ(send("GET", "ignored", 0).status, 200);
  try {
    send("POST", "{}", 10);
    ADD_FAILURE() << "expected a TransportError";
  } catch (const http::TransportError &e) {
    EXPECT_EQ(e.kind(), ErrorKind::StepFailed);
    EXPECT_FALSE(e.retryable());
    EXPECT_EQ(std::string(e.what()), "the response from " + server.url("/raw") + " is larger than 10 bytes");
  }
  try {
    send("GET\r\nX: y", "", 0);
    ADD_FAILURE() << "expected a TransportError";
  } catch (const http::TransportError &e) {
    EXPECT_TRUE(contains(e.what(), "bad method")) << e.what();
  }
  auto seen = server.seen();
  ASSERT_EQ(seen.size(), 4u);
  EXPECT_EQ(seen[0].method, "DELETE");
  EXPECT_EQ(seen[0].body, "");
  EXPECT_EQ(seen[1].method, "DELETE");
  EXPECT_EQ(seen[1].body, "{\"id\":1}");
  EXPECT_EQ(seen[2].method, "GET");
  EXPECT_EQ(seen[2].body, "");
  EXPECT_EQ(seen[3].method, "POST");
}

// --- Bad bindings ---------------------------------------------------------------------------------

TEST(HttpTool, AnUnsetOrEmptyEnvironmentVariableIsAUsageError) {
  EnvVar unset("WFC_HTTP_TEST_UNSET", nullptr);
  Error e = bindingError({{"url", "http://h/x"}, {"headers_from_env", {{"Authorization", "WFC_HTTP_TEST_UNSET"}}}});
  EXPECT_EQ(e.kind(), ErrorKind::Usage);
  EXPECT_EQ(std::string(e.what()), "bindings.yaml:3:13: header 'Authorization' of the http binding of tool 'kb.lookup' "
                                   "comes from environment variable WFC_HTTP_TEST_UNSET, which is not set; set it "
                                   "before the run");
  EnvVar empty("WFC_HTTP_TEST_EMPTY", "");
  Error e2 = bindingError({{"url", "http://h/x"}, {"headers_from_env", {{"X-Key", "WFC_HTTP_TEST_EMPTY"}}}});
  EXPECT_EQ(e2.kind(), ErrorKind::Usage);
  EXPECT_TRUE(contains(e2.what(), "WFC_HTTP_TEST_EMPTY, which is empty")) << e2.what();
  EnvVar broken("WFC_HTTP_TEST_BROKEN", "abc\r\nX-Injected: 1");
  Error e3 = bindingError({{"url", "http://h/x"}, {"headers_from_env", {{"X-Key", "WFC_HTTP_TEST_BROKEN"}}}});
  EXPECT_TRUE(contains(e3.what(), "WFC_HTTP_TEST_BROKEN, which contains a line break")) << e3.what();
  EXPECT_FALSE(contains(e3.what(), "Injected")) << e3.what();
}

TEST(HttpTool, BadHeadersAreUsageErrors) {
  EnvVar token("WFC_HTTP_TEST_TOKEN", kSecret);
  Error name = bindingError({{"url", "http://h/x"}, {"headers", {{"X Team", "blue"}}}});
  EXPECT_EQ(name.kind(), ErrorKind::Usage);
  EXPECT_TRUE(contains(name.what(), "bindings.yaml:3:13: 'X Team' in 'headers' of the http binding of tool "
                                    "'kb.lookup' is not an HTTP header name"))
      << name.what();
  Error key = bindingError({{"url", "http://h/x"}, {"headers", {{"idempotency-key", "k"}}}});
  EXPECT_TRUE(contains(key.what(), "sets Idempotency-Key, which wfc sends itself")) << key.what();
  Error twice = bindingError({{"url", "http://h/x"},
                              {"headers", {{"authorization", "none"}}},
                              {"headers_from_env", {{"Authorization", "WFC_HTTP_TEST_TOKEN"}}}});
  EXPECT_TRUE(contains(twice.what(), "header 'Authorization' is set twice")) << twice.what();
  EXPECT_FALSE(contains(twice.what(), kToken));
  Error value = bindingError({{"url", "http://h/x"}, {"headers", {{"X-Team", "a\nb"}}}});
  EXPECT_TRUE(contains(value.what(), "contains a line break")) << value.what();
}

}  // namespace
}  // namespace wfc::tools

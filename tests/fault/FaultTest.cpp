// The fault-injection suite (docs/resilience.md): the packs under packs/ are compiled at build
// time with wfc_add_workflow() (tests/fault/CMakeLists.txt; a sanitizer build compiles their
// generated code with its flags) and run as black boxes, each in a clean environment, against
// the scripted test LLM server (docs/test-llm-server.md), a raw socket server that cuts
// connections, and real tool processes (tools/fault-tool.sh). Every tool call appends one JSON
// line — its arguments and its $WFC_IDEMPOTENCY_KEY — to a call log, so each test checks the
// outcome, the exit code, and that nothing was lost or done twice: exact call counts and keys.
#include "FaultSupport.h"
#include "LlmServerProcess.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace wfc::test {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;
using Clock = std::chrono::steady_clock;

// ---- a raw HTTP server: breaks connections the way the scripted server cannot

// Answers each connection, in order, from `plan`: "cut" sends the headers of a 200 whose
// Content-Length promises more than is sent, part of the body, and closes; "ok" sends a whole
// chat completion; "503" a 503 with `Retry-After: 0` (an invitation to retry at once).
// Connections past the plan get its last entry. requests() has each request's head (request
// line and headers).
class RawHttpServer {
 public:
  explicit RawHttpServer(std::vector<std::string> plan) : plan_(std::move(plan)) {
    listen_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    int one = 1;
    ::setsockopt(listen_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    addr.sin_port = 0;
    if (::bind(listen_, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0 || ::listen(listen_, 16) != 0)
      throw std::runtime_error(std::string("raw server: ") + std::strerror(errno));
    socklen_t len = sizeof addr;
    ::getsockname(listen_, reinterpret_cast<sockaddr *>(&addr), &len);
    port_ = ntohs(addr.sin_port);
    if (::pipe2(stop_, O_CLOEXEC) != 0) throw std::runtime_error("raw server: pipe");
    thread_ = std::thread([this] { serve(); });
  }
  ~RawHttpServer() {
    char byte = 1;
    [[maybe_unused]] ssize_t n = ::write(stop_[1], &byte, 1);
    thread_.join();
    ::close(listen_);
    ::close(stop_[0]);
    ::close(stop_[1]);
  }
  RawHttpServer(const RawHttpServer &) = delete;
  RawHttpServer &operator=(const RawHttpServer &) = delete;

  std::string url(const std::string &path) const { return "http://127.0.0.1:" + std::to_string(port_) + path; }
  std::string baseUrl() const { return url("/v1"); }
  int connections() const { return connections_.load(); }
  std::vector<std::string> requests() const {
    std::lock_guard lock(mutex_);
    return requests_;
  }

  static std::string completion(const std::string &content) {
    return Json{{"id", "chatcmpl-raw"},
                {"object", "chat.completion"},
                {"created", 1700000000},
                {"model", "test-model"},
                {"choices", {{{"index", 0}, {"message", {{"role", "assistant"}, {"content", content}}}, {"finish_reason", "stop"}}}},
                {"usage", {{"prompt_tokens", 10}, {"completion_tokens", 5}, {"total_tokens", 15}}}}
        .dump();
  }

 private:
  void serve() {
    for (;;) {
      pollfd fds[2] = {{listen_, POLLIN, 0}, {stop_[0], POLLIN, 0}};
      if (::poll(fds, 2, -1) < 0) {
        if (errno == EINTR) continue;
        return;
      }
      if (fds[1].revents) return;
      int conn = ::accept4(listen_, nullptr, nullptr, SOCK_CLOEXEC);
      if (conn < 0) continue;
      int n = connections_.fetch_add(1);
      answer(conn, plan_[std::min<size_t>(size_t(n), plan_.size() - 1)]);
      ::close(conn);
    }
  }

  // Reads the request (headers and Content-Length bytes of body), then answers it.
  void answer(int conn, const std::string &how) {
    std::string request;
    char buffer[4096];
    size_t need = std::string::npos;
    while (need == std::string::npos || request.size() < need) {
      pollfd p{conn, POLLIN, 0};
      if (::poll(&p, 1, 5000) <= 0) return;
      ssize_t n = ::read(conn, buffer, sizeof buffer);
      if (n <= 0) return;
      request.append(buffer, size_t(n));
      size_t end = request.find("\r\n\r\n");
      if (need == std::string::npos && end != std::string::npos) {
        size_t length = 0;
        std::string headers = request.substr(0, end);
        std::transform(headers.begin(), headers.end(), headers.begin(), [](unsigned char c) { return std::tolower(c); });
        if (size_t at = headers.find("content-length:"); at != std::string::npos)
          length = std::stoul(headers.substr(at + 15));
        need = end + 4 + length;
        std::lock_guard lock(mutex_);
        requests_.push_back(request.substr(0, end));
      }
    }
    std::string body = completion("whole");
    std::string response;
    if (how == "503") {
      body = R"({"error": "the store is down"})";
      response = "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nRetry-After: 0\r\n"
                 "Content-Length: " + std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" + body;
    } else if (how == "cut") {
      response = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " +
                 std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" + body.substr(0, body.size() / 3);
    } else {
      response = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " +
                 std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" + body;
    }
    for (size_t sent = 0; sent < response.size();) {
      ssize_t n = ::send(conn, response.data() + sent, response.size() - sent, MSG_NOSIGNAL);
      if (n <= 0) return;
      sent += size_t(n);
    }
  }

  std::vector<std::string> plan_;
  int listen_ = -1;
  int stop_[2] = {-1, -1};
  int port_ = 0;
  std::atomic<int> connections_{0};
  mutable std::mutex mutex_;
  std::vector<std::string> requests_;
  std::thread thread_;
};

// ---- the fixture

class FaultTest : public ::testing::Test {
 protected:
  fs::path path(const std::string &name) const { return dir_ / name; }

  // One exec binding of fault-tool.sh: `NAME: {exec: {argv: [sh, fault-tool.sh, NAME, BEHAVIOR, LOG, EXTRA]}}`.
  std::string tool(const std::string &name, const std::string &behavior, const std::string &extra = "",
                   int timeoutMs = 0, const fs::path &log = {}) const {
    std::string line = "  " + name + ": {exec: {argv: [sh, '" + std::string(WFC_FAULT_TOOL) + "', " + name + ", " +
                       behavior + ", '" + (log.empty() ? log_ : log).string() + "'";
    if (!extra.empty()) line += ", '" + extra + "'";
    line += "]";
    if (timeoutMs > 0) line += ", timeout_ms: " + std::to_string(timeoutMs);
    return line + "}}\n";
  }
  std::string bindings(const std::string &body, const std::string &name = "bindings.yaml") const {
    fs::path p = path(name);
    writeText(p, "tools:\n" + body);
    return p.string();
  }

  // The call log: every call of `tool` (all calls with "").
  std::vector<Json> calls(const std::string &toolName = "", const fs::path &log = {}) const {
    std::vector<Json> out;
    fs::path file = log.empty() ? log_ : log;
    if (!fs::exists(file)) return out;
    for (const Json &c : jsonLines(file))
      if (toolName.empty() || c["tool"] == toolName) out.push_back(c);
    return out;
  }
  static std::vector<std::string> keys(const std::vector<Json> &calls) {
    std::vector<std::string> out;
    for (const Json &c : calls) out.push_back(c["key"]);
    return out;
  }
  static std::string runIdOf(const std::string &key) { return key.substr(0, key.find('/')); }

  Outcome run(const std::string &exe, const std::vector<std::string> &args, const std::vector<std::string> &env = {},
              double timeout = 20) {
    Child child(exe, args, env, dir_ / ("io-" + std::to_string(++runs_)));
    return child.wait(timeout);
  }

  // The flags that point a run of fault_llm at an endpoint.
  static std::vector<std::string> llm(const std::string &baseUrl, const std::string &which,
                                      std::vector<std::string> more = {}) {
    std::vector<std::string> args = {"--llm-base-url", baseUrl, "--model", "test-model", "--quiet",
                                     "--input-json", Json{{"which", which}, {"with_tool", false}}.dump()};
    args.insert(args.end(), more.begin(), more.end());
    return args;
  }

  // The report's entry for `step`.
  static Json reportStep(const fs::path &report, const std::string &step) {
    Json r = Json::parse(readText(report));
    for (const Json &s : r["steps"])
      if (s["step"] == step) return s;
    return nullptr;
  }

  TempDir tmp_;
  fs::path dir_ = tmp_.path(), log_ = dir_ / "calls.jsonl";
  int runs_ = 0;
};

// ================================================================================================
// LLM steps: transport retries, timeouts, broken bodies, no endpoint, invalid structured replies

// A 500 is retried by the transport, below the step's attempts: one more request, one llm_retry
// line, and the step still took one attempt.
TEST_F(FaultTest, Llm500ThenSuccessIsRetriedByTheTransport) {
  LlmServerProcess server(Json::parse(R"({"replies": [
    {"times": 1, "status": 500},
    {"reply": {"content": "yes"}}]})"));
  std::string trace = path("trace.jsonl"), report = path("report.json");
  Outcome r = run(WFC_FAULT_LLM, llm(server.baseUrl(), "plain", {"--trace", trace, "--report", report}));
  ASSERT_EQ(r.exitCode, 0) << r.describe();
  EXPECT_EQ(Json::parse(r.out), "yes");
  std::vector<Json> requests = server.requests();
  ASSERT_EQ(requests.size(), 2u);
  EXPECT_EQ(requests[0]["status"], 500);
  EXPECT_EQ(requests[1]["status"], 200);
  EXPECT_EQ(requests[1]["body"], requests[0]["body"]) << "the retry resends the same request";
  std::vector<Json> t = jsonLines(trace);
  std::vector<Json> retries = events(t, "llm_retry");
  ASSERT_EQ(retries.size(), 1u);
  EXPECT_EQ(retries[0]["step"], "plain");
  EXPECT_EQ(retries[0]["reason"], "HTTP 500");
  EXPECT_EQ(retries[0]["transport_attempt"], 1);
  EXPECT_EQ(reportStep(report, "plain")["attempts"], 1) << "a transport retry is not a step attempt";
}

// 429 with Retry-After: 1 waits that second (not the shorter default backoff) before the retry.
TEST_F(FaultTest, Llm429WaitsForRetryAfter) {
  LlmServerProcess server(Json::parse(R"({"replies": [
    {"times": 1, "status": 429, "headers": {"Retry-After": 1}},
    {"reply": {"content": "later"}}]})"));
  std::string trace = path("trace.jsonl");
  Outcome r = run(WFC_FAULT_LLM, llm(server.baseUrl(), "plain", {"--trace", trace}));
  ASSERT_EQ(r.exitCode, 0) << r.describe();
  EXPECT_EQ(Json::parse(r.out), "later");
  std::vector<Json> requests = server.requests();
  ASSERT_EQ(requests.size(), 2u);
  double gap = requests[1]["arrived_ms"].get<double>() - requests[0]["answered_ms"].get<double>();
  EXPECT_GE(gap, 950) << "the retry came " << gap << " ms after the 429, not after its Retry-After: 1";
  EXPECT_LT(gap, 3000);
  std::vector<Json> retries = events(jsonLines(trace), "llm_retry");
  ASSERT_EQ(retries.size(), 1u);
  EXPECT_EQ(retries[0]["reason"], "HTTP 429");
  EXPECT_EQ(retries[0]["delay_ms"], 1000);
}

// A reply slower than WFC_LLM_TIMEOUT_MS: the request times out, is not retried (the next one
// would be as slow), exit 3.
TEST_F(FaultTest, ReplySlowerThanTheRequestTimeoutIsExitThree) {
  LlmServerProcess server(Json::parse(R"({"replies": [{"delay_ms": 5000, "reply": {"content": "too late"}}]})"));
  std::string trace = path("trace.jsonl");
  Outcome r = run(WFC_FAULT_LLM, llm(server.baseUrl(), "plain", {"--trace", trace}), {"WFC_LLM_TIMEOUT_MS=300"});
  EXPECT_EQ(r.exitCode, 3) << r.describe();
  EXPECT_EQ(r.out, "");
  EXPECT_TRUE(contains(r.err, "step 'plain' failed")) << r.err;
  EXPECT_TRUE(contains(r.err, "timed out after 300 ms")) << r.err;
  EXPECT_LT(r.seconds, 3.0) << "the run waited for the slow reply";
  EXPECT_TRUE(events(jsonLines(trace), "llm_retry").empty()) << "a request timeout is not retried";
}

// A reply slower than the step's wfc.timeout_ms: the attempt is cancelled at its deadline, exit 3.
TEST_F(FaultTest, ReplySlowerThanTheStepTimeoutIsExitThree) {
  LlmServerProcess server(Json::parse(R"({"replies": [{"delay_ms": 5000, "reply": {"content": "too late"}}]})"));
  Outcome r = run(WFC_FAULT_LLM, llm(server.baseUrl(), "timed"));
  EXPECT_EQ(r.exitCode, 3) << r.describe();
  EXPECT_EQ(r.out, "");
  EXPECT_TRUE(contains(r.err, "step 'timed' failed: timed out after 300 ms (wfc.timeout_ms)")) << r.err;
  EXPECT_LT(r.seconds, 3.0) << "the run waited for the slow reply";
}

// A 200 whose body is not JSON: exit 1 saying so, and not retried (the server did answer).
TEST_F(FaultTest, MalformedJsonBodyIsExitOne) {
  LlmServerProcess server(Json::parse(R"({"replies": [{"body": "{\"id\": oops, this is not JSON"}]})"));
  Outcome r = run(WFC_FAULT_LLM, llm(server.baseUrl(), "plain"));
  EXPECT_EQ(r.exitCode, 1) << r.describe();
  EXPECT_EQ(r.out, "");
  EXPECT_TRUE(contains(r.err, "step 'plain' failed")) << r.err;
  EXPECT_TRUE(contains(r.err, "the LLM reply is not valid JSON")) << r.err;
  EXPECT_EQ(server.requests().size(), 1u);
}

// A 200 whose JSON is cut short (a complete HTTP message carrying half a completion): exit 1.
TEST_F(FaultTest, TruncatedJsonBodyIsExitOne) {
  std::string whole = RawHttpServer::completion("cut short");
  Json script = {{"replies", {{{"body", whole.substr(0, whole.size() / 2)}}}}};
  LlmServerProcess server(script);
  Outcome r = run(WFC_FAULT_LLM, llm(server.baseUrl(), "plain"));
  EXPECT_EQ(r.exitCode, 1) << r.describe();
  EXPECT_EQ(r.out, "");
  EXPECT_TRUE(contains(r.err, "the LLM reply is not valid JSON")) << r.err;
  EXPECT_EQ(server.requests().size(), 1u);
}

// The server closes the connection in the middle of the body (fewer bytes than its
// Content-Length): a lost connection, retried by the transport; the next answer is used.
TEST_F(FaultTest, BodyCutByAClosedConnectionIsRetried) {
  RawHttpServer server({"cut", "ok"});
  std::string trace = path("trace.jsonl");
  Outcome r = run(WFC_FAULT_LLM, llm(server.baseUrl(), "plain", {"--trace", trace}));
  ASSERT_EQ(r.exitCode, 0) << r.describe();
  EXPECT_EQ(Json::parse(r.out), "whole");
  EXPECT_EQ(server.connections(), 2);
  std::vector<Json> retries = events(jsonLines(trace), "llm_retry");
  ASSERT_EQ(retries.size(), 1u);
  EXPECT_TRUE(contains(retries[0]["reason"].get<std::string>(), "127.0.0.1:")) << retries[0];
}

// …and when every answer is cut: exit 1 after the transport's 4 attempts, naming the endpoint.
TEST_F(FaultTest, BodyCutEveryTimeIsExitOneAfterTheTransportRetries) {
  RawHttpServer server({"cut"});
  Outcome r = run(WFC_FAULT_LLM, llm(server.baseUrl(), "plain"));
  EXPECT_EQ(r.exitCode, 1) << r.describe();
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(server.connections(), 4);
  EXPECT_TRUE(contains(r.err, "after 4 attempts")) << r.err;
  EXPECT_TRUE(contains(r.err, server.baseUrl() + "/chat/completions")) << r.err;
}

// Nothing listens: exit 1 after the transport's retries, the message naming the endpoint.
TEST_F(FaultTest, ConnectionRefusedIsExitOneNamingTheEndpoint) {
  int port = LlmServerProcess::unusedPort();
  std::string base = "http://127.0.0.1:" + std::to_string(port) + "/v1";
  std::string trace = path("trace.jsonl");
  Outcome r = run(WFC_FAULT_LLM, llm(base, "plain", {"--trace", trace}));
  EXPECT_EQ(r.exitCode, 1) << r.describe();
  EXPECT_EQ(r.out, "");
  EXPECT_TRUE(contains(r.err, "step 'plain' failed")) << r.err;
  EXPECT_TRUE(contains(r.err, "could not be reached after 4 attempts")) << r.err;
  EXPECT_TRUE(contains(r.err, base + "/chat/completions")) << r.err;
  EXPECT_EQ(events(jsonLines(trace), "llm_retry").size(), 3u);
}

// A reply that fails the output_schema is a failed step attempt (not a transport retry):
// retry.max_attempts: 2 sends the request again and takes the valid reply.
TEST_F(FaultTest, InvalidStructuredReplyIsRetriedAsAStepAttempt) {
  LlmServerProcess server(Json::parse(R"({"replies": [
    {"times": 1, "reply": {"content_json": {"verdict": "maybe", "score": 1}}},
    {"reply": {"content_json": {"verdict": "pass", "score": 9}}}]})"));
  std::string trace = path("trace.jsonl"), report = path("report.json");
  Outcome r = run(WFC_FAULT_LLM, llm(server.baseUrl(), "structured", {"--trace", trace, "--report", report}));
  ASSERT_EQ(r.exitCode, 0) << r.describe();
  EXPECT_EQ(Json::parse(r.out), Json::parse(R"({"verdict": "pass", "score": 9})"));
  ASSERT_EQ(server.requests().size(), 2u);
  EXPECT_EQ(reportStep(report, "structured")["attempts"], 2);
  std::vector<Json> t = jsonLines(trace);
  EXPECT_TRUE(events(t, "llm_retry").empty());
  std::vector<Json> ends = events(t, "step_end");
  int failed = 0;
  for (const Json &e : ends)
    if (e["step"] == "structured" && e["status"] == "failed") {
      ++failed;
      EXPECT_TRUE(contains(e["error"].get<std::string>(), "output_schema")) << e;
    }
  EXPECT_EQ(failed, 1);
}

// ================================================================================================
// exec tools that crash, hang, print garbage; write tools and retries

TEST_F(FaultTest, CrashingToolIsExitOneWithItsStderr) {
  std::string b = bindings(tool("probe", "crash"));
  Outcome r = run(WFC_FAULT_TOOLS, {"--bindings", b, "--input-json", R"({"which": "probe"})"});
  EXPECT_EQ(r.exitCode, 1) << r.describe();
  EXPECT_EQ(r.out, "");
  EXPECT_TRUE(contains(r.err, "step 'probe' failed: tool 'probe' was killed by signal 11 (SIGSEGV)")) << r.err;
  EXPECT_TRUE(contains(r.err, "probe: about to crash")) << "the stderr tail is missing: " << r.err;
  EXPECT_EQ(calls("probe").size(), 1u);
}

// A tool that hangs past its binding's timeout_ms: exit 3, and its whole process group (the
// tool and the child it started) is gone.
TEST_F(FaultTest, HangingToolIsKilledWithItsProcessGroup) {
  fs::path pids = path("pids");
  std::string b = bindings(tool("probe", "hang", pids.string(), 300));
  Outcome r = run(WFC_FAULT_TOOLS, {"--bindings", b, "--input-json", R"({"which": "probe"})"});
  EXPECT_EQ(r.exitCode, 3) << r.describe();
  EXPECT_EQ(r.out, "");
  EXPECT_TRUE(contains(r.err, "step 'probe' failed: tool 'probe' timed out after 300 ms")) << r.err;
  EXPECT_LT(r.seconds, 5.0);
  EXPECT_EQ(calls("probe").size(), 1u);
  ASSERT_TRUE(fs::exists(pids)) << "the tool did not start";
  EXPECT_EQ(jsonLines(pids).size(), 2u) << readText(pids);
  EXPECT_EQ(survivors(pids), std::vector<pid_t>{}) << "processes of the tool outlived its timeout";
}

TEST_F(FaultTest, NonJsonToolOutputIsExitOne) {
  std::string b = bindings(tool("probe", "garbage"));
  Outcome r = run(WFC_FAULT_TOOLS, {"--bindings", b, "--input-json", R"({"which": "probe"})"});
  EXPECT_EQ(r.exitCode, 1) << r.describe();
  EXPECT_EQ(r.out, "");
  EXPECT_TRUE(contains(r.err, "step 'probe' failed: tool 'probe' printed invalid JSON on stdout")) << r.err;
  EXPECT_EQ(calls("probe").size(), 1u);
}

// A failing write tool without retry.max_attempts runs exactly once: nothing below the step
// retries a side effect.
TEST_F(FaultTest, FailingWriteToolIsCalledExactlyOnce) {
  std::string b = bindings(tool("store", "fail"));
  Outcome r = run(WFC_FAULT_TOOLS, {"--bindings", b, "--input-json", R"({"which": "write_once"})"});
  EXPECT_EQ(r.exitCode, 1) << r.describe();
  EXPECT_EQ(r.out, "");
  EXPECT_TRUE(contains(r.err, "step 'write_once' failed: tool 'store' exited with status 7")) << r.err;
  EXPECT_TRUE(contains(r.err, "the disk is on fire")) << r.err;
  std::vector<Json> c = calls("store");
  ASSERT_EQ(c.size(), 1u);
  EXPECT_EQ(c[0]["key"], runIdOf(c[0]["key"]) + "/write_once/1");
  EXPECT_EQ(c[0]["args"], Json::parse(R"({"step": "write_once"})"));
}

// With retry.max_attempts: 2 (which `wfc check` warns about: fault/write-retry-warns), exactly
// two calls, each with its own key: RUN/write_retried/1 and RUN/write_retried/2.
TEST_F(FaultTest, RetriedWriteToolGetsOneKeyPerAttempt) {
  std::string b = bindings(tool("store", "fail"));
  Outcome r = run(WFC_FAULT_TOOLS, {"--bindings", b, "--input-json", R"({"which": "write_retried"})"});
  EXPECT_EQ(r.exitCode, 1) << r.describe();
  EXPECT_EQ(r.out, "");
  EXPECT_TRUE(contains(r.err, "step 'write_retried' failed after 2 attempts")) << r.err;
  std::vector<Json> c = calls("store");
  ASSERT_EQ(c.size(), 2u);
  std::string run = runIdOf(c[0]["key"]);
  EXPECT_EQ(run.size(), 32u);
  EXPECT_EQ(keys(c), (std::vector<std::string>{run + "/write_retried/1", run + "/write_retried/2"}));
}

// The same over http: a 503 with Retry-After: 0 is not retried by the binding — one request
// without retry.max_attempts, two with it, each with its own Idempotency-Key.
TEST_F(FaultTest, FailingHttpWriteToolIsNotRetriedByTheTransport) {
  auto idempotencyKey = [](const std::string &head) {
    std::string lower = head;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
    size_t at = lower.find("\r\nidempotency-key:");
    if (at == std::string::npos) return std::string();
    size_t start = head.find_first_not_of(' ', at + 18), end = head.find("\r\n", at + 2);
    return head.substr(start, end == std::string::npos ? std::string::npos : end - start);
  };
  for (auto [which, expected] : {std::pair{"write_once", 1}, std::pair{"write_retried", 2}}) {
    SCOPED_TRACE(which);
    RawHttpServer server({"503"});
    std::string b = bindings("  store: {http: {url: '" + server.url("/store") + "'}}\n", std::string(which) + ".yaml");
    Outcome r = run(WFC_FAULT_TOOLS, {"--bindings", b, "--input-json", Json{{"which", which}}.dump()});
    EXPECT_EQ(r.exitCode, 1) << r.describe();
    EXPECT_EQ(r.out, "");
    EXPECT_TRUE(contains(r.err, "answered HTTP 503")) << r.err;
    std::vector<std::string> requests = server.requests();
    ASSERT_EQ(requests.size(), size_t(expected)) << "a write call was repeated below the step";
    std::string first = idempotencyKey(requests[0]);
    ASSERT_EQ(first.size(), 32 + 1 + std::string(which).size() + 2) << requests[0];
    for (int i = 0; i < expected; ++i)
      EXPECT_EQ(idempotencyKey(requests[size_t(i)]), runIdOf(first) + "/" + which + "/" + std::to_string(i + 1));
  }
}

// ================================================================================================
// wfc.on_error under faults

// `fetch` fails twice (its max_attempts) and its fallback runs once; `count` times out twice
// (each attempt killed) and its value stands in; the run succeeds and `report` reads the value.
TEST_F(FaultTest, OnErrorFallbackStepAndValueHandleAFailureAndATimeout) {
  fs::path pids = path("pids");
  std::string b = bindings(tool("primary", "fail") + tool("backup", "ok") + tool("lookup", "slow", pids.string()) +
                           tool("report", "ok"));
  std::string trace = path("trace.jsonl"), report = path("report.json");
  Outcome r = run(WFC_FAULT_ON_ERROR, {"--bindings", b, "--trace", trace, "--report", report});
  ASSERT_EQ(r.exitCode, 0) << "handled failures and timeouts are not the run's: " << r.describe();
  Json out = Json::parse(r.out);
  EXPECT_EQ(out["args"], Json::parse(R"({"count": {"count": 0, "source": "default"}})")) << out;

  std::vector<Json> primary = calls("primary"), backup = calls("backup"), lookup = calls("lookup"),
                    reported = calls("report");
  ASSERT_EQ(primary.size(), 2u) << "the handled step ran beyond its max_attempts";
  std::string run = runIdOf(primary[0]["key"]);
  EXPECT_EQ(keys(primary), (std::vector<std::string>{run + "/fetch/1", run + "/fetch/2"}));
  ASSERT_EQ(backup.size(), 1u) << "the fallback must run exactly once";
  EXPECT_EQ(backup[0]["key"], run + "/fetch_backup/1");
  ASSERT_EQ(lookup.size(), 2u);
  EXPECT_EQ(keys(lookup), (std::vector<std::string>{run + "/count/1", run + "/count/2"}));
  EXPECT_EQ(survivors(pids), std::vector<pid_t>{}) << "a timed-out attempt's tool outlived its timeout";
  ASSERT_EQ(reported.size(), 1u);

  std::map<std::string, Json> with;
  for (const Json &e : events(jsonLines(trace), "step_recovered")) with[e["step"]] = e;
  ASSERT_EQ(with.size(), 2u);
  EXPECT_EQ(with["fetch"]["with"], "fetch_backup");
  EXPECT_TRUE(contains(with["fetch"]["error"].get<std::string>(), "the disk is on fire")) << with["fetch"];
  EXPECT_EQ(with["count"]["with"], "value");
  EXPECT_TRUE(contains(with["count"]["error"].get<std::string>(), "timed out after 300 ms")) << with["count"];
  EXPECT_EQ(reportStep(report, "fetch")["status"], "recovered");
  EXPECT_EQ(reportStep(report, "fetch")["attempts"], 2);
  EXPECT_EQ(reportStep(report, "count")["status"], "recovered");
  EXPECT_EQ(reportStep(report, "count")["attempts"], 2);
  EXPECT_EQ(reportStep(report, "fetch_backup")["status"], "ok");
}

// A fallback that fails too is the run's failure (exit 1, naming it); it is not retried, and the
// step it stands in for is not run again.
TEST_F(FaultTest, FailingFallbackIsTheRunsFailure) {
  std::string b = bindings(tool("primary", "fail") + tool("backup", "fail") + tool("lookup", "ok") + tool("report", "ok"));
  Outcome r = run(WFC_FAULT_ON_ERROR, {"--bindings", b});
  EXPECT_EQ(r.exitCode, 1) << r.describe();
  EXPECT_EQ(r.out, "");
  EXPECT_TRUE(contains(r.err, "step 'fetch_backup' failed: tool 'backup' exited with status 7")) << r.err;
  EXPECT_EQ(calls("primary").size(), 2u);
  EXPECT_EQ(calls("backup").size(), 1u);
  EXPECT_EQ(calls("report").size(), 0u) << "a step after the failure ran";
}

// ================================================================================================
// Signals during a parallel block

// Without faults the same block runs each branch exactly once, concurrently, and the step after
// it once with all three results (the baseline of the signal tests; under TSan, the scheduler's
// threads at work).
TEST_F(FaultTest, ParallelBlockRunsEachBranchExactlyOnce) {
  std::string b = bindings(tool("slow", "ok") + tool("store", "ok"));
  Outcome r = run(WFC_FAULT_PARALLEL, {"--bindings", b, "--max-concurrency", "4"});
  ASSERT_EQ(r.exitCode, 0) << r.describe();
  std::vector<Json> slow = calls("slow"), store = calls("store");
  ASSERT_EQ(slow.size(), 3u);
  std::string run = runIdOf(slow[0]["key"]);
  std::set<std::string> k;
  for (const Json &c : slow) k.insert(c["key"].get<std::string>());
  EXPECT_EQ(k, (std::set<std::string>{run + "/b1/1", run + "/b2/1", run + "/b3/1"}));
  ASSERT_EQ(store.size(), 1u);
  EXPECT_EQ(store[0]["key"], run + "/after/1");
  Json all = store[0]["args"]["all"]["all"];
  for (const char *branch : {"b1", "b2", "b3"}) EXPECT_EQ(all[branch]["tool"], "slow") << all;
  EXPECT_EQ(Json::parse(r.out)["key"], run + "/after/1");
}

// Runs fault_parallel with --max-concurrency 2 (two branches in flight, the third waiting),
// sends `sig` once both are running, and checks: the exit code, nothing on stdout, both
// in-flight tools killed, and nothing new started (no third branch, no `after`).
void interruptParallel(const fs::path &dir, const fs::path &log, int sig, int expected) {
  fs::path pids = dir / "pids";
  fs::path b = dir / "bindings.yaml";
  auto line = [&](const std::string &name, const std::string &behavior) {
    return "  " + name + ": {exec: {argv: [sh, '" + std::string(WFC_FAULT_TOOL) + "', " + name + ", " + behavior +
           ", '" + log.string() + "', '" + pids.string() + "']}}\n";
  };
  writeText(b, "tools:\n" + line("slow", "slow") + line("store", "ok"));
  std::string trace = (dir / "trace.jsonl").string();
  Child child(WFC_FAULT_PARALLEL, {"--bindings", b.string(), "--max-concurrency", "2", "--trace", trace}, {},
              dir / "io");
  // Both in-flight branches have logged their call and written their pid.
  auto deadline = Clock::now() + std::chrono::seconds(10);
  auto lines = [](const fs::path &p) {
    std::istringstream in(readText(p));
    size_t n = 0;
    for (std::string l; std::getline(in, l);) n += !l.empty();
    return n;
  };
  while ((lines(log) < 2 || lines(pids) < 2) && Clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  ASSERT_EQ(lines(pids), 2u) << "two branches should be in flight";
  ::kill(child.pid(), sig);
  Outcome r = child.wait(10);
  EXPECT_EQ(r.exitCode, expected) << r.describe();
  EXPECT_EQ(r.out, "") << "an interrupted run printed an output";
  EXPECT_TRUE(contains(r.err, sig == SIGINT ? "interrupted by SIGINT" : "interrupted by SIGTERM")) << r.err;
  EXPECT_LT(r.seconds, 8.0) << "the in-flight tools were not killed";
  std::vector<Json> c = jsonLines(log);
  ASSERT_EQ(c.size(), 2u) << "something new started after the signal: " << readText(log);
  std::set<int> branches;
  for (const Json &call : c) {
    EXPECT_EQ(call["tool"], "slow");
    branches.insert(call["args"]["branch"].get<int>());
  }
  EXPECT_EQ(branches, (std::set<int>{1, 2})) << "the first two branches in declaration order run first";
  EXPECT_EQ(survivors(pids), std::vector<pid_t>{}) << "an in-flight tool outlived the run";
  std::vector<Json> ends = events(jsonLines(trace), "run_end");
  ASSERT_EQ(ends.size(), 1u);
  EXPECT_EQ(ends[0]["status"], "cancelled");
  EXPECT_EQ(ends[0]["exit_code"], expected);
}

TEST_F(FaultTest, SigintDuringAParallelBlockIsExit130AndStartsNothingNew) {
  interruptParallel(dir_, log_, SIGINT, 130);
}

TEST_F(FaultTest, SigtermDuringAParallelBlockIsExit143AndStartsNothingNew) {
  interruptParallel(dir_, log_, SIGTERM, 143);
}

// ================================================================================================
// Secrets: the API key never appears in anything a run writes

// Several runs with OPENAI_API_KEY set — a success, a 401 whose body echoes the key, a 500
// echoing it then a success, a 200 whose broken body echoes it, a tool failure — each with
// --trace, --report, --record and --output in a directory of its own (also its working
// directory); then every file under those directories, and every stdout and stderr, is
// scanned for the key.
TEST_F(FaultTest, ApiKeyNeverAppearsInAnythingARunWrites) {
  const std::string key = "sk-fault-SECRET-123";
  const std::string echo = R"({"error": {"message": "Incorrect API key provided: )" + key + R"(", "type": "invalid_request_error"}})";
  struct Scenario {
    std::string name;
    Json script;
    std::string note;  // the note tool's behavior
    int exitCode;
  };
  std::vector<Scenario> scenarios = {
      {"success", {{"replies", {{{"reply", {{"content", "fine"}}}}}}}, "ok", 0},
      {"unauthorized", {{"replies", {{{"status", 401}, {"body", echo}}}}}, "ok", 1},
      {"retried", {{"replies", {{{"times", 1}, {"status", 500}, {"body", echo}}, {{"reply", {{"content", "fine"}}}}}}}, "ok", 0},
      {"broken", {{"replies", {{{"body", key + " {not json"}}}}}, "ok", 1},
      {"tool-fails", {{"replies", {{{"reply", {{"content", "fine"}}}}}}}, "fail", 1},
  };
  fs::path scanned = path("scanned");
  std::vector<std::pair<std::string, std::string>> streams;  // (what, text)
  for (const Scenario &s : scenarios) {
    SCOPED_TRACE(s.name);
    fs::path work = scanned / s.name;
    fs::create_directories(work);
    LlmServerProcess server(s.script);
    writeText(work / "bindings.yaml", "tools:\n" + tool("note", s.note, "", 0, work / "calls.jsonl"));
    std::vector<std::string> args = {"--llm-base-url", server.baseUrl(), "--model", "test-model",
                                     "--input-json", R"({"which": "plain", "with_tool": true})",
                                     "--bindings", (work / "bindings.yaml").string(),
                                     "--trace", (work / "trace.jsonl").string(),
                                     "--report", (work / "report.json").string(),
                                     "--record", (work / "recording.jsonl").string(),
                                     "--output", (work / "output.json").string()};
    Child child(WFC_FAULT_LLM, args, {"OPENAI_API_KEY=" + key}, dir_ / ("io-" + s.name), work.string());
    Outcome r = child.wait(20);
    EXPECT_EQ(r.exitCode, s.exitCode) << r.describe();
    streams.emplace_back(s.name + " stdout", r.out);
    streams.emplace_back(s.name + " stderr", r.err);
    // The key was really in use: the server saw it.
    std::vector<Json> requests = server.requests();
    ASSERT_FALSE(requests.empty());
    EXPECT_EQ(requests[0]["authorization"], "Bearer " + key);
    if (s.name == "unauthorized") {
      EXPECT_EQ(requests.size(), 1u) << "a 401 is final, not retried";
      EXPECT_TRUE(contains(r.err, "HTTP 401 after 1 attempt")) << r.err;
      EXPECT_TRUE(contains(r.err, "Incorrect API key provided: [redacted]")) << r.err;
    }
    if (s.name == "tool-fails") {
      EXPECT_TRUE(contains(r.err, "the disk is on fire")) << r.err;
    }
    EXPECT_TRUE(fs::exists(work / "trace.jsonl"));
    EXPECT_TRUE(fs::exists(work / "report.json"));
  }
  int files = 0;
  for (const fs::directory_entry &e : fs::recursive_directory_iterator(scanned)) {
    if (!e.is_regular_file()) continue;
    ++files;
    std::string text = readText(e.path());
    EXPECT_FALSE(contains(text, key)) << e.path() << " contains the API key:\n" << text;
  }
  EXPECT_GE(files, 15) << "the runs wrote fewer files than expected";
  for (const auto &[what, text] : streams) EXPECT_FALSE(contains(text, key)) << what << " contains the API key:\n" << text;
}

}  // namespace
}  // namespace wfc::test

// http bindings end to end (docs/semantics.md "Run time", docs/executable.md exit codes): packs/http-tool.yaml,
// compiled at build time with --allow-unbound (tests/e2e/CMakeLists.txt) and bound to an HTTP
// server in this test process with --bindings — or compiled here with the binding baked in —
// checking stdout, exit codes, stderr, traces and reports, and what the server received: bodies,
// methods, headers and the Idempotency-Key `RUN/STEP/ATTEMPT`.
#include "ExeDir.h"
#include "Process.h"
#include "HttpTestServer.h"
#include "TestFiles.h"

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
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <mutex>
#include <regex>
#include <sstream>
#include <thread>

namespace wfc::test {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;
using namespace std::chrono_literals;

const char *const kSecret = "kb-SECRET-0d6f3b91e4";

bool contains(const std::string &text, const std::string &part) { return text.find(part) != std::string::npos; }

using KbServer = HttpTestServer;

KbServer::Handler reply(int status, const std::string &body) {
  return [=](const httplib::Request &, httplib::Response &response, size_t) {
    response.status = status;
    response.set_content(body, "application/json");
  };
}

const std::string kHits = R"({"hits": [{"id": 7, "title": "Kafka streams"}], "total": 1})";

class HttpE2ETest : public ::testing::Test {
 protected:
  static fs::path dir_;
  static std::string exe_;

  static void SetUpTestSuite() {
    std::string pattern = (fs::temp_directory_path() / "wfc-http-e2e-XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
    exe_ = e2eExeDir() + "/http-tool";
    ASSERT_TRUE(fs::exists(exe_)) << exe_ << " was not built";
  }
  static void TearDownTestSuite() {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  void SetUp() override { ::setenv("WFC_E2E_KB_TOKEN", kSecret, 1); }
  void TearDown() override { ::unsetenv("WFC_E2E_KB_TOKEN"); }

  // A bindings file for this test: kb.search POSTs to /kb/search, kb.save PUTs to /kb/notes;
  // `extra` is added to kb.search's http map.
  std::string bindings(const std::string &name, const std::string &extra = "") {
    fs::path p = dir_ / (name + ".yaml");
    writeText(p, "tools:\n"
                 "  kb.search:\n"
                 "    http:\n"
                 "      url: \"" + server_.url("/kb/search") + "\"\n"
                 "      headers: {X-Team: blue}\n"
                 "      headers_from_env: {Authorization: WFC_E2E_KB_TOKEN}\n" +
                     extra +
                 "  kb.save: {http: {url: \"" + server_.url("/kb/notes") + "\", method: PUT}}\n");
    return p.string();
  }
  ProcessResult run(std::vector<std::string> args, const std::string &exe = "") {
    args.insert(args.end(), {"--input-json", R"({"query": "kafka"})"});
    return runProcess(exe.empty() ? exe_ : exe, args, 30);
  }
  static std::vector<Json> toolCalls(const fs::path &trace) {
    std::vector<Json> out;
    std::istringstream lines(readText(trace));
    for (std::string line; std::getline(lines, line);) {
      if (line.empty()) continue;
      Json e = Json::parse(line);
      if (e["event"] == "tool_call") out.push_back(e);
    }
    return out;
  }

  KbServer server_;
};

fs::path HttpE2ETest::dir_;
std::string HttpE2ETest::exe_;

const std::regex kKey("^[0-9a-f]{32}/(search|save)/[12]$");

TEST_F(HttpE2ETest, RunTimeBindingSendsArgumentsHeadersAndIdempotencyKeys) {
  server_.on("/kb/search", reply(200, kHits));
  server_.on("/kb/notes", reply(201, R"({"stored": true, "note_id": "n-1"})"));
  fs::path trace = dir_ / "ok-trace.jsonl";
  ProcessResult r = run({"--bindings", bindings("ok"), "--trace", trace.string()});
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  EXPECT_EQ(Json::parse(r.out), Json::parse(R"({"stored": true, "note_id": "n-1"})"));

  auto search = server_.seen("/kb/search");
  auto save = server_.seen("/kb/notes");
  ASSERT_EQ(search.size(), 1u);
  ASSERT_EQ(save.size(), 1u);
  EXPECT_EQ(search[0].method, "POST");
  EXPECT_EQ(Json::parse(search[0].body), Json::parse(R"({"query": "kafka", "limit": 2})"));
  EXPECT_EQ(search[0].header("Content-Type"), "application/json");
  EXPECT_EQ(search[0].header("X-Team"), "blue");
  EXPECT_EQ(search[0].header("Authorization"), kSecret);
  EXPECT_EQ(save[0].method, "PUT");
  EXPECT_EQ(Json::parse(save[0].body),
            Json::parse(R"({"doc": [{"id": 7, "title": "Kafka streams"}], "note": "found for kafka"})"));
  EXPECT_EQ(save[0].header("Authorization"), "<absent>");

  // RUN/STEP/ATTEMPT, one run id for both, the same as the trace's.
  std::string searchKey = search[0].header("Idempotency-Key"), saveKey = save[0].header("Idempotency-Key");
  EXPECT_TRUE(std::regex_match(searchKey, kKey)) << searchKey;
  std::string run = searchKey.substr(0, searchKey.find('/'));
  EXPECT_EQ(searchKey, run + "/search/1");
  EXPECT_EQ(saveKey, run + "/save/1");
  std::vector<Json> calls = toolCalls(trace);
  ASSERT_EQ(calls.size(), 2u);
  EXPECT_EQ(calls[0]["idempotency_key"], searchKey);
  EXPECT_EQ(calls[0]["binding"], "http: POST " + server_.url("/kb/search") + " (timeout 30000 ms)");
  EXPECT_EQ(calls[1]["binding"], "http: PUT " + server_.url("/kb/notes") + " (timeout 30000 ms)");
  EXPECT_FALSE(contains(readText(trace), kSecret));
}

TEST_F(HttpE2ETest, ARetriedStepSendsTheAttemptInItsKey) {
  server_.on("/kb/search", [](const httplib::Request &, httplib::Response &response, size_t index) {
    response.status = index == 0 ? 500 : 200;
    response.set_content(index == 0 ? R"({"error": "warming up"})" : kHits, "application/json");
  });
  server_.on("/kb/notes", reply(200, R"({"stored": true})"));
  ProcessResult r = run({"--bindings", bindings("retry")});
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  EXPECT_EQ(Json::parse(r.out), Json::parse(R"({"stored": true})"));
  auto search = server_.seen("/kb/search");
  ASSERT_EQ(search.size(), 2u);
  std::string first = search[0].header("Idempotency-Key"), second = search[1].header("Idempotency-Key");
  ASSERT_TRUE(std::regex_match(first, kKey)) << first;
  std::string run = first.substr(0, first.find('/'));
  EXPECT_EQ(first, run + "/search/1");
  EXPECT_EQ(second, run + "/search/2");
  EXPECT_EQ(search[0].body, search[1].body);
  EXPECT_EQ(server_.seen("/kb/notes")[0].header("Idempotency-Key"), run + "/save/1");
}

TEST_F(HttpE2ETest, AnHttpErrorIsExitOneWithTheBodyHead) {
  server_.on("/kb/search", reply(503, "{\n  \"error\": \"index offline\"\n}"));
  ProcessResult r = run({"--bindings", bindings("503")});
  EXPECT_EQ(r.exitCode, 1) << r.describe() << "\n" << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_TRUE(contains(r.err, "step 'search' failed after 2 attempts: tool 'kb.search': POST " +
                                  server_.url("/kb/search") + R"( answered HTTP 503: { "error": "index offline" })"))
      << r.err;
  EXPECT_EQ(server_.seen("/kb/search").size(), 2u);  // the step's retry, no transport retries
  EXPECT_TRUE(server_.seen("/kb/notes").empty());
}

TEST_F(HttpE2ETest, AnEchoedSecretStaysOutOfStderrTraceAndReport) {
  server_.on("/kb/search", [](const httplib::Request &request, httplib::Response &response, size_t) {
    response.status = 401;
    response.set_content("token " + request.get_header_value("Authorization") + " is revoked", "text/plain");
  });
  fs::path trace = dir_ / "401-trace.jsonl", report = dir_ / "401-report.json";
  ProcessResult r = run({"--bindings", bindings("401"), "--trace", trace.string(), "--report", report.string()});
  EXPECT_EQ(r.exitCode, 1) << r.describe() << "\n" << r.err;
  EXPECT_TRUE(contains(r.err, "answered HTTP 401: token [redacted] is revoked")) << r.err;
  EXPECT_FALSE(contains(r.err, kSecret)) << r.err;
  std::string traced = readText(trace);
  EXPECT_TRUE(contains(traced, "[redacted]")) << traced;
  EXPECT_FALSE(contains(traced, kSecret));
  EXPECT_FALSE(contains(readText(report), kSecret));
  EXPECT_EQ(server_.seen("/kb/search")[0].header("Authorization"), kSecret);
}

TEST_F(HttpE2ETest, ATimeoutIsExitThree) {
  KbServer *server = &server_;
  server_.on("/kb/search", [server](const httplib::Request &, httplib::Response &response, size_t) {
    server->hold(10s);
    response.status = 200;
    response.set_content("{}", "application/json");
  });
  ProcessResult r = run({"--bindings", bindings("slow", "      timeout_ms: 300\n")});
  EXPECT_EQ(r.exitCode, 3) << r.describe() << "\n" << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_LT(r.seconds, 5.0);
  EXPECT_TRUE(contains(r.err, "tool 'kb.search': the request to " + server_.url("/kb/search") +
                                  " timed out after 300 ms"))
      << r.err;
}

TEST_F(HttpE2ETest, AnUnsetHeaderVariableIsExitTwoBeforeAnyRequest) {
  ::unsetenv("WFC_E2E_KB_TOKEN");
  std::string b = bindings("unset");
  ProcessResult r = run({"--bindings", b});
  EXPECT_EQ(r.exitCode, 2) << r.describe() << "\n" << r.err;
  EXPECT_TRUE(contains(r.err, b + ":")) << r.err;
  EXPECT_TRUE(contains(r.err, "header 'Authorization' of the http binding of tool 'kb.search' comes from "
                              "environment variable WFC_E2E_KB_TOKEN, which is not set"))
      << r.err;
  EXPECT_TRUE(server_.seen("/kb/search").empty());
}

TEST_F(HttpE2ETest, AnUnreachableServerIsExitOne) {
  std::string url = "http://127.0.0.1:" + std::to_string(closedPort()) + "/kb";
  std::string b = (dir_ / "refused.yaml").string();
  writeText(b, "tools:\n  kb.search: {http: {url: \"" + url + "\"}}\n  kb.save: {mock: {result: {}}}\n");
  ProcessResult r = run({"--bindings", b});
  EXPECT_EQ(r.exitCode, 1) << r.describe() << "\n" << r.err;
  EXPECT_TRUE(contains(r.err, "step 'search' failed after 2 attempts: tool 'kb.search': the request to " + url +
                                  " failed: "))
      << r.err;
}

TEST_F(HttpE2ETest, ACompiledInBindingRunsWithoutBindingsFile) {
  server_.on("/kb/search", reply(200, kHits));
  server_.on("/kb/notes", reply(200, R"({"stored": "baked"})"));
  std::string b = bindings("baked");
  std::string exe = (dir_ / "http-tool-baked").string();
  ProcessResult compiled = runProcess(WFC_BINARY, {"compile", std::string(WFC_SOURCE_DIR) + "/tests/e2e/packs/http-tool.yaml",
                                                   "--composition", "main", "--bindings", b, "-o", exe},
                                      240);
  ASSERT_EQ(compiled.exitCode, 0) << compiled.describe() << "\n" << compiled.err;
  ProcessResult r = run({}, exe);
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  EXPECT_EQ(Json::parse(r.out), Json::parse(R"({"stored": "baked"})"));
  auto search = server_.seen("/kb/search");
  ASSERT_EQ(search.size(), 1u);
  EXPECT_EQ(search[0].header("Authorization"), kSecret);  // read at run time, not baked in
  EXPECT_TRUE(std::regex_match(search[0].header("Idempotency-Key"), kKey)) << search[0].header("Idempotency-Key");
  EXPECT_FALSE(contains(readText(exe), kSecret));
}

// libcurl is loaded by the first HTTP request (runtime/support/http/CurlLibrary.h), not linked: the
// executable does not need it to start, and one that cannot load it fails the step that makes the
// request, saying what to install — and sends nothing.
TEST_F(HttpE2ETest, LibcurlIsLoadedAtTheFirstRequestNotLinked) {
  ProcessResult elf = runProcess("/usr/bin/readelf", {"-d", exe_}, 30);
  ASSERT_EQ(elf.exitCode, 0) << elf.describe() << "\n" << elf.err;
  EXPECT_TRUE(contains(elf.out, "(NEEDED)")) << elf.out;
  EXPECT_FALSE(contains(elf.out, "libcurl")) << elf.out;

  server_.on("/kb/search", reply(200, kHits));
  ::setenv("WFC_LIBCURL", "libwfc-missing-curl.so.4", 1);
  ProcessResult r = run({"--bindings", bindings("no-curl")});
  ::unsetenv("WFC_LIBCURL");
  EXPECT_EQ(r.exitCode, 1) << r.describe() << "\n" << r.err;
  EXPECT_TRUE(contains(r.err, "step 'search' failed")) << r.err;
  EXPECT_TRUE(contains(r.err, "cannot load libcurl: libwfc-missing-curl.so.4: cannot open shared object file")) << r.err;
  EXPECT_TRUE(contains(r.err, "(on Debian and Ubuntu: the libcurl4 package)")) << r.err;
  EXPECT_TRUE(server_.seen("/kb/search").empty());
}

}  // namespace
}  // namespace wfc::test

// --serve end to end (docs/serve.md): packs/serve-flow.yaml and packs/chat-support.yaml compiled
// at build time, served as real processes, driven over real HTTP with libcurl, their LLM the
// scripted test server. Every endpoint and status code; wait=true; cancel; events into a
// suspended run; a drain on SIGTERM, then a restarted server resuming what it suspended; a
// killed server's runs resumed; the token off loopback; malformed and oversized bodies; 429
// under a full server; the chat packs' OpenAI-compatible endpoint.
#include "CurlClient.h"
#include "ExeDir.h"
#include "LlmServerProcess.h"
#include "Process.h"
#include "ServeProcess.h"
#include "TestFiles.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cctype>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <sstream>
#include <set>
#include <thread>

#include <unistd.h>

namespace fs = std::filesystem;
using Json = nlohmann::json;
using namespace wfc::test;
using namespace std::chrono_literals;

namespace {

const std::string kServeNpm = std::string(WFC_SOURCE_DIR) + "/tests/serve";

const char *kBindings = R"(tools:
  route: { mock: { template: { event: "{{args.event}}", text: "{{args.text}}" } } }
  publish: { mock: { template: { published: "{{args.text}}" } } }
)";

// The writer answers at once, unless the topic says "slow" (the first time: 3 s, 20 s for "very
// slow"); the approver summarizes.
Json script() {
  return Json::parse(R"({"replies": [
    {"match": {"system_contains": "WRITER", "user_contains": "very slow"}, "times": 1, "delay_ms": 20000,
     "reply": {"content": "a slow draft"}},
    {"match": {"system_contains": "WRITER", "user_contains": "live page"}, "chunk_delay_ms": 2000,
     "reply": {"content": "words for the live page that come one by one slowly enough"}},
    {"match": {"system_contains": "WRITER", "user_contains": "slow"}, "times": 1, "delay_ms": 3000,
     "reply": {"content": "a slow draft"}},
    {"match": {"system_contains": "WRITER"}, "reply": {"content": "a draft"}},
    {"match": {"system_contains": "APPROVER"}, "reply": {"content": "looks fine"}},
    {"match": {"system_contains": "Greet", "last_user_contains": "second"}, "reply": {"content": "Hello again!"}},
    {"match": {"system_contains": "Greet"}, "reply": {"content": "Hello!"}},
    {"match": {"system_contains": "Describe", "last_user_media": ["image/png"]}, "reply": {"content": "A cat."}}
  ]})");
}

class ServeE2ETest : public ::testing::Test {
 protected:
  void SetUp() override {
    exe_ = e2eExeDir() + "/serve-flow";
    ASSERT_TRUE(fs::exists(exe_)) << exe_ << " was not built";
    llm_ = std::make_unique<LlmServerProcess>(script());
    bindings_ = dir_.write("bindings.yaml", kBindings);
  }

  // Starts a server on the test's journal; returns its base URL (fails the test if it does not
  // come up).
  std::string start(std::vector<std::string> more = {}, std::map<std::string, std::string> env = {},
                    const std::string &exe = "") {
    std::vector<std::string> args = {"--serve", "127.0.0.1:0", "--journal", journal(), "--bindings", bindings_,
                                     "--llm-base-url", llm_->baseUrl(), "--model", "test-model"};
    args.insert(args.end(), more.begin(), more.end());
    server_ = std::make_unique<ServeProcess>(exe.empty() ? exe_ : exe, args, dir_ / ("serve" + std::to_string(++starts_) + ".err"), env,
                                             dir_.str());
    std::optional<std::string> base = server_->waitReady();
    EXPECT_TRUE(base) << "the server did not come up:\n" << server_->stderrText();
    base_ = base.value_or("http://127.0.0.1:1");
    return base_;
  }

  std::string journal() const { return (dir_ / "runs.db").string(); }
  std::string url(const std::string &path) const { return base_ + path; }

  HttpReply post(const std::string &path, const std::string &body, std::vector<std::string> headers = {}) {
    return httpPostJson(url(path), body, std::move(headers));
  }

  // GET /runs/ID until its status is not "running" (10 s at most).
  Json waitStopped(const std::string &id) {
    Json run;
    for (int i = 0; i < 500; ++i) {
      HttpReply r = httpGet(url("/runs/" + id));
      run = r.status == 200 ? r.json() : Json();
      if (r.status == 200 && run["status"] != "running") return run;
      std::this_thread::sleep_for(20ms);
    }
    return run;
  }

  TempDir dir_;
  std::string exe_, bindings_, base_;
  std::unique_ptr<LlmServerProcess> llm_;
  std::unique_ptr<ServeProcess> server_;
  int starts_ = 0;
};

TEST_F(ServeE2ETest, StartsRunsAndAnswersEveryReadEndpoint) {
  start();
  HttpReply started = post("/runs", R"({"topic": "wfc", "next": "done"})");
  ASSERT_EQ(started.status, 201) << started.body;
  std::string id = started.json()["id"];
  EXPECT_EQ(started.json()["status"], "running");
  EXPECT_EQ(started.header("location"), "/runs/" + id);
  Json run = waitStopped(id);
  EXPECT_EQ(run["status"], "succeeded") << run.dump();
  EXPECT_EQ(run["output"], Json::parse(R"({"published": "wfc"})"));
  EXPECT_EQ(run["exit_code"], 0);
  EXPECT_TRUE(run["started"].is_string() && run["finished"].is_string()) << run.dump();
  // What its LLM call spent, as the journal recorded it (docs/cost.md "Spend"): the test server's
  // default usage, 10 tokens in and 5 out; no price, so no dollars.
  EXPECT_EQ(run["spend"], Json::parse(R"({"input_tokens": 10, "cached_input_tokens": 0, "output_tokens": 5,
                                          "unpriced_calls": 1})"))
      << run.dump();

  // wait=true answers when the run ends, with its output.
  HttpReply waited = post("/runs?wait=true", R"({"topic": "serving", "next": "done"})");
  ASSERT_EQ(waited.status, 200) << waited.body;
  EXPECT_EQ(waited.json()["status"], "succeeded");
  EXPECT_EQ(waited.json()["output"]["published"], "serving");
  std::string second = waited.json()["id"];

  // The list: newest first, by status, a page at a time.
  Json list = httpGet(url("/runs")).json();
  ASSERT_EQ(list["runs"].size(), 2u) << list.dump();
  EXPECT_EQ(list["runs"][0]["id"], second);
  EXPECT_EQ(list["runs"][1]["id"], id);
  EXPECT_TRUE(list["next"].is_null());
  Json page = httpGet(url("/runs?limit=1")).json();
  ASSERT_EQ(page["runs"].size(), 1u);
  EXPECT_EQ(page["next"], second);
  Json older = httpGet(url("/runs?limit=1&before=" + second)).json();
  ASSERT_EQ(older["runs"].size(), 1u);
  EXPECT_EQ(older["runs"][0]["id"], id);
  EXPECT_EQ(httpGet(url("/runs?status=failed")).json()["runs"].size(), 0u);
  EXPECT_EQ(httpGet(url("/runs?status=succeeded")).json()["runs"].size(), 2u);

  // The run's trace: its events from run_start to run_end, each state and the LLM call.
  HttpReply trace = httpGet(url("/runs/" + id + "/trace"));
  ASSERT_EQ(trace.status, 200);
  EXPECT_EQ(trace.header("content-type"), "application/x-ndjson");
  std::vector<Json> events;
  for (const std::string &line : splitLines(trace.body)) events.push_back(Json::parse(line));
  ASSERT_FALSE(events.empty());
  EXPECT_EQ(events.front()["event"], "run_start");
  EXPECT_EQ(events.front()["run_id"], id);
  EXPECT_EQ(events.back()["event"], "run_end");
  EXPECT_EQ(wfc::test::events(events, "llm_call").size(), 1u);
  EXPECT_EQ(wfc::test::events(events, "state_start").size(), 2u);  // draft, publish
  EXPECT_EQ(splitLines(httpGet(url("/runs/" + id + "/trace?after=2")).body).size(), events.size() - 2);

  // The input schema, the OpenAPI document, health, metrics.
  HttpReply schema = httpGet(url("/schema"));
  ASSERT_EQ(schema.status, 200);
  EXPECT_EQ(schema.json()["required"], Json::parse(R"(["topic", "next"])"));
  Json openapi = httpGet(url("/openapi.json")).json();
  EXPECT_EQ(openapi["openapi"], "3.1.0");
  EXPECT_EQ(openapi["components"]["schemas"]["Input"]["properties"]["next"]["enum"], Json::parse(R"(["review", "done"])"));
  EXPECT_EQ(openapi["components"]["schemas"]["Event"]["properties"]["event"]["enum"], Json::parse(R"(["approve", "reject"])"));
  EXPECT_FALSE(openapi.contains("security"));
  EXPECT_EQ(httpGet(url("/healthz")).json()["status"], "ok");
  HttpReply ready = httpGet(url("/readyz"));
  EXPECT_EQ(ready.status, 200);
  EXPECT_EQ(ready.json()["max_runs"], 64);
  HttpReply metrics = httpGet(url("/metrics"));
  ASSERT_EQ(metrics.status, 200);
  EXPECT_EQ(metrics.header("content-type"), "text/plain; version=0.0.4; charset=utf-8");
  EXPECT_NE(metrics.body.find("wfc_runs{status=\"succeeded\"} 2\n"), std::string::npos) << metrics.body;
  EXPECT_NE(metrics.body.find("wfc_runs_finished_total{status=\"succeeded\"} 2\n"), std::string::npos);
  EXPECT_NE(metrics.body.find("gen_ai_client_operation_duration_seconds_count{gen_ai_operation_name=\"chat\","
                              "gen_ai_request_model=\"test-model\"} 2\n"),
            std::string::npos);
  EXPECT_NE(metrics.body.find("wfc_tool_calls_total{tool=\"publish\",status=\"ok\"} 2\n"), std::string::npos);
  EXPECT_NE(metrics.body.find("wfc_step_duration_seconds_count{kind=\"prompt\",status=\"ok\"} 2\n"), std::string::npos);

  // The web page and its assets, compiled in.
  HttpReply html = httpGet(url("/"));
  EXPECT_EQ(html.status, 200);
  EXPECT_EQ(html.header("content-type"), "text/html; charset=utf-8");
  EXPECT_NE(html.body.find("<script src=\"app.js\">"), std::string::npos);
  EXPECT_EQ(httpGet(url("/app.js")).header("content-type"), "text/javascript; charset=utf-8");
  Json graph = httpGet(url("/graph")).json();
  EXPECT_TRUE(graph.is_object() && graph.contains("nodes")) << graph.dump();

  // What is not there, and what a path does not take.
  HttpReply missing = httpGet(url("/runs/no-such-run"));
  EXPECT_EQ(missing.status, 404);
  EXPECT_EQ(missing.json()["error"]["code"], "not_found");
  EXPECT_EQ(httpGet(url("/runs/no-such-run/trace")).status, 404);
  EXPECT_EQ(httpGet(url("/nowhere")).status, 404);
  HttpReply wrong = httpCall({"PUT", url("/runs"), std::nullopt, {}});
  EXPECT_EQ(wrong.status, 405);
  EXPECT_EQ(wrong.header("allow"), "GET, POST");
}

TEST_F(ServeE2ETest, RefusesBadRequestsWithPreciseErrors) {
  start({"--max-body", "1KiB"});
  auto expectError = [&](const HttpReply &r, long status, const std::string &code, const std::string &field = "?") {
    EXPECT_EQ(r.status, status) << r.body;
    Json e = Json::parse(r.body, nullptr, false);
    ASSERT_TRUE(e.is_object() && e.contains("error")) << r.body;
    EXPECT_EQ(e["error"]["code"], code) << r.body;
    if (field != "?") {
      EXPECT_EQ(e["error"].value("field", "(none)"), field) << r.body;
    }
  };
  expectError(post("/runs", R"({"topic": )"), 400, "invalid_json");
  EXPECT_NE(post("/runs", R"({"topic": )").json()["error"]["message"].get<std::string>().find("line 1, column"),
            std::string::npos);
  expectError(post("/runs", R"(["topic"])"), 400, "invalid_input", "");
  expectError(post("/runs", std::string(513, '[')), 400, "invalid_json");  // deeper than 512 levels
  // A number too large for a double was a 500 (found by tests/fuzz: fuzz_serve_requests,
  // regression input number-overflow.json).
  HttpReply overflow = post("/runs", R"({"topic": 1e309, "next": "done"})");
  expectError(overflow, 400, "invalid_json");
  EXPECT_EQ(overflow.json()["error"]["message"], "the body is not valid JSON: number overflow parsing '1e309'");
  HttpReply invalid = post("/runs", R"({"topic": "", "next": "later", "extra": 1})");
  expectError(invalid, 400, "invalid_input");
  Json problems = invalid.json()["error"]["problems"];
  std::set<std::string> fields;
  for (const Json &p : problems) fields.insert(p["field"]);
  EXPECT_EQ(fields, (std::set<std::string>{"", "/topic", "/next"})) << problems.dump();
  expectError(post("/runs", R"({"topic": "x"})"), 400, "invalid_input", "/next");
  expectError(httpCall({"POST", url("/runs"), R"({"topic": "x", "next": "done"})", {"Content-Type: text/plain"}}), 415,
              "unsupported_media_type");
  expectError(post("/runs?wait=maybe", R"({"topic": "x", "next": "done"})"), 400, "invalid_parameter", "wait");
  expectError(post("/runs?task=x", R"({"topic": "x", "next": "done"})"), 400, "invalid_parameter", "task");
  expectError(httpGet(url("/runs?status=lost")), 400, "invalid_parameter", "status");
  expectError(httpGet(url("/runs?limit=0")), 400, "invalid_parameter", "limit");
  expectError(httpGet(url("/runs?before=nobody")), 400, "invalid_parameter", "before");
  // Over --max-body: refused whether the client says its length or sends it in chunks.
  std::string big = R"({"topic": ")" + std::string(2000, 'x') + R"(", "next": "done"})";
  expectError(post("/runs", big), 413, "too_large");
  HttpReply chunked = httpCall({"POST", url("/runs"), big, {"Content-Type: application/json"}, true});
  expectError(chunked, 413, "too_large");
  // None of them started a run.
  EXPECT_EQ(httpGet(url("/runs")).json()["runs"].size(), 0u);
  // The server is still fine.
  EXPECT_EQ(post("/runs?wait=true", R"({"topic": "x", "next": "done"})").status, 200);
}

TEST_F(ServeE2ETest, AFullServerAnswers429AndCancelStopsARun) {
  start({"--max-runs", "1"});
  HttpReply slow = post("/runs", R"({"topic": "very slow", "next": "done"})");
  ASSERT_EQ(slow.status, 201) << slow.body;
  std::string id = slow.json()["id"];
  HttpReply refused = post("/runs", R"({"topic": "x", "next": "done"})");
  EXPECT_EQ(refused.status, 429) << refused.body;
  EXPECT_EQ(refused.header("retry-after"), "1");
  EXPECT_EQ(refused.json()["error"]["code"], "too_many_runs");
  EXPECT_NE(httpGet(url("/metrics")).body.find("wfc_runs_in_progress 1\n"), std::string::npos);

  auto before = std::chrono::steady_clock::now();
  HttpReply cancelled = httpDelete(url("/runs/" + id));
  ASSERT_EQ(cancelled.status, 200) << cancelled.body;
  EXPECT_LT(std::chrono::steady_clock::now() - before, 5s);  // not the LLM's 20 s
  EXPECT_EQ(cancelled.json()["status"], "cancelled");
  EXPECT_EQ(cancelled.json()["error"], "cancelled by DELETE /runs/" + id);
  EXPECT_EQ(httpDelete(url("/runs/" + id)).status, 409);
  EXPECT_EQ(httpDelete(url("/runs/nobody")).status, 404);
  // The slot is free again.
  HttpReply next = post("/runs?wait=true", R"({"topic": "x", "next": "done"})");
  EXPECT_EQ(next.status, 200) << next.body;
  EXPECT_EQ(next.json()["status"], "succeeded");
}

TEST_F(ServeE2ETest, EventsResumeASuspendedRun) {
  start();
  HttpReply suspended = post("/runs?wait=true", R"({"topic": "wfc", "next": "review"})");
  ASSERT_EQ(suspended.status, 200) << suspended.body;
  Json run = suspended.json();
  std::string id = run["id"];
  EXPECT_EQ(run["status"], "suspended");
  EXPECT_EQ(run["exit_code"], 4);
  EXPECT_EQ(run["awaiting"]["state"], "review");
  EXPECT_EQ(run["awaiting"]["events"], Json::parse(R"(["approve", "reject"])"));

  HttpReply unknown = post("/runs/" + id + "/events", R"({"event": "maybe"})");
  EXPECT_EQ(unknown.status, 400) << unknown.body;
  EXPECT_EQ(unknown.json()["error"]["field"], "/event");
  EXPECT_NE(unknown.json()["error"]["message"].get<std::string>().find("'approve' or 'reject'"), std::string::npos);
  EXPECT_EQ(post("/runs/" + id + "/events", R"({})").status, 400);
  EXPECT_EQ(post("/runs/" + id + "/events", R"({"event": "approve", "extra": 1})").json()["error"]["field"], "/extra");
  EXPECT_EQ(post("/runs/" + id + "/events", R"({"event": )").status, 400);
  EXPECT_EQ(post("/runs/nobody/events", R"({"event": "approve"})").status, 404);

  HttpReply resumed = post("/runs/" + id + "/events?wait=true", R"({"event": "approve", "context": {"by": "ada"}})");
  ASSERT_EQ(resumed.status, 200) << resumed.body;
  EXPECT_EQ(resumed.json()["id"], id);
  EXPECT_EQ(resumed.json()["status"], "succeeded");
  EXPECT_EQ(resumed.json()["output"]["published"], "wfc");
  HttpReply again = post("/runs/" + id + "/events", R"({"event": "approve"})");
  EXPECT_EQ(again.status, 409) << again.body;
  EXPECT_EQ(again.json()["error"]["code"], "not_waiting");
  // The timeline has both times the run ran.
  std::string trace = httpGet(url("/runs/" + id + "/trace")).body;
  std::vector<Json> lines;
  for (const std::string &l : splitLines(trace)) lines.push_back(Json::parse(l));
  EXPECT_EQ(events(lines, "run_start").size(), 2u);
  EXPECT_EQ(events(lines, "run_end").back()["status"], "succeeded");

  // Without wait: 202, and the run goes on; a suspended run can be cancelled too.
  std::string other = post("/runs?wait=true", R"({"topic": "b", "next": "review"})").json()["id"];
  HttpReply accepted = post("/runs/" + other + "/events", R"({"event": "reject"})");
  EXPECT_EQ(accepted.status, 202) << accepted.body;
  EXPECT_EQ(waitStopped(other)["status"], "suspended");  // reject → draft → review again
  HttpReply cancelled = httpDelete(url("/runs/" + other));
  EXPECT_EQ(cancelled.status, 200) << cancelled.body;
  EXPECT_EQ(cancelled.json()["status"], "cancelled");
  EXPECT_EQ(post("/runs/" + other + "/events", R"({"event": "approve"})").status, 409);
}

TEST_F(ServeE2ETest, SigtermDrainsThenSuspendsAndARestartedServerResumes) {
  start({"--drain-timeout", "300ms"});
  std::string done = post("/runs?wait=true", R"({"topic": "quick", "next": "done"})").json()["id"];
  std::string id = post("/runs", R"({"topic": "very slow", "next": "done"})").json()["id"];
  std::this_thread::sleep_for(300ms);  // the run waits on the LLM
  server_->signal(SIGTERM);
  std::optional<int> code = server_->wait(10s);
  ASSERT_TRUE(code) << "the server did not stop";
  EXPECT_EQ(*code, 143) << server_->stderrText();
  EXPECT_NE(server_->stderrText().find("draining 1 run(s)"), std::string::npos) << server_->stderrText();

  // A new server on the journal resumes the run the drain suspended; the finished one stays.
  start();
  EXPECT_NE(server_->stderrText().find("resuming 1 run a previous server left"), std::string::npos)
      << server_->stderrText();
  Json run = waitStopped(id);
  EXPECT_EQ(run["status"], "succeeded") << run.dump();
  EXPECT_EQ(run["output"]["published"], "very slow");
  EXPECT_EQ(httpGet(url("/runs/" + done)).json()["status"], "succeeded");
  // Its timeline shows it was cut, then resumed.
  std::vector<Json> lines;
  for (const std::string &l : splitLines(httpGet(url("/runs/" + id + "/trace")).body)) lines.push_back(Json::parse(l));
  ASSERT_EQ(events(lines, "run_end").size(), 2u);
  EXPECT_EQ(events(lines, "run_end")[0]["status"], "suspended");
  EXPECT_EQ(events(lines, "run_start")[1]["resumed"], true);
}

TEST_F(ServeE2ETest, SigtermLetsARunThatEndsInTimeFinish) {
  start({"--drain-timeout", "10s"});
  std::string id = post("/runs", R"({"topic": "slow", "next": "done"})").json()["id"];  // 3 s
  std::this_thread::sleep_for(200ms);
  server_->signal(SIGTERM);
  std::this_thread::sleep_for(200ms);
  // Stopped accepting: new connections are refused.
  EXPECT_EQ(httpGet(url("/healthz")).status, 0);
  std::optional<int> code = server_->wait(15s);
  ASSERT_TRUE(code);
  EXPECT_EQ(*code, 143);
  start();
  EXPECT_EQ(httpGet(url("/runs/" + id)).json()["status"], "succeeded");
  EXPECT_EQ(server_->stderrText().find("resuming"), std::string::npos) << server_->stderrText();
}

TEST_F(ServeE2ETest, AKilledServersRunsResumeOnRestart) {
  start();
  std::string id = post("/runs", R"({"topic": "very slow", "next": "done"})").json()["id"];
  std::this_thread::sleep_for(300ms);
  server_->signal(SIGKILL);
  ASSERT_TRUE(server_->wait(5s));
  start();
  Json run = waitStopped(id);
  EXPECT_EQ(run["status"], "succeeded") << run.dump() << server_->stderrText();
}

// A run in flight at two stops without a drain (a crash, a kill -9) may be what takes the server
// down: the third start fails it instead of resuming it again (docs/serve.md).
TEST_F(ServeE2ETest, ARunInterruptedTwiceIsFailedNotResumedAgain) {
  start();
  std::string id = post("/runs", R"({"topic": "very slow", "next": "done"})").json()["id"];
  for (int stop = 1; stop <= 2; ++stop) {
    std::this_thread::sleep_for(300ms);
    server_->signal(SIGKILL);
    ASSERT_TRUE(server_->wait(5s));
    start();
  }
  Json run = waitStopped(id);
  EXPECT_EQ(run["status"], "failed") << run.dump();
  EXPECT_NE(run["error"].get<std::string>().find("interrupted twice"), std::string::npos) << run.dump();
  EXPECT_NE(server_->stderrText().find("warning: run " + id + " failed: interrupted twice"), std::string::npos)
      << server_->stderrText();
}

TEST_F(ServeE2ETest, ATokenIsRequiredOffLoopbackAndCheckedOnEveryRequest) {
  // No token, not loopback: refused at start.
  ServeProcess open(exe_, {"--serve", "0.0.0.0:0", "--journal", journal(), "--bindings", bindings_}, dir_ / "open.err");
  std::optional<int> code = open.wait(10s);
  ASSERT_TRUE(code);
  EXPECT_EQ(*code, 2);
  EXPECT_NE(open.stderrText().find("set WFC_SERVE_TOKEN"), std::string::npos) << open.stderrText();

  start({"--serve", "0.0.0.0:0"}, {{"WFC_SERVE_TOKEN", "s3cret-token"}});
  base_ = "http://127.0.0.1:" + base_.substr(base_.rfind(':') + 1);
  EXPECT_EQ(httpGet(url("/healthz")).status, 200);  // health checks need none
  EXPECT_EQ(httpGet(url("/readyz")).status, 200);
  HttpReply none = httpGet(url("/runs"));
  EXPECT_EQ(none.status, 401);
  EXPECT_EQ(none.header("www-authenticate"), "Bearer realm=\"wfc\"");
  EXPECT_EQ(none.json()["error"]["code"], "unauthorized");
  EXPECT_EQ(httpGet(url("/runs"), {"Authorization: Bearer s3cret-tokem"}).status, 401);
  EXPECT_EQ(httpGet(url("/runs"), {"Authorization: Bearer s3cret-token-and-more"}).status, 401);
  EXPECT_EQ(httpGet(url("/runs"), {"Authorization: Basic s3cret-token"}).status, 401);
  EXPECT_EQ(httpGet(url("/metrics")).status, 401);
  EXPECT_EQ(post("/runs", R"({"topic": "x", "next": "done"})").status, 401);
  EXPECT_EQ(httpGet(url("/runs"), {"Authorization: Bearer s3cret-token"}).status, 200);
  HttpReply run = post("/runs?wait=true", R"({"topic": "x", "next": "done"})", {"Authorization: bearer s3cret-token"});
  EXPECT_EQ(run.status, 200) << run.body;
  Json openapi = httpGet(url("/openapi.json"), {"Authorization: Bearer s3cret-token"}).json();
  EXPECT_EQ(openapi["components"]["securitySchemes"]["bearer"]["scheme"], "bearer");
}

TEST_F(ServeE2ETest, ServeOptionsThatDoNotFitAreUsageErrors) {
  ProcessResult r = runProcess(exe_, {"--serve", "8080", "--input-json", "{}"});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("--input-json gives one run's input"), std::string::npos) << r.err;
  r = runProcess(exe_, {"--max-runs", "3"});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("--max-runs goes with --input-jsonl FILE: it is an option of a batch (docs/batch.md) or of --serve"),
            std::string::npos)
      << r.err;
  r = runProcess(exe_, {"--serve", "8080", "--input-jsonl", "lines.jsonl"});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("--input-jsonl is an option of a batch"), std::string::npos) << r.err;
  r = runProcess(exe_, {"--serve", "127.0.0.1:99999"});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("the port is a number from 0 to 65535"), std::string::npos) << r.err;
  r = runProcess(exe_, {"--serve", "8080", "--max-body", "lots"});
  EXPECT_EQ(r.exitCode, 2);
  // A port in use.
  start();
  std::string port = base_.substr(base_.rfind(':') + 1);
  r = runProcess(exe_, {"--serve", "127.0.0.1:" + port, "--journal", (dir_ / "other.db").string(), "--bindings", bindings_,
                        "--model", "m"});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("cannot listen on 127.0.0.1:" + port), std::string::npos) << r.err;
}

TEST_F(ServeE2ETest, ChatPacksAnswerOpenAiChatCompletions) {
  std::string chat = e2eExeDir() + "/chat-support";
  ASSERT_TRUE(fs::exists(chat));
  bindings_ = dir_.write("chat.yaml", "tools:\n  kb.lookup: {mock: {result: 'x'}}\n  kb.delete: {mock: {result: 'x'}}\n");
  start({}, {}, chat);
  Json models = httpGet(url("/v1/models")).json();
  ASSERT_EQ(models["data"].size(), 2u);
  HttpReply reply = post("/v1/chat/completions", R"({"model": "greeter", "messages": [
      {"role": "system", "content": "ignored"}, {"role": "user", "content": "hi"}]})");
  ASSERT_EQ(reply.status, 200) << reply.body;
  Json completion = reply.json();
  EXPECT_EQ(completion["object"], "chat.completion");
  EXPECT_EQ(completion["model"], "greeter");
  EXPECT_EQ(completion["choices"][0]["message"]["content"], "Hello!");
  EXPECT_EQ(completion["choices"][0]["finish_reason"], "stop");
  EXPECT_GT(completion["usage"]["total_tokens"].get<int>(), 0);
  // Earlier turns are the conversation so far.
  HttpReply second = post("/v1/chat/completions", R"({"model": "greeter", "messages": [
      {"role": "user", "content": "hi"}, {"role": "assistant", "content": "Hello!"},
      {"role": "user", "content": [{"type": "text", "text": "a second time"}]}]})");
  ASSERT_EQ(second.status, 200) << second.body;
  EXPECT_EQ(second.json()["choices"][0]["message"]["content"], "Hello again!");
  std::vector<Json> requests = llm_->requests();
  ASSERT_FALSE(requests.empty());
  EXPECT_EQ(requests.back()["body"]["messages"].size(), 4u) << requests.back().dump();  // system + 3
  // Streamed: chunks, then [DONE] (the chunks themselves: ServeStreamE2ETest.cpp).
  HttpReply streamed = post("/v1/chat/completions", R"({"model": "greeter", "stream": true, "messages": [{"role": "user", "content": "hi"}]})");
  EXPECT_EQ(streamed.header("content-type"), "text/event-stream");
  EXPECT_NE(streamed.body.find("\"content\":\"Hello!\""), std::string::npos) << streamed.body;
  EXPECT_NE(streamed.body.find("data: [DONE]\n\n"), std::string::npos);
  // OpenAI's errors.
  HttpReply unknown = post("/v1/chat/completions", R"({"model": "gpt-4o", "messages": [{"role": "user", "content": "hi"}]})");
  EXPECT_EQ(unknown.status, 404);
  EXPECT_EQ(unknown.json()["error"]["code"], "model_not_found");
  EXPECT_EQ(unknown.json()["error"]["param"], "model");
  HttpReply noMessages = post("/v1/chat/completions", R"({"model": "greeter", "messages": []})");
  EXPECT_EQ(noMessages.status, 400);
  EXPECT_EQ(noMessages.json()["error"]["type"], "invalid_request_error");
  EXPECT_EQ(post("/v1/chat/completions", R"({"messages": [{"role": "user", "content": "hi"}]})").status, 400);  // two tasks
  HttpReply missingVariable = post("/v1/chat/completions", R"({"model": "support", "messages": [{"role": "user", "content": "hi"}]})");
  EXPECT_EQ(missingVariable.status, 400) << missingVariable.body;
  EXPECT_EQ(missingVariable.json()["error"]["param"], "metadata.customer") << missingVariable.body;
  // Each turn is a run of the journal; POST /runs takes a task too.
  HttpReply run = post("/runs?wait=true&task=greeter", R"({"message": "hi"})");
  ASSERT_EQ(run.status, 200) << run.body;
  EXPECT_EQ(run.json()["output"], "Hello!");
  EXPECT_EQ(post("/runs", R"({"message": "hi"})").json()["error"]["field"], "task");
  EXPECT_EQ(httpGet(url("/runs")).json()["runs"].size(), 4u);
}

// Media in served chat turns (docs/serve.md "Chat packs"): the image_url parts of an OpenAI request
// go to the model, and POST /runs takes the input's "media"; a "file_path" is a 400 (a client
// must not read the server's files), and so are media the task does not take, before any run.
TEST_F(ServeE2ETest, ChatPacksTakeMediaButNoFilesOfTheServer) {
  std::string chat = e2eExeDir() + "/chat-media";
  ASSERT_TRUE(fs::exists(chat));
  bindings_ = dir_.write("media.yaml", "tools: {}\n");
  start({}, {}, chat);
  const std::string png = "iVBORw0KGgpjYXQgcGl4ZWxz";
  HttpReply reply = post("/v1/chat/completions", R"({"model": "describe", "messages": [{"role": "user", "content": [
      {"type": "text", "text": "What is this?"},
      {"type": "image_url", "image_url": {"url": "data:image/png;base64,)" + png + R"("}}]}]})");
  ASSERT_EQ(reply.status, 200) << reply.body;
  EXPECT_EQ(reply.json()["choices"][0]["message"]["content"], "A cat.");
  EXPECT_EQ(llm_->requests().back()["body"]["messages"][1]["content"][1]["image_url"],
            Json::parse(R"({"url": "data:image/png;base64,)" + png + R"(", "detail": "low"})"));
  HttpReply run = post("/runs?wait=true&task=describe",
                       R"({"message": "hi", "media": [{"data": ")" + png + R"(", "mime_type": "image/png"}]})");
  ASSERT_EQ(run.status, 200) << run.body;
  EXPECT_EQ(run.json()["output"], "A cat.");
  const size_t sent = llm_->requests().size();

  std::string secret = dir_.write("secret.png", "not for clients");
  HttpReply file = post("/runs?wait=true&task=describe", R"({"message": "hi", "media": [{"file_path": ")" + secret + R"("}]})");
  EXPECT_EQ(file.status, 400) << file.body;
  EXPECT_NE(file.body.find("a served run reads no files of the server's"), std::string::npos) << file.body;
  EXPECT_EQ(file.json()["error"]["field"], "media");
  HttpReply plain = post("/v1/chat/completions", R"({"model": "plain", "messages": [{"role": "user", "content": [
      {"type": "text", "text": "hi"}, {"type": "image_url", "image_url": {"url": "https://example.com/a.png"}}]}]})");
  EXPECT_EQ(plain.status, 400) << plain.body;
  EXPECT_NE(plain.body.find("task 'plain' takes no media"), std::string::npos) << plain.body;
  HttpReply fromAssistant = post("/v1/chat/completions", R"({"model": "describe", "messages": [{"role": "assistant", "content": [
      {"type": "image_url", "image_url": {"url": "https://example.com/a.png"}}]}, {"role": "user", "content": "hi"}]})");
  EXPECT_EQ(fromAssistant.status, 400) << fromAssistant.body;
  EXPECT_EQ(llm_->requests().size(), sent) << "refused before any run";
}

}  // namespace

namespace {

// The router and /openapi.json read one route table: every documented path answers a method it
// does not document with 405 and an Allow header naming exactly the documented ones (so no side
// effect is needed to check them), and a path the document does not list is 404 — for a workflow
// and for a chat pack, whose /v1/ paths exist only there.
TEST_F(ServeE2ETest, TheServerAnswersExactlyThePathsAndMethodsItsOpenApiDocumentLists) {
  auto checkAgainstDocument = [&](const std::string &pack) {
    Json openapi = httpGet(url("/openapi.json")).json();
    ASSERT_TRUE(openapi["paths"].is_object()) << openapi.dump();
    for (auto &[path, item] : openapi["paths"].items()) {
      std::set<std::string> documented;
      for (auto &[key, operation] : item.items()) {
        if (key == "parameters") continue;
        std::string method = key;
        for (char &c : method) c = char(std::toupper(static_cast<unsigned char>(c)));
        documented.insert(method);
      }
      std::string concrete = path;
      if (size_t at = concrete.find("{id}"); at != std::string::npos) concrete.replace(at, 4, "some-run");
      HttpReply r = httpCall({"PATCH", url(concrete), std::nullopt, {}});
      EXPECT_EQ(r.status, 405) << pack << " PATCH " << concrete << ": " << r.body;
      std::set<std::string> allowed;
      std::istringstream header(r.header("allow").value_or(""));
      for (std::string method; std::getline(header >> std::ws, method, ',');) allowed.insert(method);
      EXPECT_EQ(allowed, documented) << pack << " " << path << ": Allow: " << r.header("allow").value_or("");
    }
    EXPECT_EQ(httpGet(url("/runs/some-run/nowhere")).status, 404) << pack;
  };
  start();
  Json workflow = httpGet(url("/openapi.json")).json();
  EXPECT_TRUE(workflow["paths"].contains("/graph"));
  EXPECT_FALSE(workflow["paths"].contains("/v1/models"));
  EXPECT_EQ(httpGet(url("/v1/models")).status, 404);  // a chat pack's, not this one's
  checkAgainstDocument("serve-flow");
  server_.reset();
  bindings_ = dir_.write("chat.yaml", "tools:\n  kb.lookup: {mock: {result: 'x'}}\n  kb.delete: {mock: {result: 'x'}}\n");
  std::filesystem::remove(journal());
  start({}, {}, e2eExeDir() + "/chat-support");
  EXPECT_TRUE(httpGet(url("/openapi.json")).json()["paths"].contains("/v1/models"));
  checkAgainstDocument("chat-support");
}

// HEAD is answered on every path GET is, as GET would be but without the body. A path is matched
// exactly: a run id is never empty, nor cut short by a NUL ("%00"), so neither lists the runs.
TEST_F(ServeE2ETest, HeadAnswersLikeGetAndRunPathsAreMatchedExactly) {
  start();
  ASSERT_EQ(post("/runs?wait=true", R"({"topic": "x", "next": "done"})").status, 200);
  for (const std::string path : {"/", "/app.js", "/runs", "/healthz", "/openapi.json", "/metrics"}) {
    HttpReply get = httpGet(url(path)), head = httpCall({"HEAD", url(path), std::nullopt, {}});
    EXPECT_EQ(head.status, 200) << path << ": " << head.error;
    EXPECT_EQ(head.body, "") << path;
    EXPECT_EQ(head.header("content-type"), get.header("content-type")) << path;
    if (path != "/metrics") {  // its text changes with every response counted
      EXPECT_EQ(head.header("content-length"), std::to_string(get.body.size())) << path;
    }
  }
  EXPECT_EQ(httpCall({"HEAD", url("/runs/no-such-run"), std::nullopt, {}}).status, 404);
  EXPECT_EQ(httpCall({"HEAD", url("/v1/models"), std::nullopt, {}}).status, 404);

  for (const std::string path : {"/runs/%00", "/runs/%00/trace", "/runs/", "/runs//trace", "//runs", "/runs/%00x"}) {
    HttpReply r = httpGet(url(path));
    EXPECT_EQ(r.status, 404) << path << ": " << r.body;
    EXPECT_FALSE(Json::parse(r.body, nullptr, false).contains("runs")) << path << ": " << r.body;
  }
  EXPECT_EQ(httpDelete(url("/runs/%00")).status, 404);
}

// GET /openapi.json passes a real OpenAPI 3.1 validator (@readme/openapi-parser, tests/serve/):
// a workflow's with the token's security scheme, and a chat pack's with /v1/chat/completions.
TEST_F(ServeE2ETest, TheOpenApiDocumentIsValidOpenApi31) {
  std::string node = findInPath("node");
  if (node.empty() || !fs::exists(kServeNpm + "/node_modules/@readme/openapi-parser/package.json"))
    GTEST_SKIP() << "node or @readme/openapi-parser is not installed (tests/serve/: scripts/setup.sh runs npm ci there)";
  auto validate = [&](const std::string &document, const std::string &name) {
    std::string file = dir_.write(name, document);
    ProcessResult r = runProcess(node, {kServeNpm + "/validate-openapi.mjs", file}, 60);
    EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("valid OpenAPI 3.1.0"), std::string::npos) << r.out << r.err;
  };
  start({}, {{"WFC_SERVE_TOKEN", "t0ken"}});
  validate(httpGet(url("/openapi.json"), {"Authorization: Bearer t0ken"}).body, "workflow.json");
  server_.reset();
  bindings_ = dir_.write("chat.yaml", "tools:\n  kb.lookup: {mock: {result: 'x'}}\n  kb.delete: {mock: {result: 'x'}}\n");
  std::filesystem::remove(journal());
  start({}, {}, e2eExeDir() + "/chat-support");
  Json chat = httpGet(url("/openapi.json")).json();
  EXPECT_TRUE(chat["paths"].contains("/v1/chat/completions"));
  validate(chat.dump(), "chat.json");
}

}  // namespace

namespace {

// The web page in Debian's chromium, driven headless by puppeteer-core (tests/serve/drive-page.mjs).
TEST_F(ServeE2ETest, TheWebPageShowsRunsGraphAndALiveTimeline) {
  std::string node = findInPath("node"), chromium = findInPath("chromium");
  if (chromium.empty()) GTEST_SKIP() << "no chromium to drive (scripts/setup.sh installs Debian's)";
  if (node.empty() || !fs::exists(kServeNpm + "/node_modules/puppeteer-core/package.json"))
    GTEST_SKIP() << "node or puppeteer-core is not installed (tests/serve/: scripts/setup.sh runs npm ci there)";
  start();
  HttpReply done = post("/runs?wait=true", R"({"topic": "page", "next": "done"})");
  ASSERT_EQ(done.status, 200) << done.body;
  // 20 s: still running once chromium has started and the checks before it have run, on a
  // loaded 2-core machine too (3 s, then 10 s, were not always enough under the full suite). Its
  // draft streams a word every 2 s: the page shows them as they come.
  HttpReply running = post("/runs", R"({"topic": "live page", "next": "done"})");
  ASSERT_EQ(running.status, 201) << running.body;
  ProcessResult r = runProcess(node, {kServeNpm + "/drive-page.mjs", chromium, base_, running.json()["id"],
                                      done.json()["id"]}, 90);
  EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("\ndone\n"), std::string::npos) << r.out << r.err;
  EXPECT_EQ(r.out.find("not ok"), std::string::npos) << r.out;
}

}  // namespace

namespace {

// wfc trace view: one run of a --trace file as the same page, offline, in one HTML file.
TEST_F(ServeE2ETest, TraceViewDrawsARunOffline) {
  std::string trace = (dir_ / "run.jsonl").string(), html = (dir_ / "timeline.html").string();
  ProcessResult run = runProcess(exe_, {"--bindings", bindings_, "--llm-base-url", llm_->baseUrl(), "--model",
                                        "test-model", "--input-json", R"({"topic": "</script>", "next": "done"})",
                                        "--trace", trace});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  std::string runId = jsonLines(trace).front()["run_id"];
  std::string pack = std::string(WFC_SOURCE_DIR) + "/tests/e2e/packs/serve-flow.yaml";
  ProcessResult view = runProcess(WFC_BINARY, {"trace", "view", trace, "-o", html, "--pack", pack});
  ASSERT_EQ(view.exitCode, 0) << view.err;
  std::string page = readText(html);
  EXPECT_NE(page.find("window.WFC_OFFLINE = "), std::string::npos);
  EXPECT_NE(page.find(runId), std::string::npos);
  EXPECT_EQ(page.find("<script src="), std::string::npos) << "everything inline";
  // A closing tag inside the data does not end the script.
  std::string tricky = dir_.write("tricky.jsonl",
      R"({"event": "run_start", "ts_ms": 1, "trace_id": "t", "run_id": "r1", "span_id": "a", "workflow": "w"}
{"event": "step_start", "ts_ms": 1, "trace_id": "t", "step": "</script><b>x", "span_id": "b", "parent_span_id": "a"}
{"event": "step_end", "ts_ms": 2, "trace_id": "t", "step": "</script><b>x", "span_id": "b", "status": "ok"}
{"event": "run_end", "ts_ms": 3, "trace_id": "t", "run_id": "r1", "span_id": "a", "status": "succeeded"}
)");
  ProcessResult escaped = runProcess(WFC_BINARY, {"trace", "view", tricky});
  ASSERT_EQ(escaped.exitCode, 0) << escaped.err;
  EXPECT_NE(escaped.out.find("<\\/script><b>x"), std::string::npos);
  EXPECT_EQ(escaped.out.find("</script><b>x"), std::string::npos);
  // Errors: not a trace, several runs without --run, an unknown run.
  std::string bogus = dir_.write("bogus.jsonl", "{\"event\": \"run_start\"}\nnot json\n");
  ProcessResult bad = runProcess(WFC_BINARY, {"trace", "view", bogus});
  EXPECT_EQ(bad.exitCode, 1);
  EXPECT_NE(bad.err.find("bogus.jsonl:2: not a trace event"), std::string::npos) << bad.err;
  std::string two = dir_.write("two.jsonl", readText(trace) + readText(trace));
  EXPECT_EQ(runProcess(WFC_BINARY, {"trace", "view", two, "--run", "nobody"}).exitCode, 1);
  EXPECT_EQ(runProcess(WFC_BINARY, {"trace", "view"}).exitCode, 2);

  std::string node = findInPath("node"), chromium = findInPath("chromium");
  if (node.empty() || chromium.empty() || !fs::exists(kServeNpm + "/node_modules/puppeteer-core/package.json"))
    GTEST_SKIP() << "no chromium, node or puppeteer-core to open the page with (scripts/setup.sh installs them)";
  ProcessResult browser = runProcess(node, {kServeNpm + "/check-trace-view.mjs", chromium, html, runId}, 60);
  EXPECT_EQ(browser.exitCode, 0) << browser.out << browser.err;
  EXPECT_NE(browser.out.find("\ndone\n"), std::string::npos) << browser.out;
}

}  // namespace

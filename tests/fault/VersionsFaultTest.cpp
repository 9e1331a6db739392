// Versions (docs/journal.md "Versions"): a run suspended by one version of a pack resumes under a
// later version that changed only what the run has not reached, and is refused — naming each
// step — by one that changed a step it completed; `wfc compat` says the same before a deploy; a
// server started on the new executable lists the runs it cannot go on with as needs_program and
// refuses their events. Real executables of three versions (packs/versions-v*.yaml), a real
// journal, tool calls counted by the journal tool, the scripted LLM server.
#include "CurlClient.h"
#include "FaultSupport.h"
#include "LlmServerProcess.h"
#include "Process.h"
#include "ServeProcess.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace wfc::test {
namespace {

class VersionsTest : public ::testing::Test {
 protected:
  // Every prompt answered at once.
  VersionsTest() : llm_(Json::parse(R"({"replies": [{"reply": {"content": "please review"}}]})")) {}

  fs::path path(const std::string &name) const { return dir_ / name; }

  Outcome run(const std::string &exe, const std::vector<std::string> &args, double timeout = 30) {
    Child child(exe, args, {}, dir_ / ("io-" + std::to_string(++runs_)));
    return child.wait(timeout);
  }

  // The journal tool bound to `store` (its calls logged in calls.jsonl), `route` a mock that
  // sends the run to review.
  std::string bindings() {
    writeText(path("bindings.yaml"), "tools:\n  store: {exec: {argv: [sh, '" + std::string(WFC_JOURNAL_TOOL) +
                                         "', store, '" + dir_.string() + "']}}\n"
                                         "  route: {mock: {result: {event: review}}}\n");
    return path("bindings.yaml").string();
  }
  std::vector<Json> storeCalls() const {
    std::vector<Json> out;
    if (fs::exists(path("calls.jsonl")))
      for (const Json &c : jsonLines(path("calls.jsonl"))) out.push_back(c);
    return out;
  }
  std::vector<std::string> common() {
    return {"--journal", path("j.db").string(), "--bindings", bindings(), "--llm-base-url", llm_.baseUrl(),
            "--model", "test-model", "--quiet"};
  }
  // A run of v1 suspended at `review`: its id.
  std::string suspendUnderV1() {
    std::vector<std::string> args = common();
    args.insert(args.end(), {"--input-json", R"({"request": "r1"})"});
    Outcome first = run(WFC_FAULT_VERSIONS_V1, args);
    EXPECT_EQ(first.exitCode, 4) << first.describe();
    Outcome runs = run(WFC_FAULT_VERSIONS_V1, {"--journal", path("j.db").string(), "--runs"});
    EXPECT_EQ(runs.exitCode, 0) << runs.describe();
    return Json::parse(runs.out.substr(0, runs.out.find('\n')))["id"].get<std::string>();
  }
  ProcessResult compat(const std::string &next, std::vector<std::string> more = {}) {
    std::vector<std::string> args = {"compat", std::string(WFC_SOURCE_DIR) + "/tests/fault/packs/versions-v1.yaml",
                                     std::string(WFC_SOURCE_DIR) + "/tests/fault/packs/" + next};
    args.insert(args.end(), more.begin(), more.end());
    return runProcess(WFC_BINARY, args, 30.0);
  }

  TempDir tmp_;
  fs::path dir_ = tmp_.path();
  int runs_ = 0;
  LlmServerProcess llm_;
};

TEST_F(VersionsTest, ASuspendedRunResumesUnderAVersionThatChangedOnlyWhatItHasNotReached) {
  std::string id = suspendUnderV1();
  ASSERT_EQ(storeCalls().size(), 1u);

  // wfc compat: v2 changed publish only; the run resumes under it.
  ProcessResult c = compat("versions-v2.yaml", {"--journal", path("j.db").string()});
  EXPECT_EQ(c.exitCode, 0) << c.describe();
  EXPECT_TRUE(contains(c.out, "changed  'publish:release'")) << c.out;
  EXPECT_TRUE(contains(c.out, "added    'publish:announce'")) << c.out;
  EXPECT_TRUE(contains(c.out, id + "  suspended  resumes under")) << c.out;
  c = compat("versions-v2.yaml", {"--journal", path("j.db").string(), "--format=json"});
  ASSERT_EQ(c.exitCode, 0) << c.describe();
  Json report = Json::parse(c.out);
  ASSERT_EQ(report["runs"].size(), 1u) << report.dump(2);
  EXPECT_EQ(report["runs"][0]["verdict"], "resumes");

  std::vector<std::string> args = common();
  args.insert(args.end(), {"--resume", id, "--event", "approve"});
  Outcome resumed = run(WFC_FAULT_VERSIONS_V2, args);
  ASSERT_EQ(resumed.exitCode, 0) << resumed.describe();
  // intake's record is not repeated; v2's release and announce ran.
  std::vector<Json> calls = storeCalls();
  ASSERT_EQ(calls.size(), 3u);
  EXPECT_EQ(calls[0]["args"]["stage"], "intake");
  EXPECT_EQ(calls[1]["args"]["stage"], "publish");
  EXPECT_EQ(calls[1]["args"]["version"], 2);
  EXPECT_EQ(calls[2]["args"]["stage"], "announce");

  // The run is v2's now: v1 no longer resumes it (it finished), and compat calls it finished.
  c = compat("versions-v3.yaml", {"--journal", path("j.db").string()});
  EXPECT_EQ(c.exitCode, 0) << c.describe();
  EXPECT_TRUE(contains(c.out, id + "  succeeded  finished")) << c.out;
}

TEST_F(VersionsTest, AVersionThatChangedAStepTheRunCompletedRefusesItNamingTheStep) {
  std::string id = suspendUnderV1();
  ProcessResult c = compat("versions-v3.yaml", {"--journal", path("j.db").string()});
  EXPECT_EQ(c.exitCode, 1) << c.describe();
  EXPECT_TRUE(contains(c.out, id + "  suspended  needs ")) << c.out;
  EXPECT_TRUE(contains(c.out, "'intake:record' (")) << c.out;

  std::vector<std::string> args = common();
  args.insert(args.end(), {"--resume", id, "--event", "approve"});
  Outcome refused = run(WFC_FAULT_VERSIONS_V3, args);
  EXPECT_EQ(refused.exitCode, 2) << refused.describe();
  EXPECT_TRUE(contains(refused.err, "run '" + id + "' of journal '" + path("j.db").string() +
                                        "' was written by a different program: its pack version is 1.0.0, this "
                                        "executable's 3.0.0"))
      << refused.err;
  EXPECT_TRUE(contains(refused.err, "'intake:record' (")) << refused.err;
  EXPECT_TRUE(contains(refused.err, "versions-v3.yaml:")) << refused.err;
  EXPECT_TRUE(contains(refused.err, "its definition changed")) << refused.err;
  EXPECT_EQ(storeCalls().size(), 1u) << "a refused resume ran something";

  // Its own program still resumes it.
  Outcome resumed = run(WFC_FAULT_VERSIONS_V1, args);
  EXPECT_EQ(resumed.exitCode, 0) << resumed.describe();
  EXPECT_EQ(storeCalls().size(), 2u);
}

TEST_F(VersionsTest, AServerOnANewVersionListsTheRunsItCannotGoOnWithAsNeedsProgram) {
  std::string id = suspendUnderV1();
  std::vector<std::string> serve = {"--serve", "127.0.0.1:0"};
  for (const std::string &a : common())
    if (a != "--quiet") serve.push_back(a);
  {
    ServeProcess v3(WFC_FAULT_VERSIONS_V3, serve, path("serve-v3.err").string());
    std::optional<std::string> base = v3.waitReady();
    ASSERT_TRUE(base) << v3.stderrText();
    HttpReply got = httpGet(*base + "/runs/" + id);
    ASSERT_EQ(got.status, 200) << got.body;
    Json run = Json::parse(got.body);
    EXPECT_EQ(run["status"], "needs_program") << run.dump(2);
    EXPECT_EQ(run["needs_program"].get<std::string>().size(), 64u) << run.dump(2);
    EXPECT_TRUE(contains(run["error"].get<std::string>(), "'intake:record'")) << run.dump(2);
    HttpReply event = httpPostJson(*base + "/runs/" + id + "/events?wait=true", R"({"event": "approve"})");
    EXPECT_EQ(event.status, 409) << event.body;
    EXPECT_TRUE(contains(event.body, "needs_program")) << event.body;
    EXPECT_EQ(storeCalls().size(), 1u);
  }
  ServeProcess v2(WFC_FAULT_VERSIONS_V2, serve, path("serve-v2.err").string());
  std::optional<std::string> base = v2.waitReady();
  ASSERT_TRUE(base) << v2.stderrText();
  HttpReply got = httpGet(*base + "/runs/" + id);
  ASSERT_EQ(got.status, 200) << got.body;
  EXPECT_EQ(Json::parse(got.body)["status"], "suspended") << got.body;
  HttpReply event = httpPostJson(*base + "/runs/" + id + "/events?wait=true", R"({"event": "approve"})");
  EXPECT_EQ(event.status, 200) << event.body;
  EXPECT_EQ(Json::parse(event.body)["status"], "succeeded") << event.body;
  EXPECT_EQ(storeCalls().size(), 3u);
}

}  // namespace
}  // namespace wfc::test

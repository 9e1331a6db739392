// Tool compositions end to end (docs/tool-composition.md): packs/toolcomp-*.{json,yaml} compiled
// at -O1 (exe/) and -O0 (exe-O0/), run with bindings that give every tool to
// tools/toolcomp-tool.sh, which logs each call (tool, idempotency key, arguments, times) and
// fails or sleeps as the test asks. Each strategy with its exact tool-call log, rollback order, a
// failing rollback, timeouts, retries with their backoff, the result object, the dry run and the
// parallel plan of a diamond.
#include "ExeDir.h"
#include "Process.h"
#include "TestFiles.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>

namespace wfc::test {
namespace {

using Json = nlohmann::json;

const std::string kTool = std::string(WFC_SOURCE_DIR) + "/tests/e2e/tools/toolcomp-tool.sh";

bool minusO0() { return e2eExeDir().find("exe-O0") != std::string::npos; }

class ToolCompositionE2ETest : public ::testing::Test {
 protected:
  // Bindings giving each of `tools` to the logging tool, with its log in the test's directory.
  std::string bind(const std::vector<std::string> &tools) {
    std::string yaml = "tools:\n";
    for (const std::string &t : tools)
      yaml += "  " + t + ": {exec: {argv: [sh, '" + kTool + "', " + t + ", '" + dir_.str() + "']}}\n";
    return dir_.write("bindings.yaml", yaml);
  }
  // The tool `tool` fails its first `times` calls / sleeps `seconds` on each.
  void failFirst(const std::string &tool, int times) { dir_.write(tool + ".fail", std::to_string(times) + "\n"); }
  void sleepEach(const std::string &tool, const std::string &seconds) { dir_.write(tool + ".sleep", seconds + "\n"); }

  ProcessResult run(const std::string &pack, const std::vector<std::string> &tools, const Json &input,
                    std::vector<std::string> extra = {}) {
    std::vector<std::string> args = {"--bindings", bind(tools), "--input-json", input.dump()};
    args.insert(args.end(), extra.begin(), extra.end());
    return runProcess(e2eExeDir() + "/" + pack, args, 60);
  }
  std::vector<Json> calls() const {
    if (!std::filesystem::exists(dir_ / "calls.jsonl")) return {};
    return jsonLines(dir_ / "calls.jsonl");
  }
  std::vector<std::string> calledTools() const {
    std::vector<std::string> out;
    for (const Json &c : calls()) out.push_back(c["tool"]);
    return out;
  }
  static Json output(const ProcessResult &r) {
    EXPECT_FALSE(r.out.empty()) << r.describe() << "\n" << r.err;
    return Json::parse(r.out);
  }
  static std::vector<std::string> errorSteps(const Json &result) {
    std::vector<std::string> out;
    for (const Json &e : result["errors"]) out.push_back(e["step"]);
    return out;
  }

  TempDir dir_;
};

const std::vector<std::string> kGraphTools = {"step_a", "step_b", "step_c", "step_d", "step_e"};
const Json kGraphInput = {{"query", "q1"}, {"context", {{"user_id", "u7"}}}};

TEST_F(ToolCompositionE2ETest, SuccessGivesTheWholeResultObject) {
  ProcessResult r = run("toolcomp-fail-fast", kGraphTools, kGraphInput);
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  Json out = output(r);
  // The shape, in this order: success, results, errors, duration, steps_executed, rolled_back.
  nlohmann::ordered_json ordered = nlohmann::ordered_json::parse(r.out);
  std::vector<std::string> keys;
  for (auto it = ordered.begin(); it != ordered.end(); ++it) keys.push_back(it.key());
  EXPECT_EQ(keys, (std::vector<std::string>{"success", "results", "errors", "duration", "steps_executed", "rolled_back"}));
  EXPECT_EQ(out["success"], true);
  EXPECT_EQ(out["steps_executed"], 5);
  EXPECT_EQ(out["errors"], Json::array());
  EXPECT_EQ(out["rolled_back"], Json::array());
  EXPECT_TRUE(out["duration"].is_number());
  EXPECT_GE(out["duration"].get<double>(), 0);
  // Results are keyed by output_key, else by step id; interpolation passed the input, the
  // context and earlier results through.
  ASSERT_TRUE(out["results"].contains("first")) << out.dump();
  EXPECT_FALSE(out["results"].contains("a"));
  EXPECT_EQ(out["results"]["first"]["args"], (Json{{"q", "q1"}}));
  EXPECT_EQ(out["results"]["b"]["args"], (Json{{"from", "q1"}}));
  EXPECT_EQ(out["results"]["c"]["args"], (Json{{"user", "u7"}}));
  EXPECT_EQ(out["results"]["d"]["args"], (Json{{"b", 1}}));
  EXPECT_EQ(out["results"]["e"]["args"], (Json{{"c", 1}}));
  // Every tool called once, with the run/step/attempt idempotency key.
  ASSERT_EQ(calls().size(), 5u);
  for (const Json &c : calls()) {
    EXPECT_FALSE(c["failed"].get<bool>());
    std::string key = c["key"];
    EXPECT_NE(key.find("/" + std::string(c["tool"]).substr(5) + "/1"), std::string::npos) << key;
  }
}

TEST_F(ToolCompositionE2ETest, FailFastStopsAtTheFirstFailureAndStillPrintsTheResult) {
  failFirst("step_b", 1);
  ProcessResult r = run("toolcomp-fail-fast", kGraphTools, kGraphInput);
  ASSERT_EQ(r.exitCode, 1) << r.describe() << "\n" << r.err;
  Json out = output(r);
  EXPECT_EQ(out["success"], false);
  EXPECT_EQ(errorSteps(out), (std::vector<std::string>{"b"}));
  EXPECT_NE(out["errors"][0]["message"].get<std::string>().find("step_b failed on call 1"), std::string::npos)
      << out.dump();
  // -O0 order is a, b, c, d, e: the failure of b stops everything after it, at both levels.
  EXPECT_EQ(calledTools(), (std::vector<std::string>{"step_a", "step_b"}));
  EXPECT_EQ(out["results"], (Json{{"first", {{"tool", "step_a"}, {"n", 1}, {"args", {{"q", "q1"}}}}}}));
  EXPECT_EQ(out["steps_executed"], 2);
  EXPECT_NE(r.err.find("step 'b' failed"), std::string::npos) << r.err;
}

TEST_F(ToolCompositionE2ETest, PartialSuccessRunsWhatDoesNotNeedTheFailedStep) {
  failFirst("step_b", 1);
  ProcessResult r = run("toolcomp-partial", kGraphTools, kGraphInput);
  ASSERT_EQ(r.exitCode, 1) << r.describe() << "\n" << r.err;
  Json out = output(r);
  EXPECT_EQ(out["success"], false);
  // c and e do not need b: they run; d needs b: it does not, and says why.
  EXPECT_EQ(calledTools(), (std::vector<std::string>{"step_a", "step_b", "step_c", "step_e"}));
  EXPECT_TRUE(out["results"].contains("first"));
  EXPECT_TRUE(out["results"].contains("c"));
  EXPECT_TRUE(out["results"].contains("e"));
  EXPECT_FALSE(out["results"].contains("d"));
  EXPECT_EQ(errorSteps(out), (std::vector<std::string>{"b", "d"}));
  EXPECT_EQ(out["errors"][1]["message"], "not run: it needs step 'b', which failed");
  EXPECT_EQ(out["steps_executed"], 4);
}

TEST_F(ToolCompositionE2ETest, RollbackUndoesCompletedStepsLatestFirst) {
  const std::vector<std::string> tools = {"make", "unmake", "attach", "detach", "note", "publish", "unpublish"};
  failFirst("publish", 1);
  ProcessResult r = run("toolcomp-rollback", tools, {{"name", "widget"}});
  ASSERT_EQ(r.exitCode, 1) << r.describe() << "\n" << r.err;
  Json out = output(r);
  // publish failed: link then create are undone (plain has no rollback; publish never completed).
  EXPECT_EQ(calledTools(), (std::vector<std::string>{"make", "attach", "note", "publish", "detach", "unmake"}));
  EXPECT_EQ(out["rolled_back"], (Json{"link", "create"}));
  EXPECT_EQ(errorSteps(out), (std::vector<std::string>{"publish"}));
  std::vector<Json> log = calls();
  // {{self…}} is the step's own result; other interpolations work as in steps.
  EXPECT_EQ(log[4]["args"], (Json{{"from", "widget"}, {"link", 1}}));
  EXPECT_EQ(log[5]["args"], (Json{{"undo", "widget"}, {"n", 1}}));
  // A rollback's idempotency key is its own, apart from its step's.
  EXPECT_NE(log[5]["key"].get<std::string>().find("/create.rollback/1"), std::string::npos) << log[5].dump();
  EXPECT_EQ(out["results"].size(), 3u);  // what completed is still reported
}

TEST_F(ToolCompositionE2ETest, AFailingRollbackIsReportedBesideTheOriginalError) {
  const std::vector<std::string> tools = {"make", "unmake", "attach", "detach", "note", "publish", "unpublish"};
  failFirst("publish", 1);
  failFirst("detach", 1);
  ProcessResult r = run("toolcomp-rollback", tools, {{"name", "widget"}});
  ASSERT_EQ(r.exitCode, 1) << r.describe() << "\n" << r.err;
  Json out = output(r);
  // The failed rollback does not stop the others, and the run fails for publish's failure.
  EXPECT_EQ(calledTools(), (std::vector<std::string>{"make", "attach", "note", "publish", "detach", "unmake"}));
  EXPECT_EQ(out["rolled_back"], (Json{"create"}));
  EXPECT_EQ(errorSteps(out), (std::vector<std::string>{"publish", "link"}));
  EXPECT_EQ(out["errors"][1]["message"].get<std::string>().rfind("rollback failed: ", 0), 0u) << out.dump();
  EXPECT_NE(r.err.find("step 'publish' failed"), std::string::npos) << r.err;
}

TEST_F(ToolCompositionE2ETest, NothingIsRolledBackWhenEverythingSucceeds) {
  const std::vector<std::string> tools = {"make", "unmake", "attach", "detach", "note", "publish", "unpublish"};
  ProcessResult r = run("toolcomp-rollback", tools, {{"name", "widget"}});
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  EXPECT_EQ(calledTools(), (std::vector<std::string>{"make", "attach", "note", "publish"}));
  EXPECT_EQ(output(r)["rolled_back"], Json::array());
}

TEST_F(ToolCompositionE2ETest, RetriesBackOffExponentially) {
  failFirst("flaky", 2);
  ProcessResult r = run("toolcomp-retry", {"flaky", "once", "slow"}, Json::object());
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  std::vector<Json> log = calls();
  ASSERT_EQ(log.size(), 5u);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(log[i]["tool"], "flaky");
  // Each attempt its own key; the delays double from 100 ms (jittered to 50–150 %).
  EXPECT_NE(log[0]["key"], log[1]["key"]);
  double first = (log[1]["start_ns"].get<double>() - log[0]["end_ns"].get<double>()) / 1e6;
  double second = (log[2]["start_ns"].get<double>() - log[1]["end_ns"].get<double>()) / 1e6;
  EXPECT_GE(first, 50) << "ms before the 2nd attempt";
  EXPECT_GE(second, 100) << "ms before the 3rd attempt";
  EXPECT_EQ(output(r)["results"]["once"]["args"], (Json{{"y", 3}}));
}

TEST_F(ToolCompositionE2ETest, RetriesRunOutAndRetryCountZeroOptsOut) {
  failFirst("flaky", 5);
  ProcessResult r = run("toolcomp-retry", {"flaky", "once", "slow"}, Json::object());
  ASSERT_EQ(r.exitCode, 1) << r.describe() << "\n" << r.err;
  EXPECT_EQ(calledTools(), (std::vector<std::string>{"flaky", "flaky", "flaky"}));  // 1 + max_retries 2
  Json out = output(r);
  EXPECT_EQ(out["errors"][0]["message"].get<std::string>().rfind("failed after 3 attempts: ", 0), 0u) << out.dump();

  std::filesystem::remove(dir_ / "calls.jsonl");
  std::filesystem::remove(dir_ / "flaky.fail");
  failFirst("once", 1);
  r = run("toolcomp-retry", {"flaky", "once", "slow"}, Json::object());
  ASSERT_EQ(r.exitCode, 1) << r.describe() << "\n" << r.err;
  EXPECT_EQ(calledTools(), (std::vector<std::string>{"flaky", "once"}));  // retry_count 0: one attempt
}

TEST_F(ToolCompositionE2ETest, ATimeoutIsExitThreeWithTheResult) {
  sleepEach("slow", "5");
  ProcessResult r = run("toolcomp-retry", {"flaky", "once", "slow"}, Json::object());
  ASSERT_EQ(r.exitCode, 3) << r.describe() << "\n" << r.err;
  // timeout_ms 300 per attempt, three attempts with backoff: well under the tool's 5 s.
  EXPECT_LT(r.seconds, 4.0);
  Json out = output(r);
  EXPECT_EQ(errorSteps(out), (std::vector<std::string>{"slow"}));
  EXPECT_NE(out["errors"][0]["message"].get<std::string>().find("timed out after 300 ms"), std::string::npos)
      << out.dump();
  EXPECT_EQ(out["results"].size(), 2u);
}

TEST_F(ToolCompositionE2ETest, IndependentStepsRunAtOnce) {
  const std::vector<std::string> tools = {"fetch_a", "fetch_b", "fetch_c", "fetch_d"};
  for (const std::string &t : tools) sleepEach(t, "0.4");
  ProcessResult r = run("toolcomp-diamond", tools, {{"topic", "x"}});
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  std::vector<Json> log = calls();
  ASSERT_EQ(log.size(), 4u);
  std::map<std::string, Json> by;
  for (const Json &c : log) by[c["tool"]] = c;
  bool overlap = by["fetch_b"]["start_ns"].get<double>() < by["fetch_c"]["end_ns"].get<double>() &&
                 by["fetch_c"]["start_ns"].get<double>() < by["fetch_b"]["end_ns"].get<double>();
  double ms = output(r)["duration"];
  if (minusO0()) {
    EXPECT_FALSE(overlap) << "-O0 runs one step at a time";
    EXPECT_GE(ms, 1600);
  } else {
    // The longest path is three tools of 400 ms: the diamond's four take about 1.2 s, not 1.6.
    EXPECT_TRUE(overlap) << "b and c should run at once";
    EXPECT_LT(ms, 1550);
  }
  // d waited for both.
  EXPECT_GE(by["fetch_d"]["start_ns"].get<double>(), by["fetch_b"]["end_ns"].get<double>());
  EXPECT_GE(by["fetch_d"]["start_ns"].get<double>(), by["fetch_c"]["end_ns"].get<double>());
  EXPECT_EQ(by["fetch_d"]["args"]["note"], "b=1 c=1");

  // --max-concurrency 1: one at a time again.
  std::filesystem::remove(dir_ / "calls.jsonl");
  r = run("toolcomp-diamond", tools, {{"topic", "x"}}, {"--max-concurrency", "1"});
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  EXPECT_GE(output(r)["duration"].get<double>(), 1600);
}

// ExecutionOptions.timeout is --timeout: the whole run stops, exit 3, no result object.
TEST_F(ToolCompositionE2ETest, TheRunsTimeoutStopsEverything) {
  const std::vector<std::string> tools = {"fetch_a", "fetch_b", "fetch_c", "fetch_d"};
  sleepEach("fetch_b", "5");
  ProcessResult r = run("toolcomp-diamond", tools, {{"topic", "x"}}, {"--timeout", "700ms"});
  EXPECT_EQ(r.exitCode, 3) << r.describe() << "\n" << r.err;
  EXPECT_LT(r.seconds, 4.0);
  EXPECT_TRUE(r.out.empty()) << r.out;
  EXPECT_NE(r.err.find("the run's --timeout (700 ms) ran out"), std::string::npos) << r.err;
}

TEST_F(ToolCompositionE2ETest, DryRunPrintsThePlanAndCallsNothing) {
  const std::vector<std::string> tools = {"fetch_a", "fetch_b", "fetch_c", "fetch_d"};
  ProcessResult r = run("toolcomp-diamond", tools, {{"topic", "x"}}, {"--dry-run"});
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  EXPECT_TRUE(calls().empty());
  Json plan = output(r)["compositions"][0];
  EXPECT_EQ(plan["failure_strategy"], "fail_fast");
  EXPECT_EQ(plan["rolls_back"], false);
  EXPECT_EQ(plan["steps"][0]["binding"], "exec: sh " + kTool + " fetch_a " + dir_.str());
  if (minusO0()) EXPECT_EQ(plan["waves"], (Json{{"a"}, {"b"}, {"c"}, {"d"}}));
  else EXPECT_EQ(plan["waves"], (Json{{"a"}, {"b", "c"}, {"d"}}));

  r = run("toolcomp-rollback", {"make", "unmake", "attach", "detach", "note", "publish", "unpublish"},
          {{"name", "w"}}, {"--dry-run"});
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  plan = output(r)["compositions"][0];
  EXPECT_EQ(plan["failure_strategy"], "rollback");
  EXPECT_EQ(plan["rolls_back"], true);
  EXPECT_EQ(plan["steps"][0]["result_key"], "made");
  EXPECT_EQ(plan["steps"][0]["rollback"]["tool"], "unmake");
  EXPECT_FALSE(plan["steps"][2].contains("rollback"));
}

TEST_F(ToolCompositionE2ETest, AMissingInputFieldIsExitTwoBeforeAnyToolRuns) {
  ProcessResult r = run("toolcomp-fail-fast", kGraphTools, {{"query", "q"}});
  ASSERT_EQ(r.exitCode, 2) << r.describe() << "\n" << r.err;
  EXPECT_TRUE(r.out.empty());
  EXPECT_NE(r.err.find("context"), std::string::npos) << r.err;
  EXPECT_TRUE(calls().empty());
}

// With --journal, a failed composition resumes where it stopped: completed steps are not run
// again, the failed one is retried (new idempotency key) and what it blocked runs.
TEST_F(ToolCompositionE2ETest, AFailedRunResumesFromTheJournal) {
  failFirst("step_b", 1);
  std::string journal = (dir_ / "runs.db").string();
  ProcessResult r = run("toolcomp-partial", kGraphTools, kGraphInput, {"--journal", journal});
  ASSERT_EQ(r.exitCode, 1) << r.describe() << "\n" << r.err;
  ProcessResult runs = runProcess(e2eExeDir() + "/toolcomp-partial", {"--journal", journal, "--runs"});
  std::string id = Json::parse(splitLines(runs.out).at(0))["id"];
  r = runProcess(e2eExeDir() + "/toolcomp-partial", {"--bindings", bind(kGraphTools), "--journal", journal, "--resume", id});
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  EXPECT_EQ(output(r)["success"], true);
  EXPECT_EQ(calledTools(), (std::vector<std::string>{"step_a", "step_b", "step_c", "step_e", "step_b", "step_d"}));
  std::vector<Json> log = calls();
  EXPECT_EQ(log[4]["key"], id + "/b/2");
}

// A run that rolled back has undone what its journal says it did: it is not resumed.
TEST_F(ToolCompositionE2ETest, ARolledBackRunIsNotResumed) {
  const std::vector<std::string> tools = {"make", "unmake", "attach", "detach", "note", "publish", "unpublish"};
  failFirst("publish", 1);
  std::string journal = (dir_ / "runs.db").string();
  ProcessResult r = run("toolcomp-rollback", tools, {{"name", "w"}}, {"--journal", journal});
  ASSERT_EQ(r.exitCode, 1) << r.describe() << "\n" << r.err;
  ProcessResult runs = runProcess(e2eExeDir() + "/toolcomp-rollback", {"--journal", journal, "--runs"});
  std::string id = Json::parse(splitLines(runs.out).at(0))["id"];
  size_t before = calls().size();
  r = runProcess(e2eExeDir() + "/toolcomp-rollback", {"--bindings", bind(tools), "--journal", journal, "--resume", id});
  EXPECT_EQ(r.exitCode, 2) << r.describe() << "\n" << r.err;
  EXPECT_NE(r.err.find("rolled back its completed steps"), std::string::npos) << r.err;
  EXPECT_EQ(calls().size(), before);
}

}  // namespace
}  // namespace wfc::test

// End to end through compiled executables (docs/semantics.md, docs/executable.md): each pack under packs/ is compiled
// with `wfc compile --allow-unbound` at build time (tests/e2e/CMakeLists.txt), then run as a
// black box with the bindings each test needs (real processes for exec tools), checking
// stdout, stderr, exit codes, traces and reports.
#include "ExeDir.h"
#include "Process.h"
#include "TestFiles.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

namespace wfc::test {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

class E2ETest : public ::testing::Test {
 protected:
  static fs::path dir_;
  static std::map<std::string, std::string> exes_;

  static void SetUpTestSuite() {
    std::string pattern = (fs::temp_directory_path() / "wfc-e2e-XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
    for (const char *name : {"branches", "refs", "parallel", "subflow", "resilience", "on-error", "workflow-budget",
                             "optimizer", "optimizer-foreach", "tool-arguments", "refs-paths"}) {
      exes_[name] = e2eExeDir() + "/" + name;
      ASSERT_TRUE(fs::exists(exes_[name])) << exes_[name] << " was not built";
    }
  }
  static void TearDownTestSuite() {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }

  // Writes a bindings file for this test and returns its path.
  std::string bindings(const std::string &name, const std::string &yaml) {
    fs::path p = dir_ / (name + ".yaml");
    writeText(p, yaml);
    return p.string();
  }
  ProcessResult run(const std::string &pack, std::vector<std::string> args, double timeout = 20) {
    return runProcess(exes_.at(pack), args, timeout);
  }
  static Json json(const std::string &text) { return Json::parse(text); }

  // Tools as real processes: `cat` echoes the arguments back.
  static constexpr const char *kEcho = "{exec: {argv: [cat]}}";
};

fs::path E2ETest::dir_;
std::map<std::string, std::string> E2ETest::exes_;

// ---- branches, skips, references, default output

TEST_F(E2ETest, BranchWithElseRunsThenAndSkipsElse) {
  std::string b = bindings("branch-echo", std::string("tools:\n  echo: ") + kEcho + "\n");
  std::string report = (dir_ / "branch-report.json").string();
  ProcessResult r = run("branches", {"--bindings", b, "--report", report, "--input-json",
                                     R"({"n": 20, "mode": "x", "obj": {"k": [1, 2]}})"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  // The output is the last top-level step's: whole values unchanged, interpolations as text.
  EXPECT_EQ(json(r.out), json(R"({"whole": {"k": [1, 2]}, "n": 20,
                                   "text": "n=20 obj={\"k\":[1,2]} mode=x", "literal": "${not.a.reference}"})"));
  Json rep = json(readText(report));
  std::map<std::string, std::string> status;
  for (const Json &s : rep["steps"]) status[s["step"]] = s["status"];
  EXPECT_EQ(status["big"], "ok");
  EXPECT_EQ(status["small"], "skipped");
  EXPECT_EQ(status["after"], "ok") << "a step after a skipped target still runs";
  EXPECT_EQ(status["only_x"], "ok");
  EXPECT_EQ(rep["status"], "succeeded");
}

TEST_F(E2ETest, BranchElseArmAndBranchWithoutElse) {
  std::string b = bindings("branch-echo2", std::string("tools:\n  echo: ") + kEcho + "\n");
  std::string trace = (dir_ / "branch-trace.jsonl").string();
  ProcessResult r = run("branches", {"--bindings", b, "--trace", trace, "--input-json",
                                     R"({"n": 5, "mode": "y", "obj": {}})"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  std::map<std::string, Json> ends;
  std::vector<std::string> skipped;
  std::istringstream lines(readText(trace));
  for (std::string line; std::getline(lines, line);) {
    Json e = json(line);
    if (e["event"] == "step_end") ends[e["step"]] = e;
    if (e["event"] == "step_skip") skipped.push_back(e["step"]);
  }
  EXPECT_EQ(ends["check"]["taken"], "else");
  EXPECT_TRUE(ends["gate"]["taken"].is_null()) << "false with no else: taken is null";
  std::sort(skipped.begin(), skipped.end());  // trace lines may come in any order at -O1 (docs/semantics.md)
  EXPECT_EQ(skipped, (std::vector<std::string>{"big", "only_x"}));
  EXPECT_TRUE(ends.count("small") && ends.count("after") && ends.count("last"));
}

TEST_F(E2ETest, ReferenceToASkippedStepIsExitOne) {
  std::string b = bindings("refs-echo", std::string("tools:\n  echo: ") + kEcho + "\n");
  ProcessResult ok = run("refs", {"--bindings", b, "--input-json", R"({"go": true, "probe": false})"});
  EXPECT_EQ(ok.exitCode, 0) << ok.err;
  EXPECT_EQ(json(ok.out), json(R"({"v": 1})"));
  ProcessResult r = run("refs", {"--bindings", b, "--input-json", R"({"go": false, "probe": false})"});
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_EQ(r.out, "") << "stdout is empty on failure";
  EXPECT_NE(r.err.find("step 'use' failed: reference ${maybe.output.a} names step 'maybe', which was skipped"),
            std::string::npos)
      << r.err;
}

TEST_F(E2ETest, MissingPathInAReferenceIsExitOneNamingIt) {
  std::string b = bindings("refs-echo2", std::string("tools:\n  echo: ") + kEcho + "\n");
  ProcessResult r = run("refs", {"--bindings", b, "--input-json", R"({"go": true, "probe": true})"});
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find("reference ${use.output.v.missing} cannot be resolved"), std::string::npos) << r.err;
}

// Tool steps given as data (docs/codegen.md "Tool steps as data"): the runtime builds their
// arguments as step functions would — constants of every type, references whole and down paths
// of keys and indices, members in the order written.
TEST_F(E2ETest, ToolStepsGivenAsDataBuildTheirArguments) {
  std::string b = bindings("refs-paths-echo", std::string("tools:\n  echo: ") + kEcho + "\n");
  const std::string input = R"({"items": ["a", "b"], "nested": {"a": [{"b": {"c": 1}}]}})";
  ProcessResult r = run("refs-paths", {"--bindings", b, "--input-json", input});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.out, R"({"second":"b","deep":{"c":1},"meta":{"kind":"list","n":2},"kind":"list","flag":true,)"
                   R"("ratio":0.5,"big":12345678901234,"none":null,"list":[1,"two",{"three":3}],)"
                   R"("whole":{"items":["a","b"],"nested":{"a":[{"b":{"c":1}}]}}})"
                   "\n");
}

TEST_F(E2ETest, ToolStepGivenAsDataNamesTheIndexAValueLacks) {
  std::string b = bindings("refs-paths-echo2", std::string("tools:\n  echo: ") + kEcho + "\n");
  ProcessResult r = run("refs-paths", {"--bindings", b, "--input-json", R"({"items": ["a"], "nested": {"a": [{"b": 1}]}})"});
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("step 'pick' failed: reference ${make.output.items[1]} cannot be resolved: there is no index 1 "
                       "in .items, which is [\"a\"]"),
            std::string::npos)
      << r.err;
}

// ---- parallel blocks

std::string parallelBindings(const std::string &rightTool) {
  return std::string("tools:\n") + "  echo: {exec: {argv: [cat]}}\n  left: {exec: {argv: [cat]}}\n  right: " +
         rightTool + "\n  pair: {mock: {result: [1, 2]}}\n  slow: {exec: {argv: [sh, -c, 'sleep 0.5; cat']}}\n"
         "  collect: {exec: {argv: [cat]}}\n";
}

TEST_F(E2ETest, ReducersFollowDeclarationOrderAndBranchesRunConcurrently) {
  std::string b = bindings("par", parallelBindings("{exec: {argv: [cat]}}"));
  ProcessResult r = run("parallel", {"--bindings", b});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(json(r.out), json(R"({"barrier": {"both": {"a1": {"v": 1}, "a2": {"v": 2}}},
                                   "append": {"items": [1, 2, {"v": 3}]},
                                   "replace": {"last": {"who": "r2"}},
                                   "join": {"joined": true}})"));
  // p_replace (0.5 s) and p_sleep (two 0.5 s branches at once): about 1 s, not 1.5 s.
  EXPECT_LT(r.seconds, 1.4) << "parallel branches did not overlap";
  ProcessResult serial = run("parallel", {"--bindings", b, "--max-concurrency", "1"});
  ASSERT_EQ(serial.exitCode, 0) << serial.err;
  EXPECT_EQ(json(serial.out), json(r.out)) << "same output at any concurrency";
  EXPECT_GE(serial.seconds, 1.5);
}

TEST_F(E2ETest, FailingBranchFailsTheBlockFirstInDeclarationOrder) {
  std::string b = bindings("par-fail", parallelBindings(
                                           "{exec: {argv: [sh, -c, 'cat >/dev/null; echo right broke >&2; exit 7']}}"));
  ProcessResult r = run("parallel", {"--bindings", b});
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("step 'a2' failed: tool 'right' exited with status 7"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("right broke"), std::string::npos) << "stderr's tail is in the message: " << r.err;

  // Both branches fail (write tools: a failing sibling does not cancel them): the first in
  // declaration order decides, although it finished last.
  std::string both = bindings("par-fail2",
                              "tools:\n  left: {exec: {argv: [sh, -c, 'sleep 0.2; exit 3']}}\n"
                              "  right: {exec: {argv: [sh, -c, 'exit 4']}}\n"
                              "  echo: {exec: {argv: [cat]}}\n  pair: {mock: {result: []}}\n"
                              "  slow: {exec: {argv: [cat]}}\n  collect: {exec: {argv: [cat]}}\n");
  ProcessResult r2 = run("parallel", {"--bindings", both});
  EXPECT_EQ(r2.exitCode, 1);
  EXPECT_NE(r2.err.find("step 'a1' failed"), std::string::npos) << r2.err;
}

TEST_F(E2ETest, OutputFailingItsSchemaIsExitOne) {
  std::string b = bindings("par-schema", parallelBindings("{exec: {argv: [cat]}}") );
  // Replace `collect` with a mock whose result lacks the required fields.
  std::string text = readText(b);
  text.replace(text.find("  collect: {exec: {argv: [cat]}}"), std::string("  collect: {exec: {argv: [cat]}}").size(),
               "  collect: {mock: {result: {barrier: 1}}}");
  writeText(b, text);
  ProcessResult r = run("parallel", {"--bindings", b});
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("does not match its output_schema"), std::string::npos) << r.err;
}

// ---- subflow calls

TEST_F(E2ETest, SubflowCallRunsTheCalleeAndChecksItsInput) {
  std::string b = bindings("sub", std::string("tools:\n  echo: ") + kEcho + "\n");
  ProcessResult r = run("subflow", {"--bindings", b, "--input-json", R"({"word": "hi"})"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(json(r.out), json(R"({"inner": {"said": "hi!"}})"));
  ProcessResult bad = run("subflow", {"--bindings", b, "--input-json", R"({"word": 5})"});
  EXPECT_EQ(bad.exitCode, 1);
  EXPECT_NE(bad.err.find("the input of composition 'inner' does not match its input_schema: /word"),
            std::string::npos)
      << bad.err;
}

// ---- retries, keys, timeouts, failing tools, signals

TEST_F(E2ETest, RetrySucceedsOnTheSecondAttemptWithItsIdempotencyKey) {
  fs::path state = dir_ / "flaky-state";
  fs::remove(state);
  std::string b = bindings(
      "flaky", "tools:\n  flaky: {exec: {argv: [sh, -c, 'cat >/dev/null; if [ -e \"$0\" ]; then printf "
               "\"{\\\"key\\\":\\\"%s\\\"}\" \"$WFC_IDEMPOTENCY_KEY\"; else touch \"$0\"; exit 1; fi', " +
                   state.string() + "]}}\n  timed: {exec: {argv: [cat]}}\n");
  ProcessResult r = run("resilience", {"--bindings", b});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  // The output is the last step's ({}), so read the key from the trace instead.
  fs::remove(state);
  std::string trace = (dir_ / "flaky-trace.jsonl").string();
  ProcessResult traced = run("resilience", {"--bindings", b, "--trace", trace});
  ASSERT_EQ(traced.exitCode, 0) << traced.err;
  std::vector<std::string> keys;
  std::istringstream lines(readText(trace));
  for (std::string line; std::getline(lines, line);) {
    Json e = json(line);
    if (e["event"] == "tool_call" && e["step"] == "first") keys.push_back(e["idempotency_key"]);
  }
  ASSERT_EQ(keys.size(), 2u);
  std::string run = keys[0].substr(0, keys[0].find('/'));
  EXPECT_EQ(run.size(), 32u);
  EXPECT_EQ(keys[0], run + "/first/1");
  EXPECT_EQ(keys[1], run + "/first/2");
}

TEST_F(E2ETest, FailingExecToolIsExitOneWithItsStderr) {
  std::string b = bindings("fail", "tools:\n  flaky: {exec: {argv: [sh, -c, 'cat >/dev/null; echo disk on fire >&2; "
                                   "exit 9']}}\n  timed: {exec: {argv: [cat]}}\n");
  ProcessResult r = run("resilience", {"--bindings", b});
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("step 'first' failed after 2 attempts: tool 'flaky' exited with status 9"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("disk on fire"), std::string::npos) << r.err;
}

TEST_F(E2ETest, HangingToolIsKilledAtItsTimeoutWithExitThree) {
  // The binding's own timeout (two attempts of 300 ms)…
  std::string b = bindings("hang", "tools:\n  flaky: {exec: {argv: [sleep, '30'], timeout_ms: 300}}\n"
                                   "  timed: {exec: {argv: [cat]}}\n");
  ProcessResult r = run("resilience", {"--bindings", b});
  EXPECT_EQ(r.exitCode, 3) << r.err;
  EXPECT_LT(r.seconds, 3.0);
  EXPECT_NE(r.err.find("timed out after 300 ms"), std::string::npos) << r.err;
  // …and the step's wfc.timeout_ms.
  std::string b2 = bindings("hang2", "tools:\n  flaky: {exec: {argv: [cat]}}\n  timed: {exec: {argv: [sleep, '30']}}\n");
  ProcessResult r2 = run("resilience", {"--bindings", b2});
  EXPECT_EQ(r2.exitCode, 3) << r2.err;
  EXPECT_LT(r2.seconds, 3.0);
  EXPECT_NE(r2.err.find("step 'second' failed: timed out after 300 ms (wfc.timeout_ms)"), std::string::npos) << r2.err;
}

TEST_F(E2ETest, SignalsCancelTheRunAndKillTheTool) {
  for (auto [signal, code] : {std::pair{"INT", 130}, std::pair{"TERM", 143}}) {
    fs::path pidfile = dir_ / (std::string("pid-") + signal);
    std::string b = bindings(std::string("sig-") + signal,
                             "tools:\n  flaky: {exec: {argv: [sh, -c, 'echo $$ > \"$0\"; exec sleep 30', " +
                                 pidfile.string() + "]}}\n  timed: {exec: {argv: [cat]}}\n");
    std::string script = "\"$0\" --bindings \"$1\" & p=$!; sleep 0.5; kill -" + std::string(signal) +
                         " $p; wait $p; echo \"exit=$?\"";
    ProcessResult r = runProcess("/bin/sh", {"-c", script, exes_.at("resilience"), b}, 20);
    EXPECT_NE(r.out.find("exit=" + std::to_string(code)), std::string::npos) << r.out << r.err;
    std::string pid = readText(pidfile);
    ASSERT_FALSE(pid.empty());
    EXPECT_NE(kill(std::atoi(pid.c_str()), 0), 0) << "the tool's process outlived the run";
  }
}

// ---- input, bindings and usage errors (exit 2)

TEST_F(E2ETest, BadInputAndUsageAreExitTwo) {
  std::string b = bindings("usage", std::string("tools:\n  echo: ") + kEcho + "\n");
  ProcessResult schema = run("branches", {"--bindings", b, "--input-json", R"({"n": "ten", "mode": "x", "obj": {}})"});
  EXPECT_EQ(schema.exitCode, 2);
  EXPECT_NE(schema.err.find("the input does not match the input_schema of composition 'main': /n"), std::string::npos)
      << schema.err;
  ProcessResult invalid = run("branches", {"--bindings", b, "--input-json", "{nope"});
  EXPECT_EQ(invalid.exitCode, 2);
  EXPECT_NE(invalid.err.find("is not valid JSON"), std::string::npos) << invalid.err;
  // A number no double can hold is bad JSON too, not an abort (found by tests/fuzz: fuzz_input).
  ProcessResult huge = run("branches", {"--bindings", b, "--input-json", R"({"n": 1e400, "mode": "x", "obj": {}})"});
  EXPECT_EQ(huge.exitCode, 2) << huge.err;
  EXPECT_NE(huge.err.find("is not valid JSON: invalid JSON: number overflow parsing '1e400'"), std::string::npos) << huge.err;
  ProcessResult flag = run("branches", {"--inptu", "x"});
  EXPECT_EQ(flag.exitCode, 2);
  EXPECT_NE(flag.err.find("unknown option '--inptu'; did you mean '--input'?"), std::string::npos) << flag.err;
  ProcessResult missing = run("branches", {"--bindings", (dir_ / "no-such.yaml").string(), "--input-json",
                                           R"({"n": 1, "mode": "x", "obj": {}})"});
  EXPECT_EQ(missing.exitCode, 2);
}

TEST_F(E2ETest, BadBindingsFilesAreExitTwoLocated) {
  std::string syntax = bindings("bad-syntax", "tools:\n  echo: {exec: {argv: [cat]}\n");
  ProcessResult r1 = run("branches", {"--bindings", syntax, "--input-json", R"({"n": 1, "mode": "x", "obj": {}})"});
  EXPECT_EQ(r1.exitCode, 2);
  EXPECT_NE(r1.err.find("bad-syntax.yaml:"), std::string::npos) << r1.err;
  const std::string input = R"({"n": 1, "mode": "x", "obj": {}})";
  std::string kind = bindings("bad-kind", "tools:\n  echo: {exce: {argv: [cat]}}\n");
  ProcessResult r2 = run("branches", {"--bindings", kind, "--input-json", input});
  EXPECT_EQ(r2.exitCode, 2);
  EXPECT_NE(r2.err.find("bad-kind.yaml:2:10: unknown binding kind 'exce' for tool 'echo'; did you mean 'exec'?"),
            std::string::npos)
      << r2.err;
  std::string undeclared = bindings("bad-tool", "tools:\n  ecko: {exec: {argv: [cat]}}\n");
  ProcessResult r3 = run("branches", {"--bindings", undeclared, "--input-json", input});
  EXPECT_EQ(r3.exitCode, 2);
  EXPECT_NE(r3.err.find("bad-tool.yaml:2:3: the bindings bind tool 'ecko', which the workflow does not declare; "
                        "did you mean 'echo'?"),
            std::string::npos)
      << r3.err;
}

TEST_F(E2ETest, UnboundToolAtRunTimeIsExitOneNamingIt) {
  ProcessResult r = run("branches", {"--input-json", R"({"n": 1, "mode": "x", "obj": {}})"});
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find("tool 'echo' is not bound"), std::string::npos) << r.err;
}

// ---- --dry-run, --help, stdin, --output, --pretty

TEST_F(E2ETest, DryRunPlansAndCallsNothing) {
  fs::path marker = dir_ / "dry-run-marker";
  std::string b = bindings("dry", "tools:\n  echo: {exec: {argv: [sh, -c, 'touch \"$0\"; cat', " + marker.string() +
                                      "]}}\n");
  ProcessResult r = run("branches", {"--bindings", b, "--dry-run", "--input-json", R"({"n": 1, "mode": "x", "obj": {}})"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  Json plan = json(r.out);
  EXPECT_EQ(plan["workflow"], "e2e-branches");
  EXPECT_EQ(plan["compositions"][0]["steps"][1]["runs_if"], "check takes then");
  EXPECT_NE(plan["compositions"][0]["steps"][1]["binding"].get<std::string>().find("exec: sh -c"), std::string::npos);
  EXPECT_FALSE(fs::exists(marker)) << "--dry-run called a tool";
  ProcessResult bad = run("branches", {"--bindings", b, "--dry-run", "--input-json", R"({"n": "x", "mode": "x", "obj": {}})"});
  EXPECT_EQ(bad.exitCode, 2) << "the dry run still checks the input";
}

TEST_F(E2ETest, HelpListsTheInputFields) {
  ProcessResult r = run("branches", {"--help"});
  EXPECT_EQ(r.exitCode, 0);
  EXPECT_NE(r.out.find("e2e branches\n\nCompares a number with 10 and echoes what each branch chose.\n\n"),
            std::string::npos)
      << "the pack's name, then its description: " << r.out;
  EXPECT_NE(r.out.find("Input fields"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("n     integer   required  A number to compare with 10"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("--max-concurrency N"), std::string::npos);
}

TEST_F(E2ETest, InputFromStdinAndOutputToAFilePretty) {
  std::string b = bindings("stdin", std::string("tools:\n  echo: ") + kEcho + "\n");
  fs::path out = dir_ / "out.json";
  std::string script = "echo '{\"go\": true, \"probe\": false}' | \"$0\" --bindings \"$1\" --input - --output \"$2\" --pretty";
  ProcessResult r = runProcess("/bin/sh", {"-c", script, exes_.at("refs"), b, out.string()}, 20);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(readText(out), "{\n  \"v\": 1\n}\n");
}

// ---- wfc.on_error (docs/language/promptpack.md): a fallback step, or a fallback value

// `lookup` echoes its arguments, except a call whose arguments name "lookup" itself, which hangs
// past the step's timeout.
constexpr const char *kLookupHangsOnItself =
    "{exec: {argv: [sh, -c, 'read x; case \"$x\" in *lookup*) sleep 5;; *) echo \"$x\";; esac']}}";

TEST_F(E2ETest, FallbackStepRunsOnlyWhenItsStepFails) {
  std::string b = bindings("on-error-fail", std::string("tools:\n  primary: {exec: {argv: [sh, -c, 'echo down >&2; exit 1']}}\n"
                                                        "  backup: ") + kEcho + "\n  lookup: " + kEcho + "\n");
  std::string report = (dir_ / "on-error-report.json").string(), trace = (dir_ / "on-error-trace.jsonl").string();
  ProcessResult r = run("on-error", {"--bindings", b, "--report", report, "--trace", trace});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(json(r.out), Json::parse(R"({"count": {"from": "lookup"}})"));
  std::map<std::string, std::string> status;
  Json steps = json(readText(report))["steps"];
  for (const Json &s : steps) status[s["step"].get<std::string>()] = s["status"].get<std::string>();
  EXPECT_EQ(status["fetch"], "recovered");
  EXPECT_EQ(status["fetch_backup"], "ok");
  bool traced = false;
  std::istringstream lines(readText(trace));
  for (std::string line; std::getline(lines, line);) {
    Json e = json(line);
    if (e["event"] != "step_recovered") continue;
    traced = true;
    EXPECT_EQ(e["step"], "fetch");
    EXPECT_EQ(e["with"], "fetch_backup");
    EXPECT_NE(e["error"].get<std::string>().find("down"), std::string::npos) << e;
  }
  EXPECT_TRUE(traced);

  std::string ok = bindings("on-error-ok", std::string("tools:\n  primary: ") + kEcho + "\n  backup: " + kEcho +
                                               "\n  lookup: " + kEcho + "\n");
  r = run("on-error", {"--bindings", ok, "--report", report});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  status.clear();
  steps = json(readText(report))["steps"];
  for (const Json &s : steps) status[s["step"].get<std::string>()] = s["status"].get<std::string>();
  EXPECT_EQ(status["fetch"], "ok");
  EXPECT_EQ(status["fetch_backup"], "skipped") << "the fallback runs only when its step fails";
}

TEST_F(E2ETest, FallbackValueStandsInForAStepThatTimedOut) {
  std::string b = bindings("on-error-value", std::string("tools:\n  primary: ") + kEcho + "\n  backup: " + kEcho +
                                                 "\n  lookup: " + kLookupHangsOnItself + "\n");
  std::string report = (dir_ / "on-error-value.json").string();
  ProcessResult r = run("on-error", {"--bindings", b, "--report", report});
  ASSERT_EQ(r.exitCode, 0) << "a timeout handled by wfc.on_error is not exit 3: " << r.err;
  EXPECT_EQ(json(r.out), Json::parse(R"({"count": {"count": 0, "source": "default"}})"));
  Json steps = json(readText(report))["steps"];
  for (const Json &s : steps)
    if (s["step"] == "count") {
      EXPECT_EQ(s["status"], "recovered");
      EXPECT_EQ(s["attempts"], 2) << "the value stands in after the retries";
    }
}

// ---- engine.budget (docs/workflows.md): run-wide limits, exit 3, not absorbed by wfc.on_error

TEST_F(E2ETest, ToolCallBudgetStopsTheRunWithExitThree) {
  std::string log = (dir_ / "budget-calls.log").string();
  std::string b = bindings("budget-calls", "tools:\n  work: {exec: {argv: [sh, -c, 'cat >> " + log +
                                               "; echo >> " + log + "; echo {}']}}\n");
  ProcessResult r = run("workflow-budget", {"--bindings", b});
  EXPECT_EQ(r.exitCode, 3) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("engine.budget.max_tool_calls (2) exhausted: tool 'work' would be call 3"), std::string::npos)
      << r.err;
  std::string calls = readText(log);
  EXPECT_EQ(std::count(calls.begin(), calls.end(), '\n'), 2) << "exactly two calls were made: " << calls;
}

TEST_F(E2ETest, WallTimeBudgetCancelsTheRunWithExitThree) {
  std::string b = bindings("budget-wall", "tools:\n  work: {exec: {argv: [sleep, '5']}}\n");
  auto start = std::chrono::steady_clock::now();
  ProcessResult r = run("workflow-budget", {"--bindings", b});
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(r.exitCode, 3) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("engine.budget.max_wall_time_sec (1 s) exhausted"), std::string::npos) << r.err;
  EXPECT_LT(seconds, 3.0) << "the sleeping tool was killed at the budget";
}

// ---- secrets: tools never inherit the LLM keys, so a tool printing its environment cannot leak them

TEST_F(E2ETest, ToolsDoNotInheritTheApiKeys) {
  std::string b = bindings("leak", "tools:\n  primary: {exec: {argv: [sh, -c, 'echo \"env $OPENAI_API_KEY $ANTHROPIC_API_KEY\" >&2; exit 1']}}\n"
                                   "  backup: {exec: {argv: [cat]}}\n  lookup: {exec: {argv: [cat]}}\n");
  std::string report = (dir_ / "leak-report.json").string(), trace = (dir_ / "leak-trace.jsonl").string();
  ProcessResult r = runProcess("/usr/bin/env", {"OPENAI_API_KEY=sk-leak-OPENAI", "ANTHROPIC_API_KEY=sk-leak-ANTHROPIC",
                                                exes_.at("on-error"), "--bindings", b, "--report", report, "--trace", trace},
                               20);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  for (const std::string &text : {r.out, r.err, readText(report), readText(trace)})
    EXPECT_EQ(text.find("sk-leak"), std::string::npos) << text;
  EXPECT_NE(readText(report).find("env"), std::string::npos) << "the tool's stderr is in the report";
}

// Run-time values the compiler could not type are checked against the tool's parameters before
// the call: a listed property's schema, and additionalProperties for a key it does not list.
TEST_F(E2ETest, ToolArgumentsTheCompilerCouldNotTypeAreCheckedBeforeTheCall) {
  std::string calls = (dir_ / "count-calls.log").string();
  std::string b = bindings("count", "tools:\n  count: {exec: {argv: [sh, -c, 'tee -a " + calls + "']}}\n");
  ProcessResult ok = run("tool-arguments", {"--bindings", b, "--input-json", R"({"n": 3, "label": "x"})"});
  ASSERT_EQ(ok.exitCode, 0) << ok.err;
  EXPECT_EQ(json(ok.out), json(R"({"n": 3, "label": "x"})"));

  ProcessResult n = run("tool-arguments", {"--bindings", b, "--input-json", R"({"n": "three", "label": "x"})"});
  EXPECT_EQ(n.exitCode, 1) << n.err;
  EXPECT_NE(n.err.find("step 'counted' failed: the arguments of tool 'count' do not match its parameters: "
                       "/n: expected an integer, got \"three\""),
            std::string::npos)
      << n.err;
  ProcessResult label = run("tool-arguments", {"--bindings", b, "--input-json", R"({"n": 3, "label": 7})"});
  EXPECT_EQ(label.exitCode, 1) << label.err;
  EXPECT_NE(label.err.find("do not match its parameters: /label: expected a string, got 7"), std::string::npos)
      << label.err;
  EXPECT_EQ(readText(calls).find("three"), std::string::npos) << "the tool was called: " << readText(calls);
  EXPECT_EQ(readText(calls).find("7"), std::string::npos) << "the tool was called: " << readText(calls);
}

// ---- the optimizer's guarantee (docs/optimizer.md): these run against -O1 and -O0 executables alike

TEST_F(E2ETest, InlinedSubflowAndFoldedBranchGiveTheCallsResult) {
  std::string b = bindings("opt-ok", std::string("tools:\n  probe: ") + kEcho + "\n  boom: " + kEcho +
                                         "\n  shape: " + kEcho + "\n  record: " + kEcho + "\n");
  std::string report = (dir_ / "opt-ok-report.json").string();
  ProcessResult r = run("optimizer", {"--bindings", b, "--report", report, "--input-json", R"({"n": 5})"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(json(r.out), json(R"({"picked": {"sides": {"left": {"side": "l", "mode": "fast"}, "right": {"side": "r"}}},
                                   "first": {"n": 5}, "second": {"k": 2}})"));
  // The callee's steps have the call's paths at both levels: pick__fast ran, pick__careful did not.
  std::map<std::string, std::string> status;
  Json rep = json(readText(report));
  for (const Json &s : rep["steps"]) status[s["step"]] = s["status"];
  EXPECT_EQ(status["pick__fast"], "ok");
  EXPECT_NE(status["pick__careful"], "ok");
}

TEST_F(E2ETest, TheFirstFailureInMinusO0OrderDecidesAndWritesNeverStart) {
  // `second` fails at once; `first` (before it in -O0 order) times out after 300 ms: exit 3, as at
  // -O0 where `second` never starts. `record` (write) must not run at all.
  std::string written = (dir_ / "opt-written").string();
  std::string b = bindings("opt-fail", "tools:\n  probe: {exec: {argv: [sleep, '3']}}\n"
                                       "  boom: {exec: {argv: [sh, -c, 'echo boom >&2; exit 1']}}\n"
                                       "  shape: {exec: {argv: [cat]}}\n"
                                       "  record: {exec: {argv: [sh, -c, 'cat > " + written + "']}}\n");
  ProcessResult r = run("optimizer", {"--bindings", b, "--input-json", R"({"n": 5})"});
  EXPECT_EQ(r.exitCode, 3) << r.err;
  EXPECT_NE(r.err.find("step 'first' failed"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("step 'second' failed"), std::string::npos) << "not the decisive failure: " << r.err;
  EXPECT_FALSE(fs::exists(written)) << "the write step ran";
}

TEST_F(E2ETest, AnInvalidInlinedInputFailsBeforeAnyCalleeStep) {
  // n must be an integer (the callee's input_schema): the call's entry check fails, exit 1.
  std::string log = (dir_ / "opt-calls.log").string();
  std::string b = bindings("opt-bad", "tools:\n  probe: {exec: {argv: [cat]}}\n"
                                      "  boom: {exec: {argv: [cat]}}\n"
                                      "  shape: {exec: {argv: [sh, -c, 'cat >> " + log + "']}}\n"
                                      "  record: {exec: {argv: [cat]}}\n");
  ProcessResult r = run("optimizer", {"--bindings", b, "--input-json", R"({"n": "five"})"});
  EXPECT_EQ(r.exitCode, 1) << r.err;
  EXPECT_NE(r.err.find("the input of composition 'pick' does not match its input_schema"), std::string::npos) << r.err;
  EXPECT_EQ(readText(log).find("fast"), std::string::npos) << "a callee step ran: " << readText(log);
}

TEST_F(E2ETest, AForeachOverAParallelRunsBothBranchesPerItemInItemOrder) {
  std::string b = bindings("opt-foreach", std::string("tools:\n  shape: ") + kEcho + "\n");
  ProcessResult r = run("optimizer-foreach", {"--bindings", b, "--input-json", R"({"xs": ["x", "y", "z"]})"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(json(r.out), json(R"({"pairs": [{"both": {"left": {"l": "x", "i": 0}, "right": {"r": "x"}}},
                                            {"both": {"left": {"l": "y", "i": 1}, "right": {"r": "y"}}},
                                            {"both": {"left": {"l": "z", "i": 2}, "right": {"r": "z"}}}]})"));
}

}  // namespace
}  // namespace wfc::test

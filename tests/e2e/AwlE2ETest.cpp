// AWL workflows end to end (docs/awl.md): packs/awl-*.awl.yaml compiled at -O1 (exe/) and -O0
// (exe-O0/), run as black boxes with their shell commands running for real in the test's
// directory: loops ending by `until` and by max-iterations, conditionals, stop, continue-on-error,
// timeouts, notify lines in the trace, the file actions, prompt-agent's reply object and parse-json
// of a model's reply (against the scripted test LLM server), a run killed with kill -9 and
// resumed, and the injection tests: values from the input and from a model that try to become
// shell syntax reach the command — and a shell it starts, as a positional parameter — as the exact
// bytes they are, and never run; the commands that would run them do not compile.
#include "ExeDir.h"
#include "LlmServerProcess.h"
#include "Process.h"
#include "TestFiles.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sys/stat.h>

#include <filesystem>
#include <map>

namespace wfc::test {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

class AwlE2ETest : public ::testing::Test {
 protected:
  // Runs pack `name` with `input` (written to a file: a payload may be larger than a command line
  // may hold), in a clean LLM environment; `extra` are more arguments.
  ProcessResult run(const std::string &name, const Json &input, std::vector<std::string> extra = {},
                    double timeout = 60) {
    std::string inputFile = dir_.write("input.json", input.dump());
    std::vector<std::string> argv;
    for (const char *var : {"OPENAI_API_KEY", "WFC_MODEL", "WFC_LLM_BASE_URL", "OPENAI_BASE_URL"}) {
      argv.push_back("-u");
      argv.push_back(var);
    }
    argv.insert(argv.end(), env_.begin(), env_.end());
    argv.push_back(e2eExeDir() + "/" + name);
    argv.push_back("--input");
    argv.push_back(inputFile);
    argv.insert(argv.end(), extra.begin(), extra.end());
    return runProcess("/usr/bin/env", argv, timeout);
  }
  std::vector<Json> trace() const { return jsonLines(dir_ / "trace.jsonl"); }
  std::vector<Json> events(const std::string &name) const {
    std::vector<Json> out;
    for (const Json &e : trace())
      if (e["event"] == name) out.push_back(e);
    return out;
  }
  std::string read(const std::string &name) const { return readText(dir_ / name); }
  bool exists(const std::string &name) const { return fs::exists(dir_ / name); }

  TempDir dir_;
  TempDir work_;                  // where the run's files go (its working directories)
  std::vector<std::string> env_;  // NAME=value: what run() adds to the environment
};

// ---- loops, conditionals, notify ---------------------------------------------------------------

TEST_F(AwlE2ETest, UntilEndsTheLoopOnceTheCommandPasses) {
  ProcessResult r = run("awl-control", {{"dir", work_.str()}, {"succeed_after", 3}},
                        {"--trace", (dir_ / "trace.jsonl").string()});
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  Json out = Json::parse(r.out);
  EXPECT_EQ(out["attempt"]["exit-code"], 0);
  EXPECT_EQ(out["attempt"]["stdout"], "attempt 3\n");
  EXPECT_EQ(out["setup"]["stdout"], "started\nfound\n") << out["setup"];
  EXPECT_EQ(readText(work_ / "meta.json"), "{\"k\": {\"n\": [1]}}\n") << "JSON's braces are the command's";
  EXPECT_EQ(readText(work_ / "counter"), "3\n");
  // Two failed attempts were data for the conditional, the third passed.
  std::vector<Json> notes = events("notify");
  ASSERT_EQ(notes.size(), 4u) << r.err;
  EXPECT_EQ(notes[0]["name"], "retrying");
  EXPECT_EQ(notes[0]["data"], (Json{{"output", "attempt 1\n"}, {"code", 1}}));
  EXPECT_EQ(notes[1]["data"]["output"], "attempt 2\n");
  EXPECT_EQ(notes[2]["name"], "passed");
  EXPECT_EQ(notes[3]["name"], "done");
  EXPECT_EQ(notes[3]["target"], "all");
  EXPECT_EQ(notes[3]["data"]["attempts"], 10);  // len("attempt 3\n")
  EXPECT_EQ(notes[3]["data"]["run"].get<std::string>().size(), 32u);
  std::vector<bool> untils;
  for (const Json &e : events("loop_iteration")) untils.push_back(e["until"]);
  EXPECT_EQ(untils, (std::vector<bool>{false, false, true}));
}

// {env.X} unset is exit 2 before the first action (docs/awl.md "Variables"): nothing was changed.
TEST_F(AwlE2ETest, AnUnsetEnvironmentVariableFailsTheRunBeforeItsFirstAction) {
  std::string input = dir_.write("env-input.json", Json{{"dir", work_.str()}}.dump());
  std::string exe = e2eExeDir() + "/awl-env";
  ProcessResult r = runProcess("/usr/bin/env", {"-u", "WFC_E2E_RELEASE_TOKEN", exe, "--input", input}, 30);
  EXPECT_EQ(r.exitCode, 2) << r.describe() << "\n" << r.err;
  EXPECT_NE(r.err.find("environment variable 'WFC_E2E_RELEASE_TOKEN' is not set, and the workflow reads it "
                       "({env.WFC_E2E_RELEASE_TOKEN} at "),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("awl-env.awl.yaml:14)"), std::string::npos) << "where it is read: " << r.err;
  EXPECT_FALSE(fs::exists(work_ / "CHANGELOG")) << "an action ran before the missing variable was noticed";
  ProcessResult dry = runProcess("/usr/bin/env", {"-u", "WFC_E2E_RELEASE_TOKEN", exe, "--input", input, "--dry-run"}, 30);
  EXPECT_EQ(dry.exitCode, 0) << "a dry run runs nothing, and needs nothing: " << dry.err;

  std::string journal = (dir_ / "env.db").string();
  r = runProcess("/usr/bin/env", {"WFC_E2E_RELEASE_TOKEN=s3cret", exe, "--input", input, "--journal", journal}, 30);
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  EXPECT_EQ(readText(work_ / "CHANGELOG"), "released\n");
  EXPECT_EQ(readText(work_ / "token"), "s3cret");
  ProcessResult list = runProcess("/usr/bin/env", {"-u", "WFC_E2E_RELEASE_TOKEN", exe, "--journal", journal, "--runs"}, 30);
  EXPECT_EQ(list.exitCode, 0) << "--runs lists the journal, and needs nothing: " << list.err;
  // `entry` took its default above; given, it is the input's.
  std::string patched = dir_.write("env-patched.json", Json{{"dir", work_.str()}, {"entry", "patched"}}.dump());
  r = runProcess("/usr/bin/env", {"WFC_E2E_RELEASE_TOKEN=s3cret", exe, "--input", patched}, 30);
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  EXPECT_EQ(readText(work_ / "CHANGELOG"), "released\npatched\n");
}

// context runs before every iteration, after what the one before did (docs/awl.md "The file"):
// each step sees the log's length as that iteration's context left it. A constant read from the
// environment and a command's `env:` reach the command as data; indexes into the input's lists are
// read at run time.
TEST_F(AwlE2ETest, ContextRunsFreshBeforeEveryIteration) {
  const std::string token = "$(touch " + (work_ / "CANARY").string() + ") 'q' {token} {{x}}";
  env_ = {"WFC_E2E_CONTEXT_TOKEN=" + token};
  Json phases = Json::parse(R"([{"name": "a", "files": ["a.rs"]}, {"name": "b", "files": ["b.rs"]},
                                {"name": "c", "files": ["c.rs", "c2.rs"]}])");
  ProcessResult r = run("awl-context", {{"dir", work_.str()}, {"phases", phases}, {"fail", false}});
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  EXPECT_EQ(readText(work_ / "log"), "context\nstep a saw 1\ncontext\nstep b saw 3\ncontext\nstep c saw 5\n");
  EXPECT_EQ(Json::parse(r.out)["status"]["stdout"], "5");
  EXPECT_EQ(readText(work_ / "token"), token);
  EXPECT_EQ(readText(work_ / "env.log"), "a a.rs|" + token + "|literal {x}\nb b.rs|" + token + "|literal {x}\nc c.rs|" +
                                             token + "|literal {x}\n");
  EXPECT_FALSE(fs::exists(work_ / "CANARY")) << "the environment's value ran as shell code";
  EXPECT_EQ(readText(work_ / "after"), "a c2.rs");

  // An index past a list's end is an error of the run, naming the expression as written.
  fs::remove(work_ / "after");
  phases.erase(2);
  r = run("awl-context", {{"dir", work_.str()}, {"phases", phases}, {"fail", false}});
  EXPECT_EQ(r.exitCode, 1) << r.describe() << "\n" << r.err;
  EXPECT_NE(r.err.find("{phases[2].files[1]} cannot be resolved: there is no index 2 in .phases"), std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(work_ / "after"));
}

// A shell command that fails, neither captured nor continue-on-error, stops the run (the seed's
// "Error Handling"): exit 1, saying the status and the command's stderr; nothing after it runs.
TEST_F(AwlE2ETest, AnUncapturedFailingCommandStopsTheRun) {
  env_ = {"WFC_E2E_CONTEXT_TOKEN=t"};
  Json phases = Json::parse(R"([{"name": "a", "files": ["a.rs", "a2.rs"]}])");
  ProcessResult r = run("awl-context", {{"dir", work_.str()}, {"phases", phases}, {"fail", true}});
  EXPECT_EQ(r.exitCode, 1) << r.describe() << "\n" << r.err;
  EXPECT_TRUE(r.out.empty());
  EXPECT_NE(r.err.find("the shell command exited with status 5: broke"), std::string::npos) << r.err;
  EXPECT_EQ(readText(work_ / "log"), "context\nstep a saw 1\n");
  EXPECT_FALSE(fs::exists(work_ / "after")) << "the action after the failed command ran";
}

// The taskstore from the input (docs/awl.md "Taskstore"): read-ts and read-prd check the ids they
// are given; create-prd gives the input's prd, create-task-specs its task_specs whatever PRD its
// prd-id names.
TEST_F(AwlE2ETest, TaskstoreDocumentsComeFromTheInput) {
  Json input = {{"ts_id", "ts-1"},
                {"ts", {{"id", "ts-1"}, {"prd-id", "prd-9"}, {"phases", {{{"number", 1}, {"name", "schema"}}}}}},
                {"prd", {{"id", "prd-9"}, {"title", "OAuth"}}},
                {"task_specs", {{"id", "specs-3"}, {"specs", Json::array()}}}};
  ProcessResult r = run("awl-taskstore", input, {"--trace", (dir_ / "trace.jsonl").string()});
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  Json out = Json::parse(r.out);
  EXPECT_EQ(out["ts_data"]["prd-id"], "prd-9");
  EXPECT_EQ(out["specs"]["id"], "specs-3");
  EXPECT_EQ(out["prd_data"], input["prd"]);
  EXPECT_EQ(out["created"], input["prd"]);
  std::vector<Json> notes = events("notify");
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0]["name"], "phase 1: schema");

  input["ts_id"] = "ts-2";
  r = run("awl-taskstore", input);
  EXPECT_EQ(r.exitCode, 1) << r.describe();
  EXPECT_NE(r.err.find("step 'ts_data' failed: the input's 'ts' is document ts-1, not ts-2"), std::string::npos) << r.err;

  input["ts_id"] = "ts-1";
  input["prd"]["id"] = "prd-8";
  r = run("awl-taskstore", input);
  EXPECT_EQ(r.exitCode, 1) << r.describe();
  EXPECT_NE(r.err.find("step 'prd_data' failed: the input's 'prd' is document prd-8, not prd-9"), std::string::npos) << r.err;
}

TEST_F(AwlE2ETest, MaxIterationsEndsTheRunWithExit3) {
  ProcessResult r = run("awl-control", {{"dir", work_.str()}, {"succeed_after", 9}});
  EXPECT_EQ(r.exitCode, 3) << r.describe() << "\n" << r.err;
  EXPECT_TRUE(r.out.empty());
  EXPECT_NE(r.err.find("reached max_iterations (5) without its 'until' predicate holding"), std::string::npos) << r.err;
  EXPECT_EQ(readText(work_ / "counter"), "5\n");
}

TEST_F(AwlE2ETest, TheDryRunPlanNamesActionsBlocksAndCaptures) {
  ProcessResult r = run("awl-control", {{"dir", work_.str()}, {"succeed_after", 1}}, {"--dry-run"});
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  Json steps = Json::parse(r.out)["compositions"][0]["steps"];
  std::map<std::string, Json> byId;
  for (const Json &s : steps) byId[s["id"]] = s;
  EXPECT_EQ(byId["setup"]["kind"], "action");
  EXPECT_EQ(byId["setup"]["action"], "shell");
  EXPECT_EQ(byId["setup"]["captures"], "setup");
  EXPECT_EQ(byId["foreach"]["kind"], "wfc.loop");
  EXPECT_EQ(byId["if_then"]["kind"], "block");
  EXPECT_EQ(byId["if_then"]["runs_if"], "if takes then");
  EXPECT_EQ(byId["notify"]["inside"], "if_then");
  EXPECT_FALSE(fs::exists(work_ / "counter")) << "a dry run ran a command";
}

// ---- stop ------------------------------------------------------------------------------------------

TEST_F(AwlE2ETest, StopWithExitCodeZeroEndsTheRunWithItsVariables) {
  ProcessResult r = run("awl-stop", {{"dir", work_.str()}, {"mode", "ok"}});
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  Json out = Json::parse(r.out);
  EXPECT_EQ(out["first"]["stdout"], "before\n");
  EXPECT_TRUE(out.contains("last"));
  EXPECT_EQ(readText(work_ / "seen"), "1\n");  // item 2 stopped before its shell step
  EXPECT_FALSE(fs::exists(work_ / "after"));
}

TEST_F(AwlE2ETest, StopWithAnExitCodeFailsTheRun) {
  ProcessResult r = run("awl-stop", {{"dir", work_.str()}, {"mode", "fail"}});
  EXPECT_EQ(r.exitCode, 1) << r.describe() << "\n" << r.err;
  EXPECT_TRUE(r.out.empty());
  EXPECT_NE(r.err.find("stopped with exit code 3: failed at item 2"), std::string::npos) << r.err;
  EXPECT_EQ(readText(work_ / "seen"), "1\n");
  EXPECT_FALSE(fs::exists(work_ / "after"));
}

TEST_F(AwlE2ETest, WithoutAStopEveryItemAndTheAfterPhaseRun) {
  ProcessResult r = run("awl-stop", {{"dir", work_.str()}, {"mode", "neither"}});
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  EXPECT_EQ(readText(work_ / "seen"), "1\n2\n3\n");
  EXPECT_EQ(readText(work_ / "after"), "the loop ran to its end");
}

// ---- continue-on-error, timeout ----------------------------------------------------------------------

TEST_F(AwlE2ETest, ContinueOnErrorAndCapturedResultsLetTheRunGoOn) {
  ProcessResult r = run("awl-errors", {{"dir", work_.str()}, {"fatal", false}},
                        {"--trace", (dir_ / "trace.jsonl").string()});
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  Json out = Json::parse(r.out);
  // A captured result is data, whatever its exit code.
  EXPECT_EQ(out["failed"], (Json{{"exit-code", 3}, {"stdout", ""}, {"stderr", "captured\n"}, {"duration-ms", out["failed"]["duration-ms"]}}));
  // continue-on-error: a missing file captures null; a command stopped by its timeout, -1.
  EXPECT_TRUE(out["missing"].is_null());
  EXPECT_EQ(out["slow"]["exit-code"], -1);
  EXPECT_LT(r.seconds, 4.5) << "the 1 s timeout did not stop `sleep 5`";
  std::vector<Json> notes = events("notify");
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0]["data"], (Json{{"failed", 3}, {"slow", -1}, {"missing", nullptr}, {"mixed", 4}}));
  EXPECT_EQ(out["mixed"], Json::object());  // the last capture wins
  // The two steps continue-on-error recovered say why in the trace (the first command's exit 7 is
  // not a failure under continue-on-error: its result is data).
  std::vector<Json> recovered = events("step_recovered");
  ASSERT_EQ(recovered.size(), 2u);
  EXPECT_EQ(recovered[0]["step"], "missing");
  EXPECT_EQ(recovered[1]["step"], "slow");
}

TEST_F(AwlE2ETest, ATimeoutWithoutContinueOnErrorIsExit3) {
  ProcessResult r = run("awl-errors", {{"dir", work_.str()}, {"fatal", true}});
  EXPECT_EQ(r.exitCode, 3) << r.describe() << "\n" << r.err;
  EXPECT_NE(r.err.find("timed out after 1000 ms"), std::string::npos) << r.err;
  EXPECT_LT(r.seconds, 9.0);
}

// ---- files and expressions ---------------------------------------------------------------------------

TEST_F(AwlE2ETest, FileActionsAndNestedLoops) {
  work_.write("Cargo.toml", "[package]\nname = \"demo\"\nversion = \"0.1.0\"\n[dependencies]\nserde = \"1\"\n");
  work_.write("settings.yaml", "level: debug\nports: [80, 443]\n");
  work_.write("notes.txt", "héllo");
  ProcessResult r = run("awl-files", {{"dir", work_.str()}});
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  Json out = Json::parse(r.out);
  EXPECT_EQ(Json::parse(readText(work_ / "out/list.json")), (Json{{"names", {"ada", "grace"}}, {"count", 2}}));
  struct stat st {};
  ASSERT_EQ(::stat((work_ / "out/list.json").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u);
  EXPECT_EQ(out["cargo"]["package"]["name"], "demo");
  EXPECT_EQ(out["cargo"]["dependencies"]["serde"], "1");
  EXPECT_EQ(out["settings"]["ports"], (Json{80, 443}));
  EXPECT_EQ(out["notes"], "héllo");
  // len() counts characters; a comparison interpolates as true.
  EXPECT_EQ(readText(work_ / "summary.txt"), "demo debug 5 true");
  EXPECT_EQ(out["log"], "outer 0 ada\ninner 0\ninner 1\nouter 1 grace\ninner 0\ninner 1\n");
}

TEST_F(AwlE2ETest, AMissingFileFailsTheRunNamingIt) {
  ProcessResult r = run("awl-files", {{"dir", work_.str()}});
  EXPECT_EQ(r.exitCode, 1) << r.describe();
  EXPECT_NE(r.err.find("read-file: '" + (work_ / "Cargo.toml").string() + "' does not exist"), std::string::npos) << r.err;
}

// yaml-cpp takes any bytes: a file that is not UTF-8, or holds a NUL byte (which yaml-cpp reads
// as the end of its input, mangling what is around it), fails the step naming the file.
TEST_F(AwlE2ETest, AYamlFileThatIsNotTextFailsTheRunNamingIt) {
  work_.write("Cargo.toml", "[package]\nname = \"demo\"\n");
  work_.write("settings.yaml", "level: d\xFF" "bug\n");
  ProcessResult r = run("awl-files", {{"dir", work_.str()}});
  EXPECT_EQ(r.exitCode, 1) << r.describe();
  EXPECT_NE(r.err.find("read-file: '" + (work_ / "settings.yaml").string() + "' is not UTF-8 text (byte 8)"),
            std::string::npos)
      << r.err;
  work_.write("settings.yaml", std::string("level: de\0bug\n", 14));
  r = run("awl-files", {{"dir", work_.str()}});
  EXPECT_EQ(r.exitCode, 1) << r.describe();
  EXPECT_NE(r.err.find("read-file: '" + (work_ / "settings.yaml").string() + "' line 1: a NUL byte"), std::string::npos)
      << r.err;
}

// ---- prompt-agent ----------------------------------------------------------------------------------

TEST_F(AwlE2ETest, PromptAgentRepliesParseJsonAndToolsInTheWorkingDirectory) {
  LlmServerProcess server(Json::parse(R"({"replies": [
    {"match": {"user_contains": "Plan three steps"}, "reply": {"content": "{\"steps\": [\"lint\", \"test\"]}", "usage": {"prompt_tokens": 12, "completion_tokens": 8}}},
    {"match": {"rounds": 0}, "reply": {"tool_calls": [{"name": "note_write", "arguments": {"text": "noted"}}], "usage": {"prompt_tokens": 5, "completion_tokens": 1}}},
    {"match": {"rounds": 1}, "reply": {"content": "step done", "usage": {"prompt_tokens": 7, "completion_tokens": 2}}}
  ]})"));
  std::string bindings = dir_.write("bindings.yaml",
                                    "tools:\n  note.write: {exec: {argv: [sh, -c, 'cat > note.json; echo {}']}}\n");
  ProcessResult r = run("awl-llm", {{"dir", work_.str()}, {"topic", "CI"}},
                        {"--bindings", bindings, "--llm-base-url", server.baseUrl(), "--model", "run-model"});
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  Json out = Json::parse(r.out);
  EXPECT_EQ(out["plan"], (Json{{"text", "{\"steps\": [\"lint\", \"test\"]}"}, {"tool-calls", Json::array()}, {"tokens-used", 20}}));
  EXPECT_EQ(out["parsed"], (Json{{"steps", {"lint", "test"}}}));
  EXPECT_EQ(out["done"]["text"], "step done");
  EXPECT_EQ(out["done"]["tool-calls"], (Json{"note.write"}));
  EXPECT_EQ(out["done"]["tokens-used"], 15);
  // The agent's exec tool ran in the step's working-dir.
  EXPECT_EQ(Json::parse(readText(work_ / "note.json")), (Json{{"text", "noted"}}));
  EXPECT_EQ(readText(work_ / "report.txt"), "2 steps; last reply: step done; tools: [\"note.write\"]");
  // The plan's requests name its own model; the others the run's.
  std::vector<Json> requests = server.requests();
  ASSERT_EQ(requests.size(), 5u);
  EXPECT_EQ(requests[0]["body"]["model"], "plan-model");
  EXPECT_FALSE(requests[0]["body"].contains("tools"));
  EXPECT_EQ(requests[1]["body"]["model"], "run-model");
  EXPECT_EQ(requests[1]["body"]["messages"][0]["content"], "Do step 0: lint");
}

// A prompt-agent's bounds (docs/awl.md "Actions"): a model that still calls tools in the last of
// its max-turns rounds ends the run with exit 3 — that round's calls are not run — and so does
// one that does not answer within the action's timeout.
TEST_F(AwlE2ETest, AnAgentStillCallingToolsAtMaxTurnsIsExit3) {
  LlmServerProcess server(Json::parse(R"({"replies": [
    {"reply": {"tool_calls": [{"name": "note_write", "arguments": {"text": "again"}}]}}
  ]})"));
  std::string bindings = dir_.write("bindings.yaml",
                                    "tools:\n  note.write: {exec: {argv: [sh, -c, 'cat >> calls; echo >> calls; echo {}']}}\n");
  ProcessResult r = run("awl-agent", {{"dir", work_.str()}, {"mode", "turns"}},
                        {"--bindings", bindings, "--llm-base-url", server.baseUrl(), "--model", "m"});
  EXPECT_EQ(r.exitCode, 3) << r.describe() << "\n" << r.err;
  EXPECT_NE(r.err.find("(2 rounds) without ending: its last reply still called tools"), std::string::npos) << r.err;
  EXPECT_EQ(server.requests().size(), 2u);
  EXPECT_EQ(readText(work_ / "calls"), "{\"text\":\"again\"}\n") << "the first round's call runs, the last's does not";
  EXPECT_FALSE(fs::exists(work_ / "after-agent"));
}

TEST_F(AwlE2ETest, AnAgentPastItsTimeoutIsExit3) {
  LlmServerProcess server(Json::parse(R"({"replies": [{"delay_ms": 20000, "reply": {"content": "late"}}]})"));
  ProcessResult r = run("awl-agent", {{"dir", work_.str()}, {"mode", "slow"}},
                        {"--llm-base-url", server.baseUrl(), "--model", "m"});
  EXPECT_EQ(r.exitCode, 3) << r.describe() << "\n" << r.err;
  EXPECT_NE(r.err.find("timed out after 1000 ms"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(work_ / "after-agent"));
}

// ---- injection -----------------------------------------------------------------------------------

class AwlInjectionTest : public AwlE2ETest {
 protected:
  // Runs the injection pack with `payload` as the input's value and as the model's reply; every
  // place the command put it — in 0/ from the input, in 1/ from the model — must hold exactly its
  // bytes, and the canary must not exist.
  void passesThrough(const std::string &payload) {
    LlmServerProcess server(Json{{"replies", {{{"reply", {{"content", payload}}}}}}});
    ProcessResult r = run("awl-injection", {{"dir", work_.str()}, {"payload", payload}},
                          {"--llm-base-url", server.baseUrl(), "--model", "m"});
    ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err.substr(0, 2000);
    EXPECT_FALSE(fs::exists(work_ / "CANARY")) << "a payload ran as shell code";
    EXPECT_EQ(readText(work_ / "model"), payload);
    Json out = Json::parse(r.out);
    EXPECT_EQ(out["echoed"]["stdout"], payload);
    // The constant ran as the author's command, its fallback group as written: exit 3 is data.
    EXPECT_EQ(out["checked"]["exit-code"], 3);
    std::string trimmed = payload;
    while (!trimmed.empty() && trimmed.back() == '\n') trimmed.pop_back();  // $(…) drops trailing newlines
    for (const char *source : {"0", "1"}) {
      SCOPED_TRACE(source[0] == '0' ? "from the input" : "from the model");
      fs::path d = work_ / source;
      for (const char *file : {"unquoted", "double", "single", "grouped", "grouped-double", "grouped-single",
                               "or-group", "not-a-command", "validated"})
        EXPECT_EQ(readText(d / file), payload) << file;
      EXPECT_EQ(readText(d / "heredoc"), payload + "\n");
      EXPECT_EQ(readText(d / "substituted"), trimmed);
      EXPECT_EQ(readText(d / "backslash"), "\\" + payload);
      EXPECT_EQ(readText(d / "braced-double"), "{" + payload + "}");
      EXPECT_EQ(readText(d / "braced-single"), "{" + payload + "}");
      EXPECT_EQ(readText(d / "json"), "{\"v\": \"" + payload + "\"}");
      EXPECT_EQ(readText(d / "json-double"), "{\"v\": \"" + payload + "\", \"n\": [{\"k\": 1}]}");
      EXPECT_EQ(readText(d / "json-unquoted"), "{v:" + payload + "}");
      EXPECT_EQ(readText(d / "json-heredoc"), "{\"v\": \"" + payload + "\", \"n\": [{\"k\": {\"m\": 1}}]}\n");
      EXPECT_EQ(readText(d / "validated.marker"), "1\n") << "the constant did not run as `test`";
      // A shell the command starts gets the value as a positional parameter — an argument, which
      // the kernel limits to 128 KiB: a longer one is refused before anything runs.
      for (const char *file : {"positional", "bash-positional", "stdin-script"}) {
        if (payload.size() < 128 * 1024) EXPECT_EQ(readText(d / file), payload) << file;
        else EXPECT_FALSE(fs::exists(d / file)) << file;
      }
    }
  }
  std::string canary() const { return (work_ / "CANARY").string(); }
};

TEST_F(AwlInjectionTest, CommandSubstitution) { passesThrough("$(touch " + canary() + ")"); }
TEST_F(AwlInjectionTest, Backquotes) { passesThrough("`touch " + canary() + "`"); }
TEST_F(AwlInjectionTest, Semicolon) { passesThrough("x; touch " + canary()); }
TEST_F(AwlInjectionTest, AndAnd) { passesThrough("x && touch " + canary() + " || touch " + canary()); }
TEST_F(AwlInjectionTest, SingleQuotes) { passesThrough("'; touch " + canary() + "; echo '"); }
TEST_F(AwlInjectionTest, DoubleQuotes) { passesThrough("\"; touch " + canary() + "; echo \""); }
TEST_F(AwlInjectionTest, Newlines) { passesThrough("line one\ntouch " + canary() + "\nEOF\ntouch " + canary() + "\n"); }
TEST_F(AwlInjectionTest, Glob) { passesThrough("*"); }
// Braces in a value are data: never an expression, a shell group or an escape, in any context.
TEST_F(AwlInjectionTest, Braces) {
  passesThrough("{payload} { touch " + canary() + "; } {{x}} }} { $(touch " + canary() + ") {dir} {");
}
// Braces, quotes and backquotes together, among the command's own literal braces: a value's `{`
// never opens an expression, a group or an escape, and what reads like an expression is text.
TEST_F(AwlInjectionTest, BracesQuotesAndBackquotes) {
  passesThrough("{\"v\": \"{item}\"} '{ touch " + canary() + "; }' \"{{payload}}\" `touch " + canary() + "` $(touch " +
                canary() + ") ; { touch " + canary() + "; } }} {{ {reply.text} {env.HOME} {check_cmd} '\"");
}
TEST_F(AwlInjectionTest, JsonLooking) {
  passesThrough("{\"k\": \"v'\", \"n\": [{\"x\": {\"y\": 1}}], \"cmd\": \"$(touch " + canary() + ")\"}}");
}
TEST_F(AwlInjectionTest, ParameterExpansion) { passesThrough("$HOME ${PATH} $0 $@ \\$x \\"); }
TEST_F(AwlInjectionTest, ControlCharactersAndUnicode) {
  std::string bytes;
  for (int c = 1; c < 128; ++c) bytes += char(c);
  passesThrough(bytes + "é€😀");
}
TEST_F(AwlInjectionTest, OneMegabyte) {
  std::string chunk = "$(touch " + canary() + ") `touch " + canary() + "` ; && | ' \" * \n";
  std::string payload;
  while (payload.size() < (size_t(1) << 20)) payload += chunk;
  passesThrough(payload);
}

// The commands the compiler refuses (docs/awl.md "Shell commands and taint"): none compiles. Were
// one to, it runs here with a payload that tries to run code and to split — what the refusal
// prevents — so that the failure says what the hole does.
TEST_F(AwlInjectionTest, CommandsThatWouldRunAValueAsCodeDoNotCompile) {
  struct Refused {
    std::string command;  // its lines, in a block scalar
    std::string message;  // what the compiler says
  };
  const std::string script = "a run-time value cannot go in the script that ";
  const std::vector<Refused> refused = {
      {"printf '%s' \\{payload}\" > out", "a run-time value cannot go right after a '\\'"},
      {"printf '%s' \"C:\\{payload}\" > out", "a run-time value cannot go right after a '\\'"},
      {"sh -c 'printf \"%s\" {payload}' > out", script + "'sh -c' runs"},
      {"bash -c \"printf '%s' {payload}\" > out", script + "'bash -c' runs"},
      {"sh -ec \"printf '%s' {payload}\" > out", script + "'sh -ec' runs"},
      {"env sh -c 'printf \"%s\" {payload}' > out", script + "'sh -c' runs"},
      {"echo x | xargs sh -c 'printf \"%s\" {payload}' > out", script + "'sh -c' runs"},
      {"sh -c \"printf '%s' $(printf '%s' {payload})\" > out", script + "'sh -c' runs"},
      {"sh > out <<EOF\nprintf '%s' {payload}\nEOF", script + "'sh' reads from its standard input"},
      {"sh {flag} {payload} > out", "a run-time value cannot go among the options of 'sh'"},
  };
  const std::string payload = "x; touch " + canary() + "; printf '%s' '*   *'";
  for (const Refused &r : refused) {
    SCOPED_TRACE(r.command);
    std::string block;
    for (const std::string &line : splitLines(r.command)) block += "        " + line + "\n";
    std::string pack = dir_.write("refused.awl.yaml",
                                  "workflow:\n"
                                  "  name: \"refused\"\n"
                                  "  inputs: {dir: {type: string}, payload: {type: string}, flag: {type: string}}\n"
                                  "  before:\n"
                                  "    - action: shell\n"
                                  "      working-dir: \"{dir}\"\n"
                                  "      command: |\n" + block +
                                  "  foreach:\n"
                                  "    items: []\n"
                                  "    steps:\n"
                                  "      - action: notify\n"
                                  "        event: \"never\"\n");
    std::string exe = (dir_ / "refused").string();
    fs::remove(exe);
    ProcessResult compiled = runProcess(WFC_BINARY, {"compile", pack, "-o", exe}, 120);
    EXPECT_EQ(compiled.exitCode, 1) << compiled.describe() << "\n" << compiled.err;
    EXPECT_NE(compiled.err.find(r.message), std::string::npos) << compiled.err;
    if (compiled.exitCode != 0) continue;
    std::string input = dir_.write("input.json", Json{{"dir", work_.str()}, {"payload", payload}, {"flag", "-c"}}.dump());
    ProcessResult ran = runProcess(exe, {"--input", input}, 60);
    std::string out = fs::exists(work_ / "out") ? readText(work_ / "out") : "";
    EXPECT_FALSE(fs::exists(work_ / "CANARY")) << "the payload ran as shell code; it printed [" << out << "]";
    fs::remove(work_ / "CANARY");
    fs::remove(work_ / "out");
  }
}

// ---- resume ----------------------------------------------------------------------------------------

TEST_F(AwlE2ETest, AKilledRunResumesWithItsVariables) {
  std::string journal = (dir_ / "runs.db").string();
  ProcessResult first = run("awl-resume", {{"dir", work_.str()}}, {"--journal", journal});
  ASSERT_EQ(first.termSignal, 9) << first.describe() << "\n" << first.err;
  ProcessResult runs = runProcess(e2eExeDir() + "/awl-resume", {"--journal", journal, "--runs"});
  ASSERT_EQ(runs.exitCode, 0) << runs.err;
  std::string id = Json::parse(runs.out.substr(0, runs.out.find('\n')))["id"];
  ProcessResult resumed = runProcess(e2eExeDir() + "/awl-resume", {"--journal", journal, "--resume", id}, 60);
  ASSERT_EQ(resumed.exitCode, 0) << resumed.describe() << "\n" << resumed.err;
  // Nothing completed ran again; the values captured before the kill were there after it.
  EXPECT_EQ(readText(work_ / "runs"), "before\nstep 1\nstep 2\nstep 3\nafter\n");
  EXPECT_EQ(Json::parse(resumed.out)["summary"]["stdout"], "first\n|value-3\n");
}

}  // namespace
}  // namespace wfc::test

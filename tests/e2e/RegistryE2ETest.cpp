// Workflow registries end to end (docs/registry.md): registry/'s extension_registry.json compiled
// into one executable (at -O1 and -O0), its workflows' tools bound to tools/toolcomp-tool.sh,
// which logs each call and fails or sleeps as a test asks. Against the journal: gating blocked
// then satisfied (any run that succeeded counts), user and app scopes, optional dependencies,
// parallel groups, a failed workflow that does not advance, a transition suspended and resumed
// with each option, two scopes in one journal, kill -9 mid-sequence then --resume; each
// transition type routing a run, a dependency outside the sequence, a closed input schema.
// registry-seed/ is seed 002's own example registry, compiled and run the same way.
#include "ExeDir.h"
#include "Process.h"
#include "TestFiles.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <map>
#include <regex>
#include <thread>

#include <spawn.h>
#include <sys/wait.h>

extern char **environ;

namespace wfc::test {
namespace {

using Json = nlohmann::json;

const std::string kTool = std::string(WFC_SOURCE_DIR) + "/tests/e2e/tools/toolcomp-tool.sh";
const std::vector<std::string> kWorkflows = {"setup", "build", "lint", "ship", "docs", "review", "alt", "narrow"};

class RegistryE2ETest : public ::testing::Test {
 protected:
  void SetUp() override { useExecutable("e2e-registry", kWorkflows); }

  // The executable under test, each workflow's tool (NAME_work) bound to the logging tool.
  void useExecutable(const std::string &name, const std::vector<std::string> &workflows) {
    exe_ = e2eExeDir() + "/" + name;
    ASSERT_TRUE(std::filesystem::exists(exe_)) << exe_ << " was not built";
    std::string yaml = "tools:\n";
    for (const std::string &w : workflows)
      yaml += "  " + w + "_work: {exec: {argv: [sh, '" + kTool + "', " + w + ", '" + dir_.str() + "']}}\n";
    bindings_ = dir_.write("bindings.yaml", yaml);
    journal_ = (dir_ / "registry.db").string();
  }

  ProcessResult run(std::vector<std::string> args) {
    std::vector<std::string> all = {"--bindings", bindings_, "--journal", journal_};
    all.insert(all.end(), args.begin(), args.end());
    return runProcess(exe_, all, 60);
  }
  std::vector<std::string> called() const {
    std::vector<std::string> out;
    if (!std::filesystem::exists(dir_ / "calls.jsonl")) return out;
    for (const Json &c : jsonLines(dir_ / "calls.jsonl")) out.push_back(c["tool"]);
    return out;
  }
  std::vector<Json> calls() const {
    if (!std::filesystem::exists(dir_ / "calls.jsonl")) return {};
    return jsonLines(dir_ / "calls.jsonl");
  }
  void failFirst(const std::string &tool, int times) { dir_.write(tool + ".fail", std::to_string(times) + "\n"); }
  void sleepEach(const std::string &tool, const std::string &seconds) { dir_.write(tool + ".sleep", seconds + "\n"); }
  // The id of the newest sequence run (--runs lists sequence runs first).
  std::string sequenceRun() {
    ProcessResult r = run({"--runs"});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    for (const std::string &line : splitLines(r.out)) {
      Json j = Json::parse(line);
      if (j["kind"] == "sequence") return j["id"];
    }
    ADD_FAILURE() << "no sequence run in\n" << r.out;
    return "";
  }
  // The sequence run a suspended (or stopped) process names on stderr.
  static std::string runNamedIn(const ProcessResult &r) {
    std::smatch m;
    if (std::regex_search(r.err, m, std::regex("sequence run ([0-9a-f]+)"))) return m[1];
    ADD_FAILURE() << "no sequence run named in\n" << r.err;
    return "";
  }

  std::string exe_, bindings_, journal_;
  TempDir dir_;
};

TEST_F(RegistryE2ETest, AWorkflowWaitsForItsDependencyAndAnyRunThatSucceededCounts) {
  ProcessResult blocked = run({"--workflow", "Build", "--scope", "app1"});
  EXPECT_EQ(blocked.exitCode, 1) << blocked.describe();
  EXPECT_EQ(blocked.out, "");
  EXPECT_NE(blocked.err.find("error: Build requires Setup to be completed first."), std::string::npos) << blocked.err;
  EXPECT_TRUE(called().empty());

  ProcessResult setup = run({"--workflow", "Setup", "--scope", "app1", "--input-json", R"({"n": 1})"});
  ASSERT_EQ(setup.exitCode, 0) << setup.err;
  EXPECT_EQ(Json::parse(setup.out), (Json{{"tool", "setup"}, {"n", 1}, {"args", {{"input", {{"n", 1}}}}}}));
  // A later run of Setup that fails does not take the earlier success back.
  failFirst("setup", 2);
  EXPECT_EQ(run({"--workflow", "Setup", "--scope", "app1"}).exitCode, 1);
  ProcessResult build = run({"--workflow", "Build", "--scope", "app1"});
  EXPECT_EQ(build.exitCode, 0) << build.err;
  EXPECT_EQ(called(), (std::vector<std::string>{"setup", "setup", "build"}));
}

TEST_F(RegistryE2ETest, ScopesNeverSeeEachOthersRuns) {
  ASSERT_EQ(run({"--workflow", "Setup", "--scope", "app1"}).exitCode, 0);
  ProcessResult other = run({"--workflow", "Build", "--scope", "app2"});
  EXPECT_EQ(other.exitCode, 1) << other.err;
  EXPECT_NE(other.err.find("Build requires Setup to be completed first."), std::string::npos);
  EXPECT_EQ(run({"--workflow", "Build", "--scope", "app1"}).exitCode, 0);
}

TEST_F(RegistryE2ETest, AUserScopedDependencyNeedsTheSameUsersRunAndSaysItsReason) {
  ASSERT_EQ(run({"--workflow", "Setup", "--scope", "app1", "--user", "ada"}).exitCode, 0);
  ProcessResult grace = run({"--workflow", "Review", "--scope", "app1", "--user", "grace"});
  EXPECT_EQ(grace.exitCode, 1) << grace.err;
  EXPECT_NE(grace.err.find("error: Review needs a Setup run of your own."), std::string::npos) << grace.err;
  EXPECT_EQ(run({"--workflow", "Review", "--scope", "app1", "--user", "ada"}).exitCode, 0);
  // Without --user there is no one to ask about.
  ProcessResult nobody = run({"--workflow", "Review", "--scope", "app1"});
  EXPECT_EQ(nobody.exitCode, 2) << nobody.err;
  EXPECT_NE(nobody.err.find("give --user ID"), std::string::npos) << nobody.err;
  // An app-scoped dependency accepts anyone's run in the scope.
  EXPECT_EQ(run({"--workflow", "Build", "--scope", "app1", "--user", "grace"}).exitCode, 0);
}

TEST_F(RegistryE2ETest, AnOptionalDependencyNeverBlocks) {
  ASSERT_EQ(run({"--workflow", "Setup", "--scope", "s"}).exitCode, 0);
  ASSERT_EQ(run({"--workflow", "Build", "--scope", "s"}).exitCode, 0);
  ASSERT_EQ(run({"--workflow", "Lint", "--scope", "s"}).exitCode, 0);
  ProcessResult ship = run({"--workflow", "Ship", "--scope", "s", "--input-json", R"({"mode": "direct"})"});  // Docs, optional, never ran
  EXPECT_EQ(ship.exitCode, 0) << ship.err;
}

TEST_F(RegistryE2ETest, ASequenceRunsGroupsAtOnceSuspendsAtItsTransitionAndRoutesByTheChoice) {
  sleepEach("build", "0.6");
  sleepEach("lint", "0.6");
  ProcessResult start = run({"--sequence", "release", "--scope", "app1", "--input-json", R"({"version": "2.0"})"});
  ASSERT_EQ(start.exitCode, 4) << start.describe() << "\n" << start.err;
  EXPECT_EQ(start.out, "");
  EXPECT_NE(start.err.find("transition 'pick' is waiting for 'ship' or 'alt'"), std::string::npos) << start.err;
  EXPECT_NE(start.err.find("--resume"), std::string::npos);
  std::vector<Json> log = calls();
  ASSERT_EQ(log.size(), 3u);
  std::map<std::string, Json> by;
  for (const Json &c : log) by[c["tool"]] = c;
  // Build and Lint, one step: at once (a registry runs a step's workflows in parallel at any -O).
  EXPECT_LT(by["build"]["start_ns"].get<double>(), by["lint"]["end_ns"].get<double>());
  EXPECT_LT(by["lint"]["start_ns"].get<double>(), by["build"]["end_ns"].get<double>());
  EXPECT_GT(by["build"]["start_ns"].get<double>(), by["setup"]["end_ns"].get<double>());

  std::string id = sequenceRun();
  ProcessResult wrong = run({"--resume", id, "--event", "publish"});
  EXPECT_EQ(wrong.exitCode, 1) << wrong.err;
  EXPECT_NE(wrong.err.find("transition 'pick' has no option 'publish'; it awaits 'ship' or 'alt'"), std::string::npos)
      << wrong.err;
  const std::filesystem::path trace = dir_ / "resume.trace.jsonl";
  ProcessResult done = run({"--resume", id, "--event", "ship", "--event-context", R"({"approver": "ada"})", "--trace",
                            trace.string()});
  ASSERT_EQ(done.exitCode, 0) << done.err;
  Json out = Json::parse(done.out);
  // The trace says how the sequence run ended, its status spelled as the journal spells it.
  std::vector<Json> ends;
  for (const Json &e : jsonLines(trace))
    if (e["event"] == "sequence_end") ends.push_back(e);
  ASSERT_EQ(ends.size(), 1u);
  EXPECT_EQ(ends[0]["status"], "succeeded");
  EXPECT_EQ(ends[0]["exit_code"], 0);
  // Ship then Alt (the sequence goes on after the routed-to step); the option's context seeds
  // the input of the workflows after it.
  EXPECT_EQ(called(), (std::vector<std::string>{"setup", log[1]["tool"], log[2]["tool"], "ship", "alt"}));
  EXPECT_EQ(out["Ship"]["args"]["input"], (Json{{"version", "2.0"}, {"mode", "ship"}, {"approver", "ada"}}));
  EXPECT_EQ(out["Setup"]["args"]["input"], (Json{{"version", "2.0"}}));
  for (const char *w : {"Setup", "Build", "Lint", "Ship", "Alt"}) EXPECT_TRUE(out.contains(w)) << w << " " << out;
  // Resuming a finished sequence prints its output again and runs nothing.
  ProcessResult again = run({"--resume", id});
  EXPECT_EQ(again.exitCode, 0);
  EXPECT_EQ(Json::parse(again.out), out);
  EXPECT_EQ(calls().size(), 5u);
}

TEST_F(RegistryE2ETest, TheOtherOptionSkipsToItsWorkflow) {
  ASSERT_EQ(run({"--sequence", "release", "--scope", "app1"}).exitCode, 4);
  ProcessResult done = run({"--resume", sequenceRun(), "--event", "alt", "--event-context", R"({"approver": "ada"})"});
  ASSERT_EQ(done.exitCode, 0) << done.err;
  std::vector<std::string> tools = called();
  EXPECT_EQ(tools.back(), "alt");
  EXPECT_EQ(std::count(tools.begin(), tools.end(), "ship"), 0) << "Ship is skipped by the route to Alt";
  EXPECT_EQ(Json::parse(done.out)["Alt"]["args"]["input"], (Json{{"mode", "alt"}, {"approver", "ada"}}));
}

// Ship's input needs `mode` and Alt's `approver`, which the sequence's input does not give: the
// sequence starts (the transition before them sets what they need), and a workflow whose input
// still lacks a value when its turn comes stops the sequence there, saying whose input lacks what.
TEST_F(RegistryE2ETest, ATransitionsContextSatisfiesTheInputOfTheWorkflowsAfterIt) {
  ProcessResult start = run({"--sequence", "release", "--scope", "app1"});
  ASSERT_EQ(start.exitCode, 4) << start.err;  // at the transition: Ship's `mode` is not asked for up front
  const std::string id = sequenceRun();
  ProcessResult alt = run({"--resume", id, "--event", "alt"});
  EXPECT_EQ(alt.exitCode, 2) << alt.err;
  EXPECT_NE(alt.err.find("workflow 'Alt' of sequence 'release' cannot start"), std::string::npos) << alt.err;
  EXPECT_NE(alt.err.find("approver"), std::string::npos) << alt.err;
  EXPECT_NE(alt.err.find("context_variables and --event-context"), std::string::npos) << alt.err;
  std::vector<std::string> tools = called();
  EXPECT_EQ(std::count(tools.begin(), tools.end(), "alt"), 0) << "Alt did not run";
}

TEST_F(RegistryE2ETest, AFailedWorkflowDoesNotAdvanceAndTheSequenceResumesAtIt) {
  failFirst("lint", 1);
  ProcessResult failed = run({"--sequence", "release", "--scope", "app1"});
  EXPECT_EQ(failed.exitCode, 1) << failed.err;
  EXPECT_NE(failed.err.find("workflow 'Lint' failed:"), std::string::npos) << failed.err;
  // Build succeeded beside it; nothing after the step started.
  std::vector<std::string> tools = called();
  EXPECT_EQ(tools.size(), 3u);
  std::string id = sequenceRun();
  ProcessResult again = run({"--resume", id});
  EXPECT_EQ(again.exitCode, 4) << again.err;  // Lint again (its run resumed), then the transition
  tools = called();
  EXPECT_EQ(std::count(tools.begin(), tools.end(), "build"), 1) << "Build succeeded: it is not run again";
  EXPECT_EQ(std::count(tools.begin(), tools.end(), "lint"), 2);
}

TEST_F(RegistryE2ETest, KilledMidSequenceThenResumedRunsNothingTwice) {
  sleepEach("build", "5");  // the process is killed while Build runs (its orphaned tool ends 5 s later)
  std::string log = (dir_ / "run.err").string();
  std::vector<std::string> argv = {exe_, "--bindings", bindings_, "--journal", journal_, "--sequence", "release",
                                   "--scope", "app1"};
  std::vector<char *> cargv;
  for (std::string &a : argv) cargv.push_back(a.data());
  cargv.push_back(nullptr);
  pid_t pid = 0;
  ASSERT_EQ(posix_spawn(&pid, exe_.c_str(), nullptr, nullptr, cargv.data(), environ), 0);
  // Wait until Lint has finished — its run journaled as succeeded, not merely its tool called: a
  // kill between the two would rightly run Lint again — and Build is running. Setup and Lint are
  // the two runs that can have succeeded while Build sleeps.
  auto succeededRuns = [&] {
    ProcessResult r = run({"--runs"});
    size_t n = 0;
    for (const std::string &line : splitLines(r.out))
      if (line.find("\"kind\"") == std::string::npos && line.find("\"status\":\"succeeded\"") != std::string::npos) ++n;
    return n;
  };
  auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (std::chrono::steady_clock::now() < until) {
    std::vector<std::string> tools = called();
    if (std::count(tools.begin(), tools.end(), "lint") == 1 && std::filesystem::exists(dir_ / "build.count") &&
        succeededRuns() == 2)
      break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  ::kill(pid, SIGKILL);
  int status = 0;
  ::waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFSIGNALED(status));
  std::filesystem::remove(dir_ / "build.sleep");
  std::string id = sequenceRun();
  ProcessResult resumed = run({"--resume", id});
  EXPECT_EQ(resumed.exitCode, 4) << resumed.err;
  std::vector<std::string> tools = called();
  EXPECT_EQ(std::count(tools.begin(), tools.end(), "setup"), 1);
  EXPECT_EQ(std::count(tools.begin(), tools.end(), "lint"), 1);
  EXPECT_EQ(std::count(tools.begin(), tools.end(), "build"), 1) << "the killed call never logged; the resumed one did";
  // The repeated call carries the same idempotency key as the one the kill interrupted.
  ProcessResult done = run({"--resume", id, "--event", "ship", "--event-context", R"({"approver": "ada"})"});
  EXPECT_EQ(done.exitCode, 0) << done.err;
}

TEST_F(RegistryE2ETest, EntrypointsAndRunsAreListed) {
  ProcessResult entry = run({"--entrypoints"});
  ASSERT_EQ(entry.exitCode, 0);
  EXPECT_EQ(Json::parse(entry.out),
            (Json{{"id", "release"}, {"path", "/release"}, {"label", "Release"}, {"workflow", "Setup"}, {"sequence", "release"}}));
  ASSERT_EQ(run({"--workflow", "Setup", "--scope", "a"}).exitCode, 0);
  ProcessResult runs = run({"--runs"});
  ASSERT_EQ(runs.exitCode, 0);
  EXPECT_NE(runs.out.find("\"status\":\"succeeded\""), std::string::npos) << runs.out;
}

TEST_F(RegistryE2ETest, UsageErrors) {
  ASSERT_EQ(run({"--workflow", "Setup", "--scope", "a"}).exitCode, 0);  // the journal exists
  struct Case {
    std::vector<std::string> args;
    std::string message;
  };
  for (const Case &c : std::vector<Case>{
           {{}, "say what to run"},
           {{"--sequence", "release"}, "give --scope ID"},
           {{"--sequence", "nope", "--scope", "a"}, "this registry has no sequence 'nope'; it has 'release'"},
           {{"--workflow", "Nope", "--scope", "a"}, "this registry has no workflow 'Nope'"},
           {{"--sequence", "release", "--workflow", "Setup", "--scope", "a"}, "give one of"},
           {{"--workflow", "Setup", "--scope", "a", "--chat"}, "--chat is not an option of a workflow registry's executable"},
           {{"--resume", "no-such-run"}, "has no run 'no-such-run'"},
       }) {
    ProcessResult r = run(c.args);
    EXPECT_EQ(r.exitCode, 2) << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
  }
}

// silent → progress_view → prerequisite_redirect → Docs: each routes at once, nothing suspends,
// and the route to Docs skips Setup's step.
TEST_F(RegistryE2ETest, SilentProgressViewAndPrerequisiteRedirectRouteAtOnce) {
  ProcessResult r = run({"--sequence", "direct", "--scope", "s"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(called(), (std::vector<std::string>{"docs"}));
  Json out = Json::parse(r.out);
  EXPECT_EQ(out.size(), 1u) << out;
  EXPECT_TRUE(out.contains("Docs")) << out;
}

// The reference runtime's two types: chat_session routes at once to its workflow (Docs, past
// Setup), workflow_complete without a route ends the sequence (Narrow, after it, never runs).
TEST_F(RegistryE2ETest, AChatSessionRoutesToItsWorkflowAndWorkflowCompleteEndsTheSequence) {
  ProcessResult r = run({"--sequence", "finish", "--scope", "s"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(called(), (std::vector<std::string>{"docs"}));
  EXPECT_EQ(Json::parse(r.out).size(), 1u) << r.out;
}

// A user_choice_route suspends as a user_choice does; its options route to a condition, which
// routes by the context the choice set: an option's context_variables or --event-context.
TEST_F(RegistryE2ETest, AUserChoiceRouteSuspendsAndAConditionRoutesByTheContextItSets) {
  ProcessResult start = run({"--sequence", "decide", "--scope", "s"});
  ASSERT_EQ(start.exitCode, 4) << start.err;
  EXPECT_EQ(start.out, "");
  EXPECT_NE(start.err.find("transition 'kind' is waiting for 'fast', 'full' or 'ask'"), std::string::npos) << start.err;
  EXPECT_TRUE(called().empty());
  ProcessResult fast = run({"--resume", runNamedIn(start), "--event", "fast"});
  ASSERT_EQ(fast.exitCode, 0) << fast.err;
  EXPECT_EQ(called(), (std::vector<std::string>{"docs", "narrow"})) << "mode fast routes to Docs, past Setup";

  ProcessResult again = run({"--sequence", "decide", "--scope", "t"});
  ASSERT_EQ(again.exitCode, 4) << again.err;
  ProcessResult full = run({"--resume", runNamedIn(again), "--event", "full"});
  ASSERT_EQ(full.exitCode, 0) << full.err;
  EXPECT_EQ(called(), (std::vector<std::string>{"docs", "narrow", "setup", "docs", "narrow"}));

  // 'ask' sets nothing; the context the event brings is what the condition reads.
  ProcessResult third = run({"--sequence", "decide", "--scope", "u"});
  ASSERT_EQ(third.exitCode, 4) << third.err;
  ProcessResult viaContext =
      run({"--resume", runNamedIn(third), "--event", "ask", "--event-context", R"({"mode": "fast"})"});
  ASSERT_EQ(viaContext.exitCode, 0) << viaContext.err;
  EXPECT_EQ(called().size(), 7u);
  EXPECT_EQ(called()[5], "docs");
}

// A condition that matches no route takes its default_route, here a confirm: it suspends for
// 'confirm' or 'cancel'; confirm routes to its confirm_route, cancel without a cancel_route ends
// the sequence with nothing more run.
TEST_F(RegistryE2ETest, AConditionWithoutAMatchTakesItsDefaultRouteAndAConfirmSuspends) {
  ProcessResult start = run({"--sequence", "decide", "--scope", "s"});
  ASSERT_EQ(start.exitCode, 4) << start.err;
  const std::string id = runNamedIn(start);
  ProcessResult ask = run({"--resume", id, "--event", "ask"});
  ASSERT_EQ(ask.exitCode, 4) << ask.err;
  EXPECT_NE(ask.err.find("transition 'sure' is waiting for 'confirm' or 'cancel'"), std::string::npos) << ask.err;
  EXPECT_TRUE(called().empty());
  ProcessResult wrong = run({"--resume", id, "--event", "yes"});
  EXPECT_EQ(wrong.exitCode, 1) << wrong.err;
  EXPECT_NE(wrong.err.find("transition 'sure' has no option 'yes'; it awaits 'confirm' or 'cancel'"), std::string::npos)
      << wrong.err;
  ProcessResult confirm = run({"--resume", id, "--event", "confirm"});
  ASSERT_EQ(confirm.exitCode, 0) << confirm.err;
  EXPECT_EQ(called(), (std::vector<std::string>{"setup", "docs", "narrow"}));

  ProcessResult other = run({"--sequence", "decide", "--scope", "t"});
  ASSERT_EQ(other.exitCode, 4) << other.err;
  const std::string second = runNamedIn(other);
  ASSERT_EQ(run({"--resume", second, "--event", "ask"}).exitCode, 4);
  ProcessResult cancel = run({"--resume", second, "--event", "cancel"});
  ASSERT_EQ(cancel.exitCode, 0) << cancel.err;
  EXPECT_EQ(Json::parse(cancel.out), Json::object());
  EXPECT_EQ(called().size(), 3u) << "cancel runs nothing";
}

// Sequence 'gate' runs Docs, then Build, whose required dependency Setup it does not run: Build
// is gated when the sequence reaches it, not when the sequence starts.
TEST_F(RegistryE2ETest, ADependencyOutsideTheSequenceGatesItsWorkflowWhenTheSequenceReachesIt) {
  ProcessResult blocked = run({"--sequence", "gate", "--scope", "s"});
  EXPECT_EQ(blocked.exitCode, 1) << blocked.err;
  EXPECT_NE(blocked.err.find("Build requires Setup to be completed first."), std::string::npos) << blocked.err;
  EXPECT_EQ(called(), (std::vector<std::string>{"docs"}));
  ASSERT_EQ(run({"--workflow", "Setup", "--scope", "s"}).exitCode, 0);
  ProcessResult resumed = run({"--resume", sequenceRun()});
  ASSERT_EQ(resumed.exitCode, 0) << resumed.err;
  EXPECT_EQ(called(), (std::vector<std::string>{"docs", "setup", "build"}));
  EXPECT_TRUE(Json::parse(resumed.out).contains("Build")) << resumed.out;
}

// Narrow's input_schema closes its object (additionalProperties: false): of the sequence's input
// and the context over it, it gets only `version`, where Docs gets everything.
TEST_F(RegistryE2ETest, AClosedInputSchemaGetsOnlyTheKeysItLists) {
  ProcessResult start =
      run({"--sequence", "decide", "--scope", "s", "--input-json", R"({"version": "2.0", "extra": 1})"});
  ASSERT_EQ(start.exitCode, 4) << start.err;
  ProcessResult done = run({"--resume", runNamedIn(start), "--event", "fast"});
  ASSERT_EQ(done.exitCode, 0) << done.err;
  Json out = Json::parse(done.out);
  EXPECT_EQ(out["Docs"]["args"]["input"], (Json{{"version", "2.0"}, {"extra", 1}, {"mode", "fast"}}));
  EXPECT_EQ(out["Narrow"]["args"]["input"], (Json{{"version", "2.0"}}));
  // The same for one workflow's run.
  ProcessResult alone = run({"--workflow", "Narrow", "--scope", "s", "--input-json", R"({"version": "1", "extra": true})"});
  ASSERT_EQ(alone.exitCode, 0) << alone.err;
  EXPECT_EQ(Json::parse(alone.out)["args"]["input"], (Json{{"version", "1"}}));
}

// There is no HTTP serving or MCP for a registry yet (docs/registry.md "Running"): these options,
// and those of single runs, are usage errors that name the registry's own modes.
TEST_F(RegistryE2ETest, ServingAndOtherModesOptionsAreRefused) {
  for (const std::vector<std::string> &args : std::vector<std::vector<std::string>>{
           {"--serve", "8080"},
           {"--mcp"},
           {"--events", "events.jsonl"},
           {"--task", "t"},
           {"--message", "m"},
           {"--raw"},
           {"--dry-run"},
           {"--report", "r.json"},
       }) {
    std::vector<std::string> all = {"--workflow", "Setup", "--scope", "a"};
    all.insert(all.end(), args.begin(), args.end());
    ProcessResult r = run(all);
    EXPECT_EQ(r.exitCode, 2) << args[0] << ": " << r.err;
    EXPECT_NE(r.err.find(args[0] + " is not an option of a workflow registry's executable (it runs sequences and "
                                   "workflows: --sequence, --workflow, --resume, --entrypoints, --runs)"),
              std::string::npos)
        << r.err;
  }
  EXPECT_TRUE(called().empty());
}

// Seed 002's own example registry (registry-seed/, its extension_registry.json as the seed writes
// it; the packs are what the seed leaves out): sequence 'build', ValueEngine then AppGenerator,
// and AppGenerator gated on ValueEngine.
class RegistrySeedE2ETest : public RegistryE2ETest {
 protected:
  void SetUp() override { useExecutable("e2e-registry-seed", {"valueengine", "appgenerator"}); }
};

TEST_F(RegistrySeedE2ETest, TheSeedsExampleRegistryRunsItsBuildSequenceAndGates) {
  ProcessResult blocked = run({"--workflow", "AppGenerator", "--scope", "app1"});
  EXPECT_EQ(blocked.exitCode, 1) << blocked.err;
  EXPECT_NE(blocked.err.find("AppGenerator requires ValueEngine to be completed first."), std::string::npos)
      << blocked.err;
  ProcessResult build = run({"--sequence", "build", "--scope", "app1", "--input-json", R"({"idea": "notes"})"});
  ASSERT_EQ(build.exitCode, 0) << build.err;
  EXPECT_EQ(called(), (std::vector<std::string>{"valueengine", "appgenerator"}));
  Json out = Json::parse(build.out);
  EXPECT_EQ(out["ValueEngine"]["args"]["input"], (Json{{"idea", "notes"}}));
  EXPECT_EQ(out["AppGenerator"]["args"]["input"], (Json{{"idea", "notes"}}));
  EXPECT_EQ(run({"--workflow", "AppGenerator", "--scope", "app1"}).exitCode, 0);
  EXPECT_EQ(run({"--workflow", "AppGenerator", "--scope", "app2"}).exitCode, 1) << "scopes are isolated";
  // No entrypoints: the seed's transition 'choose_path' is in no sequence and no entrypoint.
  ProcessResult entry = run({"--entrypoints"});
  EXPECT_EQ(entry.exitCode, 0);
  EXPECT_EQ(entry.out, "");
}

}  // namespace
}  // namespace wfc::test

// The run session every mode drives (runtime/host/session/RunSession.h): what each set-up step
// does and how it fails, and what the session's end tears down — tool processes reaped, the
// signal handlers given back, the journal closed.
#include "host/session/ModeOptions.h"
#include "host/session/RunSession.h"
#include "core/journal/JournalFile.h"
#include "core/trace/Trace.h"
#include "TestSupport.h"

#include "wfc/program.h"
#include "wfc/tool.h"

#include <gtest/gtest.h>

#include <csignal>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

namespace wfc {
namespace {

namespace fs = std::filesystem;
using test::TempDir;

const std::string kFakeMcpServer = std::string(WFC_SOURCE_DIR) + "/tests/runtime/fixtures/fake_mcp_server.py";

const ToolDecl kTools[] = {{.name = "pid"}, {.name = "echo"}};
const CompositionDecl kCompositions[] = {{.name = "main"}};

ProgramDecl program(const char *bindings = nullptr) {
  ProgramDecl p;
  p.name = "session-test";
  p.version = "1.0";
  p.wfcVersion = "0.1.0";
  p.identity = "abc";
  p.tools = kTools;
  p.compositions = kCompositions;
  p.bindings = bindings;
  p.allowUnbound = true;
  return p;
}

CommandLine commandLine() {
  CommandLine cl;
  cl.program = "session-test";
  return cl;
}

TEST(RunSessionTest, AJournalOnlyWhenGivenOrTheModeKeepsOne) {
  TempDir dir;
  CommandLine cl = commandLine();
  {
    RunSession session(cl);
    session.openJournal("session-test", JournalUse::IfGiven, false);
    EXPECT_EQ(session.journal(), nullptr);
    EXPECT_EQ(session.journalPath(), "");
  }
  {
    const std::string fallback = (dir / "served.db").string();
    RunSession session(cl);
    session.openJournal("session-test", JournalUse::Always, false, fallback.c_str());
    ASSERT_NE(session.journal(), nullptr);
    EXPECT_EQ(session.journalPath(), fallback);
    EXPECT_TRUE(fs::exists(fallback));
  }
  cl.journal = (dir / "given.db").string();
  RunSession session(cl);
  session.openJournal("session-test", JournalUse::Always, false, "unused.db");
  EXPECT_EQ(session.journalPath(), *cl.journal);
  EXPECT_FALSE(fs::exists("unused.db"));
}

TEST(RunSessionTest, JournalFailuresKeepTheJournalsExitCode) {
  TempDir dir;
  CommandLine cl = commandLine();
  cl.journal = (dir / "missing.db").string();
  try {
    RunSession session(cl);
    session.openJournal("session-test", JournalUse::IfGiven, /*mustExist=*/true);
    FAIL() << "a missing journal that must exist was opened";
  } catch (const SessionFailure &f) {
    EXPECT_EQ(f.code(), 2);
    EXPECT_EQ(std::string(f.what()), "journal '" + *cl.journal + "' does not exist");
  }
  EXPECT_FALSE(fs::exists(*cl.journal));

  { RunSession(cl).openJournal("other-pack", JournalUse::IfGiven, false); }
  try {
    RunSession session(cl);
    session.openJournal("session-test", JournalUse::IfGiven, false);
    FAIL() << "another pack's journal was claimed";
  } catch (const SessionFailure &f) {
    EXPECT_EQ(f.code(), 2);
    EXPECT_NE(std::string(f.what()).find("holds the runs of pack 'other-pack'"), std::string::npos) << f.what();
  }
}

TEST(RunSessionTest, SetUpFailuresAreUsageErrors) {
  TempDir dir;
  CommandLine cl = commandLine();
  cl.bindings = dir.write("bad.yaml", "tools:\n  pid: {exec: {argv: []}}\n");
  RunSession session(cl);
  try {
    session.loadTools(program());
    FAIL() << "a bad bindings file was loaded";
  } catch (const SessionFailure &f) {
    EXPECT_EQ(f.code(), 2);
    EXPECT_NE(std::string(f.what()).find("bad.yaml:2"), std::string::npos) << f.what();
  }
  cl.bindings.reset();
  cl.events = (dir / "no-such-events.jsonl").string();
  RunSession events(cl);
  EXPECT_THROW(events.loadEvents(), SessionFailure);
}

TEST(RunSessionTest, TheEnvironmentIsWhatTheSessionSetUp) {
  TempDir dir;
  CommandLine cl = commandLine();
  cl.journal = (dir / "j.db").string();
  cl.trace = (dir / "trace.jsonl").string();
  cl.maxConcurrency = 3;
  cl.timeoutMs = 1500;
  const ProgramDecl p = program();
  RunSession session(cl);
  session.openJournal(p.name, JournalUse::IfGiven, false);
  session.loadTools(p);
  session.connect(p, RunSession::Connection(p.name, p.version));
  EXPECT_EQ(session.provider(), nullptr) << "a program without prompts needs no model";
  ASSERT_NE(session.trace(), nullptr);
  session.catchSignals();
  RunEnvironment env = session.environment(p);
  EXPECT_EQ(&env.program, &p);
  EXPECT_EQ(env.journal, session.journal());
  EXPECT_EQ(env.identity.pack, "session-test");
  EXPECT_EQ(env.trace, session.trace());
  EXPECT_EQ(env.maxConcurrency, 3u);
  EXPECT_EQ(env.timeoutMs, 1500u);
  EXPECT_EQ(env.signals, session.signals());
  EXPECT_EQ(session.environment(p, /*withSignals=*/false).signals, nullptr);

  RunSession::Connection perRun(p.name, p.version);
  perRun.perRunTraces = true;
  RunSession served(cl);
  served.connect(p, std::move(perRun));
  EXPECT_EQ(served.trace(), nullptr) << "a server makes each run's trace itself";
  EXPECT_EQ(served.sinks().size(), 1u);
}

TEST(RunSessionTest, SignalsCancelTheStopTokenAndAreGivenBackAtTheEnd) {
  CommandLine cl = commandLine();
  {
    RunSession session(cl);
    session.catchSignals();
    EXPECT_EQ(session.signal(), 0);
    std::raise(SIGTERM);
    for (int i = 0; i < 200 && !session.stop().cancelled(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    EXPECT_TRUE(session.stop().cancelled());
    EXPECT_EQ(session.stop().reason(), "SIGTERM");
    EXPECT_EQ(session.signal(), SIGTERM);
  }
  // Only one catcher may be active: the ended session's handlers are gone, so a new one may catch.
  RunSession next(cl);
  EXPECT_NO_THROW(next.catchSignals());
  EXPECT_EQ(next.signal(), 0);
}

TEST(RunSessionTest, TheEndReapsToolProcessesAndClosesTheJournal) {
  TempDir dir;
  CommandLine cl = commandLine();
  cl.journal = (dir / "j.db").string();
  cl.bindings = dir.write("b.yaml", "mcp_servers:\n  fake: {command: python3, args: ['" + kFakeMcpServer +
                                        "']}\ntools:\n  pid: {mcp: {server: fake}}\n");
  pid_t server = -1;
  {
    RunSession session(cl);
    session.openJournal("session-test", JournalUse::IfGiven, false);
    session.loadTools(program());
    const tools::ToolBinding *binding = session.tools().find("pid");
    ASSERT_NE(binding, nullptr);
    Value answer = binding->call(Value::object({}), ToolCall{"pid", "run-1/s/1", CancellationToken()});
    server = pid_t(answer.get("pid")->asInteger());
    ASSERT_GT(server, 0);
    EXPECT_TRUE(test::processAlive(server));
  }
  EXPECT_FALSE(test::processAlive(server)) << "the MCP server outlived the session";
  // The last connection checkpointed the log as it closed: the -wal file is empty.
  EXPECT_EQ(fs::file_size(*cl.journal + "-wal"), 0u);
}

TEST(RunSessionTest, StopToolsEndsThemBeforeTheSessionEnds) {
  TempDir dir;
  CommandLine cl = commandLine();
  cl.bindings = dir.write("b.yaml", "mcp_servers:\n  fake: {command: python3, args: ['" + kFakeMcpServer +
                                        "']}\ntools:\n  pid: {mcp: {server: fake}}\n");
  RunSession session(cl);
  session.loadTools(program());
  Value answer = session.tools().find("pid")->call(Value::object({}), ToolCall{"pid", "run-1/s/1", CancellationToken()});
  pid_t server = pid_t(answer.get("pid")->asInteger());
  session.stopTools();
  EXPECT_FALSE(test::processAlive(server));
}

// ---- the options each mode takes (host/session/ModeOptions.h)

CommandLine parsed(std::vector<std::string> args) {
  args.insert(args.begin(), "exe");
  std::vector<char *> argv;
  for (std::string &a : args) argv.push_back(a.data());
  return parseCommandLine(int(argv.size()), argv.data());
}

TEST(ModeOptionsTest, EachModeRefusesTheOptionsOfTheOthersSayingWhy) {
  EXPECT_EQ(refusedOption(parsed({"--pretty"}), Mode::Batch, "p"),
            "--pretty indents one run's output; a batch writes one JSON line per result");
  EXPECT_EQ(refusedOption(parsed({"--pretty"}), Mode::Serve, "p"),
            "--pretty formats one run's output; with --serve every POST /runs is a run of its own, answered as JSON");
  EXPECT_EQ(refusedOption(parsed({"--input-json", "{}"}), Mode::Mcp, "p"),
            "--input-json gives one run's input; with --mcp every tools/call is a run of its own and brings its input "
            "as the call's arguments");
  EXPECT_EQ(refusedOption(parsed({"--max-runs", "4"}), Mode::Run, "p"),
            "--max-runs goes with --input-jsonl FILE: it is an option of a batch (docs/batch.md) or of --serve "
            "(docs/serve.md)");
  EXPECT_EQ(refusedOption(parsed({"--drain-timeout", "5s"}), Mode::Batch, "p"),
            "--drain-timeout is an option of --serve [ADDR:]PORT (docs/serve.md)");
  EXPECT_EQ(refusedOption(parsed({"--allow-host", "h"}), Mode::Run, "p"),
            "--allow-host is an option of --serve [ADDR:]PORT (docs/serve.md)");
  EXPECT_EQ(refusedOption(parsed({"--header-timeout", "5s"}), Mode::Mcp, "p"),
            "--header-timeout is an option of --serve [ADDR:]PORT (docs/serve.md)");
  EXPECT_EQ(refusedOption(parsed({"--body-timeout", "5s"}), Mode::Batch, "p"),
            "--body-timeout is an option of --serve [ADDR:]PORT (docs/serve.md)");
  EXPECT_EQ(refusedOption(parsed({"--scope", "app"}), Mode::Run, "support-triage"),
            "--scope is an option of a workflow registry's executable (docs/registry.md); this one runs pack "
            "'support-triage'");
  EXPECT_EQ(refusedOption(parsed({"--chat"}), Mode::Registry, "r"),
            "--chat is not an option of a workflow registry's executable (it runs sequences and workflows: "
            "--sequence, --workflow, --resume, --entrypoints, --runs)");
}

TEST(ModeOptionsTest, EachModeTakesItsOwnOptions) {
  EXPECT_EQ(refusedOption(parsed({"--input-json", "{}", "--pretty", "--report", "r.json", "--dry-run"}), Mode::Run, "p"),
            std::nullopt);
  EXPECT_EQ(refusedOption(parsed({"--input-jsonl", "in", "--output-jsonl", "out", "--max-runs", "2", "--shard", "0/2",
                                  "--task", "t"}),
                          Mode::Batch, "p"),
            std::nullopt);
  EXPECT_EQ(refusedOption(parsed({"--serve", "0", "--max-runs", "2", "--max-body", "1MiB", "--drain-timeout", "1s",
                                  "--allow-host", "h", "--header-timeout", "5s", "--body-timeout", "5s"}),
                          Mode::Serve, "p"),
            std::nullopt);
  EXPECT_EQ(refusedOption(parsed({"--mcp", "--journal", "j.db", "--events", "e.jsonl"}), Mode::Mcp, "p"), std::nullopt);
  EXPECT_EQ(refusedOption(parsed({"--sequence", "s", "--scope", "a", "--user", "u", "--input-json", "{}"}),
                          Mode::Registry, "p"),
            std::nullopt);
  // Options every mode takes.
  for (Mode mode : {Mode::Run, Mode::Batch, Mode::Serve, Mode::Mcp, Mode::Registry})
    EXPECT_EQ(refusedOption(parsed({"--model", "m", "--bindings", "b.yaml", "--trace", "t.jsonl", "--quiet",
                                    "--max-concurrency", "4", "--timeout", "5s"}),
                            mode, "p"),
              std::nullopt);
}

TEST(ModeOptionsTest, TheFirstRefusedOptionInTableOrderIsReported) {
  EXPECT_EQ(refusedOption(parsed({"--raw", "--output", "o.json"}), Mode::Serve, "p")->substr(0, 8), "--output");
}

}  // namespace
}  // namespace wfc

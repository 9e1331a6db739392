// What a hostile or broken world sends back at run time (docs/limits.md, docs/bindings.md
// "exec", docs/journal.md "Damaged or missing -wal"), run against compiled workflows as a black
// box: JSON nested deep enough to exhaust a stack, bytes that are not UTF-8, a tool reading its
// parent's environment, a kill -9 with tools running, a tool that detaches, a damaged or lost
// write-ahead log.
#include "FaultSupport.h"
#include "LlmServerProcess.h"

#include <fcntl.h>
#include <sqlite3.h>
#include <signal.h>
#include <unistd.h>

#include <fstream>

namespace wfc::test {
namespace {

class HostileTest : public ::testing::Test {
 protected:
  fs::path path(const std::string &name) const { return dir_ / name; }

  // A shell script `name` in the test's directory.
  std::string script(const std::string &name, const std::string &body) const {
    writeText(path(name), "#!/bin/sh\n" + body);
    return path(name).string();
  }
  // Bindings with each tool bound to `sh SCRIPT`.
  std::string bindings(const std::vector<std::pair<std::string, std::string>> &tools) const {
    std::string text = "tools:\n";
    for (const auto &[tool, file] : tools) text += "  " + tool + ": {exec: {argv: [sh, '" + file + "']}}\n";
    writeText(path("bindings.yaml"), text);
    return path("bindings.yaml").string();
  }

  Outcome run(const std::string &exe, const std::vector<std::string> &args, const std::vector<std::string> &env = {},
              double timeout = 30) {
    Child child(exe, args, env, dir_ / ("io-" + std::to_string(++runs_)));
    return child.wait(timeout);
  }

  TempDir tmp_;
  fs::path dir_ = tmp_.path();
  int runs_ = 0;
};

const char *const kProbe = R"({"which": "probe"})";

// ---- JSON nested past any stack

// A tool printing 100,000 objects one inside the other, or a million arrays: a step error that
// says why, not a SIGSEGV in the parser or the printer.
TEST_F(HostileTest, DeeplyNestedToolOutputIsAStepErrorNotACrash) {
  for (const char *shape : {"{\"a\":", "["}) {
    const bool objects = shape[0] == '{';
    const int depth = objects ? 100000 : 1000000;
    std::string tool = script("deep.sh", std::string("cat >/dev/null\nawk 'BEGIN { for (i = 0; i < ") +
                                             std::to_string(depth) + "; i++) printf \"" + (objects ? "{\\\"a\\\":" : "[") +
                                             "\"; printf \"1\"; for (i = 0; i < " + std::to_string(depth) +
                                             "; i++) printf \"" + (objects ? "}" : "]") + "\"; print \"\" }'\n");
    Outcome r = run(WFC_FAULT_TOOLS, {"--bindings", bindings({{"probe", tool}}), "--input-json", kProbe});
    EXPECT_EQ(r.exitCode, 1) << shape << ": " << r.describe();
    EXPECT_TRUE(contains(r.err, "tool 'probe' printed invalid JSON on stdout (arrays and objects nest deeper than "
                                "512 levels)"))
        << r.err;
  }
}

// An LLM reply body of 80,000 nested objects: the attempt fails like any malformed reply.
TEST_F(HostileTest, DeeplyNestedModelReplyIsAStepErrorNotACrash) {
  std::string body;
  for (int i = 0; i < 80000; ++i) body += "{\"a\":";
  body += "1" + std::string(80000, '}');
  LlmServerProcess server(Json{{"replies", Json::array({Json{{"body", body}}})}});
  Outcome r = run(WFC_FAULT_LLM, {"--llm-base-url", server.baseUrl(), "--model", "test-model", "--quiet",
                                  "--input-json", R"({"which": "plain", "with_tool": false})"});
  EXPECT_EQ(r.exitCode, 1) << r.describe();
  EXPECT_TRUE(contains(r.err, "the LLM reply is not valid JSON: arrays and objects nest deeper than 512 levels"))
      << r.err;
}

// ---- bytes that are not UTF-8

// A tool's stderr that is not UTF-8 becomes part of the step's error: the report is written (it
// was an abort) and holds the text with U+FFFD in place of the stray bytes.
TEST_F(HostileTest, InvalidUtf8InAToolsStderrReachesTheReportRepaired) {
  std::string tool = script("bad.sh", "cat >/dev/null\nprintf 'broken \\377\\376 bytes\\n' >&2\nexit 3\n");
  fs::path report = path("report.json");
  Outcome r = run(WFC_FAULT_TOOLS,
                  {"--bindings", bindings({{"probe", tool}}), "--input-json", kProbe, "--report", report.string()});
  EXPECT_EQ(r.exitCode, 1) << r.describe();
  ASSERT_TRUE(fs::exists(report)) << r.describe();
  Json parsed = Json::parse(readText(report));
  EXPECT_TRUE(contains(parsed["error"].get<std::string>(), "broken \xEF\xBF\xBD\xEF\xBF\xBD bytes")) << parsed.dump();
}

// ---- secrets

// The API key is gone from the environment a tool inherits and from the one it can read through
// /proc/PARENT/environ (where unsetenv() alone leaves it).
TEST_F(HostileTest, AToolCannotReadTheApiKeyFromItsParent) {
  std::string tool = script("environ.sh",
                            "cat >/dev/null\n"
                            "parent=$(tr '\\0' '\\n' < /proc/$PPID/environ | grep -c 'sk-hostile-secret')\n"
                            "own=$(env | grep -c 'sk-hostile-secret')\n"
                            "printf '{\"parent\": %s, \"own\": %s}\\n' \"$parent\" \"$own\"\n");
  Outcome r = run(WFC_FAULT_TOOLS, {"--bindings", bindings({{"probe", tool}}), "--input-json", kProbe},
                  {"OPENAI_API_KEY=sk-hostile-secret-0123456789", "ANTHROPIC_API_KEY=sk-hostile-secret-abcdef"});
  ASSERT_EQ(r.exitCode, 0) << r.describe();
  EXPECT_EQ(Json::parse(r.out), Json::parse(R"({"parent": 0, "own": 0})"));
}

// ---- tools and the death of their executable

// kill -9 of the executable while a tool runs: the tool and the child it started die with it,
// so a resume cannot start the same call again beside them.
TEST_F(HostileTest, KillNineTakesTheToolAndItsChildrenWithIt) {
  fs::path pids = path("pids");
  std::string tool = script("family.sh", "cat >/dev/null\nsleep 30 &\necho $! >>'" + pids.string() +
                                             "'\necho $$ >>'" + pids.string() + "'\nwait\n");
  Child child(WFC_FAULT_TOOLS, {"--bindings", bindings({{"probe", tool}}), "--input-json", kProbe}, {},
              dir_ / "io-killed");
  auto deadline = Clock::now() + std::chrono::seconds(10);
  while (jsonLines(pids).size() < 2 && Clock::now() < deadline) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  ASSERT_EQ(readText(pids).empty(), false) << "the tool did not start";
  // The group's guard comes 50 ms into the call (docs/bindings.md "exec"); the tool itself dies
  // with its parent from the start.
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  ::kill(child.pid(), SIGKILL);
  Outcome killed = child.wait(10);
  EXPECT_EQ(killed.signal, SIGKILL) << killed.describe();
  EXPECT_EQ(survivors(pids), std::vector<pid_t>{}) << "the tool or its child outlived the executable";
}

// A tool that closes its stdout and goes on running cannot add to its result: the step fails ten
// seconds later instead of waiting for it for ever (the binding has no timeout_ms).
TEST_F(HostileTest, AToolThatClosesItsStdoutAndStaysIsStopped) {
  fs::path pids = path("pids");
  std::string tool = script("detach.sh", "cat >/dev/null\necho '{\"partial\": true}'\necho $$ >>'" + pids.string() +
                                             "'\nexec >&- 2>&-\nsleep 60\n");
  Outcome r = run(WFC_FAULT_TOOLS, {"--bindings", bindings({{"probe", tool}}), "--input-json", kProbe}, {}, 40);
  EXPECT_EQ(r.exitCode, 1) << r.describe();
  EXPECT_TRUE(contains(r.err, "tool 'probe' closed its stdout but was still running 10 s later")) << r.err;
  EXPECT_LT(r.seconds, 30);
  EXPECT_EQ(survivors(pids), std::vector<pid_t>{});
}

// ---- the journal's write-ahead log

// A run killed (-9) by its own third tool, the first two having written outputs of ~200 KiB each
// (some 200 log frames apiece): its progress lives in FILE-wal. Returns the run's id.
class WalTest : public HostileTest {
 protected:
  std::string killedRun() {
    journal_ = path("j.db");
    std::string big = script("big.sh", "cat >/dev/null\nprintf '{\"text\": \"'\nhead -c 200000 /dev/zero | tr '\\0' x\n"
                                       "printf '\"}\\n'\n");
    std::string killer = script("killer.sh", "cat >/dev/null\necho \"$WFC_IDEMPOTENCY_KEY\" >'" + path("key").string() +
                                                 "'\nif [ ! -e '" + path("killed").string() + "' ]; then\n  touch '" +
                                                 path("killed").string() + "'\n  sleep 0.5\n  kill -9 $PPID\n  sleep 5\nfi\n"
                                                 "echo '{\"done\": true}'\n");
    bindings_ = bindings({{"primary", big}, {"lookup", big}, {"backup", big}, {"report", killer}});
    Outcome r = run(WFC_FAULT_ON_ERROR, {"--journal", journal_.string(), "--bindings", bindings_});
    EXPECT_EQ(r.signal, SIGKILL) << r.describe();
    std::string key = readText(path("key"));
    return key.substr(0, key.find('/'));
  }
  Outcome resume(const std::string &id) {
    return run(WFC_FAULT_ON_ERROR, {"--journal", journal_.string(), "--bindings", bindings_, "--resume", id});
  }
  // Flips one byte of the page of the first frame of the log's current generation.
  void damageFirstFrame() {
    fs::path log = journal_.string() + "-wal";
    std::string bytes = readText(log);
    ASSERT_GT(bytes.size(), 32u + 2 * (24 + 1024)) << "the log is nearly empty";
    auto word = [&](size_t at) {
      return uint32_t(uint8_t(bytes[at])) << 24 | uint32_t(uint8_t(bytes[at + 1])) << 16 |
             uint32_t(uint8_t(bytes[at + 2])) << 8 | uint32_t(uint8_t(bytes[at + 3]));
    };
    const size_t pageSize = word(8), frame = 24 + pageSize;
    for (size_t at = 32; at + frame <= bytes.size(); at += frame)
      if (word(at + 8) == word(16) && word(at + 12) == word(20)) {
        bytes[at + 24 + 100] ^= 0x10;
        std::ofstream(log, std::ios::binary | std::ios::trunc) << bytes;
        return;
      }
    FAIL() << "no frame of the log's current generation";
  }

  fs::path journal_;
  std::string bindings_;
};

// Intact, the log resumes the run where it stopped (the control for the two below).
TEST_F(WalTest, AnIntactLogResumesTheRun) {
  std::string id = killedRun();
  Outcome r = resume(id);
  EXPECT_EQ(r.exitCode, 0) << r.describe();
}

// One flipped bit in the log: SQLite would silently drop everything logged after it; the journal
// refuses to open, says what is damaged and what to do.
TEST_F(WalTest, ADamagedLogIsRefusedNotSilentlyCut) {
  std::string id = killedRun();
  damageFirstFrame();
  Outcome r = resume(id);
  EXPECT_EQ(r.exitCode, 2) << r.describe();
  EXPECT_TRUE(contains(r.err, "its log '" + journal_.string() + "-wal' is damaged — frame ")) << r.err;
  EXPECT_TRUE(contains(r.err, "Restore '" + journal_.string() + "-wal' from the copy")) << r.err;
}

// The log lost (a backup of the database file alone): refused, naming the process that left the
// journal open, rather than resuming as if the run had made no progress — or not finding it.
TEST_F(WalTest, AMissingLogIsRefusedNotSilentlyForgotten) {
  std::string id = killedRun();
  fs::remove(journal_.string() + "-wal");
  fs::remove(journal_.string() + "-shm");
  Outcome r = resume(id);
  EXPECT_EQ(r.exitCode, 2) << r.describe();
  EXPECT_TRUE(contains(r.err, "was left open by process ")) << r.err;
  EXPECT_TRUE(contains(r.err, "-wal' is missing or empty")) << r.err;
  // Accepting the loss as the message says lets the journal open again.
  sqlite3 *db = nullptr;
  ASSERT_EQ(sqlite3_open_v2(journal_.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr), SQLITE_OK);
  EXPECT_EQ(sqlite3_exec(db, "DELETE FROM wfc_open_writers", nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(db);
  Outcome accepted = run(WFC_FAULT_ON_ERROR, {"--journal", journal_.string(), "--runs"});
  EXPECT_EQ(accepted.exitCode, 0) << accepted.describe();
}

}  // namespace
}  // namespace wfc::test

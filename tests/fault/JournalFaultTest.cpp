// Durable runs under faults (docs/journal.md): the packs journal*.yaml, compiled at build time
// (tests/fault/CMakeLists.txt, at -O1 and at -O0), run as black boxes with --journal against the
// scripted test LLM server and real tool processes (tools/journal-tool.sh, which logs every call
// with its idempotency key and can kill the workflow in the middle of a call).
//
// The crash tests kill runs — with SIGKILL and with SIGTERM, at every tool call and at random
// moments — and resume them until they finish. After each kill they read the journal (with
// SQLite, as any reader may) for what it says completed; at the end they check that the output
// is an uninterrupted run's, that no call the journal had completed was made again (the tools'
// log), that no exchange it had completed was requested again (the LLM server's log), and that a
// repeated call carried the key it had the first time.
//
// Then the journal file's own faults (read-only, a full disk, another pack's, two processes at
// once), suspending at an external state and resuming with an event, wfc.cache, and --runs.
#include "FaultSupport.h"
#include "JournalReader.h"
#include "LlmServerProcess.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <sqlite3.h>

#include <fcntl.h>
#include <linux/fs.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <functional>
#include <iostream>
#include <map>
#include <mutex>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace wfc::test {
namespace {

// ---- an exchange's identity on both sides: "each[1]__summarize#1" (step path, round)

// A request of the journal packs: its user message starts "TAG|PATH|"; the round is one more than
// the assistant messages it carries. "" when the request is not one of TAG's.
std::string requestId(const Json &request, const std::string &tag) {
  const Json &body = request["body"];
  if (!body.is_object() || !body.contains("messages")) return "";
  std::string user;
  int assistants = 0;
  for (const Json &m : body["messages"]) {
    if (m.value("role", "") == "assistant") ++assistants;
    if (m.value("role", "") == "user" && user.empty() && m["content"].is_string()) user = m["content"];
  }
  if (user.rfind(tag + "|", 0) != 0) return "";
  size_t start = tag.size() + 1, end = user.find('|', start);
  return user.substr(start, end - start) + "#" + std::to_string(assistants + 1);
}

std::map<std::string, int> countRequests(const LlmServerProcess &server, const std::string &tag) {
  std::map<std::string, int> out;
  for (const Json &r : server.requests())
    if (std::string id = requestId(r, tag); !id.empty()) ++out[id];
  return out;
}

std::map<std::string, int> countCalls(const fs::path &log) {
  std::map<std::string, int> out;
  if (fs::exists(log))
    for (const Json &c : jsonLines(log)) ++out[c["key"].get<std::string>()];
  return out;
}

// ---- one crash scenario: a run killed, resumed, killed again …, resumed until it finishes

struct Scenario {
  std::string name;   // also the TAG of its prompts, and its directory
  std::string exe;
  int signal = SIGKILL;
  std::vector<int> killAtCalls;   // journal-tool.sh kills the run at these (global) call counts
  std::vector<int> killAfterMs;   // or the test kills each process after this long, in turn
};

// What the journal said, and the logs held, right after one kill.
struct Snapshot {
  std::set<std::string> completedCalls;      // idempotency keys
  std::set<std::string> completedExchanges;  // "path#round"
  std::map<std::string, int> calls;          // the tools' log: calls by key
  std::map<std::string, int> requests;       // the LLM server's log: requests by "path#round"
  std::string status;
  std::string integrity;
};

struct ScenarioResult {
  std::string output;  // the finished run's, with its run id replaced by RUN
  int kills = 0;
  std::vector<std::string> failures;
};

std::string replaceAll(std::string text, const std::string &from, const std::string &to) {
  if (from.empty()) return text;
  for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
  return text;
}

class CrashRunner {
 public:
  CrashRunner(const fs::path &root, const LlmServerProcess &server) : root_(root), server_(server) {}

  ScenarioResult run(const Scenario &sc) const {
    ScenarioResult result;
    auto failure = [&](const std::string &what) { result.failures.push_back(sc.name + ": " + what); };
    fs::path dir = root_ / sc.name;
    fs::create_directories(dir);
    std::string bindings = (dir / "bindings.yaml").string();
    std::string tools = "tools:\n";
    for (const char *t : {"fetch", "lookup", "check", "probe", "store"})
      tools += std::string("  ") + t + ": {exec: {argv: [sh, '" + WFC_JOURNAL_TOOL + "', " + t + ", '" +
               dir.string() + "']}}\n";
    writeText(dir / "bindings.yaml", tools);
    writeText(dir / "signal", sc.signal == SIGKILL ? "KILL\n" : "TERM\n");
    std::string killAt;
    for (int k : sc.killAtCalls) killAt += std::to_string(k) + "\n";
    if (!killAt.empty()) writeText(dir / "kill-at", killAt);
    fs::path journal = dir / "journal.db";
    std::vector<std::string> common = {"--journal", journal.string(), "--bindings", bindings, "--llm-base-url",
                                       server_.baseUrl(), "--model", "test-model", "--quiet"};
    Json input = {{"tag", sc.name}, {"docs", {"alpha", "beta", "gamma"}}};

    std::vector<Snapshot> snapshots;
    std::string runId;
    size_t timed = 0;
    for (int round = 0;; ++round) {
      if (round > 12) {
        failure("still not finished after 12 resumes");
        return result;
      }
      {
        JournalReader reader(journal);
        runId = reader.one("SELECT id FROM runs");
      }
      std::vector<std::string> args = common;
      if (runId.empty()) {  // killed before it was recorded: it starts again
        args.insert(args.end(), {"--input-json", input.dump()});
      } else {
        args.insert(args.end(), {"--resume", runId});
      }
      Child child(sc.exe, args, {}, dir / ("io-" + std::to_string(round)));
      if (timed < sc.killAfterMs.size()) {
        std::this_thread::sleep_for(std::chrono::milliseconds(sc.killAfterMs[timed++]));
        ::kill(child.pid(), sc.signal);
      }
      Outcome o = child.wait(60);
      if (o.exitCode == 0) {
        runId = JournalReader(journal).one("SELECT id FROM runs");
        result.output = replaceAll(o.out, runId, "RUN");
        break;
      }
      bool killed = o.signal == SIGKILL || o.signal == SIGTERM || o.exitCode == 143;
      if (!killed) {
        failure("round " + std::to_string(round) + " ended unexpectedly: " + o.describe());
        return result;
      }
      ++result.kills;
      // Killed after the run had finished, on its way out: the next resume prints the output.
      if (JournalReader(journal).one("SELECT status FROM runs") == "succeeded") continue;
      if (!o.out.empty()) failure("a killed run printed an output: " + o.out);
      if (o.exitCode == 143 && !contains(o.err, "interrupted by SIGTERM")) failure("stderr: " + o.err);
      snapshots.push_back(snapshot(dir, journal, sc.name));
      const Snapshot &s = snapshots.back();
      if (!s.integrity.empty() && s.integrity != "ok") failure("the journal is not sound after a kill: " + s.integrity);
      // A run stopped by SIGTERM (its handler ran) says so; one killed outright still says running.
      if (o.exitCode == 143 && !s.status.empty() && s.status != "cancelled")
        failure("after SIGTERM the run is '" + s.status + "', not cancelled");
      if (o.signal == SIGKILL && !s.status.empty() && s.status != "running")
        failure("after SIGKILL the run is '" + s.status + "', not running");
    }

    // Nothing the journal had completed at a kill was done again after it.
    std::map<std::string, int> calls = countCalls(dir / "calls.jsonl");
    std::map<std::string, int> requests = countRequests(server_, sc.name);
    for (size_t i = 0; i < snapshots.size(); ++i) {
      const Snapshot &s = snapshots[i];
      for (const std::string &key : s.completedCalls)
        if (calls[key] != s.calls.at(key))
          failure("tool call " + key + " had completed at kill " + std::to_string(i + 1) + " but was made again (" +
                  std::to_string(s.calls.at(key)) + " calls then, " + std::to_string(calls[key]) + " in the end)");
      for (const std::string &id : s.completedExchanges) {
        int before = s.requests.count(id) ? s.requests.at(id) : 0;
        if (requests[id] != before)
          failure("exchange " + id + " had completed at kill " + std::to_string(i + 1) +
                  " but was requested again (" + std::to_string(before) + " requests then, " +
                  std::to_string(requests[id]) + " in the end)");
      }
    }
    // A repeated call is the same call: the same tool and arguments, with the same key. (A call
    // whose workflow was killed before it wrote the arguments read none: it has only its key,
    // which the check below finds among the completed calls.)
    std::map<std::string, std::set<std::string>> keysOfCall;
    for (const Json &c : jsonLines(dir / "calls.jsonl")) {
      std::string key = c["key"];
      if (!c["args"].is_null()) keysOfCall[c["tool"].get<std::string>() + " " + c["args"].dump()].insert(key);
      if (key.rfind(runId + "/", 0) != 0) failure("call with key " + key + " is not of run " + runId);
    }
    for (const auto &[call, keys] : keysOfCall)
      if (keys.size() != 1) failure("call " + call + " was made with " + std::to_string(keys.size()) + " keys");
    // Everything made was completed in the end, and recorded once.
    JournalReader reader(journal);
    std::vector<std::string> recorded = reader.column("SELECT key FROM calls");
    std::set<std::string> recordedSet(recorded.begin(), recorded.end());
    std::set<std::string> madeSet;
    for (const auto &[key, n] : calls) madeSet.insert(key);
    if (recordedSet != madeSet)
      failure("the journal's tool calls (" + std::to_string(recordedSet.size()) + ") are not the calls made (" +
              std::to_string(madeSet.size()) + ")");
    std::set<std::string> exchanges;
    for (const std::string &e : reader.column("SELECT step || '#' || round FROM exchanges")) exchanges.insert(e);
    std::set<std::string> asked;
    for (const auto &[id, n] : requests) asked.insert(id);
    if (exchanges != asked)
      failure("the journal's exchanges (" + std::to_string(exchanges.size()) + ") are not the requests made (" +
              std::to_string(asked.size()) + ")");
    if (reader.one("SELECT status FROM runs") != "succeeded") failure("the run is not recorded as succeeded");
    if (reader.integrity() != "ok") failure("the journal is not sound: " + reader.integrity());
    return result;
  }

 private:
  Snapshot snapshot(const fs::path &dir, const fs::path &journal, const std::string &tag) const {
    Snapshot s;
    JournalReader reader(journal);
    for (const std::string &k : reader.column("SELECT key FROM calls")) s.completedCalls.insert(k);
    for (const std::string &e : reader.column("SELECT step || '#' || round FROM exchanges"))
      s.completedExchanges.insert(e);
    s.status = reader.one("SELECT status FROM runs");
    if (reader.open()) s.integrity = reader.integrity();
    s.calls = countCalls(dir / "calls.jsonl");
    s.requests = countRequests(server_, tag);
    return s;
  }

  fs::path root_;
  const LlmServerProcess &server_;
};

// The LLM side of the journal pack: the agent looks `wfc` up once, then answers; every other
// prompt gets one line. The replies take a little time, so random kills land in them too.
Json journalScript() {
  return Json::parse(R"({"replies": [
    {"match": {"user_contains": "|research|", "rounds": 0}, "delay_ms": 10,
     "reply": {"tool_calls": [{"name": "lookup", "arguments": {"q": "wfc"}}]}},
    {"match": {"user_contains": "|research|"}, "delay_ms": 10, "reply": {"content": "researched"}},
    {"delay_ms": 10, "reply": {"content": "a line"}}]})");
}

class JournalCrashTest : public ::testing::Test {
 protected:
  void SetUp() override { server_ = std::make_unique<LlmServerProcess>(journalScript()); }
  void TearDown() override { server_.reset(); }

  // An uninterrupted run of `exe`: its output (run id replaced) and how long it took.
  std::pair<std::string, double> baseline(const std::string &exe, const std::string &name) {
    CrashRunner runner(dir_, *server_);
    Scenario sc{name, exe, SIGKILL, {}, {}};
    auto start = Clock::now();
    ScenarioResult r = runner.run(sc);
    double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    for (const std::string &f : r.failures) ADD_FAILURE() << f;
    EXPECT_EQ(r.kills, 0);
    EXPECT_FALSE(r.output.empty());
    return {r.output, seconds};
  }

  // Runs the scenarios, a few at once, and checks each against `expected`; returns the kills.
  // `eachKills`: every scenario must have killed at least once (a kill at a tool call always
  // happens; one after a random delay may come after the run has finished).
  int runAll(const std::vector<Scenario> &scenarios, const std::string &expected, bool eachKills = true) {
    CrashRunner runner(dir_, *server_);
    std::vector<ScenarioResult> results(scenarios.size());
    std::atomic<size_t> next{0};
    auto worker = [&] {
      for (size_t i; (i = next++) < scenarios.size();) results[i] = runner.run(scenarios[i]);
    };
    std::vector<std::thread> threads;
    for (int t = 0; t < 3; ++t) threads.emplace_back(worker);
    for (std::thread &t : threads) t.join();
    int kills = 0;
    for (const ScenarioResult &r : results) kills += r.kills;
    std::cout << "[ journal  ] " << scenarios.size() << " scenarios, " << kills << " kill points\n";
    for (size_t i = 0; i < scenarios.size(); ++i) {
      SCOPED_TRACE(scenarios[i].name);
      for (const std::string &f : results[i].failures) ADD_FAILURE() << f;
      if (results[i].failures.empty()) {
        EXPECT_EQ(results[i].output, expected) << "the resumed run's output differs";
      }
      if (eachKills) {
        EXPECT_GE(results[i].kills, 1) << "the scenario killed nothing";
      }
    }
    return kills;
  }

  // Kill points at every tool call of a run (a run makes 10), a few per scenario: the first
  // kill at call k, the next ones further on (the count goes on across resumes).
  static std::vector<Scenario> atEveryToolCall(const std::string &prefix, const std::string &exe, int signal) {
    std::vector<Scenario> out;
    for (int k = 1; k <= 10; ++k)
      out.push_back({prefix + "-call" + std::to_string(k), exe, signal, {k, k + 3, k + 7}, {}});
    return out;
  }

  // Kill points at random moments of a run that takes `seconds` uninterrupted: in LLM exchanges,
  // between a call's end and its record, in the middle of a commit.
  static std::vector<Scenario> atRandomMoments(const std::string &prefix, const std::string &exe, int signal,
                                               double seconds, int count, unsigned seed) {
    std::mt19937 random(seed);
    std::uniform_int_distribution<int> delay(2, std::max(3, int(seconds * 1000 * 0.9)));
    std::vector<Scenario> out;
    for (int i = 0; i < count; ++i)
      out.push_back({prefix + "-random" + std::to_string(i), exe, signal, {}, {delay(random), delay(random)}});
    return out;
  }

  TempDir tmp_;
  fs::path dir_ = tmp_.path();
  std::unique_ptr<LlmServerProcess> server_;
};

TEST_F(JournalCrashTest, SigkillAtEveryToolCallThenResumeAtO1) {
  auto [expected, seconds] = baseline(WFC_FAULT_JOURNAL, "o1-baseline");
  int kills = runAll(atEveryToolCall("o1-kill", WFC_FAULT_JOURNAL, SIGKILL), expected);
  EXPECT_GE(kills, 10);
}

TEST_F(JournalCrashTest, SigkillAtEveryToolCallThenResumeAtO0) {
  auto [expected, seconds] = baseline(WFC_FAULT_JOURNAL_O0, "o0-baseline");
  int kills = runAll(atEveryToolCall("o0-kill", WFC_FAULT_JOURNAL_O0, SIGKILL), expected);
  EXPECT_GE(kills, 10);
}

TEST_F(JournalCrashTest, SigkillAtRandomMomentsThenResume) {
  auto [expected, seconds] = baseline(WFC_FAULT_JOURNAL, "o1-baseline");
  auto [expected0, seconds0] = baseline(WFC_FAULT_JOURNAL_O0, "o0-baseline");
  EXPECT_EQ(expected, expected0) << "-O0 and -O1 disagree";
  std::vector<Scenario> scenarios = atRandomMoments("o1", WFC_FAULT_JOURNAL, SIGKILL, seconds, 8, 20240601);
  for (Scenario &s : atRandomMoments("o0", WFC_FAULT_JOURNAL_O0, SIGKILL, seconds0, 8, 20240602))
    scenarios.push_back(std::move(s));
  int kills = runAll(scenarios, expected, false);
  EXPECT_GE(kills, 8) << "most random moments fall inside a run";
}

TEST_F(JournalCrashTest, SigtermAtToolCallsAndRandomMomentsThenResume) {
  auto [expected, seconds] = baseline(WFC_FAULT_JOURNAL, "o1-baseline");
  std::vector<Scenario> scenarios;
  for (int k : {1, 3, 5, 7, 9}) scenarios.push_back({"term-call" + std::to_string(k), WFC_FAULT_JOURNAL, SIGTERM, {k, k + 4}, {}});
  for (Scenario &s : atRandomMoments("term", WFC_FAULT_JOURNAL_O0, SIGTERM, seconds, 6, 20240603))
    scenarios.push_back(std::move(s));
  int kills = runAll(scenarios, expected, false);
  EXPECT_GE(kills, 8);
}

// ================================================================================================
// The journal file's own faults, and the journal's other features

class JournalTest : public ::testing::Test {
 protected:
  // Before the directory goes (tmp_'s destructor): files made immutable are made removable.
  void TearDown() override {
    for (const auto &undo : cleanups_) undo();
  }

  fs::path path(const std::string &name) const { return dir_ / name; }

  Outcome run(const std::string &exe, const std::vector<std::string> &args, double timeout = 30) {
    Child child(exe, args, {}, dir_ / ("io-" + std::to_string(++runs_)));
    return child.wait(timeout);
  }

  // Bindings of the journal tool for `tools`, logging to `logDir`/calls.jsonl; `extra` is
  // appended as is (other bindings).
  std::string bindings(const std::vector<std::string> &tools, const std::string &extra = "",
                       const std::string &name = "bindings.yaml") {
    std::string text = "tools:\n";
    for (const std::string &t : tools)
      text += "  " + t + ": {exec: {argv: [sh, '" + std::string(WFC_JOURNAL_TOOL) + "', " + t + ", '" + dir_.string() +
              "']}}\n";
    writeText(path(name), text + extra);
    return path(name).string();
  }
  std::vector<Json> calls(const std::string &tool = "") const {
    std::vector<Json> out;
    if (!fs::exists(path("calls.jsonl"))) return out;
    for (const Json &c : jsonLines(path("calls.jsonl")))
      if (tool.empty() || c["tool"] == tool) out.push_back(c);
    return out;
  }
  std::vector<Json> runsOf(const fs::path &journal, const std::string &exe) {
    Outcome o = run(exe, {"--journal", journal.string(), "--runs"});
    EXPECT_EQ(o.exitCode, 0) << o.describe();
    std::vector<Json> out;
    std::istringstream lines(o.out);
    for (std::string line; std::getline(lines, line);)
      if (!line.empty()) out.push_back(Json::parse(line));
    return out;
  }

  // Makes `target` unwritable even for root: the immutable attribute (root), else its mode bits.
  // False when neither holds here.
  bool makeReadOnly(const fs::path &target) {
    if (::geteuid() != 0) {
      fs::permissions(target, fs::is_directory(target) ? fs::perms::owner_read | fs::perms::owner_exec
                                                       : fs::perms::owner_read);
      cleanups_.push_back([target] { fs::permissions(target, fs::perms::owner_all); });
      return true;
    }
    int fd = ::open(target.c_str(), O_RDONLY | O_NONBLOCK);
    if (fd < 0) return false;
    int flags = 0;
    bool ok = ::ioctl(fd, FS_IOC_GETFLAGS, &flags) == 0;
    flags |= FS_IMMUTABLE_FL;
    ok = ok && ::ioctl(fd, FS_IOC_SETFLAGS, &flags) == 0;
    ::close(fd);
    if (ok)
      cleanups_.push_back([target] {
        int f = ::open(target.c_str(), O_RDONLY | O_NONBLOCK);
        int fl = 0;
        if (f >= 0 && ::ioctl(f, FS_IOC_GETFLAGS, &fl) == 0) {
          fl &= ~FS_IMMUTABLE_FL;
          ::ioctl(f, FS_IOC_SETFLAGS, &fl);
        }
        if (f >= 0) ::close(f);
      });
    return ok;
  }

  TempDir tmp_;
  fs::path dir_ = tmp_.path();
  int runs_ = 0;
  std::vector<std::function<void()>> cleanups_;
};

const char *const kProbeInput = R"({"which": "probe"})";

TEST_F(JournalTest, ReadOnlyJournalFileIsExitTwo) {
  std::string b = bindings({"probe", "store"});
  fs::path journal = path("j.db");
  Outcome first = run(WFC_FAULT_TOOLS, {"--journal", journal.string(), "--bindings", b, "--input-json", kProbeInput});
  ASSERT_EQ(first.exitCode, 0) << first.describe();
  for (const char *side : {"-wal", "-shm"}) fs::remove(journal.string() + side);  // as after a clean close
  if (!makeReadOnly(journal)) GTEST_SKIP() << "cannot make a file read-only here (neither chattr +i nor chmod)";
  Outcome r = run(WFC_FAULT_TOOLS, {"--journal", journal.string(), "--bindings", b, "--input-json", kProbeInput});
  EXPECT_EQ(r.exitCode, 2) << r.describe();
  EXPECT_EQ(r.out, "");
  EXPECT_TRUE(contains(r.err, "journal '" + journal.string() + "'")) << r.err;
  EXPECT_TRUE(contains(r.err, "read-only") || contains(r.err, "cannot be opened for writing")) << r.err;
  EXPECT_EQ(calls("probe").size(), 1u) << "the refused run called its tool";
}

TEST_F(JournalTest, JournalInAReadOnlyDirectoryIsExitTwo) {
  fs::path locked = path("locked");
  fs::create_directories(locked);
  if (!makeReadOnly(locked)) GTEST_SKIP() << "cannot make a directory read-only here";
  std::string b = bindings({"probe", "store"});
  fs::path journal = locked / "j.db";
  Outcome r = run(WFC_FAULT_TOOLS, {"--journal", journal.string(), "--bindings", b, "--input-json", kProbeInput});
  EXPECT_EQ(r.exitCode, 2) << r.describe();
  EXPECT_EQ(r.out, "");
  EXPECT_TRUE(contains(r.err, "journal '" + journal.string() + "'")) << r.err;
  EXPECT_TRUE(contains(r.err, "directory must be writable") || contains(r.err, "read-only")) << r.err;
  EXPECT_TRUE(calls().empty()) << "the refused run called its tool";
}

// A full disk in the middle of a run: exit 1 naming the journal, nothing on stdout, and the run
// not recorded as done — it stays resumable, and once there is room a resume finishes it without
// doing again what had completed. The disk is a real one: a tmpfs mounted for the test (root),
// else this process's RLIMIT_FSIZE given to the run (the kernel refuses the write either way).
TEST_F(JournalTest, FullDiskIsExitOneNamingTheJournalAndTheRunIsNotDone) {
  LlmServerProcess server(journalScript());
  fs::path disk = path("disk");
  fs::create_directories(disk);
  bool mounted = ::geteuid() == 0 && ::mount("tmpfs", disk.c_str(), "tmpfs", 0, "size=4m") == 0;
  if (mounted) cleanups_.push_back([disk] { ::umount2(disk.c_str(), MNT_DETACH); });
  fs::path journal = disk / "j.db";
  // Big results fill the disk in a few steps: each call's result is recorded.
  std::string b = bindings({"fetch", "lookup", "check", "probe", "store"});
  Json input = {{"tag", "full"}, {"docs", {std::string(20000, 'a'), std::string(20000, 'b'), std::string(20000, 'c')}}};
  std::vector<std::string> common = {"--journal", journal.string(), "--bindings", b, "--llm-base-url",
                                     server.baseUrl(), "--model", "test-model", "--quiet"};
  writeText(path("input.json"), input.dump());
  std::vector<std::string> args = common;
  args.insert(args.end(), {"--input", path("input.json").string()});
  Outcome r;
  if (mounted) {
    // Leave the journal room to start, and not to finish (a whole run takes about 600 KB).
    struct statvfs free {};
    ASSERT_EQ(::statvfs(disk.c_str(), &free), 0);
    writeText(disk / "filler", std::string(size_t(free.f_bavail * free.f_frsize) - 200 * 1024, 'f'));
    r = run(WFC_FAULT_JOURNAL, args);
  } else {
    std::vector<std::string> wrapped = {"-c", "trap '' XFSZ; ulimit -f 400; exec \"$0\" \"$@\"", WFC_FAULT_JOURNAL};
    wrapped.insert(wrapped.end(), args.begin(), args.end());
    r = run("/bin/sh", wrapped);
  }
  EXPECT_EQ(r.exitCode, 1) << r.describe();
  EXPECT_EQ(r.out, "") << "a run the journal could not record printed an output";
  EXPECT_TRUE(contains(r.err, "cannot write journal '" + journal.string() + "'")) << r.err;
  size_t callsBefore = calls().size();
  EXPECT_GE(callsBefore, 1u);

  if (mounted) fs::remove(disk / "filler");
  std::vector<Json> runs = runsOf(journal, WFC_FAULT_JOURNAL);
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_NE(runs[0]["status"], "succeeded") << runs[0];
  if (!mounted) return;  // the limit went with the process; the rest needs the disk back
  // With room again, the run finishes; what the journal had completed is not done again.
  std::set<std::string> completed;
  for (const std::string &k : JournalReader(journal).column("SELECT key FROM calls")) completed.insert(k);
  std::vector<std::string> resume = common;
  resume.insert(resume.end(), {"--resume", runs[0]["id"].get<std::string>()});
  Outcome again = run(WFC_FAULT_JOURNAL, resume);
  ASSERT_EQ(again.exitCode, 0) << again.describe();
  std::map<std::string, int> made;
  for (const Json &c : calls()) ++made[c["key"].get<std::string>()];
  for (const std::string &k : completed) EXPECT_EQ(made[k], 1) << k << " had completed and was made again";
  EXPECT_EQ(runsOf(journal, WFC_FAULT_JOURNAL)[0]["status"], "succeeded");
}

TEST_F(JournalTest, AnotherPacksJournalIsRefusedNamingBothPacks) {
  std::string b = bindings({"probe", "store"});
  std::string parallel = bindings({"slow", "store"}, "", "parallel.yaml");
  fs::path journal = path("j.db");
  Outcome first = run(WFC_FAULT_TOOLS, {"--journal", journal.string(), "--bindings", b, "--input-json", kProbeInput});
  ASSERT_EQ(first.exitCode, 0) << first.describe();
  Outcome r = run(WFC_FAULT_PARALLEL, {"--journal", journal.string(), "--bindings", parallel});
  EXPECT_EQ(r.exitCode, 2) << r.describe();
  EXPECT_TRUE(contains(r.err, "journal '" + journal.string() + "' holds the runs of pack 'fault-tools', and this "
                                                             "executable runs pack 'fault-parallel'"))
      << r.err;
  EXPECT_EQ(calls("slow").size(), 0u);
  // Not a journal at all: a text file, an SQLite database of something else.
  writeText(path("notes.txt"), std::string(200, 'x'));
  r = run(WFC_FAULT_TOOLS, {"--journal", path("notes.txt").string(), "--bindings", b, "--input-json", kProbeInput});
  EXPECT_EQ(r.exitCode, 2) << r.describe();
  EXPECT_TRUE(contains(r.err, "is not a wfc journal: it is not an SQLite database")) << r.err;
  EXPECT_EQ(readText(path("notes.txt")), std::string(200, 'x')) << "the file was changed";
}

// A run resumed with other bindings is refused, naming the tool whose binding differs and the
// step that calls it; another build of the pack (-O0 instead of -O1) whose steps are the same
// where the run has been resumes it (docs/journal.md "Versions").
TEST_F(JournalTest, ResumeByAnotherProgramIsRefusedNamingWhatDiffers) {
  LlmServerProcess server({{"replies", {{{"reply", {{"content", "please review"}}}}}}});
  fs::path journal = path("j.db");
  std::vector<std::string> common = {"--journal", journal.string(), "--llm-base-url", server.baseUrl(),
                                     "--model", "test-model", "--quiet"};
  std::string withRoute = bindings({"store"}, "  route: {mock: {result: {event: review}}}\n", "b2.yaml");
  std::vector<std::string> args = common;
  args.insert(args.end(), {"--bindings", withRoute, "--input-json", R"({"request": "r1"})"});
  Outcome first = run(WFC_FAULT_JOURNAL_WORKFLOW, args);
  ASSERT_EQ(first.exitCode, 4) << first.describe();
  std::string id = runsOf(journal, WFC_FAULT_JOURNAL_WORKFLOW)[0]["id"];
  std::string other = bindings({"store"}, "  route: {mock: {result: {event: review, other: true}}}\n", "b3.yaml");
  std::vector<std::string> resume = common;
  resume.insert(resume.end(), {"--bindings", other, "--resume", id, "--event", "approve"});
  Outcome r = run(WFC_FAULT_JOURNAL_WORKFLOW, resume);
  EXPECT_EQ(r.exitCode, 2) << r.describe();
  EXPECT_TRUE(contains(r.err, "run '" + id + "' of journal '" + journal.string() +
                                  "' was written by a different program: the binding of tool 'route' differs"))
      << r.err;
  EXPECT_TRUE(contains(r.err, "'intake:route' (")) << r.err;
  EXPECT_TRUE(contains(r.err, "the binding of tool 'route' changed")) << r.err;
  EXPECT_EQ(calls("store").size(), 1u) << "a refused resume ran something";
  resume = common;
  resume.insert(resume.end(), {"--bindings", withRoute, "--resume", id, "--event", "approve"});
  r = run(WFC_FAULT_JOURNAL_WORKFLOW_O0, resume);
  EXPECT_EQ(r.exitCode, 0) << r.describe();
  EXPECT_EQ(calls("store").size(), 2u) << "intake's record is the journal's; publish ran";
}

// Two processes share one journal: both runs finish, both are listed, and the file is sound.
TEST_F(JournalTest, TwoProcessesShareOneJournal) {
  LlmServerProcess server(journalScript());
  std::string b = bindings({"fetch", "lookup", "check", "probe", "store"});
  fs::path journal = path("j.db");
  std::vector<std::unique_ptr<Child>> children;
  for (const char *tag : {"first", "second", "third"}) {
    Json input = {{"tag", tag}, {"docs", {"x", "y"}}};
    children.push_back(std::make_unique<Child>(
        WFC_FAULT_JOURNAL,
        std::vector<std::string>{"--journal", journal.string(), "--bindings", b, "--llm-base-url", server.baseUrl(),
                                 "--model", "test-model", "--quiet", "--input-json", input.dump()},
        std::vector<std::string>{}, dir_ / (std::string("io-") + tag)));
  }
  std::set<std::string> outputs;
  for (auto &c : children) {
    Outcome o = c->wait(60);
    EXPECT_EQ(o.exitCode, 0) << o.describe();
  }
  std::vector<Json> runs = runsOf(journal, WFC_FAULT_JOURNAL);
  ASSERT_EQ(runs.size(), 3u);
  for (const Json &r : runs) EXPECT_EQ(r["status"], "succeeded") << r;
  JournalReader reader(journal);
  EXPECT_EQ(reader.integrity(), "ok");
  EXPECT_EQ(reader.one("SELECT count(DISTINCT run) FROM steps"), "3");
  // Each run made its 10 calls once.
  EXPECT_EQ(calls().size(), 30u);
}

// With --journal, an external state with no event left suspends the run: exit 4, nothing on
// stdout, stderr naming the run and the events; --runs says what it awaits; --resume with an
// event goes on from there without redoing anything — through a second visit and a second
// suspension — at -O1 and at -O0.
void suspendAndResume(JournalTest &t, const fs::path &dir, const std::string &exe,
                      const std::function<Outcome(const std::string &, const std::vector<std::string> &)> &run,
                      const std::function<std::vector<Json>(const fs::path &)> &runs,
                      const std::function<std::vector<Json>(const std::string &)> &calls, const std::string &b) {
  (void)t;
  LlmServerProcess server({{"replies", {{{"reply", {{"content", "please review"}}}}}}});
  fs::path journal = dir / "j.db";
  std::vector<std::string> common = {"--journal", journal.string(), "--bindings", b, "--llm-base-url",
                                     server.baseUrl(), "--model", "test-model", "--quiet"};
  std::vector<std::string> args = common;
  args.insert(args.end(), {"--input-json", R"({"request": "r1"})"});
  Outcome first = run(exe, args);
  ASSERT_EQ(first.exitCode, 4) << first.describe();
  EXPECT_EQ(first.out, "");
  std::vector<Json> listed = runs(journal);
  ASSERT_EQ(listed.size(), 1u);
  std::string id = listed[0]["id"];
  EXPECT_EQ(listed[0]["status"], "suspended");
  EXPECT_EQ(listed[0]["awaiting"], Json::parse(R"({"state": "review", "visit": "review", "events": ["approve", "revise"]})"));
  EXPECT_TRUE(listed[0]["finished"].is_string()) << listed[0];
  EXPECT_TRUE(contains(first.err, "run " + id + " is suspended: external state 'review' is waiting for 'approve' or 'revise'"))
      << first.err;
  EXPECT_TRUE(contains(first.err, "--resume " + id + " --event NAME")) << first.err;
  EXPECT_EQ(calls("store").size(), 1u);
  EXPECT_EQ(server.requests().size(), 1u);

  // An event the state does not take: exit 2, and the run still waits.
  std::vector<std::string> resume = common;
  resume.insert(resume.end(), {"--resume", id, "--event", "publish"});
  Outcome wrong = run(exe, resume);
  EXPECT_EQ(wrong.exitCode, 2) << wrong.describe();
  EXPECT_TRUE(contains(wrong.err, "is waiting at external state 'review' for 'approve' or 'revise', not 'publish'"))
      << wrong.err;

  // revise: back to intake (visit 2) and to review@2, which suspends again.
  resume = common;
  resume.insert(resume.end(), {"--resume", id, "--event", "revise", "--event-context", R"({"note": "shorter"})"});
  Outcome second = run(exe, resume);
  ASSERT_EQ(second.exitCode, 4) << second.describe();
  EXPECT_TRUE(contains(second.err, "run " + id + " is suspended")) << second.err;
  listed = runs(journal);
  EXPECT_EQ(listed[0]["awaiting"]["visit"], "review@2");
  std::vector<Json> stored = calls("store");
  ASSERT_EQ(stored.size(), 2u) << "intake ran once per visit";
  EXPECT_EQ(stored[0]["key"], id + "/intake:record/1");
  EXPECT_EQ(stored[1]["key"], id + "/intake@2:record/1");
  EXPECT_EQ(server.requests().size(), 2u) << "review's prompt ran once per visit";

  // approve: publish, with the event's context; nothing before it runs again.
  resume = common;
  resume.insert(resume.end(), {"--resume", id, "--event", "approve", "--event-context", R"({"by": "ana"})"});
  Outcome done = run(exe, resume);
  ASSERT_EQ(done.exitCode, 0) << done.describe();
  Json out = Json::parse(done.out);
  EXPECT_EQ(out["args"]["stage"], "publish");
  EXPECT_EQ(out["args"]["context"], Json::parse(R"({"by": "ana"})"));
  stored = calls("store");
  ASSERT_EQ(stored.size(), 3u);
  EXPECT_EQ(stored[2]["key"], id + "/publish:release/1");
  EXPECT_EQ(server.requests().size(), 2u) << "a completed exchange was requested again";
  listed = runs(journal);
  EXPECT_EQ(listed[0]["status"], "succeeded");
  EXPECT_TRUE(listed[0]["awaiting"].is_null());

  // A finished run resumed: its output again, nothing called.
  resume = common;
  resume.insert(resume.end(), {"--resume", id});
  Outcome again = run(exe, resume);
  ASSERT_EQ(again.exitCode, 0) << again.describe();
  EXPECT_EQ(again.out, done.out);
  EXPECT_EQ(calls("store").size(), 3u);
  EXPECT_EQ(server.requests().size(), 2u);
}

TEST_F(JournalTest, SuspendAtAnExternalStateAndResumeWithAnEventAtO1) {
  std::string b = bindings({"store"}, "  route: {mock: {result: {event: review}}}\n");
  suspendAndResume(
      *this, dir_, WFC_FAULT_JOURNAL_WORKFLOW, [&](const std::string &e, const std::vector<std::string> &a) { return run(e, a); },
      [&](const fs::path &j) { return runsOf(j, WFC_FAULT_JOURNAL_WORKFLOW); },
      [&](const std::string &t) { return calls(t); }, b);
}

TEST_F(JournalTest, SuspendAtAnExternalStateAndResumeWithAnEventAtO0) {
  std::string b = bindings({"store"}, "  route: {mock: {result: {event: review}}}\n");
  suspendAndResume(
      *this, dir_, WFC_FAULT_JOURNAL_WORKFLOW_O0,
      [&](const std::string &e, const std::vector<std::string> &a) { return run(e, a); },
      [&](const fs::path &j) { return runsOf(j, WFC_FAULT_JOURNAL_WORKFLOW_O0); },
      [&](const std::string &t) { return calls(t); }, b);
}

// Without --journal the same run is exit 1, as it always was: nothing could resume it.
TEST_F(JournalTest, WithoutAJournalAnExternalStateWithoutAnEventIsExitOne) {
  std::string b = bindings({"store"}, "  route: {mock: {result: {event: review}}}\n");
  LlmServerProcess server({{"replies", {{{"reply", {{"content", "please review"}}}}}}});
  Outcome r = run(WFC_FAULT_JOURNAL_WORKFLOW, {"--bindings", b, "--llm-base-url", server.baseUrl(), "--model",
                                               "test-model", "--quiet", "--input-json", R"({"request": "r1"})"});
  EXPECT_EQ(r.exitCode, 1) << r.describe();
  EXPECT_TRUE(contains(r.err, "external state 'review' needs its next event")) << r.err;
}

// wfc.cache: the first run records (miss), the second with the same input reuses (hit: the tool
// is not called, the model not asked), another input misses; without --journal nothing is cached.
TEST_F(JournalTest, CacheHitsAndMisses) {
  LlmServerProcess server({{"replies", {{{"reply", {{"content", "a summary"}}}}}}});
  std::string b = bindings({"lookup", "store"});
  fs::path journal = path("j.db");
  auto runWith = [&](const std::string &q, bool withJournal, const std::string &report) {
    std::vector<std::string> args = {"--bindings", b, "--llm-base-url", server.baseUrl(), "--model", "test-model",
                                     "--quiet", "--input-json", Json{{"q", q}}.dump(), "--report", report,
                                     "--trace", report + ".trace"};
    if (withJournal) args.insert(args.end(), {"--journal", journal.string()});
    return run(WFC_FAULT_JOURNAL_CACHE, args);
  };
  auto cacheOf = [](const std::string &report, const std::string &step) -> std::string {
    Json parsed = Json::parse(readText(report));
    for (const Json &s : parsed["steps"])
      if (s["step"] == step) return s.value("cache", "");
    return "absent";
  };
  Outcome first = runWith("wfc", true, path("r1.json").string());
  ASSERT_EQ(first.exitCode, 0) << first.describe();
  EXPECT_EQ(cacheOf(path("r1.json"), "lookup"), "miss");
  EXPECT_EQ(cacheOf(path("r1.json"), "summarize"), "miss");
  EXPECT_EQ(cacheOf(path("r1.json"), "store"), "") << "store has no wfc.cache";
  EXPECT_EQ(calls("lookup").size(), 1u);
  EXPECT_EQ(server.requests().size(), 1u);

  Outcome second = runWith("wfc", true, path("r2.json").string());
  ASSERT_EQ(second.exitCode, 0) << second.describe();
  EXPECT_EQ(cacheOf(path("r2.json"), "lookup"), "hit");
  EXPECT_EQ(cacheOf(path("r2.json"), "summarize"), "hit");
  EXPECT_EQ(calls("lookup").size(), 1u) << "a cache hit called the tool";
  EXPECT_EQ(server.requests().size(), 1u) << "a cache hit asked the model";
  EXPECT_EQ(calls("store").size(), 2u) << "a step without wfc.cache runs every time";
  Json out1 = Json::parse(first.out), out2 = Json::parse(second.out);
  EXPECT_EQ(out2["args"]["found"], out1["args"]["found"]) << "the hit reused the first run's output";
  EXPECT_EQ(out2["args"]["summary"], "a summary");
  int traced = 0;
  for (const Json &e : events(jsonLines(path("r2.json.trace")), "step_end"))
    if (e.value("cache", "") == "hit") ++traced;
  EXPECT_EQ(traced, 2) << "the trace says which steps hit";

  Outcome third = runWith("other", true, path("r3.json").string());
  ASSERT_EQ(third.exitCode, 0) << third.describe();
  EXPECT_EQ(cacheOf(path("r3.json"), "lookup"), "miss");
  EXPECT_EQ(cacheOf(path("r3.json"), "summarize"), "miss");
  EXPECT_EQ(calls("lookup").size(), 2u);
  EXPECT_EQ(server.requests().size(), 2u);

  Outcome off = runWith("wfc", false, path("r4.json").string());
  ASSERT_EQ(off.exitCode, 0) << off.describe();
  EXPECT_EQ(cacheOf(path("r4.json"), "lookup"), "off");
  EXPECT_EQ(calls("lookup").size(), 3u) << "without --journal there is nothing to reuse";
}

// A failed run resumed is run again from its failure: the steps that completed are reused, and
// the failed step gets its attempts again, numbered on (new idempotency keys: new calls).
TEST_F(JournalTest, ResumingAFailedRunRetriesItsFailureWithNewKeys) {
  fs::path journal = path("j.db");
  fs::path log = path("fault-calls.jsonl");
  auto line = [&](const std::string &name, const std::string &behavior) {
    return "  " + name + ": {exec: {argv: [sh, '" + std::string(WFC_FAULT_TOOL) + "', " + name + ", " + behavior +
           ", '" + log.string() + "']}}\n";
  };
  writeText(path("fail.yaml"), "tools:\n" + line("store", "fail") + line("probe", "ok"));
  writeText(path("ok.yaml"), "tools:\n" + line("store", "ok") + line("probe", "ok"));
  Outcome failed = run(WFC_FAULT_TOOLS, {"--journal", journal.string(), "--bindings", path("fail.yaml").string(),
                                         "--input-json", R"({"which": "write_retried"})"});
  ASSERT_EQ(failed.exitCode, 1) << failed.describe();
  std::vector<Json> listed = runsOf(journal, WFC_FAULT_TOOLS);
  ASSERT_EQ(listed.size(), 1u);
  EXPECT_EQ(listed[0]["status"], "failed");
  EXPECT_EQ(listed[0]["exit_code"], 1);
  std::string id = listed[0]["id"];
  // Resumed with the same bindings (the tool still fails): two more attempts, keys /3 and /4.
  Outcome again = run(WFC_FAULT_TOOLS, {"--journal", journal.string(), "--bindings", path("fail.yaml").string(),
                                        "--resume", id});
  EXPECT_EQ(again.exitCode, 1) << again.describe();
  EXPECT_TRUE(contains(again.err, "step 'write_retried' failed after 4 attempts")) << again.err;
  std::vector<std::string> keys;
  for (const Json &c : jsonLines(log)) keys.push_back(c["key"]);
  EXPECT_EQ(keys, (std::vector<std::string>{id + "/write_retried/1", id + "/write_retried/2", id + "/write_retried/3",
                                            id + "/write_retried/4"}));
}

// A run that another process is running is not resumed under it.
TEST_F(JournalTest, ARunStillRunningIsNotResumedTwice) {
  fs::path journal = path("j.db");
  fs::path log = path("fault-calls.jsonl"), pids = path("pids");
  writeText(path("slow.yaml"), "tools:\n  slow: {exec: {argv: [sh, '" + std::string(WFC_FAULT_TOOL) + "', slow, slow, '" +
                                   log.string() + "', '" + pids.string() + "']}}\n  store: {mock: {result: 1}}\n");
  Child running(WFC_FAULT_PARALLEL, {"--journal", journal.string(), "--bindings", path("slow.yaml").string(),
                                     "--max-concurrency", "1"},
                {}, dir_ / "io-running");
  auto deadline = Clock::now() + std::chrono::seconds(10);
  while (!fs::exists(pids) && Clock::now() < deadline) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  ASSERT_TRUE(fs::exists(pids)) << "the first branch did not start";
  std::string id = JournalReader(journal).one("SELECT id FROM runs");
  ASSERT_FALSE(id.empty());
  Outcome r = run(WFC_FAULT_PARALLEL, {"--journal", journal.string(), "--bindings", path("slow.yaml").string(),
                                       "--resume", id});
  EXPECT_EQ(r.exitCode, 2) << r.describe();
  EXPECT_TRUE(contains(r.err, "run '" + id + "' is running in process " + std::to_string(running.pid()))) << r.err;
  ::kill(running.pid(), SIGTERM);
  Outcome stopped = running.wait(10);
  EXPECT_EQ(stopped.exitCode, 143) << stopped.describe();
  EXPECT_EQ(survivors(pids), std::vector<pid_t>{});
  EXPECT_EQ(runsOf(journal, WFC_FAULT_PARALLEL)[0]["status"], "cancelled");
}

// The journal options that need others say so (exit 2) before anything runs.
TEST_F(JournalTest, JournalOptionsNeedWhatTheyWorkOn) {
  std::string b = bindings({"probe", "store"});
  struct Case {
    std::vector<std::string> args;
    std::string message;
  };
  std::vector<Case> cases = {
      {{"--resume", "abc"}, "--resume continues a run recorded in a journal: give --journal FILE too"},
      {{"--runs"}, "--runs lists the runs of a journal: give --journal FILE too"},
      {{"--journal-sync", "full"}, "--journal-sync says how the journal is written: give --journal FILE too"},
      {{"--journal", path("j.db").string(), "--journal-sync", "fast"}, "--journal-sync takes normal or full, not 'fast'"},
      {{"--journal", path("j.db").string(), "--event", "go"}, "--event continues a suspended run: give --resume RUN_ID too"},
      {{"--journal", path("j.db").string(), "--resume", "abc", "--input-json", "{}"},
       "a resumed run keeps the input it started with"},
      {{"--journal", path("none.db").string(), "--resume", "abc"}, "journal '" + path("none.db").string() + "' does not exist"},
  };
  for (const Case &c : cases) {
    std::vector<std::string> args = c.args;
    args.insert(args.end(), {"--bindings", b});
    Outcome r = run(WFC_FAULT_TOOLS, args);
    EXPECT_EQ(r.exitCode, 2) << r.describe();
    EXPECT_TRUE(contains(r.err, c.message)) << r.err;
  }
  // A run id the journal does not have.
  Outcome created = run(WFC_FAULT_TOOLS, {"--journal", path("j.db").string(), "--bindings", b, "--input-json", kProbeInput});
  ASSERT_EQ(created.exitCode, 0) << created.describe();
  Outcome r = run(WFC_FAULT_TOOLS, {"--journal", path("j.db").string(), "--bindings", b, "--resume", "nope"});
  EXPECT_EQ(r.exitCode, 2) << r.describe();
  EXPECT_TRUE(contains(r.err, "has no run 'nope'; --runs lists its runs")) << r.err;
  EXPECT_TRUE(calls().size() == 1u);
}

}  // namespace
}  // namespace wfc::test

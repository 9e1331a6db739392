// The run journal's own layer (docs/journal.md): the SQLite file — its schema, what it refuses
// to open, every record and what a resumed run loads back, concurrent writers — the program
// identity it compares, cache keys, run owners, and SHA-256. Real files, real SQLite.
#include "common/BindingsFile.h"
#include "TestSupport.h"
#include "core/journal/Checkpointer.h"
#include "core/journal/JournalFile.h"
#include "core/journal/ProgramIdentity.h"
#include "host/session/Resume.h"
#include "core/journal/RunJournal.h"
#include "core/journal/OpenWriters.h"
#include "core/journal/RunOwner.h"
#include "core/journal/RunStore.h"
#include "support/ProcStat.h"
#include "support/Sha256.h"
#include "wfc/program.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <sqlite3.h>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <atomic>
#include <sstream>
#include <thread>

namespace wfc::journal {
namespace {

using wfc::test::TempDir;
using wfc::test::writeText;

ProgramIdentity identity(const std::string &version = "1.0.0") {
  ProgramIdentity id;
  id.pack = "demo";
  id.packVersion = version;
  id.program = "p1";
  id.wfcVersion = "0.1.0";
  id.bindings = {{"store", "b1"}, {"fetch", "b2"}};
  return id;
}

// The error message of what `fn` throws (a wfc::Error), or "" when it throws nothing.
template <typename Fn>
std::string errorOf(Fn &&fn, ErrorKind *kind = nullptr) {
  try {
    fn();
  } catch (const Error &e) {
    if (kind) *kind = e.kind();
    return e.what();
  }
  return "";
}

bool contains(const std::string &text, const std::string &part) { return text.find(part) != std::string::npos; }

// What SQLite itself says of a file: "ok" when its integrity check passes.
std::string integrity(const std::string &path) {
  sqlite3 *db = nullptr;
  std::string result = "cannot open";
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
    sqlite3_stmt *s = nullptr;
    if (sqlite3_prepare_v2(db, "PRAGMA integrity_check", -1, &s, nullptr) == SQLITE_OK && sqlite3_step(s) == SQLITE_ROW)
      result = reinterpret_cast<const char *>(sqlite3_column_text(s, 0));
    sqlite3_finalize(s);
  }
  sqlite3_close(db);
  return result;
}

TEST(Sha256Test, MatchesTheStandardVectors) {
  EXPECT_EQ(sha256(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(sha256(std::string(1000000, 'a')), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
  // Fed in pieces of every size around the 64-byte block, the digest is the same.
  std::string text(300, 'x');
  for (size_t piece : {1u, 7u, 55u, 56u, 63u, 64u, 65u, 299u}) {
    Sha256 h;
    for (size_t i = 0; i < text.size(); i += piece) h.update(std::string_view(text).substr(i, piece));
    EXPECT_EQ(h.hex(), sha256(text)) << "pieces of " << piece;
  }
}

TEST(JournalFileTest, CreatesItsSchemaAndReopens) {
  TempDir dir;
  std::string path = (dir / "j.db").string();
  {
    JournalFile file(path, SyncMode::Normal);
    file.claimPack("demo");
    file.runs().create("r1", identity(), R"({"x":1})", 1000, "1:2");
  }
  JournalFile again(path, SyncMode::Full);
  again.claimPack("demo");
  std::optional<RunRow> run = again.runs().find("r1");
  ASSERT_TRUE(run);
  EXPECT_EQ(run->status, RunStatus::Running);
  EXPECT_EQ(run->input, R"({"x":1})");
  EXPECT_EQ(run->startedMs, 1000);
  EXPECT_EQ(run->owner, "1:2");
  EXPECT_EQ(difference(run->identity, identity()), "") << "the identity comes back as it went in";
  EXPECT_FALSE(again.runs().find("r2"));
  EXPECT_EQ(integrity(path), "ok");
}

TEST(JournalFileTest, RefusesWhatIsNotAWritableJournal) {
  TempDir dir;
  ErrorKind kind = ErrorKind::StepFailed;
  // A directory.
  std::string message = errorOf([&] { JournalFile f(dir.path().string(), SyncMode::Normal); }, &kind);
  EXPECT_TRUE(contains(message, "is a directory")) << message;
  EXPECT_EQ(kind, ErrorKind::Usage);
  // In a directory that does not exist.
  message = errorOf([&] { JournalFile f((dir / "no/such/j.db").string(), SyncMode::Normal); }, &kind);
  EXPECT_TRUE(contains(message, "directory '" + (dir / "no/such").string() + "' does not exist")) << message;
  // A text file.
  writeText(dir / "notes.txt", "this is not a database, just a rather long line of text to fill a header page\n");
  message = errorOf([&] { JournalFile f((dir / "notes.txt").string(), SyncMode::Normal); }, &kind);
  EXPECT_TRUE(contains(message, "is not a wfc journal: it is not an SQLite database")) << message;
  EXPECT_EQ(kind, ErrorKind::Usage);
  // Another application's SQLite database.
  {
    sqlite3 *db = nullptr;
    ASSERT_EQ(sqlite3_open((dir / "other.db").c_str(), &db), SQLITE_OK);
    sqlite3_exec(db, "CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)", nullptr, nullptr, nullptr);
    sqlite3_close(db);
  }
  message = errorOf([&] { JournalFile f((dir / "other.db").string(), SyncMode::Normal); }, &kind);
  EXPECT_TRUE(contains(message, "is an SQLite database of something else (tables customers), not a wfc journal"))
      << message;
  // A journal of another format.
  {
    JournalFile f((dir / "future.db").string(), SyncMode::Normal);
  }
  {
    sqlite3 *db = nullptr;
    ASSERT_EQ(sqlite3_open((dir / "future.db").c_str(), &db), SQLITE_OK);
    sqlite3_exec(db, "UPDATE wfc_journal SET value = '99' WHERE key = 'format'", nullptr, nullptr, nullptr);
    sqlite3_close(db);
  }
  message = errorOf([&] { JournalFile f((dir / "future.db").string(), SyncMode::Normal); }, &kind);
  EXPECT_TRUE(contains(message, "has format 99, and this executable reads format 1")) << message;
}

TEST(JournalFileTest, HoldsTheRunsOfOnePack) {
  TempDir dir;
  JournalFile file((dir / "j.db").string(), SyncMode::Normal);
  file.claimPack("demo");
  file.claimPack("demo");  // the same pack again: fine
  ErrorKind kind = ErrorKind::StepFailed;
  std::string message = errorOf([&] { file.claimPack("other"); }, &kind);
  EXPECT_EQ(kind, ErrorKind::Usage);
  EXPECT_TRUE(contains(message, "holds the runs of pack 'demo', and this executable runs pack 'other'")) << message;
}

// A journal damaged or edited by hand (found by tests/fuzz: fuzz_journal, regression input
// run-id-not-utf8.sql): --runs still lists every run, one JSON line each, and resuming a run
// whose record cannot be read is refused, saying so — never an uncaught exception.
TEST(JournalFileTest, ADamagedJournalIsListedAndRefusedNotCrashedOn) {
  TempDir dir;
  JournalFile file((dir / "j.db").string(), SyncMode::Normal);
  file.claimPack("demo");
  int64_t bad = file.runs().create("r\xF3", identity(), "{}", 1, "1:1");
  file.runs().finish(bad, RunStatus::Suspended, std::nullopt, 4, "", std::string("{not json"), 2);
  int64_t shape = file.runs().create("r2", identity(), "{}", 3, "1:1");
  file.runs().finish(shape, RunStatus::Suspended, std::nullopt, 4, "", std::string(R"({"state": 1, "events": "go"})"), 4);
  std::ostringstream listed;
  printRuns(file, listed);
  std::istringstream lines(listed.str());
  std::vector<nlohmann::json> runs;
  for (std::string line; std::getline(lines, line);) runs.push_back(nlohmann::json::parse(line));
  ASSERT_EQ(runs.size(), 2u) << listed.str();
  EXPECT_EQ(runs[0]["id"], "r\xEF\xBF\xBD") << "a byte that is not UTF-8 shows as U+FFFD";
  EXPECT_EQ(runs[0]["awaiting"], "{not json") << "a damaged value shows as the text it is";
  for (const std::string id : {"r\xF3", "r2"}) {
    ErrorKind kind = ErrorKind::StepFailed;
    std::string message = errorOf([&] { resumeEvent(*file.runs().find(id), "go", std::nullopt); }, &kind);
    EXPECT_EQ(kind, ErrorKind::Usage) << message;
    EXPECT_TRUE(contains(message, "of the journal is damaged: what it awaits is not {\"state\", \"visit\", \"events\"}"))
        << message;
  }
}

TEST(JournalFileTest, RecordsWhatARunDidAndLoadsItBack) {
  TempDir dir;
  JournalFile file((dir / "j.db").string(), SyncMode::Normal);
  file.claimPack("demo");
  int64_t seq = file.runs().create("r1", identity(), "{}", 1, "1:1");
  int64_t other = file.runs().create("r2", identity(), "{}", 2, "1:1");
  ToolCallRow call{"r1/fetch/1", "fetch", "fetch", R"({"k":1})", true, R"({"v":2})", "", ""};
  file.runs().recordStep(seq, "fetch", {false, R"({"v":2})", "", 1}, std::nullopt, &call);
  file.runs().recordStep(seq, "guarded", {true, "null", "it broke", 2}, std::nullopt, nullptr);
  ToolCallRow failed{"r1/store/1", "store", "store", "{}", false, "", "exhausted", "timed out"};
  file.runs().recordFailedAttempt(seq, "store", 1, "exhausted", "timed out", &failed);
  file.runs().recordFailedAttempt(seq, "store", 2, "failed", "exit 7", nullptr);
  file.runs().recordExchange(seq, "each[1]__sum|1|1|1", "each[1]__sum", 1, 1, 1, "summarize", R"({"content":"hi"})");
  file.runs().recordToolCall(seq, {"r1/agent/1/r1c1", "agent", "lookup", "{}", true, "\"found\"", "", ""});
  file.runs().recordVisit(seq, "review@2", "review", 2, {R"("ok")", true, "approve", R"({"c":1})", R"({"context":null})"});
  file.runs().recordStep(other, "fetch", {false, "1", "", 1}, std::nullopt, nullptr);

  RunHistory h = file.runs().history(seq);
  ASSERT_EQ(h.steps.size(), 2u) << "another run's steps are not this run's";
  EXPECT_FALSE(h.steps["fetch"].recovered);
  EXPECT_EQ(h.steps["fetch"].output, R"({"v":2})");
  EXPECT_TRUE(h.steps["guarded"].recovered);
  EXPECT_EQ(h.steps["guarded"].error, "it broke");
  EXPECT_EQ(h.steps["guarded"].attempts, 2u);
  EXPECT_EQ(h.failedAttempts["store"], 2u);
  EXPECT_EQ(h.exchanges["each[1]__sum|1|1|1"], R"({"content":"hi"})");
  ASSERT_EQ(h.toolCalls.size(), 3u) << "the tool step's call, the failed attempt's and the agent's";
  EXPECT_TRUE(h.toolCalls["r1/fetch/1"].ok);
  EXPECT_EQ(h.toolCalls["r1/fetch/1"].result, R"({"v":2})");
  EXPECT_EQ(h.toolCalls["r1/fetch/1"].args, R"({"k":1})");
  EXPECT_FALSE(h.toolCalls["r1/store/1"].ok);
  EXPECT_EQ(h.toolCalls["r1/store/1"].errorKind, "exhausted");
  EXPECT_EQ(h.toolCalls["r1/store/1"].error, "timed out");
  EXPECT_EQ(h.visits["review@2"].event, "approve");
  EXPECT_TRUE(h.visits["review@2"].hasEvent);
  EXPECT_EQ(h.visits["review@2"].context, R"({"c":1})");
  EXPECT_EQ(file.runs().toolCallCount(seq), 3);
  EXPECT_EQ(file.runs().toolCallCount(other), 0);
  {
    // The tool step's call is in its step's row (one row, one page to write per step); the
    // `calls` view shows it with the others.
    sqlite3 *db = nullptr;
    ASSERT_EQ(sqlite3_open((dir / "j.db").c_str(), &db), SQLITE_OK);
    auto count = [&](const char *sql) {
      sqlite3_stmt *s = nullptr;
      int64_t n = -1;
      if (sqlite3_prepare_v2(db, sql, -1, &s, nullptr) == SQLITE_OK && sqlite3_step(s) == SQLITE_ROW)
        n = sqlite3_column_int64(s, 0);
      sqlite3_finalize(s);
      return n;
    };
    EXPECT_EQ(count("SELECT count(*) FROM tool_calls"), 2);
    EXPECT_EQ(count("SELECT count(*) FROM steps WHERE call_key = 'r1/fetch/1'"), 1);
    EXPECT_EQ(count("SELECT count(*) FROM calls"), 3);
    sqlite3_close(db);
  }

  file.runs().finish(seq, RunStatus::Succeeded, std::string("42"), 0, "", std::nullopt, 99);
  file.runs().finish(other, RunStatus::Suspended, std::nullopt, 4, "", std::string(R"({"state":"review"})"), 98);
  std::vector<RunRow> runs = file.runs().all();
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[0].id, "r1") << "oldest first";
  EXPECT_EQ(runs[0].status, RunStatus::Succeeded);
  EXPECT_EQ(runs[0].output, "42");
  EXPECT_EQ(runs[0].exitCode, 0);
  EXPECT_EQ(runs[0].finishedMs, 99);
  EXPECT_EQ(runs[1].status, RunStatus::Suspended);
  EXPECT_EQ(runs[1].awaiting, R"({"state":"review"})");
  EXPECT_EQ(runs[1].owner, "") << "a finished run has no owner";
}

TEST(JournalFileTest, CacheFindsTheLatestOutputOfAnyRun) {
  TempDir dir;
  JournalFile file((dir / "j.db").string(), SyncMode::Normal);
  int64_t a = file.runs().create("a", identity(), "{}", 1, "1:1");
  int64_t b = file.runs().create("b", identity(), "{}", 2, "1:1");
  EXPECT_FALSE(file.runs().findCached("k"));
  file.runs().recordStep(a, "s", {false, "\"first\"", "", 1}, std::string("k"), nullptr);
  EXPECT_EQ(file.runs().findCached("k"), "\"first\"");
  std::this_thread::sleep_for(std::chrono::milliseconds(5));  // a later finished_ms
  file.runs().recordStep(b, "t", {false, "\"second\"", "", 1}, std::string("k"), nullptr);
  EXPECT_EQ(file.runs().findCached("k"), "\"second\"");
  file.runs().recordStep(b, "u", {false, "\"other\"", "", 1}, std::nullopt, nullptr);
  EXPECT_FALSE(file.runs().findCached("other"));
}

TEST(JournalFileTest, ReopeningARunRespectsAnOwnerThatStillRunsIt) {
  TempDir dir;
  JournalFile file((dir / "j.db").string(), SyncMode::Normal);
  std::string me = thisProcessOwner();
  int64_t seq = file.runs().create("r", identity(), "{}", 1, me);
  // This process still runs it: another claimant is told so.
  EXPECT_EQ(file.runs().reopen(seq, "1:1", ownerAlive), me);
  EXPECT_EQ(file.runs().find("r")->owner, me);
  // A crashed owner (no such process) is replaced.
  file.runs().finish(seq, RunStatus::Failed, std::nullopt, 1, "boom", std::nullopt, 2);
  EXPECT_EQ(file.runs().reopen(seq, me, ownerAlive), std::nullopt);
  std::optional<RunRow> run = file.runs().find("r");
  EXPECT_EQ(run->status, RunStatus::Running);
  EXPECT_EQ(run->error, "") << "a reopened run's old end is cleared";
  EXPECT_FALSE(run->finishedMs);
}

TEST(RunOwnerTest, KnowsWhetherAProcessStillRuns) {
  EXPECT_TRUE(ownerAlive(thisProcessOwner()));
  EXPECT_FALSE(ownerAlive("garbage"));
  EXPECT_FALSE(ownerAlive(":12"));
  // Our pid with another start time: a reused pid is not the owner.
  EXPECT_FALSE(ownerAlive(std::to_string(::getpid()) + ":1"));
  pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  ASSERT_GT(child, 0);
  std::string owner = std::to_string(child) + ":x";
  ::waitpid(child, nullptr, 0);
  EXPECT_FALSE(ownerAlive(owner));
}

// An exited process its parent has not yet waited for (a zombie) runs nothing: neither a run's
// owner nor a journal's writer, whatever its pid and start time say (support/ProcStat.h).
TEST(RunOwnerTest, AZombieRunsNothing) {
  pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  ASSERT_GT(child, 0);
  std::optional<ProcStat> stat;
  for (int i = 0; i < 200 && !(stat && stat->state == 'Z'); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    stat = readProcStat(child);
  }
  ASSERT_TRUE(stat && stat->state == 'Z');
  EXPECT_FALSE(processRunning(child, stat->startTime));
  EXPECT_FALSE(ownerAlive(std::to_string(child) + ":" + std::to_string(stat->startTime)));
  EXPECT_FALSE(running(WriterRow{child, stat->startTime}));
  ::waitpid(child, nullptr, 0);
  EXPECT_FALSE(readProcStat(child)) << "reaped: gone";
}

// This process's start time is read once, and a forked child reads its own.
TEST(RunOwnerTest, AForkedChildIsItsOwnOwner) {
  int64_t mine = thisProcessStart();
  ASSERT_GT(mine, 0);
  EXPECT_EQ(readProcStat(::getpid())->startTime, mine);
  std::this_thread::sleep_for(std::chrono::milliseconds(20));  // a later start, in clock ticks
  pid_t child = ::fork();
  if (child == 0) {
    std::optional<ProcStat> own = readProcStat(::getpid());
    ::_exit(own && thisProcessStart() == own->startTime && ownerAlive(thisProcessOwner()) ? 0 : 1);
  }
  ASSERT_GT(child, 0);
  int status = 0;
  ::waitpid(child, &status, 0);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

// Two connections writing at once — as two processes sharing a journal do — lose nothing and
// leave a sound file: each write waits for the other's transaction.
TEST(JournalFileTest, ConcurrentWritersShareOneFile) {
  TempDir dir;
  std::string path = (dir / "j.db").string();
  JournalFile first(path, SyncMode::Normal);
  JournalFile second(path, SyncMode::Normal);
  int64_t a = first.runs().create("a", identity(), "{}", 1, "1:1");
  int64_t b = second.runs().create("b", identity(), "{}", 1, "1:1");
  constexpr int kSteps = 300;
  auto writer = [](JournalFile &file, int64_t seq) {
    for (int i = 0; i < kSteps; ++i) {
      ToolCallRow call{std::to_string(seq) + "/s" + std::to_string(i) + "/1", "s", "t", "{}", true, "1", "", ""};
      file.runs().recordStep(seq, "s" + std::to_string(i), {false, std::to_string(i), "", 1}, std::nullopt, &call);
    }
  };
  std::thread t1(writer, std::ref(first), a), t2(writer, std::ref(second), b);
  t1.join();
  t2.join();
  EXPECT_EQ(first.runs().history(b).steps.size(), size_t(kSteps));
  EXPECT_EQ(second.runs().history(a).steps.size(), size_t(kSteps));
  EXPECT_EQ(first.runs().toolCallCount(a) + first.runs().toolCallCount(b), 2 * kSteps);
  EXPECT_EQ(integrity(path), "ok");
}

// Threads of one process writing at once share commits (group commit): every record is there,
// and one that fails — a status the schema's CHECK refuses, written behind the stores' back —
// fails alone.
TEST(JournalFileTest, ThreadsWritingAtOnceShareCommitsAndFailAlone) {
  TempDir dir;
  std::string path = (dir / "j.db").string();
  JournalFile file(path, SyncMode::Normal);
  int64_t seq = file.runs().create("r", identity(), "{}", 1, "1:1");
  constexpr int kThreads = 8, kSteps = 100;
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < kSteps; ++i) {
        file.runs().recordStep(seq, std::to_string(t) + "/" + std::to_string(i), {false, std::to_string(i), "", 1},
                        std::nullopt, nullptr);
        if (t == 0 && i % 10 == 0) {
          ErrorKind kind = ErrorKind::Usage;
          std::string message =
              errorOf([&] {
                file.write([&] {
                  sqlite::Statement bad(file.connection(), "UPDATE runs SET status = 'no-such-status' WHERE seq = ?1");
                  bad.bind(1, seq);
                  bad.run();
                });
              }, &kind);
          if (kind == ErrorKind::StepFailed && contains(message, "cannot write journal")) ++failures;
        }
      }
    });
  for (std::thread &t : threads) t.join();
  EXPECT_EQ(failures.load(), kSteps / 10) << "each bad record failed, and said so";
  EXPECT_EQ(file.runs().history(seq).steps.size(), size_t(kThreads * kSteps)) << "no good record was lost with a bad one";
  EXPECT_EQ(file.runs().find("r")->status, RunStatus::Running);
  EXPECT_EQ(integrity(path), "ok");
}

// The checkpointer, wired as the journal wires it (small thresholds): passive checkpoints on its
// thread copy the log into the database while the writer goes on, and the writer restarts the
// log past the second threshold — so the log never grows past it, with nothing lost.
TEST(CheckpointerTest, KeepsTheLogBoundedWhileTheWriterGoesOn) {
  TempDir dir;
  std::string path = (dir / "c.db").string();
  sqlite3 *db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(db, "PRAGMA page_size = 1024; PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; "
                         "CREATE TABLE t (x TEXT)", nullptr,
                         nullptr, nullptr),
            SQLITE_OK);
  sqlite3_busy_timeout(db, 30000);  // as the journal's: a restart waits for the thread's checkpoint
  struct Hook {
    Checkpointer checkpointer;
    int most = 0;
    bool restart = false;
  } hook{Checkpointer(path, 50, 400)};
  sqlite3_wal_hook(
      db,
      [](void *self, sqlite3 *, const char *, int pages) {
        auto *h = static_cast<Hook *>(self);
        h->most = std::max(h->most, pages);
        h->restart = h->checkpointer.logged(pages);
        return SQLITE_OK;
      },
      &hook);
  sqlite3_stmt *insert = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(db, "INSERT INTO t VALUES (?1)", -1, &insert, nullptr), SQLITE_OK);
  std::string row(300, 'x');
  for (int i = 0; i < 4000; ++i) {
    sqlite3_bind_text(insert, 1, row.c_str(), int(row.size()), SQLITE_STATIC);
    ASSERT_EQ(sqlite3_step(insert), SQLITE_DONE);
    sqlite3_reset(insert);
    if (hook.restart) {  // once the commit's statement is done, as the journal does
      EXPECT_EQ(sqlite3_wal_checkpoint_v2(db, nullptr, SQLITE_CHECKPOINT_RESTART, nullptr, nullptr), SQLITE_OK);
    }
  }
  sqlite3_finalize(insert);
  hook.checkpointer.stop();
  // Without the restarts it would reach some 5,000 pages.
  EXPECT_LE(hook.most, 400 + 10) << "the log grew on past the restart threshold";
  EXPECT_GT(std::filesystem::file_size(path), 1000u * 1024) << "nothing was copied into the database";
  sqlite3_stmt *count = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(db, "SELECT count(*) FROM t", -1, &count, nullptr), SQLITE_OK);
  ASSERT_EQ(sqlite3_step(count), SQLITE_ROW);
  EXPECT_EQ(sqlite3_column_int(count, 0), 4000);
  sqlite3_finalize(count);
  sqlite3_close(db);
  EXPECT_EQ(integrity(path), "ok");
}

TEST(ProgramIdentityTest, DifferenceNamesWhatDiffers) {
  ProgramIdentity a = identity(), b = identity();
  EXPECT_EQ(difference(a, b), "");
  b.packVersion = "1.1.0";
  b.program = "p2";
  b.bindings["store"] = "b9";
  b.wfcVersion = "0.2.0";
  std::string d = difference(a, b);
  EXPECT_TRUE(contains(d, "its pack version is 1.0.0, this executable's 1.1.0")) << d;
  EXPECT_TRUE(contains(d, "its generated program differs")) << d;
  EXPECT_TRUE(contains(d, "the binding of tool 'store' differs")) << d;
  EXPECT_FALSE(contains(d, "'fetch'")) << d;
  EXPECT_TRUE(contains(d, "it was written by wfc 0.1.0, this executable was compiled by wfc 0.2.0")) << d;
  EXPECT_EQ(ProgramIdentity::parseBindings(a.bindingsJson()), a.bindings);
  EXPECT_NE(a.bindingsDigest(), b.bindingsDigest());
}

TEST(ProgramIdentityTest, HashesEachToolsBindingInEffect) {
  ProgramDecl program;
  program.name = "demo";
  program.version = "1.0.0";
  program.identity = "abc";
  program.wfcVersion = "0.1.0";
  const ToolDecl tools[] = {{.name = "store"}, {.name = "fetch"}, {.name = "spare"}};
  program.tools = tools;
  BindingsFile defaults = BindingsFile::parse(
      "tools:\n  store: {exec: {argv: [cat], env: {TOKEN: s3cret}}}\n  fetch: {mock: {result: 1}}\n", "defaults");
  BindingsFile overrides = BindingsFile::parse("tools:\n  fetch: {mock: {result: 2}}\n", "overrides");
  ProgramIdentity plain = identify(program, &defaults, nullptr), overridden = identify(program, &defaults, &overrides);
  EXPECT_EQ(plain.program, "abc");
  EXPECT_EQ(plain.bindings.at("spare"), "unbound");
  EXPECT_EQ(plain.bindings.at("store"), overridden.bindings.at("store"));
  EXPECT_NE(plain.bindings.at("fetch"), overridden.bindings.at("fetch"));
  EXPECT_FALSE(contains(plain.bindingsJson(), "s3cret")) << "bindings are kept as hashes: they may hold secrets";
  EXPECT_EQ(difference(plain, overridden), "the binding of tool 'fetch' differs");
}

TEST(CacheKeyTest, DependsOnTheDefinitionContextAndValueNotOnMemberOrder) {
  Value a = Value::parse(R"({"x": 1, "y": {"b": [1, 2], "a": "z"}})");
  Value b = Value::parse(R"({"y": {"a": "z", "b": [1, 2]}, "x": 1})");
  EXPECT_EQ(cacheKey("def", "tool t", a), cacheKey("def", "tool t", b));
  EXPECT_NE(cacheKey("def", "tool t", a), cacheKey("def2", "tool t", a));
  EXPECT_NE(cacheKey("def", "tool t", a), cacheKey("def", "tool u", a));
  EXPECT_NE(cacheKey("def", "tool t", a), cacheKey("def", "tool t", Value::parse(R"({"x": 2, "y": {}})")));
  EXPECT_EQ(cacheKey("def", "tool t", a).size(), 64u);
}

// A record that cannot be written stops the run: its token is cancelled with the journal's
// reason, and the caller gets a cancellation (the step does not complete). The write fails for
// real: the kernel refuses to grow the -wal file past this process's RLIMIT_FSIZE.
TEST(RunJournalTest, AWriteThatFailsStopsTheRun) {
  TempDir dir;
  std::string path = (dir / "j.db").string();
  JournalFile file(path, SyncMode::Normal);
  int64_t seq = file.runs().create("r", identity(), "{}", 1, "1:1");
  CancellationToken run;
  RunJournal journal(file, seq, "r", identity(), std::nullopt, 0, run);
  EXPECT_FALSE(journal.resuming());
  EXPECT_EQ(journal.step("a"), nullptr) << "a new run looks nothing up";
  journal.recordStep("a", {false, "1", "", 1}, std::nullopt, nullptr);

  std::string big = "\"" + std::string(256 * 1024, 'x') + "\"";
  ErrorKind kind = ErrorKind::StepFailed;
  std::string message;
  {
    rlimit saved{};
    ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &saved), 0);
    auto previous = std::signal(SIGXFSZ, SIG_IGN);  // a write past the limit fails with EFBIG instead
    rlimit limited = saved;
    limited.rlim_cur = 64 * 1024;
    ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &limited), 0);
    message = errorOf([&] { journal.recordStep("b", {false, big, "", 1}, std::nullopt, nullptr); }, &kind);
    ::setrlimit(RLIMIT_FSIZE, &saved);
    std::signal(SIGXFSZ, previous);
  }
  EXPECT_EQ(kind, ErrorKind::Cancelled);
  EXPECT_TRUE(contains(message, "cannot write journal '" + path + "'")) << message;
  EXPECT_TRUE(run.cancelled());
  EXPECT_EQ(run.reason().rfind(kJournalReason, 0), 0u) << run.reason();
  // Nothing half-written: the step that failed is absent, the one before intact.
  RunHistory h = file.runs().history(seq);
  EXPECT_EQ(h.steps.count("b"), 0u);
  EXPECT_EQ(h.steps.count("a"), 1u);
  EXPECT_EQ(integrity(path), "ok");
}

TEST(RunJournalTest, AResumedRunFindsWhatItRecordedBefore) {
  TempDir dir;
  JournalFile file((dir / "j.db").string(), SyncMode::Normal);
  int64_t seq = file.runs().create("r", identity(), "{}", 1, "1:1");
  file.runs().recordStep(seq, "done", {false, "7", "", 1}, std::nullopt, nullptr);
  file.runs().recordFailedAttempt(seq, "flaky", 1, "failed", "no", nullptr);
  RunJournal journal(file, seq, "r", identity(), file.runs().history(seq), 0, CancellationToken());
  EXPECT_TRUE(journal.resuming());
  ASSERT_NE(journal.step("done"), nullptr);
  EXPECT_EQ(journal.step("done")->output, "7");
  EXPECT_EQ(journal.step("flaky"), nullptr);
  EXPECT_EQ(journal.failedAttempts("flaky"), 1u);
  EXPECT_EQ(journal.failedAttempts("done"), 0u);
  // What this process records is in the file, not in what it looks up: a step runs once a process.
  journal.recordStep("later", {false, "8", "", 1}, std::nullopt, nullptr);
  EXPECT_EQ(journal.step("later"), nullptr);
  EXPECT_EQ(file.runs().history(seq).steps.count("later"), 1u);
  EXPECT_EQ(parseErrorKind(spellErrorKind(ErrorKind::Exhausted)), ErrorKind::Exhausted);
  EXPECT_EQ(parseErrorKind(spellErrorKind(ErrorKind::InvalidJson)), ErrorKind::InvalidJson);
}

}  // namespace
}  // namespace wfc::journal

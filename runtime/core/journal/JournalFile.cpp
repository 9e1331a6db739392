#include "core/journal/JournalFile.h"

#include "support/sqlite/Sqlite.h"
#include "support/sqlite/SqliteLibrary.h"
#include "wfc/error.h"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <exception>
#include <thread>
#include <type_traits>

namespace wfc::journal {

using sqlite::check;
using sqlite::SqliteError;
using sqlite::Statement;
using sqlite::Use;

namespace {

// The format this runtime writes and reads; another is refused rather than guessed at.
constexpr const char *kFormat = "1";
// How long a writer waits for another process's transaction before giving up.
constexpr int kBusyTimeoutMs = 30000;

const char *const kSchema = R"sql(
CREATE TABLE wfc_journal (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE runs (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  pack TEXT NOT NULL,
  pack_version TEXT NOT NULL,
  program TEXT NOT NULL,
  bindings TEXT NOT NULL,
  wfc_version TEXT NOT NULL,
  input TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('running', 'succeeded', 'failed', 'suspended', 'cancelled')),
  started_ms INTEGER NOT NULL,
  finished_ms INTEGER,
  output TEXT,
  exit_code INTEGER,
  error TEXT,
  awaiting TEXT,
  owner TEXT
);
CREATE TABLE steps (
  run INTEGER NOT NULL,
  path TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('ok', 'recovered')),
  output TEXT NOT NULL,
  error TEXT,
  attempts INTEGER NOT NULL,
  cache_key TEXT,
  call_key TEXT,
  call_tool TEXT,
  call_args TEXT,
  finished_ms INTEGER NOT NULL,
  PRIMARY KEY (run, path)
) WITHOUT ROWID;
CREATE INDEX steps_by_cache_key ON steps (cache_key, finished_ms) WHERE cache_key IS NOT NULL;
CREATE TABLE failed_attempts (
  run INTEGER NOT NULL,
  path TEXT NOT NULL,
  attempt INTEGER NOT NULL,
  kind TEXT NOT NULL,
  error TEXT NOT NULL,
  finished_ms INTEGER NOT NULL,
  PRIMARY KEY (run, path, attempt)
) WITHOUT ROWID;
CREATE TABLE exchanges (
  run INTEGER NOT NULL,
  key TEXT NOT NULL,
  step TEXT NOT NULL,
  item INTEGER,
  round INTEGER NOT NULL,
  attempt INTEGER NOT NULL,
  prompt TEXT NOT NULL,
  reply TEXT NOT NULL,
  finished_ms INTEGER NOT NULL,
  PRIMARY KEY (run, key)
) WITHOUT ROWID;
CREATE TABLE tool_calls (
  run INTEGER NOT NULL,
  key TEXT NOT NULL,
  step TEXT NOT NULL,
  tool TEXT NOT NULL,
  args TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('ok', 'failed')),
  result TEXT,
  error_kind TEXT,
  error TEXT,
  finished_ms INTEGER NOT NULL,
  PRIMARY KEY (run, key)
) WITHOUT ROWID;
CREATE TABLE visits (
  run INTEGER NOT NULL,
  path TEXT NOT NULL,
  state TEXT NOT NULL,
  visit INTEGER NOT NULL,
  output TEXT NOT NULL,
  event TEXT,
  context TEXT,
  workflow TEXT NOT NULL,
  finished_ms INTEGER NOT NULL,
  PRIMARY KEY (run, path)
) WITHOUT ROWID;
CREATE VIEW calls AS
  SELECT run, key, step, tool, args, status, result, error_kind, error, finished_ms FROM tool_calls
  UNION ALL
  SELECT run, call_key, path, call_tool, call_args, 'ok', output, NULL, NULL, finished_ms FROM steps
  WHERE call_key IS NOT NULL;
)sql";

// A workflow registry's records (docs/registry.md): which workflow each run ran, for which scope
// and user (what gating asks), and the sequences' runs. Created in any journal when it opens, so
// a journal of format 1 written before registries gains them.
const char *const kRegistrySchema = R"sql(
CREATE TABLE IF NOT EXISTS registry_runs (
  run TEXT PRIMARY KEY,
  workflow TEXT NOT NULL,
  scope TEXT NOT NULL,
  user_id TEXT,
  sequence_run TEXT,
  position INTEGER
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS registry_runs_by_workflow ON registry_runs (workflow, scope);
CREATE TABLE IF NOT EXISTS sequence_runs (
  id TEXT PRIMARY KEY,
  sequence TEXT NOT NULL,
  scope TEXT NOT NULL,
  user_id TEXT,
  input TEXT NOT NULL,
  context TEXT NOT NULL,
  position INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('running', 'succeeded', 'failed', 'suspended', 'cancelled')),
  awaiting TEXT,
  output TEXT NOT NULL,
  error TEXT,
  exit_code INTEGER,
  started_ms INTEGER NOT NULL,
  finished_ms INTEGER,
  owner TEXT
) WITHOUT ROWID;
)sql";

// Batches (docs/batch.md): each batch, and each of its lines with its run and, once finished,
// its result line — what a resumed batch skips and writes again. Created in any journal when it
// opens, as the registry's tables are.
const char *const kBatchSchema = R"sql(
CREATE TABLE IF NOT EXISTS batches (
  id TEXT PRIMARY KEY,
  pack TEXT NOT NULL,
  pack_version TEXT NOT NULL,
  program TEXT NOT NULL,
  bindings TEXT NOT NULL,
  wfc_version TEXT NOT NULL,
  input TEXT NOT NULL,
  input_sha256 TEXT NOT NULL,
  lines INTEGER NOT NULL,
  shard_index INTEGER NOT NULL,
  shard_count INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('running', 'finished', 'cancelled', 'failed')),
  started_ms INTEGER NOT NULL,
  finished_ms INTEGER,
  owner TEXT
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS batch_lines (
  batch TEXT NOT NULL,
  line INTEGER NOT NULL,
  run TEXT,
  status TEXT NOT NULL CHECK (status IN ('running', 'succeeded', 'failed', 'suspended')),
  result TEXT,
  finished_ms INTEGER,
  PRIMARY KEY (batch, line)
) WITHOUT ROWID;
)sql";

const char *const kBatchColumns =
    "id, pack, pack_version, program, bindings, wfc_version, input, input_sha256, lines, shard_index, shard_count, "
    "status, started_ms, finished_ms, owner";

BatchRow readBatch(const Statement &s) {
  BatchRow r;
  r.id = s.text(0);
  r.identity.pack = s.text(1);
  r.identity.packVersion = s.text(2);
  r.identity.program = s.text(3);
  r.identity.bindings = ProgramIdentity::parseBindings(s.text(4));
  r.identity.wfcVersion = s.text(5);
  r.input = s.text(6);
  r.inputSha256 = s.text(7);
  r.lines = s.integer(8);
  r.shardIndex = s.integer(9);
  r.shardCount = s.integer(10);
  r.status = s.text(11);
  r.startedMs = s.integer(12);
  if (!s.isNull(13)) r.finishedMs = s.integer(13);
  r.owner = s.isNull(14) ? "" : s.text(14);
  return r;
}

// Serve mode's records (docs/serve.md): each served run's trace lines, for its timeline page.
// Created in any journal when it opens, like the registry's.
const char *const kServeSchema = R"sql(
CREATE TABLE IF NOT EXISTS run_timelines (
  run INTEGER NOT NULL,
  segment INTEGER NOT NULL,
  lines TEXT NOT NULL,
  PRIMARY KEY (run, segment)
) WITHOUT ROWID;
)sql";

const char *const kSequenceColumns =
    "id, sequence, scope, user_id, input, context, position, status, awaiting, output, error, exit_code, started_ms, "
    "finished_ms, owner";

SequenceRunRow readSequenceRun(const Statement &s) {
  SequenceRunRow r;
  r.id = s.text(0);
  r.sequence = s.text(1);
  r.scope = s.text(2);
  r.user = s.optionalText(3);
  r.input = s.text(4);
  r.context = s.text(5);
  r.position = s.integer(6);
  r.status = s.text(7);
  r.awaiting = s.optionalText(8);
  r.output = s.text(9);
  r.error = s.isNull(10) ? "" : s.text(10);
  if (!s.isNull(11)) r.exitCode = s.integer(11);
  r.startedMs = s.integer(12);
  if (!s.isNull(13)) r.finishedMs = s.integer(13);
  r.owner = s.isNull(14) ? "" : s.text(14);
  return r;
}

const char *const kRunColumns =
    "seq, id, pack, pack_version, program, bindings, wfc_version, input, status, started_ms, finished_ms, output, "
    "exit_code, error, awaiting, owner";

RunRow readRun(const Statement &s) {
  RunRow r;
  r.seq = s.integer(0);
  r.id = s.text(1);
  r.identity.pack = s.text(2);
  r.identity.packVersion = s.text(3);
  r.identity.program = s.text(4);
  r.identity.bindings = ProgramIdentity::parseBindings(s.text(5));
  r.identity.wfcVersion = s.text(6);
  r.input = s.text(7);
  r.status = s.text(8);
  r.startedMs = s.integer(9);
  if (!s.isNull(10)) r.finishedMs = s.integer(10);
  r.output = s.optionalText(11);
  if (!s.isNull(12)) r.exitCode = s.integer(12);
  r.error = s.text(13);
  r.awaiting = s.optionalText(14);
  r.owner = s.text(15);
  return r;
}

std::string directoryOf(const std::string &path) {
  size_t slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

}  // namespace

int64_t nowMs() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

struct JournalFile::Statements {
  explicit Statements(sqlite3 *db)
      : begin(db, "BEGIN IMMEDIATE"),
        commit(db, "COMMIT"),
        rollback(db, "ROLLBACK"),
        savepoint(db, "SAVEPOINT record"),
        release(db, "RELEASE record"),
        rollbackTo(db, "ROLLBACK TO record"),
        meta(db, "SELECT value FROM wfc_journal WHERE key = ?1"),
        setMeta(db, "INSERT INTO wfc_journal (key, value) VALUES (?1, ?2)"),
        insertRun(db,
                  "INSERT INTO runs (id, pack, pack_version, program, bindings, wfc_version, input, status, "
                  "started_ms, owner) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'running', ?8, ?9)"),
        findRun(db, (std::string("SELECT ") + kRunColumns + " FROM runs WHERE id = ?1").c_str()),
        listRuns(db, (std::string("SELECT ") + kRunColumns + " FROM runs ORDER BY seq").c_str()),
        runOwner(db, "SELECT status, owner FROM runs WHERE seq = ?1"),
        reopenRun(db,
                  "UPDATE runs SET status = 'running', owner = ?2, finished_ms = NULL, exit_code = NULL, "
                  "error = NULL, awaiting = NULL WHERE seq = ?1"),
        finishRun(db,
                  "UPDATE runs SET status = ?2, output = ?3, exit_code = ?4, error = ?5, awaiting = ?6, "
                  "finished_ms = ?7, owner = NULL WHERE seq = ?1"),
        insertStep(db,
                   "INSERT OR REPLACE INTO steps (run, path, status, output, error, attempts, cache_key, call_key, "
                   "call_tool, call_args, finished_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)"),
        insertAttempt(db,
                      "INSERT OR REPLACE INTO failed_attempts (run, path, attempt, kind, error, finished_ms) "
                      "VALUES (?1, ?2, ?3, ?4, ?5, ?6)"),
        insertExchange(db,
                       "INSERT OR REPLACE INTO exchanges (run, key, step, item, round, attempt, prompt, reply, "
                       "finished_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)"),
        insertToolCall(db,
                       "INSERT OR REPLACE INTO tool_calls (run, key, step, tool, args, status, result, error_kind, "
                       "error, finished_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)"),
        insertVisit(db,
                    "INSERT OR REPLACE INTO visits (run, path, state, visit, output, event, context, workflow, "
                    "finished_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)"),
        stepsOf(db, "SELECT path, status, output, error, attempts FROM steps WHERE run = ?1"),
        attemptsOf(db, "SELECT path, count(*) FROM failed_attempts WHERE run = ?1 GROUP BY path"),
        exchangesOf(db, "SELECT key, reply FROM exchanges WHERE run = ?1"),
        toolCallsOf(db, "SELECT key, step, tool, args, status, result, error_kind, error FROM calls WHERE run = ?1"),
        visitsOf(db, "SELECT path, output, event, context, workflow FROM visits WHERE run = ?1"),
        countToolCalls(db, "SELECT count(*) FROM calls WHERE run = ?1"),
        cached(db, "SELECT output FROM steps WHERE cache_key = ?1 ORDER BY finished_ms DESC LIMIT 1"),
        insertMemberRun(db,
                        "INSERT OR REPLACE INTO registry_runs (run, workflow, scope, user_id, sequence_run, position) "
                        "VALUES (?1, ?2, ?3, ?4, ?5, ?6)"),
        completedInScope(db,
                         "SELECT r.run FROM registry_runs r JOIN runs u ON u.id = r.run WHERE r.workflow = ?1 AND "
                         "r.scope = ?2 AND (?3 IS NULL OR r.user_id = ?3) AND u.status = 'succeeded' LIMIT 1"),
        memberRunOf(db, "SELECT run, workflow, scope, user_id FROM registry_runs WHERE run = ?1"),
        memberRunsAt(db,
                     "SELECT r.run, r.workflow, u.status FROM registry_runs r JOIN runs u ON u.id = r.run WHERE "
                     "r.sequence_run = ?1 AND r.position = ?2 ORDER BY u.seq"),
        insertSequenceRun(db,
                          "INSERT INTO sequence_runs (id, sequence, scope, user_id, input, context, position, status, "
                          "output, started_ms, owner) VALUES (?1, ?2, ?3, ?4, ?5, ?6, 0, 'running', '{}', ?7, ?8)"),
        updateSequenceRun(db,
                          "UPDATE sequence_runs SET position = ?2, context = ?3, status = ?4, awaiting = ?5, output = ?6, "
                          "error = ?7, exit_code = ?8, finished_ms = ?9, owner = ?10 WHERE id = ?1"),
        findSequenceRun(db, (std::string("SELECT ") + kSequenceColumns + " FROM sequence_runs WHERE id = ?1").c_str()),
        listSequenceRuns(db,
                         (std::string("SELECT ") + kSequenceColumns + " FROM sequence_runs ORDER BY started_ms, id").c_str()),
        insertBatch(db,
                    "INSERT INTO batches (id, pack, pack_version, program, bindings, wfc_version, input, input_sha256, "
                    "lines, shard_index, shard_count, status, started_ms, owner) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, "
                    "?9, ?10, ?11, 'running', ?12, ?13)"),
        findBatch(db, (std::string("SELECT ") + kBatchColumns + " FROM batches WHERE id = ?1").c_str()),
        batchOwner(db, "SELECT status, owner FROM batches WHERE id = ?1"),
        reopenBatch(db, "UPDATE batches SET status = 'running', owner = ?2, finished_ms = NULL WHERE id = ?1"),
        finishBatch(db, "UPDATE batches SET status = ?2, finished_ms = ?3, owner = NULL WHERE id = ?1"),
        batchLinesOf(db,
                     "SELECT line, run, status, result FROM batch_lines WHERE batch = ?1 AND line >= ?2 ORDER BY line "
                     "LIMIT ?3"),
        countFinishedLines(db, "SELECT count(*) FROM batch_lines WHERE batch = ?1 AND status != 'running'"),
        startBatchLine(db,
                       "INSERT OR REPLACE INTO batch_lines (batch, line, run, status) VALUES (?1, ?2, ?3, 'running')"),
        finishBatchLine(db,
                        "INSERT OR REPLACE INTO batch_lines (batch, line, run, status, result, finished_ms) "
                        "VALUES (?1, ?2, ?3, ?4, ?5, ?6)") {}

  Statement begin, commit, rollback, savepoint, release, rollbackTo, meta, setMeta, insertRun, findRun, listRuns, runOwner, reopenRun, finishRun,
      insertStep, insertAttempt, insertExchange, insertToolCall, insertVisit, stepsOf, attemptsOf, exchangesOf,
      toolCallsOf, visitsOf, countToolCalls, cached, insertMemberRun, completedInScope, memberRunOf, memberRunsAt,
      insertSequenceRun, updateSequenceRun, findSequenceRun, listSequenceRuns, insertBatch, findBatch, batchOwner,
      reopenBatch, finishBatch, batchLinesOf, countFinishedLines, startBatchLine, finishBatchLine;
};

JournalFile::JournalFile(const std::string &path, SyncMode sync) : path_(path), checkpointer_(path) {
  auto refuse = [&](const std::string &why) { throw Error(ErrorKind::Usage, "journal '" + path + "' " + why); };
  struct stat info;
  if (::stat(path.c_str(), &info) == 0 && S_ISDIR(info.st_mode)) refuse("is a directory; give a file (created if absent)");
  if (::stat(path.c_str(), &info) != 0) {
    std::string dir = directoryOf(path);
    struct stat d;
    if (::stat(dir.c_str(), &d) != 0) refuse("cannot be created: directory '" + dir + "' does not exist");
  }
  try {
    try {
      open(sync);
    } catch (const SqliteError &e) {
      std::string why = e.what();
      switch (e.primary()) {
        case SQLITE_NOTADB: refuse("is not a wfc journal: it is not an SQLite database"); break;
        case SQLITE_CORRUPT: refuse("is corrupt (" + why + "); move it aside and start a new journal"); break;
        case SQLITE_READONLY:
          refuse("is read-only (" + why + "): the run writes its progress there; give a writable file in a "
                 "writable directory");
          break;
        case SQLITE_CANTOPEN:
          refuse("cannot be opened for writing (" + why + "); SQLite also creates '" + path + "-wal' and '" + path +
                 "-shm' beside it, so its directory must be writable");
          break;
        default: refuse("cannot be opened: " + why);
      }
    }
  } catch (...) {
    s_.reset();
    if (db_) sqlite::api().close_v2(db_);  // db_ is set only once the library is loaded
    db_ = nullptr;
    throw;
  }
}

void JournalFile::open(SyncMode sync) {
  check(db_, sqlite::api().open_v2(path_.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                             nullptr),
        "cannot open it");
  sqlite::api().extended_result_codes(db_, 1);
  sqlite::api().busy_timeout(db_, kBusyTimeoutMs);
  // Small pages: a commit writes every page it changed to the log, and a step's record is a few
  // hundred bytes — 1 KiB pages write well under half what 4 KiB ones do per step. (Ignored once
  // the file exists: a journal keeps the page size it was created with.)
  Statement(db_, "PRAGMA page_size = 1024").run();
  // WAL: readers never block the writer, and a commit is one append to the -wal file — which
  // survives the process being killed even before it reaches the disk (docs/journal.md).
  std::string mode;
  for (int tries = 0;; ++tries) {
    try {
      Statement wal(db_, "PRAGMA journal_mode = WAL");
      Use use(wal);
      if (wal.step()) mode = wal.text(0);
      break;
    } catch (const SqliteError &e) {
      // A new file being set up by another process at the same moment.
      if ((e.primary() != SQLITE_BUSY && e.primary() != SQLITE_LOCKED) || tries > 300) throw;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  }
  if (mode != "wal")
    throw Error(ErrorKind::Usage, "journal '" + path_ + "' cannot be put in WAL mode (its file system may not "
                                                        "support shared memory)");
  if (sqlite::api().db_readonly(db_, "main") == 1)
    throw Error(ErrorKind::Usage, "journal '" + path_ + "' is read-only: the run writes its progress there; give a "
                                                        "writable file");
  Statement(db_, sync == SyncMode::Full ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL").run();
  // The -wal file is cut back to this when the log starts over (it keeps its largest size else).
  Statement(db_, "PRAGMA journal_size_limit = 67108864").run();
  createSchema();
  s_ = std::make_unique<Statements>(db_);
  // Checkpoints happen on the checkpointer's thread, never on a step's (core/journal/Checkpointer.h):
  // the hook replaces SQLite's automatic checkpoints. Closing still checkpoints (when this is the
  // file's last connection), so the next process need not read the log back; the -wal file is
  // kept, emptied, rather than deleted and created again by the next run (each a sync).
  int persist = 1;
  sqlite::api().file_control(db_, "main", SQLITE_FCNTL_PERSIST_WAL, &persist);
  sqlite::api().wal_hook(
      db_,
      [](void *self, sqlite3 *, const char *, int pages) {
        auto *file = static_cast<JournalFile *>(self);
        file->restartLog_ = file->checkpointer_.logged(pages);
        return SQLITE_OK;
      },
      this);
}

JournalFile::~JournalFile() {
  checkpointer_.stop();  // its connection first: the last one to close checkpoints the log
  s_.reset();            // statements before the connection
  if (db_) sqlite::api().close_v2(db_);
}

void JournalFile::createSchema() {
  Statement begin(db_, "BEGIN IMMEDIATE"), commit(db_, "COMMIT");
  begin.run();
  try {
    std::vector<std::string> tables;
    {
      Statement list(db_, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
      Use use(list);
      while (list.step()) tables.push_back(list.text(0));
    }
    if (tables.empty()) {
      check(db_, sqlite::api().exec(db_, kSchema, nullptr, nullptr, nullptr), "cannot create the journal's tables");
      Statement set(db_, "INSERT INTO wfc_journal (key, value) VALUES ('format', ?1)");
      set.bind(1, std::string_view(kFormat));
      set.run();
    } else if (std::find(tables.begin(), tables.end(), "wfc_journal") == tables.end()) {
      std::string names;
      for (size_t i = 0; i < tables.size() && i < 5; ++i) names += (i ? ", " : "") + tables[i];
      throw Error(ErrorKind::Usage, "journal '" + path_ + "' is an SQLite database of something else (tables " +
                                        names + (tables.size() > 5 ? ", …" : "") + "), not a wfc journal");
    } else {
      Statement format(db_, "SELECT value FROM wfc_journal WHERE key = 'format'");
      Use use(format);
      std::string found = format.step() ? format.text(0) : "(none)";
      if (found != kFormat)
        throw Error(ErrorKind::Usage, "journal '" + path_ + "' has format " + found +
                                          ", and this executable reads format " + kFormat +
                                          " (written by another version of wfc)");
    }
    check(db_, sqlite::api().exec(db_, kRegistrySchema, nullptr, nullptr, nullptr), "cannot create the registry's tables");
    check(db_, sqlite::api().exec(db_, kBatchSchema, nullptr, nullptr, nullptr), "cannot create the batches' tables");
    check(db_, sqlite::api().exec(db_, kServeSchema, nullptr, nullptr, nullptr), "cannot create the server's tables");
    commit.run();
  } catch (...) {
    sqlite::api().exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
}

// A record waiting to be committed by whichever thread commits next (group commit).
struct JournalFile::Pending {
  void *work;                  // the record's statements: a callable …
  void (*run)(void *work);     // … and how to call it
  std::exception_ptr error;    // what went wrong, once done
  bool done = false;
};

template <typename Fn>
void JournalFile::write(Fn &&fn) {
  Pending me{&fn, [](void *f) { (*static_cast<std::remove_reference_t<Fn> *>(f))(); }, nullptr, false};
  {
    std::unique_lock lock(queueMutex_);
    queue_.push_back(&me);
    while (!me.done) {
      if (!committing_) commitQueued(lock);
      else committed_.wait(lock);
    }
  }
  if (!me.error) return;
  try {
    std::rethrow_exception(me.error);
  } catch (const SqliteError &e) {
    throw Error(ErrorKind::StepFailed, "cannot write journal '" + path_ + "': " + e.what());
  }
}

// Commits every record queued so far in one transaction. When several threads finish steps at
// once (parallel branches, foreach items) they queue while one of them commits, and the next
// commit takes them all: one write to the log instead of one each, and none returns before its
// own record is committed. A record that fails alone is rolled back alone (a savepoint each).
void JournalFile::commitQueued(std::unique_lock<std::mutex> &queueLock) {
  std::vector<Pending *> batch;
  batch.swap(queue_);
  queue_.swap(spare_);
  committing_ = true;
  queueLock.unlock();
  std::exception_ptr failure;
  {
    std::lock_guard lock(mutex_);
    try {
      s_->begin.run();
      if (batch.size() == 1) {
        batch[0]->run(batch[0]->work);
      } else {
        for (Pending *p : batch) {
          s_->savepoint.run();
          try {
            p->run(p->work);
            s_->release.run();
          } catch (...) {
            p->error = std::current_exception();
            s_->rollbackTo.run();
            s_->release.run();
          }
        }
      }
      s_->commit.run();
    } catch (...) {
      failure = std::current_exception();
      if (!sqlite::api().get_autocommit(db_)) sqlite::api().exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    }
    // The log is past its bound: restart it now, between two commits (core/journal/Checkpointer.h).
    // Failing to loses nothing: the next commit past the bound tries again.
    if (restartLog_) {
      restartLog_ = false;
      sqlite::api().wal_checkpoint_v2(db_, nullptr, SQLITE_CHECKPOINT_RESTART, nullptr, nullptr);
    }
  }
  queueLock.lock();
  for (Pending *p : batch) {
    if (failure && !p->error) p->error = failure;
    p->done = true;
  }
  batch.clear();
  spare_.swap(batch);  // keeps its capacity for the next batch
  committing_ = false;
  committed_.notify_all();
}

template <typename Fn>
auto JournalFile::read(Fn &&fn) -> decltype(fn()) {
  std::lock_guard lock(mutex_);
  try {
    return fn();
  } catch (const SqliteError &e) {
    throw Error(ErrorKind::StepFailed, "cannot read journal '" + path_ + "': " + e.what());
  }
}

void JournalFile::claimPack(const std::string &pack) {
  std::optional<std::string> owner;
  write([&] {
    Use meta(s_->meta);
    meta->bind(1, std::string_view("pack"));
    if (meta->step()) {
      owner = meta->text(0);
      return;
    }
    Use set(s_->setMeta);
    set->bind(1, std::string_view("pack")).bind(2, std::string_view(pack));
    set->run();
  });
  if (owner && *owner != pack)
    throw Error(ErrorKind::Usage, "journal '" + path_ + "' holds the runs of pack '" + *owner +
                                      "', and this executable runs pack '" + pack +
                                      "': give each pack a journal of its own");
}

int64_t JournalFile::createRun(const std::string &id, const ProgramIdentity &identity, const std::string &input,
                               int64_t startedMs, const std::string &owner) {
  int64_t seq = 0;
  write([&] {
    Use s(s_->insertRun);
    s->bind(1, std::string_view(id)).bind(2, std::string_view(identity.pack));
    s->bind(3, std::string_view(identity.packVersion)).bind(4, std::string_view(identity.program));
    s->bind(5, std::string_view(identity.bindingsJson())).bind(6, std::string_view(identity.wfcVersion));
    s->bind(7, std::string_view(input)).bind(8, startedMs).bind(9, std::string_view(owner));
    s->run();
    seq = sqlite::api().last_insert_rowid(db_);
  });
  return seq;
}

std::optional<RunRow> JournalFile::findRun(const std::string &id) {
  return read([&]() -> std::optional<RunRow> {
    Use s(s_->findRun);
    s->bind(1, std::string_view(id));
    if (!s->step()) return std::nullopt;
    return readRun(*s);
  });
}

std::vector<RunRow> JournalFile::runs() {
  return read([&] {
    std::vector<RunRow> out;
    Use s(s_->listRuns);
    while (s->step()) out.push_back(readRun(*s));
    return out;
  });
}

std::optional<std::string> JournalFile::reopenRun(int64_t seq, const std::string &owner,
                                                  bool (*isAlive)(const std::string &)) {
  std::optional<std::string> busy;
  write([&] {
    {
      Use s(s_->runOwner);
      s->bind(1, seq);
      if (s->step() && s->text(0) == "running" && !s->isNull(1) && s->text(1) != owner && isAlive(s->text(1))) {
        busy = s->text(1);
        return;
      }
    }
    Use s(s_->reopenRun);
    s->bind(1, seq).bind(2, std::string_view(owner));
    s->run();
  });
  return busy;
}

void JournalFile::finishRun(int64_t seq, const std::string &status, const std::optional<std::string> &output,
                            std::optional<int64_t> exitCode, const std::string &error,
                            const std::optional<std::string> &awaiting, int64_t finishedMs) {
  write([&] {
    Use s(s_->finishRun);
    s->bind(1, seq).bind(2, std::string_view(status)).bind(3, output);
    if (exitCode) s->bind(4, *exitCode);
    if (!error.empty()) s->bind(5, std::string_view(error));
    s->bind(6, awaiting).bind(7, finishedMs);
    s->run();
  });
}

RunHistory JournalFile::history(int64_t seq) {
  return read([&] {
    RunHistory h;
    {
      Use s(s_->stepsOf);
      s->bind(1, seq);
      while (s->step())
        h.steps[s->text(0)] = StepRow{s->text(1) == "recovered", s->text(2), s->text(3), unsigned(s->integer(4))};
    }
    {
      Use s(s_->attemptsOf);
      s->bind(1, seq);
      while (s->step()) h.failedAttempts[s->text(0)] = unsigned(s->integer(1));
    }
    {
      Use s(s_->exchangesOf);
      s->bind(1, seq);
      while (s->step()) h.exchanges[s->text(0)] = s->text(1);
    }
    {
      Use s(s_->toolCallsOf);
      s->bind(1, seq);
      while (s->step()) {
        ToolCallRow c{s->text(0), s->text(1), s->text(2), s->text(3), s->text(4) == "ok", s->text(5), s->text(6),
                      s->text(7)};
        h.toolCalls[c.key] = std::move(c);
      }
    }
    {
      Use s(s_->visitsOf);
      s->bind(1, seq);
      while (s->step())
        h.visits[s->text(0)] = VisitRow{s->text(1), !s->isNull(2), s->text(2), s->text(3), s->text(4)};
    }
    return h;
  });
}

std::vector<RunRow> JournalFile::recentRuns(const std::optional<std::string> &status, int64_t limit,
                                            std::optional<int64_t> beforeSeq) {
  return read([&] {
    std::vector<RunRow> out;
    Statement s(db_, (std::string("SELECT ") + kRunColumns +
                      " FROM runs WHERE (?1 IS NULL OR status = ?1) AND (?2 IS NULL OR seq < ?2) ORDER BY seq DESC "
                      "LIMIT ?3").c_str());
    s.bind(1, status);
    if (beforeSeq) s.bind(2, *beforeSeq);
    s.bind(3, limit);
    while (s.step()) out.push_back(readRun(s));
    return out;
  });
}

std::vector<std::pair<std::string, int64_t>> JournalFile::countRunsByStatus() {
  return read([&] {
    std::vector<std::pair<std::string, int64_t>> out;
    Statement s(db_, "SELECT status, count(*) FROM runs GROUP BY status ORDER BY status");
    while (s.step()) out.emplace_back(s.text(0), s.integer(1));
    return out;
  });
}

void JournalFile::recordTimeline(int64_t seq, const std::string &lines) {
  write([&] {
    Statement s(db_, "INSERT INTO run_timelines (run, segment, lines) VALUES (?1, (SELECT coalesce(max(segment), 0) + 1 "
                     "FROM run_timelines WHERE run = ?1), ?2)");
    s.bind(1, seq).bind(2, std::string_view(lines));
    s.run();
  });
}

std::string JournalFile::timeline(int64_t seq) {
  return read([&] {
    std::string out;
    Statement s(db_, "SELECT lines FROM run_timelines WHERE run = ?1 ORDER BY segment");
    s.bind(1, seq);
    while (s.step()) out += s.text(0);
    return out;
  });
}

int64_t JournalFile::toolCallCount(int64_t seq) {
  return read([&] {
    Use s(s_->countToolCalls);
    s->bind(1, seq);
    return s->step() ? s->integer(0) : int64_t(0);
  });
}

void JournalFile::insertToolCall(int64_t seq, const ToolCallRow &call, int64_t now) {
  Use s(s_->insertToolCall);
  s->bind(1, seq).bind(2, std::string_view(call.key)).bind(3, std::string_view(call.step));
  s->bind(4, std::string_view(call.tool)).bind(5, std::string_view(call.args));
  s->bind(6, std::string_view(call.ok ? "ok" : "failed"));
  if (call.ok) {
    s->bind(7, std::string_view(call.result));
  } else {
    s->bind(8, std::string_view(call.errorKind)).bind(9, std::string_view(call.error));
  }
  s->bind(10, now);
  s->run();
}

void JournalFile::recordStep(int64_t seq, const std::string &path, const StepRow &step,
                             const std::optional<std::string> &cacheKey, const ToolCallRow *call) {
  int64_t now = nowMs();
  // A tool step's successful call lives in its step's row: its result is the step's output, and
  // one row is one page to write per step (docs/journal.md; the `calls` view shows every call).
  bool inRow = call && call->ok;
  write([&] {
    if (call && !inRow) insertToolCall(seq, *call, now);
    Use s(s_->insertStep);
    s->bind(1, seq).bind(2, std::string_view(path)).bind(3, std::string_view(step.recovered ? "recovered" : "ok"));
    s->bind(4, std::string_view(step.output));
    if (!step.error.empty()) s->bind(5, std::string_view(step.error));
    s->bind(6, int64_t(step.attempts)).bind(7, cacheKey);
    if (inRow) s->bind(8, std::string_view(call->key)).bind(9, std::string_view(call->tool)).bind(10, std::string_view(call->args));
    s->bind(11, now);
    s->run();
  });
}

void JournalFile::recordFailedAttempt(int64_t seq, const std::string &path, unsigned attempt, const std::string &kind,
                                      const std::string &error, const ToolCallRow *call) {
  int64_t now = nowMs();
  write([&] {
    if (call) insertToolCall(seq, *call, now);
    Use s(s_->insertAttempt);
    s->bind(1, seq).bind(2, std::string_view(path)).bind(3, int64_t(attempt)).bind(4, std::string_view(kind));
    s->bind(5, std::string_view(error)).bind(6, now);
    s->run();
  });
}

void JournalFile::recordExchange(int64_t seq, const std::string &key, const std::string &step,
                                 std::optional<int64_t> item, unsigned round, unsigned attempt,
                                 const std::string &prompt, const std::string &reply) {
  int64_t now = nowMs();
  write([&] {
    Use s(s_->insertExchange);
    s->bind(1, seq).bind(2, std::string_view(key)).bind(3, std::string_view(step));
    if (item) s->bind(4, *item);
    s->bind(5, int64_t(round)).bind(6, int64_t(attempt)).bind(7, std::string_view(prompt));
    s->bind(8, std::string_view(reply)).bind(9, now);
    s->run();
  });
}

void JournalFile::recordToolCall(int64_t seq, const ToolCallRow &call) {
  int64_t now = nowMs();
  write([&] { insertToolCall(seq, call, now); });
}

void JournalFile::recordVisit(int64_t seq, const std::string &path, const std::string &state, unsigned visit,
                              const VisitRow &row) {
  int64_t now = nowMs();
  write([&] {
    Use s(s_->insertVisit);
    s->bind(1, seq).bind(2, std::string_view(path)).bind(3, std::string_view(state)).bind(4, int64_t(visit));
    s->bind(5, std::string_view(row.output));
    if (row.hasEvent) s->bind(6, std::string_view(row.event));
    s->bind(7, std::string_view(row.context)).bind(8, std::string_view(row.workflow)).bind(9, now);
    s->run();
  });
}

std::optional<std::string> JournalFile::findCached(const std::string &cacheKey) {
  return read([&]() -> std::optional<std::string> {
    Use s(s_->cached);
    s->bind(1, std::string_view(cacheKey));
    if (!s->step()) return std::nullopt;
    return s->text(0);
  });
}

// ---- workflow registries (docs/registry.md)

void JournalFile::recordMemberRun(const std::string &runId, const std::string &workflow, const std::string &scope,
                                  const std::optional<std::string> &user, const std::optional<std::string> &sequenceRun,
                                  std::optional<int64_t> position) {
  write([&] {
    Use s(s_->insertMemberRun);
    s->bind(1, std::string_view(runId)).bind(2, std::string_view(workflow)).bind(3, std::string_view(scope));
    s->bind(4, user).bind(5, sequenceRun);
    if (position) s->bind(6, *position);
    else s->bindNull(6);
    s->run();
  });
}

std::optional<std::string> JournalFile::completedRun(const std::string &workflow, const std::string &scope,
                                                     const std::optional<std::string> &user) {
  return read([&]() -> std::optional<std::string> {
    Use s(s_->completedInScope);
    s->bind(1, std::string_view(workflow)).bind(2, std::string_view(scope)).bind(3, user);
    if (s->step()) return s->text(0);
    return std::nullopt;
  });
}

std::optional<MemberRunRow> JournalFile::memberRun(const std::string &runId) {
  return read([&]() -> std::optional<MemberRunRow> {
    Use s(s_->memberRunOf);
    s->bind(1, std::string_view(runId));
    if (!s->step()) return std::nullopt;
    MemberRunRow row{s->text(0), s->text(1), "", "", std::nullopt};
    row.scope = s->text(2);
    row.user = s->optionalText(3);
    return row;
  });
}

std::vector<MemberRunRow> JournalFile::memberRuns(const std::string &sequenceRun, int64_t position) {
  return read([&] {
    std::vector<MemberRunRow> out;
    Use s(s_->memberRunsAt);
    s->bind(1, std::string_view(sequenceRun)).bind(2, position);
    while (s->step()) out.push_back({s->text(0), s->text(1), s->text(2), "", std::nullopt});
    return out;
  });
}

void JournalFile::createSequenceRun(const SequenceRunRow &row) {
  write([&] {
    Use s(s_->insertSequenceRun);
    s->bind(1, std::string_view(row.id)).bind(2, std::string_view(row.sequence)).bind(3, std::string_view(row.scope));
    s->bind(4, row.user).bind(5, std::string_view(row.input)).bind(6, std::string_view(row.context));
    s->bind(7, row.startedMs).bind(8, std::string_view(row.owner));
    s->run();
  });
}

void JournalFile::updateSequenceRun(const SequenceRunRow &row) {
  write([&] {
    Use s(s_->updateSequenceRun);
    s->bind(1, std::string_view(row.id)).bind(2, row.position).bind(3, std::string_view(row.context));
    s->bind(4, std::string_view(row.status)).bind(5, row.awaiting).bind(6, std::string_view(row.output));
    if (row.error.empty()) s->bindNull(7);
    else s->bind(7, std::string_view(row.error));
    if (row.exitCode) s->bind(8, *row.exitCode);
    else s->bindNull(8);
    if (row.finishedMs) s->bind(9, *row.finishedMs);
    else s->bindNull(9);
    if (row.owner.empty()) s->bindNull(10);
    else s->bind(10, std::string_view(row.owner));
    s->run();
  });
}

std::optional<SequenceRunRow> JournalFile::findSequenceRun(const std::string &id) {
  return read([&]() -> std::optional<SequenceRunRow> {
    Use s(s_->findSequenceRun);
    s->bind(1, std::string_view(id));
    if (s->step()) return readSequenceRun(*s);
    return std::nullopt;
  });
}

std::vector<SequenceRunRow> JournalFile::sequenceRuns() {
  return read([&] {
    std::vector<SequenceRunRow> out;
    Use s(s_->listSequenceRuns);
    while (s->step()) out.push_back(readSequenceRun(*s));
    return out;
  });
}

// ---- batches (docs/batch.md)

void JournalFile::createBatch(const BatchRow &row) {
  write([&] {
    Use s(s_->insertBatch);
    s->bind(1, std::string_view(row.id)).bind(2, std::string_view(row.identity.pack));
    s->bind(3, std::string_view(row.identity.packVersion)).bind(4, std::string_view(row.identity.program));
    s->bind(5, std::string_view(row.identity.bindingsJson())).bind(6, std::string_view(row.identity.wfcVersion));
    s->bind(7, std::string_view(row.input)).bind(8, std::string_view(row.inputSha256)).bind(9, row.lines);
    s->bind(10, row.shardIndex).bind(11, row.shardCount).bind(12, row.startedMs).bind(13, std::string_view(row.owner));
    s->run();
  });
}

std::optional<BatchRow> JournalFile::findBatch(const std::string &id) {
  return read([&]() -> std::optional<BatchRow> {
    Use s(s_->findBatch);
    s->bind(1, std::string_view(id));
    if (s->step()) return readBatch(*s);
    return std::nullopt;
  });
}

std::optional<std::string> JournalFile::reopenBatch(const std::string &id, const std::string &owner,
                                                    bool (*isAlive)(const std::string &)) {
  std::optional<std::string> busy;
  write([&] {
    {
      Use s(s_->batchOwner);
      s->bind(1, std::string_view(id));
      if (s->step() && s->text(0) == "running" && !s->isNull(1) && s->text(1) != owner && isAlive(s->text(1))) {
        busy = s->text(1);
        return;
      }
    }
    Use s(s_->reopenBatch);
    s->bind(1, std::string_view(id)).bind(2, std::string_view(owner));
    s->run();
  });
  return busy;
}

void JournalFile::finishBatch(const std::string &id, const std::string &status, int64_t finishedMs) {
  write([&] {
    Use s(s_->finishBatch);
    s->bind(1, std::string_view(id)).bind(2, std::string_view(status)).bind(3, finishedMs);
    s->run();
  });
}

std::vector<BatchLineRow> JournalFile::batchLines(const std::string &batch, int64_t fromLine, size_t limit) {
  return read([&] {
    std::vector<BatchLineRow> out;
    Use s(s_->batchLinesOf);
    s->bind(1, std::string_view(batch)).bind(2, fromLine).bind(3, int64_t(limit));
    while (s->step()) out.push_back({s->integer(0), s->optionalText(1), s->text(2), s->optionalText(3)});
    return out;
  });
}

int64_t JournalFile::finishedBatchLines(const std::string &batch) {
  return read([&] {
    Use s(s_->countFinishedLines);
    s->bind(1, std::string_view(batch));
    return s->step() ? s->integer(0) : int64_t(0);
  });
}

void JournalFile::startBatchLine(const std::string &batch, int64_t line, const std::string &run) {
  write([&] {
    Use s(s_->startBatchLine);
    s->bind(1, std::string_view(batch)).bind(2, line).bind(3, std::string_view(run));
    s->run();
  });
}

void JournalFile::finishBatchLine(const std::string &batch, int64_t line, const std::optional<std::string> &run,
                                  const std::string &status, const std::string &result) {
  int64_t now = nowMs();
  write([&] {
    Use s(s_->finishBatchLine);
    s->bind(1, std::string_view(batch)).bind(2, line).bind(3, run).bind(4, std::string_view(status));
    s->bind(5, std::string_view(result)).bind(6, now);
    s->run();
  });
}

}  // namespace wfc::journal

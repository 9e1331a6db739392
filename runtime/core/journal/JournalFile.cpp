#include "core/journal/JournalFile.h"

#include "core/journal/BatchStore.h"
#include "core/journal/OpenWriters.h"
#include "core/journal/RegistryStore.h"
#include "core/journal/RunStore.h"
#include "core/journal/TimelineStore.h"
#include "core/journal/WriteAheadLog.h"
#include "support/sqlite/Sqlite.h"
#include "support/sqlite/SqliteLibrary.h"
#include "wfc/error.h"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <exception>
#include <map>
#include <mutex>
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

// The journal's own table: its format and the pack it holds. The stores own the rest.
const char *const kJournalTable = "CREATE TABLE wfc_journal (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;";

std::string directoryOf(const std::string &path) {
  size_t slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

// How many JournalFiles of this process have each journal open: the process has one row in
// wfc_open_writers while any does, and the log is checked for damage only by the first (no other
// connection of this process is writing it then).
std::mutex openHereMutex;
std::map<std::string, int> openHere;

std::string canonicalPath(const std::string &path) {
  char *real = ::realpath(path.c_str(), nullptr);
  if (!real) return path;
  std::string out(real);
  std::free(real);
  return out;
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
        setMeta(db, "INSERT INTO wfc_journal (key, value) VALUES (?1, ?2)") {}

  Statement begin, commit, rollback, savepoint, release, rollbackTo, meta, setMeta;
};

JournalFile::JournalFile(const std::string &path, SyncMode sync) : path_(path), checkpointer_(path) {
  auto refuse = [&](const std::string &why) { throw Error(ErrorKind::Usage, "journal '" + path + "' " + why); };
  struct stat info;
  const bool exists = ::stat(path.c_str(), &info) == 0;
  if (exists && S_ISDIR(info.st_mode)) refuse("is a directory; give a file (created if absent)");
  if (!exists) {
    std::string dir = directoryOf(path);
    struct stat d;
    if (::stat(dir.c_str(), &d) != 0) refuse("cannot be created: directory '" + dir + "' does not exist");
  }
  // Before SQLite reads the log: whether there is one, and whether it is whole (only when no
  // other process is writing it, or its last frames may be half-written as we read).
  const std::string log = path + "-wal";
  struct stat logInfo;
  const bool logEmpty = ::stat(log.c_str(), &logInfo) != 0 || logInfo.st_size < 32;
  bool firstHere;
  {
    std::lock_guard lock(openHereMutex);
    canonical_ = canonicalPath(path);
    firstHere = openHere[canonical_]++ == 0;
  }
  try {
    if (firstHere && !logEmpty && !openInAnotherProcess(path))
      if (std::optional<std::string> damage = damageInLog(log))
        refuse("cannot be read safely: its log '" + log + "' is damaged — " + *damage +
               ", losing the progress logged there. Restore '" + log + "' from the copy taken with '" + path +
               "' (docs/journal.md \"Damaged or missing -wal\"); to go on without what it lost instead, move '" +
               log + "' aside and run: sqlite3 '" + path + "' 'DELETE FROM wfc_open_writers'");
    try {
      open(sync, /*fresh=*/!exists || info.st_size == 0);
      registerWriter(logEmpty);
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
    registry_.reset();
    batches_.reset();
    timelines_.reset();
    runs_.reset();
    s_.reset();
    if (db_) sqlite::api().close_v2(db_);  // db_ is set only once the library is loaded
    db_ = nullptr;
    std::lock_guard lock(openHereMutex);
    if (--openHere[canonical_] == 0) openHere.erase(canonical_);
    throw;
  }
}

void JournalFile::registerWriter(bool logEmpty) {
  std::vector<WriterRow> dead;
  write([&] {
    dead = deadWriters(db_);
    if (!dead.empty() && logEmpty)
      throw Error(ErrorKind::Usage,
                  "journal '" + path_ + "' was left open by process " + std::to_string(dead.front().pid) +
                      ", which died (killed?), and its log '" + path_ +
                      "-wal' is missing or empty: the progress logged since the last checkpoint is lost. Restore '" +
                      path_ + "-wal' from the copy taken with '" + path_ +
                      "' (both files are the journal: docs/journal.md \"Damaged or missing -wal\"); to go on "
                      "without what it lost instead, run: sqlite3 '" + path_ + "' 'DELETE FROM wfc_open_writers'");
    addWriter(db_, dead);
  });
  registered_ = true;
  // The row reaches the database file itself (not only the log) at the next checkpoint.
  checkpointer_.soon();
}

void JournalFile::open(SyncMode sync, bool fresh) {
  check(db_, sqlite::api().open_v2(path_.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                             nullptr),
        "cannot open it");
  sqlite::api().extended_result_codes(db_, 1);
  sqlite::api().busy_timeout(db_, kBusyTimeoutMs);
  // Small pages: a commit writes every page it changed to the log, and a step's record is a few
  // hundred bytes — 1 KiB pages write well under half what 4 KiB ones do per step. (Ignored once
  // the file exists: a journal keeps the page size it was created with.)
  Statement(db_, "PRAGMA page_size = 1024").run();
  // Incremental auto-vacuum, so that removing runs (docs/journal.md "Retention") gives the space
  // back a step at a time. Only a new file takes it; an older journal keeps its free pages for
  // later runs.
  if (fresh) Statement(db_, "PRAGMA auto_vacuum = INCREMENTAL").run();
  // A new journal in `normal` mode is set up without a sync: writing its first page through a
  // rollback journal, creating the -wal file and the tables would otherwise sync five times
  // (files and directory), milliseconds each, at every run that starts a journal. A killed
  // process loses nothing the page cache holds, which is all `normal` promises; `full` keeps
  // every sync.
  const bool setUpUnsynced = fresh && sync == SyncMode::Normal;
  if (setUpUnsynced) Statement(db_, "PRAGMA synchronous = OFF").run();
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
  const char *synchronous = sync == SyncMode::Full ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL";
  if (!setUpUnsynced) Statement(db_, synchronous).run();
  // The -wal file is cut back to this when the log starts over (it keeps its largest size else).
  Statement(db_, "PRAGMA journal_size_limit = 67108864").run();
  createSchema();
  if (setUpUnsynced) Statement(db_, synchronous).run();
  s_ = std::make_unique<Statements>(db_);
  runs_ = std::make_unique<RunStore>(*this);
  timelines_ = std::make_unique<TimelineStore>(*this);
  batches_ = std::make_unique<BatchStore>(*this);
  registry_ = std::make_unique<RegistryStore>(*this);
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
  bool lastHere;
  {
    std::lock_guard lock(openHereMutex);
    lastHere = --openHere[canonical_] == 0;
    if (lastHere) openHere.erase(canonical_);
  }
  // Closed cleanly: this process's row goes (and those of processes that died since), before the
  // last connection's checkpoint moves the log into the file.
  if (registered_ && lastHere) {
    try {
      write([&] { removeWriter(db_); });
    } catch (const Error &) {
      // A journal that cannot be written now keeps the row: the next opener sees a dead writer
      // and, the log being intact, only removes it.
    }
  }
  checkpointer_.stop();  // its connection first: the last one to close checkpoints the log
  // Statements before the connection: the stores' and this file's own.
  registry_.reset();
  batches_.reset();
  timelines_.reset();
  runs_.reset();
  s_.reset();
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
    const bool created = tables.empty();
    if (created) {
      check(db_, sqlite::api().exec(db_, kJournalTable, nullptr, nullptr, nullptr), "cannot create the journal's tables");
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
    // Each store's tables: created with a new journal, or — for the stores that came after the
    // format's first version — added to an older one.
    createOpenWritersTable(db_);
    RunStore::migrate(db_, created);
    RegistryStore::migrate(db_);
    BatchStore::migrate(db_);
    TimelineStore::migrate(db_);
    commit.run();
  } catch (...) {
    sqlite::api().exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
}

void JournalFile::commit(Pending &me) {
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

Error JournalFile::readError(const sqlite::SqliteError &e) const {
  return Error(ErrorKind::StepFailed, "cannot read journal '" + path_ + "': " + e.what());
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

}  // namespace wfc::journal

// The journal file (docs/journal.md): an SQLite database in WAL mode holding the runs of one
// pack. Several processes may share one file: each write is one short transaction, and a writer
// waits up to 30 s for another.
//
// What it holds is kept by four stores, one per concern, each owning its tables and how an older
// journal gains them:
//   runs()       RunStore: each run's identity, input, status and times; its completed steps,
//                failed attempts, LLM exchanges, tool calls and workflow state visits
//   timelines()  TimelineStore: a served run's trace lines, for its timeline page (docs/serve.md)
//   batches()    BatchStore: batches and their lines (docs/batch.md)
//   registry()   RegistryStore: a registry's member runs and sequence runs (docs/registry.md)
// This class is the connection they share: opening and checking the file (its format, its pack)
// and the transactions every store writes in.
//
// Thread-safe: one connection, one mutex. Every write is committed before it returns, so what a
// caller recorded survives the process being killed (with sync Full, a power loss too); writes
// from several threads at once share a commit.
#pragma once

#include "core/journal/Checkpointer.h"
#include "support/sqlite/Sqlite.h"
#include "wfc/error.h"

#include <condition_variable>
#include <cstdint>
#include <exception>
#include <memory>
#include <mutex>
#include <string>
#include <type_traits>
#include <vector>

namespace wfc::journal {

class RunStore;
class TimelineStore;
class BatchStore;
class RegistryStore;

enum class SyncMode { Normal, Full };

class JournalFile {
 public:
  // Opens `path`, creating it (and its tables) when it does not exist. Throws wfc::Error(Usage)
  // naming the file and what is wrong: unwritable, a directory, not an SQLite database, an
  // SQLite database of something else, a journal of a newer format.
  JournalFile(const std::string &path, SyncMode sync);
  ~JournalFile();
  JournalFile(const JournalFile &) = delete;
  JournalFile &operator=(const JournalFile &) = delete;

  const std::string &path() const { return path_; }

  // The journal holds the runs of one pack: a new journal is claimed for `pack`; another pack's
  // is refused (wfc::Error(Usage), naming both).
  void claimPack(const std::string &pack);

  // At run and batch boundaries (the stores call it): the database file itself soon holds what
  // was logged so far, so that losing FILE-wal later costs at most what followed
  // (docs/journal.md "Damaged or missing -wal").
  void checkpointSoon() { checkpointer_.soon(); }

  RunStore &runs() { return *runs_; }
  TimelineStore &timelines() { return *timelines_; }
  BatchStore &batches() { return *batches_; }
  RegistryStore &registry() { return *registry_; }

  // For the stores. The connection, to prepare statements on.
  sqlite3 *connection() const { return db_; }
  // Runs `fn` in an IMMEDIATE transaction — its own, or one it shares with the records other
  // threads write at the same moment — and returns once it is committed; rolled back when it
  // throws. SQLite errors become wfc::Error "cannot write journal 'PATH': …".
  template <typename Fn>
  void write(Fn &&fn) {
    Pending me{&fn, [](void *f) { (*static_cast<std::remove_reference_t<Fn> *>(f))(); }, nullptr, false};
    commit(me);
  }
  // Runs `fn` under the connection's lock; SQLite errors become wfc::Error "cannot read journal
  // 'PATH': …".
  template <typename Fn>
  auto read(Fn &&fn) -> decltype(fn()) {
    std::lock_guard lock(mutex_);
    try {
      return fn();
    } catch (const sqlite::SqliteError &e) {
      throw readError(e);
    }
  }

 private:
  // A record waiting to be committed by whichever thread commits next (group commit).
  struct Pending {
    void *work;               // the record's statements: a callable …
    void (*run)(void *work);  // … and how to call it
    std::exception_ptr error; // what went wrong, once done
    bool done = false;
  };
  struct Statements;
  void commit(Pending &me);
  void commitQueued(std::unique_lock<std::mutex> &queueLock);
  Error readError(const sqlite::SqliteError &e) const;
  // Opens the connection, puts it in WAL mode, creates or checks the tables. Throws SqliteError.
  // `fresh`: the file was absent or empty, so this sets a new journal up.
  void open(SyncMode sync, bool fresh);
  void createSchema();
  // Records this process in wfc_open_writers; refuses a journal whose log was lost (`logEmpty`:
  // FILE-wal was absent or empty before opening) while a process that died with it open left
  // its row.
  void registerWriter(bool logEmpty);

  std::string path_;
  std::string canonical_;  // path_ resolved: the key of this process's count of openers
  sqlite3 *db_ = nullptr;
  std::unique_ptr<Statements> s_;
  std::unique_ptr<RunStore> runs_;
  std::unique_ptr<TimelineStore> timelines_;
  std::unique_ptr<BatchStore> batches_;
  std::unique_ptr<RegistryStore> registry_;
  std::mutex mutex_;  // the connection
  // Group commit: records waiting, whether a commit is in progress, and a spare vector.
  std::mutex queueMutex_;
  std::condition_variable committed_;
  std::vector<Pending *> queue_, spare_;
  bool committing_ = false;
  Checkpointer checkpointer_;
  bool restartLog_ = false;  // set by the commit's wal hook, under mutex_
  bool registered_ = false;  // this JournalFile is counted in the process's row of wfc_open_writers
};

// Unix time in milliseconds.
int64_t nowMs();

}  // namespace wfc::journal

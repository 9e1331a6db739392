// Moves the journal's write-ahead log into its database file off the steps' path (docs/journal.md).
//
// Left to itself, SQLite checkpoints a WAL database on the committing thread once the log passes
// 1,000 pages, and again when the last connection closes; a checkpoint syncs the log and the
// database file — milliseconds on a busy disk, in the middle of a step or at the end of every
// run. So the journal's connection has both off and reports the log's size after each commit
// (SQLite's wal hook) to this object: past kPages, a thread of its own, on a connection of its
// own, runs a PASSIVE checkpoint — which never blocks the writer — while the steps go on.
//
// A passive checkpoint copies the log into the database but cannot rewind the log while a writer
// keeps appending to it — and a run of quick steps appends without pause, so a RESTART checkpoint
// from this thread would wait for a gap that never comes. So past kRestartPages the writer itself,
// right after a commit (the one moment the log has no writer), restarts the log: little is left
// to copy by then (the passive checkpoints did the rest), and it costs one sync in some 25,000
// steps. The log stays bounded. When the journal closes, SQLite's own checkpoint on closing the
// last connection empties the log (a process that finds a log reads it all back first).
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace wfc::journal {

class Checkpointer {
 public:
  // Log pages (of the journal's 1 KiB) past which a passive checkpoint is started, and past
  // which the log is made to start over.
  static constexpr int kPages = 16000;
  static constexpr int kRestartPages = 64000;
  // The least time between two checkpoints of the thread.
  static constexpr std::chrono::milliseconds kMinGap{100};

  // `pages`, `restartPages`: the thresholds (kPages and kRestartPages for the journal).
  explicit Checkpointer(std::string path, int pages = kPages, int restartPages = kRestartPages)
      : path_(std::move(path)), pages_(pages), restartPages_(restartPages) {}
  ~Checkpointer() { stop(); }
  // Waits for a checkpoint in progress and closes the thread's connection. Idempotent.
  void stop();
  Checkpointer(const Checkpointer &) = delete;
  Checkpointer &operator=(const Checkpointer &) = delete;

  // After a commit: the log now holds `pages` pages. Starts a passive checkpoint on the thread
  // when one is due (cheap: never waits for it). Returns whether the caller should restart the
  // log now, on its own connection, once its commit is done (SQLITE_CHECKPOINT_RESTART) — having
  // waited, then, for a checkpoint in progress to end.
  bool logged(int pages);
  // Starts a passive checkpoint on the thread now, whatever the log's size: at run and batch
  // boundaries and when a process starts, so that the database file itself soon knows of them
  // (docs/journal.md "Damaged or missing -wal").
  void soon();

 private:
  void loop();

  std::string path_;
  const int pages_, restartPages_;
  std::mutex mutex_;
  std::condition_variable wake_, idle_;
  bool wanted_ = false, stopping_ = false, running_ = false;
  std::thread thread_;  // started at the first checkpoint wanted
};

}  // namespace wfc::journal

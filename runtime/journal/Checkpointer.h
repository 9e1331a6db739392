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
// keeps appending to it; past kRestartPages the thread runs a RESTART checkpoint, which waits for
// the commit in progress, copies what the passive ones left (little), and makes the next commit
// start the log over. So the log stays bounded — every process that writes checks it — at the
// price of one short wait for one commit in many thousands. When the journal closes, SQLite's own
// checkpoint on closing the last connection removes the log (a process that finds a log reads it
// all back first).
#pragma once

#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace wfc::journal {

class Checkpointer {
 public:
  explicit Checkpointer(std::string path) : path_(std::move(path)) {}
  ~Checkpointer() { stop(); }
  // Waits for a checkpoint in progress and closes the thread's connection. Idempotent.
  void stop();
  Checkpointer(const Checkpointer &) = delete;
  Checkpointer &operator=(const Checkpointer &) = delete;

  // After a commit: the log now holds `pages` pages. Cheap; never waits for a checkpoint.
  void logged(int pages);

  // Log pages (of the journal's 1 KiB) past which a passive checkpoint is started, and past
  // which the log is made to start over.
  static constexpr int kPages = 16000;
  static constexpr int kRestartPages = 64000;

 private:
  void loop();

  std::string path_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool wanted_ = false, stopping_ = false;
  int pages_ = 0;  // the log's size at the last commit that asked for a checkpoint
  std::thread thread_;  // started at the first checkpoint wanted
};

}  // namespace wfc::journal

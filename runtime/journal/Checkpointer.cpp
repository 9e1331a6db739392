#include "journal/Checkpointer.h"

#include <sqlite3.h>

namespace wfc::journal {

void Checkpointer::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void Checkpointer::logged(int pages) {
  if (pages < kPages) return;
  std::lock_guard lock(mutex_);
  pages_ = pages;
  if (wanted_ || stopping_) return;
  wanted_ = true;
  if (!thread_.joinable()) thread_ = std::thread([this] { loop(); });
  wake_.notify_all();
}

void Checkpointer::loop() {
  sqlite3 *db = nullptr;
  if (sqlite3_open_v2(path_.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nullptr) != SQLITE_OK) {
    sqlite3_close(db);
    return;  // the writer goes on; its log just grows until another process checkpoints it
  }
  // Another process's checkpoint in progress is not worth waiting for: this one is only tidying.
  sqlite3_busy_timeout(db, 0);
  sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nullptr);
  // A connection learns that the database is in WAL mode when it first reads it; until then a
  // checkpoint request does nothing.
  sqlite3_exec(db, "SELECT count(*) FROM sqlite_master", nullptr, nullptr, nullptr);
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [&] { return wanted_ || stopping_; });
    if (stopping_) break;
    bool restart = pages_ >= kRestartPages;
    lock.unlock();
    // A failure (another checkpointer, a full disk) leaves the log as it is: nothing is lost, and
    // the next commit past the threshold asks again.
    sqlite3_wal_checkpoint_v2(db, nullptr, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);
    if (restart) {
      sqlite3_busy_timeout(db, 1000);  // for the commit in progress
      sqlite3_wal_checkpoint_v2(db, nullptr, SQLITE_CHECKPOINT_RESTART, nullptr, nullptr);
      sqlite3_busy_timeout(db, 0);
    }
    lock.lock();
    wanted_ = false;
  }
  lock.unlock();
  sqlite3_close(db);
}

}  // namespace wfc::journal

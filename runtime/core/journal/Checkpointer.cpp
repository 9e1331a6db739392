#include "core/journal/Checkpointer.h"

#include "support/sqlite/SqliteLibrary.h"

namespace wfc::journal {

void Checkpointer::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

bool Checkpointer::logged(int pages) {
  if (pages < pages_) return false;
  std::unique_lock lock(mutex_);
  if (pages >= restartPages_) {
    // The caller restarts the log. Only one checkpoint runs at a time (SQLite refuses a second
    // at once, without waiting), so none is started from here on, and one in progress is waited
    // for.
    wanted_ = false;
    idle_.wait(lock, [&] { return !running_; });
    return true;
  }
  if (!wanted_ && !stopping_) {
    wanted_ = true;
    if (!thread_.joinable()) thread_ = std::thread([this] { loop(); });
    wake_.notify_all();
  }
  return false;
}

void Checkpointer::soon() {
  std::lock_guard lock(mutex_);
  if (wanted_ || stopping_) return;
  wanted_ = true;
  if (!thread_.joinable()) thread_ = std::thread([this] { loop(); });
  wake_.notify_all();
}

void Checkpointer::loop() {
  sqlite3 *db = nullptr;
  if (sqlite::api().open_v2(path_.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nullptr) != SQLITE_OK) {
    sqlite::api().close_v2(db);
    return;  // the writer goes on; its log just grows until another process checkpoints it
  }
  // Another process's checkpoint in progress is not worth waiting for: this one is only tidying.
  sqlite::api().busy_timeout(db, 0);
  sqlite::api().db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nullptr);
  // A connection learns that the database is in WAL mode when it first reads it; until then a
  // checkpoint request does nothing.
  sqlite::api().exec(db, "SELECT count(*) FROM sqlite_master", nullptr, nullptr, nullptr);
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [&] { return wanted_ || stopping_; });
    if (stopping_) break;
    wanted_ = false;
    running_ = true;
    lock.unlock();
    // A failure (another checkpointer, a full disk) leaves the log as it is: nothing is lost, and
    // the next commit past the threshold asks again.
    sqlite::api().wal_checkpoint_v2(db, nullptr, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);
    lock.lock();
    running_ = false;
    idle_.notify_all();
    // At most one checkpoint per kMinGap: a batch of quick runs asks at every run's start, and
    // the requests of the gap are served by one checkpoint after it.
    wake_.wait_for(lock, kMinGap, [&] { return stopping_; });
  }
  lock.unlock();
  sqlite::api().close_v2(db);
}

}  // namespace wfc::journal

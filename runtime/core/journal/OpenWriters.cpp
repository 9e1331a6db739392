#include "core/journal/OpenWriters.h"

#include "support/ProcStat.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstdlib>

namespace wfc::journal {

using sqlite::Statement;
using sqlite::Use;

WriterRow thisProcess() { return {::getpid(), thisProcessStart()}; }

bool running(const WriterRow &row) { return processRunning(row.pid, row.started); }

void createOpenWritersTable(sqlite3 *db) {
  Statement(db, "CREATE TABLE IF NOT EXISTS wfc_open_writers (pid INTEGER NOT NULL, started INTEGER NOT NULL, "
                "PRIMARY KEY (pid, started)) WITHOUT ROWID")
      .run();
}

std::vector<WriterRow> deadWriters(sqlite3 *db) {
  std::vector<WriterRow> dead;
  Statement all(db, "SELECT pid, started FROM wfc_open_writers");
  Use use(all);
  while (all.step()) {
    WriterRow row{all.integer(0), all.integer(1)};
    if (!running(row)) dead.push_back(row);
  }
  return dead;
}

namespace {

void removeRows(sqlite3 *db, const std::vector<WriterRow> &rows) {
  Statement remove(db, "DELETE FROM wfc_open_writers WHERE pid = ?1 AND started = ?2");
  for (const WriterRow &row : rows) {
    Use use(remove);
    remove.bind(1, row.pid).bind(2, row.started);
    remove.run();
  }
}

}  // namespace

void addWriter(sqlite3 *db, const std::vector<WriterRow> &dead) {
  removeRows(db, dead);
  const WriterRow self = thisProcess();
  Statement add(db, "INSERT OR IGNORE INTO wfc_open_writers (pid, started) VALUES (?1, ?2)");
  add.bind(1, self.pid).bind(2, self.started);
  add.run();
}

void removeWriter(sqlite3 *db) {
  std::vector<WriterRow> gone = deadWriters(db);
  gone.push_back(thisProcess());
  removeRows(db, gone);
}

bool openInAnotherProcess(const std::string &path) {
  // Every connection to a WAL database holds a shared lock on the "DMS" byte of FILE-shm (byte
  // 128: SQLite's WALINDEX_LOCK_OFFSET 120 + 8); F_GETLK reports another process's lock that a
  // write lock would conflict with (never this process's own).
  int fd = ::open((path + "-shm").c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  struct flock lock {};
  lock.l_type = F_WRLCK;
  lock.l_whence = SEEK_SET;
  lock.l_start = 128;
  lock.l_len = 1;
  bool held = ::fcntl(fd, F_GETLK, &lock) == 0 && lock.l_type != F_UNLCK;
  ::close(fd);
  return held;
}

}  // namespace wfc::journal

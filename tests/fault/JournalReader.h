// Reading a journal (docs/journal.md) as any SQLite reader would, read-only, while the runs that
// write it go on or after they were killed: what the fault suites check their runs against.
#pragma once

#include <sqlite3.h>

#include <filesystem>
#include <string>
#include <vector>

namespace wfc::test {

class JournalReader {
 public:
  explicit JournalReader(const std::filesystem::path &path) {
    if (!std::filesystem::exists(path)) return;
    if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
      sqlite3_close(db_);
      db_ = nullptr;
    } else {
      sqlite3_busy_timeout(db_, 10000);
    }
  }
  ~JournalReader() { sqlite3_close(db_); }
  JournalReader(const JournalReader &) = delete;
  JournalReader &operator=(const JournalReader &) = delete;

  bool open() const { return db_ != nullptr; }
  // The first column of every row; empty when the file or the table does not exist yet.
  std::vector<std::string> column(const std::string &sql) const {
    std::vector<std::string> out;
    sqlite3_stmt *s = nullptr;
    if (!db_ || sqlite3_prepare_v2(db_, sql.c_str(), -1, &s, nullptr) != SQLITE_OK) return out;
    while (sqlite3_step(s) == SQLITE_ROW) {
      const unsigned char *text = sqlite3_column_text(s, 0);
      out.push_back(text ? reinterpret_cast<const char *>(text) : "");
    }
    sqlite3_finalize(s);
    return out;
  }
  std::string one(const std::string &sql) const {
    std::vector<std::string> rows = column(sql);
    return rows.empty() ? "" : rows.front();
  }
  std::string integrity() const { return one("PRAGMA integrity_check"); }

 private:
  sqlite3 *db_ = nullptr;
};

}  // namespace wfc::test

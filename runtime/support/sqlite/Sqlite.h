// A thin RAII layer over SQLite's C API for the journal (docs/journal.md): one connection, and
// statements prepared once, when first used, and reused. Errors are SqliteError, carrying
// SQLite's extended code and message (with the OS error, when there is one); JournalFile turns
// them into wfc::Error naming the journal.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace wfc::sqlite {

class SqliteError : public std::runtime_error {
 public:
  SqliteError(int code, const std::string &message) : std::runtime_error(message), code_(code) {}
  int code() const { return code_; }            // extended result code
  int primary() const { return code_ & 0xff; }  // SQLITE_FULL, SQLITE_READONLY, …

 private:
  int code_;
};

// Throws SqliteError for `rc` unless it is SQLITE_OK (or `allowed`), with `db`'s message.
void check(sqlite3 *db, int rc, const char *what);

// Prepared at its first use, not when constructed: a store declares every statement it may run,
// and a process prepares only those it runs (preparing one is parsing SQL; a run that uses a
// few of the journal's statements should not parse them all). A mistake in `sql` is reported
// at that first use.
class Statement {
 public:
  Statement(sqlite3 *db, std::string_view sql);
  ~Statement();
  Statement(const Statement &) = delete;
  Statement &operator=(const Statement &) = delete;

  Statement &bind(int index, std::string_view text);
  Statement &bind(int index, int64_t number);
  Statement &bind(int index, const std::optional<std::string> &text);  // null when absent
  Statement &bindNull(int index);
  // Steps once: true when a row is ready, false when the statement is done. Throws on error.
  bool step();
  // Steps to the end (a statement that returns no rows), then resets.
  void run();
  // Ready for the next use: bindings cleared.
  void reset();

  bool isNull(int column) const;
  int64_t integer(int column) const;
  double real(int column) const;
  std::string text(int column) const;
  std::optional<std::string> optionalText(int column) const;

 private:
  sqlite3_stmt *prepared();

  sqlite3 *db_;
  std::string sql_;
  sqlite3_stmt *stmt_ = nullptr;
};

// Resets a statement when the scope ends, whatever happened.
class Use {
 public:
  explicit Use(Statement &s) : s_(s) {}
  ~Use() { s_.reset(); }
  Use(const Use &) = delete;
  Use &operator=(const Use &) = delete;
  Statement *operator->() { return &s_; }
  Statement &operator*() { return s_; }

 private:
  Statement &s_;
};

}  // namespace wfc::sqlite

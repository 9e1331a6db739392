#include "support/sqlite/Sqlite.h"
#include "support/sqlite/SqliteLibrary.h"

#include <cstring>

namespace wfc::sqlite {

void check(sqlite3 *db, int rc, const char *what) {
  if (rc == SQLITE_OK || rc == SQLITE_ROW || rc == SQLITE_DONE) return;
  std::string message = std::string(what) + (*what ? ": " : "") + (db ? api().errmsg(db) : api().errstr(rc));
  // The OS error says more than "disk I/O error" or "unable to open database file".
  int os = db ? api().system_errno(db) : 0;
  if (os != 0 && ((rc & 0xff) == SQLITE_IOERR || (rc & 0xff) == SQLITE_CANTOPEN || (rc & 0xff) == SQLITE_FULL))
    message += " (" + std::string(std::strerror(os)) + ")";
  throw SqliteError(db ? api().extended_errcode(db) : rc, message);
}

Statement::Statement(sqlite3 *db, std::string_view sql) : db_(db), sql_(sql) {}

Statement::~Statement() {
  if (stmt_) api().finalize(stmt_);
}

sqlite3_stmt *Statement::prepared() {
  if (!stmt_)
    check(db_, api().prepare_v3(db_, sql_.c_str(), int(sql_.size()), SQLITE_PREPARE_PERSISTENT, &stmt_, nullptr),
          "cannot prepare a query");
  return stmt_;
}

Statement &Statement::bind(int index, std::string_view text) {
  check(db_, api().bind_text(prepared(), index, text.data(), int(text.size()), SQLITE_TRANSIENT), "cannot bind");
  return *this;
}

Statement &Statement::bind(int index, int64_t number) {
  check(db_, api().bind_int64(prepared(), index, number), "cannot bind");
  return *this;
}

Statement &Statement::bind(int index, const std::optional<std::string> &text) {
  return text ? bind(index, std::string_view(*text)) : bindNull(index);
}

Statement &Statement::bindNull(int index) {
  check(db_, api().bind_null(prepared(), index), "cannot bind");
  return *this;
}

bool Statement::step() {
  int rc = api().step(prepared());
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  check(db_, rc, "");
  return false;
}

void Statement::run() {
  Use use(*this);
  while (step()) {
  }
}

void Statement::reset() {
  if (!stmt_) return;  // never used
  api().reset(stmt_);
  api().clear_bindings(stmt_);
}

bool Statement::isNull(int column) const { return api().column_type(stmt_, column) == SQLITE_NULL; }

int64_t Statement::integer(int column) const { return api().column_int64(stmt_, column); }

double Statement::real(int column) const { return api().column_double(stmt_, column); }

std::string Statement::text(int column) const {
  const auto *p = reinterpret_cast<const char *>(api().column_text(stmt_, column));
  return p ? std::string(p, size_t(api().column_bytes(stmt_, column))) : std::string();
}

std::optional<std::string> Statement::optionalText(int column) const {
  if (isNull(column)) return std::nullopt;
  return text(column);
}

}  // namespace wfc::sqlite

#include "support/sqlite/SqliteLibrary.h"

#include "support/DynamicLibrary.h"
#include "wfc/error.h"

#include <string>

namespace wfc::sqlite {
namespace {

SqliteLibrary load(const std::string &name) {
  const std::string need = "--journal needs SQLite 3.16 or later (on Debian and Ubuntu: the libsqlite3-0 package)";
  auto fail = [&](const std::string &what) { throw Error(ErrorKind::Usage, "cannot load libsqlite3: " + what + "; " + need); };
  DynamicLibrary library(name, fail);
  SqliteLibrary lib;
  lib.path = name;
  auto resolve = [&](auto &function, const char *symbol) { library.resolve(function, symbol); };
  resolve(lib.open_v2, "sqlite3_open_v2");
  resolve(lib.close_v2, "sqlite3_close_v2");
  resolve(lib.exec, "sqlite3_exec");
  resolve(lib.prepare_v3, "sqlite3_prepare_v3");
  resolve(lib.step, "sqlite3_step");
  resolve(lib.reset, "sqlite3_reset");
  resolve(lib.clear_bindings, "sqlite3_clear_bindings");
  resolve(lib.finalize, "sqlite3_finalize");
  resolve(lib.bind_text, "sqlite3_bind_text");
  resolve(lib.bind_int64, "sqlite3_bind_int64");
  resolve(lib.bind_null, "sqlite3_bind_null");
  resolve(lib.column_text, "sqlite3_column_text");
  resolve(lib.column_bytes, "sqlite3_column_bytes");
  resolve(lib.column_int64, "sqlite3_column_int64");
  resolve(lib.column_double, "sqlite3_column_double");
  resolve(lib.column_type, "sqlite3_column_type");
  resolve(lib.errmsg, "sqlite3_errmsg");
  resolve(lib.errstr, "sqlite3_errstr");
  resolve(lib.extended_errcode, "sqlite3_extended_errcode");
  resolve(lib.system_errno, "sqlite3_system_errno");
  resolve(lib.extended_result_codes, "sqlite3_extended_result_codes");
  resolve(lib.busy_timeout, "sqlite3_busy_timeout");
  resolve(lib.db_readonly, "sqlite3_db_readonly");
  resolve(lib.db_config, "sqlite3_db_config");
  resolve(lib.file_control, "sqlite3_file_control");
  resolve(lib.wal_hook, "sqlite3_wal_hook");
  resolve(lib.wal_checkpoint_v2, "sqlite3_wal_checkpoint_v2");
  resolve(lib.last_insert_rowid, "sqlite3_last_insert_rowid");
  resolve(lib.get_autocommit, "sqlite3_get_autocommit");
  resolve(lib.libversion_number, "sqlite3_libversion_number");
  if (lib.libversion_number() < kMinimumSqliteVersion)
    fail(name + " is SQLite " + std::to_string(lib.libversion_number()));
  return lib;
}

}  // namespace

const SqliteLibrary &api() { return loadOnce("WFC_LIBSQLITE3", kDefaultSqliteLibrary, load); }

}  // namespace wfc::sqlite

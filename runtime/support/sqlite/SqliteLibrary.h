// libsqlite3, loaded with dlopen() when a run first opens a journal (docs/journal.md).
//
// Why not link it: every compiled workflow would then map libsqlite3 and resolve its symbols at
// start-up — about a million instructions of the dynamic loader, a third of a small run's start —
// including the many runs that never use --journal (BENCHMARKS.md). Loaded on demand, a run
// without a journal never maps it (and runs on a machine without it), as for libcurl
// (support/http/CurlLibrary.h). Only SQLite's header is used at build time; every function is called
// through the table below.
#pragma once

#include <sqlite3.h>

#include <string>

namespace wfc::sqlite {

// The SQLite functions the journal uses, resolved from the loaded library.
struct SqliteLibrary {
  std::string path;  // what was loaded, as given to dlopen()
  int (*open_v2)(const char *, sqlite3 **, int, const char *) = nullptr;
  int (*close_v2)(sqlite3 *) = nullptr;
  int (*exec)(sqlite3 *, const char *, int (*)(void *, int, char **, char **), void *, char **) = nullptr;
  int (*prepare_v3)(sqlite3 *, const char *, int, unsigned, sqlite3_stmt **, const char **) = nullptr;
  int (*step)(sqlite3_stmt *) = nullptr;
  int (*reset)(sqlite3_stmt *) = nullptr;
  int (*clear_bindings)(sqlite3_stmt *) = nullptr;
  int (*finalize)(sqlite3_stmt *) = nullptr;
  int (*bind_text)(sqlite3_stmt *, int, const char *, int, void (*)(void *)) = nullptr;
  int (*bind_int64)(sqlite3_stmt *, int, sqlite3_int64) = nullptr;
  int (*bind_null)(sqlite3_stmt *, int) = nullptr;
  const unsigned char *(*column_text)(sqlite3_stmt *, int) = nullptr;
  int (*column_bytes)(sqlite3_stmt *, int) = nullptr;
  sqlite3_int64 (*column_int64)(sqlite3_stmt *, int) = nullptr;
  double (*column_double)(sqlite3_stmt *, int) = nullptr;
  int (*column_type)(sqlite3_stmt *, int) = nullptr;
  const char *(*errmsg)(sqlite3 *) = nullptr;
  const char *(*errstr)(int) = nullptr;
  int (*extended_errcode)(sqlite3 *) = nullptr;
  int (*system_errno)(sqlite3 *) = nullptr;
  int (*extended_result_codes)(sqlite3 *, int) = nullptr;
  int (*busy_timeout)(sqlite3 *, int) = nullptr;
  int (*db_readonly)(sqlite3 *, const char *) = nullptr;
  int (*db_config)(sqlite3 *, int, ...) = nullptr;
  int (*file_control)(sqlite3 *, const char *, int, void *) = nullptr;
  void *(*wal_hook)(sqlite3 *, int (*)(void *, sqlite3 *, const char *, int), void *) = nullptr;
  int (*wal_checkpoint_v2)(sqlite3 *, const char *, int, int *, int *) = nullptr;
  sqlite3_int64 (*last_insert_rowid)(sqlite3 *) = nullptr;
  int (*get_autocommit)(sqlite3 *) = nullptr;
  int (*libversion_number)() = nullptr;
};

// The oldest SQLite with what the journal uses (SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE is 3.16; the
// journal is tested with Debian 12's 3.40).
inline constexpr int kMinimumSqliteVersion = 3016000;

// The library's name when WFC_LIBSQLITE3 does not name another one.
inline constexpr const char *kDefaultSqliteLibrary = "libsqlite3.so.0";

// The process's libsqlite3: loaded by the first call (thread-safe) from the environment variable
// WFC_LIBSQLITE3 when it is set and not empty, else kDefaultSqliteLibrary. Throws wfc::Error
// (Usage) saying what is missing and how to get it; a failure is remembered. Never unloaded.
const SqliteLibrary &api();

}  // namespace wfc::sqlite

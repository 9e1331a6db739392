// Which processes have a journal open, recorded in the journal itself (table wfc_open_writers: a
// row per process, its pid and start time), so that a process opening it can tell a log that was
// lost from one that was never written: when a process that died without closing the journal
// left its row, the runs it wrote since the last checkpoint live only in FILE-wal — and if that
// file is missing or empty, they are gone, which SQLite alone would not notice.
// docs/journal.md "Damaged or missing -wal".
#pragma once

#include "support/sqlite/Sqlite.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace wfc::journal {

struct WriterRow {
  int64_t pid = 0;
  int64_t started = 0;  // the process's start time (/proc/PID/stat, clock ticks since boot)
};

// This process's row.
WriterRow thisProcess();
// Whether the process of `row` is still running (the same process: its pid and start time).
bool running(const WriterRow &row);

// The table, created when absent (also in journals written before it existed).
void createOpenWritersTable(sqlite3 *db);

// In one transaction of the caller's: the rows of processes that are no longer running (they died
// with the journal open: killed, or crashed).
std::vector<WriterRow> deadWriters(sqlite3 *db);
// Removes the rows of `dead` and adds this process's.
void addWriter(sqlite3 *db, const std::vector<WriterRow> &dead);
// Removes this process's row and those of processes no longer running: the journal is being
// closed, and what they logged is now in the file or will be by the final checkpoint.
void removeWriter(sqlite3 *db);

// Whether another process holds the journal open: it holds SQLite's shared lock on FILE-shm.
bool openInAnotherProcess(const std::string &path);

}  // namespace wfc::journal

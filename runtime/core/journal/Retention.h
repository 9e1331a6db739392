// Retention (docs/journal.md "Retention"): removing runs, with every row they recorded, from a
// journal that would otherwise only grow — `--journal-gc` once, serve mode's
// `--journal-retention` as it runs. Runs still in use are never removed: a running run whose
// process lives, a suspended run unless asked for by status, the runs of a batch or a sequence that
// has not finished. Runs go a few at a time, each batch one short transaction, so that processes
// writing the journal meanwhile wait milliseconds, not the whole collection; a run whose status
// changed since it was chosen (resumed meanwhile) is left. The space comes back to the file system
// in an incremental vacuum where the journal allows one (journals created since it did).
#pragma once

#include "core/journal/JournalFile.h"
#include "core/journal/RunStatus.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace wfc::journal {

struct RetentionRule {
  // The statuses a removed run may have; empty: the finished ones (succeeded, failed, cancelled).
  // `running` removes only runs whose process is gone.
  std::vector<RunStatus> statuses;
  std::optional<int64_t> olderThanMs;   // only runs that ended (or, unfinished, started) this long ago
  std::optional<uint64_t> keepLatest;   // of the runs that match, keep the newest N
  // Runs the caller still needs, by id and input (serve mode: A2A agents' turns, which their
  // contexts' later turns read); null: none.
  bool (*keep)(const std::string &id, const std::string &input) = nullptr;
};

struct RetentionReport {
  uint64_t removed = 0;   // runs removed
  uint64_t kept = 0;      // runs left in the journal
  int64_t bytesBefore = 0, bytesAfter = 0;  // the database's pages (page_count × page_size)
  bool vacuumed = false;  // the free pages went back to the file system (incremental vacuum)
  int64_t freePages = 0;  // pages left free in the file for later runs to reuse
};

// Removes the runs `rule` matches at `now` (Unix ms). `isAlive(owner)` says whether the process
// that owns a running run still runs. Throws wfc::Error when the journal cannot be written.
RetentionReport collect(JournalFile &file, const RetentionRule &rule, int64_t now, bool (*isAlive)(const std::string &));

}  // namespace wfc::journal

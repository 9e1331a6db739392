// Serve mode's timelines (docs/serve.md): each served run's trace lines, for its timeline page —
// one segment per time the run ran (it runs again when resumed).
#pragma once

#include "core/journal/JournalFile.h"

#include <cstdint>
#include <string>

namespace wfc::journal {

class TimelineStore {
 public:
  explicit TimelineStore(JournalFile &file) : file_(file) {}
  // Its table: created in any journal when it opens, so a journal written before serve mode
  // gains it.
  static void migrate(sqlite3 *db);

  // Appends a segment of trace lines (JSON lines) to run `seq`'s timeline.
  void record(int64_t seq, const std::string &lines);
  // Every segment of run `seq`'s timeline, in order.
  std::string of(int64_t seq);

 private:
  JournalFile &file_;
};

}  // namespace wfc::journal

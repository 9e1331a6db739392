// Serve mode's timelines (docs/serve.md): each served run's trace lines, for its timeline page —
// one segment per time the run ran (it runs again when resumed) — and its events, for
// GET /runs/{id}/events (docs/streaming.md): numbered from 1 across the times it ran, each
// recorded before any client is sent it, so that a client resuming after the last event it saw
// (Last-Event-ID) misses none and sees none twice, even after the server was killed.
#pragma once

#include "core/journal/JournalFile.h"

#include <cstdint>
#include <string>
#include <vector>

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

  struct Event {
    int64_t run = 0;  // the run's seq
    int64_t id = 0;   // from 1, increasing within the run
    std::string text; // the event's JSON
  };
  // Records events, in one transaction.
  void recordEvents(const std::vector<Event> &events);
  // Run `seq`'s events after event `afterId`, in order, at most `limit` of them.
  std::vector<Event> eventsAfter(int64_t seq, int64_t afterId, size_t limit);
  // The id of run `seq`'s last recorded event (0: none).
  int64_t lastEventId(int64_t seq);

 private:
  JournalFile &file_;
};

}  // namespace wfc::journal

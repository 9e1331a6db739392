#include "core/journal/TimelineStore.h"

#include "support/sqlite/SqliteLibrary.h"

namespace wfc::journal {

using sqlite::Statement;

namespace {

const char *const kTables = R"sql(
CREATE TABLE IF NOT EXISTS run_timelines (
  run INTEGER NOT NULL,
  segment INTEGER NOT NULL,
  lines TEXT NOT NULL,
  PRIMARY KEY (run, segment)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS run_events (
  run INTEGER NOT NULL,
  id INTEGER NOT NULL,
  event TEXT NOT NULL,
  PRIMARY KEY (run, id)
) WITHOUT ROWID;
)sql";

}  // namespace

void TimelineStore::record(int64_t seq, const std::string &lines) {
  file_.write([&] {
    Statement s(file_.connection(), "INSERT INTO run_timelines (run, segment, lines) VALUES (?1, (SELECT coalesce(max(segment), 0) + 1 "
                     "FROM run_timelines WHERE run = ?1), ?2)");
    s.bind(1, seq).bind(2, std::string_view(lines));
    s.run();
  });
}

std::string TimelineStore::of(int64_t seq) {
  return file_.read([&] {
    std::string out;
    Statement s(file_.connection(), "SELECT lines FROM run_timelines WHERE run = ?1 ORDER BY segment");
    s.bind(1, seq);
    while (s.step()) out += s.text(0);
    return out;
  });
}

void TimelineStore::recordEvents(const std::vector<Event> &events) {
  if (events.empty()) return;
  file_.write([&] {
    Statement s(file_.connection(), "INSERT OR IGNORE INTO run_events (run, id, event) VALUES (?1, ?2, ?3)");
    for (const Event &e : events) {
      s.bind(1, e.run).bind(2, e.id).bind(3, std::string_view(e.text));
      s.run();
    }
  });
}

std::vector<TimelineStore::Event> TimelineStore::eventsAfter(int64_t seq, int64_t afterId, size_t limit) {
  return file_.read([&] {
    std::vector<Event> out;
    Statement s(file_.connection(), "SELECT id, event FROM run_events WHERE run = ?1 AND id > ?2 ORDER BY id LIMIT ?3");
    s.bind(1, seq).bind(2, afterId).bind(3, int64_t(limit));
    while (s.step()) out.push_back({seq, s.integer(0), s.text(1)});
    return out;
  });
}

int64_t TimelineStore::lastEventId(int64_t seq) {
  return file_.read([&] {
    Statement s(file_.connection(), "SELECT coalesce(max(id), 0) FROM run_events WHERE run = ?1");
    s.bind(1, seq);
    return s.step() ? s.integer(0) : int64_t(0);
  });
}

void TimelineStore::migrate(sqlite3 *db) {
  sqlite::check(db, sqlite::api().exec(db, kTables, nullptr, nullptr, nullptr), "cannot create the server's tables");
}

}  // namespace wfc::journal

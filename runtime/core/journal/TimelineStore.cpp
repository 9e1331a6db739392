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

void TimelineStore::migrate(sqlite3 *db) {
  sqlite::check(db, sqlite::api().exec(db, kTables, nullptr, nullptr, nullptr), "cannot create the server's tables");
}

}  // namespace wfc::journal

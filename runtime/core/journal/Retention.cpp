#include "core/journal/Retention.h"

#include "support/sqlite/Sqlite.h"

#include <algorithm>
#include <set>

namespace wfc::journal {

using sqlite::Statement;

namespace {

// Runs removed per transaction: short enough that a writer waiting meanwhile (a step's record)
// waits a few milliseconds.
constexpr size_t kRunsPerTransaction = 32;
// Pages given back per incremental vacuum step, for the same reason.
constexpr int kPagesPerVacuum = 4096;

// The tables whose rows belong to a run, by the run's seq (docs/journal.md "What is stored").
const char *const kRowsBySeq[] = {
    "DELETE FROM steps WHERE run = ?1",         "DELETE FROM failed_attempts WHERE run = ?1",
    "DELETE FROM exchanges WHERE run = ?1",     "DELETE FROM tool_calls WHERE run = ?1",
    "DELETE FROM visits WHERE run = ?1",        "DELETE FROM run_interruptions WHERE run = ?1",
    "DELETE FROM run_timelines WHERE run = ?1", "DELETE FROM run_events WHERE run = ?1",
    "DELETE FROM chat_turns WHERE run = ?1",
};

struct Candidate {
  int64_t seq = 0;
  std::string id, status, owner;
  int64_t at = 0;  // when it ended, or started when it has not
};

int64_t pragma(sqlite3 *db, const char *sql) {
  Statement s(db, sql);
  return s.step() ? s.integer(0) : 0;
}

bool tableExists(sqlite3 *db, const char *name) {
  Statement s(db, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1");
  s.bind(1, std::string_view(name));
  return s.step();
}

// The run ids a batch or a sequence that has not finished still needs.
std::set<std::string> inUse(sqlite3 *db) {
  std::set<std::string> out;
  if (tableExists(db, "batch_lines")) {
    Statement s(db,
                "SELECT l.run FROM batch_lines l JOIN batches b ON b.id = l.batch "
                "WHERE b.status != 'finished' AND l.run IS NOT NULL");
    while (s.step()) out.insert(s.text(0));
  }
  if (tableExists(db, "registry_runs")) {
    Statement s(db,
                "SELECT r.run FROM registry_runs r JOIN sequence_runs q ON q.id = r.sequence_run "
                "WHERE q.status IN ('running', 'suspended', 'cancelled')");
    while (s.step()) out.insert(s.text(0));
  }
  return out;
}

}  // namespace

RetentionReport collect(JournalFile &file, const RetentionRule &rule, int64_t now, bool (*isAlive)(const std::string &)) {
  std::vector<RunStatus> statuses = rule.statuses;
  if (statuses.empty()) statuses = {RunStatus::Succeeded, RunStatus::Failed, RunStatus::Cancelled};
  std::set<std::string> wanted;
  for (RunStatus s : statuses) wanted.insert(spell(s));

  RetentionReport report;
  sqlite3 *db = file.connection();
  std::vector<Candidate> chosen;
  file.read([&] {
    const int64_t pageSize = pragma(db, "PRAGMA page_size");
    report.bytesBefore = pragma(db, "PRAGMA page_count") * pageSize;
    std::set<std::string> needed = inUse(db);
    // Newest first, so that --keep-latest keeps the first N that match.
    Statement runs(db, rule.keep ? "SELECT seq, id, status, owner, coalesce(finished_ms, started_ms), input FROM runs "
                                   "ORDER BY seq DESC"
                                 : "SELECT seq, id, status, owner, coalesce(finished_ms, started_ms) FROM runs ORDER BY "
                                   "seq DESC");
    uint64_t matched = 0;
    while (runs.step()) {
      Candidate c{runs.integer(0), runs.text(1), runs.text(2), runs.text(3), runs.integer(4)};
      if (!wanted.count(c.status) || needed.count(c.id)) continue;
      if (rule.keep && rule.keep(c.id, runs.text(5))) continue;
      if (c.status == "running" && !c.owner.empty() && isAlive(c.owner)) continue;
      if (rule.olderThanMs && c.at > now - *rule.olderThanMs) continue;
      if (rule.keepLatest && matched++ < *rule.keepLatest) continue;
      chosen.push_back(std::move(c));
    }
  });

  for (size_t first = 0; first < chosen.size(); first += kRunsPerTransaction) {
    size_t last = std::min(chosen.size(), first + kRunsPerTransaction);
    uint64_t removed = 0;
    file.write([&] {
      removed = 0;
      for (size_t i = first; i < last; ++i) {
        const Candidate &c = chosen[i];
        // Only as it was chosen: a run resumed meanwhile (another owner, another status) stays.
        {
          Statement same(db, "SELECT 1 FROM runs WHERE seq = ?1 AND status = ?2 AND coalesce(owner, '') = ?3");
          same.bind(1, c.seq).bind(2, std::string_view(c.status)).bind(3, std::string_view(c.owner));
          if (!same.step()) continue;
        }
        Statement run(db, "DELETE FROM runs WHERE seq = ?1");
        run.bind(1, c.seq);
        run.run();
        ++removed;
        for (const char *sql : kRowsBySeq) {
          Statement rows(db, sql);
          rows.bind(1, c.seq);
          rows.run();
        }
        Statement registry(db, "DELETE FROM registry_runs WHERE run = ?1");
        registry.bind(1, std::string_view(c.id));
        registry.run();
      }
    });
    report.removed += removed;
  }
  file.write([&] {
    // A program's step table goes with its last run (a batch keeps its own).
    Statement(db, "DELETE FROM programs WHERE program NOT IN (SELECT program FROM runs) AND program NOT IN "
                  "(SELECT program FROM batches)")
        .run();
  });
  // The freed pages back to the file system, a step at a time (journals made with auto_vacuum =
  // INCREMENTAL: those created since retention came; an older one keeps them for later runs).
  const bool incremental = file.read([&] { return pragma(db, "PRAGMA auto_vacuum") == 2; });
  if (incremental) {
    for (int64_t free = file.read([&] { return pragma(db, "PRAGMA freelist_count"); }); free > 0;) {
      file.write([&] {
        Statement vacuum(db, ("PRAGMA incremental_vacuum(" + std::to_string(kPagesPerVacuum) + ")").c_str());
        while (vacuum.step()) {
        }
      });
      int64_t left = file.read([&] { return pragma(db, "PRAGMA freelist_count"); });
      if (left >= free) break;  // nothing more to give back
      free = left;
    }
    report.vacuumed = true;
  }
  file.read([&] {
    report.bytesAfter = pragma(db, "PRAGMA page_count") * pragma(db, "PRAGMA page_size");
    report.freePages = pragma(db, "PRAGMA freelist_count");
    report.kept = uint64_t(pragma(db, "SELECT count(*) FROM runs"));
  });
  file.checkpointSoon();
  return report;
}

}  // namespace wfc::journal

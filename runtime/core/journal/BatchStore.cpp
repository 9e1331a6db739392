#include "core/journal/BatchStore.h"

#include "core/journal/IdentityColumns.h"
#include "core/journal/SpendColumns.h"
#include "support/sqlite/SqliteLibrary.h"

#include <algorithm>

namespace wfc::journal {

using sqlite::Statement;
using sqlite::Use;

namespace {

const char *const kTables = R"sql(
CREATE TABLE IF NOT EXISTS batches (
  id TEXT PRIMARY KEY,
  pack TEXT NOT NULL,
  pack_version TEXT NOT NULL,
  program TEXT NOT NULL,
  bindings TEXT NOT NULL,
  wfc_version TEXT NOT NULL,
  input TEXT NOT NULL,
  input_sha256 TEXT NOT NULL,
  lines INTEGER NOT NULL,
  shard_index INTEGER NOT NULL,
  shard_count INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('running', 'finished', 'cancelled', 'failed')),
  started_ms INTEGER NOT NULL,
  finished_ms INTEGER,
  owner TEXT
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS batch_lines (
  batch TEXT NOT NULL,
  line INTEGER NOT NULL,
  run TEXT,
  status TEXT NOT NULL CHECK (status IN ('running', 'succeeded', 'failed', 'suspended')),
  result TEXT,
  finished_ms INTEGER,
  PRIMARY KEY (batch, line)
) WITHOUT ROWID;
)sql";

const char *const kBatchColumns =
    "id, pack, pack_version, program, bindings, wfc_version, input, input_sha256, lines, shard_index, shard_count, "
    "status, started_ms, finished_ms, owner";

BatchRow readBatch(const Statement &s) {
  BatchRow r;
  r.id = s.text(0);
  r.identity = readIdentity(s, 1);
  r.input = s.text(6);
  r.inputSha256 = s.text(7);
  r.lines = s.integer(8);
  r.shardIndex = s.integer(9);
  r.shardCount = s.integer(10);
  r.status = parseBatchStatus(s.text(11)).value_or(BatchStatus::Failed);
  r.startedMs = s.integer(12);
  if (!s.isNull(13)) r.finishedMs = s.integer(13);
  r.owner = s.isNull(14) ? "" : s.text(14);
  return r;
}

}  // namespace

struct BatchStore::Statements {
  explicit Statements(sqlite3 *db)
      : insertBatch(db,
                    "INSERT INTO batches (id, pack, pack_version, program, bindings, wfc_version, input, input_sha256, "
                    "lines, shard_index, shard_count, status, started_ms, owner) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, "
                    "?9, ?10, ?11, 'running', ?12, ?13)"),
        findBatch(db, (std::string("SELECT ") + kBatchColumns + " FROM batches WHERE id = ?1").c_str()),
        batchOwner(db, "SELECT status, owner FROM batches WHERE id = ?1"),
        reopenBatch(db, "UPDATE batches SET status = 'running', owner = ?2, finished_ms = NULL WHERE id = ?1"),
        finishBatch(db, "UPDATE batches SET status = ?2, finished_ms = ?3, owner = NULL WHERE id = ?1"),
        batchLinesOf(db,
                     "SELECT line, run, status, result FROM batch_lines WHERE batch = ?1 AND line >= ?2 ORDER BY line "
                     "LIMIT ?3"),
        countFinishedLines(db, "SELECT count(*) FROM batch_lines WHERE batch = ?1 AND status != 'running'"),
        startBatchLine(db,
                       "INSERT OR REPLACE INTO batch_lines (batch, line, run, status) VALUES (?1, ?2, ?3, 'running')"),
        // What the batch's runs spent (docs/cost.md "Budgets"): the "spend" each exchange was
        // journaled with, or its usage, unpriced, when it has none.
        batchSpend(db, (std::string("SELECT ") + kSpendColumns +
                        " FROM batch_lines b JOIN runs r ON r.id = b.run JOIN exchanges e ON e.run = r.seq "
                        "WHERE b.batch = ?1" + kSpendRows).c_str()),
        finishBatchLine(db,
                        "INSERT OR REPLACE INTO batch_lines (batch, line, run, status, result, finished_ms) "
                        "VALUES (?1, ?2, ?3, ?4, ?5, ?6)") {}

  Statement insertBatch, findBatch, batchOwner, reopenBatch, finishBatch, batchLinesOf, countFinishedLines, startBatchLine, batchSpend, finishBatchLine;
};

void BatchStore::create(const BatchRow &row) {
  file_.write([&] {
    Use s(s_->insertBatch);
    s->bind(1, std::string_view(row.id));
    bindIdentity(*s, 2, row.identity);
    s->bind(7, std::string_view(row.input)).bind(8, std::string_view(row.inputSha256)).bind(9, row.lines);
    s->bind(10, row.shardIndex).bind(11, row.shardCount).bind(12, row.startedMs).bind(13, std::string_view(row.owner));
    s->run();
  });
  file_.checkpointSoon();  // a batch boundary (docs/journal.md "Damaged or missing -wal")
}

std::optional<BatchRow> BatchStore::find(const std::string &id) {
  return file_.read([&]() -> std::optional<BatchRow> {
    Use s(s_->findBatch);
    s->bind(1, std::string_view(id));
    if (s->step()) return readBatch(*s);
    return std::nullopt;
  });
}

std::optional<std::string> BatchStore::reopen(const std::string &id, const std::string &owner,
                                                    bool (*isAlive)(const std::string &)) {
  std::optional<std::string> busy;
  file_.write([&] {
    {
      Use s(s_->batchOwner);
      s->bind(1, std::string_view(id));
      if (s->step() && s->text(0) == "running" && !s->isNull(1) && s->text(1) != owner && isAlive(s->text(1))) {
        busy = s->text(1);
        return;
      }
    }
    Use s(s_->reopenBatch);
    s->bind(1, std::string_view(id)).bind(2, std::string_view(owner));
    s->run();
  });
  return busy;
}

void BatchStore::finish(const std::string &id, BatchStatus status, int64_t finishedMs) {
  file_.write([&] {
    Use s(s_->finishBatch);
    s->bind(1, std::string_view(id)).bind(2, std::string_view(spell(status))).bind(3, finishedMs);
    s->run();
  });
  file_.checkpointSoon();  // a batch boundary (docs/journal.md "Damaged or missing -wal")
}

std::vector<BatchLineRow> BatchStore::lines(const std::string &batch, int64_t fromLine, size_t limit) {
  return file_.read([&] {
    std::vector<BatchLineRow> out;
    Use s(s_->batchLinesOf);
    s->bind(1, std::string_view(batch)).bind(2, fromLine).bind(3, int64_t(limit));
    while (s->step())
      out.push_back({s->integer(0), s->optionalText(1), parseRunStatus(s->text(2)).value_or(RunStatus::Failed),
                     s->optionalText(3)});
    return out;
  });
}

int64_t BatchStore::finishedLines(const std::string &batch) {
  return file_.read([&] {
    Use s(s_->countFinishedLines);
    s->bind(1, std::string_view(batch));
    return s->step() ? s->integer(0) : int64_t(0);
  });
}

cost::Spend BatchStore::spend(const std::string &batch) {
  return file_.read([&] {
    Use s(s_->batchSpend);
    s->bind(1, std::string_view(batch));
    return readSpend(*s);
  });
}

void BatchStore::startLine(const std::string &batch, int64_t line, const std::string &run) {
  file_.write([&] {
    Use s(s_->startBatchLine);
    s->bind(1, std::string_view(batch)).bind(2, line).bind(3, std::string_view(run));
    s->run();
  });
}

void BatchStore::finishLine(const std::string &batch, int64_t line, const std::optional<std::string> &run,
                                  RunStatus status, const std::string &result) {
  int64_t now = nowMs();
  file_.write([&] {
    Use s(s_->finishBatchLine);
    s->bind(1, std::string_view(batch)).bind(2, line).bind(3, run).bind(4, std::string_view(spell(status)));
    s->bind(5, std::string_view(result)).bind(6, now);
    s->run();
  });
}

BatchStore::BatchStore(JournalFile &file) : file_(file), s_(std::make_unique<Statements>(file.connection())) {}

BatchStore::~BatchStore() = default;

void BatchStore::migrate(sqlite3 *db) {
  sqlite::check(db, sqlite::api().exec(db, kTables, nullptr, nullptr, nullptr), "cannot create the batches' tables");
}

}  // namespace wfc::journal

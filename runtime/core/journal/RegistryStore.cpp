#include "core/journal/RegistryStore.h"

#include "support/sqlite/SqliteLibrary.h"

namespace wfc::journal {

using sqlite::Statement;
using sqlite::Use;

namespace {

const char *const kTables = R"sql(
CREATE TABLE IF NOT EXISTS registry_runs (
  run TEXT PRIMARY KEY,
  workflow TEXT NOT NULL,
  scope TEXT NOT NULL,
  user_id TEXT,
  sequence_run TEXT,
  position INTEGER
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS registry_runs_by_workflow ON registry_runs (workflow, scope);
CREATE TABLE IF NOT EXISTS sequence_runs (
  id TEXT PRIMARY KEY,
  sequence TEXT NOT NULL,
  scope TEXT NOT NULL,
  user_id TEXT,
  input TEXT NOT NULL,
  context TEXT NOT NULL,
  position INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('running', 'succeeded', 'failed', 'suspended', 'cancelled')),
  awaiting TEXT,
  output TEXT NOT NULL,
  error TEXT,
  exit_code INTEGER,
  started_ms INTEGER NOT NULL,
  finished_ms INTEGER,
  owner TEXT
) WITHOUT ROWID;
)sql";

const char *const kSequenceColumns =
    "id, sequence, scope, user_id, input, context, position, status, awaiting, output, error, exit_code, started_ms, "
    "finished_ms, owner";

SequenceRunRow readSequenceRun(const Statement &s) {
  SequenceRunRow r;
  r.id = s.text(0);
  r.sequence = s.text(1);
  r.scope = s.text(2);
  r.user = s.optionalText(3);
  r.input = s.text(4);
  r.context = s.text(5);
  r.position = s.integer(6);
  r.status = parseRunStatus(s.text(7)).value_or(RunStatus::Failed);
  r.awaiting = s.optionalText(8);
  r.output = s.text(9);
  r.error = s.isNull(10) ? "" : s.text(10);
  if (!s.isNull(11)) r.exitCode = s.integer(11);
  r.startedMs = s.integer(12);
  if (!s.isNull(13)) r.finishedMs = s.integer(13);
  r.owner = s.isNull(14) ? "" : s.text(14);
  return r;
}

}  // namespace

struct RegistryStore::Statements {
  explicit Statements(sqlite3 *db)
      : insertMemberRun(db,
                        "INSERT OR REPLACE INTO registry_runs (run, workflow, scope, user_id, sequence_run, position) "
                        "VALUES (?1, ?2, ?3, ?4, ?5, ?6)"),
        completedInScope(db,
                         "SELECT r.run FROM registry_runs r JOIN runs u ON u.id = r.run WHERE r.workflow = ?1 AND "
                         "r.scope = ?2 AND (?3 IS NULL OR r.user_id = ?3) AND u.status = 'succeeded' LIMIT 1"),
        memberRunOf(db, "SELECT run, workflow, scope, user_id FROM registry_runs WHERE run = ?1"),
        memberRunsAt(db,
                     "SELECT r.run, r.workflow, u.status FROM registry_runs r JOIN runs u ON u.id = r.run WHERE "
                     "r.sequence_run = ?1 AND r.position = ?2 ORDER BY u.seq"),
        insertSequenceRun(db,
                          "INSERT INTO sequence_runs (id, sequence, scope, user_id, input, context, position, status, "
                          "output, started_ms, owner) VALUES (?1, ?2, ?3, ?4, ?5, ?6, 0, 'running', '{}', ?7, ?8)"),
        updateSequenceRun(db,
                          "UPDATE sequence_runs SET position = ?2, context = ?3, status = ?4, awaiting = ?5, output = ?6, "
                          "error = ?7, exit_code = ?8, finished_ms = ?9, owner = ?10 WHERE id = ?1"),
        findSequenceRun(db, (std::string("SELECT ") + kSequenceColumns + " FROM sequence_runs WHERE id = ?1").c_str()),
        listSequenceRuns(db,
                         (std::string("SELECT ") + kSequenceColumns + " FROM sequence_runs ORDER BY started_ms, id").c_str()) {}

  Statement insertMemberRun, completedInScope, memberRunOf, memberRunsAt, insertSequenceRun, updateSequenceRun, findSequenceRun, listSequenceRuns;
};

void RegistryStore::recordMemberRun(const std::string &runId, const std::string &workflow, const std::string &scope,
                                  const std::optional<std::string> &user, const std::optional<std::string> &sequenceRun,
                                  std::optional<int64_t> position) {
  file_.write([&] {
    Use s(s_->insertMemberRun);
    s->bind(1, std::string_view(runId)).bind(2, std::string_view(workflow)).bind(3, std::string_view(scope));
    s->bind(4, user).bind(5, sequenceRun);
    if (position) s->bind(6, *position);
    else s->bindNull(6);
    s->run();
  });
}

std::optional<std::string> RegistryStore::completedRun(const std::string &workflow, const std::string &scope,
                                                     const std::optional<std::string> &user) {
  return file_.read([&]() -> std::optional<std::string> {
    Use s(s_->completedInScope);
    s->bind(1, std::string_view(workflow)).bind(2, std::string_view(scope)).bind(3, user);
    if (s->step()) return s->text(0);
    return std::nullopt;
  });
}

std::optional<MemberRunRow> RegistryStore::memberRun(const std::string &runId) {
  return file_.read([&]() -> std::optional<MemberRunRow> {
    Use s(s_->memberRunOf);
    s->bind(1, std::string_view(runId));
    if (!s->step()) return std::nullopt;
    MemberRunRow row{s->text(0), s->text(1), RunStatus::Running, "", std::nullopt};
    row.scope = s->text(2);
    row.user = s->optionalText(3);
    return row;
  });
}

std::vector<MemberRunRow> RegistryStore::memberRuns(const std::string &sequenceRun, int64_t position) {
  return file_.read([&] {
    std::vector<MemberRunRow> out;
    Use s(s_->memberRunsAt);
    s->bind(1, std::string_view(sequenceRun)).bind(2, position);
    while (s->step())
      out.push_back({s->text(0), s->text(1), parseRunStatus(s->text(2)).value_or(RunStatus::Failed), "", std::nullopt});
    return out;
  });
}

void RegistryStore::createSequenceRun(const SequenceRunRow &row) {
  file_.write([&] {
    Use s(s_->insertSequenceRun);
    s->bind(1, std::string_view(row.id)).bind(2, std::string_view(row.sequence)).bind(3, std::string_view(row.scope));
    s->bind(4, row.user).bind(5, std::string_view(row.input)).bind(6, std::string_view(row.context));
    s->bind(7, row.startedMs).bind(8, std::string_view(row.owner));
    s->run();
  });
}

void RegistryStore::updateSequenceRun(const SequenceRunRow &row) {
  file_.write([&] {
    Use s(s_->updateSequenceRun);
    s->bind(1, std::string_view(row.id)).bind(2, row.position).bind(3, std::string_view(row.context));
    s->bind(4, std::string_view(spell(row.status))).bind(5, row.awaiting).bind(6, std::string_view(row.output));
    if (row.error.empty()) s->bindNull(7);
    else s->bind(7, std::string_view(row.error));
    if (row.exitCode) s->bind(8, *row.exitCode);
    else s->bindNull(8);
    if (row.finishedMs) s->bind(9, *row.finishedMs);
    else s->bindNull(9);
    if (row.owner.empty()) s->bindNull(10);
    else s->bind(10, std::string_view(row.owner));
    s->run();
  });
}

std::optional<SequenceRunRow> RegistryStore::findSequenceRun(const std::string &id) {
  return file_.read([&]() -> std::optional<SequenceRunRow> {
    Use s(s_->findSequenceRun);
    s->bind(1, std::string_view(id));
    if (s->step()) return readSequenceRun(*s);
    return std::nullopt;
  });
}

std::vector<SequenceRunRow> RegistryStore::sequenceRuns() {
  return file_.read([&] {
    std::vector<SequenceRunRow> out;
    Use s(s_->listSequenceRuns);
    while (s->step()) out.push_back(readSequenceRun(*s));
    return out;
  });
}

RegistryStore::RegistryStore(JournalFile &file) : file_(file), s_(std::make_unique<Statements>(file.connection())) {}

RegistryStore::~RegistryStore() = default;

void RegistryStore::migrate(sqlite3 *db) {
  sqlite::check(db, sqlite::api().exec(db, kTables, nullptr, nullptr, nullptr), "cannot create the registry's tables");
}

}  // namespace wfc::journal

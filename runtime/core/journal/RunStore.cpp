#include "core/journal/RunStore.h"

#include "common/StepVersions.h"

#include "core/journal/IdentityColumns.h"
#include "core/journal/SpendColumns.h"
#include "support/sqlite/SqliteLibrary.h"

namespace wfc::journal {

using sqlite::Statement;
using sqlite::Use;

namespace {

// The journal's first tables (format 1). `calls` shows every tool call: a tool step's successful
// call lives in its step's row (one row, one page to write per step).
const char *const kTables = R"sql(
CREATE TABLE runs (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  pack TEXT NOT NULL,
  pack_version TEXT NOT NULL,
  program TEXT NOT NULL,
  bindings TEXT NOT NULL,
  wfc_version TEXT NOT NULL,
  input TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('running', 'succeeded', 'failed', 'suspended', 'cancelled')),
  started_ms INTEGER NOT NULL,
  finished_ms INTEGER,
  output TEXT,
  exit_code INTEGER,
  error TEXT,
  awaiting TEXT,
  owner TEXT
);
CREATE TABLE steps (
  run INTEGER NOT NULL,
  path TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('ok', 'recovered')),
  output TEXT NOT NULL,
  error TEXT,
  attempts INTEGER NOT NULL,
  cache_key TEXT,
  call_key TEXT,
  call_tool TEXT,
  call_args TEXT,
  finished_ms INTEGER NOT NULL,
  PRIMARY KEY (run, path)
) WITHOUT ROWID;
CREATE INDEX steps_by_cache_key ON steps (cache_key, finished_ms) WHERE cache_key IS NOT NULL;
CREATE TABLE failed_attempts (
  run INTEGER NOT NULL,
  path TEXT NOT NULL,
  attempt INTEGER NOT NULL,
  kind TEXT NOT NULL,
  error TEXT NOT NULL,
  finished_ms INTEGER NOT NULL,
  PRIMARY KEY (run, path, attempt)
) WITHOUT ROWID;
CREATE TABLE exchanges (
  run INTEGER NOT NULL,
  key TEXT NOT NULL,
  step TEXT NOT NULL,
  item INTEGER,
  round INTEGER NOT NULL,
  attempt INTEGER NOT NULL,
  prompt TEXT NOT NULL,
  reply TEXT NOT NULL,
  finished_ms INTEGER NOT NULL,
  PRIMARY KEY (run, key)
) WITHOUT ROWID;
CREATE TABLE tool_calls (
  run INTEGER NOT NULL,
  key TEXT NOT NULL,
  step TEXT NOT NULL,
  tool TEXT NOT NULL,
  args TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('ok', 'failed')),
  result TEXT,
  error_kind TEXT,
  error TEXT,
  finished_ms INTEGER NOT NULL,
  PRIMARY KEY (run, key)
) WITHOUT ROWID;
CREATE TABLE visits (
  run INTEGER NOT NULL,
  path TEXT NOT NULL,
  state TEXT NOT NULL,
  visit INTEGER NOT NULL,
  output TEXT NOT NULL,
  event TEXT,
  context TEXT,
  workflow TEXT NOT NULL,
  finished_ms INTEGER NOT NULL,
  PRIMARY KEY (run, path)
) WITHOUT ROWID;
CREATE VIEW calls AS
  SELECT run, key, step, tool, args, status, result, error_kind, error, finished_ms FROM tool_calls
  UNION ALL
  SELECT run, call_key, path, call_tool, call_args, 'ok', output, NULL, NULL, finished_ms FROM steps
  WHERE call_key IS NOT NULL;
)sql";

// The runs by status, kept by the file itself: triggers count every change of a run's status,
// whoever writes it (any version of wfc, a user with sqlite3), so that the question serve mode's
// /metrics and /readyz ask of the journal at every call is five rows, not a scan of every run
// (docs/journal.md "What is stored"). Added, counted once, to a journal made before it. (Plain
// UPDATEs rather than an upsert: the journal reads with SQLite 3.16.)
const char *const kRunCounts = R"sql(
CREATE TABLE run_counts (status TEXT PRIMARY KEY, runs INTEGER NOT NULL) WITHOUT ROWID;
INSERT INTO run_counts (status, runs) SELECT status, count(*) FROM runs GROUP BY status;
INSERT OR IGNORE INTO run_counts (status, runs)
  VALUES ('running', 0), ('succeeded', 0), ('failed', 0), ('suspended', 0), ('cancelled', 0);
CREATE TRIGGER run_counts_insert AFTER INSERT ON runs BEGIN
  UPDATE run_counts SET runs = runs + 1 WHERE status = new.status;
END;
CREATE TRIGGER run_counts_update AFTER UPDATE OF status ON runs WHEN old.status IS NOT new.status BEGIN
  UPDATE run_counts SET runs = runs - 1 WHERE status = old.status;
  UPDATE run_counts SET runs = runs + 1 WHERE status = new.status;
END;
CREATE TRIGGER run_counts_delete AFTER DELETE ON runs BEGIN
  UPDATE run_counts SET runs = runs - 1 WHERE status = old.status;
END;
)sql";

const char *const kRunColumns =
    "seq, id, pack, pack_version, program, bindings, wfc_version, input, status, started_ms, finished_ms, output, "
    "exit_code, error, awaiting, owner";

RunRow readRun(const Statement &s) {
  RunRow r;
  r.seq = s.integer(0);
  r.id = s.text(1);
  r.identity = readIdentity(s, 2);
  r.input = s.text(7);
  r.status = parseRunStatus(s.text(8)).value_or(RunStatus::Failed);
  r.startedMs = s.integer(9);
  if (!s.isNull(10)) r.finishedMs = s.integer(10);
  r.output = s.optionalText(11);
  if (!s.isNull(12)) r.exitCode = s.integer(12);
  r.error = s.text(13);
  r.awaiting = s.optionalText(14);
  r.owner = s.text(15);
  return r;
}

}  // namespace

struct RunStore::Statements {
  explicit Statements(sqlite3 *db)
      : insertRun(db,
                  "INSERT INTO runs (id, pack, pack_version, program, bindings, wfc_version, input, status, "
                  "started_ms, owner) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'running', ?8, ?9)"),
        findRun(db, (std::string("SELECT ") + kRunColumns + " FROM runs WHERE id = ?1").c_str()),
        listRuns(db, (std::string("SELECT ") + kRunColumns + " FROM runs ORDER BY seq").c_str()),
        runOwner(db, "SELECT status, owner FROM runs WHERE seq = ?1"),
        reopenRun(db,
                  "UPDATE runs SET status = 'running', owner = ?2, finished_ms = NULL, exit_code = NULL, "
                  "error = NULL, awaiting = NULL WHERE seq = ?1"),
        finishRun(db,
                  "UPDATE runs SET status = ?2, output = ?3, exit_code = ?4, error = ?5, awaiting = ?6, "
                  "finished_ms = ?7, owner = NULL WHERE seq = ?1"),
        insertStep(db,
                   "INSERT OR REPLACE INTO steps (run, path, status, output, error, attempts, cache_key, call_key, "
                   "call_tool, call_args, finished_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)"),
        insertAttempt(db,
                      "INSERT OR REPLACE INTO failed_attempts (run, path, attempt, kind, error, finished_ms) "
                      "VALUES (?1, ?2, ?3, ?4, ?5, ?6)"),
        insertExchange(db,
                       "INSERT OR REPLACE INTO exchanges (run, key, step, item, round, attempt, prompt, reply, "
                       "finished_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)"),
        insertToolCall(db,
                       "INSERT OR REPLACE INTO tool_calls (run, key, step, tool, args, status, result, error_kind, "
                       "error, finished_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)"),
        insertVisit(db,
                    "INSERT OR REPLACE INTO visits (run, path, state, visit, output, event, context, workflow, "
                    "finished_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)"),
        stepsOf(db, "SELECT path, status, output, error, attempts FROM steps WHERE run = ?1"),
        attemptsOf(db, "SELECT path, count(*) FROM failed_attempts WHERE run = ?1 GROUP BY path"),
        exchangesOf(db, "SELECT key, reply FROM exchanges WHERE run = ?1"),
        toolCallsOf(db, "SELECT key, step, tool, args, status, result, error_kind, error FROM calls WHERE run = ?1"),
        visitsOf(db, "SELECT path, output, event, context, workflow FROM visits WHERE run = ?1"),
        countToolCalls(db, "SELECT count(*) FROM calls WHERE run = ?1"),
        runSpend(db, (std::string("SELECT ") + kSpendColumns + " FROM exchanges e WHERE e.run = ?1" + kSpendRows).c_str()),
        cached(db, "SELECT output FROM steps WHERE cache_key = ?1 ORDER BY finished_ms DESC LIMIT 1"),
        insertProgram(db, "INSERT OR IGNORE INTO programs (program, steps) VALUES (?1, ?2)"),
        findProgram(db, "SELECT steps FROM programs WHERE program = ?1"),
        recordedPaths(db, versions::kRecordedPathsSql),
        adoptRun(db, "UPDATE runs SET pack = ?2, pack_version = ?3, program = ?4, bindings = ?5, wfc_version = ?6 "
                     "WHERE seq = ?1"),
        insertChatTurn(db, "INSERT OR REPLACE INTO chat_turns (run, turn, owner, input, status) VALUES (?1, ?2, ?3, ?4, "
                           "'running')"),
        endChatTurn(db, "UPDATE chat_turns SET status = ?3 WHERE run = ?1 AND turn = ?2"),
        chatTurnsOf(db, "SELECT turn, owner, input, status FROM chat_turns WHERE run = ?1 ORDER BY turn") {}

  Statement insertRun, findRun, listRuns, runOwner, reopenRun, finishRun, insertStep, insertAttempt, insertExchange, insertToolCall, insertVisit, stepsOf, attemptsOf, exchangesOf, toolCallsOf, visitsOf, countToolCalls, runSpend, cached;
  Statement insertProgram, findProgram, recordedPaths, adoptRun, insertChatTurn, endChatTurn, chatTurnsOf;
};

int64_t RunStore::create(const std::string &id, const ProgramIdentity &identity, const std::string &input,
                               int64_t startedMs, const std::string &owner) {
  int64_t seq = 0;
  file_.write([&] {
    Use s(s_->insertRun);
    s->bind(1, std::string_view(id));
    bindIdentity(*s, 2, identity);
    s->bind(7, std::string_view(input)).bind(8, startedMs).bind(9, std::string_view(owner));
    s->run();
    seq = sqlite::api().last_insert_rowid(file_.connection());
    // The program's step table, once per program: looked up with every run (retention may have
    // removed it with the program's last run since), written when it is not there.
    if (identity.stepTable) {
      bool recorded = false;
      {
        Use f(s_->findProgram);
        f->bind(1, std::string_view(identity.program));
        recorded = f->step();
      }
      if (!recorded) {
        Use p(s_->insertProgram);
        p->bind(1, std::string_view(identity.program)).bind(2, std::string_view(identity.stepTable));
        p->run();
      }
    }
  });
  file_.checkpointSoon();  // a run boundary (docs/journal.md "Damaged or missing -wal")
  return seq;
}

std::optional<RunRow> RunStore::find(const std::string &id) {
  return file_.read([&]() -> std::optional<RunRow> {
    Use s(s_->findRun);
    s->bind(1, std::string_view(id));
    if (!s->step()) return std::nullopt;
    return readRun(*s);
  });
}

std::vector<RunRow> RunStore::all() {
  return file_.read([&] {
    std::vector<RunRow> out;
    Use s(s_->listRuns);
    while (s->step()) out.push_back(readRun(*s));
    return out;
  });
}

std::optional<std::string> RunStore::reopen(int64_t seq, const std::string &owner,
                                                  bool (*isAlive)(const std::string &)) {
  std::optional<std::string> busy;
  file_.write([&] {
    {
      Use s(s_->runOwner);
      s->bind(1, seq);
      if (s->step() && s->text(0) == "running" && !s->isNull(1) && s->text(1) != owner && isAlive(s->text(1))) {
        busy = s->text(1);
        return;
      }
    }
    Use s(s_->reopenRun);
    s->bind(1, seq).bind(2, std::string_view(owner));
    s->run();
  });
  return busy;
}

void RunStore::finish(int64_t seq, RunStatus status, const std::optional<std::string> &output,
                            std::optional<int64_t> exitCode, const std::string &error,
                            const std::optional<std::string> &awaiting, int64_t finishedMs) {
  file_.write([&] {
    Use s(s_->finishRun);
    s->bind(1, seq).bind(2, std::string_view(spell(status))).bind(3, output);
    if (exitCode) s->bind(4, *exitCode);
    if (!error.empty()) s->bind(5, std::string_view(error));
    s->bind(6, awaiting).bind(7, finishedMs);
    s->run();
  });
  file_.checkpointSoon();  // a run boundary (docs/journal.md "Damaged or missing -wal")
}

std::optional<std::string> RunStore::stepTable(const std::string &program) {
  return file_.read([&]() -> std::optional<std::string> {
    Use s(s_->findProgram);
    s->bind(1, std::string_view(program));
    if (!s->step()) return std::nullopt;
    return s->text(0);
  });
}

std::vector<std::string> RunStore::recordedPaths(int64_t seq) {
  return file_.read([&] {
    std::vector<std::string> out;
    Use s(s_->recordedPaths);
    s->bind(1, seq);
    while (s->step()) out.push_back(s->text(0));
    return out;
  });
}

void RunStore::adopt(int64_t seq, const ProgramIdentity &identity) {
  file_.write([&] {
    Use s(s_->adoptRun);
    s->bind(1, seq);
    bindIdentity(*s, 2, identity);
    s->run();
    if (identity.stepTable) {
      Use p(s_->insertProgram);
      p->bind(1, std::string_view(identity.program)).bind(2, std::string_view(identity.stepTable));
      p->run();
    }
  });
}

void RunStore::recordChatTurn(int64_t seq, const ChatTurnRow &turn) {
  file_.write([&] {
    Use s(s_->insertChatTurn);
    s->bind(1, seq).bind(2, int64_t(turn.turn)).bind(3, std::string_view(turn.owner)).bind(4, std::string_view(turn.input));
    s->run();
  });
}

void RunStore::endChatTurn(int64_t seq, unsigned turn, bool ok) {
  file_.write([&] {
    Use s(s_->endChatTurn);
    s->bind(1, seq).bind(2, int64_t(turn)).bind(3, std::string_view(ok ? "ok" : "failed"));
    s->run();
  });
}

std::optional<std::string> RunStore::chatOwner(int64_t seq) {
  return file_.read([&]() -> std::optional<std::string> {
    Statement s(file_.connection(), "SELECT owner FROM chat_turns WHERE run = ?1 ORDER BY turn LIMIT 1");
    s.bind(1, seq);
    if (!s.step()) return std::nullopt;
    return s.text(0);
  });
}

void RunStore::copyRows(int64_t from, int64_t to, const std::vector<std::string> &paths) {
  // The paths in a temporary table, then one INSERT … SELECT a table: a few statements, not four
  // per path.
  static const char *const kCopies[] = {
      "INSERT INTO steps (run, path, status, output, error, attempts, cache_key, call_key, call_tool, call_args, "
      "finished_ms) SELECT ?2, path, status, output, error, attempts, cache_key, CASE WHEN substr(call_key, 1, "
      "length(?3) + 1) = ?3 || '/' THEN ?4 || substr(call_key, length(?3) + 1) ELSE call_key END, call_tool, "
      "call_args, finished_ms FROM steps WHERE run = ?1 AND path IN (SELECT path FROM temp.fork_paths)",
      "INSERT INTO failed_attempts (run, path, attempt, kind, error, finished_ms) SELECT ?2, path, attempt, kind, "
      "error, finished_ms FROM failed_attempts WHERE run = ?1 AND path IN (SELECT path FROM temp.fork_paths)",
      "INSERT INTO exchanges (run, key, step, item, round, attempt, prompt, reply, finished_ms) SELECT ?2, key, step, "
      "item, round, attempt, prompt, reply, finished_ms FROM exchanges WHERE run = ?1 AND step IN (SELECT path FROM "
      "temp.fork_paths)",
      // A tool call's idempotency key starts with its run's id: the fork's calls are its own.
      "INSERT INTO tool_calls (run, key, step, tool, args, status, result, error_kind, error, finished_ms) SELECT ?2, "
      "CASE WHEN substr(key, 1, length(?3) + 1) = ?3 || '/' THEN ?4 || substr(key, length(?3) + 1) ELSE key END, "
      "step, tool, args, status, result, error_kind, error, finished_ms FROM tool_calls WHERE run = ?1 AND step IN "
      "(SELECT path FROM temp.fork_paths)",
  };
  file_.write([&] {
    sqlite3 *db = file_.connection();
    Statement(db, "CREATE TEMP TABLE IF NOT EXISTS fork_paths (path TEXT PRIMARY KEY) WITHOUT ROWID").run();
    Statement(db, "DELETE FROM temp.fork_paths").run();
    {
      Statement add(db, "INSERT OR IGNORE INTO temp.fork_paths (path) VALUES (?1)");
      for (const std::string &path : paths) {
        add.bind(1, std::string_view(path));
        add.run();
      }
    }
    std::string fromId, toId;
    {
      Statement ids(db, "SELECT (SELECT id FROM runs WHERE seq = ?1), (SELECT id FROM runs WHERE seq = ?2)");
      ids.bind(1, from).bind(2, to);
      if (ids.step()) fromId = ids.text(0), toId = ids.text(1);
    }
    for (const char *sql : kCopies) {
      Statement copy(db, sql);
      copy.bind(1, from).bind(2, to);
      if (std::string_view(sql).find("?4") != std::string_view::npos)
        copy.bind(3, std::string_view(fromId)).bind(4, std::string_view(toId));
      copy.run();
    }
    Statement(db, "DELETE FROM temp.fork_paths").run();
  });
}

RunHistory RunStore::history(int64_t seq) {
  return file_.read([&] {
    RunHistory h;
    {
      Use s(s_->stepsOf);
      s->bind(1, seq);
      while (s->step())
        h.steps[s->text(0)] = StepRow{s->text(1) == "recovered", s->text(2), s->text(3), unsigned(s->integer(4))};
    }
    {
      Use s(s_->attemptsOf);
      s->bind(1, seq);
      while (s->step()) h.failedAttempts[s->text(0)] = unsigned(s->integer(1));
    }
    {
      Use s(s_->exchangesOf);
      s->bind(1, seq);
      while (s->step()) h.exchanges[s->text(0)] = s->text(1);
    }
    {
      Use s(s_->toolCallsOf);
      s->bind(1, seq);
      while (s->step()) {
        ToolCallRow c{s->text(0), s->text(1), s->text(2), s->text(3), s->text(4) == "ok", s->text(5), s->text(6),
                      s->text(7)};
        h.toolCalls[c.key] = std::move(c);
      }
    }
    {
      Use s(s_->visitsOf);
      s->bind(1, seq);
      while (s->step())
        h.visits[s->text(0)] = VisitRow{s->text(1), !s->isNull(2), s->text(2), s->text(3), s->text(4)};
    }
    {
      Use s(s_->chatTurnsOf);
      s->bind(1, seq);
      while (s->step()) {
        std::string status = s->text(3);
        h.chatTurns.push_back({unsigned(s->integer(0)), s->text(1), s->text(2),
                               status == "ok"       ? ChatTurnRow::Status::Ok
                               : status == "failed" ? ChatTurnRow::Status::Failed
                                                    : ChatTurnRow::Status::Running});
      }
    }
    return h;
  });
}

std::vector<RunRow> RunStore::recent(std::optional<RunStatus> status, int64_t limit,
                                            std::optional<int64_t> beforeSeq) {
  return file_.read([&] {
    std::vector<RunRow> out;
    Statement s(file_.connection(), (std::string("SELECT ") + kRunColumns +
                      " FROM runs WHERE (?1 IS NULL OR status = ?1) AND (?2 IS NULL OR seq < ?2) ORDER BY seq DESC "
                      "LIMIT ?3").c_str());
    if (status) s.bind(1, std::string_view(spell(*status)));
    if (beforeSeq) s.bind(2, *beforeSeq);
    s.bind(3, limit);
    while (s.step()) out.push_back(readRun(s));
    return out;
  });
}

std::vector<std::pair<RunStatus, int64_t>> RunStore::countByStatus() {
  return file_.read([&] {
    std::vector<std::pair<RunStatus, int64_t>> out;
    Statement s(file_.connection(), "SELECT status, runs FROM run_counts WHERE runs > 0 ORDER BY status");
    while (s.step())
      if (std::optional<RunStatus> status = parseRunStatus(s.text(0))) out.emplace_back(*status, s.integer(1));
    return out;
  });
}

int64_t RunStore::countInterruption(int64_t seq) {
  int64_t count = 0;
  file_.write([&] {
    Statement s(file_.connection(),
                "INSERT INTO run_interruptions (run, count) VALUES (?1, 1) "
                "ON CONFLICT (run) DO UPDATE SET count = count + 1 RETURNING count");
    s.bind(1, seq);
    if (s.step()) count = s.integer(0);
    while (s.step()) {}
  });
  return count;
}

cost::Spend RunStore::spend(int64_t seq) {
  return file_.read([&] {
    Use s(s_->runSpend);
    s->bind(1, seq);
    return readSpend(*s);
  });
}

int64_t RunStore::toolCallCount(int64_t seq) {
  return file_.read([&] {
    Use s(s_->countToolCalls);
    s->bind(1, seq);
    return s->step() ? s->integer(0) : int64_t(0);
  });
}

void RunStore::insertToolCall(int64_t seq, const ToolCallRow &call, int64_t now) {
  Use s(s_->insertToolCall);
  s->bind(1, seq).bind(2, std::string_view(call.key)).bind(3, std::string_view(call.step));
  s->bind(4, std::string_view(call.tool)).bind(5, std::string_view(call.args));
  s->bind(6, std::string_view(call.ok ? "ok" : "failed"));
  if (call.ok) {
    s->bind(7, std::string_view(call.result));
  } else {
    s->bind(8, std::string_view(call.errorKind)).bind(9, std::string_view(call.error));
  }
  s->bind(10, now);
  s->run();
}

void RunStore::recordStep(int64_t seq, const std::string &path, const StepRow &step,
                             const std::optional<std::string> &cacheKey, const ToolCallRow *call) {
  int64_t now = nowMs();
  // A tool step's successful call lives in its step's row: its result is the step's output, and
  // one row is one page to write per step (docs/journal.md; the `calls` view shows every call).
  bool inRow = call && call->ok;
  file_.write([&] {
    if (call && !inRow) insertToolCall(seq, *call, now);
    Use s(s_->insertStep);
    s->bind(1, seq).bind(2, std::string_view(path)).bind(3, std::string_view(step.recovered ? "recovered" : "ok"));
    s->bind(4, std::string_view(step.output));
    if (!step.error.empty()) s->bind(5, std::string_view(step.error));
    s->bind(6, int64_t(step.attempts)).bind(7, cacheKey);
    if (inRow) s->bind(8, std::string_view(call->key)).bind(9, std::string_view(call->tool)).bind(10, std::string_view(call->args));
    s->bind(11, now);
    s->run();
  });
}

void RunStore::recordFailedAttempt(int64_t seq, const std::string &path, unsigned attempt, const std::string &kind,
                                      const std::string &error, const ToolCallRow *call) {
  int64_t now = nowMs();
  file_.write([&] {
    if (call) insertToolCall(seq, *call, now);
    Use s(s_->insertAttempt);
    s->bind(1, seq).bind(2, std::string_view(path)).bind(3, int64_t(attempt)).bind(4, std::string_view(kind));
    s->bind(5, std::string_view(error)).bind(6, now);
    s->run();
  });
}

void RunStore::recordExchange(int64_t seq, const std::string &key, const std::string &step,
                                 std::optional<int64_t> item, unsigned round, unsigned attempt,
                                 const std::string &prompt, const std::string &reply) {
  int64_t now = nowMs();
  file_.write([&] {
    Use s(s_->insertExchange);
    s->bind(1, seq).bind(2, std::string_view(key)).bind(3, std::string_view(step));
    if (item) s->bind(4, *item);
    s->bind(5, int64_t(round)).bind(6, int64_t(attempt)).bind(7, std::string_view(prompt));
    s->bind(8, std::string_view(reply)).bind(9, now);
    s->run();
  });
}

void RunStore::recordToolCall(int64_t seq, const ToolCallRow &call) {
  int64_t now = nowMs();
  file_.write([&] { insertToolCall(seq, call, now); });
}

void RunStore::recordVisit(int64_t seq, const std::string &path, const std::string &state, unsigned visit,
                              const VisitRow &row) {
  int64_t now = nowMs();
  file_.write([&] {
    Use s(s_->insertVisit);
    s->bind(1, seq).bind(2, std::string_view(path)).bind(3, std::string_view(state)).bind(4, int64_t(visit));
    s->bind(5, std::string_view(row.output));
    if (row.hasEvent) s->bind(6, std::string_view(row.event));
    s->bind(7, std::string_view(row.context)).bind(8, std::string_view(row.workflow)).bind(9, now);
    s->run();
  });
}

std::optional<std::string> RunStore::findCached(const std::string &cacheKey) {
  return file_.read([&]() -> std::optional<std::string> {
    Use s(s_->cached);
    s->bind(1, std::string_view(cacheKey));
    if (!s->step()) return std::nullopt;
    return s->text(0);
  });
}

RunStore::RunStore(JournalFile &file) : file_(file), s_(std::make_unique<Statements>(file.connection())) {}

RunStore::~RunStore() = default;

void RunStore::migrate(sqlite3 *db, bool newJournal) {
  if (newJournal) sqlite::check(db, sqlite::api().exec(db, kTables, nullptr, nullptr, nullptr), "cannot create the journal's tables");
  bool counted = false;
  {
    Statement exists(db, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'run_counts'");
    Use use(exists);
    counted = exists.step();
  }
  if (!counted)
    sqlite::check(db, sqlite::api().exec(db, kRunCounts, nullptr, nullptr, nullptr), "cannot count the journal's runs");
  // Added after format 1's first version: created in any journal that lacks them. `programs`
  // holds each program's step table (docs/journal.md "Versions"); a run written before it has
  // none, and is resumed only by its own program.
  sqlite::check(db,
                sqlite::api().exec(db,
                                   "CREATE TABLE IF NOT EXISTS run_interruptions (run INTEGER PRIMARY KEY "
                                   "REFERENCES runs (seq), count INTEGER NOT NULL);"
                                   "CREATE TABLE IF NOT EXISTS programs (program TEXT PRIMARY KEY, steps TEXT NOT NULL);"
                                   "CREATE TABLE IF NOT EXISTS chat_turns (run INTEGER NOT NULL, turn INTEGER NOT NULL, "
                                   "owner TEXT NOT NULL, input TEXT NOT NULL, status TEXT NOT NULL CHECK (status IN "
                                   "('running', 'ok', 'failed')), PRIMARY KEY (run, turn)) WITHOUT ROWID;",
                                   nullptr, nullptr, nullptr),
                "cannot create the journal's tables");
}

}  // namespace wfc::journal

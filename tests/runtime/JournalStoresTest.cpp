// Each store of the journal on its own (docs/journal.md): the run statuses as the file spells
// them, serve mode's listing of runs, timelines, batches and their lines, a registry's member and
// sequence runs — and how a journal written before a store existed gains its tables when it is
// opened again. Real files, real SQLite.
#include "TestSupport.h"
#include "core/journal/BatchStore.h"
#include "core/journal/JournalFile.h"
#include "core/journal/RegistryStore.h"
#include "core/journal/RunStatus.h"
#include "core/journal/RunStore.h"
#include "core/journal/TimelineStore.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <sqlite3.h>

#include <map>

namespace wfc::journal {
namespace {

using wfc::test::TempDir;

ProgramIdentity identity() {
  ProgramIdentity id;
  id.pack = "demo";
  id.packVersion = "1.0.0";
  id.program = "p1";
  id.wfcVersion = "0.1.0";
  return id;
}

bool alwaysDead(const std::string &) { return false; }
bool alwaysAlive(const std::string &) { return true; }

// Runs `sql` on the file with SQLite itself, outside any store.
void exec(const std::string &path, const std::string &sql) {
  sqlite3 *db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  char *message = nullptr;
  int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &message);
  std::string error = message ? message : "";
  sqlite3_free(message);
  sqlite3_close(db);
  ASSERT_EQ(rc, SQLITE_OK) << error;
}

TEST(RunStatusTest, SpellsAndParsesEveryStatusAndNothingElse) {
  for (RunStatus s : {RunStatus::Running, RunStatus::Succeeded, RunStatus::Failed, RunStatus::Suspended,
                      RunStatus::Cancelled})
    EXPECT_EQ(parseRunStatus(spell(s)), s) << spell(s);
  EXPECT_STREQ(spell(RunStatus::Succeeded), "succeeded");
  EXPECT_FALSE(parseRunStatus("Succeeded"));
  EXPECT_FALSE(parseRunStatus(""));
  EXPECT_FALSE(parseRunStatus("finished"));  // a batch's, not a run's
  for (BatchStatus s : {BatchStatus::Running, BatchStatus::Finished, BatchStatus::Cancelled, BatchStatus::Failed})
    EXPECT_EQ(parseBatchStatus(spell(s)), s) << spell(s);
  EXPECT_FALSE(parseBatchStatus("succeeded"));
  // In JSON (the trace, the API) a status is its spelling.
  EXPECT_EQ(nlohmann::ordered_json({{"status", RunStatus::Suspended}}).dump(), R"({"status":"suspended"})");
  EXPECT_EQ(nlohmann::json(BatchStatus::Cancelled), "cancelled");
}

TEST(RunStoreTest, ListsTheNewestRunsByStatusPageByPageAndCountsThem) {
  TempDir dir;
  JournalFile file((dir.path() / "j.db").string(), SyncMode::Normal);
  RunStore &runs = file.runs();
  std::vector<int64_t> seqs;
  for (int i = 0; i < 5; ++i) seqs.push_back(runs.create("r" + std::to_string(i), identity(), "{}", 1000 + i, "1:1"));
  runs.finish(seqs[0], RunStatus::Succeeded, "{\"ok\":1}", 0, "", std::nullopt, 2000);
  runs.finish(seqs[1], RunStatus::Failed, std::nullopt, 1, "boom", std::nullopt, 2001);
  runs.finish(seqs[2], RunStatus::Succeeded, "{}", 0, "", std::nullopt, 2002);
  runs.finish(seqs[3], RunStatus::Suspended, std::nullopt, 5, "waits", "{\"state\":\"s\"}", 2003);

  std::vector<RunRow> all = runs.recent(std::nullopt, 10, std::nullopt);
  ASSERT_EQ(all.size(), 5u);
  EXPECT_EQ(all.front().id, "r4");  // newest first
  EXPECT_EQ(all.front().status, RunStatus::Running);
  EXPECT_EQ(all.back().id, "r0");

  std::vector<RunRow> succeeded = runs.recent(RunStatus::Succeeded, 10, std::nullopt);
  ASSERT_EQ(succeeded.size(), 2u);
  EXPECT_EQ(succeeded[0].id, "r2");
  EXPECT_EQ(succeeded[1].id, "r0");
  EXPECT_EQ(succeeded[1].output, "{\"ok\":1}");

  std::vector<RunRow> page = runs.recent(std::nullopt, 2, seqs[3]);  // older than r3
  ASSERT_EQ(page.size(), 2u);
  EXPECT_EQ(page[0].id, "r2");
  EXPECT_EQ(page[1].id, "r1");
  EXPECT_EQ(page[1].error, "boom");

  std::map<RunStatus, int64_t> counts;
  for (auto [status, n] : runs.countByStatus()) counts[status] = n;
  EXPECT_EQ(counts[RunStatus::Succeeded], 2);
  EXPECT_EQ(counts[RunStatus::Failed], 1);
  EXPECT_EQ(counts[RunStatus::Suspended], 1);
  EXPECT_EQ(counts[RunStatus::Running], 1);
  EXPECT_EQ(counts.count(RunStatus::Cancelled), 0u);
  std::optional<RunRow> suspended = runs.find("r3");
  ASSERT_TRUE(suspended);
  EXPECT_EQ(suspended->awaiting, "{\"state\":\"s\"}");
  EXPECT_EQ(suspended->exitCode, 5);
}

// Reads a journal's run_counts with SQLite itself: status → runs.
std::map<std::string, int64_t> runCounts(const std::string &path) {
  std::map<std::string, int64_t> out;
  sqlite3 *db = nullptr;
  EXPECT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  sqlite3_stmt *s = nullptr;
  EXPECT_EQ(sqlite3_prepare_v2(db, "SELECT status, runs FROM run_counts", -1, &s, nullptr), SQLITE_OK) << sqlite3_errmsg(db);
  while (s && sqlite3_step(s) == SQLITE_ROW)
    out[reinterpret_cast<const char *>(sqlite3_column_text(s, 0))] = sqlite3_column_int64(s, 1);
  sqlite3_finalize(s);
  sqlite3_close(db);
  return out;
}

// The journal keeps its runs by status in run_counts (what /metrics and /readyz read, rather than
// scanning every run): every change of status counts, the stores' and another writer's alike.
TEST(RunStoreTest, RunCountsFollowEveryChangeOfStatusByAnyWriter) {
  TempDir dir;
  std::string path = (dir.path() / "j.db").string();
  JournalFile file(path, SyncMode::Normal);
  RunStore &runs = file.runs();
  std::vector<int64_t> seqs;
  for (int i = 0; i < 4; ++i) seqs.push_back(runs.create("r" + std::to_string(i), identity(), "{}", 1000 + i, "1:1"));
  runs.finish(seqs[0], RunStatus::Succeeded, "{}", 0, "", std::nullopt, 2000);
  runs.finish(seqs[1], RunStatus::Suspended, std::nullopt, 4, "waits", "{}", 2001);
  runs.finish(seqs[1], RunStatus::Suspended, std::nullopt, 4, "again", "{}", 2002);  // no change of status
  EXPECT_EQ(runCounts(path), (std::map<std::string, int64_t>{
                                 {"running", 2}, {"succeeded", 1}, {"failed", 0}, {"suspended", 1}, {"cancelled", 0}}));
  // Another writer: a user with sqlite3.
  exec(path, "UPDATE runs SET status = 'cancelled' WHERE id = 'r2'; DELETE FROM runs WHERE id = 'r0';");
  std::map<RunStatus, int64_t> counts;
  for (auto [status, n] : runs.countByStatus()) counts[status] = n;
  EXPECT_EQ(counts, (std::map<RunStatus, int64_t>{
                        {RunStatus::Running, 1}, {RunStatus::Suspended, 1}, {RunStatus::Cancelled, 1}}));
}

// What a run spent (docs/cost.md "Spend"), summed from its exchanges as they were journaled:
// their "spend" when they have one, else their usage, unpriced; a reply that is not JSON (an
// edited journal) counts for nothing and fails nothing; another run's exchanges are not its.
TEST(RunStoreTest, SumsARunsSpendFromItsJournaledExchanges) {
  TempDir dir;
  std::string path = (dir.path() / "j.db").string();
  int64_t run = 0, other = 0;
  {
    JournalFile file(path, SyncMode::Normal);
    run = file.runs().create("a", identity(), "{}", 1, "1:1");
    other = file.runs().create("b", identity(), "{}", 2, "1:1");
  }
  auto row = [&](int64_t seq, const char *key, const char *reply) {
    return "INSERT INTO exchanges (run, key, step, round, attempt, prompt, reply, finished_ms) VALUES (" +
           std::to_string(seq) + ", '" + key + "', 's', 1, 1, 'p', '" + reply + "', 1);";
  };
  exec(path, row(run, "a|-|1|1",
                 R"({"content": "x", "usage": {"prompt_tokens": 9, "completion_tokens": 1},
                     "spend": {"input_tokens": 10, "cached_input_tokens": 4, "output_tokens": 2, "cost_usd": 0.5}})") +
                 row(run, "b|-|1|1", R"({"content": "y", "usage": {"prompt_tokens": 3, "completion_tokens": 4}})") +
                 row(run, "c|-|1|1", "not json") +
                 row(other, "a|-|1|1", R"({"usage": {"prompt_tokens": 100, "completion_tokens": 100}})"));
  JournalFile file(path, SyncMode::Normal);
  cost::Spend spend = file.runs().spend(run);
  EXPECT_EQ(spend.inputTokens, 13u);
  EXPECT_EQ(spend.cachedInputTokens, 4u);
  EXPECT_EQ(spend.outputTokens, 6u);
  EXPECT_DOUBLE_EQ(spend.costUsd, 0.5);
  EXPECT_EQ(spend.unpricedCalls, 1u);
}

TEST(TimelineStoreTest, KeepsEachRunsSegmentsInOrderAndApart) {
  TempDir dir;
  JournalFile file((dir.path() / "j.db").string(), SyncMode::Normal);
  int64_t a = file.runs().create("a", identity(), "{}", 1, "1:1");
  int64_t b = file.runs().create("b", identity(), "{}", 2, "1:1");
  EXPECT_EQ(file.timelines().of(a), "");
  file.timelines().record(a, "{\"event\":\"run_start\"}\n");
  file.timelines().record(b, "{\"event\":\"other\"}\n");
  file.timelines().record(a, "{\"event\":\"run_end\"}\n");
  EXPECT_EQ(file.timelines().of(a), "{\"event\":\"run_start\"}\n{\"event\":\"run_end\"}\n");
  EXPECT_EQ(file.timelines().of(b), "{\"event\":\"other\"}\n");
}

BatchRow batch(const std::string &id) {
  BatchRow row;
  row.id = id;
  row.identity = identity();
  row.input = "/data/in.jsonl";
  row.inputSha256 = std::string(64, 'a');
  row.lines = 3;
  row.shardIndex = 1;
  row.shardCount = 2;
  row.startedMs = 10;
  row.owner = "1:1";
  return row;
}

TEST(BatchStoreTest, RecordsABatchItsLinesAndHowItEnded) {
  TempDir dir;
  JournalFile file((dir.path() / "j.db").string(), SyncMode::Normal);
  BatchStore &batches = file.batches();
  EXPECT_FALSE(batches.find("b1"));
  batches.create(batch("b1"));
  std::optional<BatchRow> found = batches.find("b1");
  ASSERT_TRUE(found);
  EXPECT_EQ(found->input, "/data/in.jsonl");
  EXPECT_EQ(found->shardIndex, 1);
  EXPECT_EQ(found->shardCount, 2);
  EXPECT_EQ(found->status, BatchStatus::Running);
  EXPECT_EQ(found->identity.program, "p1");

  batches.startLine("b1", 0, "run-0");
  batches.startLine("b1", 2, "run-2");
  batches.finishLine("b1", 2, "run-2", RunStatus::Succeeded, "{\"line\":2}");
  batches.finishLine("b1", 1, std::nullopt, RunStatus::Failed, "{\"line\":1,\"error\":\"not JSON\"}");
  EXPECT_EQ(batches.finishedLines("b1"), 2);

  std::vector<BatchLineRow> lines = batches.lines("b1", 0, 10);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0].line, 0);
  EXPECT_EQ(lines[0].status, RunStatus::Running);
  EXPECT_FALSE(lines[0].result);
  EXPECT_EQ(lines[1].line, 1);
  EXPECT_FALSE(lines[1].run);
  EXPECT_EQ(lines[1].status, RunStatus::Failed);
  EXPECT_EQ(lines[2].run, "run-2");
  EXPECT_EQ(lines[2].result, "{\"line\":2}");
  ASSERT_EQ(batches.lines("b1", 1, 1).size(), 1u);
  EXPECT_EQ(batches.lines("b1", 1, 1)[0].line, 1);

  EXPECT_EQ(batches.reopen("b1", "2:2", alwaysAlive), "1:1");  // its owner still runs it
  EXPECT_EQ(batches.reopen("b1", "2:2", alwaysDead), std::nullopt);
  EXPECT_EQ(batches.find("b1")->owner, "2:2");
  batches.finish("b1", BatchStatus::Cancelled, 99);
  EXPECT_EQ(batches.find("b1")->status, BatchStatus::Cancelled);
  EXPECT_EQ(batches.find("b1")->finishedMs, 99);
}

TEST(RegistryStoreTest, RecordsMemberRunsAndSequenceRuns) {
  TempDir dir;
  JournalFile file((dir.path() / "j.db").string(), SyncMode::Normal);
  RegistryStore &registry = file.registry();
  int64_t first = file.runs().create("w1-run", identity(), "{}", 1, "1:1");
  file.runs().create("w2-run", identity(), "{}", 2, "1:1");
  registry.recordMemberRun("w1-run", "onboard", "acme", std::string("ann"), std::string("seq-1"), 0);
  registry.recordMemberRun("w2-run", "onboard", "acme", std::nullopt, std::nullopt, std::nullopt);

  EXPECT_FALSE(registry.completedRun("onboard", "acme", std::string("ann")));  // still running
  file.runs().finish(first, RunStatus::Succeeded, "{}", 0, "", std::nullopt, 3);
  EXPECT_EQ(registry.completedRun("onboard", "acme", std::string("ann")), "w1-run");
  EXPECT_EQ(registry.completedRun("onboard", "acme", std::nullopt), "w1-run");
  EXPECT_FALSE(registry.completedRun("onboard", "other-scope", std::nullopt));
  EXPECT_FALSE(registry.completedRun("onboard", "acme", std::string("bob")));

  std::optional<MemberRunRow> member = registry.memberRun("w1-run");
  ASSERT_TRUE(member);
  EXPECT_EQ(member->workflow, "onboard");
  EXPECT_EQ(member->scope, "acme");
  EXPECT_EQ(member->user, "ann");
  EXPECT_FALSE(registry.memberRun("nobody"));
  ASSERT_EQ(registry.memberRuns("seq-1", 0).size(), 1u);
  EXPECT_EQ(registry.memberRuns("seq-1", 0)[0].status, RunStatus::Succeeded);
  EXPECT_TRUE(registry.memberRuns("seq-1", 1).empty());

  SequenceRunRow seq;
  seq.id = "seq-1";
  seq.sequence = "setup";
  seq.scope = "acme";
  seq.user = "ann";
  seq.input = "{\"x\":1}";
  seq.startedMs = 5;
  seq.owner = "1:1";
  registry.createSequenceRun(seq);
  seq.position = 1;
  seq.status = RunStatus::Suspended;
  seq.awaiting = "{\"transition\":0,\"events\":[\"approved\"]}";
  seq.context = "{\"approver\":\"ann\"}";
  registry.updateSequenceRun(seq);
  std::optional<SequenceRunRow> back = registry.findSequenceRun("seq-1");
  ASSERT_TRUE(back);
  EXPECT_EQ(back->position, 1);
  EXPECT_EQ(back->status, RunStatus::Suspended);
  EXPECT_EQ(back->awaiting, seq.awaiting);
  EXPECT_EQ(back->context, seq.context);
  EXPECT_EQ(back->input, "{\"x\":1}");
  EXPECT_EQ(registry.sequenceRuns().size(), 1u);
}

// A journal written before batches, registries and timelines existed has only the runs' tables:
// each store creates its own when the journal is opened again, and what was in it stays.
TEST(JournalStoresTest, AnOlderJournalGainsTheTablesOfLaterStores) {
  TempDir dir;
  std::string path = (dir.path() / "j.db").string();
  {
    JournalFile file(path, SyncMode::Normal);
    file.runs().create("old", identity(), "{\"kept\":true}", 1, "1:1");
  }
  exec(path, "DROP TABLE batch_lines; DROP TABLE batches; DROP TABLE registry_runs; DROP TABLE sequence_runs; "
             "DROP TABLE run_timelines;");
  JournalFile file(path, SyncMode::Normal);
  ASSERT_TRUE(file.runs().find("old"));
  EXPECT_EQ(file.runs().find("old")->input, "{\"kept\":true}");
  file.batches().create(batch("b"));
  EXPECT_TRUE(file.batches().find("b"));
  file.registry().recordMemberRun("old", "w", "s", std::nullopt, std::nullopt, std::nullopt);
  EXPECT_TRUE(file.registry().memberRun("old"));
  file.timelines().record(file.runs().find("old")->seq, "{}\n");
  EXPECT_EQ(file.timelines().of(file.runs().find("old")->seq), "{}\n");
}

// A journal made before run_counts gets it when opened, its runs counted once; the counts follow
// from then on.
TEST(JournalStoresTest, AnOlderJournalHasItsRunsCountedWhenOpened) {
  TempDir dir;
  std::string path = (dir.path() / "j.db").string();
  {
    JournalFile file(path, SyncMode::Normal);
    int64_t done = file.runs().create("done", identity(), "{}", 1, "1:1");
    file.runs().finish(done, RunStatus::Failed, std::nullopt, 1, "boom", std::nullopt, 2);
    file.runs().create("running", identity(), "{}", 3, "1:1");
  }
  exec(path, "DROP TRIGGER run_counts_insert; DROP TRIGGER run_counts_update; DROP TRIGGER run_counts_delete; "
             "DROP TABLE run_counts; UPDATE runs SET status = 'succeeded' WHERE id = 'done';");
  JournalFile file(path, SyncMode::Normal);
  std::map<std::string, int64_t> counts = runCounts(path);
  EXPECT_EQ(counts["succeeded"], 1);
  EXPECT_EQ(counts["running"], 1);
  EXPECT_EQ(counts["failed"], 0);
  file.runs().create("new", identity(), "{}", 4, "1:1");
  EXPECT_EQ(runCounts(path)["running"], 2);
}

}  // namespace
}  // namespace wfc::journal

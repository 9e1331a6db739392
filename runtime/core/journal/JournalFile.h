// The journal file (docs/journal.md): an SQLite database in WAL mode holding the runs of one
// pack — each run's identity, input, status and times; every completed step's output; the
// failed attempts of steps; every completed LLM exchange; every completed tool call with its
// idempotency key and result; every completed workflow state visit. Several processes may share
// one file: each write is one short transaction, and a writer waits up to 30 s for another.
//
// Thread-safe: one connection, one mutex. Every write is committed before it returns, so what a
// caller recorded survives the process being killed (with sync Full, a power loss too); writes
// from several threads at once share a commit.
#pragma once

#include "core/journal/Checkpointer.h"
#include "core/journal/ProgramIdentity.h"

#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

struct sqlite3;

namespace wfc::sqlite {
class Statement;
}

namespace wfc::journal {

enum class SyncMode { Normal, Full };

// A run's row.
struct RunRow {
  int64_t seq = 0;  // the row's key in the file; other tables refer to the run by it
  std::string id;
  ProgramIdentity identity;
  std::string input;   // JSON
  std::string status;  // running, succeeded, failed, suspended, cancelled
  int64_t startedMs = 0;
  std::optional<int64_t> finishedMs;
  std::optional<std::string> output;  // JSON, once succeeded
  std::optional<int64_t> exitCode;
  std::string error;
  std::optional<std::string> awaiting;  // JSON {state, visit, events}, while suspended
  std::string owner;                    // "PID:START" of the process that runs it
};

// A step that completed: its output (ok), or its wfc.on_error recovery (recovered; output is
// the fallback value, or null when a fallback step stands in).
struct StepRow {
  bool recovered = false;
  std::string output;  // JSON
  std::string error;
  unsigned attempts = 1;
};

// A tool call that completed, successfully or not.
struct ToolCallRow {
  std::string key;   // the idempotency key: RUN/STEP/ATTEMPT[/SUFFIX]
  std::string step;  // the step path
  std::string tool;
  std::string args;  // JSON
  bool ok = true;
  std::string result;     // JSON, when ok
  std::string errorKind;  // failed, invalid_json, exhausted, usage
  std::string error;
};

// A workflow state visit that completed: what it produced and the run's workflow value
// ({context, artifacts}) right after it.
struct VisitRow {
  std::string output;  // JSON
  bool hasEvent = false;
  std::string event;
  std::string context;   // JSON
  std::string workflow;  // JSON
};

// What a run recorded before this process, loaded once when it resumes.
struct RunHistory {
  std::unordered_map<std::string, StepRow> steps;            // by step path
  std::unordered_map<std::string, unsigned> failedAttempts;  // by step path: how many
  std::unordered_map<std::string, std::string> exchanges;    // by ExchangeKey::str(): the reply (JSON)
  std::unordered_map<std::string, ToolCallRow> toolCalls;    // by idempotency key
  std::unordered_map<std::string, VisitRow> visits;          // by visit path
};

// A workflow registry's run of one of its workflows (docs/registry.md), with its status.
struct MemberRunRow {
  std::string run, workflow, status;
  std::string scope;  // memberRun() only
  std::optional<std::string> user;
};

// A run of a registry's sequence: where it is, the context its transitions gathered, its state.
struct SequenceRunRow {
  std::string id, sequence, scope;
  std::optional<std::string> user;
  std::string input;       // JSON: what every workflow of the sequence starts from
  std::string context;     // JSON object: the context variables chosen transitions seeded
  int64_t position = 0;    // the step of the sequence it is at (0-based)
  std::string status;      // running, succeeded, failed, suspended, cancelled
  std::optional<std::string> awaiting;  // JSON {transition, events}, while suspended
  std::string output = "{}";            // JSON object: each completed workflow's output
  std::string error;
  std::optional<int64_t> exitCode;
  int64_t startedMs = 0;
  std::optional<int64_t> finishedMs;
  std::string owner;  // "PID:START" of the process running it, while running
};

// A batch (docs/batch.md): one run per line of a JSON Lines input, the program that runs them,
// and the input it reads, so that a resume reads the same.
struct BatchRow {
  std::string id;
  ProgramIdentity identity;
  std::string input;        // the input file's path, absolute ("-": standard input)
  std::string inputSha256;  // of the input's bytes
  int64_t lines = 0;        // the lines it runs: not blank, in its shard
  int64_t shardIndex = 0, shardCount = 1;
  std::string status;  // running, finished, cancelled, failed
  int64_t startedMs = 0;
  std::optional<int64_t> finishedMs;
  std::string owner;  // "PID:START" of the process running it, while running
};

// One line of a batch: its run, and once it finished, its result line.
struct BatchLineRow {
  int64_t line = 0;                   // the line's 0-based index in the input
  std::optional<std::string> run;     // the run's id (none for a line that was not an input)
  std::string status;                 // running, succeeded, failed, suspended
  std::optional<std::string> result;  // the output line (JSON), once finished
};

class JournalFile {
 public:
  // Opens `path`, creating it (and its schema) when it does not exist. Throws wfc::Error(Usage)
  // naming the file and what is wrong: unwritable, a directory, not an SQLite database, an
  // SQLite database of something else, a journal of a newer format.
  JournalFile(const std::string &path, SyncMode sync);
  ~JournalFile();
  JournalFile(const JournalFile &) = delete;
  JournalFile &operator=(const JournalFile &) = delete;

  const std::string &path() const { return path_; }

  // The journal holds the runs of one pack: a new journal is claimed for `pack`; another pack's
  // is refused (wfc::Error(Usage), naming both).
  void claimPack(const std::string &pack);

  // Runs. Writes throw wfc::Error(StepFailed) "cannot write journal 'PATH': why".
  int64_t createRun(const std::string &id, const ProgramIdentity &identity, const std::string &input,
                    int64_t startedMs, const std::string &owner);
  std::optional<RunRow> findRun(const std::string &id);
  std::vector<RunRow> runs();
  // Marks a run running again for `owner`, unless `isAlive(owner)` says its current owner still
  // runs it: then returns that owner and changes nothing.
  std::optional<std::string> reopenRun(int64_t seq, const std::string &owner, bool (*isAlive)(const std::string &));
  void finishRun(int64_t seq, const std::string &status, const std::optional<std::string> &output,
                 std::optional<int64_t> exitCode, const std::string &error,
                 const std::optional<std::string> &awaiting, int64_t finishedMs);
  RunHistory history(int64_t seq);
  // Serve mode (docs/serve.md): the newest runs first, those with `status` only when given, at
  // most `limit`, older than run `beforeSeq` when given; how many runs have each status.
  std::vector<RunRow> recentRuns(const std::optional<std::string> &status, int64_t limit,
                                 std::optional<int64_t> beforeSeq);
  std::vector<std::pair<std::string, int64_t>> countRunsByStatus();
  // A served run's trace lines (JSON lines) for its timeline page, one segment per time it ran
  // (it runs again when resumed); all of them in order.
  void recordTimeline(int64_t seq, const std::string &lines);
  std::string timeline(int64_t seq);
  int64_t toolCallCount(int64_t seq);

  // What steps, attempts, exchanges, calls and visits recorded; each is one transaction.
  // `call`, when given, is committed with the step or attempt (a tool step's one call): a
  // successful one in the step's own row (its result is the step's output, so `call->result` is
  // not read), a failed one in tool_calls.
  void recordStep(int64_t seq, const std::string &path, const StepRow &step, const std::optional<std::string> &cacheKey,
                  const ToolCallRow *call);
  void recordFailedAttempt(int64_t seq, const std::string &path, unsigned attempt, const std::string &kind,
                           const std::string &error, const ToolCallRow *call);
  void recordExchange(int64_t seq, const std::string &key, const std::string &step, std::optional<int64_t> item,
                      unsigned round, unsigned attempt, const std::string &prompt, const std::string &reply);
  void recordToolCall(int64_t seq, const ToolCallRow &call);
  void recordVisit(int64_t seq, const std::string &path, const std::string &state, unsigned visit, const VisitRow &row);
  // wfc.cache: the output of the most recent step (of any run) recorded with `cacheKey`.
  std::optional<std::string> findCached(const std::string &cacheKey);

  // Workflow registries (docs/registry.md). A run of workflow `workflow` for `scope` (and user),
  // as part of a sequence run's step `position` or alone.
  void recordMemberRun(const std::string &runId, const std::string &workflow, const std::string &scope,
                       const std::optional<std::string> &user, const std::optional<std::string> &sequenceRun,
                       std::optional<int64_t> position);
  // Some run of `workflow` in `scope` (by `user`, when given) that succeeded: its id.
  std::optional<std::string> completedRun(const std::string &workflow, const std::string &scope,
                                          const std::optional<std::string> &user);
  // Which workflow (scope, user) a run ran, if it is a registry's.
  std::optional<MemberRunRow> memberRun(const std::string &runId);
  // The runs a sequence run made at one of its steps, oldest first.
  std::vector<MemberRunRow> memberRuns(const std::string &sequenceRun, int64_t position);
  void createSequenceRun(const SequenceRunRow &row);
  void updateSequenceRun(const SequenceRunRow &row);
  std::optional<SequenceRunRow> findSequenceRun(const std::string &id);
  std::vector<SequenceRunRow> sequenceRuns();

  // Batches (docs/batch.md). A batch's row, its lines' rows as each starts and finishes.
  void createBatch(const BatchRow &row);
  std::optional<BatchRow> findBatch(const std::string &id);
  // Marks a batch running for `owner`, unless `isAlive(owner)` says its current owner still runs
  // it: then returns that owner and changes nothing.
  std::optional<std::string> reopenBatch(const std::string &id, const std::string &owner,
                                         bool (*isAlive)(const std::string &));
  void finishBatch(const std::string &id, const std::string &status, int64_t finishedMs);
  // The rows of the batch's lines from `fromLine` on, in line order, at most `limit` of them.
  std::vector<BatchLineRow> batchLines(const std::string &batch, int64_t fromLine, size_t limit);
  int64_t finishedBatchLines(const std::string &batch);
  void startBatchLine(const std::string &batch, int64_t line, const std::string &run);
  void finishBatchLine(const std::string &batch, int64_t line, const std::optional<std::string> &run,
                       const std::string &status, const std::string &result);

 private:
  struct Statements;
  struct Pending;
  // Runs `fn` in an IMMEDIATE transaction — its own, or one it shares with the records other
  // threads write at the same moment (commitQueued) — and returns once it is committed; rolled
  // back when it throws. SQLite errors become wfc::Error "cannot write journal 'PATH': …".
  template <typename Fn>
  void write(Fn &&fn);
  void commitQueued(std::unique_lock<std::mutex> &queueLock);
  template <typename Fn>
  auto read(Fn &&fn) -> decltype(fn());
  void insertToolCall(int64_t seq, const ToolCallRow &call, int64_t now);
  // Opens the connection, puts it in WAL mode, creates or checks the schema. Throws SqliteError.
  void open(SyncMode sync);
  void createSchema();

  std::string path_;
  sqlite3 *db_ = nullptr;
  std::unique_ptr<Statements> s_;
  std::mutex mutex_;  // the connection
  // Group commit: records waiting, whether a commit is in progress, and a spare vector.
  std::mutex queueMutex_;
  std::condition_variable committed_;
  std::vector<Pending *> queue_, spare_;
  bool committing_ = false;
  Checkpointer checkpointer_;
  bool restartLog_ = false;  // set by the commit's wal hook, under mutex_
};

// Unix time in milliseconds.
int64_t nowMs();

}  // namespace wfc::journal

// The runs of a journal (docs/journal.md): each run's identity, input, status and times, and what
// it completed — every step's output, the failed attempts of steps, every LLM exchange, every tool
// call with its idempotency key and result, every workflow state visit — so that a resumed run
// repeats none of it. Writes throw wfc::Error(StepFailed) "cannot write journal 'PATH': why".
#pragma once

#include "core/cost/SpendBudget.h"
#include "core/journal/JournalFile.h"
#include "core/journal/ProgramIdentity.h"
#include "core/journal/RunStatus.h"

#include <cstdint>
#include <memory>
#include <mutex>
#include <set>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace wfc::journal {

// A run's row.
struct RunRow {
  int64_t seq = 0;  // the row's key in the file; other tables refer to the run by it
  std::string id;
  ProgramIdentity identity;
  std::string input;  // JSON
  RunStatus status = RunStatus::Running;
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

// A turn of a journaled conversation (docs/journal.md "Journaled chats"): what the user sent,
// recorded before the turn runs, and how the turn ended.
struct ChatTurnRow {
  unsigned turn = 0;
  std::string owner;  // the conversation: a chat task's name, or "workflow"
  std::string input;  // JSON: {"message", "variables"?, "media"?} as the turn's line gave it
  enum class Status { Running, Ok, Failed } status = Status::Running;
};

// What a run recorded before this process, loaded once when it resumes.
struct RunHistory {
  std::unordered_map<std::string, StepRow> steps;            // by step path
  std::unordered_map<std::string, unsigned> failedAttempts;  // by step path: how many
  std::unordered_map<std::string, std::string> exchanges;    // by ExchangeKey::str(): the reply (JSON)
  std::unordered_map<std::string, ToolCallRow> toolCalls;    // by idempotency key
  std::unordered_map<std::string, VisitRow> visits;          // by visit path
  std::vector<ChatTurnRow> chatTurns;                         // a conversation's, in turn order
};

class RunStore {
 public:
  explicit RunStore(JournalFile &file);
  ~RunStore();
  // Its tables: created with a new journal (they are the journal's first format).
  static void migrate(sqlite3 *db, bool newJournal);

  int64_t create(const std::string &id, const ProgramIdentity &identity, const std::string &input, int64_t startedMs,
                 const std::string &owner);
  std::optional<RunRow> find(const std::string &id);
  std::vector<RunRow> all();  // oldest first
  // Marks a run running again for `owner`, unless `isAlive(owner)` says its current owner still
  // runs it: then returns that owner and changes nothing.
  std::optional<std::string> reopen(int64_t seq, const std::string &owner, bool (*isAlive)(const std::string &));
  void finish(int64_t seq, RunStatus status, const std::optional<std::string> &output, std::optional<int64_t> exitCode,
              const std::string &error, const std::optional<std::string> &awaiting, int64_t finishedMs);
  RunHistory history(int64_t seq);
  // Serve mode (docs/serve.md): the newest runs first, those with `status` only when given, at
  // most `limit`, older than run `beforeSeq` when given; how many runs have each status (those
  // that some run has), read from the counts the file keeps (no scan of the runs).
  std::vector<RunRow> recent(std::optional<RunStatus> status, int64_t limit, std::optional<int64_t> beforeSeq);
  std::vector<std::pair<RunStatus, int64_t>> countByStatus();
  int64_t toolCallCount(int64_t seq);
  // What the run's LLM exchanges spent, as each was journaled (docs/cost.md "Spend").
  cost::Spend spend(int64_t seq);
  // Serve mode: counts one more time that a server found the run interrupted (running, its
  // process gone) and returns the count — recorded before the run is resumed, so that a run whose
  // resumption takes the server down again is not resumed for ever (docs/serve.md).
  int64_t countInterruption(int64_t seq);

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
  void recordChatTurn(int64_t seq, const ChatTurnRow &turn);  // as it starts
  void endChatTurn(int64_t seq, unsigned turn, bool ok);
  // The conversation run `seq` holds (its turns' owner), or nullopt when it has no turn.
  std::optional<std::string> chatOwner(int64_t seq);
  // Versions (docs/journal.md "Versions"): the step table of program `program` (its identity
  // hash), as the first run of it recorded it; every path run `seq` recorded anything under (a
  // step, a failed attempt, an exchange, a tool call, a visit); and run `seq` handed to the
  // program `identity` names, which resumes it.
  std::optional<std::string> stepTable(const std::string &program);
  std::vector<std::string> recordedPaths(int64_t seq);
  void adopt(int64_t seq, const ProgramIdentity &identity);
  // A fork (docs/journal.md "Fork and redrive"): what run `from` recorded under each of `paths` —
  // step rows, failed attempts, exchanges, tool calls — recorded again as run `to`'s, in one
  // transaction.
  void copyRows(int64_t from, int64_t to, const std::vector<std::string> &paths);

  // wfc.cache: the output of the most recent step (of any run) recorded with `cacheKey`.
  std::optional<std::string> findCached(const std::string &cacheKey);

 private:
  struct Statements;
  void insertToolCall(int64_t seq, const ToolCallRow &call, int64_t now);

  JournalFile &file_;
  std::unique_ptr<Statements> s_;
};

}  // namespace wfc::journal

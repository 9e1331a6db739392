// One run of a compiled program, from its input to its outcome: the exit code, the output or
// the error, and what the trace and the report say of it (docs/executable.md). The executable's
// normal run and each tools/call of its MCP server (docs/mcp-server.md) run through here, so
// they share one meaning of exit codes, cancellation, budgets, the journal and the trace.
#pragma once

#include "core/chat/TurnMedia.h"
#include "core/cost/PriceTable.h"
#include "core/cost/SpendBudget.h"
#include "core/journal/JournalFile.h"
#include "core/journal/ProgramIdentity.h"
#include "core/journal/RunStatus.h"
#include "core/journal/RunStore.h"
#include "core/run/EvalRecord.h"
#include "core/run/Run.h"
#include "core/workflow/EventFile.h"
#include "core/workflow/StateMachine.h"
#include "wfc/cancellation.h"
#include "wfc/program.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace wfc {

class ToolTable;
class Trace;

// What the runs of one executable share, set up once (RunSetup.h).
struct RunEnvironment {
  const ProgramDecl &program;
  const ToolTable &tools;
  std::string self;  // the executable's name, for warnings on stderr
  Trace *trace = nullptr;
  llm::Provider *provider = nullptr;
  std::string model;
  unsigned maxConcurrency = 64;
  uint64_t timeoutMs = 0;  // --timeout: each run's wall-clock limit (0: none), exit 3
  // --journal (docs/journal.md): where each run is recorded, and the program's identity there.
  journal::JournalFile *journal = nullptr;
  journal::ProgramIdentity identity;
  // Signals that interrupt the runs (exit 128 + N); null when none are caught.
  const SignalCancellation *signals = nullptr;
  // docs/cost.md: each run's spending limits (--max-cost, --max-tokens) when a request brings no
  // budget of its own, and the models' prices (null: none known).
  cost::BudgetLimits budget;
  const cost::PriceTable *prices = nullptr;
};

// One run: its input and how it is watched.
struct RunRequest {
  Value input;
  // The run's own trace (a served run's: its trace id, its timeline, docs/serve.md), used instead
  // of the environment's when given.
  Trace *trace = nullptr;  // checked against the input_schema already (RunSetup.h's checkRunInput)
  CancellationToken cancel;
  // When the run began, for engine.budget.max_wall_time_sec (the process's start for a normal
  // run, the request's for an MCP call).
  std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
  const ChatTaskDecl *task = nullptr;  // a chat program's task: one turn on the input
  // Whether the turn's media may name files: not for a served run or an MCP call (core/chat/TurnMedia.h).
  chat::MediaFiles mediaFiles = chat::MediaFiles::Read;
  std::optional<journal::RunRow> resumed;  // --resume: the run continued
  std::optional<workflow::EventFile> events;  // --events, and --event first
  bool progress = false;     // the progress line on stderr
  bool keepRecords = false;  // the outcome lists steps, evals, validations (--report)
  std::function<void(const StepRecord &, size_t stepsDone)> onStep;  // as each step finishes
  // Once the run has its id (and, with a journal, its row), before anything runs: a registry
  // records which workflow and scope the run is for (docs/registry.md).
  std::function<void(const std::string &runId)> onStarted;
  // A budget shared with other runs (a batch's, docs/cost.md "Budgets"), used instead of one of
  // the run's own from the environment's limits.
  cost::SpendBudget *budget = nullptr;
  // The pack's agents as a2a__ tools (core/conversation/AgentTools.h): a served run's.
  llm::AgentTools *agentTools = nullptr;
  // Runs instead of the program's entry (a chat's --chat conversation, which prints its replies
  // itself): the output, or nullopt when there is none to print.
  std::function<std::optional<Value>(Run &run, const CancellationToken &cancel, const std::string &rootSpan)> body;
};

// Cancellation reasons that start with this stop a run to be continued later (a server's drain,
// docs/serve.md): the run is recorded suspended, awaiting no event, and a --resume (or the next
// server on the journal) continues it. Exit 4, as for any suspended run.
inline constexpr const char *kSuspendReason = "suspend";

struct RunOutcome {
  // False when the run could not start (its journal could not be opened): `code` and `error`
  // say why, and there is nothing to trace or report.
  bool started = true;
  int code = 0;  // docs/executable.md's exit codes
  journal::RunStatus status = journal::RunStatus::Succeeded;  // succeeded, failed, cancelled, suspended
  std::string error;
  // The output: of a successful run, or of a failure that still has one (FailureWithOutput).
  std::optional<Value> output;
  std::string runId;
  std::string traceId;  // the run's trace's, when it has one
  bool resumed = false;
  double durationMs = 0;
  uint64_t toolCalls = 0, promptTokens = 0, completionTokens = 0;
  cost::Spend spend;  // the run's LLM spend, a resumed run's before this process included (docs/cost.md)
  // With keepRecords:
  std::vector<StepRecord> steps;
  std::vector<evals::EvalRecord> evals;
  std::vector<evals::ValidationRecord> validations;
  std::vector<workflow::VisitRecord> visits;
};

// Runs the program to its outcome; writes the run's trace lines and, with a journal, its row.
// Does not throw: every failure is the outcome's code and error.
RunOutcome executeRun(const RunEnvironment &env, RunRequest request);

// --report's JSON for an outcome kept with keepRecords (docs/executable.md "--report").
nlohmann::ordered_json runReport(const RunEnvironment &env, const RunOutcome &outcome);

// What a run runs, for the trace and the report: the composition's name, or null for a workflow
// (whose states the report lists) or a chat program.
nlohmann::ordered_json runsWhat(const ProgramDecl &program);

}  // namespace wfc

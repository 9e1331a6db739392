// One run of a compiled workflow: what every composition frame of the run shares — the program,
// the bound tools, the worker threads, the timers, the trace, the run id that idempotency keys
// start with, and the per-step records the --report summarizes.
#pragma once

#include "core/cost/PriceTable.h"
#include "core/cost/SpendBudget.h"
#include "core/llm/Provider.h"
#include "core/run/EvalRecord.h"
#include "core/run/CompositionRecord.h"
#include "core/run/WorkflowProgress.h"
#include "core/trace/Trace.h"
#include "support/Deadlines.h"
#include "support/SchemaValidator.h"
#include "support/WorkerPool.h"
#include "wfc/error.h"
#include "wfc/program.h"
#include "wfc/tool.h"

#include <atomic>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace wfc {

class ToolTable;
namespace tools {
class ToolBinding;
}
namespace journal {
class RunJournal;
struct ToolCallRow;
}
namespace llm {
class AgentTools;
}

// A schema compiled on first use: most runs never check most schemas (compiled-in proofs skip
// tool arguments), and compiling one costs more than a hundred steps.
class LazySchema {
 public:
  explicit LazySchema(const char *json) : json_(json) {}
  const SchemaValidator *get() const;  // null when there is no schema

 private:
  const char *json_;
  mutable std::once_flag once_;
  mutable std::unique_ptr<SchemaValidator> validator_;
};

// What the report says of one step (or one attempt-less skip).
struct StepRecord {
  std::string step;  // its path: "call__inner" inside a subflow call
  const char *kind = "";
  std::string status;  // "ok", "failed", "skipped", "cancelled", "recovered"
  unsigned attempts = 0;
  double durationMs = 0;
  std::string error;
  bool resumed = false;     // served from the journal: it completed before the run resumed
  const char *cache = "";   // wfc.cache steps: "hit", "miss", or "off" (no --journal)
};

// Cancellation reasons that start with this are budget exhaustion (exit 3), not a signal.
inline constexpr const char *kBudgetReason = "engine.budget";

class Run {
 public:
  struct Options {
    unsigned maxConcurrency = 64;
    bool progress = false;  // a live "N steps done" line on stderr (a TTY, without --quiet)
    bool keepRecords = true;  // per-step records, for --report
    llm::Provider *provider = nullptr;  // prompt and agent steps' LLM (null: the program has none)
    std::string model;                  // sent with every request
    // --journal (docs/journal.md): where the run records what completes, and what it recorded
    // before when it resumes. Null without --journal: then nothing is looked up or written.
    journal::RunJournal *journal = nullptr;
    std::string runId;  // a resumed run keeps its id (and so its idempotency keys); empty: a new one
    uint64_t toolCallsBefore = 0;  // a resumed run's tool calls so far (engine.budget.max_tool_calls)
    // Called as each step finishes (an MCP client's progress notifications, docs/mcp-server.md),
    // with the number of steps finished so far; calls are in that order, never at once.
    std::function<void(const StepRecord &record, size_t stepsDone)> onStep;
    // docs/cost.md: the budget every LLM request reserves against (null: none; a batch's is shared
    // by its runs), the prices that make tokens dollars (null: none known), and what a resumed run
    // had spent before this process.
    cost::SpendBudget *budget = nullptr;
    const cost::PriceTable *prices = nullptr;
    cost::Spend spendBefore;
    // The pack's agents as its conversations' a2a__ tools (core/conversation/AgentTools.h), when
    // the host serves them; null: none are offered.
    llm::AgentTools *agentTools = nullptr;
  };

  Run(const ProgramDecl &program, const ToolTable &tools, Trace *trace, Options options, CancellationToken cancel);

  // Checks `input` against composition `composition`'s input_schema; the message when it fails.
  std::optional<std::string> checkInput(int composition, const Value &input) const;
  // Throws when `output` does not match composition `composition`'s output_schema.
  void checkOutput(int composition, const Value &output) const;

  // One call of a tool from a step attempt.
  // `checkArgs`: validate against the tool's parameters (false when the compiler proved them).
  // `keySuffix` tells apart the calls of one attempt (an agent's: "r2c1" for round 2's first
  // call); it extends the idempotency key `run/step/attempt`.
  // With a journal, a call the run completed before it resumed is answered from the journal, and
  // a completed call is recorded — at once, or, given `deferred`, left there for the caller to
  // record with its step (a tool step's one call: one transaction, docs/journal.md).
  // `modelCallId`: the model's id of the call (an agent's), for the trace (docs/observability.md).
  Value callTool(int tool, const Value &args, bool checkArgs, const std::string &stepPath, unsigned attempt,
                 const CancellationToken &cancel, const std::string &parentSpan, const std::string &keySuffix = "",
                 std::unique_ptr<journal::ToolCallRow> *deferred = nullptr, const std::string &modelCallId = "",
                 std::string_view workingDir = {});
  bool isBound(int tool) const { return bindings_[tool] != nullptr; }

  // The validator of a schema of the program (JSON text with static storage), compiled on
  // first use and shared; null for a null schema.
  const SchemaValidator *schema(const char *json);
  llm::Provider *provider() const { return provider_; }
  const std::string &model() const { return model_; }
  // The model a call on provider key `key` names (RFC 0017; docs/bindings.md "Providers"): the
  // one its binding names, else the run's. `key` null or "default": the run's.
  const std::string &modelFor(const char *key) const {
    if (key && provider_)
      if (const std::string *bound = provider_->boundModel(key)) return *bound;
    return model_;
  }
  // One answered LLM request's spend: its tokens, and its dollars when its model has a price.
  void addSpend(const cost::Spend &spend) {
    promptTokens_ += spend.inputTokens;
    completionTokens_ += spend.outputTokens;
    std::lock_guard lock(spendMutex_);
    spend_ += spend;
  }
  // What the run has spent, a resumed run's spend before this process included.
  cost::Spend spend() const {
    std::lock_guard lock(spendMutex_);
    return spend_;
  }
  cost::SpendBudget *budget() const { return budget_; }
  const cost::PriceTable *prices() const { return prices_; }
  llm::AgentTools *agentTools() const { return agentTools_; }
  uint64_t promptTokens() const { return promptTokens_.load(); }
  uint64_t completionTokens() const { return completionTokens_.load(); }

  // The workflow's context and artifacts as `${workflow…}` reads them: {"context": …,
  // "artifacts": {…}}. The state machine sets it between states, when no step runs.
  const Value &workflow() const { return workflow_; }
  void setWorkflow(Value workflow) { workflow_ = std::move(workflow); }
  bool runsWorkflow() const { return program_.workflow != nullptr; }
  // Where the workflow is, for the workflow eval types; the state machine sets it between
  // states, when no step runs.
  const WorkflowProgress &workflowProgress() const { return workflowProgress_; }
  WorkflowProgress &workflowProgress() { return workflowProgress_; }
  // What its compositions' steps, branches and parallel blocks did (the composition_* evals).
  CompositionRecord &compositionRecord() { return compositionRecord_; }

  const ProgramDecl &program() const { return program_; }
  const std::string &runId() const { return runId_; }
  journal::RunJournal *journal() const { return journal_; }
  Trace *trace() const { return trace_; }
  std::string newSpanId() { return trace_ ? trace_->newSpanId() : std::string(); }
  WorkerPool &pool() { return pool_; }
  Deadlines &deadlines() { return deadlines_; }

  // Whether step records are wanted (--report, the progress line or onStep): callers skip
  // building them.
  bool recording() const { return keepRecords_ || progress_ || onStep_; }
  void record(StepRecord record);
  void clearProgress() const;
  std::vector<StepRecord> records() const;
  // The evals run after step attempts, for --report (docs/evals.md).
  void recordEval(evals::EvalRecord record) {
    if (!keepRecords_) return;
    std::lock_guard lock(recordsMutex_);
    evalRecords_.push_back(std::move(record));
  }
  void recordValidation(evals::ValidationRecord record) {
    if (!keepRecords_) return;
    std::lock_guard lock(recordsMutex_);
    validationRecords_.push_back(std::move(record));
  }
  std::vector<evals::ValidationRecord> validationRecords() const {
    std::lock_guard lock(recordsMutex_);
    return validationRecords_;
  }
  std::vector<evals::EvalRecord> evalRecords() const {
    std::lock_guard lock(recordsMutex_);
    return evalRecords_;
  }
  uint64_t toolCalls() const { return toolCalls_.load(); }

 private:
  // What the journal keeps of a completed call (a cancelled one is not completed: on a resume it
  // is made again, with the same key): recorded now, or left in `deferred` for the step's record.
  void journalCall(const std::string &key, const std::string &stepPath, const ToolDecl &tool, const Value &args,
                   const Value *result, const Error *error, std::unique_ptr<journal::ToolCallRow> *deferred);

  const ProgramDecl &program_;
  std::vector<const tools::ToolBinding *> bindings_;  // by tool index, looked up once
  Trace *trace_;
  CancellationToken cancel_;
  std::string runId_;
  WorkerPool pool_;
  Deadlines deadlines_;
  // Compiled once: composition input/output schemas and tool parameter schemas.
  std::deque<LazySchema> inputSchemas_, outputSchemas_, toolSchemas_;
  mutable std::mutex recordsMutex_;
  std::vector<StepRecord> records_;
  std::atomic<uint64_t> toolCalls_{0};
  std::atomic<uint64_t> promptTokens_{0}, completionTokens_{0};
  mutable std::mutex spendMutex_;
  cost::Spend spend_;
  cost::SpendBudget *budget_ = nullptr;
  const cost::PriceTable *prices_ = nullptr;
  llm::AgentTools *agentTools_ = nullptr;
  bool progress_ = false;
  bool keepRecords_ = true;
  std::function<void(const StepRecord &, size_t)> onStep_;
  size_t recorded_ = 0;
  llm::Provider *provider_ = nullptr;
  std::string model_;
  journal::RunJournal *journal_ = nullptr;
  Value workflow_;
  WorkflowProgress workflowProgress_;
  CompositionRecord compositionRecord_;
  std::mutex schemasMutex_;
  std::unordered_map<const char *, std::unique_ptr<LazySchema>> schemas_;
  std::vector<evals::EvalRecord> evalRecords_;
  std::vector<evals::ValidationRecord> validationRecords_;
};

}  // namespace wfc

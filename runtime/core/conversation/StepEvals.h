// Runs a step's evals after a successful attempt (docs/evals.md, docs/evals.md). Each eval
// looks at the attempt's output (or, latency_budget, its duration), is scored, and is compared
// with its threshold; every result is an `eval` trace line and a report entry. A failure is a
// warning on stderr — unless the eval gates (params.gate: true), which fails the attempt: then
// retry and wfc.on_error apply as to any failed attempt. The evals are part of the attempt: they
// run inside its wfc.timeout_ms and are cancelled with it.
#pragma once

#include "core/cost/SpendBudget.h"
#include "core/evals/Verdict.h"
#include "core/llm/Provider.h"
#include "core/run/AttemptLog.h"
#include "core/run/WorkflowProgress.h"
#include "wfc/cancellation.h"
#include "wfc/program.h"

#include <optional>
#include <string>

namespace wfc {
class Run;
}

namespace wfc::evals {

struct EvaluatedAttempt {
  Run &run;
  const StepDecl &step;
  const std::string &path;  // the step path: "call__summarize"
  unsigned attempt;
  std::optional<int64_t> item;  // wfc.foreach item index
  double durationMs;            // the attempt's, up to its output (what latency_budget measures)
  const CancellationToken &cancel;
  const std::string &span;      // the attempt's span: parent of the eval lines and judge exchanges
  // The tool calls the evals look at: the attempt's (a turn's); a session eval's, the
  // conversation's. And the verdicts of the validators on the attempt's messages.
  const std::vector<ToolCallRecord> &calls;
  const std::vector<GuardrailVerdict> &verdicts;
  // What the attempt's LLM calls spent (what cost_budget measures); null: nothing.
  const cost::Spend *spend = nullptr;
  // Where the run's workflow is (the workflow types read it); null: the program runs none.
  const WorkflowProgress *workflow = nullptr;
  // The conversation the judge, RAG and external types read (a session eval's: the whole
  // conversation) and the variables of its prompt; null: none (a validator's, a code step's).
  const std::vector<TranscriptMessage> *transcript = nullptr;
  const Value *variables = nullptr;
};

// The names of the calls that succeeded, once per call: what tools_called, tools_not_called and
// `when` count.
std::vector<std::string> succeededCalls(const std::vector<ToolCallRecord> &calls);

// "contains", "llm_judge", …: the type's canonical name; of an eval, a named type's name too.
const char *spell(EvalType type);
const char *spell(const EvalDecl &eval);

// One eval's verdict on `output` (`text`: its text, outputText(output)) by its type's own rule,
// before any threshold; throws wfc::Error when it cannot be evaluated (a judge that does not
// answer).
Verdict scoreEval(const EvaluatedAttempt &a, const EvalDecl &eval, const Value &output, const std::string &text,
                  std::string &rationale);

// Throws wfc::Error(StepFailed) naming the first gating eval that failed, after all have run;
// a cancellation while judging propagates.
void runStepEvals(const EvaluatedAttempt &a, const Value &output);

}  // namespace wfc::evals

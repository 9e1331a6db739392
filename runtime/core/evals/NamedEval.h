// The eval types the runtime runs by name (EvalType::Named; docs/evals.md "Types"): PromptKit's
// handlers of the same names, each reading its params as the compiler checked them and what the
// attempt did — its output, its tool calls, its validators' verdicts, where its workflow is. A type no handler runs is one
// a PromptKit host defines: the eval is reported skipped.
#pragma once

#include "core/evals/EmbedCall.h"
#include "core/evals/JudgeCall.h"
#include "core/evals/Verdict.h"
#include "core/run/AttemptLog.h"
#include "core/run/CompositionRecord.h"
#include "core/run/WorkflowProgress.h"
#include "wfc/cancellation.h"
#include "wfc/program.h"

#include <nlohmann/json.hpp>

#include <functional>

#include <string>
#include <string_view>
#include <vector>

namespace wfc::evals {

// Runs the pack's tool `tool` (as the run binds it) with `args` within `timeoutMs`: its result;
// throws wfc::Error when it fails, is not bound or is not a tool of the pack.
using ToolRunner = std::function<Value(const std::string &tool, const Value &args, long timeoutMs)>;

struct NamedEvalInput {
  const EvalDecl &eval;
  const nlohmann::ordered_json &params;  // EvalDecl::params, parsed
  const Value &output;
  const std::string &text;  // outputText(output)
  const std::vector<ToolCallRecord> &calls;
  const std::vector<GuardrailVerdict> &verdicts;
  const WorkflowProgress *workflow;  // null: the program runs no workflow
  // The conversation (a session eval's: all of it; empty for a validator) and its prompt's variables.
  const std::vector<TranscriptMessage> &transcript;
  const Value &variables;
  const JudgeCall &judge;            // asks the run's judge (the judged types)
  const EmbedCall &embed;            // asks the run's provider for embeddings (cosine_similarity)
  const ToolRunner &runTool;         // tool_exec
  const CompositionRecord *composition;  // the run's; null for a chat
  const CancellationToken &cancel;   // the attempt's (the external types' requests)
  std::string &rationale;            // the judge's or scorer's reasoning, for the trace and report
};

// A handler scores as PromptKit's does (its score and its pass rule: a score of 1 passes); it
// throws wfc::Error when it cannot run.
using NamedEvalHandler = Verdict (*)(const NamedEvalInput &in);

// The handler of `type`, or null when no runtime handler has that name.
NamedEvalHandler findNamedEval(std::string_view type);

// `eval`'s params (EvalDecl::params), parsed once for the run: an eval runs after every attempt
// of its steps, each foreach item's among them.
const nlohmann::ordered_json &namedEvalParams(const EvalDecl &eval);

// The handlers, by family: each adds its types to `out`.
void addToolCallEvals(std::vector<std::pair<std::string_view, NamedEvalHandler>> &out);
void addGuardrailEvals(std::vector<std::pair<std::string_view, NamedEvalHandler>> &out);
void addConversationEvals(std::vector<std::pair<std::string_view, NamedEvalHandler>> &out);
void addWorkflowEvals(std::vector<std::pair<std::string_view, NamedEvalHandler>> &out);
void addJudgedEvals(std::vector<std::pair<std::string_view, NamedEvalHandler>> &out);
void addExternalEvals(std::vector<std::pair<std::string_view, NamedEvalHandler>> &out);
void addMediaEvals(std::vector<std::pair<std::string_view, NamedEvalHandler>> &out);
void addClassifierEvals(std::vector<std::pair<std::string_view, NamedEvalHandler>> &out);
void addToolExecEval(std::vector<std::pair<std::string_view, NamedEvalHandler>> &out);
void addCompositionEvals(std::vector<std::pair<std::string_view, NamedEvalHandler>> &out);
void addJsonPathEval(std::vector<std::pair<std::string_view, NamedEvalHandler>> &out);
void addCosineSimilarityEval(std::vector<std::pair<std::string_view, NamedEvalHandler>> &out);

// directional's same_outcome and outcome_equivalent's final_state: the state being visited is
// `expected` (`label`: "baseline", "expected").
Verdict workflowStateMatches(const NamedEvalInput &in, const std::string &expected, const char *label);

// What PromptKit's messages print for a value (Go's %v): a string as it is, a number in its
// shortest form, true, false, <nil>, [a b], map[k:v].
std::string goText(const nlohmann::ordered_json &value);
// Go's %q of a string: in double quotes, with quotes and backslashes escaped.
std::string goQuoted(std::string_view text);

}  // namespace wfc::evals

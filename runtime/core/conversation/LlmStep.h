// One attempt of a prompt or agent step (docs/semantics.md): the system message rendered from the
// prompt's template, the user message from the step input, then
//  - prompt: one exchange; with an output_schema the reply is asked for as structured JSON,
//    parsed and validated — a reply that fails fails the attempt (retried per `retry`);
//  - agent: a tool loop of at most `maxSteps` rounds: the offered tools' calls run through the
//    bindings and their results (or errors) go back to the model, until it calls the step's
//    `tool_called` tool (output: that call's arguments) or replies without tool calls (output:
//    the reply). Running out of rounds fails the step with exit 3.
// Every exchange is an `llm_call` line in the trace, with its tokens.
#pragma once

#include "core/run/AttemptLog.h"

#include "core/cost/SpendBudget.h"
#include "core/llm/Provider.h"
#include "wfc/program.h"

#include <optional>
#include <string>

namespace wfc {
class Run;
}

namespace wfc::llm {

struct StepAttempt {
  Run &run;
  const StepDecl &step;
  const std::string &path;  // the step path: "call__summarize"
  unsigned attempt;
  const CancellationToken &cancel;
  const std::string &span;        // the attempt's span, parent of its llm_call and tool_call lines
  std::optional<int64_t> item;    // wfc.foreach item index
  Usage &tokens;                  // accumulates the attempt's tokens
  evals::AttemptLog *log = nullptr;  // where the attempt's tool calls and verdicts are noted, if anything reads them
  // A chat turn: the path names the task, not the turn, so the turn (`item`) goes into the
  // tool calls' idempotency keys ("t2r1c1").
  bool itemInCallKeys = false;
  std::string_view workingDir = {};  // where the tools the model calls work (ToolCall::workingDir)
  // Whether its exchanges stream when something takes tokens (docs/streaming.md): an eval's or a
  // validator's judge is not the conversation a reader follows, and does not.
  bool streams = true;
  // Where the attempt's spend accumulates, when something reads it (a cost_budget eval); null:
  // nowhere but the run's.
  cost::Spend *spend = nullptr;
};

Value runLlmStep(const StepAttempt &a, const Value &input);

}  // namespace wfc::llm

// What the trace's `eval` line and the report's `evals` list say of one eval run after one
// attempt of a step (docs/evals.md).
#pragma once

#include <optional>
#include <string>

namespace wfc::evals {

struct EvalRecord {
  std::string step;  // the step path: "call__summarize"
  std::string eval;  // the eval's id
  const char *type = "";
  unsigned attempt = 1;
  std::optional<int64_t> item;  // wfc.foreach item index
  // "passed", "failed", "error" (it could not be evaluated: the judge's reply did not fit), or
  // "skipped" (not drawn by sampling).
  std::string status;
  std::optional<double> score;
  std::string threshold;  // ">= 4", or "" for the type's own rule
  bool gate = false;
  std::string message;    // why it failed, or why it was skipped
  std::string rationale;  // llm_judge
  double durationMs = 0;
};

// One validator's verdict on a user message or a model reply (docs/promptkit.md "Validators").
struct ValidationRecord {
  std::string step;  // the step path, or a chat task's name
  std::string validator;
  const char *type = "";
  const char *direction = "output";  // what it looked at: "input" or "output"
  unsigned attempt = 1, round = 1;
  std::optional<int64_t> item;
  std::optional<double> score;
  bool triggered = false;
  std::string action;   // "truncated", "replaced", "blocked_input", or "" when it passed
  std::string message;  // why it triggered
  double durationMs = 0;
};

}  // namespace wfc::evals

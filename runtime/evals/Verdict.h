// The deterministic eval types (docs/evals.md): contains, regex, json_valid, json_schema and
// latency_budget. Each looks at the step's output as text — a string as it is, anything else as
// compact JSON — and scores 1 (passed) or 0, except latency_budget, whose score is the attempt's
// duration in milliseconds.
#pragma once

#include "wfc/program.h"

#include <optional>
#include <string>

namespace wfc {
class Run;
}

namespace wfc::evals {

struct Verdict {
  double score = 0;
  bool passed = false;
  std::string message;  // what was wrong, when it did not pass
};

// What the text evals read of an output.
std::string outputText(const Value &output);

Verdict checkContains(const EvalDecl &eval, const std::string &text);
Verdict checkRegex(const EvalDecl &eval, const std::string &text);
Verdict checkJsonValid(const std::string &text);
Verdict checkJsonSchema(Run &run, const EvalDecl &eval, const Value &output);
Verdict checkLatency(const EvalDecl &eval, double durationMs);

}  // namespace wfc::evals

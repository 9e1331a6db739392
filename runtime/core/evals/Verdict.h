// The deterministic eval types (docs/evals.md "Types"). Each looks at the step's output as text —
// a string as it is, anything else as compact JSON — and scores it as PromptKit does: 1 or 0 for
// the yes-or-no types, a share for the counting ones (contains: patterns found / patterns), a
// ratio for the lengths; it passes at 1 unless a threshold says otherwise. latency_budget's score
// is the attempt's duration in milliseconds.
#pragma once

#include "core/cost/SpendBudget.h"
#include "wfc/program.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace wfc {
class Pattern;
class Run;
}  // namespace wfc

namespace wfc::evals {

struct Verdict {
  double score = 0;
  bool passed = false;
  std::string message;  // what was wrong, when it did not pass; why, when skipped
  bool skipped = false;  // there was nothing to evaluate (reported `skipped`, as PromptKit reports it)
};

// "0.5", "4", "1e+20": a bound or score as messages write it.
std::string number(double value);

// 1 and no message when `passed`, else 0 and `message`; pass(): verdict(true, "").
Verdict verdict(bool passed, std::string message);
inline Verdict pass() { return {1.0, true, ""}; }
// Nothing to evaluate: PromptKit's skipped result (score 1), reported `skipped` with `why`.
inline Verdict skip(std::string why) { return {1.0, true, std::move(why), true}; }
// A failure with a score of its own (a share), not 0.
inline Verdict failWith(double score, std::string message) { return {score, false, std::move(message)}; }
// A counting type's score: found / total (1 when there is nothing to find), passing at 1.
Verdict ratio(size_t found, size_t total, std::string message);
// PromptKit compares case-insensitively by lower-casing both sides (ASCII here: the bytes of
// other scripts are left as they are).
std::string lowered(std::string_view text);

// `text` (a pattern of `eval`: compiled into the program or in its params) compiled once on RE2
// (common/Pattern.h) and shared: the compiler checked that RE2 runs it; throws wfc::Error naming
// the eval if not.
const Pattern &compiledPattern(const EvalDecl &eval, std::string_view text);

// What the text evals read of an output.
std::string outputText(const Value &output);

Verdict checkContains(const EvalDecl &eval, const std::string &text);
Verdict checkContainsAny(const EvalDecl &eval, const std::string &text);
Verdict checkContentExcludes(const EvalDecl &eval, const std::string &text);
Verdict checkRegex(const EvalDecl &eval, const std::string &text);
Verdict checkJsonValid(const EvalDecl &eval, const std::string &text);
Verdict checkJsonSchema(Run &run, const EvalDecl &eval, const Value &output);
Verdict checkMinLength(const EvalDecl &eval, const std::string &text);
Verdict checkMaxLength(const EvalDecl &eval, const std::string &text);
Verdict checkSentenceCount(const EvalDecl &eval, const std::string &text);
Verdict checkFieldPresence(const EvalDecl &eval, const std::string &text);
// `called`: the names of the tools the attempt called successfully, once per call.
Verdict checkToolsCalled(const EvalDecl &eval, const std::vector<std::string> &called);
Verdict checkToolsNotCalled(const EvalDecl &eval, const std::vector<std::string> &called);
Verdict checkLatency(const EvalDecl &eval, double durationMs);
// cost_budget (PromptKit's): `spend`'s dollars and tokens against the eval's limits; the score is
// the share of a dollar limit left (1 without one). Throws wfc::Error(StepFailed) for a dollar
// limit when some call had no price: its cost is not known (docs/cost.md).
Verdict checkCostBudget(const EvalDecl &eval, const cost::Spend &spend);

// The JSON a reply wraps in prose or a ``` fence (params.extract_json / allow_wrapped): the
// fenced block if there is one, else from the first '{' or '[' to the last '}' or ']'.
std::string extractJson(const std::string &text);
// The number of sentences: runs of text ended by '.', '!' or '?' (or by the end of the text).
size_t countSentences(const std::string &text);

}  // namespace wfc::evals

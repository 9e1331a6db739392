// PromptKit's composition eval types (its runtime/evals/handlers/composition.go; docs/evals.md
// "Compositions"): what the run's compositions did before the eval runs — a step's output (its
// JSON, as PromptKit's recorder keeps it raw: a text output is a JSON string), the step a branch
// chose, a parallel block whose branches all completed — and the output of the step the eval runs
// after. Text matches are PromptKit's matchStringParam: `equals` (the whole, case-sensitive),
// else `contains`, else not empty. A score of 1 passes.
#include "core/evals/NamedEval.h"

#include "core/evals/EvalParams.h"

#include <fmt/format.h>

namespace wfc::evals {
namespace {

using param::text;

// Whether `haystack` matches the eval's `equals` or `contains`, and how the message says it.
std::pair<bool, std::string> matches(const NamedEvalInput &in, const std::string &haystack) {
  if (auto equals = in.params.find("equals"); equals != in.params.end() && equals->is_string())
    return {haystack == equals->get<std::string>(), "equals " + goQuoted(equals->get<std::string>())};
  if (auto contains = in.params.find("contains"); contains != in.params.end() && contains->is_string())
    return {haystack.find(contains->get<std::string>()) != std::string::npos,
            "contains " + goQuoted(contains->get<std::string>())};
  return {!haystack.empty(), "is non-empty \"\""};
}

Verdict compositionOutput(const NamedEvalInput &in) {
  auto [ok, how] = matches(in, in.text);
  return verdict(ok, "composition output " + how);
}

Verdict compositionStepOutput(const NamedEvalInput &in) {
  const std::string step = text(in.params, "step");
  std::optional<std::string> output = in.composition ? in.composition->output(step) : std::nullopt;
  if (!output) return verdict(false, "step " + goQuoted(step) + " produced no recorded output");
  auto [ok, how] = matches(in, *output);
  return verdict(ok, "step " + goQuoted(step) + " output " + how);
}

Verdict compositionBranchTaken(const NamedEvalInput &in) {
  const std::string branch = text(in.params, "branch"), expected = text(in.params, "expected");
  const std::string taken = in.composition ? in.composition->branch(branch) : "";
  return verdict(taken == expected,
                 "branch " + goQuoted(branch) + " took " + goQuoted(taken) + ", expected " + goQuoted(expected));
}

Verdict compositionParallelComplete(const NamedEvalInput &in) {
  const std::string parallel = text(in.params, "parallel");
  bool complete = in.composition && in.composition->complete(parallel);
  return verdict(complete, "parallel " + goQuoted(parallel) + " status " + goQuoted(complete ? "complete" : ""));
}

}  // namespace

void addCompositionEvals(std::vector<std::pair<std::string_view, NamedEvalHandler>> &out) {
  out.emplace_back("composition_output", compositionOutput);
  out.emplace_back("composition_step_output", compositionStepOutput);
  out.emplace_back("composition_branch_taken", compositionBranchTaken);
  out.emplace_back("composition_parallel_complete", compositionParallelComplete);
}

}  // namespace wfc::evals

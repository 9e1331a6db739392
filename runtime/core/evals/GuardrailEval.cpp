// guardrail_triggered (PromptKit's runtime/evals/handlers/guardrail_triggered.go; docs/evals.md):
// whether a validator of the prompt triggered on the attempt's messages — as the eval expects
// (`should_trigger`, default true). The validator is named by its type or its id; the latest
// verdict counts; `direction` (input, output; both: either) narrows to the message it looked at.
#include "core/evals/NamedEval.h"

#include "core/evals/EvalParams.h"

namespace wfc::evals {
namespace {

Verdict guardrailTriggered(const NamedEvalInput &in) {
  const std::string validator = param::text(in.params, "validator_type");
  const bool shouldTrigger = !in.params.contains("should_trigger") || param::flag(in.params, "should_trigger");
  std::string direction = param::text(in.params, "direction");
  if (direction == "both") direction.clear();
  const std::string subject =
      goQuoted(validator) + (direction.empty() ? "" : " (direction " + goQuoted(direction) + ")");
  const GuardrailVerdict *found = nullptr;
  for (auto it = in.verdicts.rbegin(); it != in.verdicts.rend() && !found; ++it)
    if ((it->type == validator || it->validator == validator) && (direction.empty() || it->direction == direction))
      found = &*it;
  if (!found) {
    return verdict(!shouldTrigger, "expected validator " + subject + " to run but it did not");
  }
  return verdict(found->triggered == shouldTrigger,
                 "expected validator " + subject + " to " + (shouldTrigger ? "fail" : "pass") + " but it did not");
}

}  // namespace

void addGuardrailEvals(std::vector<std::pair<std::string_view, NamedEvalHandler>> &out) {
  out.emplace_back("guardrail_triggered", guardrailTriggered);
}

}  // namespace wfc::evals

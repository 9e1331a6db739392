// guardrail_triggered (PromptKit's runtime/evals/handlers/guardrail_triggered.go; docs/evals.md):
// whether a validator of the prompt triggered on the attempt's messages — as the eval expects
// (`should_trigger`, default true). The validator is named by its type or its id; the latest
// verdict counts; `direction` (input, output; both: either) narrows to the message it looked at.
#include "core/evals/NamedEval.h"

namespace wfc::evals {
namespace {

Verdict guardrailTriggered(const NamedEvalInput &in) {
  const auto &p = in.params;
  const std::string validator = p.contains("validator_type") ? p["validator_type"].get<std::string>() : "";
  const bool shouldTrigger = !p.contains("should_trigger") || p["should_trigger"].get<bool>();
  std::string direction = p.contains("direction") ? p["direction"].get<std::string>() : "";
  if (direction == "both") direction.clear();
  const std::string subject =
      goQuoted(validator) + (direction.empty() ? "" : " (direction " + goQuoted(direction) + ")");
  const GuardrailVerdict *found = nullptr;
  for (auto it = in.verdicts.rbegin(); it != in.verdicts.rend() && !found; ++it)
    if ((it->type == validator || it->validator == validator) && (direction.empty() || it->direction == direction))
      found = &*it;
  if (!found) {
    if (shouldTrigger) return {0, false, "expected validator " + subject + " to run but it did not"};
    return {1, true, ""};
  }
  if (found->triggered == shouldTrigger) return {1, true, ""};
  return {0, false, "expected validator " + subject + " to " + (shouldTrigger ? "fail" : "pass") + " but it did not"};
}

}  // namespace

void addGuardrailEvals(std::vector<std::pair<std::string_view, NamedEvalHandler>> &out) {
  out.emplace_back("guardrail_triggered", guardrailTriggered);
}

}  // namespace wfc::evals

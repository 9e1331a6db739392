// PromptKit's workflow eval types (runtime/evals/handlers/workflow_*.go in PromptKit's source;
// docs/evals.md "Workflow"): where the run's workflow is when the eval runs — the state being
// visited (a terminal one: the workflow is complete) and the transitions made so far — as
// PromptKit's read what its test harness records. A score of 1 passes.
#include "core/evals/NamedEval.h"

#include "core/evals/EvalParams.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <algorithm>
#include <map>

namespace wfc::evals {
namespace {

using Json = nlohmann::ordered_json;

using param::strings, param::text;

Verdict workflowComplete(const NamedEvalInput &in) {
  if (!in.workflow) return verdict(false, "no workflow completion status in context");
  return verdict(in.workflow->terminal, "workflow has not reached a terminal state");
}

Verdict stateIs(const NamedEvalInput &in) {
  if (!in.workflow) return verdict(false, "no workflow state available in context");
  const std::string expected = text(in.params, "state");
  if (in.workflow->state == expected) return pass();
  return verdict(false, "expected state " + goQuoted(expected) + " but got " + goQuoted(in.workflow->state));
}

Verdict transitionedTo(const NamedEvalInput &in) {
  if (!in.workflow) return verdict(false, "no workflow transitions available in context");
  const std::string target = text(in.params, "state");
  for (const WorkflowTransition &t : in.workflow->transitions)
    if (t.to == target) return pass();
  return verdict(false, "no transition to state " + goQuoted(target) + " found");
}

Verdict transitionOrder(const NamedEvalInput &in) {
  if (!in.workflow) return verdict(false, "no workflow transitions available in context");
  std::vector<std::string> sequence = strings(in.params, "sequence");
  size_t matched = 0;
  for (const WorkflowTransition &t : in.workflow->transitions)
    if (matched < sequence.size() && t.to == sequence[matched]) ++matched;
  if (matched >= sequence.size()) return pass();
  return ratio(matched, sequence.size(),
               fmt::format("sequence incomplete: matched {}/{}, missing {}", matched, sequence.size(),
                           goQuoted(sequence[matched])));
}

// Every call the eval sees was made in the state being visited.
Verdict toolAccess(const NamedEvalInput &in) {
  std::map<std::string, std::vector<std::string>> allowed;
  if (auto rules = in.params.find("rules"); rules != in.params.end() && rules->is_array())
    for (const Json &rule : *rules)
      if (rule.is_object() && !text(rule, "state").empty()) allowed[text(rule, "state")] = strings(rule, "allowed");
  if (allowed.empty() || !in.workflow) return pass();
  auto rule = allowed.find(in.workflow->state);
  if (rule == allowed.end()) return pass();
  std::vector<std::string> violations;
  for (size_t i = 0; i < in.calls.size(); ++i)
    if (std::find(rule->second.begin(), rule->second.end(), in.calls[i].name) == rule->second.end())
      violations.push_back(fmt::format("{} called in state {} (call {})", in.calls[i].name, goQuoted(rule->first), i + 1));
  if (violations.empty()) return pass();
  return verdict(false, fmt::format("{} violation(s): {}", violations.size(), fmt::join(violations, "; ")));
}

// A state whose prompt answered with text, as PromptKit reads its messages' state stamps.
Verdict spokeInState(const NamedEvalInput &in) {
  const std::string expected = text(in.params, "state");
  if (!in.workflow)
    return verdict(false, "no assistant message carries a workflow state: the run produced no per-message state "
                          "stamps, so the workflow resolver is probably not wired");
  std::vector<std::string> spoke = in.workflow->statesThatSpoke();
  if (std::find(spoke.begin(), spoke.end(), expected) != spoke.end()) return pass();
  return verdict(false, "no assistant message with text was produced in state " + goQuoted(expected));
}

}  // namespace

Verdict workflowStateMatches(const NamedEvalInput &in, const std::string &expected, const char *label) {
  if (!in.workflow) return verdict(false, "workflow_state not found in eval context extras");
  if (in.workflow->state == expected) return pass();
  return verdict(false, "state " + goQuoted(in.workflow->state) + " does not match " + label + " " + goQuoted(expected));
}

void addWorkflowEvals(std::vector<std::pair<std::string_view, NamedEvalHandler>> &out) {
  out.insert(out.end(), {{"workflow_complete", workflowComplete},
                         {"state_is", stateIs},
                         {"transitioned_to", transitionedTo},
                         {"workflow_transition_order", transitionOrder},
                         {"workflow_tool_access", toolAccess},
                         {"spoke_in_state", spokeInState}});
}

}  // namespace wfc::evals

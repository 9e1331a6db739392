// PromptKit's workflow eval types (runtime/evals/handlers/workflow_*.go in PromptKit's source;
// docs/evals.md "Workflow"): where the run's workflow is when the eval runs — the state being
// visited (a terminal one: the workflow is complete) and the transitions made so far — as
// PromptKit's read what its test harness records. A score of 1 passes.
#include "core/evals/NamedEval.h"

#include <fmt/format.h>
#include <algorithm>
#include <map>

namespace wfc::evals {
namespace {

using Json = nlohmann::ordered_json;

std::string text(const Json &params, const char *key) {
  auto it = params.find(key);
  return it != params.end() && it->is_string() ? it->get<std::string>() : "";
}

std::vector<std::string> strings(const Json &params, const char *key) {
  std::vector<std::string> out;
  auto it = params.find(key);
  if (it == params.end() || !it->is_array()) return out;
  for (const Json &item : *it)
    if (item.is_string()) out.push_back(item.get<std::string>());
  return out;
}

Verdict pass() { return {1.0, true, ""}; }
Verdict fail(std::string message, double score = 0) { return {score, false, std::move(message)}; }

Verdict workflowComplete(const NamedEvalInput &in) {
  if (!in.workflow) return fail("no workflow completion status in context");
  return in.workflow->terminal ? pass() : fail("workflow has not reached a terminal state");
}

Verdict stateIs(const NamedEvalInput &in) {
  if (!in.workflow) return fail("no workflow state available in context");
  const std::string expected = text(in.params, "state");
  if (in.workflow->state == expected) return pass();
  return fail("expected state " + goQuoted(expected) + " but got " + goQuoted(in.workflow->state));
}

Verdict transitionedTo(const NamedEvalInput &in) {
  if (!in.workflow) return fail("no workflow transitions available in context");
  const std::string target = text(in.params, "state");
  for (const WorkflowTransition &t : in.workflow->transitions)
    if (t.to == target) return pass();
  return fail("no transition to state " + goQuoted(target) + " found");
}

Verdict transitionOrder(const NamedEvalInput &in) {
  if (!in.workflow) return fail("no workflow transitions available in context");
  std::vector<std::string> sequence = strings(in.params, "sequence");
  size_t matched = 0;
  for (const WorkflowTransition &t : in.workflow->transitions)
    if (matched < sequence.size() && t.to == sequence[matched]) ++matched;
  if (matched >= sequence.size()) return pass();
  return fail(fmt::format("sequence incomplete: matched {}/{}, missing {}", matched, sequence.size(),
                          goQuoted(sequence[matched])),
              double(matched) / double(sequence.size()));
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
  std::string list;
  for (size_t i = 0; i < violations.size(); ++i) list += (i ? "; " : "") + violations[i];
  return fail(fmt::format("{} violation(s): {}", violations.size(), list));
}

}  // namespace

Verdict workflowStateMatches(const NamedEvalInput &in, const std::string &expected, const char *label) {
  if (!in.workflow) return fail("workflow_state not found in eval context extras");
  if (in.workflow->state == expected) return pass();
  return fail("state " + goQuoted(in.workflow->state) + " does not match " + label + " " + goQuoted(expected));
}

void addWorkflowEvals(std::vector<std::pair<std::string_view, NamedEvalHandler>> &out) {
  out.insert(out.end(), {{"workflow_complete", workflowComplete},
                         {"state_is", stateIs},
                         {"transitioned_to", transitionedTo},
                         {"workflow_transition_order", transitionOrder},
                         {"workflow_tool_access", toolAccess}});
}

}  // namespace wfc::evals

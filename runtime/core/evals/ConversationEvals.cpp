// PromptKit's eval types over what a conversation did besides its text (runtime/evals/handlers in
// PromptKit's source; docs/evals.md "Skills, agents and behaviour"): the skills it activated (its
// skill__activate calls), the agents it invoked (an agent is a tool the model calls, named as the
// model calls it), and single-run comparisons of its tool calls, output and workflow state
// against values the eval gives. A score of 1 passes.
#include "core/evals/NamedEval.h"

#include "core/evals/EvalParams.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <sstream>

namespace wfc::evals {
namespace {

using Json = nlohmann::ordered_json;

constexpr const char *kActivate = "skill__activate";

using param::strings, param::text;

// The skill a skill__activate call names ("" when its arguments name none).
std::string skillOf(const ToolCallRecord &c) {
  if (c.name != kActivate || !c.args.isObject()) return "";
  std::optional<Value> name = c.args.get("name");
  return name && name->isString() ? name->asString() : "";
}

// ---- skills

Verdict skillActivated(const NamedEvalInput &in) {
  std::vector<std::string> required = strings(in.params, "skill_names");
  int64_t minCalls = param::integer(in.params, "min_calls").value_or(1);
  std::map<std::string, int64_t> counts;
  for (const ToolCallRecord &c : in.calls)
    if (c.ok() && !skillOf(c).empty()) ++counts[skillOf(c)];
  std::vector<std::string> missing;
  for (const std::string &name : required)
    if (counts[name] < minCalls) missing.push_back(name);
  return ratio(required.size() - missing.size(), required.size(), fmt::format("missing skill activations: {}", fmt::join(missing, ", ")));
}

Verdict skillNotActivated(const NamedEvalInput &in) {
  std::vector<std::string> forbidden = strings(in.params, "skill_names");
  std::vector<std::string> activated;
  for (const ToolCallRecord &c : in.calls)
    if (c.ok() && c.name == kActivate && std::find(forbidden.begin(), forbidden.end(), skillOf(c)) != forbidden.end())
      activated.push_back(skillOf(c));
  return verdict(activated.empty(), fmt::format("forbidden skills activated: {}", fmt::join(activated, ", ")));
}

Verdict skillActivationOrder(const NamedEvalInput &in) {
  std::vector<std::string> sequence = strings(in.params, "sequence");
  std::vector<std::string> activated;
  for (const ToolCallRecord &c : in.calls)  // failed activations too, as PromptKit counts them
    if (!skillOf(c).empty()) activated.push_back(skillOf(c));
  if (activated.empty()) return verdict(false, "no skill activations found");
  size_t matched = 0;
  for (const std::string &skill : activated)
    if (matched < sequence.size() && skill == sequence[matched]) ++matched;
  if (matched >= sequence.size()) return pass();
  return ratio(matched, sequence.size(),
               fmt::format("sequence incomplete: matched {}/{}, missing {}", matched, sequence.size(),
                           goQuoted(sequence[matched])));
}

// ---- agents

Verdict agentInvoked(const NamedEvalInput &in) {
  std::vector<std::string> agents = strings(in.params, "agents");
  std::set<std::string> called;
  for (const ToolCallRecord &c : in.calls) called.insert(c.name);
  std::vector<std::string> missing;
  for (const std::string &a : agents)
    if (!called.count(a)) missing.push_back(a);
  return ratio(agents.size() - missing.size(), agents.size(), fmt::format("missing agents: {}", fmt::join(missing, ", ")));
}

Verdict agentNotInvoked(const NamedEvalInput &in) {
  std::vector<std::string> agents = strings(in.params, "agents");
  std::vector<std::string> called;
  for (const ToolCallRecord &c : in.calls)
    if (std::find(agents.begin(), agents.end(), c.name) != agents.end()) called.push_back(c.name);
  return verdict(called.empty(), fmt::format("forbidden agents called: {}", fmt::join(called, ", ")));
}

Verdict agentResponseContains(const NamedEvalInput &in) {
  const std::string agent = text(in.params, "agent"), contains = text(in.params, "contains");
  for (const ToolCallRecord &c : in.calls)
    if (c.name == agent && c.ok() && c.result.find(contains) != std::string::npos) return pass();
  return verdict(false, "no response from agent " + goQuoted(agent) + " containing " + goQuoted(contains));
}

// ---- single-run comparisons

// The tools called, as a sorted set, against `expected` as one.
Verdict sameToolSet(const NamedEvalInput &in, std::vector<std::string> expected, const char *label) {
  std::set<std::string> actual;
  for (const ToolCallRecord &c : in.calls) actual.insert(c.name);
  std::set<std::string> want(expected.begin(), expected.end());
  if (actual == want) return pass();
  return verdict(false, fmt::format("tool calls differ from {}: got [{}], {} [{}]", label, fmt::join(actual, ", "),
                                    label, fmt::join(want, ", ")));
}

std::set<std::string> words(const std::string &s) {
  std::set<std::string> out;
  std::istringstream in(s);
  for (std::string w; in >> w;) {
    for (char &c : w) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    out.insert(w);
  }
  return out;
}

Verdict directional(const NamedEvalInput &in) {
  const std::string check = text(in.params, "check");
  if (check == "same_tool_calls") {
    if (strings(in.params, "baseline_tools").empty()) return pass();  // PromptKit: nothing to compare
    return sameToolSet(in, strings(in.params, "baseline_tools"), "baseline");
  }
  if (check == "similar_content") {
    if (text(in.params, "baseline_content").empty()) return pass();
    // The Jaccard overlap of the two texts' lower-cased words: the score, as PromptKit's;
    // `threshold` (0.5) decides whether it passes (docs/promptkit.md "Divergences").
    std::set<std::string> a = words(in.text), b = words(text(in.params, "baseline_content"));
    size_t common = 0;
    for (const std::string &w : a) common += b.count(w);
    size_t all = a.size() + b.size() - common;
    double overlap = all == 0 ? 1.0 : double(common) / double(all);
    double threshold = param::number(in.params, "threshold").value_or(0.5);
    if (overlap >= threshold) return {overlap, true, ""};
    return failWith(overlap, fmt::format("content similarity {:.2f} < threshold {:.2f}", overlap, threshold));
  }
  // same_outcome
  if (text(in.params, "baseline_state").empty()) return pass();
  return workflowStateMatches(in, text(in.params, "baseline_state"), "baseline");
}

Verdict outcomeEquivalent(const NamedEvalInput &in) {
  const std::string metric = text(in.params, "metric");
  if (metric == "tool_calls") {
    if (strings(in.params, "expected_tools").empty()) return pass();  // PromptKit: nothing to compare
    return sameToolSet(in, strings(in.params, "expected_tools"), "expected");
  }
  if (metric == "content_hash") {
    if (text(in.params, "expected_content").empty()) return pass();
    return verdict(in.text == text(in.params, "expected_content"), "content does not match expected output");
  }
  // final_state
  if (text(in.params, "expected_state").empty()) return pass();
  return workflowStateMatches(in, text(in.params, "expected_state"), "expected");
}

Verdict invariantFieldsPreserved(const NamedEvalInput &in) {
  const std::string tool = text(in.params, "tool");
  std::vector<std::string> fields = strings(in.params, "fields");
  std::vector<const ToolCallRecord *> calls;
  for (const ToolCallRecord &c : in.calls)
    if (c.name == tool) calls.push_back(&c);
  if (calls.size() < 2) return pass();
  std::vector<std::string> lost;
  for (const std::string &field : fields) {
    bool seen = false;
    for (size_t i = 0; i < calls.size(); ++i) {
      bool present = calls[i]->args.isObject() && calls[i]->args.get(field).has_value();
      if (present) seen = true;
      else if (seen) {
        lost.push_back(fmt::format("field {} lost at call {}", goQuoted(field), i));
        break;
      }
    }
  }
  return ratio(fields.size() - lost.size(), fields.size(),
               fmt::format("{} field(s) lost: {}", lost.size(), fmt::join(lost, "; ")));
}

}  // namespace

void addConversationEvals(std::vector<std::pair<std::string_view, NamedEvalHandler>> &out) {
  out.insert(out.end(), {{"skill_activated", skillActivated},
                         {"skill_not_activated", skillNotActivated},
                         {"skill_activation_order", skillActivationOrder},
                         {"agent_invoked", agentInvoked},
                         {"agent_not_invoked", agentNotInvoked},
                         {"agent_response_contains", agentResponseContains},
                         {"directional", directional},
                         {"outcome_equivalent", outcomeEquivalent},
                         {"invariant_fields_preserved", invariantFieldsPreserved}});
}

}  // namespace wfc::evals

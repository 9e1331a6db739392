// PromptKit's tool-call eval types (runtime/evals/handlers in PromptKit's source; docs/evals.md
// "Tool calls"): each looks at the calls the eval sees — a turn eval the attempt's, a session eval
// the conversation's — in the order the model made them, failed calls included. Names match exactly;
// argument values compare as PromptKit compares them, by their printed form (5 equals "5");
// results match as the model read them, case-insensitively for includes. A score of 1 passes.
#include "core/evals/NamedEval.h"

#include "common/JsonReader.h"
#include "common/Pattern.h"
#include "core/evals/EvalParams.h"
#include "wfc/error.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <algorithm>
#include <map>
#include <optional>

namespace wfc::evals {
namespace {

using Json = nlohmann::ordered_json;
using param::flag, param::integer, param::number, param::object, param::strings, param::text;

const Json &argsOf(const ToolCallRecord &call) {
  static const Json kNull;
  return call.args.isNull() ? kNull : call.args.json();
}

// PromptKit's argsMatch: every expected key present, and equal in its printed form.
std::vector<std::string> argMismatches(const ToolCallRecord &call, const Json &expected) {
  std::vector<std::string> out;
  const Json &actual = argsOf(call);
  for (const auto &[key, want] : expected.items()) {
    auto got = actual.is_object() ? actual.find(key) : actual.end();
    if (!actual.is_object() || got == actual.end()) out.push_back("missing arg " + goQuoted(key));
    else if (goText(*got) != goText(want))
      out.push_back("arg " + goQuoted(key) + ": got " + goText(*got) + ", want " + goText(want));
  }
  return out;
}

bool inScope(const ToolCallRecord &call, const std::string &tool) { return tool.empty() || call.name == tool; }

// ---- presence and absence over the session

Verdict toolsCalledSession(const NamedEvalInput &in) {
  std::vector<std::string> required = strings(in.params, "tool_names");
  std::optional<int64_t> min = integer(in.params, "min_calls");
  int64_t minCalls = min && *min > 0 ? *min : 1;
  std::map<std::string, int64_t> counts;
  for (const ToolCallRecord &c : in.calls) ++counts[c.name];
  std::vector<std::string> missing;
  for (const std::string &name : required)
    if (counts[name] < minCalls) missing.push_back(fmt::format("{} (got {}, need {})", name, counts[name], minCalls));
  return ratio(required.size() - missing.size(), required.size(), fmt::format("missing required tools: {}", fmt::join(missing, "; ")));
}

Verdict toolsNotCalledSession(const NamedEvalInput &in) {
  std::vector<std::string> forbidden = strings(in.params, "tool_names");
  std::vector<std::string> found;
  for (size_t i = 0; i < in.calls.size(); ++i)
    if (std::find(forbidden.begin(), forbidden.end(), in.calls[i].name) != forbidden.end())
      found.push_back(fmt::format("{} at call {}", in.calls[i].name, i + 1));
  return verdict(found.empty(), fmt::format("forbidden tools were called: {}", fmt::join(found, "; ")));
}

// ---- arguments

Verdict toolArgs(const NamedEvalInput &in) {
  const std::string tool = text(in.params, "tool_name");
  const Json &expected = object(in.params, "expected_args");
  std::vector<std::string> last;
  bool called = false;
  for (const ToolCallRecord &c : in.calls) {
    if (c.name != tool) continue;
    called = true;
    last = argMismatches(c, expected);
    if (last.empty()) return pass();
  }
  if (!called) return verdict(false, "tool " + goQuoted(tool) + " was not called");
  return verdict(false, fmt::format("tool {} args mismatch: {}", goQuoted(tool), fmt::join(last, "; ")));
}

Verdict toolArgsSession(const NamedEvalInput &in) {
  const std::string tool = text(in.params, "tool_name");
  const Json &expected = object(in.params, "expected_args");
  if (expected.empty()) return pass();
  std::vector<std::string> misses;
  bool called = false;
  for (size_t i = 0; i < in.calls.size(); ++i) {
    const ToolCallRecord &c = in.calls[i];
    if (c.name != tool) continue;
    called = true;
    if (argMismatches(c, expected).empty()) return pass();
    misses.push_back(fmt::format("call {}: args={}", i + 1, goText(argsOf(c))));
  }
  if (!called) return verdict(false, "tool " + goQuoted(tool) + " was never called");
  return verdict(false, fmt::format("{} called but args did not match: {}", tool, fmt::join(misses, "; ")));
}

// tool_args_excluded_session (and its alias tools_not_called_with_args): the values an argument
// must never have. `excluded_args` holds one value per argument; the older `forbidden_args` a
// value or a list of them.
Verdict toolArgsExcludedSession(const NamedEvalInput &in) {
  const std::string tool = text(in.params, "tool_name");
  std::map<std::string, std::vector<std::string>> forbidden;
  if (const Json &excluded = object(in.params, "excluded_args"); !excluded.empty()) {
    for (const auto &[arg, value] : excluded.items()) forbidden[arg].push_back(goText(value));
  } else {
    for (const auto &[arg, value] : object(in.params, "forbidden_args").items()) {
      if (value.is_array())
        for (const Json &v : value) forbidden[arg].push_back(goText(v));
      else
        forbidden[arg].push_back(goText(value));
    }
  }
  if (forbidden.empty()) return pass();
  std::vector<std::string> violations;
  for (size_t i = 0; i < in.calls.size(); ++i) {
    const ToolCallRecord &c = in.calls[i];
    const Json &args = argsOf(c);
    if (c.name != tool || !args.is_object()) continue;
    for (const auto &[arg, values] : forbidden) {
      auto got = args.find(arg);
      if (got == args.end()) continue;
      std::string printed = goText(*got);
      if (std::find(values.begin(), values.end(), printed) != values.end())
        violations.push_back(fmt::format("call {}: {}={}", i + 1, arg, printed));
    }
  }
  return verdict(violations.empty(), fmt::format("excluded args found: {}", fmt::join(violations, "; ")));
}

// ---- errors and counts

Verdict noToolErrors(const NamedEvalInput &in) {
  std::vector<std::string> scope = strings(in.params, "tools");
  std::vector<std::string> errors;
  for (const ToolCallRecord &c : in.calls) {
    if (!scope.empty() && std::find(scope.begin(), scope.end(), c.name) == scope.end()) continue;
    if (!c.ok()) errors.push_back(c.name + ": " + c.error);
  }
  if (errors.empty()) return pass();
  // PromptKit's score: the share of all calls that did not fail.
  double score = in.calls.empty() ? 1.0 : std::max(0.0, 1.0 - double(errors.size()) / double(in.calls.size()));
  return failWith(score, fmt::format("tool errors found: {}", fmt::join(errors, "; ")));
}

Verdict toolCallCount(const NamedEvalInput &in) {
  const std::string tool = text(in.params, "tool");
  int64_t count = 0;
  for (const ToolCallRecord &c : in.calls) count += inScope(c, tool);
  if (auto min = integer(in.params, "min"); min && *min >= 0 && count < *min)
    return verdict(false, fmt::format("expected at least {} call(s), got {}", *min, count));
  if (auto max = integer(in.params, "max"); max && *max >= 0 && count > *max)
    return verdict(false, fmt::format("expected at most {} call(s), got {}", *max, count));
  return pass();
}

Verdict toolEfficiency(const NamedEvalInput &in) {
  const size_t total = in.calls.size();
  size_t errors = 0;
  for (const ToolCallRecord &c : in.calls) errors += !c.ok();
  const double rate = total ? double(errors) / double(total) : 0;
  std::optional<int64_t> maxCalls = integer(in.params, "max_calls"), maxErrors = integer(in.params, "max_errors");
  std::optional<double> maxRate = number(in.params, "max_error_rate");
  std::vector<std::string> failures;
  if (maxCalls && int64_t(total) > *maxCalls) failures.push_back(fmt::format("too many calls: {} (max {})", total, *maxCalls));
  if (maxErrors && int64_t(errors) > *maxErrors)
    failures.push_back(fmt::format("too many errors: {} (max {})", errors, *maxErrors));
  if (maxRate && total > 0 && rate > *maxRate)
    failures.push_back(fmt::format("error rate {:.1f}% exceeds max {:.1f}%", rate * 100, *maxRate * 100));
  if (!failures.empty()) return verdict(false, fmt::format("efficiency check failed: [{}]", fmt::join(failures, " ")));
  // PromptKit scores the share of max_calls left, so any call at all scores under 1 and fails its
  // default rule; wfc passes an attempt within every limit and keeps that share as the score
  // (docs/promptkit.md "Divergences").
  double score = maxCalls && *maxCalls > 0 ? std::max(0.0, 1.0 - double(total) / double(*maxCalls)) : 1.0;
  return {score, true, ""};
}

// ---- results

Verdict toolResultIncludes(const NamedEvalInput &in) {
  const std::string tool = text(in.params, "tool");
  std::vector<std::string> patterns = strings(in.params, "patterns");
  int64_t occurrence = integer(in.params, "occurrence").value_or(1);
  int64_t matched = 0;
  for (const ToolCallRecord &c : in.calls) {
    if (!inScope(c, tool)) continue;
    std::string result = lowered(c.result);
    bool all = true;
    for (const std::string &p : patterns) all = all && result.find(lowered(p)) != std::string::npos;
    matched += all;
  }
  if (matched >= occurrence) return pass();
  return verdict(false, fmt::format("only {} call(s) matched all patterns (required: {})", matched, occurrence));
}

Verdict toolResultMatches(const NamedEvalInput &in) {
  const std::string tool = text(in.params, "tool");
  const Pattern &re = compiledPattern(in.eval, text(in.params, "pattern"));
  int64_t occurrence = integer(in.params, "occurrence").value_or(1);
  int64_t matched = 0;
  for (const ToolCallRecord &c : in.calls) matched += inScope(c, tool) && re.search(c.result);
  if (matched >= occurrence) return pass();
  return verdict(false, fmt::format("only {} call(s) matched pattern (required: {})", matched, occurrence));
}

// The media parts of a result: PromptKit's content parts ({"type", "media": {"mime_type"}}) or
// MCP's content blocks ({"type", "mimeType"}), as a list or under "content".
std::vector<std::pair<std::string, std::string>> mediaParts(const ToolCallRecord &c) {
  std::vector<std::pair<std::string, std::string>> out;  // type, MIME type
  Json result = readJsonOrDiscarded(c.result);
  if (result.is_object() && result.contains("content")) result = result["content"];
  if (!result.is_array()) return out;
  for (const Json &part : result) {
    if (!part.is_object() || !part.contains("type") || !part["type"].is_string()) continue;
    std::string mime;
    if (auto media = part.find("media"); media != part.end() && media->is_object() && media->contains("mime_type") &&
                                         (*media)["mime_type"].is_string())
      mime = (*media)["mime_type"].get<std::string>();
    else if (auto m = part.find("mimeType"); m != part.end() && m->is_string())
      mime = m->get<std::string>();
    out.emplace_back(part["type"].get<std::string>(), mime);
  }
  return out;
}

Verdict toolResultHasMedia(const NamedEvalInput &in) {
  const std::string tool = text(in.params, "tool");
  const std::string type = lowered(text(in.params, "media_type"));
  for (const ToolCallRecord &c : in.calls)
    if (inScope(c, tool))
      for (const auto &[partType, mime] : mediaParts(c))
        if (lowered(partType) == type) return pass();
  return verdict(false, "no tool result contains media of type " + goQuoted(text(in.params, "media_type")));
}

Verdict toolResultMediaType(const NamedEvalInput &in) {
  const std::string tool = text(in.params, "tool");
  const std::string mime = lowered(text(in.params, "mime_type"));
  for (const ToolCallRecord &c : in.calls)
    if (inScope(c, tool))
      for (const auto &[partType, partMime] : mediaParts(c))
        if (partType != "text" && !partMime.empty() && lowered(partMime) == mime) return pass();
  return verdict(false, "no tool result contains media with MIME type " + goQuoted(text(in.params, "mime_type")));
}

// ---- order

// How many of `sequence` occur in order among the calls, others allowed between them.
size_t matchedInOrder(const std::vector<ToolCallRecord> &calls, const std::vector<std::string> &sequence) {
  size_t matched = 0;
  for (const ToolCallRecord &c : calls)
    if (matched < sequence.size() && c.name == sequence[matched]) ++matched;
  return matched;
}

Verdict toolCallSequence(const NamedEvalInput &in) {
  std::vector<std::string> sequence = strings(in.params, "sequence");
  size_t matched = matchedInOrder(in.calls, sequence);
  if (matched >= sequence.size()) return pass();
  return ratio(matched, sequence.size(),
               fmt::format("sequence incomplete: matched {}/{}, missing {}", matched, sequence.size(),
                           goQuoted(sequence[matched])));
}

Verdict toolAntiPattern(const NamedEvalInput &in) {
  std::vector<std::string> found;
  auto patterns = in.params.find("patterns");
  if (patterns != in.params.end() && patterns->is_array())
    for (const Json &p : *patterns) {
      if (!p.is_object()) continue;
      std::vector<std::string> sequence = strings(p, "sequence");
      if (sequence.empty() || matchedInOrder(in.calls, sequence) < sequence.size()) continue;
      std::string message = text(p, "message");
      found.push_back(fmt::format("[{}", fmt::join(sequence, " → ")) + "]" + (message.empty() ? "" : ": " + message));
    }
  if (found.empty()) return pass();
  return verdict(false, fmt::format("found {} anti-pattern(s): {}", found.size(), fmt::join(found, "; ")));
}

Verdict toolNoRepeat(const NamedEvalInput &in) {
  std::vector<std::string> scope = strings(in.params, "tools");
  int64_t maxRepeats = integer(in.params, "max_repeats").value_or(1);
  std::vector<std::string> violations;
  int64_t run = 0;
  for (size_t i = 0; i < in.calls.size(); ++i) {
    run = i > 0 && in.calls[i].name == in.calls[i - 1].name ? run + 1 : 1;
    bool scoped = scope.empty() || std::find(scope.begin(), scope.end(), in.calls[i].name) != scope.end();
    if (run > maxRepeats && scoped) violations.push_back(fmt::format("{}({}x)", in.calls[i].name, run));
  }
  if (violations.empty()) return pass();
  return verdict(false, fmt::format("repeated tool calls detected (max {}): {}", maxRepeats, fmt::join(violations, ", ")));
}

// What one call must satisfy (a tool_call_chain step, a tool_calls_with_args check): "" when it
// does, else why not.
std::string callProblem(const EvalDecl &eval, const ToolCallRecord &c, const Json &check, const char *argsKey) {
  if (flag(check, "no_error") && !c.ok()) return "unexpected error: " + c.error;
  for (const std::string &p : strings(check, "result_includes"))
    if (lowered(c.result).find(lowered(p)) == std::string::npos) return "result missing pattern " + goQuoted(p);
  if (std::string re = text(check, "result_matches"); !re.empty() && !compiledPattern(eval, re).search(c.result))
    return "result does not match pattern";
  const Json &args = argsOf(c);
  for (const auto &[arg, re] : object(check, argsKey).items()) {
    auto got = args.is_object() ? args.find(arg) : args.end();
    if (!args.is_object() || got == args.end()) return "missing argument " + goQuoted(arg);
    if (re.is_string() && !compiledPattern(eval, re.get<std::string>()).search(goText(*got)))
      return "argument " + goQuoted(arg) + " does not match pattern";
  }
  return "";
}

Verdict toolCallChain(const NamedEvalInput &in) {
  std::vector<const Json *> steps;
  if (auto list = in.params.find("steps"); list != in.params.end() && list->is_array())
    for (const Json &s : *list)
      if (s.is_object()) steps.push_back(&s);
  size_t done = 0;
  for (const ToolCallRecord &c : in.calls) {
    if (done == steps.size()) break;
    const Json &step = *steps[done];
    if (c.name != text(step, "tool")) continue;
    // The first call of the step's tool is the one the step judges.
    if (std::string problem = callProblem(in.eval, c, step, "args_match"); !problem.empty())
      return ratio(done, steps.size(), fmt::format("step {} ({}): {}", done, c.name, problem));
    ++done;
  }
  if (done == steps.size()) return pass();
  return ratio(done, steps.size(),
               fmt::format("chain incomplete: satisfied {}/{} steps, missing {}", done, steps.size(),
                           goQuoted(text(*steps[done], "tool"))));
}

Verdict toolCallsWithArgs(const NamedEvalInput &in) {
  const std::string tool = text(in.params, "tool_name");
  size_t matching = 0;
  std::vector<std::string> violations;
  for (const ToolCallRecord &c : in.calls) {
    if (!inScope(c, tool)) continue;
    ++matching;
    const Json &args = argsOf(c);
    for (const auto &[arg, want] : object(in.params, "expected_args").items()) {
      auto got = args.is_object() ? args.find(arg) : args.end();
      if (!args.is_object() || got == args.end())
        violations.push_back(c.name + ": missing argument " + goQuoted(arg));
      else if (!want.is_null() && goText(*got) != goText(want))
        violations.push_back(c.name + ": argument " + goQuoted(arg) + " is " + goText(*got) + ", expected " + goText(want));
    }
    if (std::string problem = callProblem(in.eval, c, in.params, "args_match"); !problem.empty())
      violations.push_back(c.name + ": " + problem);
  }
  if (!tool.empty() && matching == 0) return verdict(false, "tool " + goQuoted(tool) + " was not called");
  std::string summary = fmt::format("{} matching call(s), {} violation(s)", matching, violations.size());
  if (violations.empty()) return pass();
  return verdict(false, fmt::format("{}: {}", summary, fmt::join(violations, "; ")));
}

}  // namespace

void addToolCallEvals(std::vector<std::pair<std::string_view, NamedEvalHandler>> &out) {
  out.insert(out.end(), {{"tools_called_session", toolsCalledSession},
                         {"tools_not_called_session", toolsNotCalledSession},
                         {"tool_args", toolArgs},
                         {"tool_args_session", toolArgsSession},
                         {"tool_args_excluded_session", toolArgsExcludedSession},
                         {"no_tool_errors", noToolErrors},
                         {"tool_call_count", toolCallCount},
                         {"tool_efficiency", toolEfficiency},
                         {"tool_result_includes", toolResultIncludes},
                         {"tool_result_matches", toolResultMatches},
                         {"tool_result_has_media", toolResultHasMedia},
                         {"tool_result_media_type", toolResultMediaType},
                         {"tool_call_sequence", toolCallSequence},
                         {"tool_anti_pattern", toolAntiPattern},
                         {"tool_no_repeat", toolNoRepeat},
                         {"tool_call_chain", toolCallChain},
                         {"tool_calls_with_args", toolCallsWithArgs}});
}

}  // namespace wfc::evals

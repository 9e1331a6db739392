// PromptKit's json_path eval type (its runtime/evals/handlers/json_path.go; docs/evals.md
// "json_path"): a JMESPath expression evaluated on the output's JSON, its value then checked, in
// PromptKit's order, against `expected` (deep equality, numbers compared as numbers), `contains`
// (items the array holds), `min`/`max` (a number's range) and `min_results`/`max_results` (an
// array's length). The first check that fails decides; with none given, evaluating is enough.
#include "core/evals/NamedEval.h"

#include "common/JmesPath.h"
#include "common/JsonReader.h"
#include "core/evals/EvalParams.h"
#include "wfc/error.h"

#include <fmt/format.h>

#include <map>
#include <mutex>

namespace wfc::evals {
namespace {

using Json = nlohmann::ordered_json;

// The eval's expression compiled once for the process (the compiler checked that it compiles).
const JmesPath &compiledExpression(const EvalDecl &eval, const std::string &expression) {
  static std::mutex mutex;
  // By the eval (the program's tables do not move) and its text.
  static std::map<std::pair<const EvalDecl *, std::string>, std::shared_ptr<const JmesPath>> compiled;
  std::lock_guard lock(mutex);
  auto key = std::make_pair(&eval, expression);
  auto it = compiled.find(key);
  if (it == compiled.end()) {
    std::string error;
    std::shared_ptr<const JmesPath> path = JmesPath::compile(expression, &error);
    if (!path) throw Error(ErrorKind::StepFailed, "its expression is not JMESPath: " + error);
    it = compiled.emplace(std::move(key), std::move(path)).first;
  }
  return *it->second;
}

// PromptKit's extractBalancedJSON: from `open` at the text's start to the bracket that closes it,
// brackets inside strings not counted; empty when it never closes.
std::string balanced(std::string_view text, char open, char close) {
  if (text.empty() || text[0] != open) return "";
  int depth = 0;
  bool inString = false, escaped = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (escaped) escaped = false;
    else if (c == '\\' && inString) escaped = true;
    else if (c == '"') inString = !inString;
    else if (c == open && !inString) ++depth;
    else if (c == close && !inString) --depth;
    if (depth == 0 && !inString && i > 0) return std::string(text.substr(0, i + 1));
  }
  return "";
}

// PromptKit's extractJSONFromContent: with `allowWrapped`, the first ``` or ```json fenced block
// (its lines between the fences, trimmed); with `extractJson`, the balanced object from the first
// '{', else the balanced array from the first '['. Empty when neither finds one.
std::string extracted(const std::string &text, bool allowWrapped, bool extractJson) {
  if (allowWrapped) {
    // Go's ```(?:json)?\s*\n([\s\S]*?)\n```: the block starts after the last line break of the
    // whitespace that follows the opening fence, and ends at the first line break followed by ```.
    for (size_t fence = text.find("```"); fence != std::string::npos; fence = text.find("```", fence + 1)) {
      size_t at = fence + 3;
      if (text.compare(at, 4, "json") == 0) at += 4;
      // RE2's \s: space, \t, \n, \f, \r. The greedy run gives back line breaks one by one.
      size_t blank = text.find_first_not_of(" \t\r\n\f", at);
      size_t end = blank == std::string::npos ? text.size() : blank;
      size_t close = std::string::npos, start = 0;
      for (size_t lineBreak = end; lineBreak-- > at && close == std::string::npos;) {
        if (text[lineBreak] != '\n') continue;
        start = lineBreak + 1;
        close = text.find("\n```", start);
      }
      if (close == std::string::npos) continue;
      std::string block = text.substr(start, close - start);
      size_t first = block.find_first_not_of(" \t\r\n\f\v"), last = block.find_last_not_of(" \t\r\n\f\v");
      return first == std::string::npos ? "" : block.substr(first, last - first + 1);
    }
  }
  if (extractJson) {
    if (size_t at = text.find('{'); at != std::string::npos)
      if (std::string object = balanced(std::string_view(text).substr(at), '{', '}'); !object.empty()) return object;
    if (size_t at = text.find('['); at != std::string::npos)
      if (std::string array = balanced(std::string_view(text).substr(at), '[', ']'); !array.empty()) return array;
  }
  return "";
}

// PromptKit's jsonCompareValues: numbers as numbers, arrays in order, objects key by key.
bool sameValue(const Json &a, const Json &b) {
  if (a.is_null() || b.is_null()) return a.is_null() && b.is_null();
  if (a.is_number() && b.is_number()) return a.get<double>() == b.get<double>();
  if (a.is_array() && b.is_array()) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
      if (!sameValue(a[i], b[i])) return false;
    return true;
  }
  if (a.is_object() && b.is_object()) {
    if (a.size() != b.size()) return false;
    for (const auto &[key, value] : a.items()) {
      auto other = b.find(key);
      if (other == b.end() || !sameValue(value, *other)) return false;
    }
    return true;
  }
  return a == b;
}

Verdict jsonPath(const NamedEvalInput &in) {
  const std::string expression = param::text(in.params, "expression");
  const bool allowWrapped = param::flag(in.params, "allow_wrapped"), extractJson = param::flag(in.params, "extract_json");
  std::string content = in.text;
  if (allowWrapped || extractJson)
    if (std::string found = extracted(content, allowWrapped, extractJson); !found.empty()) content = std::move(found);

  Json document;
  try {
    document = readJson(content);
  } catch (const Error &e) {
    return verdict(false, e.what());  // "invalid JSON: …", as PromptKit words it
  }
  std::string error;
  std::optional<Json> result = compiledExpression(in.eval, expression).search(document, &error);
  if (!result) return verdict(false, "JMESPath error: " + error);

  if (auto expected = in.params.find("expected"); expected != in.params.end() && !sameValue(*result, *expected))
    return verdict(false, "result does not match expected value");
  if (auto contains = in.params.find("contains"); contains != in.params.end()) {
    if (!result->is_array()) return verdict(false, "result is not an array, cannot check contains");
    for (const Json &item : *contains) {
      bool found = std::any_of(result->begin(), result->end(), [&](const Json &r) { return sameValue(r, item); });
      if (!found) return verdict(false, "expected item " + goText(item) + " not found in result");
    }
  }
  std::optional<double> min = param::number(in.params, "min"), max = param::number(in.params, "max");
  if (min || max) {
    if (!result->is_number()) return verdict(false, "result is not a number for range check");
    double value = result->get<double>();
    if (min && value < *min) return verdict(false, fmt::format("value {:.2f} is below minimum {:.2f}", value, *min));
    if (max && value > *max) return verdict(false, fmt::format("value {:.2f} exceeds maximum {:.2f}", value, *max));
  }
  int64_t minResults = param::integer(in.params, "min_results").value_or(0);
  int64_t maxResults = param::integer(in.params, "max_results").value_or(0);
  if (minResults != 0 || maxResults != 0) {
    if (!result->is_array()) return verdict(false, "result is not an array for count check");
    int64_t n = static_cast<int64_t>(result->size());
    if (minResults > 0 && n < minResults) return verdict(false, fmt::format("array has {} items, minimum is {}", n, minResults));
    if (maxResults > 0 && n > maxResults) return verdict(false, fmt::format("array has {} items, maximum is {}", n, maxResults));
  }
  return pass();
}

}  // namespace

void addJsonPathEval(std::vector<std::pair<std::string_view, NamedEvalHandler>> &out) {
  out.emplace_back("json_path", jsonPath);
}

}  // namespace wfc::evals

#include "core/evals/Verdict.h"

#include "core/run/Run.h"
#include "wfc/error.h"

#include "common/Dollars.h"
#include "common/Pattern.h"

#include <fmt/format.h>
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>
#include <mutex>

namespace wfc::evals {
namespace {

std::string head(const std::string &text, size_t n = 80) { return text.size() <= n ? text : text.substr(0, n) + "…"; }

bool isWordByte(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Whether `needle` occurs in `text`; with `wholeWord`, only where neither neighbour is a letter,
// digit or '_' (PromptKit's word_boundary match mode).
bool occurs(const std::string &text, const std::string &needle, bool wholeWord) {
  if (needle.empty()) return false;
  for (size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) {
    if (!wholeWord) return true;
    bool before = at > 0 && isWordByte(text[at - 1]);
    size_t end = at + needle.size();
    bool after = end < text.size() && isWordByte(text[end]);
    if (!before && !after) return true;
  }
  return false;
}

std::string quotedList(const std::vector<std::string> &texts) {
  std::string out;
  for (const std::string &t : texts) out += (out.empty() ? "" : ", ") + ("\"" + t + "\"");
  return out;
}




}  // namespace

std::string number(double value) {
  return fmt::format("{:g}", value);
}

Verdict verdict(bool passed, std::string message) { return {passed ? 1.0 : 0.0, passed, passed ? "" : std::move(message)}; }

Verdict ratio(size_t found, size_t total, std::string message) {
  double score = total ? double(found) / double(total) : 1.0;
  return {score, found == total, found == total ? "" : std::move(message)};
}

std::string lowered(std::string_view text) {
  std::string out(text);
  for (char &c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

const Pattern &compiledPattern(const EvalDecl &eval, std::string_view text) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const Pattern>, std::less<>> cache;
  std::lock_guard lock(mutex);
  auto it = cache.find(text);
  if (it == cache.end()) {
    std::string error;
    std::shared_ptr<const Pattern> pattern = Pattern::compile(text, &error);
    if (!pattern) throw Error(ErrorKind::StepFailed, "the pattern of eval '" + std::string(eval.id) + "' cannot run: " + error);
    it = cache.emplace(std::string(text), std::move(pattern)).first;
  }
  return *it->second;
}

std::string outputText(const Value &output) { return output.isString() ? output.asString() : output.dump(); }

Verdict checkContains(const EvalDecl &eval, const std::string &text) {
  if (eval.text)  // wfc's params.value: one text, case-sensitive
    return verdict(text.find(eval.text) != std::string::npos,
                   "the output does not contain \"" + std::string(eval.text) + "\": " + head(text));
  std::string lower = lowered(text);
  std::vector<std::string> missing;
  for (const char *pattern : eval.patterns)
    if (lower.find(lowered(pattern)) == std::string::npos) missing.push_back(pattern);
  return ratio(eval.patterns.size() - missing.size(), eval.patterns.size(),
               "the output does not contain " + quotedList(missing) + ": " + head(text));
}

Verdict checkContainsAny(const EvalDecl &eval, const std::string &text) {
  std::string lower = lowered(text);
  std::vector<std::string> all;
  for (const char *pattern : eval.patterns) {
    if (lower.find(lowered(pattern)) != std::string::npos) return verdict(true, "");
    all.push_back(pattern);
  }
  return verdict(false, "the output contains none of " + quotedList(all) + ": " + head(text));
}

Verdict checkContentExcludes(const EvalDecl &eval, const std::string &text) {
  std::string lower = lowered(text);
  std::vector<std::string> found;
  for (const char *pattern : eval.patterns)
    if (occurs(lower, lowered(pattern), eval.wordBoundary)) found.push_back(pattern);
  return verdict(found.empty(), "the output contains " + quotedList(found) + ": " + head(text));
}

Verdict checkRegex(const EvalDecl &eval, const std::string &text) {
  bool matched = compiledPattern(eval, eval.text).search(text);
  if (eval.invert)
    return verdict(!matched, "the output matches /" + std::string(eval.text) + "/, which it must not: " + head(text));
  return verdict(matched, "the output does not match /" + std::string(eval.text) + "/: " + head(text));
}

Verdict checkMinLength(const EvalDecl &eval, const std::string &text) {
  // Bytes, as PromptKit counts (Go's len of a string).
  double length = double(text.size());
  Verdict v = verdict(length >= eval.minLength, "the output has " + std::to_string(text.size()) +
                                                    " bytes, fewer than " + number(eval.minLength));
  v.score = eval.minLength > 0 ? std::min(length / eval.minLength, 1.0) : 1.0;
  return v;
}

Verdict checkMaxLength(const EvalDecl &eval, const std::string &text) {
  double length = double(text.size());
  double tokens = length / 4;  // PromptKit's estimate: four bytes a token
  double score = 1;
  std::string problem;
  if (eval.maxLength > 0 && length > eval.maxLength) {
    score = std::min(score, eval.maxLength / length);
    problem = "the output has " + std::to_string(text.size()) + " bytes, more than " + number(eval.maxLength);
  }
  if (eval.maxTokens > 0 && tokens > eval.maxTokens) {
    score = std::min(score, eval.maxTokens / tokens);
    if (!problem.empty()) problem += "; ";
    problem += "the output has about " + number(tokens) + " tokens, more than " + number(eval.maxTokens);
  }
  Verdict v = verdict(problem.empty(), problem);
  v.score = score;
  return v;
}

size_t countSentences(const std::string &text) {
  size_t count = 0;
  bool inSentence = false;
  for (char c : text) {
    if (c == '.' || c == '!' || c == '?') {
      if (inSentence) ++count;
      inSentence = false;
    } else if (!std::isspace(static_cast<unsigned char>(c))) {
      inSentence = true;
    }
  }
  return count + (inSentence ? 1 : 0);
}

Verdict checkSentenceCount(const EvalDecl &eval, const std::string &text) {
  size_t count = countSentences(text);
  if (eval.maxSentences <= 0) return verdict(true, "");  // PromptKit: a measurement, score 1
  Verdict v = verdict(double(count) <= eval.maxSentences, "the output has " + std::to_string(count) +
                                                              " sentences, more than " + number(eval.maxSentences));
  if (!v.passed) v.score = eval.maxSentences / double(count);
  return v;
}

Verdict checkFieldPresence(const EvalDecl &eval, const std::string &text) {
  std::string lower = lowered(text);
  std::vector<std::string> missing;
  for (const char *field : eval.patterns)
    if (lower.find(lowered(field)) == std::string::npos) missing.push_back(field);
  return ratio(eval.patterns.size() - missing.size(), eval.patterns.size(),
               "the output does not mention " + quotedList(missing) + ": " + head(text));
}

Verdict checkToolsCalled(const EvalDecl &eval, const std::vector<std::string> &called) {
  size_t found = 0;
  std::vector<std::string> problems;
  bool overMax = false;
  for (const char *name : eval.patterns) {
    int64_t n = std::count(called.begin(), called.end(), std::string(name));
    if (eval.maxCalls >= 0 && n > eval.maxCalls) {
      overMax = true;
      problems.push_back("'" + std::string(name) + "' was called " + std::to_string(n) + " times, more than " +
                         std::to_string(eval.maxCalls));
    } else if (n >= int64_t(eval.minCalls)) {
      ++found;
    } else {
      problems.push_back("'" + std::string(name) + "' was called " + std::to_string(n) + " times" +
                         (eval.minCalls > 1 ? ", fewer than " + std::to_string(eval.minCalls) : ""));
    }
  }
  std::string message;
  for (const std::string &p : problems) message += (message.empty() ? "" : "; ") + p;
  Verdict v = ratio(found, eval.patterns.size(), message);
  if (overMax) v = {0, false, message};
  return v;
}

Verdict checkToolsNotCalled(const EvalDecl &eval, const std::vector<std::string> &called) {
  std::vector<std::string> found;
  for (const char *name : eval.patterns)
    if (std::find(called.begin(), called.end(), std::string(name)) != called.end()) found.push_back(name);
  return verdict(found.empty(), "the step called " + quotedList(found));
}

std::string extractJson(const std::string &text) {
  // A fenced block: ```json … ``` or ``` … ```.
  if (size_t fence = text.find("```"); fence != std::string::npos) {
    size_t start = text.find('\n', fence);
    size_t end = start == std::string::npos ? std::string::npos : text.find("```", start);
    if (end != std::string::npos) return text.substr(start + 1, end - start - 1);
  }
  size_t first = text.find_first_of("{[");
  size_t last = text.find_last_of("}]");
  if (first == std::string::npos || last == std::string::npos || last < first) return text;
  return text.substr(first, last - first + 1);
}

Verdict checkJsonValid(const EvalDecl &eval, const std::string &reply) {
  const std::string text = eval.extractJson ? extractJson(reply) : reply;
  try {
    Value::parse(text);
    return verdict(true, "");
  } catch (const Error &e) {
    return verdict(false, std::string("the output is not valid JSON (") + e.what() + "): " + head(text));
  }
}

Verdict checkJsonSchema(Run &run, const EvalDecl &eval, const Value &output) {
  // A string output is read as the JSON it holds (a prompt without output_schema replies text).
  Value value = output;
  if (output.isString()) {
    try {
      value = Value::parse(eval.extractJson ? extractJson(output.asString()) : output.asString());
    } catch (const Error &e) {
      return verdict(false, std::string("the output is not valid JSON (") + e.what() + "): " + head(output.asString()));
    }
  }
  const SchemaValidator *schema = run.schema(eval.schema);
  std::optional<std::string> problem = schema ? schema->validate(value) : std::nullopt;
  return verdict(!problem, "the output does not match the schema: " + problem.value_or(""));
}

Verdict checkLatency(const EvalDecl &eval, double durationMs) {
  Verdict v = verdict(durationMs <= eval.maxMs,
                      fmt::format("the attempt took {:.1f} ms, over the budget of {:g} ms", durationMs, eval.maxMs));
  v.score = durationMs;
  return v;
}

Verdict checkCostBudget(const EvalDecl &eval, const cost::Spend &spend) {
  if (eval.maxCostUsd >= 0 && spend.unpricedCalls > 0)
    throw Error(ErrorKind::StepFailed, fmt::format("its max_cost_usd needs the price of every call's model, and {} "
                                                   "call{} had none (docs/cost.md \"Prices\")",
                                                   spend.unpricedCalls, spend.unpricedCalls == 1 ? "" : "s"));
  std::vector<std::string> failures;
  if (eval.maxCostUsd >= 0 && spend.costUsd > eval.maxCostUsd)
    failures.push_back("cost " + formatUsd(spend.costUsd) + " exceeds the budget of " + formatUsd(eval.maxCostUsd));
  auto tokens = [&](const char *what, uint64_t used, double limit) {
    if (limit >= 0 && double(used) > limit) failures.push_back(fmt::format("{} tokens {} exceed {:g}", what, used, limit));
  };
  tokens("input", spend.inputTokens, eval.maxInputTokens);
  tokens("output", spend.outputTokens, eval.maxOutputTokens);
  tokens("total", spend.tokens(), eval.maxTotalTokens);
  std::string message;
  for (const std::string &f : failures) message += (message.empty() ? "" : "; ") + f;
  Verdict v = verdict(failures.empty(), "budget exceeded: " + message);
  if (failures.empty() && eval.maxCostUsd > 0) v.score = std::max(0.0, 1.0 - spend.costUsd / eval.maxCostUsd);
  return v;
}

}  // namespace wfc::evals

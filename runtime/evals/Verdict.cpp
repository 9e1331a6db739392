#include "evals/Verdict.h"

#include "Run.h"
#include "wfc/error.h"

#include "Pattern.h"

#include <cstdio>
#include <map>
#include <mutex>

namespace wfc::evals {
namespace {

std::string head(const std::string &text, size_t n = 80) { return text.size() <= n ? text : text.substr(0, n) + "…"; }

Verdict verdict(bool passed, std::string message) { return {passed ? 1.0 : 0.0, passed, passed ? "" : std::move(message)}; }

// Patterns compiled once per eval, on RE2 (runtime/Pattern.h): the compiler checked that RE2 runs
// them, and a compiled pattern is safe to share for matching.
const Pattern &compiled(const EvalDecl &eval) {
  static std::mutex mutex;
  static std::map<const EvalDecl *, std::shared_ptr<const Pattern>> cache;
  std::lock_guard lock(mutex);
  auto it = cache.find(&eval);
  if (it == cache.end()) {
    std::string error;
    std::shared_ptr<const Pattern> pattern = Pattern::compile(eval.text, &error);
    if (!pattern) throw Error(ErrorKind::StepFailed, "the pattern of eval '" + std::string(eval.id) + "' cannot run: " + error);
    it = cache.emplace(&eval, std::move(pattern)).first;
  }
  return *it->second;
}

}  // namespace

std::string outputText(const Value &output) { return output.isString() ? output.asString() : output.dump(); }

Verdict checkContains(const EvalDecl &eval, const std::string &text) {
  return verdict(text.find(eval.text) != std::string::npos,
                 "the output does not contain \"" + std::string(eval.text) + "\": " + head(text));
}

Verdict checkRegex(const EvalDecl &eval, const std::string &text) {
  return verdict(compiled(eval).search(text),
                 "the output does not match /" + std::string(eval.text) + "/: " + head(text));
}

Verdict checkJsonValid(const std::string &text) {
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
      value = Value::parse(output.asString());
    } catch (const Error &e) {
      return verdict(false, std::string("the output is not valid JSON (") + e.what() + "): " + head(output.asString()));
    }
  }
  const SchemaValidator *schema = run.schema(eval.schema);
  std::optional<std::string> problem = schema ? schema->validate(value) : std::nullopt;
  return verdict(!problem, "the output does not match the schema: " + problem.value_or(""));
}

Verdict checkLatency(const EvalDecl &eval, double durationMs) {
  char text[96];
  std::snprintf(text, sizeof text, "the attempt took %.1f ms, over the budget of %g ms", durationMs, eval.maxMs);
  Verdict v = verdict(durationMs <= eval.maxMs, text);
  v.score = durationMs;
  return v;
}

}  // namespace wfc::evals

// What an eval type backed by an LLM judge asks (docs/evals.md "Judged types"): PromptKit's judge
// request — a system prompt, then one user message "Content to evaluate:\n<content>\n\nCriteria:
// <criteria>" and "\n\nRubric: <rubric>" when there is one — and what it reads back. The eval's
// runner sends it (core/conversation/Judge.h), keyed, traced and recorded as the eval's exchange.
#pragma once

#include <functional>
#include <optional>
#include <string>

namespace wfc::evals {

struct JudgeAsk {
  std::string system;    // the judge's system prompt
  std::string content;   // what it evaluates
  std::string criteria;  // "" is sent as "Criteria: ", as PromptKit sends it
  std::string rubric;    // "": none
  std::string model;     // "": the run's
};

struct JudgeAnswer {
  double score = 0;
  std::optional<bool> passed;  // the judge's own "passed", when it gave one
  std::string reasoning;
};

// Throws wfc::Error when the judge does not answer, or answers without a numeric score.
using JudgeCall = std::function<JudgeAnswer(const JudgeAsk &ask)>;

// PromptKit's default judge system prompt (its judge_provider.go).
inline constexpr const char *kDefaultJudgeSystemPrompt =
    "You are an evaluation judge. Evaluate the following content and respond with a JSON object containing: "
    "\"passed\" (boolean), \"score\" (float 0-1), and \"reasoning\" (string).";

}  // namespace wfc::evals

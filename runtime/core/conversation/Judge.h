// Judging (docs/language/promptpack.md wfc.judge; also what the `llm_judge` eval asks): a prompt scores a target.
//
// The request: the prompt's system template, rendered with the variables `target` and `rubric`
// (besides the prompt's declared defaults), then one user message — the rubric, when there is
// one, and the target (a string as it is, anything else as JSON). The reply is asked for as
// structured JSON {score: number, rationale: string} (strict), parsed and validated; a reply that
// does not fit fails the attempt, as a prompt step's does (retried per `retry`).
#pragma once

#include "core/conversation/LlmStep.h"
#include "core/evals/JudgeCall.h"

namespace wfc::llm {

// The reply schema: {"score": number, "rationale": string}, both required.
extern const char *const kJudgeReplySchema;

// Asks prompt `prompt` (an index into ProgramDecl::prompts) to score `target` against `rubric`
// (JSON text, or null: none). The exchange is keyed and traced as the attempt `a`'s round 1.
// Returns {score, rationale}; throws wfc::Error (StepFailed for a reply that does not fit).
Value judge(const StepAttempt &a, int prompt, const Value &target, const char *rubric);

// The llm_judge eval in PromptKit's form (docs/evals.md "llm_judge"): the request PromptKit's
// judge sends — its system prompt (or `eval.judgeSystemPrompt`), one user message "Content to
// evaluate:\n…\n\nCriteria: …" (and "\n\nRubric: …"), temperature 0, at most 1024 tokens, the
// eval's model or the run's — keyed as the attempt's round 1 under the eval's id. The reply's JSON
// is read from its first '{' to its last '}'. Returns {score, passed?, reasoning}; a reply
// without a numeric score is an error, as in PromptKit (no default score).
Value judgeCriteria(const StepAttempt &a, const EvalDecl &eval, const std::string &content);

// PromptKit's judge request for `ask` (core/evals/JudgeCall.h), keyed as the attempt's round 1
// under `key` (the eval's id); the reply read as judgeCriteria reads it.
evals::JudgeAnswer judgeContent(const StepAttempt &a, const char *key, const evals::JudgeAsk &ask);

}  // namespace wfc::llm

// Judging (docs/language/promptpack.md wfc.judge; also what the `llm_judge` eval asks): a prompt scores a target.
//
// The request: the prompt's system template, rendered with the variables `target` and `rubric`
// (besides the prompt's declared defaults), then one user message — the rubric, when there is
// one, and the target (a string as it is, anything else as JSON). The reply is asked for as
// structured JSON {score: number, rationale: string} (strict), parsed and validated; a reply that
// does not fit fails the attempt, as a prompt step's does (retried per `retry`).
#pragma once

#include "llm/LlmStep.h"

namespace wfc::llm {

// The reply schema: {"score": number, "rationale": string}, both required.
extern const char *const kJudgeReplySchema;

// Asks prompt `prompt` (an index into ProgramDecl::prompts) to score `target` against `rubric`
// (JSON text, or null: none). The exchange is keyed and traced as the attempt `a`'s round 1.
// Returns {score, rationale}; throws wfc::Error (StepFailed for a reply that does not fit).
Value judge(const StepAttempt &a, int prompt, const Value &target, const char *rubric);

}  // namespace wfc::llm

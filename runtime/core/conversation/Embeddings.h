// Embedding texts for an eval (docs/evals.md "cosine_similarity"): one exchange with the run's
// provider's /embeddings endpoint, handled as a model exchange is — keyed as the attempt's
// round 1 (so recorded, replayed and answered from the journal on resume), priced, held against
// a budget while in flight, and traced as an `llm_call` line with `operation: "embeddings"`.
#pragma once

#include "core/conversation/LlmStep.h"

#include <string>
#include <vector>

namespace wfc::llm {

// The embeddings of `texts` by `model` on the run's default provider, in order, all of one
// length; the exchange keyed under the attempt `a` (its path names the eval) and `prompt` (for
// messages). Throws wfc::Error as an exchange does.
std::vector<std::vector<double>> embedTexts(const StepAttempt &a, const std::string &prompt, const std::string &model,
                                            const std::vector<std::string> &texts);

}  // namespace wfc::llm

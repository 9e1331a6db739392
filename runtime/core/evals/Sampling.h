// Sampling triggers (sample_turns, sample_sessions): an eval with sample_percentage P runs on
// about P % of what it could evaluate. The draw is a hash of the eval, the step path, the item
// and the output evaluated — not a random number — so the same output at the same place always
// draws the same way: a replayed run (same outputs) evaluates exactly what the recorded run did,
// and distinct outputs spread evenly over the share (docs/evals.md).
#pragma once

#include "wfc/program.h"

#include <optional>
#include <string>

namespace wfc::evals {

bool drawn(const EvalDecl &eval, const std::string &stepPath, std::optional<int64_t> item, const std::string &output);

}  // namespace wfc::evals

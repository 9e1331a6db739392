// A deep copy of a step and its inner steps. The copy's pointers (predecessors, references,
// guards, fallbacks, branch targets) still point where the original's do; the caller remaps them
// (passes/InlineSubflows does, onto the copies it made).
#pragma once

#include "ir/Step.h"

#include <memory>

namespace wfc::ir {

std::unique_ptr<Step> cloneStep(const Step &step);

}  // namespace wfc::ir

// The optimization pipeline of each -O level, in one place.
#pragma once

#include "passes/PassManager.h"

namespace wfc::passes {

// -O0: no passes (subflows stay calls, steps run one at a time in reference order).
// -O1: inline subflows, fold predicates over literals, then parallelize (the static plan).
void buildPipeline(PassManager &pm, unsigned optLevel);

// The names of the passes of -O1, in order (for --print-ir-after's check).
std::vector<std::string> passNames();

}  // namespace wfc::passes

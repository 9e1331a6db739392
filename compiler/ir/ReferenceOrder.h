// docs/semantics.md's reference order: the top-level steps of a composition in the topological order of
// its step graph that keeps `steps[]` order wherever the graph allows. At -O0 steps run one at a
// time in this order; every -O level must give the same results as it.
#pragma once

#include "ir/Module.h"

#include <vector>

namespace wfc::ir {

// The composition's top-level steps in reference order. Edges into and out of a parallel's
// branches count as edges of the parallel step. Requires an acyclic graph (the IR verifier's
// guarantee).
std::vector<const Step *> referenceOrder(const Composition &composition);
// The same for one list of steps (a wfc.loop's `steps`): edges from steps outside the list are
// left out — those steps finish before the list's block starts.
std::vector<const Step *> referenceOrder(const std::vector<std::unique_ptr<Step>> &steps);

}  // namespace wfc::ir

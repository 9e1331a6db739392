// Paths below a value as the step tables hold them (wfc::PathKey): followed exactly as generated
// code's StepContext::at follows its PathSteps, with the same messages.
#pragma once

#include "wfc/program.h"

#include <initializer_list>

namespace wfc {

// Follows `path` below `base`; fails the step naming `ref` when the value lacks it.
Value followPath(const Value &base, std::initializer_list<PathKey> path, const char *ref);

}  // namespace wfc

// An eval's `threshold {operator, value}`: compares the eval's score with the value. Without
// one, each type's own rule decides (docs/evals.md).
#pragma once

#include "wfc/program.h"

#include <string>

namespace wfc::evals {

bool meets(Compare op, double score, double value);
// ">= 4": as the trace and the report show it; "" for Compare::None.
std::string describe(Compare op, double value);

}  // namespace wfc::evals

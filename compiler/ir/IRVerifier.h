// Checks the IR's structural invariants. Sema produces IR that satisfies them; passes must
// preserve them (`--verify-each` runs this between passes). A failure is a compiler bug, not a
// user error, so problems come back as plain strings for an internal-error report.
#pragma once

#include "ir/Module.h"

#include <string>
#include <vector>

namespace wfc::ir {

// Returns every violated invariant; empty when the module is well-formed.
std::vector<std::string> verifyModule(const Module &module);

}  // namespace wfc::ir

// Checks the IR's structural invariants. Sema produces IR that satisfies them; passes must
// preserve them (`--verify-each` runs this between passes). A failure is a compiler bug, not a
// user error: the driver reports each problem as an internal error at the node it is about.
#pragma once

#include "ir/Module.h"

#include <string>
#include <vector>

namespace wfc::ir {

struct VerifierProblem {
  llvm::SMLoc loc;      // the node the problem is about (may be invalid for built-by-hand IR)
  std::string message;  // "composition 'main': step 'b' has index 5, not 1"
};

// Returns every violated invariant; empty when the module is well-formed.
std::vector<VerifierProblem> verifyModule(const Module &module);

}  // namespace wfc::ir

// Which tool calls the run need not check against the tool's parameters: those whose arguments
// the compiler proved valid (docs/codegen.md). Tool steps and rollback actions both ask.
#pragma once

#include "ir/Step.h"

namespace wfc::codegen {

// Sema checked the constant parts of the step's `args` at compile time; true when every dynamic
// part lands on a property whose subschema accepts anything, in an object schema with no other
// constraints.
bool argumentsProvenValid(const ir::Step &step);

}  // namespace wfc::codegen

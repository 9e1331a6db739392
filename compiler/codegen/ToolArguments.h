// Which tool calls the run need not check against the tool's parameters: those whose arguments
// the compiler proved valid (docs/codegen.md). Tool steps and rollback actions both ask.
#pragma once

#include "codegen/EmitContext.h"
#include "ir/Step.h"

#include <optional>
#include <string>

namespace wfc::codegen {

// Sema checked the constant parts of the step's `args` at compile time; true when every dynamic
// part lands on a property whose subschema accepts anything, in an object schema with no other
// constraints.
bool argumentsProvenValid(const ir::Step &step);

// A tool step's arguments as the rows of its StepDecl::arguments (docs/codegen.md "Tool steps as
// data"): "{}" for none, else one `{.key = …}` per member, a line each; nullopt when they need
// code — a member that is neither a constant nor a reference to the input or a step's output
// (an interpolation, an expression, `${item}`, a variable, an object built around a reference).
std::optional<std::string> argumentsAsData(const ir::Step &step, EmitContext &ctx, const CompositionNames &names);

}  // namespace wfc::codegen

// The arguments of a tool step written as data (StepDecl::arguments, docs/codegen.md "Tool steps
// as data"), built when an attempt runs.
#pragma once

#include "wfc/program.h"

namespace wfc {

// The arguments object of tool step `step`: each member a constant or a reference resolved
// against `ctx`, as the generated code of a step function would resolve it.
Value toolArguments(const StepDecl &step, const StepContext &ctx);

// One attempt of a step that has no function: a tool step given as data calls its tool with
// toolArguments(); any other such step is an internal error (a table codegen did not write).
Value runStepWithoutFunction(const StepDecl &step, StepContext &ctx);

}  // namespace wfc

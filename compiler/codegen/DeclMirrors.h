// The mirrors (codegen/DeclMirror.h) of the tables of include/wfc/program.h that codegen writes,
// in the order program.h declares them. Each lists its table type's fields in declaration order:
// a field added to program.h fails wfc's build until it is added here.
#pragma once

#include "codegen/DeclMirror.h"

#include <wfc/program.h>

namespace wfc::codegen {

// A step table's row (kSteps) and a chat task's turn (kTurn_<prompt>).
#define WFC_STEP_DECL_FIELDS(F)                                                                       \
  F(id) F(key) F(kind) F(effect) F(location) F(parent) F(after) F(order) F(guard) F(guardedBy) F(run) \
  F(predicate) F(thenStep) F(elseStep) F(reduce) F(into) F(maxAttempts) F(backoffMs) F(timeoutMs)     \
  F(tool) F(argsChecked) F(callee) F(fallback) F(fallbackValue) F(prompt) F(provider) F(outputSchema) \
  F(strictOutput) F(tools) F(maxSteps) F(toolCalled) F(maxConcurrency) F(maxIterations) F(rubric)     \
  F(evals) F(cache) F(definitionHash) F(needs) F(action) F(capture)
WFC_DECL_MIRROR(StepDeclFields, wfc::StepDecl, WFC_STEP_DECL_FIELDS);

// A composition (kComposition in its namespace).
#define WFC_COMPOSITION_DECL_FIELDS(F) \
  F(name) F(location) F(inputSchema) F(outputSchema) F(output) F(steps) F(toolComposition) F(variableStore) F(variables)
WFC_DECL_MIRROR(CompositionDeclFields, wfc::CompositionDecl, WFC_COMPOSITION_DECL_FIELDS);

}  // namespace wfc::codegen

// The runtime's enumerator (include/wfc/program.h) of each of the IR's step kinds, actions and
// effects. The IR keeps enumerations of its own — the compiler's vocabulary, which need not
// follow the runtime's tables — and takes every name of one from the runtime's, through
// <wfc/names.h>: the pack's spelling (ir::spell) and the C++ enumerator generated code writes.
#pragma once

#include "ir/Step.h"

#include <wfc/program.h>

namespace wfc::ir {

wfc::StepKind toRuntime(StepKind kind);
wfc::ActionKind toRuntime(ActionKind action);
wfc::Effect toRuntime(Effect effect);

}  // namespace wfc::ir

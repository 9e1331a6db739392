// How generated code names a runtime enumerator of an IR kind, action or effect:
// `wfc::StepKind::Loop`, `wfc::Effect::Read`, `wfc::ActionKind::ReadFile` — from <wfc/names.h>,
// where the runtime's own names are.
#pragma once

#include "ir/RuntimeEnums.h"

#include <wfc/names.h>

#include <string>

namespace wfc::codegen {

template <typename IrEnum>
std::string cppEnumerator(IrEnum value) {
  return std::string("wfc::") + names::cppName(ir::toRuntime(value));
}

}  // namespace wfc::codegen

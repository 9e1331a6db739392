// The type of a native tool and the table entry that names it: shared by <wfc/tool.h> (for
// tool authors) and <wfc/program.h> (for generated code), which must not include each other.
#pragma once

#include "wfc/value.h"

namespace wfc {

struct ToolCall;  // <wfc/tool.h>

// A native tool (docs/bindings.md); <wfc/tool.h> documents the contract.
using NativeTool = Value (*)(const Value &args, const ToolCall &call);

// The native functions an executable was linked with: generated code passes its table to the
// runtime, which binds `native: NAME` entries against it.
struct NativeToolEntry {
  const char *name;
  NativeTool fn;
};

}  // namespace wfc

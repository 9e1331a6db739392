// Native tools for the runtime benchmarks: a no-op (the per-step overhead floor) and a 20 ms
// wait (the fan-out shape of DESIGN.md's Performance section).
#include <wfc/tool.h>

#include <chrono>

// Returns its `value` argument: a chain passes one value along without growing it.
wfc::Value noop(const wfc::Value &args, const wfc::ToolCall &) { return args.get("value").value_or(wfc::Value()); }

wfc::Value wait_20ms(const wfc::Value &args, const wfc::ToolCall &call) {
  call.cancel.waitFor(std::chrono::milliseconds(20));
  return args;
}

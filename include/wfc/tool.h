// wfc::ToolCall and wfc::NativeTool — what a tool implementation sees, and the signature of a
// `native` tool (docs/bindings.md): a C++ function the user compiles into the workflow's executable.
//
//   // my_tools.cpp, added with `wfc compile … --native my_tools.cpp` (or NATIVE_TOOLS in CMake)
//   #include <wfc/tool.h>
//   #include <nlohmann/json.hpp>   // only if you want json(); Value has accessors of its own
//
//   wfc::Value extract_citations(const wfc::Value &args, const wfc::ToolCall &call) {
//     const std::string &text = args.get("text")->asString();
//     …
//     return wfc::Value::object({{"citations", wfc::Value::array(std::move(found))}});
//   }
//
// bound in the bindings file as `doc.extract_citations: { native: extract_citations }`. The
// function is declared by the generated code with exactly this signature in the global
// namespace, so it must be defined there with external linkage. It may run on any thread and
// concurrently with itself. To fail the step, throw wfc::Error (its kind picks the exit code) or
// any std::exception (exit 1). Long-running work should watch `call.cancel`, and may say how it
// is getting on with `call.emit("progress", wfc::Value::object({{"done", …}}))`: a `custom` event
// of the run's --stream (docs/streaming.md).
#pragma once

#include "wfc/cancellation.h"
#include "wfc/error.h"
#include "wfc/native.h"
#include "wfc/value.h"

#include <string_view>

namespace wfc {

// Where a tool's custom events go (docs/streaming.md): the run gives one to each call when
// something streams the run's events.
class ToolEvents {
 public:
  virtual void emit(std::string_view tool, std::string_view name, const Value &data) const = 0;

 protected:
  ~ToolEvents() = default;
};

struct ToolCall {
  std::string_view tool;            // the tool's declared name: "doc.extract_citations"
  std::string_view idempotencyKey;  // "RUN/STEP/ATTEMPT" (docs/semantics.md): the same on a resumed run
  const CancellationToken &cancel;  // cancelled on timeout, on a failing sibling, on a signal
  // Where the calling step wants its tools to work (AWL's prompt-agent `working-dir`,
  // docs/awl.md); empty: nowhere in particular. An exec tool without a `cwd` of its own runs there.
  std::string_view workingDir = {};
  const ToolEvents *events = nullptr;  // null: nothing takes custom events

  // A custom event of the run (docs/streaming.md): a line {"event": "custom", "step", "tool",
  // "name", "data"} of --stream, as it happens. Does nothing when nothing streams the run. Safe
  // from any thread the tool runs on, while the call lasts: not after the tool has returned.
  void emit(std::string_view name, const Value &data) const {
    if (events) events->emit(tool, name, data);
  }
};

// NativeTool, the function type, and NativeToolEntry are declared in <wfc/native.h>.

}  // namespace wfc

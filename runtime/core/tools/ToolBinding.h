// A tool's implementation as the bindings file chose it (docs/bindings.md): exec, mock, builtin or
// native. The run calls every tool through this one interface.
#pragma once

#include "core/tools/BuiltinTools.h"
#include "core/tools/ExecTool.h"
#include "core/tools/MockTool.h"
#include "wfc/tool.h"

#include <memory>
#include <string>

namespace wfc {
struct HttpSettings;  // common/BindingsFile.h
}  // namespace wfc

namespace wfc::tools {

class ToolBinding {
 public:
  virtual ~ToolBinding();
  // One call; throws wfc::Error as the implementation fails. Thread-safe.
  virtual Value call(const Value &args, const ToolCall &call) const = 0;
  // One line for plans and traces: "exec: python3 tools/parse.py (timeout 5000 ms)", "mock",
  // "builtin read_file", "native extract_citations".
  virtual std::string describe() const = 0;
};

std::unique_ptr<ToolBinding> makeExecBinding(ExecSpec spec);
std::unique_ptr<ToolBinding> makeMockBinding(MockTool mock);
std::unique_ptr<ToolBinding> makeBuiltinBinding(std::string name, std::shared_ptr<const BuiltinTools> builtins);
std::unique_ptr<ToolBinding> makeNativeBinding(std::string name, NativeTool fn);
// `where`: the binding's place in its file, for errors. Defined in HttpTool.cpp. (makeMcpBinding:
// core/tools/McpTool.h.)
std::unique_ptr<ToolBinding> makeHttpBinding(const std::string &tool, const std::string &where, const HttpSettings &http);

}  // namespace wfc::tools

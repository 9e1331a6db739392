// The tool table (docs/bindings.md): which implementation each declared tool of a run gets — the
// compiled-in bindings, each entry of a --bindings file replacing the default for its tool.
#pragma once

#include "common/BindingsFile.h"
#include "core/tools/ToolBinding.h"
#include "wfc/tool.h"

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace wfc {
namespace tools {
class McpServers;
}

// Every declared tool bound to an implementation: the compiled-in defaults, each entry of the
// run-time override file replacing the default for its tool.
class ToolTable {
 public:
  struct Options {
    std::string workspace = ".";  // where builtin file tools are confined
    bool allowUnbound = false;    // an unbound tool is then the caller's run-time error
    std::vector<NativeToolEntry> natives;
    // The tools' declared `parameters` schemas (JSON text) by tool name: an mcp binding checks
    // its MCP tool's input schema against them.
    std::map<std::string, std::string> parameters = {};
  };

  // `declared`: the pack's tool names; `required`: those the workflow calls (each must be bound
  // unless allowUnbound). Either file may be null. Throws wfc::Error(Usage) naming the problem
  // and, when it is written in a file, where. An entry for a tool no program declares is skipped
  // (a warning, or nothing in the compiled-in file, which the compiler checked), unless its name
  // is a did-you-mean away from a declared one: a misspelled binding is an error.
  ToolTable(const std::vector<std::string> &declared, const std::vector<std::string> &required,
            const BindingsFile *defaults, const BindingsFile *overrides, Options options);
  // Every declared tool is required.
  ToolTable(const std::vector<std::string> &declared, const BindingsFile *defaults, const BindingsFile *overrides,
            Options options);
  ~ToolTable();
  ToolTable(const ToolTable &) = delete;
  ToolTable &operator=(const ToolTable &) = delete;

  const tools::ToolBinding *find(std::string_view tool) const;  // null when unbound
  std::string describe(std::string_view tool) const;            // "unbound" when unbound
  // The overriding file's entries for tools no program declares, none close to a declared name
  // (docs/bindings.md "Tools the pack does not declare"): a team's one bindings file for several
  // packs. Each is a warning for the caller to print; one close to a declared name is an error.
  const std::vector<std::string> &warnings() const { return warnings_; }

 private:
  std::map<std::string, std::unique_ptr<tools::ToolBinding>, std::less<>> bindings_;
  std::vector<std::string> warnings_;
  std::unique_ptr<tools::McpServers> mcpServers_;  // the run's MCP servers, stopped with the table
};

}  // namespace wfc

// The bindings file (SPEC §4): which implementation each declared tool gets. Parsed and
// shape-checked in full when it is read — by the compiler for the compiled-in defaults, by the
// executable for a --bindings override — so a run never meets a malformed binding halfway.
#pragma once

#include "tools/ToolBinding.h"
#include "wfc/tool.h"
#include "wfc/value.h"

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace wfc {

class BindingsFile {
 public:
  struct Entry {
    std::string tool;   // the declared tool name: "doc.parse_structure"
    std::string where;  // "ORIGIN:LINE:COL" of the name
    std::string kind;   // exec, http, mcp, native, mock, builtin
    Value spec;         // the binding's own value: {argv: […]}, "read_file", {result: …}
    std::string native;  // native: the function's name
  };
  struct McpServer {
    std::string name, where;
    Value spec;
  };

  // `origin` names the document in messages (a path, or "<compiled-in bindings>"). Throws
  // wfc::Error(Usage) "ORIGIN:LINE:COL: what is wrong" for anything malformed.
  static BindingsFile parse(std::string_view text, const std::string &origin);
  // Throws wfc::Error(Usage) when the file cannot be read, or as parse() does.
  static BindingsFile load(const std::string &path);

  const std::vector<Entry> &entries() const { return entries_; }
  const Entry *find(std::string_view tool) const;
  const std::vector<McpServer> &mcpServers() const { return mcpServers_; }

 private:
  std::vector<Entry> entries_;
  std::vector<McpServer> mcpServers_;
};

// The same bindings as compact JSON (entries in file order), for baking into generated code;
// parse() of it gives the same entries.
std::string toJsonText(const BindingsFile &file);

// Every declared tool bound to an implementation: the compiled-in defaults, each entry of the
// run-time override file replacing the default for its tool.
class ToolTable {
 public:
  struct Options {
    std::string workspace = ".";
    bool allowUnbound = false;
    std::vector<NativeToolEntry> natives;
  };

  // `declared`: the pack's tool names; `required`: those the workflow calls (each must be bound
  // unless allowUnbound). Throws wfc::Error(Usage) naming the problem and where it is written.
  ToolTable(const std::vector<std::string> &declared, const std::vector<std::string> &required,
            const BindingsFile *defaults, const BindingsFile *overrides, Options options);
  ~ToolTable();

  const tools::ToolBinding *find(std::string_view tool) const;  // null when unbound
  std::string describe(std::string_view tool) const;            // "unbound" when unbound

 private:
  std::map<std::string, std::unique_ptr<tools::ToolBinding>, std::less<>> bindings_;
};

}  // namespace wfc

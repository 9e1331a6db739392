// The `mcp` binding (docs/bindings.md): a declared tool that runs as a tool of an MCP server.
//
// Each call starts the server if it is not running yet (McpClient::start: initialize,
// tools/list; bounded by the larger of timeout_ms and 60 s), then — once per binding — checks the server's tool against the pack's declaration
// (below), then sends tools/call {name, arguments} and waits for its result. The step's output is
// the result's `structuredContent` when present, else the text of its single text block (a
// string), else its `content` array. `isError: true` fails the step with the result's text.
//
// The compatibility rule between the pack's `parameters` (P) and the MCP tool's `inputSchema`
// (S), checked when the binding first runs (a pack that declares no parameters is not checked):
//   1. the MCP tool exists (else: its tools, with a did-you-mean);
//   2. P is an object schema (no `type`, or `type: object`);
//   3. every property S requires, P requires too;
//   4. every property P declares is a property of S — unless S allows others (its
//      `additionalProperties` is `true` or a schema, or it has no `properties` at all and does not
//      forbid them);
//   5. where both give a property a `type`, every type P allows is one S allows ("integer" is
//      also a "number"). Only the top level is compared: nested schemas, enums, formats and
//      bounds are the server's to check.
// A mismatch fails the call (exit 1) naming both tools and every problem.
#pragma once

#include "core/tools/McpClient.h"
#include "core/tools/ToolBinding.h"
#include "wfc/value.h"

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace wfc::tools {

struct McpToolSpec {
  std::string tool;                 // the pack's tool: "fs.read"
  std::string where;                // the binding's place, for messages
  std::string mcpTool;              // the server's tool: "read_file" (default: `tool`)
  int64_t timeoutMs = 60000;        // one call; 0: none. The server's start: at least 60 s
  std::optional<Value> parameters;  // the pack's `parameters` schema, when it declares one
};

// The problems that make a pack's `parameters` schema incompatible with an MCP tool's
// `inputSchema` under the rule above, in a stable order; empty when compatible.
std::vector<std::string> mcpSchemaProblems(const Value &parameters, const Value &inputSchema);

// The MCP output of a tools/call result (docs/bindings.md); throws wfc::Error(StepFailed) "TOOL failed:
// TEXT" for `isError: true`, and for a result that is not an object with `content`.
Value mcpToolOutput(const Value &result, const std::string &toolText);

// The servers of one run: one McpClient per server definition, shared by every binding to it.
// Its destructor stops them all at once (stdin closed everywhere first, then each waited for).
class McpServers {
 public:
  McpServers() = default;
  ~McpServers();
  McpServers(const McpServers &) = delete;
  McpServers &operator=(const McpServers &) = delete;

  // The client for `spec` (same name and same definition: same client). Not started.
  std::shared_ptr<McpClient> get(const McpServerSpec &spec);
  void shutdownAll();

 private:
  std::mutex mutex_;
  std::vector<std::pair<std::string, std::shared_ptr<McpClient>>> clients_;  // key: name + definition
};

// `describe()` is "mcp: SERVER/TOOL".
std::unique_ptr<ToolBinding> makeMcpBinding(McpToolSpec spec, std::shared_ptr<McpClient> client);

}  // namespace wfc::tools

// The tools an executable's MCP server offers (docs/mcp-server.md): one per program — named after
// the pack's id — or, for a chat program, one per task; their MCP descriptions (tools/list), and
// how a run's outcome becomes a tools/call result.
#pragma once

#include "host/mcp_server/JsonRpc.h"
#include "host/session/ExecuteRun.h"
#include "wfc/program.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace wfc::mcp {

struct ServedTool {
  std::string name;
  std::string title;  // the pack's human-readable name (its `name`), when it has one
  std::string description;
  Json inputSchema;                 // always {"type": "object", …}: MCP requires it
  std::optional<Json> outputSchema;  // when the output has a declared schema
  // The output goes in structuredContent as {"result": OUTPUT} (MCP's structuredContent is an
  // object): always when the declared output schema does not make the output an object;
  // without one, whenever the output is not an object.
  bool wrapsOutput = false;
  const ChatTaskDecl *task = nullptr;  // a chat program's task
};

// MCP tool names are 1 to 128 characters from A-Z, a-z, 0-9, '_', '-' and '.': every other
// character becomes '_', and the name is cut at 128 (empty: "workflow").
std::string mcpToolName(std::string_view name);

// The program's tools, in tools/list order.
std::vector<ServedTool> servedTools(const ProgramDecl &program);

// The tool's tools/list entry.
Json listEntry(const ServedTool &tool);

// The tools/call result of a run: structuredContent (the output, wrapped as `wrapsOutput` says)
// and a text block with its JSON; on failure isError with the message as text, plus the output
// when the failure carries one. _meta carries the run's id and exit code.
Json callResult(const ServedTool &tool, const RunOutcome &outcome);

// A tools/call that fails before its run starts (arguments that do not match the inputSchema):
// isError with `message`, exit code 2.
Json inputErrorResult(const std::string &message);

}  // namespace wfc::mcp

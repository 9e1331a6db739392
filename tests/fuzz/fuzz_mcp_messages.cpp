// The MCP client's handling of what a server writes (docs/bindings.md "mcp"; core/tools/McpClient.h):
// each line of the input is one line of the server's stdout, handled by McpClient::handleLine as
// the client's I/O thread handles it — JSON-RPC responses matched to pending requests, requests
// from the server answered, notifications noted, batches, lines that are not JSON — on a client
// with three requests in flight (ids 1 to 3, as after initialize, tools/list and tools/call),
// without a process. A response's result then goes where the binding sends it: read as a
// tools/list page (each tool's inputSchema compared with a pack's parameters,
// mcpSchemaProblems) and as a tools/call result (mcpToolOutput).
//
// Invariants checked besides crashes: everything the client queues for the server is a line of
// JSON-RPC 2.0; what it keeps of the server's output for error messages stays bounded ("the last
// 8 KiB", McpClient.h), however much the server writes.
#include "FuzzTarget.h"

#include "core/tools/McpClient.h"
#include "core/tools/McpTool.h"
#include "wfc/error.h"

#include <nlohmann/json.hpp>

#include <memory>
#include <string>
#include <vector>

namespace wfc::tools {

// A client's insides, as its I/O thread sees them (McpClient.h declares this friend).
struct McpClientFuzzAccess {
  explicit McpClientFuzzAccess(McpClient &c) : client(c) {}

  void expect(int64_t id) {
    auto request = std::make_shared<McpClient::Pending>();
    client.pending_[id] = request;
    requests.push_back(std::move(request));
  }
  void handle(const std::string &line) { client.handleLine(line); }
  // The results of the requests that got one (an error response has none).
  std::vector<Value> results() const {
    std::vector<Value> out;
    for (const auto &request : requests)
      if (request->done && request->result) out.push_back(*request->result);
    return out;
  }
  const std::string &queued() const { return client.outQueue_; }
  size_t kept() const { return client.stderr_.size(); }

  McpClient &client;
  std::vector<std::shared_ptr<McpClient::Pending>> requests;
};

}  // namespace wfc::tools

namespace {

using wfc::tools::McpClientFuzzAccess;

// A pack's `parameters` for the tool (McpTool.h's compatibility rule reads its top level).
const wfc::Value &packParameters() {
  static const wfc::Value parameters = wfc::Value::parse(
      R"({"type": "object", "properties": {"path": {"type": "string"}, "limit": {"type": "integer"}},
          "required": ["path"], "additionalProperties": false})");
  return parameters;
}

void useResult(const wfc::Value &result) {
  if (auto tools = result.get("tools"); tools && tools->isArray())
    for (size_t i = 0; i < tools->size(); ++i)
      if (auto schema = tools->at(i)->get("inputSchema"); schema && schema->isObject())
        (void)wfc::tools::mcpSchemaProblems(packParameters(), *schema);
  try {
    (void)wfc::tools::mcpToolOutput(result, "tool 'fs.read' (mcp: files/read_file)");
  } catch (const wfc::Error &) {
    // isError, or not a tools/call result: the step fails with the server's text
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  wfc::tools::McpServerSpec spec;
  spec.name = "files";
  wfc::tools::McpClient client(spec);
  McpClientFuzzAccess access(client);
  for (int64_t id = 1; id <= 3; ++id) access.expect(id);

  std::string_view text = wfc::fuzz::asText(data, size);
  for (size_t start = 0; start <= text.size();) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    access.handle(std::string(text.substr(start, end - start)));
    start = end + 1;
  }
  for (const wfc::Value &result : access.results()) useResult(result);

  const std::string &queued = access.queued();
  for (size_t start = 0; start < queued.size();) {
    size_t end = queued.find('\n', start);
    if (end == std::string::npos) wfc::fuzz::fail("the client queued a message without its newline");
    nlohmann::json message = nlohmann::json::parse(queued.substr(start, end - start), nullptr, false);
    if (message.is_discarded() || !message.is_object() || message.value("jsonrpc", "") != "2.0")
      wfc::fuzz::fail("the client queued a line that is not JSON-RPC 2.0: " + queued.substr(start, end - start));
    start = end + 1;
  }
  // Twice the 8 KiB the client keeps, plus one line of the server's stdout (cut at 200 bytes).
  if (access.kept() > 2 * 8192 + 256)
    wfc::fuzz::fail("the client keeps " + std::to_string(access.kept()) + " bytes of the server's output for its error messages");
  return 0;
}

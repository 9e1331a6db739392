// An MCP server session over stdio (docs/mcp-server.md): JSON-RPC 2.0 requests read one per line
// from the input, answers and notifications written one per line by a LineWriter.
//
// It answers initialize (negotiating the protocol version), ping, tools/list and tools/call, and
// takes notifications/initialized and notifications/cancelled. Each tools/call runs on a thread
// of its own (ExecuteRun.h), at once with the others, with a token that notifications/cancelled
// for its request id cancels — a cancelled call gets no answer, as MCP asks — and, when the
// request carries _meta.progressToken, a notifications/progress per finished step. Malformed
// lines get a JSON-RPC error and the session goes on; unknown methods get "method not found".
// At EOF on the input (the client is done) or when `stop` is cancelled (a signal), in-flight
// calls are cancelled and waited for, and serve() returns.
#pragma once

#include "host/mcp_server/JsonRpc.h"
#include "host/mcp_server/ToolCatalog.h"
#include "host/session/ExecuteRun.h"
#include "wfc/cancellation.h"

#include <condition_variable>
#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace wfc::mcp {

// The protocol revisions this server speaks, newest first (docs/mcp-server.md).
inline constexpr const char *kProtocolVersions[] = {"2025-11-25", "2025-06-18"};

class McpServer {
 public:
  struct Options {
    int inputFd = 0;
    int outputFd = 1;
    std::optional<workflow::EventFile> events;  // --events: each call takes them from the start
    // A longer line is answered with an error and skipped: a client cannot make the server hold
    // an unbounded line in memory.
    size_t maxMessageBytes = size_t(64) << 20;
  };

  McpServer(const RunEnvironment &env, std::vector<ServedTool> tools, Options options);
  ~McpServer();
  McpServer(const McpServer &) = delete;
  McpServer &operator=(const McpServer &) = delete;

  // Serves until EOF on the input or `stop`; returns once every call has ended and every message
  // is written.
  void serve(const CancellationToken &stop);

 private:
  struct Call;

  void handleLine(const std::string &line);
  void handleRequest(const Json &id, const std::string &method, const Json &params);
  void handleNotification(const std::string &method, const Json &params);
  Json initialize(const Json &params);
  void startCall(const Json &id, const Json &params);
  void runCall(const std::shared_ptr<Call> &call);
  void cancelCalls(const std::string &reason);
  void joinFinished();
  const ServedTool *findTool(const std::string &name) const;

  const RunEnvironment &env_;
  std::vector<ServedTool> tools_;
  Options options_;
  LineWriter writer_;
  CancellationToken session_;  // cancelled when the session ends: every call's token is its child
  bool initialized_ = false;    // initialize answered

  std::mutex mutex_;
  std::condition_variable callsDone_;                   // a call ended
  std::map<std::string, std::shared_ptr<Call>> calls_;  // in flight, by the request id's JSON text
  std::vector<std::thread> finished_;                   // threads of calls that ended, to join
};

}  // namespace wfc::mcp

// JSON-RPC 2.0 as MCP's stdio transport carries it (docs/mcp-server.md): one message per line,
// UTF-8, no embedded newlines. The message shapes the server sends, the error codes it answers
// with, and LineWriter, the one writer of the protocol stream.
#pragma once

#include <nlohmann/json.hpp>

#include <condition_variable>
#include <deque>
#include <mutex>
#include <string>
#include <thread>

namespace wfc::mcp {

using Json = nlohmann::ordered_json;

// JSON-RPC 2.0's error codes.
namespace rpc {
inline constexpr int kParseError = -32700;
inline constexpr int kInvalidRequest = -32600;
inline constexpr int kMethodNotFound = -32601;
inline constexpr int kInvalidParams = -32602;
inline constexpr int kInternalError = -32603;
}  // namespace rpc

Json resultMessage(const Json &id, Json result);
Json errorMessage(const Json &id, int code, const std::string &message);
Json notificationMessage(const std::string &method, Json params);

// Writes messages to a file descriptor, one line each, from a thread of its own: senders (a
// run's worker threads reporting progress among them) never block on a slow reader, and a
// reader that went away (EPIPE) costs no SIGPIPE — the thread blocks it — only the messages,
// which are dropped from then on.
class LineWriter {
 public:
  explicit LineWriter(int fd);
  ~LineWriter();  // close()
  LineWriter(const LineWriter &) = delete;
  LineWriter &operator=(const LineWriter &) = delete;

  void send(const Json &message);  // thread-safe; invalid UTF-8 is replaced, never thrown on
  // Writes what is queued, then stops the thread. Later sends are dropped.
  void close();
  bool broken() const;  // the reader went away

 private:
  void loop();

  int fd_;
  mutable std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<std::string> queue_;
  bool closing_ = false, broken_ = false;
  std::thread thread_;
};

}  // namespace wfc::mcp

// An MCP client over stdio (docs/bindings.md `mcp`): one server process, spoken to in JSON-RPC 2.0, one
// message per line on its stdin and stdout (the MCP stdio transport, protocol 2025-06-18).
//
// The process is started by start() — the first caller does it, concurrent callers wait for it —
// in a process group of its own, with the inherited environment plus `env`, in `cwd`. Starting
// sends `initialize`, the `notifications/initialized` notification and `tools/list` (following
// `nextCursor`), and keeps the tool list. A failed start is final: every later start() throws the
// same error (a start that timed out or was cancelled is not a failure: the next caller starts
// again).
//
// One I/O thread per process owns the pipes: it writes queued messages to stdin, reads stdout and
// dispatches responses to their requests by id (so calls from any number of threads run at once),
// answers the server's `ping` (and any other request with "method not found"), notes
// `notifications/tools/list_changed`, ignores other notifications and lines that are not JSON,
// and keeps the last 8 KiB of stderr for error messages. When the process exits (or closes its
// stdout), whatever it left in its group is killed, it is reaped, and every pending and later
// request fails with "MCP server 'NAME' exited with status N: STDERR-TAIL".
//
// A request that times out or is cancelled is abandoned: the server gets
// `notifications/cancelled` for it, and a late response is dropped.
//
// The destructor shuts down cleanly: it closes the server's stdin, waits up to
// `shutdown_grace_ms` for it to exit, then sends SIGTERM to the group, and SIGKILL after
// `kill_grace_ms`. It returns once the process is reaped.
#pragma once

#include "wfc/cancellation.h"
#include "wfc/value.h"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace wfc::tools {

struct McpServerSpec {
  std::string name;                                      // the server's name in mcp_servers: "files"
  std::string where;                                     // where it is defined, for messages ("" if nowhere)
  std::string command;                                   // looked up in PATH unless it contains a '/'
  std::vector<std::string> args;
  std::vector<std::pair<std::string, std::string>> env;  // added to / replacing inherited ones
  std::string cwd;                                       // empty: the current directory
  int64_t shutdownGraceMs = 2000;                        // from closing stdin to SIGTERM
  int64_t killGraceMs = 1000;                            // from SIGTERM to SIGKILL
  size_t maxMessageBytes = size_t(256) << 20;            // a longer line on stdout kills the server
};

// One tool of the server's tools/list.
struct McpToolInfo {
  std::string name;
  std::string description;
  Value inputSchema;  // an object schema ({} when the server gave none)
};

class McpClient {
 public:
  using Clock = std::chrono::steady_clock;

  // The protocol version asked for, and the ones accepted in the server's answer.
  static constexpr const char *kProtocolVersion = "2025-06-18";

  explicit McpClient(McpServerSpec spec);
  ~McpClient();  // shutdown(), then waits for the I/O thread
  McpClient(const McpClient &) = delete;
  McpClient &operator=(const McpClient &) = delete;

  // Starts the server unless it runs already: spawn, initialize, initialized, tools/list.
  // Thread-safe. Throws wfc::Error: StepFailed (cannot run the command, the server exited, a
  // protocol error, an unsupported protocol version), Exhausted (`deadline` passed first),
  // Cancelled (`cancel`).
  void start(const CancellationToken &cancel, Clock::time_point deadline);

  // The server's tools as listed at start — listed again when `refresh` is asked, or when the
  // server sent notifications/tools/list_changed since. Only after start().
  std::vector<McpToolInfo> tools(const CancellationToken &cancel, Clock::time_point deadline, bool refresh = false);

  // One JSON-RPC request; returns its `result`. Throws wfc::Error: StepFailed for an error
  // response ("MCP server 'files' answered METHOD with error CODE: MESSAGE") or a server that
  // exited; Exhausted at `deadline`; Cancelled on `cancel`. Thread-safe. Only after start().
  Value request(const std::string &method, const Value &params, const CancellationToken &cancel,
                Clock::time_point deadline);

  // Closes the server's stdin and waits for it to exit (escalating to SIGTERM and SIGKILL). Safe
  // to call more than once, and from several threads. Pending requests fail.
  void shutdown();
  // shutdown()'s first move, without waiting: closes the server's stdin (once its queued
  // messages are written). To stop several servers at once: closeInput() each, then shutdown().
  void closeInput();

  const McpServerSpec &spec() const { return spec_; }
  // The server's process id while it runs (tests), else -1.
  int pid() const;
  // The last few KiB of the server's stderr (for messages).
  std::string stderrTail() const;

 private:
  // The fuzz target of the client's message handling (tests/fuzz/fuzz_mcp_messages.cpp) feeds
  // server lines to handleLine() with requests pending, without a process.
  friend struct McpClientFuzzAccess;

  struct Pending {
    bool done = false;
    std::optional<Value> result;
    std::string error;  // an error response, as a message
  };
  enum class State { NotStarted, Starting, Ready, Failed };

  void spawn();
  void ioLoop();
  void handleLine(const std::string &line);
  void handleMessage(const nlohmann::ordered_json &message);
  // A line that breaks the protocol (docs/bindings.md "MCP servers that misbehave"): every
  // pending request fails now with what the server sent, rather than waiting for its timeout.
  void failPendingLocked(const std::string &what);  // mutex_ held
  void enqueueLocked(const nlohmann::ordered_json &message);  // mutex_ held
  void wake() const;
  void finish(int status);  // the I/O thread, once the process is reaped
  std::string deathMessageLocked() const;
  void signalGroupLocked(int sig) const;
  std::vector<McpToolInfo> listTools(const CancellationToken &cancel, Clock::time_point deadline);
  void startLocked(std::unique_lock<std::mutex> &lock, const CancellationToken &cancel, Clock::time_point deadline);
  // Kills and reaps the process of a start that did not complete; back to NotStarted.
  void abandonStart();

  McpServerSpec spec_;

  mutable std::mutex mutex_;
  std::condition_variable cv_;
  State state_ = State::NotStarted;
  std::string startError_;
  int startErrorKind_ = 0;  // ErrorKind of startError_

  // The process and its pipes (fds: -1 when closed). The I/O thread owns stdout/stderr; stdin is
  // closed by it too, once closeInput_ is set and the queue is written.
  int pid_ = -1;
  bool reaped_ = true;
  int stdinFd_ = -1, stdoutFd_ = -1, stderrFd_ = -1, wakeFd_ = -1;
  std::thread io_;
  std::string outQueue_;
  bool closeInput_ = false;
  bool finished_ = false;  // the process is reaped; no more responses
  int exitStatus_ = 0;
  bool brokenOutput_ = false;  // it sent a line longer than maxMessageBytes
  std::string stderr_;
  std::string stdoutText_;  // the last stdout line that was not a protocol message (repaired, cut)

  int64_t nextId_ = 1;
  std::map<int64_t, std::shared_ptr<Pending>> pending_;
  std::vector<McpToolInfo> tools_;
  bool toolsStale_ = false;
};

}  // namespace wfc::tools

// A scripted test LLM server (wfc_test_llm_server, docs/test-llm-server.md) running as a child
// process for the length of a test: real HTTP on 127.0.0.1, one script, a request log.
//
//   wfc::test::LlmServerProcess server({{"replies", {{{"reply", {{"content", "hi"}}}}}}});
//   client.setBaseUrl(server.baseUrl());          // http://127.0.0.1:PORT/v1
//   ...
//   EXPECT_EQ(server.requests().size(), 1u);
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include <sys/types.h>

namespace wfc::test {

class LlmServerProcess {
public:
  // Writes `script` ({"replies": [...]}) to a temporary directory and starts the server on an
  // ephemeral port, or on `port` when it is not 0 (to restart a server where a stopped one was).
  // Returns once the server listens. Throws std::runtime_error when it does not come up (a bad
  // script, the port in use, no listening line within 10 s), saying why; the server's own
  // message is on stderr.
  explicit LlmServerProcess(const nlohmann::json &script, int port = 0);
  // The same from a braced literal, LlmServerProcess server({{"replies", ...}}), which the
  // overload above alone would find ambiguous (with the copy constructor).
  explicit LlmServerProcess(nlohmann::json::initializer_list_t script, int port = 0)
      : LlmServerProcess(nlohmann::json(script), port) {}
  // stop()s the server and removes the temporary directory (script and log).
  ~LlmServerProcess();

  LlmServerProcess(const LlmServerProcess &) = delete;
  LlmServerProcess &operator=(const LlmServerProcess &) = delete;

  // "http://127.0.0.1:PORT/v1": an OpenAI-style base URL (append "/chat/completions").
  std::string baseUrl() const;
  int port() const;

  // The log so far, one JSON object per answered request, in `seq` (arrival) order. Still
  // readable after stop().
  std::vector<nlohmann::json> requests() const;
  const std::string &logPath() const;

  // SIGTERM, then waits for the process (SIGKILL after 5 s). The port is closed when it
  // returns. Idempotent.
  void stop();
  bool running() const;

  // A port that was free a moment ago (bound to 0 and released), for fixed-port tests.
  static int unusedPort();

private:
  std::string dir_;
  std::string scriptPath_;
  std::string logPath_;
  pid_t pid_ = -1;
  int stdinFd_ = -1;  // our end of the server's stdin: closing it (or dying) stops the server
  int port_ = 0;
};

}  // namespace wfc::test

// A compiled executable run with --serve for a test (docs/serve.md): started with extra
// environment variables, its standard error in a file, ready once it prints
// "serving … on http://ADDR:PORT/". Killed (SIGKILL) by the destructor if it still runs.
#pragma once

#include <chrono>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <sys/types.h>

namespace wfc::test {

class ServeProcess {
 public:
  // Starts `exe args…` in `workdir` with `env` added to the environment. Does not wait.
  ServeProcess(const std::string &exe, const std::vector<std::string> &args, const std::string &stderrPath,
               const std::map<std::string, std::string> &env = {}, const std::string &workdir = "");
  ~ServeProcess();
  ServeProcess(const ServeProcess &) = delete;
  ServeProcess &operator=(const ServeProcess &) = delete;

  // Waits for the "serving" line: the base URL ("http://127.0.0.1:PORT"), or nullopt when the
  // process exits or `timeout` passes first.
  std::optional<std::string> waitReady(std::chrono::milliseconds timeout = std::chrono::seconds(10));
  // Its exit code (128 + N for signal N), or nullopt when it still runs after `timeout`.
  std::optional<int> wait(std::chrono::milliseconds timeout);
  void signal(int sig);
  pid_t pid() const { return pid_; }
  std::string stderrText() const;

 private:
  pid_t pid_ = -1;
  bool reaped_ = false;
  int status_ = 0;
  std::string stderrPath_;
};

}  // namespace wfc::test

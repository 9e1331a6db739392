// A program run as a child that a test talks to: lines written to its standard input, lines read
// from its standard output with a deadline (a hang fails the test instead of blocking the suite),
// standard error to a file. For servers that speak a line protocol (an executable's --mcp).
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include <sys/types.h>

namespace wfc::test {

class PipedProcess {
 public:
  // Starts `program` with `args`; standard error goes to `stderrPath` (truncated). Throws
  // std::runtime_error when it cannot be started.
  PipedProcess(const std::string &program, const std::vector<std::string> &args, const std::string &stderrPath);
  ~PipedProcess();  // SIGKILL if it still runs, then reaps it
  PipedProcess(const PipedProcess &) = delete;
  PipedProcess &operator=(const PipedProcess &) = delete;

  // Writes `text` as it is (add the "\n" of a line yourself); false when the child stopped reading.
  bool write(const std::string &text);
  bool sendLine(const std::string &line) { return write(line + "\n"); }
  void closeInput();

  // The next line of standard output without its newline; nullopt at EOF or when `timeout`
  // passes first.
  std::optional<std::string> readLine(std::chrono::milliseconds timeout);
  // Stops reading its standard output: the child's next write fails (a client that went away).
  void closeOutput();
  // Whether standard output reached EOF.
  bool outputClosed() const { return outputClosed_; }

  // Waits for the child to exit: its exit code, 128 + N when signal N killed it; nullopt when
  // `timeout` passes first.
  std::optional<int> wait(std::chrono::milliseconds timeout);
  void signal(int sig);
  pid_t pid() const { return pid_; }

 private:
  pid_t pid_ = -1;
  bool reaped_ = false;
  int status_ = 0;
  int stdinFd_ = -1, stdoutFd_ = -1;
  std::string buffer_;
  bool outputClosed_ = false;
};

}  // namespace wfc::test

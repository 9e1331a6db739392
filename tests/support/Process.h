// Processes for tests: running a program as a child (its standard output and standard error
// captured, its exit status or the signal that killed it, killed when it runs past a deadline so
// a hang fails the test instead of blocking the suite), and watching whether a process is alive.
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include <sys/types.h>

namespace wfc::test {

struct ProcessResult {
  bool started = false;     // false: the program could not be spawned (see `out`/`err`)
  bool exited = false;      // it returned from main / called exit
  int exitCode = -1;        // valid when `exited`
  int termSignal = 0;       // non-zero when a signal killed it (a crash, or our timeout kill)
  bool timedOut = false;    // we killed it at the deadline
  double seconds = 0;       // wall-clock run time
  std::string out;          // standard output
  std::string err;          // standard error

  // "exit 1", "killed by signal 11 (Segmentation fault)", "timed out after 20 s", … for
  // assertion messages.
  std::string describe() const;
  // The first line of standard error, without its newline.
  std::string firstErrLine() const;
};

// Runs `program` with `args` (argv[1..]); standard input is /dev/null. Kills the child (and
// reports `timedOut`) after `timeoutSeconds`.
ProcessResult runProcess(const std::string &program, const std::vector<std::string> &args,
                         double timeoutSeconds = 20.0);

// `name` looked up in PATH, as a shell would; empty when it is not there.
std::string findInPath(const std::string &name);

// Alive means present in /proc and not a zombie (a killed orphan may linger as one).
bool processAlive(pid_t pid);

// Waits up to `limit` for the process to be gone; false if it is still alive then.
bool waitGone(pid_t pid, std::chrono::milliseconds limit);

}  // namespace wfc::test

// Starting a program for a tool: what the exec binding (one process per call) and the MCP client
// (one server per run) share. The child runs in a process group of its own (so the whole group
// can be signalled — a tool's own children too), with the signal mask and dispositions reset,
// and pipes to its stdin, stdout and stderr whose ends here are close-on-exec and non-blocking.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <sys/types.h>

namespace wfc::tools {

// A file descriptor owned by one object.
class Fd {
 public:
  Fd() = default;
  explicit Fd(int fd) : fd_(fd) {}
  Fd(Fd &&o) noexcept : fd_(o.fd_) { o.fd_ = -1; }
  Fd &operator=(Fd &&o) noexcept;
  ~Fd() { reset(); }
  Fd(const Fd &) = delete;
  Fd &operator=(const Fd &) = delete;

  int get() const { return fd_; }
  bool open() const { return fd_ >= 0; }
  void reset();
  // Gives the descriptor up (the caller closes it).
  int release() {
    int fd = fd_;
    fd_ = -1;
    return fd;
  }

 private:
  int fd_ = -1;
};

struct SpawnSpec {
  std::vector<std::string> argv;  // argv[0] is looked up in PATH when it has no '/'
  std::string cwd;                // empty: this process's
  // Added to this process's environment; a later entry of a name wins over an earlier one.
  std::vector<std::pair<std::string, std::string>> env;
  // The whole of stdin, in a memory file written before the child starts (stdinFd() is then
  // not open); absent: a pipe for the caller to write (the MCP client's conversation).
  std::optional<std::string_view> input;
  // SIGKILL the child when the thread that spawns it ends — for a caller that waits for the child
  // on that thread (an exec tool), so that a kill -9 of this process takes the tool with it; its
  // own children die with it too once guardGroup() has run (docs/bindings.md "exec").
  bool dieWithThread = false;
};

// A started child: its pid (also its process group id) and our ends of its three pipes. The child
// is kept unreaped until reap(), so that its group id cannot be reused while we may still signal
// it; a ChildProcess destroyed before that kills the group and reaps it.
class ChildProcess {
 public:
  // Throws SpawnError with what went wrong ("command 'x' not found in PATH", "cannot run 'x':
  // Permission denied", "cannot create a pipe: …"); the caller adds whose program it was.
  static ChildProcess spawn(const SpawnSpec &spec);

  ChildProcess(ChildProcess &&o) noexcept;
  ChildProcess &operator=(ChildProcess &&) = delete;
  ChildProcess(const ChildProcess &) = delete;
  ChildProcess &operator=(const ChildProcess &) = delete;
  ~ChildProcess();

  pid_t pid() const { return pid_; }
  Fd &stdinFd() { return stdin_; }
  Fd &stdoutFd() { return stdout_; }
  Fd &stderrFd() { return stderr_; }
  // Readable when the child exits (-1 where the kernel has no pidfd: then poll checkExited()).
  Fd &pidFd() { return pidfd_; }

  // Forks the guard of the child's process group (SpawnSpec::dieWithThread): a copy of this
  // process, holding none of its descriptors, in the group, that kills the whole group when the
  // calling thread dies. Called by a caller that waits for the child on this thread, once the child
  // has run for a while: a fork per call would cost a short tool a third of its time, and a
  // tool's leader dies with this process without it (its parent-death signal).
  void guardGroup();
  void signalGroup(int sig) const;
  // Whether the child has exited, without reaping it (WNOWAIT).
  bool checkExited();
  bool exited() const { return exited_; }
  // Waits for the child and returns its wait status; afterwards nothing is signalled any more.
  int reap();
  // Gives up the ownership of the child (the caller reaps it); the pid stays readable.
  void release() { owned_ = false; }

 private:
  ChildProcess() = default;

  pid_t pid_ = -1;
  pid_t guard_ = -1;  // the group's guard (guardGroup()), reaped with the child; 0: none could be made
  bool owned_ = true;
  bool exited_ = false;
  Fd stdin_, stdout_, stderr_, pidfd_;
};

struct SpawnError {
  std::string message;
};

// "9 (SIGKILL)": a signal for messages.
std::string signalText(int sig);

}  // namespace wfc::tools

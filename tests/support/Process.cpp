#include "Process.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <thread>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace wfc::test {

std::string ProcessResult::describe() const {
  if (!started) return "not started: " + err;
  if (timedOut) return "timed out after " + std::to_string(seconds) + " s (killed)";
  if (termSignal != 0)
    return "killed by signal " + std::to_string(termSignal) + " (" + strsignal(termSignal) + ")";
  return "exit " + std::to_string(exitCode);
}

std::string ProcessResult::firstErrLine() const {
  std::string::size_type nl = err.find('\n');
  return nl == std::string::npos ? err : err.substr(0, nl);
}

namespace {

struct Pipe {
  int fd[2] = {-1, -1};
  bool open() { return ::pipe2(fd, O_CLOEXEC) == 0; }
  void closeRead() {
    if (fd[0] >= 0) ::close(fd[0]);
    fd[0] = -1;
  }
  void closeWrite() {
    if (fd[1] >= 0) ::close(fd[1]);
    fd[1] = -1;
  }
  ~Pipe() {
    closeRead();
    closeWrite();
  }
};

}  // namespace

ProcessResult runProcess(const std::string &program, const std::vector<std::string> &args,
                         double timeoutSeconds) {
  using Clock = std::chrono::steady_clock;
  ProcessResult result;

  Pipe outPipe, errPipe;
  if (!outPipe.open() || !errPipe.open()) {
    result.err = std::string("pipe: ") + std::strerror(errno);
    return result;
  }

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, outPipe.fd[1], 1);
  posix_spawn_file_actions_adddup2(&actions, errPipe.fd[1], 2);

  // The child gets default signal dispositions (gtest or ctest may have changed ours).
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t defaults, none;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  sigaddset(&defaults, SIGALRM);
  sigemptyset(&none);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);

  std::vector<std::string> argvStrings;
  argvStrings.push_back(program);
  argvStrings.insert(argvStrings.end(), args.begin(), args.end());
  std::vector<char *> argv;
  for (std::string &s : argvStrings) argv.push_back(s.data());
  argv.push_back(nullptr);

  auto start = Clock::now();
  pid_t pid = -1;
  int rc = posix_spawn(&pid, program.c_str(), &actions, &attr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  outPipe.closeWrite();
  errPipe.closeWrite();
  if (rc != 0) {
    result.err = "posix_spawn " + program + ": " + std::strerror(rc);
    return result;
  }
  result.started = true;

  auto deadline = start + std::chrono::duration_cast<Clock::duration>(
                              std::chrono::duration<double>(timeoutSeconds));
  bool outOpen = true, errOpen = true;
  char buffer[65536];
  while (outOpen || errOpen) {
    auto now = Clock::now();
    if (now >= deadline) {
      result.timedOut = true;
      ::kill(pid, SIGKILL);
      break;
    }
    auto leftMs = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now).count();
    pollfd fds[2];
    nfds_t n = 0;
    if (outOpen) fds[n++] = {outPipe.fd[0], POLLIN, 0};
    if (errOpen) fds[n++] = {errPipe.fd[0], POLLIN, 0};
    int ready = ::poll(fds, n, static_cast<int>(std::min<long long>(leftMs + 1, 1000)));
    if (ready < 0) {
      if (errno == EINTR) continue;
      result.timedOut = true;  // cannot wait any more: treat as a failure
      ::kill(pid, SIGKILL);
      break;
    }
    for (nfds_t i = 0; i < n; ++i) {
      if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      bool isOut = fds[i].fd == outPipe.fd[0];
      ssize_t got = ::read(fds[i].fd, buffer, sizeof buffer);
      if (got > 0) {
        (isOut ? result.out : result.err).append(buffer, static_cast<size_t>(got));
      } else if (got == 0 || (errno != EINTR && errno != EAGAIN)) {
        (isOut ? outOpen : errOpen) = false;
      }
    }
  }

  // The pipes are closed (or we killed the child): reap it. A child that closed its output
  // early but keeps running is still bound by the deadline.
  int status = 0;
  for (;;) {
    pid_t w = ::waitpid(pid, &status, result.timedOut ? 0 : WNOHANG);
    if (w == pid) break;
    if (w < 0 && errno != EINTR) break;
    if (w == 0) {
      if (Clock::now() >= deadline) {
        result.timedOut = true;
        ::kill(pid, SIGKILL);
        continue;
      }
      ::usleep(1000);
    }
  }
  result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  if (WIFEXITED(status)) {
    result.exited = true;
    result.exitCode = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    result.termSignal = WTERMSIG(status);
  }
  return result;
}

bool processAlive(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  if (!stat) return false;
  std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
  auto close = text.rfind(')');
  if (close == std::string::npos || close + 2 >= text.size()) return false;
  char state = text[close + 2];
  return state != 'Z' && state != 'X';
}

bool waitGone(pid_t pid, std::chrono::milliseconds limit) {
  auto until = std::chrono::steady_clock::now() + limit;
  while (processAlive(pid)) {
    if (std::chrono::steady_clock::now() >= until) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return true;
}

std::string findInPath(const std::string &name) {
  const char *path = std::getenv("PATH");
  std::istringstream dirs(path ? path : "");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    std::filesystem::path candidate = std::filesystem::path(dir.empty() ? "." : dir) / name;
    if (::access(candidate.c_str(), X_OK) == 0) return candidate.string();
  }
  return "";
}

}  // namespace wfc::test

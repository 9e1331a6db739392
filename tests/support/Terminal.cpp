#include "Terminal.h"

#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>

namespace wfc::test {

bool canOpenTerminal(std::string &why) {
  int master = -1, slave = -1;
  if (openpty(&master, &slave, nullptr, nullptr, nullptr) != 0) {
    why = std::string("openpty: ") + std::strerror(errno);
    return false;
  }
  close(master);
  close(slave);
  return true;
}

std::string runOnTerminal(const std::vector<std::string> &argv, int &status, double timeoutSeconds) {
  int master = -1;
  pid_t pid = forkpty(&master, nullptr, nullptr, nullptr);
  if (pid == 0) {
    std::vector<char *> args;
    for (const std::string &a : argv) args.push_back(const_cast<char *>(a.c_str()));
    args.push_back(nullptr);
    execv(args[0], args.data());
    _exit(127);
  }
  std::string out;
  if (pid < 0) return out;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeoutSeconds);
  for (;;) {
    pollfd fd = {master, POLLIN, 0};
    int ready = poll(&fd, 1, 100);
    if (ready < 0 && errno != EINTR) break;
    if (ready > 0) {
      char chunk[4096];
      ssize_t got = read(master, chunk, sizeof chunk);
      if (got <= 0) break;  // EIO: the child's side is closed
      out.append(chunk, size_t(got));
    }
    if (std::chrono::steady_clock::now() > deadline) kill(pid, SIGKILL);
  }
  waitpid(pid, &status, 0);
  close(master);
  return out;
}

}  // namespace wfc::test

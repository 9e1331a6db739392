#include "core/tools/ChildProcess.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <map>

#include <fcntl.h>
#include <spawn.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace wfc::tools {

Fd &Fd::operator=(Fd &&o) noexcept {
  if (this != &o) {
    reset();
    fd_ = o.fd_;
    o.fd_ = -1;
  }
  return *this;
}

void Fd::reset() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

std::string signalText(int sig) {
  const char *abbrev = ::sigabbrev_np(sig);
  return std::to_string(sig) + (abbrev ? " (SIG" + std::string(abbrev) + ")" : std::string());
}

namespace {

std::string inQuotes(std::string_view s) { return "'" + std::string(s) + "'"; }

// A close-on-exec pipe whose ends are above 2, so that the child's dup2 onto 0/1/2 never
// clobbers another of its pipe ends (possible when this process runs with 0..2 closed).
void makePipe(Fd &readEnd, Fd &writeEnd) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) throw SpawnError{std::string("cannot create a pipe: ") + std::strerror(errno)};
  for (int &fd : fds) {
    if (fd <= 2) {
      int moved = ::fcntl(fd, F_DUPFD_CLOEXEC, 3);
      int err = errno;
      ::close(fd);
      fd = moved;
      if (moved < 0) {
        for (int other : fds)
          if (other >= 0 && other != moved) ::close(other);
        throw SpawnError{std::string("cannot create a pipe: ") + std::strerror(err)};
      }
    }
  }
  readEnd = Fd(fds[0]);
  writeEnd = Fd(fds[1]);
}

void setNonBlocking(int fd) { ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK); }

std::vector<std::string> environmentWith(const std::vector<std::pair<std::string, std::string>> &added) {
  std::map<std::string_view, size_t> last;  // name → its last addition (later ones win)
  for (size_t i = 0; i < added.size(); ++i) last[added[i].first] = i;
  std::vector<std::string> env;
  for (char **e = environ; e && *e; ++e) {
    std::string_view entry(*e);
    if (!last.count(entry.substr(0, entry.find('=')))) env.emplace_back(entry);
  }
  for (size_t i = 0; i < added.size(); ++i)
    if (last[added[i].first] == i) env.push_back(added[i].first + "=" + added[i].second);
  return env;
}

}  // namespace

ChildProcess ChildProcess::spawn(const SpawnSpec &spec) {
  Fd inRead, inWrite, outRead, outWrite, errRead, errWrite;
  makePipe(inRead, inWrite);
  makePipe(outRead, outWrite);
  makePipe(errRead, errWrite);

  std::vector<std::string> envStrings = environmentWith(spec.env);
  std::vector<char *> envp;
  for (std::string &e : envStrings) envp.push_back(e.data());
  envp.push_back(nullptr);
  std::vector<std::string> argvStrings = spec.argv;
  std::vector<char *> argv;
  for (std::string &a : argvStrings) argv.push_back(a.data());
  argv.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, inRead.get(), 0);
  posix_spawn_file_actions_adddup2(&actions, outWrite.get(), 1);
  posix_spawn_file_actions_adddup2(&actions, errWrite.get(), 2);
  if (!spec.cwd.empty()) posix_spawn_file_actions_addchdir_np(&actions, spec.cwd.c_str());
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  posix_spawnattr_setpgroup(&attr, 0);  // a group of its own, led by the child
  sigset_t none, all;
  sigemptyset(&none);
  posix_spawnattr_setsigmask(&attr, &none);
  sigfillset(&all);  // dispositions this process ignores (SIGPIPE…) back to the default
  sigdelset(&all, SIGKILL);
  sigdelset(&all, SIGSTOP);
  posix_spawnattr_setsigdefault(&attr, &all);

  ChildProcess child;
  int rc = ::posix_spawnp(&child.pid_, argv[0], &actions, &attr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  if (rc != 0) {
    child.pid_ = -1;  // nothing to reap: glibc reaps a child whose exec failed
    const std::string &program = spec.argv[0];
    if (rc == ENOENT && program.find('/') == std::string::npos)
      throw SpawnError{"command " + inQuotes(program) + " not found in PATH"};
    throw SpawnError{"cannot run " + inQuotes(program) + ": " + std::strerror(rc)};
  }
  setNonBlocking(inWrite.get());
  setNonBlocking(outRead.get());
  setNonBlocking(errRead.get());
  child.stdin_ = std::move(inWrite);
  child.stdout_ = std::move(outRead);
  child.stderr_ = std::move(errRead);
#ifdef SYS_pidfd_open
  child.pidfd_ = Fd(static_cast<int>(::syscall(SYS_pidfd_open, child.pid_, 0)));
#endif
  return child;
}

ChildProcess::ChildProcess(ChildProcess &&o) noexcept
    : pid_(o.pid_),
      owned_(o.owned_),
      exited_(o.exited_),
      stdin_(std::move(o.stdin_)),
      stdout_(std::move(o.stdout_)),
      stderr_(std::move(o.stderr_)),
      pidfd_(std::move(o.pidfd_)) {
  o.pid_ = -1;
}

ChildProcess::~ChildProcess() {
  // Only on an unexpected exception: never leave the group running or the child unreaped.
  if (pid_ > 0 && owned_) {
    signalGroup(SIGKILL);
    reap();
  }
}

void ChildProcess::signalGroup(int sig) const {
  if (pid_ > 0) ::kill(-pid_, sig);
}

bool ChildProcess::checkExited() {
  if (exited_ || pid_ <= 0) return exited_;
  siginfo_t info{};
  int rc;
  do rc = ::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT);
  while (rc < 0 && errno == EINTR);
  if (rc == 0 && info.si_pid == pid_) exited_ = true;
  return exited_;
}

int ChildProcess::reap() {
  int status = 0;
  if (pid_ > 0)
    while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {}
  pid_ = -1;
  return status;
}

}  // namespace wfc::tools

#include "core/tools/ChildProcess.h"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string_view>

#include <fcntl.h>
#include <pthread.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
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

// Where execvp would find `program`: itself when it names a path, else the first PATH entry
// (default "/bin:/usr/bin") holding an executable file of that name. Done before vfork(), since
// the child may only make system calls. Empty, with `error` set, when there is none.
std::string findProgram(const std::string &program, int &error) {
  error = 0;
  if (program.find('/') != std::string::npos) return program;
  const char *path = std::getenv("PATH");
  std::string_view dirs = path ? path : "/bin:/usr/bin";
  error = ENOENT;
  for (;;) {
    size_t colon = dirs.find(':');
    std::string_view dir = dirs.substr(0, colon);
    std::string candidate = (dir.empty() ? std::string(".") : std::string(dir)) + "/" + program;
    struct stat st {};
    if (::stat(candidate.c_str(), &st) == 0 && S_ISREG(st.st_mode)) {
      if (::access(candidate.c_str(), X_OK) == 0) {
        error = 0;
        return candidate;
      }
      error = EACCES;  // as execvp: permission denied, unless a later entry is runnable
    }
    if (colon == std::string_view::npos) return {};
    dirs.remove_prefix(colon + 1);
  }
}

// stdin that is complete before the child starts: a memory file holding all of it, read from
// the start. A tool therefore never sees an empty or partial input because this process died
// while writing it (docs/bindings.md "exec").
Fd memoryFile(std::string_view content) {
  Fd fd(::memfd_create("wfc-tool-stdin", MFD_CLOEXEC));
  if (!fd.open()) throw SpawnError{std::string("cannot create the tool's stdin: ") + std::strerror(errno)};
  if (fd.get() <= 2) {
    Fd moved(::fcntl(fd.get(), F_DUPFD_CLOEXEC, 3));
    if (!moved.open()) throw SpawnError{std::string("cannot create the tool's stdin: ") + std::strerror(errno)};
    fd = std::move(moved);
  }
  size_t done = 0;
  while (done < content.size()) {
    ssize_t n = ::write(fd.get(), content.data() + done, content.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw SpawnError{std::string("cannot write the tool's stdin: ") + std::strerror(errno)};
    done += size_t(n);
  }
  if (::lseek(fd.get(), 0, SEEK_SET) != 0)
    throw SpawnError{std::string("cannot write the tool's stdin: ") + std::strerror(errno)};
  return fd;
}

// What the child of vfork() needs, prepared by the parent: it shares the parent's memory and may
// only make system calls (no allocation, no locks) until execve.
struct ChildSetup {
  const char *program;
  char *const *argv;
  char *const *envp;
  const char *cwd;  // null: stay
  int stdinFd, stdoutFd, stderrFd;
  pid_t parent;
  bool dieWithThread;
  int reportFd;  // close-on-exec: the errno of a failed exec, or EOF once execve succeeded
};

[[noreturn]] void startChild(const ChildSetup &c) {
  ::setpgid(0, 0);  // a group of its own, led by the child
  if (c.dieWithThread) {
    // SIGKILL when the thread that started it dies, which for an exec tool is this process (the
    // thread waits for the tool): a tool never outlives a kill -9 of its run (docs/bindings.md).
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != c.parent) ::_exit(127);  // the parent died before the line above
  }
  // Dispositions this process set (SIGPIPE ignored, handlers) back to the default, then the mask.
  for (int sig = 1; sig < NSIG; ++sig)
    if (sig != SIGKILL && sig != SIGSTOP) ::signal(sig, SIG_DFL);
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  int error = 0;
  if (::dup2(c.stdinFd, 0) < 0 || ::dup2(c.stdoutFd, 1) < 0 || ::dup2(c.stderrFd, 2) < 0) error = errno;
  if (!error && c.cwd && ::chdir(c.cwd) != 0) error = errno;
  if (!error) {
    ::execve(c.program, c.argv, c.envp);
    error = errno;
  }
  while (::write(c.reportFd, &error, sizeof error) < 0 && errno == EINTR) {}
  ::_exit(127);
}

// The guard of a tool's process group: a copy of this process, in the group, that waits for one
// of two signals — SIGHUP, its parent-death signal (this process died: it kills the whole group,
// the tool's own children too, and exits), or SIGTERM/SIGKILL, which the group gets from this
// process when the call ends. A copy of a multithreaded process may only make system calls.
[[noreturn]] void guardGroupOf(pid_t group, pid_t parent) {
  // Nothing of this process's stays open in the guard: not the tool's pipes (their EOF is how the
  // call sees the tool's output end), not the journal, not a server's sockets.
  ::close_range(0, ~0U, 0);
  if (::setpgid(0, group) != 0) ::_exit(0);  // the group is gone: nothing to guard
  ::prctl(PR_SET_PDEATHSIG, SIGHUP);
  if (::getppid() != parent) {
    ::kill(-group, SIGKILL);
    ::_exit(0);
  }
  sigset_t wanted;
  sigemptyset(&wanted);
  sigaddset(&wanted, SIGHUP);
  sigaddset(&wanted, SIGTERM);
  int sig = 0;
  while (::sigwait(&wanted, &sig) != 0) {}
  if (sig == SIGHUP) ::kill(-group, SIGKILL);
  ::_exit(0);
}

}  // namespace

ChildProcess ChildProcess::spawn(const SpawnSpec &spec) {
  const std::string &programName = spec.argv[0];
  int findError = 0;
  const std::string program = findProgram(programName, findError);
  if (program.empty()) {
    if (findError == ENOENT) throw SpawnError{"command " + inQuotes(programName) + " not found in PATH"};
    throw SpawnError{"cannot run " + inQuotes(programName) + ": " + std::strerror(findError)};
  }
  Fd inRead, inWrite, outRead, outWrite, errRead, errWrite, reportRead, reportWrite;
  if (spec.input)
    inRead = memoryFile(*spec.input);
  else
    makePipe(inRead, inWrite);
  makePipe(outRead, outWrite);
  makePipe(errRead, errWrite);
  makePipe(reportRead, reportWrite);

  std::vector<std::string> envStrings = environmentWith(spec.env);
  std::vector<char *> envp;
  for (std::string &e : envStrings) envp.push_back(e.data());
  envp.push_back(nullptr);
  std::vector<std::string> argvStrings = spec.argv;
  std::vector<char *> argv;
  for (std::string &a : argvStrings) argv.push_back(a.data());
  argv.push_back(nullptr);
  const ChildSetup setup{program.c_str(), argv.data(), envp.data(), spec.cwd.empty() ? nullptr : spec.cwd.c_str(),
                         inRead.get(), outWrite.get(), errWrite.get(), ::getpid(), spec.dieWithThread,
                         reportWrite.get()};

  // Every signal blocked on this thread across vfork(): a handler must not run in the child,
  // which shares this process's memory, before it has reset the dispositions.
  sigset_t all, old;
  sigfillset(&all);
  ::pthread_sigmask(SIG_SETMASK, &all, &old);
  const pid_t pid = ::vfork();
  if (pid == 0) startChild(setup);
  const int forkError = errno;
  ChildProcess child;
  child.pid_ = pid;
  reportWrite.reset();
  int execError = 0;
  ssize_t n = 0;
  if (pid > 0)
    while ((n = ::read(reportRead.get(), &execError, sizeof execError)) < 0 && errno == EINTR) {}
  const bool started = pid > 0 && n != ssize_t(sizeof execError);
  ::pthread_sigmask(SIG_SETMASK, &old, nullptr);
  if (pid < 0) {
    child.pid_ = -1;
    throw SpawnError{"cannot run " + inQuotes(programName) + ": " + std::strerror(forkError)};
  }
  if (!started) {
    child.reap();  // it exited with 127 after saying why
    throw SpawnError{"cannot run " + inQuotes(programName) + ": " + std::strerror(execError)};
  }
  if (inWrite.open()) setNonBlocking(inWrite.get());
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
      guard_(o.guard_),
      owned_(o.owned_),
      exited_(o.exited_),
      stdin_(std::move(o.stdin_)),
      stdout_(std::move(o.stdout_)),
      stderr_(std::move(o.stderr_)),
      pidfd_(std::move(o.pidfd_)) {
  o.pid_ = -1;
  o.guard_ = -1;
}

ChildProcess::~ChildProcess() {
  // Only on an unexpected exception: never leave the group running or the child unreaped.
  if (pid_ > 0 && owned_) {
    signalGroup(SIGKILL);
    reap();
  }
}

void ChildProcess::guardGroup() {
  if (pid_ <= 0 || guard_ != -1) return;
  // Every signal blocked across fork(): the guard waits for its two with sigwait(), and no handler
  // of this process may run in it.
  sigset_t all, old;
  sigfillset(&all);
  ::pthread_sigmask(SIG_SETMASK, &all, &old);
  const pid_t parent = ::getpid();
  const pid_t guard = ::fork();
  if (guard == 0) guardGroupOf(pid_, parent);
  ::pthread_sigmask(SIG_SETMASK, &old, nullptr);
  guard_ = guard > 0 ? guard : 0;  // 0: fork failed, and is not tried again (the leader still dies with us)
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
  if (guard_ > 0) {
    // The call is over: the guard has nothing left to guard.
    ::kill(guard_, SIGKILL);
    while (::waitpid(guard_, nullptr, 0) < 0 && errno == EINTR) {}
    guard_ = -1;
  }
  return status;
}

}  // namespace wfc::tools

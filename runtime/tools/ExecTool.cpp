#include "tools/ExecTool.h"

#include "tools/ChildProcess.h"

#include "wfc/error.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <map>
#include <optional>
#include <string_view>

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>


namespace wfc::tools {

namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// After the process group is killed (or the tool exited leaving something behind), how long to
// keep reading pipes that a process which escaped the group may still hold open.
constexpr milliseconds kDrainLimit{500};
// Without a pidfd, how often to look for the tool's exit while its pipes are quiet.
constexpr milliseconds kExitPollInterval{10};
// stderr kept while running (the message shows the last ~2 KiB).
constexpr size_t kStderrKeep = 8192;

[[noreturn]] void fail(ErrorKind kind, const std::string &message) { throw Error(kind, message); }

std::string inQuotes(std::string_view s) { return "'" + std::string(s) + "'"; }

// Blocks SIGPIPE on this thread while stdin is written (a tool may exit without reading it; the
// write then fails with EPIPE instead of killing us), and discards the SIGPIPE that caused.
class SigpipeGuard {
 public:
  SigpipeGuard() {
    sigemptyset(&set_);
    sigaddset(&set_, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &set_, &old_);
    sigset_t pending;
    sigpending(&pending);
    wasPending_ = sigismember(&pending, SIGPIPE) == 1;
  }
  ~SigpipeGuard() {
    if (!wasPending_) {
      sigset_t pending;
      sigpending(&pending);
      if (sigismember(&pending, SIGPIPE) == 1) {
        struct timespec zero {};
        while (sigtimedwait(&set_, nullptr, &zero) < 0 && errno == EINTR) {}
      }
    }
    pthread_sigmask(SIG_SETMASK, &old_, nullptr);
  }
  SigpipeGuard(const SigpipeGuard &) = delete;
  SigpipeGuard &operator=(const SigpipeGuard &) = delete;

 private:
  sigset_t set_, old_;
  bool wasPending_ = false;
};

}  // namespace

ExecTool::ExecTool(ExecSpec spec) : spec_(std::move(spec)) {
  auto bad = [&](const std::string &why) {
    fail(ErrorKind::Usage, "exec binding of tool " + inQuotes(spec_.name) + ": " + why);
  };
  auto hasNul = [](const std::string &s) { return s.find('\0') != std::string::npos; };
  if (spec_.argv.empty() || spec_.argv[0].empty()) bad("'argv' must name a program");
  for (const std::string &a : spec_.argv)
    if (hasNul(a)) bad("'argv' contains a NUL byte");
  if (hasNul(spec_.cwd)) bad("'cwd' contains a NUL byte");
  for (const auto &[name, value] : spec_.env) {
    if (name.empty() || name.find('=') != std::string::npos || hasNul(name))
      bad("invalid environment variable name " + inQuotes(name));
    if (hasNul(value)) bad("environment variable " + inQuotes(name) + " contains a NUL byte");
  }
  if (spec_.timeoutMs < 0) bad("'timeout_ms' must not be negative");
  if (spec_.killGraceMs < 0) spec_.killGraceMs = 0;
}

std::string ExecTool::tail(std::string_view text, size_t maxBytes) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  if (text.size() <= maxBytes) return std::string(text);
  size_t start = text.size() - maxBytes;
  while (start < text.size() && (static_cast<unsigned char>(text[start]) & 0xC0) == 0x80) ++start;
  return "…" + std::string(text.substr(start));
}

Value ExecTool::call(const Value &args, const std::string &idempotencyKey, const CancellationToken &cancel) const {
  const std::string &name = spec_.name;
  const std::string toolText = "tool " + inQuotes(name);
  if (cancel.cancelled()) fail(ErrorKind::Cancelled, toolText + " cancelled: " + cancel.reason());

  if (!spec_.cwd.empty()) {
    struct stat st {};
    if (::stat(spec_.cwd.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
      fail(ErrorKind::StepFailed, toolText + ": working directory " + inQuotes(spec_.cwd) + " is not a directory");
  }

  const std::string input = args.dump();
  const int cancelFd = cancel.pollFd();

  SpawnSpec spawn{spec_.argv, spec_.cwd, spec_.env};
  spawn.env.emplace_back("WFC_IDEMPOTENCY_KEY", idempotencyKey);
  std::optional<ChildProcess> spawned;
  try {
    spawned.emplace(ChildProcess::spawn(spawn));
  } catch (const SpawnError &e) {
    fail(ErrorKind::StepFailed, toolText + ": " + e.message);
  }
  ChildProcess &child = *spawned;
  Fd &inWrite = child.stdinFd();
  Fd &outRead = child.stdoutFd();
  Fd &errRead = child.stderrFd();

  SigpipeGuard sigpipeGuard;

  enum class Stop { None, Timeout, Cancelled, Overflow };
  Stop stop = Stop::None;
  const Clock::time_point started = Clock::now();
  const Clock::time_point deadline =
      spec_.timeoutMs > 0 ? started + milliseconds(spec_.timeoutMs) : Clock::time_point::max();
  Clock::time_point killAt = Clock::time_point::max();    // SIGKILL after SIGTERM's grace
  Clock::time_point giveUpAt = Clock::time_point::max();  // stop reading after SIGKILL
  bool killed = false;
  std::string out, err;
  size_t inOffset = 0;
  if (input.empty()) inWrite.reset();
  char buffer[65536];

  auto readInto = [&](Fd &fd, bool isStdout) {
    for (int chunk = 0; chunk < 16; ++chunk) {
      ssize_t n = ::read(fd.get(), buffer, sizeof buffer);
      if (n > 0) {
        if (isStdout) {
          if (stop == Stop::None && out.size() + size_t(n) > spec_.maxOutputBytes) {
            stop = Stop::Overflow;
            inWrite.reset();
            child.signalGroup(SIGTERM);
            killAt = Clock::now() + milliseconds(spec_.killGraceMs);
          }
          if (stop != Stop::Overflow) out.append(buffer, size_t(n));
        } else {
          err.append(buffer, size_t(n));
          if (err.size() > 2 * kStderrKeep) err.erase(0, err.size() - kStderrKeep);
        }
        continue;
      }
      if (n < 0 && errno == EINTR) continue;
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
      fd.reset();  // EOF (or an error: treat as EOF)
      return;
    }
  };

  for (;;) {
    Clock::time_point now = Clock::now();
    if (child.exited()) {
      if (!killed) {
        // Whatever the tool left running in its group must not outlive the call.
        child.signalGroup(SIGKILL);
        killed = true;
        giveUpAt = now + kDrainLimit;
      }
      if ((!outRead.open() && !errRead.open()) || now >= giveUpAt) break;
    } else {
      if (stop == Stop::None) {
        if (cancel.cancelled())
          stop = Stop::Cancelled;
        else if (now >= deadline)
          stop = Stop::Timeout;
        if (stop != Stop::None) {
          inWrite.reset();
          child.signalGroup(SIGTERM);
          killAt = now + milliseconds(spec_.killGraceMs);
        }
      }
      if (!killed && now >= killAt) {
        child.signalGroup(SIGKILL);
        killed = true;
        giveUpAt = now + kDrainLimit;
      }
    }

    struct pollfd fds[5];
    int nfds = 0;
    int inIdx = -1, outIdx = -1, errIdx = -1, pidIdx = -1;
    if (inWrite.open()) {
      inIdx = nfds;
      fds[nfds++] = {inWrite.get(), POLLOUT, 0};
    }
    if (outRead.open()) {
      outIdx = nfds;
      fds[nfds++] = {outRead.get(), POLLIN, 0};
    }
    if (errRead.open()) {
      errIdx = nfds;
      fds[nfds++] = {errRead.get(), POLLIN, 0};
    }
    if (!child.exited() && child.pidFd().open()) {
      pidIdx = nfds;
      fds[nfds++] = {child.pidFd().get(), POLLIN, 0};
    }
    if (stop == Stop::None) fds[nfds++] = {cancelFd, POLLIN, 0};

    Clock::time_point wakeAt = Clock::time_point::max();
    if (child.exited() || killed) wakeAt = std::min(wakeAt, giveUpAt);
    if (!child.exited()) {
      if (stop == Stop::None) wakeAt = std::min(wakeAt, deadline);
      if (!killed) wakeAt = std::min(wakeAt, killAt);
      if (!child.pidFd().open()) wakeAt = std::min(wakeAt, now + kExitPollInterval);
    }
    int timeout = -1;
    if (wakeAt != Clock::time_point::max()) {
      auto ms = std::chrono::ceil<milliseconds>(wakeAt - now).count();
      timeout = static_cast<int>(std::clamp<int64_t>(ms, 0, 60'000));
    }
    int ready = ::poll(fds, static_cast<nfds_t>(nfds), timeout);
    if (ready < 0 && errno != EINTR) {
      int e = errno;
      child.signalGroup(SIGKILL);
      child.reap();
      fail(ErrorKind::StepFailed, toolText + ": poll failed: " + std::strerror(e));
    }
    if (ready > 0) {
      if (inIdx >= 0 && fds[inIdx].revents) {
        while (inWrite.open() && inOffset < input.size()) {
          ssize_t n = ::write(inWrite.get(), input.data() + inOffset, input.size() - inOffset);
          if (n > 0) {
            inOffset += size_t(n);
            continue;
          }
          if (n < 0 && errno == EINTR) continue;
          if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
          inWrite.reset();  // EPIPE: the tool does not read its input; its exit status decides
        }
        if (inOffset >= input.size()) inWrite.reset();  // EOF for the tool
      }
      if (outIdx >= 0 && fds[outIdx].revents) readInto(outRead, true);
      if (errIdx >= 0 && fds[errIdx].revents) readInto(errRead, false);
    }
    if (!child.exited() && (!child.pidFd().open() || (pidIdx >= 0 && fds[pidIdx].revents))) child.checkExited();
  }

  const int status = child.reap();
  const std::string stderrTail = tail(err);
  auto withStderr = [&](std::string message) { return stderrTail.empty() ? message : message + ": " + stderrTail; };
  switch (stop) {
    case Stop::Cancelled: fail(ErrorKind::Cancelled, toolText + " cancelled: " + cancel.reason());
    case Stop::Timeout:
      fail(ErrorKind::Exhausted, toolText + " timed out after " + std::to_string(spec_.timeoutMs) + " ms");
    case Stop::Overflow:
      fail(ErrorKind::StepFailed,
           toolText + " printed more than " + std::to_string(spec_.maxOutputBytes) + " bytes on stdout");
    case Stop::None: break;
  }
  if (WIFSIGNALED(status))
    fail(ErrorKind::StepFailed, withStderr(toolText + " was killed by signal " + signalText(WTERMSIG(status))));
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    fail(ErrorKind::StepFailed, withStderr(toolText + " exited with status " + std::to_string(WEXITSTATUS(status))));
  if (out.find_first_not_of(" \t\r\n") == std::string::npos)
    fail(ErrorKind::StepFailed, withStderr(toolText + " printed nothing on stdout (expected a JSON result)"));
  try {
    return Value::parse(out);
  } catch (const Error &e) {
    std::string_view why = e.what();
    if (why.rfind("invalid JSON: ", 0) == 0) why.remove_prefix(14);
    fail(ErrorKind::StepFailed, withStderr(toolText + " printed invalid JSON on stdout (" + std::string(why) + ")"));
  }
}

}  // namespace wfc::tools

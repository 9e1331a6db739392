#include "core/tools/ProcessRunner.h"

#include "wfc/error.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <optional>

#include <poll.h>
#include <unistd.h>

namespace wfc::tools {

namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// After the process group is killed (or the process exited leaving something behind), how long to
// keep reading pipes that a process which escaped the group may still hold open.
constexpr milliseconds kDrainLimit{500};
// Without a pidfd, how often to look for the process's exit while its pipes are quiet.
constexpr milliseconds kExitPollInterval{10};
// When a child still running gets its group's guard (ChildProcess::guardGroup): a tool that
// ends sooner never pays for the fork.
constexpr milliseconds kGuardAfter{50};

}  // namespace

ProcessOutcome runProcess(const SpawnSpec &spec, std::string_view input, const ProcessLimits &limits,
                          const CancellationToken &cancel) {
  ProcessOutcome result;
  const int cancelFd = cancel.pollFd();
  SpawnSpec withInput = spec;
  withInput.input = input;         // complete before the child starts
  withInput.dieWithThread = true;  // this thread waits for the child: it dies with this process
  ChildProcess child = ChildProcess::spawn(withInput);  // throws SpawnError
  Fd &outRead = child.stdoutFd();
  Fd &errRead = child.stderrFd();

  using Stop = ProcessOutcome::Stop;
  Stop stop = Stop::None;
  const Clock::time_point started = Clock::now();
  const Clock::time_point deadline =
      limits.timeoutMs > 0 ? started + milliseconds(limits.timeoutMs) : Clock::time_point::max();
  Clock::time_point killAt = Clock::time_point::max();    // SIGKILL after SIGTERM's grace
  Clock::time_point giveUpAt = Clock::time_point::max();  // stop reading after SIGKILL
  bool killed = false;
  Clock::time_point guardAt = started + kGuardAfter;
  Clock::time_point detachedAt = Clock::time_point::max();  // limits.afterStdoutMs after stdout's EOF
  std::string out, err;
  char buffer[65536];

  auto readInto = [&](Fd &fd, bool isStdout) {
    for (int chunk = 0; chunk < 16; ++chunk) {
      ssize_t n = ::read(fd.get(), buffer, sizeof buffer);
      if (n > 0) {
        if (isStdout) {
          if (stop == Stop::None && out.size() + size_t(n) > limits.maxStdoutBytes) {
            stop = Stop::Overflow;
            result.stdoutOverflowed = true;
            child.signalGroup(SIGTERM);
            killAt = Clock::now() + milliseconds(limits.killGraceMs);
          }
          if (stop != Stop::Overflow) out.append(buffer, size_t(n));
        } else {
          if (limits.stderrWhole) {
            if (stop == Stop::None && err.size() + size_t(n) > limits.stderrBytes) {
              stop = Stop::Overflow;
              child.signalGroup(SIGTERM);
              killAt = Clock::now() + milliseconds(limits.killGraceMs);
            }
            if (stop != Stop::Overflow) err.append(buffer, size_t(n));
          } else {
            err.append(buffer, size_t(n));
            if (err.size() > 2 * limits.stderrBytes) err.erase(0, err.size() - limits.stderrBytes);
          }
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
      if (now >= guardAt) {
        child.guardGroup();
        guardAt = Clock::time_point::max();
      }
      if (stop == Stop::None) {
        if (limits.afterStdoutMs > 0 && !outRead.open() && detachedAt == Clock::time_point::max())
          detachedAt = now + milliseconds(limits.afterStdoutMs);
        if (cancel.cancelled())
          stop = Stop::Cancelled;
        else if (now >= deadline)
          stop = Stop::Timeout;
        else if (now >= detachedAt)
          stop = Stop::Detached;
        if (stop != Stop::None) {
          child.signalGroup(SIGTERM);
          killAt = now + milliseconds(limits.killGraceMs);
        }
      }
      if (!killed && now >= killAt) {
        child.signalGroup(SIGKILL);
        killed = true;
        giveUpAt = now + kDrainLimit;
      }
    }

    struct pollfd fds[4];
    int nfds = 0;
    int outIdx = -1, errIdx = -1, pidIdx = -1;
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
      if (stop == Stop::None) wakeAt = std::min({wakeAt, deadline, detachedAt});
      wakeAt = std::min(wakeAt, guardAt);
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
      throw Error(ErrorKind::StepFailed, std::string("poll failed: ") + std::strerror(e));
    }
    if (ready > 0) {
      if (outIdx >= 0 && fds[outIdx].revents) readInto(outRead, true);
      if (errIdx >= 0 && fds[errIdx].revents) readInto(errRead, false);
    }
    if (!child.exited() && (!child.pidFd().open() || (pidIdx >= 0 && fds[pidIdx].revents))) child.checkExited();
  }

  result.status = child.reap();
  result.stop = stop;
  result.out = std::move(out);
  result.err = std::move(err);
  result.durationMs = std::chrono::duration<double, std::milli>(Clock::now() - started).count();
  return result;
}

}  // namespace wfc::tools

// Running one child process to its end: what the exec binding (docs/bindings.md) and AWL's shell
// action (docs/awl.md) share. The child's stdin is `input`, complete before it starts (a memory
// file), and its stdout and stderr are read with poll(), so large outputs cannot deadlock; it
// is killed when this process dies. On timeout, cancellation or an
// output over its limit the whole process group gets SIGTERM, then SIGKILL after `killGraceMs`;
// when the child exits, anything it left running in its group is killed. The call returns only
// once the child is reaped: no process outlives it.
#pragma once

#include "core/tools/ChildProcess.h"

#include "wfc/cancellation.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace wfc::tools {

struct ProcessLimits {
  int64_t timeoutMs = 0;     // 0: none
  int64_t killGraceMs = 500;  // from SIGTERM to SIGKILL
  size_t maxStdoutBytes = size_t(256) << 20;  // more stops the process (Stop::Overflow)
  // stderr: only the last `stderrBytes` are kept (a tail for messages), or — with
  // `stderrWhole` — all of it, and more than `stderrBytes` stops the process like stdout.
  size_t stderrBytes = 8192;
  bool stderrWhole = false;
  // How long the child may go on running once its stdout is closed (0: as long as it likes). A
  // tool's result is its stdout: one that closes it and keeps running has nothing more to say.
  int64_t afterStdoutMs = 0;
};

struct ProcessOutcome {
  // Why the process was stopped before it ended by itself (None: it did).
  // Detached: it closed its stdout and went on running for longer than `afterStdoutMs`.
  enum class Stop { None, Timeout, Cancelled, Overflow, Detached };
  Stop stop = Stop::None;
  bool stdoutOverflowed = false;  // Overflow: stdout (else stderr) went over its limit
  int status = 0;  // the wait status (WIFEXITED / WEXITSTATUS / WIFSIGNALED apply)
  std::string out, err;
  double durationMs = 0;
};

// Throws SpawnError when the process cannot be started, wfc::Error (StepFailed) when poll fails.
ProcessOutcome runProcess(const SpawnSpec &spec, std::string_view input, const ProcessLimits &limits,
                          const CancellationToken &cancel);

}  // namespace wfc::tools

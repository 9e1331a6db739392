// The `exec` binding (docs/bindings.md): a tool run as a process.
//
// The process gets argv as written (no shell; argv[0] is looked up in this process's PATH — not
// one set in `env` — unless it contains a '/'), the arguments as JSON on stdin, and the inherited
// environment plus the binding's `env` and WFC_IDEMPOTENCY_KEY. It runs in `cwd` (default: the
// current directory), in a process group of its own. Its stdout must be one JSON value: the
// result. stdout and stderr are read with poll() while stdin is written, so large inputs and
// outputs cannot deadlock.
//
// On timeout or cancellation the whole process group gets SIGTERM, then SIGKILL after
// `kill_grace_ms`; the call returns only once the process is reaped. When the process exits,
// anything it left running in its group is killed: no process outlives its tool call.
#pragma once

#include "wfc/cancellation.h"
#include "wfc/value.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace wfc::tools {

struct ExecSpec {
  std::string name;                                      // the tool's name, for messages
  std::vector<std::string> argv;                         // non-empty
  std::string cwd;                                       // empty: the current directory
  std::vector<std::pair<std::string, std::string>> env;  // added to / replacing inherited ones
  int64_t timeoutMs = 0;                                 // 0: no timeout
  int64_t killGraceMs = 500;                             // from SIGTERM to SIGKILL
  size_t maxOutputBytes = size_t(256) << 20;             // more on stdout fails the call
};

class ExecTool {
 public:
  // Throws wfc::Error (ErrorKind::Usage) for an invalid spec: empty argv, a NUL byte in a string,
  // an env name that is empty or contains '=', a negative timeout.
  explicit ExecTool(ExecSpec spec);

  // Runs the tool once. Thread-safe; calls may run concurrently. Throws wfc::Error:
  //  StepFailed — argv[0] not found or not executable, cwd missing, a non-zero exit or a death by
  //               signal, stdout that is not one JSON value or exceeds maxOutputBytes (messages
  //               carry the exit status and the last ~2 KiB of stderr);
  //  Exhausted  — "tool 'NAME' timed out after N ms";
  //  Cancelled  — `cancel` was cancelled before or during the call.
  // `workingDir`: where to run when the spec has no `cwd` (the calling step's, docs/awl.md).
  Value call(const Value &args, const std::string &idempotencyKey, const CancellationToken &cancel,
             std::string_view workingDir = {}) const;

  const ExecSpec &spec() const { return spec_; }

  // The last `maxBytes` bytes of `text` (starting on a UTF-8 character boundary, "…" in front
  // when cut), without trailing whitespace. Used for stderr in error messages.
  static std::string tail(std::string_view text, size_t maxBytes = 2048);

 private:
  ExecSpec spec_;
};

}  // namespace wfc::tools

#include "core/tools/ExecTool.h"

#include "common/Utf8.h"
#include "core/tools/ProcessRunner.h"

#include "wfc/error.h"

#include <cctype>
#include <string_view>

#include <sys/stat.h>
#include <sys/wait.h>

namespace wfc::tools {

namespace {

// stderr kept while running (the message shows the last ~2 KiB).
constexpr size_t kStderrKeep = 8192;
// How long a tool may go on running after closing its stdout (docs/bindings.md "exec"): without
// it, a tool that detaches that way holds its step for ever when the binding has no timeout_ms.
constexpr int64_t kAfterStdoutMs = 10'000;

[[noreturn]] void fail(ErrorKind kind, const std::string &message) { throw Error(kind, message); }

std::string inQuotes(std::string_view s) { return "'" + std::string(s) + "'"; }

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

// A tool's stderr is any bytes; the tail goes into an error message, and from there into JSON (a
// report, a trace, a recording, an HTTP answer), so it is made UTF-8 here, where it enters.
std::string ExecTool::tail(std::string_view text, size_t maxBytes) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  if (text.size() <= maxBytes) return repairUtf8(text);
  size_t start = text.size() - maxBytes;
  while (start < text.size() && (static_cast<unsigned char>(text[start]) & 0xC0) == 0x80) ++start;
  return "…" + repairUtf8(text.substr(start));
}

Value ExecTool::call(const Value &args, const std::string &idempotencyKey, const CancellationToken &cancel,
                     std::string_view workingDir) const {
  const std::string &name = spec_.name;
  const std::string toolText = "tool " + inQuotes(name);
  if (cancel.cancelled()) fail(ErrorKind::Cancelled, toolText + " cancelled: " + cancel.reason());

  const std::string cwd = !spec_.cwd.empty() ? spec_.cwd : std::string(workingDir);
  if (!cwd.empty()) {
    struct stat st {};
    if (::stat(cwd.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
      fail(ErrorKind::StepFailed, toolText + ": working directory " + inQuotes(cwd) + " is not a directory");
  }

  const std::string input = args.dump();
  SpawnSpec spawn{spec_.argv, cwd, spec_.env, std::nullopt, false};
  spawn.env.emplace_back("WFC_IDEMPOTENCY_KEY", idempotencyKey);
  ProcessLimits limits;
  limits.timeoutMs = spec_.timeoutMs;
  limits.killGraceMs = spec_.killGraceMs;
  limits.maxStdoutBytes = spec_.maxOutputBytes;
  limits.stderrBytes = kStderrKeep;
  limits.afterStdoutMs = kAfterStdoutMs;
  ProcessOutcome ran;
  try {
    ran = runProcess(spawn, input, limits, cancel);
  } catch (const SpawnError &e) {
    fail(ErrorKind::StepFailed, toolText + ": " + e.message);
  } catch (const Error &e) {
    fail(e.kind(), toolText + ": " + e.what());
  }
  using Stop = ProcessOutcome::Stop;
  const Stop stop = ran.stop;
  const std::string &out = ran.out;
  const std::string &err = ran.err;
  const int status = ran.status;
  const std::string stderrTail = tail(err);
  auto withStderr = [&](std::string message) { return stderrTail.empty() ? message : message + ": " + stderrTail; };
  switch (stop) {
    case Stop::Cancelled: fail(ErrorKind::Cancelled, toolText + " cancelled: " + cancel.reason());
    case Stop::Timeout:
      fail(ErrorKind::Exhausted, toolText + " timed out after " + std::to_string(spec_.timeoutMs) + " ms");
    case Stop::Overflow:
      fail(ErrorKind::StepFailed,
           toolText + " printed more than " + std::to_string(spec_.maxOutputBytes) + " bytes on stdout");
    case Stop::Detached:
      fail(ErrorKind::StepFailed, toolText + " closed its stdout but was still running " +
                                      std::to_string(kAfterStdoutMs / 1000) + " s later (a tool's result is " +
                                      "its stdout, and it must exit once it has printed it)");
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

// AWL's shell action (docs/awl.md "Shell commands and taint"): `/bin/sh -c COMMAND`, where
// COMMAND is the author's text exactly as the compiler left it — every run-time value it uses is
// a reference to an environment variable (`"$WFC_V1"`), and the values arrive here apart from it,
// in `values`. So nothing a model, a tool or an input sends can become shell syntax: the shell
// expands a variable's value as data, never parses it.
//
// The kernel limits one environment string to 128 KiB. A value longer than kEnvLimit goes
// through a private temporary file instead, read into the same (unexported) shell variable by a
// first line the command does not see; the command's text is unchanged.
#include "core/awl/Actions.h"

#include "common/Utf8.h"
#include "core/run/Run.h"
#include "core/tools/ExecTool.h"
#include "core/tools/ProcessRunner.h"
#include "support/Describe.h"
#include "wfc/error.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace wfc::awl {
namespace {

constexpr size_t kEnvLimit = 64 * 1024;            // longer values go through a file
constexpr size_t kEnvHardLimit = 128 * 1024 - 64;  // the kernel's bound on "NAME=value"
constexpr size_t kOutputLimit = size_t(64) << 20;  // stdout and stderr, each

// A temporary file holding one value, removed when the command is done.
class ValueFile {
 public:
  explicit ValueFile(const std::string &text) {
    const char *dir = std::getenv("TMPDIR");
    path_ = std::string(dir && *dir ? dir : "/tmp") + "/wfc-value-XXXXXX";
    int fd = ::mkstemp(path_.data());  // 0600: readable by this user only
    if (fd < 0) throw Error(ErrorKind::StepFailed, "cannot create a temporary file for a shell value in " +
                                                       std::string(dir && *dir ? dir : "/tmp") + ": " + std::strerror(errno));
    size_t done = 0;
    while (done < text.size()) {
      ssize_t n = ::write(fd, text.data() + done, text.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        int e = errno;
        ::close(fd);
        ::unlink(path_.c_str());
        throw Error(ErrorKind::StepFailed, "cannot write a shell value to " + path_ + ": " + std::strerror(e));
      }
      done += size_t(n);
    }
    ::close(fd);
  }
  ~ValueFile() { ::unlink(path_.c_str()); }
  ValueFile(const ValueFile &) = delete;
  ValueFile &operator=(const ValueFile &) = delete;
  const std::string &path() const { return path_; }

 private:
  std::string path_;
};

bool validName(const std::string &name) {
  if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0]))) return false;
  for (char c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  return true;
}

}  // namespace

Value runShell(const Value &args, const ActionContext &ctx) {
  const std::string command = stringArgument(args, "command", "shell");
  tools::SpawnSpec spawn;
  spawn.cwd = stringArgument(args, "working_dir", "shell", "");
  if (!spawn.cwd.empty()) {
    struct stat st {};
    if (::stat(spawn.cwd.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
      throw Error(ErrorKind::StepFailed, "the working directory '" + spawn.cwd + "' of the shell command is not a directory");
  }
  std::string prologue;
  std::vector<std::unique_ptr<ValueFile>> files;
  // The run-time values the command references, and the author's own `env`.
  for (const char *member : {"values", "env"}) {
    std::optional<Value> table = args.get(member);
    if (!table || table->isNull()) continue;
    bool tainted = std::string_view(member) == "values";
    for (const std::string &name : table->keys()) {
      if (!validName(name)) throw Error(ErrorKind::StepFailed, "invalid environment variable name '" + name + "'");
      std::string text = table->get(name)->toText();
      if (text.find('\0') != std::string::npos)
        throw Error(ErrorKind::StepFailed, "the value of $" + name +
                                               " contains a NUL byte, which no environment variable or shell "
                                               "variable can hold");
      if (tainted && text.size() > kEnvLimit) {
        files.push_back(std::make_unique<ValueFile>(text));
        spawn.env.emplace_back(name + "_FILE", files.back()->path());
        // $(…) drops trailing newlines: the '.' keeps them, and is cut off again.
        prologue += name + "=$(cat \"$" + name + "_FILE\" && printf .) || exit 125; " + name + "=${" + name +
                    "%.}; unset " + name + "_FILE\n";
        continue;
      }
      if (name.size() + 1 + text.size() > kEnvHardLimit)
        throw Error(ErrorKind::StepFailed, "environment variable " + name + " would hold " +
                                               std::to_string(text.size()) + " bytes; the system allows about 128 KiB");
      spawn.env.emplace_back(name, std::move(text));
    }
  }
  std::string key = ctx.run.runId() + "/" + ctx.stepPath + "/" + std::to_string(ctx.attempt);
  spawn.env.emplace_back("WFC_IDEMPOTENCY_KEY", key);
  spawn.argv = {"/bin/sh", "-c", prologue + command};

  tools::ProcessLimits limits;
  limits.maxStdoutBytes = kOutputLimit;
  limits.stderrBytes = kOutputLimit;
  limits.stderrWhole = true;
  tools::ProcessOutcome ran;
  try {
    ran = tools::runProcess(spawn, "", limits, ctx.cancel);
  } catch (const tools::SpawnError &e) {
    throw Error(ErrorKind::StepFailed, "cannot run the shell command: " + e.message);
  }
  using Stop = tools::ProcessOutcome::Stop;
  if (ran.stop == Stop::Cancelled)
    throw Error(ErrorKind::Cancelled, "the shell command was stopped: " + ctx.cancel.reason());
  if (ran.stop == Stop::Overflow)
    throw Error(ErrorKind::StepFailed, std::string("the shell command printed more than ") +
                                           std::to_string(kOutputLimit >> 20) + " MiB on " +
                                           (ran.stdoutOverflowed ? "stdout" : "stderr"));
  // A death by signal reads as the shell would report it: 128 + the signal.
  int code = WIFEXITED(ran.status) ? WEXITSTATUS(ran.status) : WIFSIGNALED(ran.status) ? 128 + WTERMSIG(ran.status) : 1;
  bool check = args.get("check").value_or(Value::boolean(true)).asBool();
  if (check && code != 0) {
    std::string why = WIFSIGNALED(ran.status) ? "was killed by signal " + tools::signalText(WTERMSIG(ran.status))
                                              : "exited with status " + std::to_string(code);
    std::string err = tools::ExecTool::tail(repairUtf8(ran.err));
    throw Error(ErrorKind::StepFailed, "the shell command " + why + (err.empty() ? "" : ": " + err) +
                                           " (capture its result, or set continue-on-error, to go on)");
  }
  return Value::object({{"exit-code", Value::integer(code)},
                        {"stdout", Value::string(repairUtf8(ran.out))},
                        {"stderr", Value::string(repairUtf8(ran.err))},
                        {"duration-ms", Value::integer(int64_t(ran.durationMs + 0.5))}});
}

}  // namespace wfc::awl

#include "support/ForgetEnvironment.h"

#include "support/ProcStat.h"

#include <unistd.h>

#include <cstdint>
#include <cstring>
#include <string>

extern char **environ;

namespace wfc {

void forgetEnvironmentVariable(const char *name) {
  const size_t length = std::strlen(name);
  char *entry = nullptr;
  for (char **e = environ; e && *e; ++e)
    if (std::strncmp(*e, name, length) == 0 && (*e)[length] == '=') entry = *e;
  if (!entry) return;
  unsetenv(name);
  // Only the initial block is wiped: a string setenv() allocated is glibc's (it may keep and
  // reuse it), and it is not in /proc/self/environ anyway.
  // The initial block's bounds (proc(5) env_start, env_end); nothing when they cannot be read.
  const std::optional<ProcStat> stat = readProcStat(::getpid());
  const auto at = reinterpret_cast<uintptr_t>(entry);
  if (stat && at >= stat->envStart && at < stat->envEnd) {
    char *value = entry + length + 1;
    std::memset(value, 0, std::strlen(value));
  }
}

}  // namespace wfc

#include "support/ForgetEnvironment.h"

#include <cstdlib>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>

extern char **environ;

namespace wfc {
namespace {

// The initial environment block's bounds: fields 50 and 51 of /proc/self/stat (proc(5),
// `env_start`, `env_end`; Linux 3.5 and later). {0, 0} when they cannot be read.
struct Block {
  uintptr_t start = 0, end = 0;
};

Block initialBlock() {
  std::ifstream in("/proc/self/stat");
  std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  // The command name (field 2) is in parentheses and may hold spaces: count fields after it.
  size_t close = stat.rfind(')');
  if (close == std::string::npos) return {};
  std::istringstream fields(stat.substr(close + 1));
  std::string field;
  Block block;
  for (int number = 3; fields >> field; ++number) {
    if (number == 50) block.start = std::strtoull(field.c_str(), nullptr, 10);
    if (number == 51) {
      block.end = std::strtoull(field.c_str(), nullptr, 10);
      return block;
    }
  }
  return {};
}

}  // namespace

void forgetEnvironmentVariable(const char *name) {
  const size_t length = std::strlen(name);
  char *entry = nullptr;
  for (char **e = environ; e && *e; ++e)
    if (std::strncmp(*e, name, length) == 0 && (*e)[length] == '=') entry = *e;
  if (!entry) return;
  unsetenv(name);
  // Only the initial block is wiped: a string setenv() allocated is glibc's (it may keep and
  // reuse it), and it is not in /proc/self/environ anyway.
  const Block block = initialBlock();
  const auto at = reinterpret_cast<uintptr_t>(entry);
  if (at >= block.start && at < block.end) {
    char *value = entry + length + 1;
    std::memset(value, 0, std::strlen(value));
  }
}

}  // namespace wfc

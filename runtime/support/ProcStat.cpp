#include "support/ProcStat.h"

#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <sstream>

namespace wfc {

std::optional<ProcStat> readProcStat(int64_t pid) {
  std::ifstream in("/proc/" + (pid == ::getpid() ? std::string("self") : std::to_string(pid)) + "/stat");
  if (!in) return std::nullopt;
  std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  // The command name (field 2) is in parentheses and may hold spaces and parentheses: count
  // fields after the last ')'.
  size_t close = stat.rfind(')');
  if (close == std::string::npos) return std::nullopt;
  std::istringstream fields(stat.substr(close + 1));
  std::string field;
  ProcStat out;
  bool started = false;
  for (int number = 3; fields >> field; ++number) {
    switch (number) {
      case 3: out.state = field.empty() ? '?' : field[0]; break;
      case 22:
        out.startTime = std::strtoll(field.c_str(), nullptr, 10);
        started = true;
        break;
      case 50: out.envStart = std::strtoull(field.c_str(), nullptr, 10); break;
      case 51: out.envEnd = std::strtoull(field.c_str(), nullptr, 10); break;
      default: break;
    }
  }
  if (!started) return std::nullopt;
  return out;
}

bool processRunning(int64_t pid, int64_t startTime) {
  if (pid <= 0) return false;
  std::optional<ProcStat> stat = readProcStat(pid);
  return stat && stat->live() && stat->startTime == startTime;
}

int64_t thisProcessStart() {
  // Keyed by the pid, so a forked child reads its own. Two threads may both read it the first
  // time: the same answer, stored twice.
  static std::atomic<int64_t> cachedPid{0}, cachedStart{0};
  int64_t pid = ::getpid();
  if (cachedPid.load(std::memory_order_acquire) == pid) return cachedStart.load(std::memory_order_relaxed);
  std::optional<ProcStat> stat = readProcStat(pid);
  int64_t start = stat ? stat->startTime : 0;
  cachedStart.store(start, std::memory_order_relaxed);
  cachedPid.store(pid, std::memory_order_release);
  return start;
}

}  // namespace wfc

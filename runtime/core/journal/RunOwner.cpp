#include "core/journal/RunOwner.h"

#include "support/ProcStat.h"

#include <unistd.h>

#include <cstdlib>

namespace wfc::journal {

std::string thisProcessOwner() {
  return std::to_string(::getpid()) + ":" + std::to_string(thisProcessStart());
}

bool ownerAlive(const std::string &owner) {
  size_t colon = owner.find(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 == owner.size()) return false;
  char *end = nullptr;
  long long pid = std::strtoll(owner.c_str(), &end, 10);
  if (end != owner.c_str() + colon) return false;
  long long start = std::strtoll(owner.c_str() + colon + 1, &end, 10);
  if (*end != '\0') return false;
  return processRunning(pid, start);
}

}  // namespace wfc::journal

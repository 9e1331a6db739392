#include "core/journal/RunOwner.h"

#include <unistd.h>

#include <fstream>
#include <sstream>

namespace wfc::journal {
namespace {

// Field 22 of /proc/PID/stat (after the parenthesized command, which may contain spaces), or "".
std::string startTime(long pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  size_t paren = stat.rfind(')');
  if (paren == std::string::npos) return "";
  std::istringstream fields(stat.substr(paren + 2));
  std::string field, state;
  fields >> state;  // field 3
  if (state == "Z" || state == "X") return "";  // exited, not yet reaped: it runs nothing
  for (int i = 4; i <= 22 && fields >> field; ++i)
    if (i == 22) return field;
  return "";
}

}  // namespace

std::string thisProcessOwner() {
  long pid = long(::getpid());
  return std::to_string(pid) + ":" + startTime(pid);
}

bool ownerAlive(const std::string &owner) {
  size_t colon = owner.find(':');
  if (colon == std::string::npos || colon == 0) return false;
  long pid = 0;
  try {
    pid = std::stol(owner.substr(0, colon));
  } catch (const std::exception &) {
    return false;
  }
  if (pid <= 0) return false;
  std::string start = startTime(pid);
  return !start.empty() && start == owner.substr(colon + 1);
}

}  // namespace wfc::journal

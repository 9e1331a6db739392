// docs/limits.md: the ceilings, and the bounded readers that enforce them.
#include "support/Limits.h"

#include "wfc/error.h"

#include <iterator>

namespace wfc::limits {

std::string describeBytes(size_t bytes) {
  if (bytes >= (size_t(1) << 20) && bytes % (size_t(1) << 20) == 0) return std::to_string(bytes >> 20) + " MiB";
  if (bytes >= (size_t(1) << 10) && bytes % (size_t(1) << 10) == 0) return std::to_string(bytes >> 10) + " KiB";
  return std::to_string(bytes) + (bytes == 1 ? " byte" : " bytes");
}

std::string readAtMost(std::istream &in, size_t limit, const std::string &what) {
  std::string text;
  char buffer[1 << 16];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
    text.append(buffer, size_t(in.gcount()));
    if (text.size() > limit)
      throw Error(ErrorKind::Usage, what + " is larger than " + describeBytes(limit) +
                                        ", the most a run reads (docs/limits.md)");
  }
  return text;
}

bool readLineAtMost(std::istream &in, std::string &line, size_t limit, const std::string &where) {
  line.clear();
  std::streambuf *buffer = in.rdbuf();
  if (!in.good() || !buffer) return false;
  bool any = false;
  for (;;) {
    int c = buffer->sbumpc();
    if (c == std::char_traits<char>::eof()) {
      in.setstate(std::ios::eofbit);
      return any;
    }
    any = true;
    if (c == '\n') return true;
    line.push_back(char(c));
    if (line.size() > limit)
      throw Error(ErrorKind::Usage, where + ": the line is longer than " + describeBytes(limit) +
                                        ", the most wfc reads as one line (docs/limits.md)");
  }
}

}  // namespace wfc::limits

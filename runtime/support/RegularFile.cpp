#include "support/RegularFile.h"

#include "support/Limits.h"

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace wfc {

std::string RegularFile::describe(size_t limit) const {
  switch (problem) {
    case Problem::None: return "was read";
    case Problem::Open: return error == ENOENT ? "does not exist" : std::string("cannot be opened: ") + std::strerror(error);
    case Problem::Directory: return "is a directory";
    case Problem::NotRegular: return "is not a regular file";
    case Problem::TooLarge: return "is larger than " + limits::describeBytes(limit);
    case Problem::Read: return std::string("cannot be read: ") + std::strerror(error);
  }
  return "";
}

RegularFile readRegularFile(const std::string &path, size_t limit, int flags) {
  RegularFile out;
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | flags);
  if (fd < 0) {
    out.problem = RegularFile::Problem::Open;
    out.error = errno;
    return out;
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    out.problem = S_ISDIR(st.st_mode) ? RegularFile::Problem::Directory : RegularFile::Problem::NotRegular;
    ::close(fd);
    return out;
  }
  if (static_cast<unsigned long long>(st.st_size) > limit) {
    out.problem = RegularFile::Problem::TooLarge;
    ::close(fd);
    return out;
  }
  out.bytes.reserve(static_cast<size_t>(st.st_size));
  char buffer[65536];
  for (;;) {
    ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n > 0) {
      out.bytes.append(buffer, static_cast<size_t>(n));
      if (out.bytes.size() > limit) {  // it grew while being read
        out.problem = RegularFile::Problem::TooLarge;
        out.bytes.clear();
        break;
      }
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      out.problem = RegularFile::Problem::Read;
      out.error = errno;
      out.bytes.clear();
    }
    break;
  }
  ::close(fd);
  return out;
}

}  // namespace wfc

#include "MemoryFile.h"

#include "FuzzTarget.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace wfc::fuzz {

const std::string &memoryFile(std::string_view bytes) {
  static const int fd = ::memfd_create("wfc-fuzz-input", MFD_CLOEXEC);
  static const std::string path = "/proc/self/fd/" + std::to_string(fd);
  if (fd < 0) fail(std::string("memfd_create: ") + std::strerror(errno));
  if (::ftruncate(fd, 0) != 0) fail(std::string("ftruncate: ") + std::strerror(errno));
  size_t done = 0;
  while (done < bytes.size()) {
    ssize_t n = ::pwrite(fd, bytes.data() + done, bytes.size() - done, static_cast<off_t>(done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) fail(std::string("pwrite: ") + std::strerror(errno));
    done += static_cast<size_t>(n);
  }
  return path;
}

}  // namespace wfc::fuzz

// Reading a file a run was pointed at (the read_file builtin tool, a chat turn's media): whole,
// bounded, and never blocking — a FIFO or a device swapped in for the file must end in an error,
// not in a read that waits forever. The file is opened O_NONBLOCK and checked with fstat, so no
// window lies between the check and the read.
#pragma once

#include <cstddef>
#include <string>

namespace wfc {

struct RegularFile {
  enum class Problem { None, Open, Directory, NotRegular, TooLarge, Read };
  Problem problem = Problem::None;
  int error = 0;       // errno of Open and Read
  std::string bytes;   // the content when problem is None
  // "does not exist", "is a directory", "is larger than 50 MiB", …: what follows the file's name
  // in a message.
  std::string describe(size_t limit) const;
};

// Reads `path` (opened with O_RDONLY | O_CLOEXEC | O_NONBLOCK | `flags`), at most `limit` bytes:
// a larger file is TooLarge, told by its size before anything is read.
RegularFile readRegularFile(const std::string &path, size_t limit, int flags = 0);

}  // namespace wfc

#include "host/batch/InputLines.h"

#include "wfc/error.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace wfc::batch {
namespace {

constexpr size_t kChunk = 64 * 1024;

Error readError(const std::string &name) {
  return Error(ErrorKind::Usage, "cannot read " + name + ": " + std::strerror(errno));
}

InputDigest scan(int fd, const std::string &name, const std::optional<CommandLine::Shard> &shard, bool hash) {
  // Borrowed: this pass must not close the descriptor the batch reads next.
  int own = ::fcntl(fd, F_DUPFD_CLOEXEC, 3);
  if (own < 0) throw readError(name);
  InputLines lines(own, name, hash);
  InputDigest digest;
  InputLine line;
  while (lines.next(line))
    if (inShard(shard, line.index) && (line.tooLong || !isBlank(line.text))) ++digest.lines;
  if (hash) digest.sha256 = lines.sha256();
  return digest;
}

}  // namespace

bool isBlank(std::string_view text) { return text.find_first_not_of(" \t") == std::string_view::npos; }

InputLines::InputLines(int fd, std::string name, bool hash, size_t maxLineBytes)
    : fd_(fd), name_(std::move(name)), maxLineBytes_(maxLineBytes) {
  if (hash) hash_.emplace();
}

InputLines::~InputLines() {
  if (fd_ > 0) ::close(fd_);
}

bool InputLines::fill() {
  if (eof_) return false;
  // What was consumed goes first, so the buffer holds one line and a chunk at most.
  if (start_ > 0) {
    buffer_.erase(0, start_);
    start_ = 0;
  }
  if (stop_) {
    // A pipe may hold back its next line for as long as its writer likes: wait for it, or for
    // the batch to stop, whichever comes first.
    pollfd fds[2] = {{fd_, POLLIN, 0}, {stop_->pollFd(), POLLIN, 0}};
    while (::poll(fds, 2, -1) < 0)
      if (errno != EINTR) throw readError(name_);
    if (fds[1].revents & POLLIN) {
      eof_ = true;
      return false;
    }
  }
  size_t old = buffer_.size();
  buffer_.resize(old + kChunk);
  ssize_t got;
  do got = ::read(fd_, buffer_.data() + old, kChunk);
  while (got < 0 && errno == EINTR);
  if (got < 0) {
    buffer_.resize(old);
    throw readError(name_);
  }
  buffer_.resize(old + size_t(got));
  if (hash_) hash_->update(std::string_view(buffer_.data() + old, size_t(got)));
  if (got == 0) eof_ = true;
  return got > 0;
}

bool InputLines::next(InputLine &line) {
  line.text.clear();
  line.tooLong = false;
  size_t scanned = start_;  // where the search for the newline resumes
  for (;;) {
    size_t nl = buffer_.find('\n', scanned);
    size_t end = nl != std::string::npos ? nl : buffer_.size();
    if (end - start_ > maxLineBytes_) {
      line.tooLong = true;
      if (nl != std::string::npos) {
        start_ = nl + 1;
      } else {
        // Skipped to its newline (or the end) without being kept: memory stays bounded.
        for (;;) {
          buffer_.clear();
          start_ = 0;
          if (!fill()) break;
          if (size_t at = buffer_.find('\n'); at != std::string::npos) {
            start_ = at + 1;
            break;
          }
        }
      }
      break;
    }
    if (nl != std::string::npos) {
      line.text.assign(buffer_, start_, nl - start_);
      start_ = nl + 1;
      break;
    }
    scanned = buffer_.size() - start_;  // relative: fill() moves the unread bytes to the front
    if (!fill()) {
      if (buffer_.size() == start_) return false;  // the end, after a newline (or nothing at all)
      line.text.assign(buffer_, start_);          // a last line without its newline
      start_ = buffer_.size();
      break;
    }
    scanned += start_;
  }
  if (!line.text.empty() && line.text.back() == '\r') line.text.pop_back();
  if (first_ && line.text.rfind("\xEF\xBB\xBF", 0) == 0) line.text.erase(0, 3);
  first_ = false;
  line.index = index_++;
  return true;
}

std::string InputLines::sha256() {
  if (!hash_) return "";
  return hash_->hex();
}

int openInput(const std::string &path) {
  if (path == "-") return 0;
  if (path.empty()) throw Error(ErrorKind::Usage, "--input-jsonl needs a file name (or - for standard input)");
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw Error(ErrorKind::Usage, "cannot read " + inputName(path) + ": " + std::strerror(errno));
  struct stat info;
  if (::fstat(fd, &info) == 0 && S_ISDIR(info.st_mode)) {
    ::close(fd);
    throw Error(ErrorKind::Usage, "cannot read " + inputName(path) + ": it is a directory");
  }
  return fd;
}

std::string inputName(const std::string &path) { return path == "-" ? "standard input" : "input file '" + path + "'"; }

InputDigest digestInput(int fd, const std::string &name, const std::optional<CommandLine::Shard> &shard) {
  return scan(fd, name, shard, true);
}

uint64_t countLines(int fd, const std::string &name, const std::optional<CommandLine::Shard> &shard) {
  return scan(fd, name, shard, false).lines;
}

int spool(int from, const std::string &name) {
  const char *base = std::getenv("TMPDIR");
  std::string pattern = std::string(base && *base ? base : "/tmp") + "/wfc-batch-input-XXXXXX";
  int fd = ::mkostemp(pattern.data(), O_CLOEXEC);
  if (fd < 0)
    throw Error(ErrorKind::Usage, "cannot keep a copy of " + name + " (a batch reads it twice): " +
                                      std::string(std::strerror(errno)));
  ::unlink(pattern.c_str());  // gone with the descriptor
  char chunk[kChunk];
  for (;;) {
    ssize_t got = ::read(from, chunk, sizeof chunk);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {
      Error error = readError(name);
      ::close(fd);
      throw error;
    }
    if (got == 0) break;
    for (ssize_t done = 0; done < got;) {
      ssize_t put = ::write(fd, chunk + done, size_t(got - done));
      if (put < 0 && errno == EINTR) continue;
      if (put < 0) {
        std::string why = std::strerror(errno);
        ::close(fd);
        throw Error(ErrorKind::Usage, "cannot keep a copy of " + name + " in " + pattern + ": " + why);
      }
      done += put;
    }
  }
  if (::lseek(fd, 0, SEEK_SET) < 0) {
    Error error = readError("the copy of " + name);
    ::close(fd);
    throw error;
  }
  if (from > 0) ::close(from);
  return fd;
}

}  // namespace wfc::batch

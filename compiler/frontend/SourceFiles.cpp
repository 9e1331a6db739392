#include "frontend/SourceFiles.h"

#include <llvm/ADT/SmallString.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>

namespace wfc {

namespace {

std::string normalized(llvm::StringRef path) {
  llvm::SmallString<256> p(path);
  llvm::sys::path::remove_dots(p, /*remove_dot_dot=*/true);
  return std::string(p);
}

}  // namespace

void SourceFiles::addMemoryFile(llvm::StringRef path, std::string text) {
  memoryFiles_[normalized(path)] = std::move(text);
}

unsigned SourceFiles::open(llvm::StringRef path, std::string &error) {
  if (!memoryFiles_.empty()) {
    std::string key = normalized(path);
    if (auto memory = memoryFiles_.find(key); memory != memoryFiles_.end()) {
      // Keyed like a real path ("memory:" cannot clash with one, which is absolute), so a second
      // open returns the same buffer.
      std::string id = "memory:" + key;
      if (auto it = byRealPath_.find(id); it != byRealPath_.end()) return it->second;
      unsigned buffer = sourceMgr_.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(memory->second, path),
                                                      llvm::SMLoc());
      byRealPath_.emplace(std::move(id), buffer);
      filesRead_.push_back(path.str());
      return buffer;
    }
  }
  llvm::SmallString<256> real;
  if (std::error_code ec = llvm::sys::fs::real_path(path, real)) {
    error = ec.message();
    return 0;
  }
  if (auto it = byRealPath_.find(std::string(real)); it != byRealPath_.end()) return it->second;
  llvm::sys::fs::file_status status;
  if (std::error_code ec = llvm::sys::fs::status(real, status)) {
    error = ec.message();
    return 0;
  }
  if (status.type() == llvm::sys::fs::file_type::directory_file) {
    error = "Is a directory";
    return 0;
  }
  // Only a regular file has an end to read to: a device may never end (/dev/zero, /dev/urandom:
  // reading one would take all memory) or wait for a person (/dev/tty), and a named pipe waits
  // for a writer.
  if (status.type() != llvm::sys::fs::file_type::regular_file) {
    error = "Is not a regular file (a device, a pipe or a socket)";
    return 0;
  }
  // IsText=false: no CRLF translation, so byte offsets match what the user's editor shows.
  auto buffer = llvm::MemoryBuffer::getFile(real, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/true);
  if (!buffer) {
    error = buffer.getError().message();
    return 0;
  }
  // Name the buffer by the path the user gave, so diagnostics print paths they recognise.
  auto named = llvm::MemoryBuffer::getMemBufferCopy((*buffer)->getBuffer(), path);
  unsigned id = sourceMgr_.AddNewSourceBuffer(std::move(named), llvm::SMLoc());
  byRealPath_.emplace(std::string(real), id);
  filesRead_.push_back(path.str());
  return id;
}

std::string SourceFiles::resolveRelative(llvm::StringRef fromFile, llvm::StringRef relative) {
  if (llvm::sys::path::is_absolute(relative)) return relative.str();
  llvm::SmallString<256> p(llvm::sys::path::parent_path(fromFile));
  llvm::sys::path::append(p, relative);
  llvm::sys::path::remove_dots(p, /*remove_dot_dot=*/true);
  return std::string(p);
}

}  // namespace wfc

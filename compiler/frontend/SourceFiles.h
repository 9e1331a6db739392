// Every source file the compiler reads, each read exactly once.
//
// Files are keyed by their real path, so `schemas/a.json` named from two places is one buffer
// in the SourceMgr (one set of line tables, one diagnostic identity) and one depfile entry.
#pragma once

#include <llvm/ADT/StringRef.h>
#include <llvm/Support/SourceMgr.h>

#include <map>
#include <string>
#include <vector>

namespace wfc {

class SourceFiles {
 public:
  explicit SourceFiles(llvm::SourceMgr &sourceMgr) : sourceMgr_(sourceMgr) {}

  // Reads `path` (the first time) and returns its SourceMgr buffer id; 0 on failure, with
  // `error` set to the system's reason ("No such file or directory").
  unsigned open(llvm::StringRef path, std::string &error);

  // Makes `text` the contents of `path`, which need not exist on disk: a later open(path) reads
  // it from memory. For a caller that holds a pack in memory (the compiler's fuzz target,
  // tests/fuzz, runs thousands of packs a second without touching the file system). `path` is
  // matched as given after removing "./" and "x/.." parts — the form resolveRelative() produces
  // for the files a pack names — so a pack at "/mem/pack.yaml" finds "/mem/schemas/a.json".
  void addMemoryFile(llvm::StringRef path, std::string text);

  // Every file read, in the order first read, as the paths they were opened by.
  const std::vector<std::string> &filesRead() const { return filesRead_; }

  llvm::SourceMgr &sourceMgr() { return sourceMgr_; }

  // Joins `relative` to the directory of `fromFile` and removes "./" and "x/.." parts.
  static std::string resolveRelative(llvm::StringRef fromFile, llvm::StringRef relative);

 private:
  llvm::SourceMgr &sourceMgr_;
  std::map<std::string, unsigned> byRealPath_;
  std::map<std::string, std::string> memoryFiles_;  // by normalized path: contents
  std::vector<std::string> filesRead_;
};

}  // namespace wfc

// The `builtin` binding (docs/bindings.md): tools implemented in the runtime.
//
//   read_file  {path}           → {content}        a UTF-8 text file
//   write_file {path, content}  → {bytes}          creates missing parent directories
//   list_files {path?}          → {entries: [{name, type, size?}], truncated}   a directory's entries
//   parse_json {text}           → the parsed value
//   now        {}               → {unix_ms, iso8601}   UTC, millisecond precision
//
// File paths are relative to the workspace (or absolute) and confined to it: what counts is where
// the file really is — '..' is resolved lexically first, then the path with realpath — so a path
// that leaves the workspace by '..', by naming a place elsewhere, or through a symlink is refused
// (an absolute path through a symlink to the workspace itself is fine). A write's final component
// is opened with O_NOFOLLOW, so a symlink swapped in after the checks is not followed.
#pragma once

#include "wfc/value.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace wfc::tools {

class BuiltinTools {
 public:
  // The workspace must be an existing directory (throws wfc::Error, ErrorKind::Usage).
  BuiltinTools();  // the current directory
  explicit BuiltinTools(const std::filesystem::path &workspace);

  static const std::vector<std::string> &names();  // read_file, write_file, list_files, parse_json, now
  static bool has(std::string_view name);

  // Runs builtin `name`. Throws wfc::Error: Usage for an unknown name; StepFailed for missing,
  // unknown or mistyped arguments, a path outside the workspace, an I/O failure; InvalidJson when
  // parse_json's text is not JSON. Thread-safe.
  Value call(std::string_view name, const Value &args) const;

  Value readFile(const Value &args) const;
  Value writeFile(const Value &args) const;
  Value listFiles(const Value &args) const;
  static Value parseJson(const Value &args);
  static Value now(const Value &args);

  // "1970-01-01T00:00:00.000Z" for 0; negative values are before 1970.
  static std::string formatIso8601(int64_t unixMs);

  const std::filesystem::path &workspace() const { return workspace_; }  // canonical

 private:
  std::filesystem::path workspace_;
};

}  // namespace wfc::tools

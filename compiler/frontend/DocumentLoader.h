// Loads YAML and JSON files into located Documents.
//
// One loader serves every file of a compilation: the pack, the schema files it references and
// the files those reference. Each file is read and parsed once; a second request returns the
// same Document (or null again, without a second diagnostic).
//
// Rules (docs/language/yaml-and-json.md):
// - JSON files (`.json`, or content that starts with `{` or `[`) must be strict JSON
//   (RFC 8259); they are checked by nlohmann-json, then read with positions by yaml-cpp,
//   since JSON is YAML 1.2.
// - YAML scalars are typed by the YAML 1.2 core schema: `no`/`yes`/`on` are strings, `0o17`
//   is an integer; quoted scalars are always strings.
// - Duplicate keys are errors; anchors and aliases are resolved; `<<` merge keys merge (the
//   mapping's own keys win); a file must hold exactly one document.
// - Limits, so no input can exhaust the compiler: nesting deeper than 256 levels, or an alias
//   expansion of more than 1,000,000 nodes, is an error.
#pragma once

#include "frontend/Document.h"
#include "frontend/SourceFiles.h"
#include "support/DiagnosticEngine.h"

#include <map>
#include <set>
#include <memory>

namespace wfc {

class DocumentLoader {
 public:
  static constexpr unsigned kMaxDepth = 256;
  static constexpr uint64_t kMaxExpandedNodes = 1'000'000;

  DocumentLoader(SourceFiles &files, DiagnosticEngine &diags) : files_(files), diags_(diags) {}

  // Loads `path`. If it cannot be opened, the error points at `requestedAt` (the reference
  // that named the file) when given, else at the file itself. Returns null on any error.
  const Document *load(llvm::StringRef path, Location requestedAt = {},
                       llvm::StringRef what = "file");

  SourceFiles &files() { return files_; }

 private:
  SourceFiles &files_;
  DiagnosticEngine &diags_;
  std::map<unsigned, std::unique_ptr<Document>> byBuffer_;  // null entry: failed to parse
  std::set<std::string> unopenable_;  // paths that could not be opened: reported once
};

}  // namespace wfc

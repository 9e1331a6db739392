// A located document tree: what a YAML or JSON file holds, with every node's position.
//
// The loader turns each source file into a Document; readers (PromptPack, later AWL,
// tool-composition and registry) walk it. Scalars are already typed by the YAML 1.2 core
// schema, so readers never see the difference between YAML and JSON. Nodes live in the
// Document's arena and are immutable once loaded; YAML aliases share their anchor's node.
#pragma once

#include <llvm/ADT/StringRef.h>
#include <llvm/Support/SMLoc.h>
#include <nlohmann/json.hpp>

#include <cstdint>
#include <deque>
#include <string>
#include <vector>

namespace wfc {

class DocNode;

struct DocEntry {
  std::string key;
  llvm::SMLoc keyLoc;
  const DocNode *value;
};

class DocNode {
 public:
  enum class Kind { Null, Bool, Int, Float, String, Sequence, Mapping };

  Kind kind = Kind::Null;
  llvm::SMLoc loc;
  bool boolValue = false;
  int64_t intValue = 0;
  double floatValue = 0;
  std::string stringValue;
  std::vector<const DocNode *> items;  // Sequence
  std::vector<DocEntry> entries;       // Mapping, in source order, keys unique
  // Nodes in this subtree with aliases expanded (saturating): what a full walk would visit.
  uint64_t expandedSize = 1;
  // Levels of collections below this node, aliases expanded (0 for a scalar): what a recursive
  // walk of it descends.
  unsigned height = 0;
  // The loader already reported this value as malformed (a bad tag, an out-of-range number);
  // readers skip it instead of reporting a second, confusing error.
  bool invalid = false;

  bool isNull() const { return kind == Kind::Null; }
  bool isBool() const { return kind == Kind::Bool; }
  bool isString() const { return kind == Kind::String; }
  bool isInt() const { return kind == Kind::Int; }
  bool isNumber() const { return kind == Kind::Int || kind == Kind::Float; }
  bool isSequence() const { return kind == Kind::Sequence; }
  bool isMapping() const { return kind == Kind::Mapping; }
  bool isScalar() const { return kind != Kind::Sequence && kind != Kind::Mapping; }
  double asDouble() const { return kind == Kind::Int ? static_cast<double>(intValue) : floatValue; }

  // The entry for `key` in a mapping, or null.
  const DocEntry *find(llvm::StringRef key) const;
  const DocNode *get(llvm::StringRef key) const {
    const DocEntry *e = find(key);
    return e ? e->value : nullptr;
  }
};

// Resolves an RFC 6901 JSON pointer from `start` (see Document::resolvePointer).
const DocNode *resolvePointerFrom(const DocNode &start, llvm::StringRef pointer,
                                  const DocNode **failedAt = nullptr, std::string *failedToken = nullptr);

// The JSON value of a subtree (aliases expanded; mapping keys in source order).
nlohmann::ordered_json toJson(const DocNode &node);

// Where `needle` is written inside the scalar `node` (its `nth` occurrence in the value),
// found by searching the source text after the scalar's start, so a caret can point inside a
// string at the `${…}` or `{{…}}` it is about. Falls back to the scalar's start when the text
// is not found verbatim (escapes, folded lines).
llvm::SMLoc locateInScalar(const DocNode &node, llvm::StringRef needle, size_t nth = 0);

// "a string", "a mapping", … for messages such as "expected a string, found a mapping".
llvm::StringRef describeKind(DocNode::Kind kind);

class Document {
 public:
  Document(std::string path, unsigned bufferId) : path_(std::move(path)), bufferId_(bufferId) {}

  const std::string &path() const { return path_; }
  unsigned bufferId() const { return bufferId_; }
  const DocNode *root() const { return root_; }
  void setRoot(const DocNode *root) { root_ = root; }
  DocNode *newNode() { return &arena_.emplace_back(); }

  // Resolves an RFC 6901 JSON pointer ("/a/b/0"; "" is the root). On failure returns null and
  // sets `failedAt` to the deepest node reached and `failedToken` to the token that missed.
  const DocNode *resolvePointer(llvm::StringRef pointer, const DocNode **failedAt = nullptr,
                                std::string *failedToken = nullptr) const;

 private:
  std::string path_;
  unsigned bufferId_;
  const DocNode *root_ = nullptr;
  std::deque<DocNode> arena_;
};

}  // namespace wfc

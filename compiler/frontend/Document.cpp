#include "frontend/Document.h"

#include <llvm/ADT/SmallVector.h>

#include <algorithm>

namespace wfc {

const DocEntry *DocNode::find(llvm::StringRef key) const {
  for (const DocEntry &e : entries)
    if (e.key == key) return &e;
  return nullptr;
}

llvm::StringRef describeKind(DocNode::Kind kind) {
  switch (kind) {
    case DocNode::Kind::Null: return "null";
    case DocNode::Kind::Bool: return "a boolean";
    case DocNode::Kind::Int: return "an integer";
    case DocNode::Kind::Float: return "a number";
    case DocNode::Kind::String: return "a string";
    case DocNode::Kind::Sequence: return "a list";
    case DocNode::Kind::Mapping: return "a mapping";
  }
  return "a value";
}

nlohmann::ordered_json toJson(const DocNode &node) {
  switch (node.kind) {
    case DocNode::Kind::Null: return nullptr;
    case DocNode::Kind::Bool: return node.boolValue;
    case DocNode::Kind::Int: return node.intValue;
    case DocNode::Kind::Float: return node.floatValue;
    case DocNode::Kind::String: return node.stringValue;
    case DocNode::Kind::Sequence: {
      nlohmann::ordered_json a = nlohmann::ordered_json::array();
      for (const DocNode *item : node.items) a.push_back(toJson(*item));
      return a;
    }
    case DocNode::Kind::Mapping: {
      nlohmann::ordered_json o = nlohmann::ordered_json::object();
      for (const DocEntry &e : node.entries) o[e.key] = toJson(*e.value);
      return o;
    }
  }
  return nullptr;
}

llvm::SMLoc locateInScalar(const DocNode &node, llvm::StringRef needle, size_t nth) {
  if (!node.loc.isValid() || !node.isString()) return node.loc;
  // How far the search may go: the scalar's text plus room for quotes, escapes and the
  // indentation of a block scalar's lines.
  size_t lines = 1 + std::count(node.stringValue.begin(), node.stringValue.end(), '\n');
  size_t limit = node.stringValue.size() * 2 + lines * 64 + 16;
  llvm::StringRef source(node.loc.getPointer(), limit);
  // The buffer is NUL-terminated (SourceMgr's guarantee), so stop at the first NUL.
  source = source.take_until([](char c) { return c == '\0'; });
  size_t from = 0;
  for (size_t i = 0;; ++i) {
    size_t at = source.find(needle, from);
    if (at == llvm::StringRef::npos) return node.loc;
    if (i == nth) return llvm::SMLoc::getFromPointer(source.begin() + at);
    from = at + 1;
  }
}

static std::string unescapePointerToken(llvm::StringRef token) {
  std::string out;
  for (size_t i = 0; i < token.size(); ++i) {
    if (token[i] == '~' && i + 1 < token.size() && (token[i + 1] == '0' || token[i + 1] == '1')) {
      out += token[i + 1] == '0' ? '~' : '/';
      ++i;
    } else {
      out += token[i];
    }
  }
  return out;
}

const DocNode *resolvePointerFrom(const DocNode &start, llvm::StringRef pointer, const DocNode **failedAt,
                                  std::string *failedToken) {
  const DocNode *node = &start;
  if (pointer.empty()) return node;
  llvm::SmallVector<llvm::StringRef, 8> tokens;
  pointer.drop_front(pointer.startswith("/") ? 1 : 0).split(tokens, '/');
  for (llvm::StringRef raw : tokens) {
    std::string token = unescapePointerToken(raw);
    const DocNode *next = nullptr;
    if (node->isMapping()) {
      next = node->get(token);
    } else if (node->isSequence()) {
      unsigned index = 0;
      if (!llvm::StringRef(token).getAsInteger(10, index) && index < node->items.size())
        next = node->items[index];
    }
    if (!next) {
      if (failedAt) *failedAt = node;
      if (failedToken) *failedToken = token;
      return nullptr;
    }
    node = next;
  }
  return node;
}

const DocNode *Document::resolvePointer(llvm::StringRef pointer, const DocNode **failedAt,
                                        std::string *failedToken) const {
  if (!root_) return nullptr;
  return resolvePointerFrom(*root_, pointer, failedAt, failedToken);
}

}  // namespace wfc

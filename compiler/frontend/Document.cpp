#include "frontend/Document.h"

#include <llvm/ADT/SmallVector.h>

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

const DocNode *Document::resolvePointer(llvm::StringRef pointer, const DocNode **failedAt,
                                        std::string *failedToken) const {
  const DocNode *node = root_;
  if (pointer.empty()) return node;
  llvm::SmallVector<llvm::StringRef, 8> tokens;
  pointer.drop_front(pointer.startswith("/") ? 1 : 0).split(tokens, '/');
  for (llvm::StringRef raw : tokens) {
    std::string token = unescapePointerToken(raw);
    const DocNode *next = nullptr;
    if (node && node->isMapping()) {
      next = node->get(token);
    } else if (node && node->isSequence()) {
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

}  // namespace wfc

#include "frontend/promptpack/TemplateSyntax.h"

#include "frontend/promptpack/ReferenceSyntax.h"

namespace wfc::promptpack {

TemplateSyntax parseTemplate(llvm::StringRef text) {
  TemplateSyntax out;
  std::string literal;
  size_t i = 0;
  while (i < text.size()) {
    if (!text.substr(i).startswith("{{")) {
      literal += text[i++];
      continue;
    }
    size_t close = text.find("}}", i + 2);
    if (close == llvm::StringRef::npos) {
      out.errors.push_back({"unterminated template variable: '{{' has no closing '}}'", text.substr(i).str(), i});
      break;
    }
    llvm::StringRef written = text.slice(i, close + 2);
    llvm::StringRef untrimmed = text.slice(i + 2, close);
    llvm::StringRef inner = untrimmed.trim();
    const bool spaced = inner.size() != untrimmed.size();
    if (inner.startswith("fragment:") && inner.size() > 9) {
      if (!literal.empty()) out.pieces.emplace_back(std::move(literal));
      literal.clear();
      out.pieces.emplace_back(
          TemplateLookup{"fragments", {ir::PathElement{inner.drop_front(9).trim().str(), std::nullopt}}, written.str(), spaced});
      i = close + 2;
      continue;
    }
    auto parsed = parseReferencePath(inner);
    if (std::holds_alternative<std::string>(parsed) || inner.empty()) {
      out.errors.push_back({"'" + written.str() +
                                "' is not a template variable: write {{name}} or {{name.field}} "
                                "(templates have no expressions, conditionals or filters)",
                            written.str(), i});
      i = close + 2;
      continue;
    }
    RawReference ref = std::get<RawReference>(parsed);
    if (!literal.empty()) out.pieces.emplace_back(std::move(literal));
    literal.clear();
    out.pieces.emplace_back(TemplateLookup{ref.root, ref.path, written.str(), spaced});
    i = close + 2;
  }
  if (!literal.empty()) out.pieces.emplace_back(std::move(literal));
  return out;
}

}  // namespace wfc::promptpack

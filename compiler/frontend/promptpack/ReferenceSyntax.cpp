#include "frontend/promptpack/ReferenceSyntax.h"

namespace wfc::promptpack {

static bool isNameStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
static bool isKeyChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '$' ||
         static_cast<unsigned char>(c) >= 0x80;
}

std::variant<RawReference, std::string> parseReferencePath(llvm::StringRef inner) {
  RawReference ref;
  ref.text = inner.str();
  std::string notPath = "'${" + inner.str() +
                        "}' is not a reference: a reference is a dot path such as "
                        "${step.output.field} or ${input.items[0]} (RFC 0010 has no expressions)";
  if (inner.trim().empty()) return std::string("empty reference '${}'; write a path such as ${input.field}");
  if (inner != inner.trim()) return notPath;
  size_t i = 0;
  if (!isNameStart(inner[0])) return notPath;
  while (i < inner.size() && (std::isalnum(static_cast<unsigned char>(inner[i])) || inner[i] == '_')) ++i;
  ref.root = inner.substr(0, i).str();
  while (i < inner.size()) {
    char c = inner[i];
    if (c == '.') {
      size_t start = ++i;
      while (i < inner.size() && isKeyChar(inner[i])) ++i;
      if (i == start) return notPath;
      ref.path.push_back({inner.substr(start, i - start).str(), std::nullopt});
    } else if (c == '[') {
      size_t start = ++i;
      while (i < inner.size() && std::isdigit(static_cast<unsigned char>(inner[i]))) ++i;
      if (i == start || i >= inner.size() || inner[i] != ']') return notPath;
      size_t index = 0;
      if (inner.substr(start, i - start).getAsInteger(10, index)) return notPath;
      ref.path.push_back({"", index});
      ++i;
    } else {
      return notPath;
    }
  }
  return ref;
}

size_t occurrenceAt(llvm::StringRef text, llvm::StringRef needle, size_t offset) {
  size_t n = 0;
  for (size_t at = text.find(needle); at != llvm::StringRef::npos && at < offset; at = text.find(needle, at + 1)) ++n;
  return n;
}

std::variant<StringSyntax, SyntaxError> parseStringSyntax(llvm::StringRef text) {
  StringSyntax out;
  std::string literal;
  auto flush = [&] {
    if (!literal.empty()) out.pieces.emplace_back(std::move(literal));
    literal.clear();
  };
  size_t i = 0;
  while (i < text.size()) {
    if (text.substr(i).startswith("$${")) {  // escape: a literal "${"
      literal += "${";
      i += 3;
      continue;
    }
    if (text.substr(i).startswith("${")) {
      size_t close = text.find('}', i + 2);
      if (close == llvm::StringRef::npos)
        return SyntaxError{"unterminated reference: '${' has no closing '}' (write '$${' for a "
                           "literal '${')",
                           i, "${"};
      llvm::StringRef inner = text.slice(i + 2, close);
      auto parsed = parseReferencePath(inner);
      if (auto *err = std::get_if<std::string>(&parsed))
        return SyntaxError{*err, i, text.slice(i, close + 1).str()};
      RawReference ref = std::get<RawReference>(parsed);
      ref.offset = i;
      flush();
      out.pieces.emplace_back(std::move(ref));
      i = close + 1;
      continue;
    }
    literal += text[i++];
  }
  flush();
  return out;
}

}  // namespace wfc::promptpack

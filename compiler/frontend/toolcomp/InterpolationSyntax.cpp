#include "frontend/toolcomp/InterpolationSyntax.h"

#include <cctype>

namespace wfc::toolcomp {
namespace {

bool isRootStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool isRootChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-'; }
bool isKeyChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '$' ||
         static_cast<unsigned char>(c) >= 0x80;
}

// The inside of one `{{…}}`, spaces trimmed: a root and its path; the message when it is not one.
std::variant<Interpolation, std::string> parsePath(llvm::StringRef inner) {
  Interpolation out;
  out.text = inner.str();
  std::string notPath = "'{{" + inner.str() +
                        "}}' is not an interpolation: write a dot path such as {{input.query}}, "
                        "{{search_results.items[0]}} or {{context.user_id}} (there are no expressions)";
  if (inner.empty()) return std::string("empty interpolation '{{}}'; write a path such as {{input.query}}");
  if (!isRootStart(inner[0])) return notPath;
  size_t i = 0;
  while (i < inner.size() && isRootChar(inner[i])) ++i;
  out.root = inner.substr(0, i).str();
  while (i < inner.size()) {
    char c = inner[i];
    if (c == '.') {
      size_t start = ++i;
      while (i < inner.size() && isKeyChar(inner[i])) ++i;
      if (i == start) return notPath;
      out.path.push_back({inner.substr(start, i - start).str(), std::nullopt});
    } else if (c == '[') {
      size_t start = ++i;
      while (i < inner.size() && std::isdigit(static_cast<unsigned char>(inner[i]))) ++i;
      size_t index = 0;
      if (i == start || i >= inner.size() || inner[i] != ']' || inner.substr(start, i - start).getAsInteger(10, index))
        return notPath;
      out.path.push_back({"", index});
      ++i;
    } else {
      return notPath;
    }
  }
  return out;
}

}  // namespace

std::variant<InterpolatedString, InterpolationError> parseInterpolations(llvm::StringRef text) {
  InterpolatedString out;
  std::string literal;
  auto flush = [&] {
    if (!literal.empty()) out.pieces.emplace_back(std::move(literal));
    literal.clear();
  };
  size_t i = 0;
  while (i < text.size()) {
    if (text.substr(i).startswith("\\{{")) {  // escape: a literal "{{"
      literal += "{{";
      i += 3;
      continue;
    }
    if (!text.substr(i).startswith("{{")) {
      literal += text[i++];
      continue;
    }
    size_t close = text.find("}}", i + 2);
    if (close == llvm::StringRef::npos)
      return InterpolationError{"unterminated interpolation: '{{' has no closing '}}' (write '\\{{' for a literal '{{')",
                                i, "{{"};
    llvm::StringRef written = text.slice(i, close + 2);
    auto parsed = parsePath(text.slice(i + 2, close).trim());
    if (auto *message = std::get_if<std::string>(&parsed)) return InterpolationError{*message, i, written.str()};
    Interpolation interpolation = std::get<Interpolation>(std::move(parsed));
    interpolation.written = written.str();
    interpolation.offset = i;
    flush();
    out.pieces.emplace_back(std::move(interpolation));
    i = close + 2;
  }
  flush();
  return out;
}

}  // namespace wfc::toolcomp

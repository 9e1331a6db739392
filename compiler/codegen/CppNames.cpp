#include "codegen/CppNames.h"

#include <llvm/ADT/StringSet.h>

#include <cctype>
#include <charconv>

namespace wfc::codegen {
namespace {

bool isReservedName(llvm::StringRef name) {
  static const llvm::StringSet<> keywords = {
      "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break", "case", "catch",
      "char", "char8_t", "char16_t", "char32_t", "class", "compl", "concept", "const", "consteval", "constexpr",
      "constinit", "const_cast", "continue", "co_await", "co_return", "co_yield", "decltype", "default", "delete",
      "do", "double", "dynamic_cast", "else", "enum", "explicit", "export", "extern", "false", "float", "for",
      "friend", "goto", "if", "inline", "int", "long", "mutable", "namespace", "new", "noexcept", "not", "not_eq",
      "nullptr", "operator", "or", "or_eq", "private", "protected", "public", "register", "reinterpret_cast",
      "requires", "return", "short", "signed", "sizeof", "static", "static_assert", "static_cast", "struct",
      "switch", "template", "this", "thread_local", "throw", "true", "try", "typedef", "typeid", "typename",
      "union", "unsigned", "using", "virtual", "void", "volatile", "wchar_t", "while", "xor", "xor_eq",
      // names generated code uses itself
      "main", "wfc", "std", "ctx", "args", "input", "step", "tool", "composition", "program"};
  return keywords.contains(name);
}

}  // namespace

bool isCppKeyword(llvm::StringRef name) {
  static const llvm::StringSet<> ours = {"main", "wfc", "std", "ctx", "args", "input", "step", "tool",
                                         "composition", "program"};
  return isReservedName(name) && !ours.contains(name);
}

std::string NameTable::add(llvm::StringRef name) {
  std::string id;
  for (char c : name) id += (std::isalnum(static_cast<unsigned char>(c)) ? c : '_');
  // No '__' anywhere and no leading '_' or digit: those are reserved or invalid.
  std::string squeezed;
  for (char c : id)
    if (!(c == '_' && !squeezed.empty() && squeezed.back() == '_')) squeezed += c;
  id = squeezed;
  if (id.empty()) id = "n";
  else if (id[0] == '_') id = "n" + id;
  else if (std::isdigit(static_cast<unsigned char>(id[0]))) id = "n_" + id;
  if (isReservedName(id)) id += "_";
  if (taken_ && taken_(id)) id = prefix_ + id;
  std::string unique = id;
  // main_ → main_2, not main__2 ('__' is reserved).
  std::string stem = id.back() == '_' ? id : id + "_";
  for (unsigned n = 2; used_.count(unique); ++n) unique = stem + std::to_string(n);
  used_.insert(unique);
  return unique;
}

std::string cppNumber(double value) {
  char buffer[64];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, end);
}

std::string cppString(llvm::StringRef text) {
  static const char digits[] = "01234567";
  std::string out = "\"";
  for (unsigned char c : text) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      case '?': out += "?"; break;
      default:
        if (c < 0x20 || c == 0x7f) {
          // Octal escapes take at most three digits, so a following digit cannot extend them.
          out += '\\';
          out += digits[(c >> 6) & 7];
          out += digits[(c >> 3) & 7];
          out += digits[c & 7];
        } else {
          out += char(c);
        }
    }
  }
  return out + "\"";
}

std::string commentText(llvm::StringRef text) {
  static const char hex[] = "0123456789abcdef";
  std::string out;
  for (unsigned char c : text) {
    switch (c) {
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (c < 0x20 || c == 0x7f) {
          out += "\\x";
          out += hex[c >> 4];
          out += hex[c & 15];
        } else {
          out += char(c);
        }
    }
  }
  if (!out.empty() && out.back() == '\\') out += " (a final backslash)";
  return out;
}

std::string rawString(llvm::StringRef text, llvm::StringRef base) {
  std::string delimiter = base.str();
  for (unsigned n = 2; text.contains(")" + delimiter + "\""); ++n) delimiter = base.str() + std::to_string(n);
  return kRawBegin + ("R\"" + delimiter + "(" + text.str() + ")" + delimiter + "\"") + kRawEnd;
}

}  // namespace wfc::codegen

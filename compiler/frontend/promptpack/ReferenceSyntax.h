// The syntax of `${…}` references and of strings that contain them (docs/semantics.md "References").
//
//   "${a.output.x}"        exactly one reference: the value itself (object, number, …)
//   "id-${a.output.x}"     a reference inside text: interpolated as text
//   "$${literal}"          `$${` is a literal `${`
//
// Inside `${…}` is a dot path: a root name, then `.key` or `[index]` steps. Anything else
// (spaces, operators, calls) is an error: RFC 0010 has no expression language.
#pragma once

#include "ir/Reference.h"

#include <llvm/ADT/StringRef.h>

#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace wfc::promptpack {

// A reference as written, before resolution: the root name and the path after it.
struct RawReference {
  std::string text;  // inside `${…}`
  std::string root;
  std::vector<ir::PathElement> path;
  size_t offset = 0;  // where `${` starts in the string
};

struct StringSyntax {
  // Literal text and references, in order; adjacent text merged, `$${` already unescaped.
  std::vector<std::variant<std::string, RawReference>> pieces;
  bool wholeReference() const {
    return pieces.size() == 1 && std::holds_alternative<RawReference>(pieces.front());
  }
  bool hasReferences() const {
    for (const auto &p : pieces)
      if (std::holds_alternative<RawReference>(p)) return true;
    return false;
  }
};

struct SyntaxError {
  std::string message;
  size_t offset = 0;  // in the string
  std::string needle;  // text to point the caret at
};

// Splits a string into text and references; the first syntax error is returned instead.
std::variant<StringSyntax, SyntaxError> parseStringSyntax(llvm::StringRef text);

// Which occurrence of `needle` in `text` starts at `offset` (for locateInScalar).
size_t occurrenceAt(llvm::StringRef text, llvm::StringRef needle, size_t offset);

// Parses the inside of one `${…}`.
std::variant<RawReference, std::string> parseReferencePath(llvm::StringRef inner);

}  // namespace wfc::promptpack

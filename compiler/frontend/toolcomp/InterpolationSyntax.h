// The syntax of `{{…}}` interpolation in a tool composition's parameters
// (docs/tool-composition.md "Interpolation"):
//
//   "{{input.query}}"            exactly one interpolation: the value itself (object, number, …)
//   "tag-{{search.results[0]}}"  inside longer text: interpolated as text
//   "\{{literal}}"               `\{{` is a literal `{{`
//
// Inside `{{…}}` (spaces around it allowed) is a dot path: a root name — `input`, `context`,
// `self`, a step id or an output_key — then `.key` or `[index]` steps.
#pragma once

#include "ir/Reference.h"

#include <llvm/ADT/StringRef.h>

#include <string>
#include <variant>
#include <vector>

namespace wfc::toolcomp {

// One `{{…}}` as written, before resolution.
struct Interpolation {
  std::string text;     // inside the braces, without the spaces around it: "search.results[0]"
  std::string written;  // as written, braces included: "{{ search.results[0] }}"
  std::string root;
  std::vector<ir::PathElement> path;
  size_t offset = 0;  // where `{{` starts in the string
};

struct InterpolatedString {
  // Literal text and interpolations, in order; adjacent text merged, `\{{` already unescaped.
  std::vector<std::variant<std::string, Interpolation>> pieces;
  bool whole() const { return pieces.size() == 1 && std::holds_alternative<Interpolation>(pieces.front()); }
  bool interpolates() const {
    for (const auto &p : pieces)
      if (std::holds_alternative<Interpolation>(p)) return true;
    return false;
  }
};

struct InterpolationError {
  std::string message;
  size_t offset = 0;   // in the string
  std::string needle;  // the text to point the caret at
};

// Splits a string into text and interpolations; the first syntax error is returned instead.
std::variant<InterpolatedString, InterpolationError> parseInterpolations(llvm::StringRef text);

}  // namespace wfc::toolcomp

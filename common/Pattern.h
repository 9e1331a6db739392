// Regular expressions that come from a pack or from a run — a `regex` eval's pattern, a JSON
// Schema's `pattern` and `patternProperties` — run on RE2: time linear in the text, no recursion,
// so no pattern and no text (a 1 MB model reply against `(a+)+$`) can hang a run or overflow its
// stack. Patterns are written in ECMAScript's syntax (what PromptPack and JSON Schema use);
// the escapes RE2 spells differently are translated (\uXXXX, (?<name>…)), and what RE2 cannot
// express — lookahead, lookbehind, backreferences — is an error when the pattern is compiled,
// which the compiler reports at the pattern (docs/evals.md "Regular expressions").
//
// Compiled into both the compiler's front end and the runtime (one source, two libraries).
#pragma once

#include <memory>
#include <string>
#include <string_view>

namespace re2 {
class RE2;
}

namespace wfc {

class Pattern {
 public:
  // Null, with `error` saying why ("lookahead assertions such as (?=…) are not supported"), when
  // RE2 cannot run the pattern.
  static std::shared_ptr<const Pattern> compile(std::string_view ecmaScript, std::string *error);

  // Whether the pattern matches anywhere in `text` (ECMAScript's search, JSON Schema's rule).
  bool search(std::string_view text) const;

  ~Pattern();
  Pattern(const Pattern &) = delete;
  Pattern &operator=(const Pattern &) = delete;

 private:
  explicit Pattern(std::unique_ptr<re2::RE2> re);
  std::unique_ptr<re2::RE2> re_;
};

}  // namespace wfc

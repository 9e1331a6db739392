#include "common/Pattern.h"

#include <re2/re2.h>

namespace wfc {
namespace {

bool isHex(char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; }

// ECMAScript's spellings RE2 reads differently: \uXXXX is \x{XXXX}, a named group (?<n>…) is
// (?P<n>…), \/ is a plain slash. Character classes and everything else carry over.
std::string toRe2(std::string_view p) {
  std::string out;
  out.reserve(p.size());
  for (size_t i = 0; i < p.size(); ++i) {
    char c = p[i];
    if (c == '\\' && i + 1 < p.size()) {
      char next = p[i + 1];
      if (next == 'u' && i + 5 < p.size() && isHex(p[i + 2]) && isHex(p[i + 3]) && isHex(p[i + 4]) && isHex(p[i + 5])) {
        out += "\\x{" + std::string(p.substr(i + 2, 4)) + "}";
        i += 5;
        continue;
      }
      if (next == '/') {
        out += '/';
        ++i;
        continue;
      }
      out += c;
      out += next;
      ++i;
      continue;
    }
    if (c == '(' && p.substr(i, 3) == "(?<" && i + 3 < p.size() && p[i + 3] != '=' && p[i + 3] != '!') {
      out += "(?P<";
      i += 2;
      continue;
    }
    out += c;
  }
  return out;
}

// RE2's complaint, said for a pack's author: what is unsupported, and why wfc does not run it.
std::string describe(const std::string &pattern, const std::string &re2Error) {
  auto has = [&](const char *s) { return pattern.find(s) != std::string::npos; };
  std::string what;
  if (has("(?=") || has("(?!")) what = "lookahead assertions such as (?=…) and (?!…) are not supported";
  else if (has("(?<=") || has("(?<!")) what = "lookbehind assertions such as (?<=…) and (?<!…) are not supported";
  else if (const std::string escape = "invalid escape sequence: \\";
           re2Error.rfind(escape, 0) == 0 && re2Error.size() > escape.size() &&
           std::isdigit(static_cast<unsigned char>(re2Error[escape.size()])))
    what = "backreferences such as \\1 are not supported";
  if (!what.empty())
    return what + " (wfc runs patterns with RE2, in time linear in the text; rewrite the pattern without them)";
  return re2Error;
}

}  // namespace

Pattern::Pattern(std::unique_ptr<re2::RE2> re) : re_(std::move(re)) {}
Pattern::~Pattern() = default;

std::shared_ptr<const Pattern> Pattern::compile(std::string_view ecmaScript, std::string *error) {
  RE2::Options options;
  options.set_log_errors(false);  // RE2 would print to stderr; the error is ours to report
  auto re = std::make_unique<re2::RE2>(toRe2(ecmaScript), options);
  if (!re->ok()) {
    if (error) *error = describe(std::string(ecmaScript), re->error());
    return nullptr;
  }
  return std::shared_ptr<const Pattern>(new Pattern(std::move(re)));
}

bool Pattern::search(std::string_view text) const {
  return re2::RE2::PartialMatch(re2::StringPiece(text.data(), text.size()), *re_);
}

}  // namespace wfc

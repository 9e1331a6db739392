// Where in a shell command a run-time value is being placed (docs/awl.md "Shell commands and
// taint"). The compiler never splices a run-time value into a command's text: it puts a reference
// to an environment variable there, written so that the shell expands it as one piece of data in
// that spot —
//
//   unquoted            git add {file}          →  git add "$WFC_V1"
//   inside "…"          "Phase {n}: {name}"     →  "Phase ${WFC_V1}: ${WFC_V2}"
//   inside '…'          'feat: {name}'          →  'feat: '"$WFC_V1"''
//   here-document       <<EOF … {x} … EOF       →  … ${WFC_V1} …
//
// — and refuses the spots where no reference is safe or where it would not expand: inside
// backquotes, ${…} and $((…)) (whose contents the shell evaluates again), a quoted
// here-document, a here-document's delimiter, right after a '\' that would escape the reference's
// first character (`\{x}` would give `\"$WFC_V1"`: a literal quote, then the value unquoted).
// To know the spot, this scanner follows the command's quoting as /bin/sh (POSIX) does, over the
// text written before it.
#pragma once

#include <llvm/ADT/StringRef.h>

#include <optional>
#include <string>
#include <vector>

namespace wfc::awl {

class ShellScanner {
 public:
  enum class Spot {
    Unquoted,          // a word (also inside $(…))
    DoubleQuoted,      // inside "…"
    SingleQuoted,      // inside '…'
    HereDocument,      // the body of <<EOF
    Comment,           // after an unquoted '#'
    Backquoted,        // inside `…`
    Parameter,         // inside ${…}
    Arithmetic,        // inside $((…))
    QuotedHereDocument,  // the body of <<'EOF': nothing expands
    HereDocumentWord,  // the delimiter after <<
    AfterBackslash,    // right after a '\' that escapes the next character
  };

  // The author's text up to the next value (or the end).
  void feed(llvm::StringRef text);
  Spot spot() const;
  // A value was placed at the spot: the shell reads the reference there, not the author's next
  // character, so an escape pending before it ends.
  void value() { escaped_ = false; }
  // Once everything is fed: what is left open ("a '\"' is not closed"), if anything.
  std::optional<std::string> unterminated() const;
  // The unquoted command words seen (for `eval`, which would run a value as code).
  const std::vector<std::string> &words() const { return words_; }

 private:
  enum class Frame { Top, Subshell, Double, Single, Backquote, Parameter, Arithmetic, Comment };
  void step(char c);
  void endWord();
  void push(Frame frame);
  void pop();
  bool unquoted() const { return frames_.back() == Frame::Top || frames_.back() == Frame::Subshell; }

  std::vector<Frame> frames_{Frame::Top};
  std::vector<int> depth_{0};  // per frame: open parentheses (subshell, arithmetic) or braces
  bool escaped_ = false;
  bool freshSubshell_ = false;      // the last character opened $(
  bool closingArithmetic_ = false;  // the last character was the first ')' of $((…))
  char previous_ = '\n';
  std::string word_;
  std::vector<std::string> words_;
  // Here-documents: the delimiters announced on the current line, the one whose body is being
  // read, and the delimiter word being read after `<<`.
  struct HereDoc {
    std::string delimiter;
    bool quoted = false;
    bool stripTabs = false;
  };
  std::vector<HereDoc> pending_;
  std::optional<HereDoc> body_;
  std::string bodyLine_;
  enum class Operator { None, SawLess, Dash, Word } op_ = Operator::None;
  HereDoc reading_;
  char wordQuote_ = 0;
};

// What goes in the command for environment variable `name` at `spot`, or null where no value
// may go (the caller says why: spotProblem).
std::optional<std::string> referenceAt(ShellScanner::Spot spot, const std::string &name);
std::string spotProblem(ShellScanner::Spot spot);

}  // namespace wfc::awl

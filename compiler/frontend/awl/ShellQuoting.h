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
// text written before it. It also reads the words of each simple command, so that a value a shell
// started by the command would run as code is refused as well (ShellInvocation.h).
#pragma once

#include "frontend/awl/ShellInvocation.h"

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
  // character, so an escape pending before it ends; the value is part of the word being read.
  void value();
  // What a shell the command starts would make of a value at the spot: data, or part of a script
  // it runs — in the value's own simple command, or in one whose word holds the $(…) around it.
  ShellUse use() const;
  // Once everything is fed: what is left open ("a '\"' is not closed"), if anything.
  std::optional<std::string> unterminated() const;
  // The words seen, quotes removed (for `eval`, which would run a value as code).
  std::vector<std::string> words() const;

 private:
  enum class Frame { Top, Subshell, Double, Single, Backquote, Parameter, Arithmetic, Comment };
  // A simple command being read, at the top level or inside $(…): its words so far.
  struct Command {
    std::vector<ShellWord> words;
    ShellWord word;       // the word being read
    bool inWord = false;  // one is being read (it may still be empty: '')
    // A redirection's operand is not an argument: a file, or a here-string (<<<) fed to stdin.
    enum class Target { None, File, HereString } target = Target::None;
  };
  void step(char c);
  void append(char c);  // to the word being read
  void endWord();
  void endCommand();
  void redirect();  // at an unquoted '<' or '>'
  void push(Frame frame);
  void pop();
  bool unquoted() const { return frames_.back() == Frame::Top || frames_.back() == Frame::Subshell; }
  Command &command() { return commands_.back(); }

  std::vector<Frame> frames_{Frame::Top};
  std::vector<int> depth_{0};  // per frame: open parentheses (subshell, arithmetic) or braces
  std::vector<Command> commands_{Command()};  // one per Top and Subshell frame, innermost last
  bool escaped_ = false;
  bool freshSubshell_ = false;      // the last character opened $(
  bool closingArithmetic_ = false;  // the last character was the first ')' of $((…))
  char previous_ = '\n';
  std::vector<std::string> words_;  // the words ended so far, of every command
  // Here-documents: the delimiters announced on the current line, the one whose body is being
  // read, and the delimiter word being read after `<<`.
  struct HereDoc {
    std::string delimiter;
    bool quoted = false;
    bool stripTabs = false;
    std::optional<std::string> shell;  // the shell reading it as its script (`sh <<EOF`)
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

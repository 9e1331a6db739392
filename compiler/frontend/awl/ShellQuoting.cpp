#include "frontend/awl/ShellQuoting.h"

#include <cctype>

namespace wfc::awl {

void ShellScanner::feed(llvm::StringRef text) {
  for (char c : text) step(c);
}

namespace {

// Whether `line` ends with a '\' that escapes what follows: an odd run of them.
bool endsEscaped(llvm::StringRef line) {
  size_t kept = line.rtrim('\\').size();
  return (line.size() - kept) % 2 == 1;
}

}  // namespace

ShellScanner::Spot ShellScanner::spot() const {
  if (body_) {
    if (body_->quoted) return Spot::QuotedHereDocument;
    return endsEscaped(bodyLine_) ? Spot::AfterBackslash : Spot::HereDocument;
  }
  if (op_ != Operator::None) return Spot::HereDocumentWord;
  switch (frames_.back()) {
    case Frame::Top:
    case Frame::Subshell: return escaped_ ? Spot::AfterBackslash : Spot::Unquoted;
    case Frame::Double: return escaped_ ? Spot::AfterBackslash : Spot::DoubleQuoted;
    case Frame::Single: return Spot::SingleQuoted;
    case Frame::Backquote: return Spot::Backquoted;
    case Frame::Parameter: return Spot::Parameter;
    case Frame::Arithmetic: return Spot::Arithmetic;
    case Frame::Comment: return Spot::Comment;
  }
  return Spot::Unquoted;
}

std::optional<std::string> ShellScanner::unterminated() const {
  if (body_) return "the here-document ending with '" + body_->delimiter + "' is not closed";
  if (!pending_.empty()) return "the here-document ending with '" + pending_.front().delimiter + "' has no body";
  switch (frames_.back()) {
    case Frame::Double: return std::string("a '\"' is not closed");
    case Frame::Single: return std::string("a \"'\" is not closed");
    case Frame::Backquote: return std::string("a '`' is not closed");
    case Frame::Parameter: return std::string("a '${' is not closed");
    case Frame::Arithmetic: return std::string("a '$((' is not closed");
    case Frame::Subshell: return std::string("a '$(' is not closed");
    default: return std::nullopt;
  }
}

void ShellScanner::endWord() {
  if (!word_.empty()) words_.push_back(word_);
  word_.clear();
}

void ShellScanner::push(Frame frame) {
  frames_.push_back(frame);
  depth_.push_back(0);
}

void ShellScanner::pop() {
  frames_.pop_back();
  depth_.pop_back();
}

void ShellScanner::step(char c) {
  char before = previous_;
  previous_ = c;
  bool fresh = freshSubshell_;  // the character right after `$(`
  freshSubshell_ = false;
  // The second ')' of the '))' that closes $((…)).
  if (closingArithmetic_) {
    closingArithmetic_ = false;
    if (c == ')') return;
  }
  // The body of a here-document, line by line, until its delimiter alone on a line.
  if (body_) {
    if (c != '\n') {
      bodyLine_ += c;
      return;
    }
    llvm::StringRef line(bodyLine_);
    if (body_->stripTabs) line = line.ltrim('\t');
    if (line == body_->delimiter) {
      body_.reset();
      if (!pending_.empty()) {
        body_ = pending_.front();
        pending_.erase(pending_.begin());
      }
    }
    bodyLine_.clear();
    return;
  }
  // The delimiter after `<<`: `-` strips tabs, quotes make the body literal.
  if (op_ != Operator::None) {
    bool ends = false;
    if (op_ == Operator::SawLess) {
      if (c == '<') {  // `<<<` is a here-string, not a here-document
        op_ = Operator::None;
        return;
      }
      op_ = Operator::Dash;
      reading_ = HereDoc();
      if (c == '-') {
        reading_.stripTabs = true;
        return;
      }
    }
    if (op_ == Operator::Dash && (c == ' ' || c == '\t')) return;
    if (wordQuote_) {
      if (c == wordQuote_) wordQuote_ = 0;
      else reading_.delimiter += c;
      op_ = Operator::Word;
      return;
    }
    if (c == '\'' || c == '"') {
      wordQuote_ = c;
      reading_.quoted = true;
      op_ = Operator::Word;
      return;
    }
    if (c == '\\') {
      reading_.quoted = true;
      op_ = Operator::Word;
      return;
    }
    ends = std::isspace(static_cast<unsigned char>(c)) || llvm::StringRef(";|&<>()").contains(c);
    if (!ends) {
      reading_.delimiter += c;
      op_ = Operator::Word;
      return;
    }
    op_ = Operator::None;
    pending_.push_back(reading_);
    // `c` ends the word and is ordinary text besides (a newline starts the body).
  }

  Frame frame = frames_.back();
  if (escaped_) {
    escaped_ = false;
    if (unquoted()) word_ += c;
    return;
  }
  switch (frame) {
    case Frame::Single:
      if (c == '\'') pop();
      return;
    case Frame::Comment:
      if (c != '\n') return;
      pop();
      break;  // the newline ends the line, for here-documents too
    case Frame::Backquote:
      if (c == '\\') escaped_ = true;
      else if (c == '`') pop();
      return;
    case Frame::Double:
      if (c == '\\') escaped_ = true;
      else if (c == '"') pop();
      else if (c == '`') push(Frame::Backquote);
      else if (c == '(' && before == '$') push(Frame::Subshell), freshSubshell_ = true;
      else if (c == '{' && before == '$') push(Frame::Parameter);
      return;
    case Frame::Parameter:
      if (c == '\\') escaped_ = true;
      else if (c == '{') ++depth_.back();
      else if (c == '}' && depth_.back()-- == 0) pop();
      return;
    case Frame::Arithmetic:
      if (c == '(') ++depth_.back();
      else if (c == ')' && depth_.back()-- == 0) {
        pop();
        closingArithmetic_ = true;
      }
      return;
    case Frame::Subshell:
      if (fresh && c == '(') {  // `$((`: arithmetic, not a subshell
        frames_.back() = Frame::Arithmetic;
        return;
      }
      break;
    case Frame::Top: break;
  }
  // Unquoted text (the top level, or inside $(…)).
  switch (c) {
    case '\\': escaped_ = true; return;
    case '\'': push(Frame::Single); return;
    case '"': push(Frame::Double); return;
    case '`': push(Frame::Backquote); return;
    case '#':
      if (word_.empty()) {
        push(Frame::Comment);
        return;
      }
      word_ += c;
      return;
    case '(':
      if (before == '$') {
        word_.clear();
        push(Frame::Subshell);
        freshSubshell_ = true;
        return;
      }
      endWord();
      if (frames_.back() == Frame::Subshell) ++depth_.back();
      return;
    case ')':
      endWord();
      if (frames_.back() == Frame::Subshell && depth_.back()-- == 0) pop();
      return;
    case '{':
      if (before == '$') {
        word_.clear();
        push(Frame::Parameter);
        return;
      }
      word_ += c;
      return;
    case '<':
      endWord();
      if (before == '<') {
        op_ = Operator::SawLess;
        previous_ = ' ';
      }
      return;
    case '\n':
      endWord();
      if (!pending_.empty()) {
        body_ = pending_.front();
        pending_.erase(pending_.begin());
      }
      return;
    default:
      if (std::isspace(static_cast<unsigned char>(c)) || llvm::StringRef(";|&>").contains(c)) {
        endWord();
        return;
      }
      word_ += c;
      return;
  }
}

std::optional<std::string> referenceAt(ShellScanner::Spot spot, const std::string &name) {
  switch (spot) {
    case ShellScanner::Spot::Unquoted: return "\"$" + name + "\"";
    case ShellScanner::Spot::DoubleQuoted:
    case ShellScanner::Spot::HereDocument:
    case ShellScanner::Spot::Comment: return "${" + name + "}";
    case ShellScanner::Spot::SingleQuoted: return "'\"$" + name + "\"'";
    default: return std::nullopt;
  }
}

std::string spotProblem(ShellScanner::Spot spot) {
  switch (spot) {
    case ShellScanner::Spot::Backquoted:
      return "inside backquotes, whose text the shell parses again; use $(…) instead of `…`";
    case ShellScanner::Spot::Parameter:
      return "inside ${…}, which the shell expands again; put the value in its own word";
    case ShellScanner::Spot::Arithmetic:
      return "inside $((…)), which the shell evaluates as arithmetic; compute the value outside the command";
    case ShellScanner::Spot::QuotedHereDocument:
      return "inside a quoted here-document (<<'EOF'), where nothing expands; unquote its delimiter";
    case ShellScanner::Spot::HereDocumentWord:
      return "as a here-document's delimiter; write the delimiter as a constant";
    case ShellScanner::Spot::AfterBackslash:
      return "right after a '\\', which would escape what wfc writes in the value's place; write '\\\\' for a "
             "literal backslash before it, or '{{' for a literal '{'";
    default: return "here";
  }
}

}  // namespace wfc::awl

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

void ShellScanner::value() {
  escaped_ = false;
  if (body_ || op_ != Operator::None || frames_.back() == Frame::Comment) return;  // not in a word
  Command &cmd = command();
  if (cmd.word.text.empty()) cmd.word.valueFirst = true;
  cmd.inWord = true;
}

ShellUse ShellScanner::use() const {
  if (body_) {
    if (body_->quoted || !body_->shell) return {};
    return ShellUse{ShellUse::Role::StdinScript, *body_->shell, false};
  }
  if (op_ != Operator::None || frames_.back() == Frame::Comment) return {};
  // The value's own word first, then each word whose $(…) holds it: what `sh -c "$(…)"` is given
  // as its script comes from the command inside.
  for (auto cmd = commands_.rbegin(); cmd != commands_.rend(); ++cmd) {
    ShellUse use;
    if (cmd->target == Command::Target::None) {
      use = useOf(cmd->words, cmd->word);
    } else if (cmd->target == Command::Target::HereString) {
      if (std::optional<std::string> shell = stdinShell(cmd->words))
        use = ShellUse{ShellUse::Role::StdinScript, *shell, false};
    }
    if (use.role != ShellUse::Role::Data) return use;
  }
  return {};
}

std::vector<std::string> ShellScanner::words() const {
  std::vector<std::string> out = words_;
  for (const Command &cmd : commands_)
    if (cmd.inWord && cmd.target == Command::Target::None) out.push_back(cmd.word.text);
  return out;
}

void ShellScanner::append(char c) {
  Command &cmd = command();
  cmd.word.text += c;
  cmd.inWord = true;
}

void ShellScanner::endWord() {
  Command &cmd = command();
  if (!cmd.inWord) return;
  if (cmd.target == Command::Target::None) {
    words_.push_back(cmd.word.text);
    cmd.words.push_back(std::move(cmd.word));
  }
  cmd.target = Command::Target::None;
  cmd.word = ShellWord();
  cmd.inWord = false;
}

void ShellScanner::endCommand() {
  endWord();
  command().words.clear();
  command().target = Command::Target::None;
}

void ShellScanner::redirect() {
  Command &cmd = command();
  // Digits right before the operator name the file descriptor it redirects (`2>&1`): not a word.
  llvm::StringRef text = cmd.word.text;
  if (cmd.inWord && !cmd.word.valueFirst && !text.empty() &&
      text.find_if_not([](char d) { return std::isdigit(static_cast<unsigned char>(d)); }) == llvm::StringRef::npos) {
    cmd.word = ShellWord();
    cmd.inWord = false;
  }
  endWord();
  cmd.target = Command::Target::File;
}

void ShellScanner::push(Frame frame) {
  frames_.push_back(frame);
  depth_.push_back(0);
  if (frame == Frame::Subshell) commands_.emplace_back();
}

void ShellScanner::pop() {
  if (frames_.back() == Frame::Subshell) commands_.pop_back();
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
    if (c == ')') {
      append(c);
      return;
    }
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
        command().target = Command::Target::HereString;
        return;
      }
      op_ = Operator::Dash;
      reading_ = HereDoc();
      reading_.shell = stdinShell(command().words);
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
  // The escaped character is text: unquoted, as itself (a backslash-newline joins lines); in
  // "…", with its backslash unless it is one of the few characters the backslash quotes there;
  // in `…` and ${…}, as written (their text is parsed again).
  if (escaped_) {
    escaped_ = false;
    if (unquoted()) {
      if (c != '\n') append(c);
    } else if (frame == Frame::Double) {
      if (c == '\n') return;
      if (!llvm::StringRef("$`\"\\").contains(c)) append('\\');
      append(c);
    } else {
      append('\\');
      append(c);
    }
    return;
  }
  switch (frame) {
    case Frame::Single:
      if (c == '\'') pop();
      else append(c);
      return;
    case Frame::Comment:
      if (c != '\n') return;
      pop();
      break;  // the newline ends the line, for here-documents too
    case Frame::Backquote:
      if (c == '\\') {
        escaped_ = true;
        return;
      }
      append(c);
      if (c == '`') pop();
      return;
    case Frame::Double:
      if (c == '\\') {
        escaped_ = true;
        return;
      }
      if (c == '"') {
        pop();
        return;
      }
      append(c);
      if (c == '`') push(Frame::Backquote);
      else if (c == '(' && before == '$') push(Frame::Subshell), freshSubshell_ = true;
      else if (c == '{' && before == '$') push(Frame::Parameter);
      return;
    case Frame::Parameter:
      if (c == '\\') {
        escaped_ = true;
        return;
      }
      append(c);
      if (c == '{') ++depth_.back();
      else if (c == '}' && depth_.back()-- == 0) pop();
      return;
    case Frame::Arithmetic:
      append(c);
      if (c == '(') ++depth_.back();
      else if (c == ')' && depth_.back()-- == 0) {
        pop();
        closingArithmetic_ = true;
      }
      return;
    case Frame::Subshell:
      if (fresh && c == '(') {  // `$((`: arithmetic, not a subshell — and no command of its own
        commands_.pop_back();
        frames_.back() = Frame::Arithmetic;
        append(c);
        return;
      }
      break;
    case Frame::Top: break;
  }
  // Unquoted text (the top level, or inside $(…)).
  switch (c) {
    case '\\': escaped_ = true; return;
    case '\'':
      push(Frame::Single);
      command().inWord = true;  // '' is a word, if an empty one
      return;
    case '"':
      push(Frame::Double);
      command().inWord = true;
      return;
    case '`':
      append(c);
      push(Frame::Backquote);
      return;
    case '#':
      if (!command().inWord) {
        push(Frame::Comment);
        return;
      }
      append(c);
      return;
    case '(':
      if (before == '$') {  // part of the word: $(…) holds a command of its own
        append(c);
        push(Frame::Subshell);
        freshSubshell_ = true;
        return;
      }
      endCommand();
      if (frames_.back() == Frame::Subshell) ++depth_.back();
      return;
    case ')':
      endCommand();
      if (frames_.back() == Frame::Subshell && depth_.back()-- == 0) {
        pop();
        append(c);
      }
      return;
    case '{':
      append(c);
      if (before == '$') push(Frame::Parameter);
      return;
    case '<':
      if (before == '<') {  // `<<`: the delimiter is read above
        command().target = Command::Target::None;
        op_ = Operator::SawLess;
        previous_ = ' ';
        return;
      }
      redirect();
      return;
    case '>': redirect(); return;
    case '\n':
      endCommand();
      if (!pending_.empty()) {
        body_ = pending_.front();
        pending_.erase(pending_.begin());
      }
      return;
    default:
      if ((c == '&' || c == '|') && (before == '<' || before == '>')) return;  // `2>&1`, `>|`
      if (llvm::StringRef(";|&").contains(c)) {
        endCommand();
        return;
      }
      if (std::isspace(static_cast<unsigned char>(c))) {
        endWord();
        return;
      }
      append(c);
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

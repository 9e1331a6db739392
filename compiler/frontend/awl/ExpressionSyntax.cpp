#include "frontend/awl/ExpressionSyntax.h"

#include <cctype>
#include <cerrno>
#include <cstdlib>

namespace wfc::awl {
namespace {

bool isNameStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool isNameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool isKeyChar(char c) { return isNameChar(c) || c == '-'; }

// A recursive-descent parser over one string, from `pos`. Errors are thrown as SyntaxError and
// caught at the entry points: the first error ends the parse.
class Parser {
 public:
  Parser(llvm::StringRef text, size_t pos) : text_(text), pos_(pos) {}

  ExprSyntax expression() {
    if (++depth_ > kMaxDepth) fail("the expression nests too deeply", pos_);
    ExprSyntax e = orExpr();
    --depth_;
    return e;
  }

  void skipSpace() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  size_t pos() const { return pos_; }
  bool at(llvm::StringRef s) {
    skipSpace();
    return text_.substr(pos_).startswith(s);
  }
  bool atEnd() {
    skipSpace();
    return pos_ >= text_.size();
  }
  void expect(char c, const std::string &what) {
    skipSpace();
    if (pos_ >= text_.size()) fail("expected " + what + " before the end of the text", pos_);
    if (text_[pos_] != c) fail("expected " + what + ", found " + found(), pos_);
    ++pos_;
  }
  [[noreturn]] void fail(const std::string &message, size_t at) { throw SyntaxError{message, at}; }

  std::string found() {
    skipSpace();
    if (pos_ >= text_.size()) return "the end of the text";
    size_t n = 1;
    if (isNameChar(text_[pos_]))
      while (pos_ + n < text_.size() && isNameChar(text_[pos_ + n])) ++n;
    else if (pos_ + 1 < text_.size() && std::string("=!<>&|").find(text_[pos_]) != std::string::npos &&
             std::string("=&|").find(text_[pos_ + 1]) != std::string::npos)
      n = 2;
    return "'" + text_.substr(pos_, n).str() + "'";
  }

 private:
  static constexpr int kMaxDepth = 64;

  ExprSyntax binary(ExprSyntax::Kind kind, const char *op, ExprSyntax (Parser::*next)()) {
    ExprSyntax first = (this->*next)();
    if (!at(op)) return first;
    ExprSyntax e;
    e.kind = kind;
    e.offset = first.offset;
    e.operands.push_back(std::move(first));
    while (at(op)) {
      pos_ += 2;
      e.operands.push_back((this->*next)());
    }
    e.end = e.operands.back().end;
    return e;
  }
  ExprSyntax orExpr() { return binary(ExprSyntax::Kind::Or, "||", &Parser::andExpr); }
  ExprSyntax andExpr() { return binary(ExprSyntax::Kind::And, "&&", &Parser::unary); }

  ExprSyntax unary() {
    skipSpace();
    if (pos_ < text_.size() && text_[pos_] == '!' && !at("!=")) {
      ExprSyntax e;
      e.kind = ExprSyntax::Kind::Not;
      e.offset = pos_++;
      if (++depth_ > kMaxDepth) fail("the expression nests too deeply", pos_);
      e.operands.push_back(unary());
      --depth_;
      e.end = e.operands.back().end;
      return e;
    }
    return compare();
  }

  std::string comparisonAt() {
    skipSpace();
    for (const char *op : {"==", "!=", "<=", ">=", "<", ">"})
      if (text_.substr(pos_).startswith(op)) return op;
    return "";
  }

  ExprSyntax compare() {
    ExprSyntax lhs = primary();
    std::string op = comparisonAt();
    if (op.empty()) {
      skipSpace();
      if (pos_ < text_.size() && text_[pos_] == '=')
        fail("'=' is not an operator; compare with '=='", pos_);
      return lhs;
    }
    pos_ += op.size();
    ExprSyntax e;
    e.kind = ExprSyntax::Kind::Compare;
    e.op = op;
    e.offset = lhs.offset;
    e.operands.push_back(std::move(lhs));
    e.operands.push_back(primary());
    e.end = e.operands.back().end;
    if (!comparisonAt().empty())
      fail("comparisons do not chain; combine them with '&&' or '||'", pos_);
    return e;
  }

  ExprSyntax primary() {
    skipSpace();
    if (pos_ >= text_.size()) fail("expected a value before the end of the text", pos_);
    char c = text_[pos_];
    size_t start = pos_;
    if (c == '{' || c == '(') {
      ++pos_;
      ExprSyntax inner = expression();
      expect(c == '{' ? '}' : ')', c == '{' ? "'}'" : "')'");
      inner.offset = start;
      inner.end = pos_;
      return inner;
    }
    if (c == '"' || c == '\'') return stringLiteral();
    if (std::isdigit(static_cast<unsigned char>(c)) || (c == '-' && pos_ + 1 < text_.size() &&
                                                         std::isdigit(static_cast<unsigned char>(text_[pos_ + 1]))))
      return number();
    if (!isNameStart(c)) fail("expected a value (a variable, a number, a string, true, false or null), found " + found(), pos_);
    while (pos_ < text_.size() && isNameChar(text_[pos_])) ++pos_;
    std::string name = text_.slice(start, pos_).str();
    ExprSyntax e;
    e.offset = start;
    if (name == "true" || name == "false" || name == "null") {
      e.kind = ExprSyntax::Kind::Literal;
      e.literal = name == "null" ? nlohmann::ordered_json() : nlohmann::ordered_json(name == "true");
      e.end = pos_;
      return e;
    }
    skipSpace();
    if (pos_ < text_.size() && text_[pos_] == '(') {
      e.kind = ExprSyntax::Kind::Call;
      e.name = name;
      ++pos_;
      skipSpace();
      if (pos_ < text_.size() && text_[pos_] == ')') {
        ++pos_;
      } else {
        for (;;) {
          e.operands.push_back(expression());
          skipSpace();
          if (pos_ < text_.size() && text_[pos_] == ',') {
            ++pos_;
            continue;
          }
          expect(')', "',' or ')' in the arguments of " + name + "()");
          break;
        }
      }
      e.end = pos_;
      return e;
    }
    pos_ = start + name.size();
    e.kind = ExprSyntax::Kind::Path;
    e.name = name;
    for (;;) {
      if (pos_ < text_.size() && text_[pos_] == '.') {
        size_t at = pos_++;
        size_t keyStart = pos_;
        while (pos_ < text_.size() && isKeyChar(text_[pos_])) ++pos_;
        if (pos_ == keyStart) fail("expected a field name after '.'", pos_);
        e.path.push_back({text_.slice(keyStart, pos_).str(), std::nullopt});
        e.pathOffsets.push_back(at);
      } else if (pos_ < text_.size() && text_[pos_] == '[') {
        size_t at = pos_++;
        skipSpace();
        if (pos_ < text_.size() && (text_[pos_] == '"' || text_[pos_] == '\'')) {
          ExprSyntax key = stringLiteral();
          e.path.push_back({key.literal.get<std::string>(), std::nullopt});
        } else {
          size_t digits = pos_;
          while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) ++pos_;
          if (pos_ == digits) fail("an index is a non-negative integer or a quoted key, as in [0] or [\"name\"]", pos_);
          unsigned long long index = std::strtoull(text_.slice(digits, pos_).str().c_str(), nullptr, 10);
          if (pos_ - digits > 9) fail("the index is too large", digits);
          e.path.push_back({"", size_t(index)});
        }
        expect(']', "']'");
        e.pathOffsets.push_back(at);
      } else {
        break;
      }
    }
    e.end = pos_;
    return e;
  }

  ExprSyntax stringLiteral() {
    char quote = text_[pos_];
    ExprSyntax e;
    e.kind = ExprSyntax::Kind::Literal;
    e.offset = pos_++;
    std::string value;
    for (;;) {
      if (pos_ >= text_.size()) fail(std::string("unterminated string: add the closing ") + quote, e.offset);
      char c = text_[pos_++];
      if (c == quote) break;
      if (c != '\\') {
        value += c;
        continue;
      }
      if (pos_ >= text_.size()) fail("unterminated string: add the closing quote", e.offset);
      char x = text_[pos_++];
      switch (x) {
        case 'n': value += '\n'; break;
        case 't': value += '\t'; break;
        case '\\':
        case '"':
        case '\'': value += x; break;
        default: fail(std::string("unknown escape '\\") + x + "' (use \\\" \\' \\\\ \\n or \\t)", pos_ - 2);
      }
    }
    e.literal = value;
    e.end = pos_;
    return e;
  }

  ExprSyntax number() {
    ExprSyntax e;
    e.kind = ExprSyntax::Kind::Literal;
    e.offset = pos_;
    if (text_[pos_] == '-') ++pos_;
    while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    bool fraction = false;
    if (pos_ + 1 < text_.size() && text_[pos_] == '.' && std::isdigit(static_cast<unsigned char>(text_[pos_ + 1]))) {
      fraction = true;
      ++pos_;
      while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    }
    std::string digits = text_.slice(e.offset, pos_).str();
    if (pos_ < text_.size() && isNameStart(text_[pos_])) fail("a number cannot be followed by '" + std::string(1, text_[pos_]) + "'", pos_);
    if (!fraction) {
      errno = 0;
      long long v = std::strtoll(digits.c_str(), nullptr, 10);
      if (errno == ERANGE) fail("the integer " + digits + " is too large", e.offset);
      e.literal = int64_t(v);
    } else {
      e.literal = std::strtod(digits.c_str(), nullptr);
    }
    e.end = pos_;
    return e;
  }

  llvm::StringRef text_;
  size_t pos_;
  int depth_ = 0;
};

}  // namespace

namespace {

bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

// What may follow a '{' that is text: the brace of a shell group, a JSON object, `{}`.
bool startsNoExpression(llvm::StringRef text, size_t after) {
  return after >= text.size() || isBlank(text[after]) || text[after] == '"' || text[after] == '\'' || text[after] == '}';
}

}  // namespace

std::variant<TemplateSyntax, SyntaxError> parseTemplate(llvm::StringRef text) {
  TemplateSyntax out;
  std::string literal;
  auto flush = [&] {
    if (!literal.empty()) out.pieces.emplace_back(std::move(literal));
    literal.clear();
  };
  size_t i = 0;
  size_t escapedOpen = 0;  // `{{` not yet closed by a `}}`
  try {
    while (i < text.size()) {
      char c = text[i];
      if (c == '{' && i + 1 < text.size() && text[i + 1] == '{') {  // {{: a literal '{'
        literal += c;
        ++escapedOpen;
        i += 2;
        continue;
      }
      if (c == '}' && i + 1 < text.size() && text[i + 1] == '}' && escapedOpen > 0) {  // the }} that closes a {{
        literal += c;
        --escapedOpen;
        i += 2;
        continue;
      }
      // `${…}` is the shell's parameter expansion, left as written; a '{' that cannot start an
      // expression is text.
      if (c != '{' || (i > 0 && text[i - 1] == '$') || startsNoExpression(text, i + 1)) {
        // Text that would have been an expression under the old rule: kept for a warning.
        if (c == '{' && !(i > 0 && text[i - 1] == '$') && i + 1 < text.size() && text[i + 1] != '}') {
          try {
            Parser look(text, i + 1);
            ExprSyntax expr = look.expression();
            look.skipSpace();
            if (look.pos() < text.size() && text[look.pos()] == '}')
              out.lookalikes.push_back({i, text.slice(i, look.pos() + 1).str(), std::move(expr)});
          } catch (const SyntaxError &) {
            // not an expression: a shell group, JSON
          }
        }
        literal += c;
        ++i;
        continue;
      }
      Parser parser(text, i + 1);
      Interpolated piece;
      piece.offset = i;
      try {
        piece.expr = parser.expression();
      } catch (SyntaxError &e) {
        // Nothing right after the '{' can start an expression — JSON in a shell's "…" gives
        // `{\"v\": …}` — so the brace was most likely meant as text: say how to write one, as
        // docs/awl.md "Expressions" promises for what the rule does not cover.
        if (e.offset == i + 1) e.message += " (write '{{' for a literal '{', or put a space after it)";
        throw;
      }
      parser.skipSpace();
      if (parser.pos() >= text.size() || text[parser.pos()] != '}')
        return SyntaxError{"expected '}' to end the expression that starts at '{', found " + parser.found() +
                               " (write '{{' for a literal '{', or put a space after it)",
                           parser.pos()};
      size_t close = parser.pos() + 1;
      piece.written = text.slice(i, close).str();
      flush();
      out.pieces.emplace_back(std::move(piece));
      i = close;
    }
  } catch (const SyntaxError &e) {
    return e;
  }
  flush();
  return out;
}

std::variant<ExprSyntax, SyntaxError> parseExpressionField(llvm::StringRef text) {
  Parser parser(text, 0);
  try {
    if (parser.atEnd()) return SyntaxError{"the expression is empty", 0};
    ExprSyntax e = parser.expression();
    if (!parser.atEnd())
      return SyntaxError{"unexpected " + parser.found() + " after the expression", parser.pos()};
    return e;
  } catch (const SyntaxError &e) {
    return e;
  }
}

}  // namespace wfc::awl

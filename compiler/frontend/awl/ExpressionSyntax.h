// The syntax of AWL's expressions and interpolated strings (docs/awl.md "Expressions"):
//
//   "Phase {item.number}: {item.name}"   text with `{expression}` pieces; `{{` and `}}` are
//                                        literal braces
//   "{validation.exit_code == 0}"        a field that is one expression: its value (any type)
//   "echo ${HOME}"                       `${` is the shell's: text, not an expression
//   "range(1, {max_retries})"            a condition or items field may also be written bare,
//                                        with `{…}` around the variables inside it
//
// Grammar (lowest precedence first; comparisons do not chain):
//
//   expr    := and ('||' and)*
//   and     := unary ('&&' unary)*
//   unary   := '!' unary | compare
//   compare := primary (('==' | '!=' | '<' | '<=' | '>' | '>=') primary)?
//   primary := INTEGER | NUMBER | STRING | 'true' | 'false' | 'null'
//            | NAME '(' [expr (',' expr)*] ')'            len(x), range(a, b)
//            | NAME ('.' KEY | '[' INTEGER ']' | '[' STRING ']')*
//            | '{' expr '}' | '(' expr ')'
//
// NAME is a letter or '_' then letters, digits and '_'; KEY may also hold '-' (`exit-code`),
// since AWL has no arithmetic. Strings are "…" or '…' with \" \' \\ \n \t escapes.
// This file knows nothing of what names mean: the lowering resolves them (LowerAwl).
#pragma once

#include "ir/Reference.h"

#include <llvm/ADT/StringRef.h>

#include <nlohmann/json.hpp>

#include <memory>
#include <string>
#include <variant>
#include <vector>

namespace wfc::awl {

struct ExprSyntax {
  enum class Kind { Literal, Path, Call, Not, And, Or, Compare };
  Kind kind = Kind::Literal;
  size_t offset = 0;  // where it starts in the string
  size_t end = 0;     // one past where it ends
  nlohmann::ordered_json literal;      // Literal
  std::string name;                    // Path: the root name; Call: the function
  std::vector<ir::PathElement> path;   // Path
  std::vector<size_t> pathOffsets;     // Path: where each element starts ('.' or '[')
  std::string op;                      // Compare: "==", "<", …
  std::vector<ExprSyntax> operands;    // Call arguments; Not (one), And, Or, Compare (two)
};

struct SyntaxError {
  std::string message;
  size_t offset = 0;  // where the caret goes
};

// One `{…}` of an interpolated string: the expression, and the text as written.
struct Interpolated {
  ExprSyntax expr;
  std::string written;  // "{item.number}"
  size_t offset = 0;    // where '{' is
};

// Literal braces around what parses as an expression ("{ name }", "{ a == b }", "{'x' == a}"):
// what the writer may have meant to interpolate. The lowering warns when it reads a name the
// workflow defines (awk's '{ print }' reads none).
struct Lookalike {
  size_t offset = 0;     // where '{' is
  std::string written;   // "{ name }"
  ExprSyntax expr;
};

struct TemplateSyntax {
  std::vector<std::variant<std::string, Interpolated>> pieces;  // adjacent text merged, braces unescaped
  std::vector<Lookalike> lookalikes;
  // The string is exactly one `{…}`: its value is the expression's, not text.
  bool whole() const { return pieces.size() == 1 && std::holds_alternative<Interpolated>(pieces.front()); }
};

// An interpolated string; the first syntax error instead (docs/awl.md "Expressions"). A '{'
// starts an expression unless whitespace, a quote, '}' or the end of the text follows it: then it
// is text, as a shell group `{ cmd; }`, `find -exec … {} \;` and a JSON object `{"k": 1}` are.
// `{{` is a literal '{', and the `}}` that closes it a literal '}'; any other '}' is text.
std::variant<TemplateSyntax, SyntaxError> parseTemplate(llvm::StringRef text);

// A field that is one expression (`if`, `until`, `items`): `{expr}`, or a bare expression.
std::variant<ExprSyntax, SyntaxError> parseExpressionField(llvm::StringRef text);

// The expression as written, from the string it was parsed from.
inline std::string spelled(llvm::StringRef text, const ExprSyntax &e) {
  return text.slice(e.offset, e.end).str();
}

}  // namespace wfc::awl

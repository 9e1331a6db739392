// A computed value: what a dialect with an expression language writes where RFC 0010 has only
// references and constrained predicates — AWL's `{validation.exit_code == 0}`,
// `{len(items) > 0 && !done}`, `range(1, {max})` (docs/awl.md "Expressions"). The dialect parses
// and type-checks it; the IR keeps its tree, with every reference in it resolved like any other,
// and codegen compiles it to straight-line C++.
#pragma once

#include "ir/Reference.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace wfc::ir {

// How a comparison compares (also a predicate's, ir/Predicate.h).
enum class CompareOp {
  Equals,
  NotEquals,
  In,
  NotIn,
  LessThan,
  LessThanOrEquals,
  GreaterThan,
  GreaterThanOrEquals,
};

const char *spell(CompareOp op);

struct Expression {
  enum class Kind {
    Literal,    // a JSON constant
    Reference,  // a value looked up at run time
    Not,        // !a                 (one operand, a boolean)
    And,        // a && b && …        (booleans; stops at the first false)
    Or,         // a || b || …        (booleans; stops at the first true)
    Compare,    // a == b, a < b, …   (two operands)
    Length,     // len(a): the items of an array, the members of an object, the characters of a string
    Range,      // range(a, b): the integers a, a+1, …, b-1 (one operand: range(b) from 0)
  };

  Kind kind = Kind::Literal;
  llvm::SMLoc loc;
  nlohmann::ordered_json literal;    // Literal
  Reference ref;                     // Reference
  CompareOp op = CompareOp::Equals;  // Compare
  std::vector<Expression> operands;
  // The expression as its author wrote it, delimiters included ("{len(items) > 0}"): messages
  // at run time name it.
  std::string written;
};

// The expression in wfc's own notation, for the IR printer: `len(%item) > 0`.
std::string printExpression(const Expression &e);

}  // namespace wfc::ir

// A branch or loop predicate: RFC 0010's constrained shape, with its path resolved — or a
// dialect's boolean expression.
#pragma once

#include "ir/Value.h"

#include <optional>
#include <vector>

namespace wfc::ir {

struct Predicate {
  // Expression: a dialect's boolean expression (AWL's `if` and `until`, ir/Expression.h), which
  // must yield true or false at run time.
  enum class Kind { Compare, Exists, AllOf, AnyOf, Not, Constant, Expression };

  Kind kind = Kind::Compare;
  llvm::SMLoc loc;
  Reference path;        // Compare, Exists
  CompareOp op = CompareOp::Equals;  // Compare
  Json value;            // Compare
  llvm::SMLoc valueLoc;  // Compare: where `value` is written
  std::vector<llvm::SMLoc> valueItemLocs;  // Compare with a list value: where each item is
  bool exists = true;    // Exists
  std::vector<Predicate> operands;  // AllOf, AnyOf, Not (one)
  bool constant = false;  // Constant: folded by passes/FoldPredicates
  std::string folded;     // Constant: the predicate it was, as printed (for comments)
  std::optional<ir::Expression> expression;  // Expression
};

}  // namespace wfc::ir

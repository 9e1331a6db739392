// A branch or loop predicate: RFC 0010's constrained shape, with its path resolved.
#pragma once

#include "ir/Value.h"

#include <vector>

namespace wfc::ir {

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

struct Predicate {
  enum class Kind { Compare, Exists, AllOf, AnyOf, Not, Constant };

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
};

}  // namespace wfc::ir

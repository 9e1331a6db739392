// Values in the IR: step inputs, tool arguments, foreach items. A value is a JSON literal with
// references in it: a string that is exactly one `${…}` yields the referenced value unchanged
// (Reference); a string with references inside longer text is interpolated as text
// (Interpolation); objects and arrays nest. A dialect with an expression language adds computed
// values (Expression), whole or as pieces of an interpolation.
#pragma once

#include "ir/Expression.h"
#include "ir/Reference.h"

#include <llvm/ADT/StringRef.h>

#include <nlohmann/json.hpp>

#include <optional>
#include <utility>
#include <variant>
#include <vector>

namespace wfc::ir {

using Json = nlohmann::ordered_json;

struct Value {
  enum class Kind { Literal, Reference, Interpolation, Object, Array, Expression };
  // One member of an object value. Declared here and defined below: a member holds a Value,
  // which is still incomplete inside its own definition.
  struct Member;

  Kind kind = Kind::Literal;
  llvm::SMLoc loc;
  Json literal;                                                  // Literal
  ir::Reference ref;                                             // Reference
  std::vector<std::variant<std::string, ir::Reference, ir::Expression>> pieces;  // Interpolation
  std::optional<ir::Expression> expression;                                  // Expression
  std::vector<Member> members;                                   // Object, in source order
  std::vector<Value> elements;                                   // Array

  // True when the value contains no reference at all (it can be folded to a literal).
  bool isConstant() const;
  // The member named `key` of an object value, or null.
  const Value *member(llvm::StringRef key) const;
  // The JSON of a constant value (references, if any, read as their literal text).
  Json constant() const;
};

struct Value::Member {
  std::string key;
  Value value;
};

}  // namespace wfc::ir

// C++ expressions for IR values, references and predicates, as straight-line code: a
// reference becomes a lookup on the StepContext, an interpolated string a wfc::interpolate over
// literal pieces and lookups, a predicate plain boolean C++.
#pragma once

#include "codegen/EmitContext.h"

#include <string>

namespace wfc::codegen {

class ExpressionEmitter {
 public:
  // `hint` names the constants hoisted out of the expressions emitted: "left_args" gives
  // kValue_left_args (docs/codegen.md).
  ExpressionEmitter(EmitContext &ctx, const CompositionNames &names, std::string hint)
      : ctx_(ctx), names_(names), hint_(std::move(hint)) {}

  // An expression of type wfc::Value, to start a statement (`const Value args = …;`): objects
  // and arrays with references span lines, their members one per line, indented as clang-format
  // indents braced lists.
  std::string value(const ir::Value &v) { return value(v, hint_); }
  // `${…}`: the referenced value, failing the step when it is missing.
  std::string reference(const ir::Reference &ref);
  // A JSON literal: scalars inline, objects and arrays as hoisted constants.
  std::string literal(const ir::Json &json) { return literal(json, hint_); }
  // An expression of type bool, to follow `return ` (its continuation lines line up after it): the
  // operands of all_of and any_of one per line, aligned inside their parentheses.
  std::string predicate(const ir::Predicate &p) { return predicate(p, std::string("return ").size()); }
  // The name of the StepContext parameter of a function returning predicate(p): none when the
  // expression does not read it (a folded constant, `exists` on ${item_index}), as an unused
  // parameter would warn at -Wextra.
  static std::string predicateParameter(const ir::Predicate &p) { return readsContext(p) ? "ctx" : ""; }
  static bool readsContext(const ir::Predicate &p);
  static bool readsContext(const ir::Expression &e);
  // A dialect's expression (ir/Expression.h) as a wfc::Value, and as a C++ bool in a boolean
  // position (failing the step when the value is not a boolean).
  std::string expression(const ir::Expression &e);
  std::string condition(const ir::Expression &e);
  // `{"a", 0, "b"}`: a path as an initializer list of wfc::PathStep.
  static std::string path(const std::vector<ir::PathElement> &path);

 private:
  std::string value(const ir::Value &v, const std::string &hint);
  std::string literal(const ir::Json &json, const std::string &hint);
  // `column`: where the expression starts on its line, after the line's indentation.
  std::string predicate(const ir::Predicate &p, size_t column);
  std::string exists(const ir::Reference &ref);
  std::string conditionOperand(const ir::Expression &e);
  static std::string workflowPath(const ir::Reference &ref);

  EmitContext &ctx_;
  const CompositionNames &names_;
  std::string hint_;
};

}  // namespace wfc::codegen

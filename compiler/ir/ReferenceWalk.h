// The one walk over the references in the IR: every `${…}` a value, a predicate or a step
// reads. Sema resolves them, passes rewrite them, the verifier and codegen read them — all
// through these functions, so a new place that holds references is added here once.
#pragma once

#include "ir/Step.h"

#include <type_traits>

namespace wfc::ir {

// Every reference in an expression, operands left to right.
template <typename ExpressionT, typename Fn>
void forEachExpressionReference(ExpressionT &expression, Fn &&fn) {
  static_assert(std::is_same_v<std::remove_const_t<ExpressionT>, Expression>);
  if (expression.kind == Expression::Kind::Reference) fn(expression.ref);
  for (auto &operand : expression.operands) forEachExpressionReference(operand, fn);
}

// Calls `fn(Reference&)` (or `fn(const Reference&)` for a const value) on every reference in
// `value`, in source order.
template <typename ValueT, typename Fn>
void forEachValueReference(ValueT &value, Fn &&fn) {
  static_assert(std::is_same_v<std::remove_const_t<ValueT>, Value>);
  switch (value.kind) {
    case Value::Kind::Literal: return;
    case Value::Kind::Reference: fn(value.ref); return;
    case Value::Kind::Expression:
      if (value.expression) forEachExpressionReference(*value.expression, fn);
      return;
    case Value::Kind::Interpolation:
      for (auto &piece : value.pieces) {
        if (auto *r = std::get_if<Reference>(&piece)) fn(*r);
        else if (auto *e = std::get_if<Expression>(&piece)) forEachExpressionReference(*e, fn);
      }
      return;
    case Value::Kind::Object:
      for (auto &m : value.members) forEachValueReference(m.value, fn);
      return;
    case Value::Kind::Array:
      for (auto &e : value.elements) forEachValueReference(e, fn);
      return;
  }
}

// Every reference in a predicate: the paths of its comparisons and `exists` tests, operands
// left to right.
template <typename PredicateT, typename Fn>
void forEachPredicateReference(PredicateT &predicate, Fn &&fn) {
  static_assert(std::is_same_v<std::remove_const_t<PredicateT>, Predicate>);
  if (predicate.kind == Predicate::Kind::Compare || predicate.kind == Predicate::Kind::Exists) fn(predicate.path);
  if (predicate.kind == Predicate::Kind::Expression && predicate.expression)
    forEachExpressionReference(*predicate.expression, fn);
  for (auto &operand : predicate.operands) forEachPredicateReference(operand, fn);
}

// Every reference a step reads itself — its input, arguments, items and target, and the
// predicate of a branch or a loop, an agent's working directory — not those of the steps
// inside it.
template <typename StepT, typename Fn>
void forEachReference(StepT &step, Fn &&fn) {
  static_assert(std::is_same_v<std::remove_const_t<StepT>, Step>);
  for (auto *v : {&step.input, &step.args, &step.items, &step.target, &step.workingDir})
    if (*v) forEachValueReference(**v, fn);
  if (step.kind == StepKind::Branch || step.kind == StepKind::Loop) forEachPredicateReference(step.predicate, fn);
}

}  // namespace wfc::ir

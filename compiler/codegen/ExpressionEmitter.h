// C++ expressions for IR values, references and predicates, as straight-line code: a
// reference becomes a lookup on the StepContext, an interpolated string a wfc::interpolate over
// literal pieces and lookups, a predicate plain boolean C++.
#pragma once

#include "codegen/EmitContext.h"

#include <string>

namespace wfc::codegen {

class ExpressionEmitter {
 public:
  ExpressionEmitter(EmitContext &ctx, const CompositionNames &names) : ctx_(ctx), names_(names) {}

  // An expression of type wfc::Value (multi-line for objects and arrays).
  std::string value(const ir::Value &v);
  // `${…}`: the referenced value, failing the step when it is missing.
  std::string reference(const ir::Reference &ref);
  // A JSON literal: scalars inline, objects and arrays as hoisted constants.
  std::string literal(const ir::Json &json);
  // An expression of type bool.
  std::string predicate(const ir::Predicate &p);
  // The name of the StepContext parameter of a function returning predicate(p): none when the
  // expression does not read it (a folded constant, `exists` on ${item_index}), as an unused
  // parameter would warn at -Wextra.
  static std::string predicateParameter(const ir::Predicate &p) { return readsContext(p) ? "ctx" : ""; }
  static bool readsContext(const ir::Predicate &p);
  // `{"a", 0, "b"}`: a path as an initializer list of wfc::PathStep.
  static std::string path(const std::vector<ir::PathElement> &path);

 private:
  std::string exists(const ir::Reference &ref);
  static std::string workflowPath(const ir::Reference &ref);

  EmitContext &ctx_;
  const CompositionNames &names_;
};

}  // namespace wfc::codegen

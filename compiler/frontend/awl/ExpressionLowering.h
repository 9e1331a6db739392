// AWL's names and expressions, resolved and typed (docs/awl.md "Variables", "Expressions"): what
// `{name.path}` means where it is written — a constant of `variables:` (folded), a variable some
// action captures (read from the variable store; an error when no action has captured it yet on
// any path to here), `item`/`item_index` of the nearest loop over items, `{env.NAME}`,
// `{execution_id}`, or else a field of the run's input — and the IR expression it lowers to, with
// the type it has where that is known.
#pragma once

#include "frontend/Document.h"
#include "frontend/awl/AwlType.h"
#include "frontend/awl/ExpressionSyntax.h"
#include "ir/Predicate.h"
#include "ir/Value.h"
#include "support/DiagnosticEngine.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace wfc::awl {

// Where an expression is written: the scalar that holds it (for locations) and its text.
struct Where {
  const DocNode *node = nullptr;
  llvm::StringRef text;
};

// Where `offset` of a scalar's value is in the source, so a caret can point inside a string.
// Exact for plain, quoted and block scalars whose lines appear verbatim in the source; otherwise
// the scalar's start.
llvm::SMLoc locateOffset(const DocNode &node, size_t offset);

struct TypedExpression {
  ir::Expression expr;
  AwlType type;
};

// What the workflow has captured at a point of its run: on every path to it, and on some.
struct Flow {
  std::set<std::string> definitely, maybe;
};

class ExpressionLowering {
 public:
  explicit ExpressionLowering(DiagnosticEngine &diags) : diags_(diags) {}

  // ---- names ---------------------------------------------------------------------------------
  // A constant of `variables:` (a literal, or an expression of the environment).
  void addConstant(const std::string &name, TypedExpression value);
  bool isConstant(const std::string &name) const { return constants_.count(name) > 0; }
  // A variable some action captures, with the type of what it captures (Unknown when actions of
  // different types capture it) and where it is first captured.
  void declareCapture(const std::string &name, const AwlType &type, llvm::SMLoc loc);
  // `inputs:` as declared (then a free name is an error), or not declared (then it is an input).
  void declareInputs(std::map<std::string, nlohmann::ordered_json> inputs, bool declared);
  // The input fields the workflow reads (declared or inferred), for its input schema.
  const std::map<std::string, nlohmann::ordered_json> &inputs() const { return inputs_; }
  std::vector<std::string> inputOrder() const { return inputOrder_; }

  // ---- flow ------------------------------------------------------------------------------------
  Flow &flow() { return flow_; }
  void captured(const std::string &name) {
    flow_.definitely.insert(name);
    flow_.maybe.insert(name);
  }
  // Inside a loop: the item type of a loop over items (none: a loop without items).
  void enterLoop(std::optional<AwlType> item) { loops_.push_back(std::move(item)); }
  void leaveLoop() { loops_.pop_back(); }
  // While context actions are lowered: `item` is not chosen yet.
  void setInContext(bool in) { inContext_ = in; }

  // ---- expressions -----------------------------------------------------------------------------
  std::optional<TypedExpression> expression(const ExprSyntax &e, const Where &where);
  // An interpolated string field: a literal, one value (the string is exactly one `{…}`), or
  // text with values in it. Null after a reported error.
  std::optional<ir::Value> text(const Where &where);
  // A condition field (`if`, `until`): a boolean expression.
  std::optional<ir::Predicate> condition(const Where &where, const char *field);
  // A field that is one expression (`items`).
  std::optional<TypedExpression> field(const Where &where);
  // Data (notify's `data`, write-file's `content`, shell's `env`): strings interpolated, the rest as written.
  std::optional<ir::Value> data(const DocNode &node);

  static ir::Value toValue(const TypedExpression &t, llvm::SMLoc loc);

  // Warns at each of `t`'s lookalikes (literal braces around an expression) that reads a name the
  // workflow defines — a variable, an input, a built-in: most likely meant as an interpolation.
  void warnLookalikes(const TemplateSyntax &t, const DocNode &node);

 private:
  std::optional<TypedExpression> path(const ExprSyntax &e, const Where &where);
  std::optional<TypedExpression> call(const ExprSyntax &e, const Where &where);
  std::optional<TypedExpression> compare(const ExprSyntax &e, const Where &where);
  // Follows e.path from `base` at compile time (a constant) or in the type (a run-time value).
  std::optional<TypedExpression> follow(TypedExpression base, const ExprSyntax &e, const Where &where);
  ir::Reference reference(ir::RefRoot root, std::string name, const ExprSyntax &e, const Where &where) const;
  llvm::SMLoc at(const Where &where, size_t offset) const { return locateOffset(*where.node, offset); }
  std::vector<std::string> knownNames() const;

  DiagnosticEngine &diags_;
  std::map<std::string, TypedExpression> constants_;
  struct Capture {
    AwlType type;
    llvm::SMLoc loc;
  };
  std::map<std::string, Capture> captures_;
  std::map<std::string, nlohmann::ordered_json> inputs_;
  std::vector<std::string> inputOrder_;
  bool inputsDeclared_ = false;
  std::set<std::string> warned_;  // inferred inputs already reported
  Flow flow_;
  std::vector<std::optional<AwlType>> loops_;
  bool inContext_ = false;
};

}  // namespace wfc::awl

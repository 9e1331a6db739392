// fold-predicates: a branch's or loop's predicate whose value is known at compile time becomes a
// constant. Values are known where a reference reads an inlined call's input (the entry step's
// output) at a path the call wrote as a literal: `${input.mode}` in a callee called with
// `input: {mode: fast}`. Folding keeps every run-time error: a comparison whose path is missing,
// or whose types the runtime would reject, is left alone, and all_of/any_of fold only as far as
// their left-to-right evaluation would have got without evaluating an unknown operand.
#include "ir/IRPrinter.h"
#include "passes/Pass.h"

#include <cstdint>
#include <limits>

namespace wfc::passes {
namespace {

// What a reference reads, when the compiler knows it.
struct Known {
  enum class Kind { Unknown, Missing, Value } kind = Kind::Unknown;
  ir::Json value;
};

Known literalAt(const ir::Value &root, const std::vector<ir::PathElement> &path) {
  const ir::Value *v = &root;
  size_t i = 0;
  for (; i < path.size() && v->kind != ir::Value::Kind::Literal; ++i) {
    const ir::PathElement &e = path[i];
    if (v->kind == ir::Value::Kind::Object && !e.isIndex()) {
      const ir::Value *member = nullptr;
      for (const auto &[key, value] : v->members)
        if (key == e.key) member = &value;
      if (!member) return {Known::Kind::Missing, {}};
      v = member;
    } else if (v->kind == ir::Value::Kind::Array && e.isIndex()) {
      if (*e.index >= v->elements.size()) return {Known::Kind::Missing, {}};
      v = &v->elements[*e.index];
    } else {
      return {};  // a reference, an interpolation, or a path that does not fit: the runtime decides
    }
  }
  if (v->kind != ir::Value::Kind::Literal) return {};  // objects/arrays with references in them: not folded
  const ir::Json *j = &v->literal;
  for (; i < path.size(); ++i) {
    const ir::PathElement &e = path[i];
    if (e.isIndex() && j->is_array() && *e.index < j->size())
      j = &(*j)[*e.index];
    else if (!e.isIndex() && j->is_object() && j->contains(e.key))
      j = &(*j)[e.key];
    else
      return {Known::Kind::Missing, {}};
  }
  return {Known::Kind::Value, *j};
}

Known read(const ir::Reference &r) {
  if (r.root != ir::RefRoot::StepOutput || !r.step) return {};
  const ir::Step &s = *r.step;
  if (s.kind != ir::StepKind::Subflow || s.subflowPart != ir::SubflowPart::Entry || !s.input) return {};
  return literalAt(*s.input, r.path);
}

bool scalar(const ir::Json &j) { return j.is_primitive(); }

bool fitsInt64(const ir::Json &j) {
  return !j.is_number_unsigned() || j.get<uint64_t>() <= static_cast<uint64_t>(std::numeric_limits<int64_t>::max());
}

template <typename Number>
bool ordered(Number a, ir::CompareOp op, Number b) {
  switch (op) {
    case ir::CompareOp::LessThan: return a < b;
    case ir::CompareOp::LessThanOrEquals: return a <= b;
    case ir::CompareOp::GreaterThan: return a > b;
    default: return a >= b;
  }
}

// The runtime's equality on scalars: JSON equality with 1 == 1.0 (nlohmann compares numbers by value).
std::optional<bool> compare(const ir::Json &lhs, ir::CompareOp op, const ir::Json &rhs) {
  switch (op) {
    case ir::CompareOp::Equals:
    case ir::CompareOp::NotEquals:
      if (!scalar(lhs) || !scalar(rhs)) return std::nullopt;
      return (lhs == rhs) == (op == ir::CompareOp::Equals);
    case ir::CompareOp::In:
    case ir::CompareOp::NotIn: {
      if (!scalar(lhs) || !rhs.is_array()) return std::nullopt;
      bool found = false;
      for (const auto &item : rhs) {
        if (!scalar(item)) return std::nullopt;
        found |= item == lhs;
      }
      return found == (op == ir::CompareOp::In);
    }
    default:
      if (!lhs.is_number() || !rhs.is_number()) return std::nullopt;  // strings: left to the runtime's rule
      if (lhs.is_number_integer() && rhs.is_number_integer()) {
        // The runtime orders two integers exactly, as int64 (doubles would merge values past 2^53);
        // beyond int64 it is the runtime's to decide.
        if (!fitsInt64(lhs) || !fitsInt64(rhs)) return std::nullopt;
        return ordered(lhs.get<int64_t>(), op, rhs.get<int64_t>());
      }
      return ordered(lhs.get<double>(), op, rhs.get<double>());
  }
}

std::string comment(const ir::Predicate &p) {
  std::string text = ir::printPredicate(p);
  // The text goes inside a /* … */ comment: neither its end nor a nested start (-Wcomment) may
  // appear, whether from a value or from an operand folded earlier.
  for (size_t at; (at = text.find("*/")) != std::string::npos;) text.replace(at, 2, "* /");
  for (size_t at; (at = text.find("/*")) != std::string::npos;) text.replace(at, 2, "/ *");
  return text;
}

// Folds `p` in place where its value is known; true when anything changed.
bool fold(ir::Predicate &p) {
  // The comment shows the predicate as written, taken before its operands fold.
  std::string original = comment(p);
  auto makeConstant = [&](bool value) {
    ir::Predicate folded;
    folded.kind = ir::Predicate::Kind::Constant;
    folded.loc = p.loc;
    folded.constant = value;
    folded.folded = std::move(original);
    p = std::move(folded);
    return true;
  };
  switch (p.kind) {
    case ir::Predicate::Kind::Constant:
    case ir::Predicate::Kind::Expression:  // a dialect's expression: evaluated at run time
      return false;
    case ir::Predicate::Kind::Compare: {
      Known k = read(p.path);
      if (k.kind != Known::Kind::Value) return false;  // missing: the run-time error stays
      if (auto result = compare(k.value, p.op, p.value)) return makeConstant(*result);
      return false;
    }
    case ir::Predicate::Kind::Exists: {
      Known k = read(p.path);
      if (k.kind == Known::Kind::Unknown) return false;
      return makeConstant((k.kind == Known::Kind::Value) == p.exists);
    }
    case ir::Predicate::Kind::Not: {
      bool changed = fold(p.operands.front());
      if (p.operands.front().kind == ir::Predicate::Kind::Constant) return makeConstant(!p.operands.front().constant);
      return changed;
    }
    case ir::Predicate::Kind::AllOf:
    case ir::Predicate::Kind::AnyOf: {
      bool changed = false;
      for (auto &op : p.operands) changed |= fold(op);
      // Evaluated left to right, stopping at the first operand that decides (false for all_of,
      // true for any_of): the result is known when that operand, and all before it, are.
      bool decider = p.kind == ir::Predicate::Kind::AnyOf;
      for (const auto &op : p.operands) {
        if (op.kind != ir::Predicate::Kind::Constant) return changed;
        if (op.constant == decider) return makeConstant(decider);
      }
      return makeConstant(!decider);
    }
  }
  return false;
}

class FoldPredicates final : public Pass {
 public:
  const char *name() const override { return "fold-predicates"; }
  const char *summary() const override {
    return "makes branch and loop predicates constant where they read literals (an inlined call's input)";
  }

  bool run(ir::Module &module) override {
    bool changed = false;
    for (auto &c : module.compositions) visit(c->steps, changed);
    return changed;
  }

 private:
  static void visit(std::vector<std::unique_ptr<ir::Step>> &steps, bool &changed) {
    for (auto &s : steps) {
      if (s->kind == ir::StepKind::Branch || s->kind == ir::StepKind::Loop) changed |= fold(s->predicate);
      visit(s->children, changed);
    }
  }
};

}  // namespace

std::unique_ptr<Pass> createFoldPredicatesPass() { return std::make_unique<FoldPredicates>(); }

}  // namespace wfc::passes

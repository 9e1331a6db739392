#include "codegen/ExpressionEmitter.h"

namespace wfc::codegen {
namespace {

// Indents every line after the first by `n` spaces: a multi-line value nested in another.
std::string indentContinuation(const std::string &text, unsigned n) {
  std::string out;
  for (char c : text) {
    out += c;
    if (c == '\n') out.append(n, ' ');
  }
  return out;
}

}  // namespace

std::string ExpressionEmitter::literal(const ir::Json &json, const std::string &hint) {
  if (json.is_null()) return "Value()";
  if (json.is_boolean()) return json.get<bool>() ? "Value::boolean(true)" : "Value::boolean(false)";
  if (json.is_string()) return "Value::string(" + cppString(json.get<std::string>()) + ")";
  if (json.is_number_integer() && json.get<int64_t>() > -2147483647 && json.get<int64_t>() < 2147483647)
    return "Value::integer(" + std::to_string(json.get<int64_t>()) + ")";
  if (json.is_number_float()) {
    std::string text = json.dump();  // shortest round-trip spelling, also a C++ double literal
    if (text.find_first_of(".e") != std::string::npos) return "Value::number(" + text + ")";
  }
  return ctx_.constant(json, hint);  // other numbers keep their exact JSON spelling
}

std::string ExpressionEmitter::path(const std::vector<ir::PathElement> &path) {
  std::string out = "{";
  for (size_t i = 0; i < path.size(); ++i) {
    if (i) out += ", ";
    out += path[i].isIndex() ? std::to_string(*path[i].index) : cppString(path[i].key);
  }
  return out + "}";
}

// The path of a ${workflow…} reference below ctx.workflow(): {"context", …} or
// {"artifacts", "NAME", …}.
std::string ExpressionEmitter::workflowPath(const ir::Reference &ref) {
  std::vector<ir::PathElement> full;
  if (ref.root == ir::RefRoot::WorkflowContext) {
    full.push_back({"context", std::nullopt});
  } else {
    full.push_back({"artifacts", std::nullopt});
    full.push_back({ref.name, std::nullopt});
  }
  full.insert(full.end(), ref.path.begin(), ref.path.end());
  return path(full);
}

std::string ExpressionEmitter::reference(const ir::Reference &ref) {
  std::string text = cppString(ir::spell(ref));
  switch (ref.root) {
    case ir::RefRoot::Input:
      return ref.path.empty() ? "ctx.input()" : "ctx.input(" + path(ref.path) + ", " + text + ")";
    case ir::RefRoot::StepOutput: {
      std::string step = "step::" + names_.steps.at(ref.step);
      if (ref.path.empty()) return "ctx.output(" + step + ", " + text + ")";
      return "ctx.output(" + step + ", " + path(ref.path) + ", " + text + ")";
    }
    case ir::RefRoot::WorkflowContext:
    case ir::RefRoot::WorkflowArtifact:
      return "ctx.at(ctx.workflow(), " + workflowPath(ref) + ", " + text + ")";
    // Inside wfc.foreach and wfc.loop: the nearest one's item, index, iteration, previous outputs.
    case ir::RefRoot::Item:
      return ref.path.empty() ? "ctx.item()" : "ctx.item(" + path(ref.path) + ", " + text + ")";
    case ir::RefRoot::ItemIndex:
      return "Value::integer(ctx.itemIndex())";
    case ir::RefRoot::LoopIteration:
      return "Value::integer(ctx.loopIteration())";
    case ir::RefRoot::LoopPrevious: {
      std::string step = "step::" + names_.steps.at(ref.step);
      if (ref.path.empty()) return "ctx.previous(" + step + ", " + text + ")";
      return "ctx.previous(" + step + ", " + path(ref.path) + ", " + text + ")";
    }
    // AWL (docs/awl.md): a variable's current value, the environment, the run's id.
    case ir::RefRoot::Variable:
      if (ref.path.empty()) return "ctx.variable(" + cppString(ref.name) + ", " + text + ")";
      return "ctx.variable(" + cppString(ref.name) + ", " + path(ref.path) + ", " + text + ")";
    case ir::RefRoot::Env:
      return "ctx.env(" + cppString(ref.name) + ", " + text + ")";
    case ir::RefRoot::RunId:
      return "ctx.runId()";
    default:
      ctx_.unsupported(ref.loc, "internal error in code generation: reference " + ir::spell(ref) +
                                    " has no resolved root (please report this with the pack)");
      return "Value()";
  }
}

std::string ExpressionEmitter::value(const ir::Value &v, const std::string &hint) {
  switch (v.kind) {
    case ir::Value::Kind::Literal:
      return literal(v.literal, hint);
    case ir::Value::Kind::Reference:
      return reference(v.ref);
    case ir::Value::Kind::Expression:
      return expression(*v.expression);
    case ir::Value::Kind::Interpolation: {
      std::string out = "wfc::interpolate({";
      for (size_t i = 0; i < v.pieces.size(); ++i) {
        if (i) out += ", ";
        if (const auto *text = std::get_if<std::string>(&v.pieces[i])) out += cppString(*text);
        else if (const auto *ref = std::get_if<ir::Reference>(&v.pieces[i])) out += reference(*ref);
        else out += expression(std::get<ir::Expression>(v.pieces[i]));
      }
      return out + "})";
    }
    // A braced list's members are four spaces in; one nested in a member starts where it is
    // written, its own members four spaces further in (clang-format's layout).
    case ir::Value::Kind::Object: {
      if (v.isConstant()) return v.members.empty() ? "Value::object({})" : ctx_.constant(v.constant(), hint);
      std::string out = "Value::object({\n";
      for (const auto &[key, member] : v.members) {
        std::string lead = "    {" + cppString(key) + ", ";
        out += lead + indentContinuation(value(member, hint + "_" + key), lead.size()) + "},\n";
      }
      return out + "})";
    }
    case ir::Value::Kind::Array: {
      if (v.isConstant()) return v.elements.empty() ? "Value::array({})" : ctx_.constant(v.constant(), hint);
      std::string out = "Value::array({\n";
      for (size_t i = 0; i < v.elements.size(); ++i)
        out += "    " + indentContinuation(value(v.elements[i], hint + "_" + std::to_string(i)), 4) + ",\n";
      return out + "})";
    }
  }
  return "Value()";
}

namespace {

// ${item_index} and ${loop.iteration} are always there inside the step that offers them: their
// `exists` is the constant true, which reads nothing at run time.
bool alwaysExists(const ir::Reference &ref) {
  return ref.root == ir::RefRoot::ItemIndex || ref.root == ir::RefRoot::LoopIteration;
}

}  // namespace

std::string ExpressionEmitter::exists(const ir::Reference &ref) {
  if (alwaysExists(ref)) return "true";
  switch (ref.root) {
    case ir::RefRoot::Input:
      return "ctx.inputExists(" + path(ref.path) + ")";
    case ir::RefRoot::StepOutput:
      return "ctx.exists(step::" + names_.steps.at(ref.step) + ", " + path(ref.path) + ")";
    case ir::RefRoot::WorkflowContext:
    case ir::RefRoot::WorkflowArtifact:
      return "ctx.workflowExists(" + workflowPath(ref) + ")";
    case ir::RefRoot::Item:
      return "ctx.itemExists(" + path(ref.path) + ")";
    case ir::RefRoot::LoopPrevious:
      return "ctx.previousExists(step::" + names_.steps.at(ref.step) + ", " + path(ref.path) + ")";
    default:
      return reference(ref);  // reports the unsupported root
  }
}

bool ExpressionEmitter::readsContext(const ir::Predicate &p) {
  switch (p.kind) {
    case ir::Predicate::Kind::Constant:
      return false;
    case ir::Predicate::Kind::Exists:
      return !alwaysExists(p.path);
    case ir::Predicate::Kind::Compare:
      return true;
    case ir::Predicate::Kind::Expression:
      return readsContext(*p.expression);
    default:
      for (const auto &operand : p.operands)
        if (readsContext(operand)) return true;
      return false;
  }
}

std::string ExpressionEmitter::predicate(const ir::Predicate &p, size_t column) {
  switch (p.kind) {
    case ir::Predicate::Kind::Compare: {
      // Its operand's constant is named after the path it is compared with: kValue_gate_mode.
      std::string operand = p.path.path.empty() || p.path.path.back().isIndex() ? "value" : p.path.path.back().key;
      std::string lhs = reference(p.path), rhs = literal(p.value, hint_ + "_" + operand);
      std::string text = cppString(ir::spell(p.path));
      switch (p.op) {
        case ir::CompareOp::Equals: return "wfc::equals(" + lhs + ", " + rhs + ")";
        case ir::CompareOp::NotEquals: return "!wfc::equals(" + lhs + ", " + rhs + ")";
        case ir::CompareOp::In: return "wfc::isIn(" + lhs + ", " + rhs + ")";
        case ir::CompareOp::NotIn: return "!wfc::isIn(" + lhs + ", " + rhs + ")";
        case ir::CompareOp::LessThan: return "wfc::lessThan(" + lhs + ", " + rhs + ", " + text + ")";
        case ir::CompareOp::LessThanOrEquals: return "wfc::lessOrEqual(" + lhs + ", " + rhs + ", " + text + ")";
        case ir::CompareOp::GreaterThan: return "wfc::greaterThan(" + lhs + ", " + rhs + ", " + text + ")";
        case ir::CompareOp::GreaterThanOrEquals:
          return "wfc::greaterOrEqual(" + lhs + ", " + rhs + ", " + text + ")";
      }
      return "false";
    }
    case ir::Predicate::Kind::Exists:
      return (p.exists ? "" : "!") + exists(p.path);
    case ir::Predicate::Kind::Not:
      return "!(" + predicate(p.operands.front(), column + 2) + ")";
    case ir::Predicate::Kind::Constant:  // folded at compile time (passes/FoldPredicates)
      return std::string(p.constant ? "true" : "false") + " /* " + p.folded + " */";
    case ir::Predicate::Kind::Expression:
      return condition(*p.expression);
    case ir::Predicate::Kind::AllOf:
    case ir::Predicate::Kind::AnyOf: {
      // One operand per line, each aligned after the opening parenthesis.
      const char *op = p.kind == ir::Predicate::Kind::AllOf ? " &&" : " ||";
      std::string out = "(";
      for (size_t i = 0; i < p.operands.size(); ++i) {
        out += predicate(p.operands[i], column + 1);
        if (i + 1 < p.operands.size()) out += std::string(op) + "\n" + std::string(column + 1, ' ');
      }
      return out + ")";
    }
  }
  return "false";
}

namespace {

const char *comparison(ir::CompareOp op) {
  switch (op) {
    case ir::CompareOp::LessThan: return "wfc::lessThan";
    case ir::CompareOp::LessThanOrEquals: return "wfc::lessOrEqual";
    case ir::CompareOp::GreaterThan: return "wfc::greaterThan";
    case ir::CompareOp::GreaterThanOrEquals: return "wfc::greaterOrEqual";
    default: return "wfc::equals";
  }
}

}  // namespace

// An expression in a boolean position (an `if`, an `until`, an operand of `&&`): comparisons and
// logic as C++ bool; any other value must be a boolean at run time (wfc::truth).
std::string ExpressionEmitter::condition(const ir::Expression &e) {
  std::string written = cppString(e.written);
  switch (e.kind) {
    case ir::Expression::Kind::Compare: {
      std::string lhs = expression(e.operands[0]), rhs = expression(e.operands[1]);
      switch (e.op) {
        case ir::CompareOp::Equals: return "wfc::equals(" + lhs + ", " + rhs + ")";
        case ir::CompareOp::NotEquals: return "!wfc::equals(" + lhs + ", " + rhs + ")";
        case ir::CompareOp::In: return "wfc::isIn(" + lhs + ", " + rhs + ")";
        case ir::CompareOp::NotIn: return "!wfc::isIn(" + lhs + ", " + rhs + ")";
        default: return std::string(comparison(e.op)) + "(" + lhs + ", " + rhs + ", " + written + ")";
      }
    }
    case ir::Expression::Kind::Not:
      return "!" + conditionOperand(e.operands.front());
    case ir::Expression::Kind::And:
    case ir::Expression::Kind::Or: {
      std::string out;
      for (size_t i = 0; i < e.operands.size(); ++i)
        out += (i ? (e.kind == ir::Expression::Kind::And ? " && " : " || ") : "") + conditionOperand(e.operands[i]);
      return out;
    }
    case ir::Expression::Kind::Literal:
      if (e.literal.is_boolean()) return e.literal.get<bool>() ? "true" : "false";
      [[fallthrough]];
    default:
      return "wfc::truth(" + expression(e) + ", " + written + ")";
  }
}

// An operand of `!`, `&&` or `||`: parenthesized when it is a chain of its own.
std::string ExpressionEmitter::conditionOperand(const ir::Expression &e) {
  bool chain = e.kind == ir::Expression::Kind::And || e.kind == ir::Expression::Kind::Or;
  return chain ? "(" + condition(e) + ")" : condition(e);
}

std::string ExpressionEmitter::expression(const ir::Expression &e) {
  std::string written = cppString(e.written);
  switch (e.kind) {
    case ir::Expression::Kind::Literal: return literal(e.literal);
    case ir::Expression::Kind::Reference: return reference(e.ref);
    case ir::Expression::Kind::Length: return "wfc::length(" + expression(e.operands.front()) + ", " + written + ")";
    case ir::Expression::Kind::Range:
      if (e.operands.size() == 1) return "wfc::range(Value::integer(0), " + expression(e.operands[0]) + ", " + written + ")";
      return "wfc::range(" + expression(e.operands[0]) + ", " + expression(e.operands[1]) + ", " + written + ")";
    case ir::Expression::Kind::Compare:
    case ir::Expression::Kind::Not:
    case ir::Expression::Kind::And:
    case ir::Expression::Kind::Or: return "Value::boolean(" + condition(e) + ")";
  }
  return "Value()";
}

bool ExpressionEmitter::readsContext(const ir::Expression &e) {
  if (e.kind == ir::Expression::Kind::Reference) return true;
  for (const auto &operand : e.operands)
    if (readsContext(operand)) return true;
  return false;
}

}  // namespace wfc::codegen

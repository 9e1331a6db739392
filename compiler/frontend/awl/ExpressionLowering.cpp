#include "frontend/awl/ExpressionLowering.h"

#include "ir/IRPrinter.h"
#include "support/DidYouMean.h"

#include <algorithm>

namespace wfc::awl {
namespace {

using Json = nlohmann::ordered_json;

// The names AWL gives a meaning of its own (docs/awl.md "Variables").
const std::vector<std::string> kBuiltins = {"item", "item_index", "env", "execution_id"};

// A shell result's and a reply's fields are kebab-case, as the seed prints them; the seed's own
// examples read them in snake_case too (`{validation.exit_code}`).
std::optional<std::string> kebab(const std::string &key) {
  if (key.find('_') == std::string::npos) return std::nullopt;
  std::string k = key;
  std::replace(k.begin(), k.end(), '_', '-');
  return k;
}

ir::Expression literal(Json value, llvm::SMLoc loc, std::string written) {
  ir::Expression e;
  e.kind = ir::Expression::Kind::Literal;
  e.literal = std::move(value);
  e.loc = loc;
  e.written = std::move(written);
  return e;
}

}  // namespace

llvm::SMLoc locateOffset(const DocNode &node, size_t offset) {
  const std::string &value = node.stringValue;
  if (!node.isString() || !node.loc.isValid() || offset > value.size()) return node.loc;
  size_t lineStart = offset == 0 ? 0 : value.rfind('\n', offset - 1);
  lineStart = lineStart == std::string::npos ? 0 : (offset == 0 ? 0 : lineStart + 1);
  size_t lineEnd = value.find('\n', lineStart);
  if (lineEnd == std::string::npos) lineEnd = value.size();
  std::string line = value.substr(lineStart, lineEnd - lineStart);
  if (!line.empty()) {
    // The line as the source writes it: the same text, found as often before as the value has it.
    size_t nth = 0;
    for (size_t from = 0, at; (at = value.find(line, from)) != std::string::npos && at < lineStart; from = at + 1) ++nth;
    llvm::SMLoc loc = locateInScalar(node, line, nth);
    if (loc.getPointer() != node.loc.getPointer() || llvm::StringRef(node.loc.getPointer()).startswith(line))
      return llvm::SMLoc::getFromPointer(loc.getPointer() + (offset - lineStart));
  }
  // Escapes or folding changed the line: look for the text from the offset on instead.
  std::string rest = value.substr(offset, std::min<size_t>(lineEnd - offset, 24));
  if (!rest.empty()) {
    llvm::SMLoc loc = locateInScalar(node, rest, 0);
    if (loc.getPointer() != node.loc.getPointer()) return loc;
  }
  // An escape right after it too (`"bash -c \"echo {x}\""`): the text up to the first character a
  // double-quoted scalar may escape, as often before as the value has it.
  std::string plain = rest.substr(0, rest.find_first_of("\"\\"));
  if (!plain.empty()) {
    size_t nth = 0;
    for (size_t from = 0, at; (at = value.find(plain, from)) != std::string::npos && at < offset; from = at + 1) ++nth;
    llvm::SMLoc loc = locateInScalar(node, plain, nth);
    if (loc.getPointer() != node.loc.getPointer()) return loc;
  }
  return node.loc;
}

void ExpressionLowering::addConstant(const std::string &name, TypedExpression value) {
  constants_.insert_or_assign(name, std::move(value));
}

void ExpressionLowering::declareCapture(const std::string &name, const AwlType &type, llvm::SMLoc loc) {
  auto [it, fresh] = captures_.emplace(name, Capture{type, loc});
  if (!fresh && it->second.type != type) it->second.type = AwlType::unknown();
}

void ExpressionLowering::declareInputs(std::map<std::string, Json> inputs, bool declared) {
  inputsDeclared_ = declared;
  for (auto &[name, schema] : inputs) {
    inputOrder_.push_back(name);
    inputs_.emplace(name, std::move(schema));
  }
}

std::vector<std::string> ExpressionLowering::knownNames() const {
  std::vector<std::string> names = kBuiltins;
  for (const auto &[n, _] : constants_) names.push_back(n);
  for (const auto &[n, _] : captures_) names.push_back(n);
  for (const auto &[n, _] : inputs_) names.push_back(n);
  return names;
}

namespace {

// The root names an expression reads ("a" of a.b[0]), operands included.
void rootNames(const ExprSyntax &e, std::vector<std::string> &out) {
  if (e.kind == ExprSyntax::Kind::Path) out.push_back(e.name);
  for (const ExprSyntax &operand : e.operands) rootNames(operand, out);
}

}  // namespace

void ExpressionLowering::warnLookalikes(const TemplateSyntax &t, const DocNode &node) {
  const std::vector<std::string> known = knownNames();
  for (const Lookalike &l : t.lookalikes) {
    std::vector<std::string> names;
    rootNames(l.expr, names);
    bool reads = std::any_of(names.begin(), names.end(), [&](const std::string &n) {
      return std::find(known.begin(), known.end(), n) != known.end();
    });
    if (!reads) continue;
    std::string inner = llvm::StringRef(l.written).drop_front().drop_back().trim().str();
    // After a quote a '(' starts the expression; after a blank, nothing needs to.
    std::string fix = inner.empty() || (inner[0] != '"' && inner[0] != '\'') ? "{" + inner + "}" : "{(" + inner + ")}";
    diags_.warning(locateOffset(node, l.offset),
                   "'" + l.written + "' is text, not an expression: a '{' followed by a space or a quote starts none "
                   "(docs/awl.md \"Expressions\"); write '" + fix + "' to interpolate it");
  }
}

ir::Value ExpressionLowering::toValue(const TypedExpression &t, llvm::SMLoc loc) {
  ir::Value v;
  v.loc = loc;
  switch (t.expr.kind) {
    case ir::Expression::Kind::Literal:
      v.kind = ir::Value::Kind::Literal;
      v.literal = t.expr.literal;
      break;
    case ir::Expression::Kind::Reference:
      v.kind = ir::Value::Kind::Reference;
      v.ref = t.expr.ref;
      break;
    default:
      v.kind = ir::Value::Kind::Expression;
      v.expression = t.expr;
      break;
  }
  return v;
}

ir::Reference ExpressionLowering::reference(ir::RefRoot root, std::string name, const ExprSyntax &e,
                                            const Where &where) const {
  ir::Reference r;
  r.root = root;
  r.name = std::move(name);
  r.path = e.path;
  r.text = e.name + ir::spellPath(e.path);
  r.written = "{" + r.text + "}";
  r.loc = at(where, e.offset);
  return r;
}

std::optional<TypedExpression> ExpressionLowering::expression(const ExprSyntax &e, const Where &where) {
  std::string written = spelled(where.text, e);
  llvm::SMLoc loc = at(where, e.offset);
  switch (e.kind) {
    case ExprSyntax::Kind::Literal: return TypedExpression{literal(e.literal, loc, written), AwlType::of(e.literal)};
    case ExprSyntax::Kind::Path: return path(e, where);
    case ExprSyntax::Kind::Call: return call(e, where);
    case ExprSyntax::Kind::Compare: return compare(e, where);
    case ExprSyntax::Kind::Not:
    case ExprSyntax::Kind::And:
    case ExprSyntax::Kind::Or: {
      ir::Expression out;
      out.kind = e.kind == ExprSyntax::Kind::Not ? ir::Expression::Kind::Not
                 : e.kind == ExprSyntax::Kind::And ? ir::Expression::Kind::And
                                                   : ir::Expression::Kind::Or;
      out.loc = loc;
      out.written = written;
      bool ok = true;
      const char *op = e.kind == ExprSyntax::Kind::Not ? "!" : e.kind == ExprSyntax::Kind::And ? "&&" : "||";
      for (const ExprSyntax &operand : e.operands) {
        std::optional<TypedExpression> t = expression(operand, where);
        if (!t) {
          ok = false;
          continue;
        }
        if (t->type.known() && t->type.kind() != AwlType::Kind::Boolean) {
          diags_.error(at(where, operand.offset), std::string("'") + op + "' takes true or false, but '" +
                                                      spelled(where.text, operand) + "' is " + t->type.describe() +
                                                      "; compare it to get a boolean (for example " +
                                                      spelled(where.text, operand) + " != 0)");
          ok = false;
        }
        out.operands.push_back(std::move(t->expr));
      }
      if (!ok) return std::nullopt;
      return TypedExpression{std::move(out), AwlType::boolean()};
    }
  }
  return std::nullopt;
}

std::optional<TypedExpression> ExpressionLowering::path(const ExprSyntax &e, const Where &where) {
  const std::string &name = e.name;
  llvm::SMLoc loc = at(where, e.offset);
  std::string written = spelled(where.text, e);
  auto simple = [&](ir::RefRoot root, std::string refName, AwlType type) {
    ir::Expression x;
    x.kind = ir::Expression::Kind::Reference;
    x.ref = reference(root, std::move(refName), e, where);
    x.loc = loc;
    x.written = written;
    return TypedExpression{std::move(x), std::move(type)};
  };

  if (name == "item" || name == "item_index") {
    if (inContext_) {
      diags_.error(loc, "'" + name + "' is not chosen yet in 'context', which also runs before the first item; read "
                        "it in the foreach's steps");
      return std::nullopt;
    }
    const std::optional<AwlType> *items = nullptr;
    for (auto it = loops_.rbegin(); it != loops_.rend() && !items; ++it)
      if (it->has_value()) items = &*it;
    if (!items) {
      diags_.error(loc, "'" + name + "' is only defined inside a foreach over 'items'");
      return std::nullopt;
    }
    if (name == "item_index") {
      if (!e.path.empty()) {
        diags_.error(at(where, e.pathOffsets.front()), "item_index is an integer; it has no fields");
        return std::nullopt;
      }
      ir::Expression x;
      x.kind = ir::Expression::Kind::Reference;
      x.ref = reference(ir::RefRoot::ItemIndex, "item_index", e, where);
      x.loc = loc;
      x.written = written;
      return TypedExpression{std::move(x), AwlType::integer()};
    }
    ExprSyntax root = e;
    root.path.clear();
    root.pathOffsets.clear();
    ir::Expression x;
    x.kind = ir::Expression::Kind::Reference;
    x.ref = reference(ir::RefRoot::Item, "item", root, where);
    x.loc = loc;
    x.written = written;
    return follow(TypedExpression{std::move(x), **items}, e, where);
  }
  if (name == "env") {
    if (e.path.size() != 1 || e.path.front().isIndex()) {
      diags_.error(loc, "write an environment variable as {env.NAME}");
      return std::nullopt;
    }
    TypedExpression t = simple(ir::RefRoot::Env, e.path.front().key, AwlType::string());
    t.expr.ref.path.clear();
    return t;
  }
  if (name == "execution_id") {
    if (!e.path.empty()) {
      diags_.error(at(where, e.pathOffsets.front()), "execution_id is the run's id, a string; it has no fields");
      return std::nullopt;
    }
    return simple(ir::RefRoot::RunId, "execution_id", AwlType::string());
  }
  if (auto it = constants_.find(name); it != constants_.end()) {
    TypedExpression value = it->second;
    value.expr.loc = loc;
    value.expr.written = written;
    return follow(std::move(value), e, where);
  }
  if (auto it = captures_.find(name); it != captures_.end()) {
    if (!flow_.maybe.count(name)) {
      diags_.error(loc, "variable '" + name + "' is used before any action captures it")
          .note(it->second.loc, "'" + name + "' is captured here");
      return std::nullopt;
    }
    if (!flow_.definitely.count(name))
      diags_.warning(loc, "variable '" + name + "' may not be captured yet here (an action captures it only on some "
                          "paths to this point, or in an earlier iteration); if it is not, the run fails (exit 1)");
    ExprSyntax root = e;
    root.path.clear();
    root.pathOffsets.clear();
    ir::Expression x;
    x.kind = ir::Expression::Kind::Reference;
    x.ref = reference(ir::RefRoot::Variable, name, root, where);
    x.loc = loc;
    x.written = written;
    return follow(TypedExpression{std::move(x), it->second.type}, e, where);
  }
  // Anything else is a field of the run's input.
  if (!inputs_.count(name)) {
    if (inputsDeclared_) {
      std::string suffix = didYouMeanSuffix(name, knownNames());
      diags_.error(loc, "unknown variable '" + name + "'" +
                            (suffix.empty() ? "; declare it under 'inputs', set it under 'variables' or capture it "
                                              "with an action"
                                            : suffix));
      return std::nullopt;
    }
    inputs_.emplace(name, Json::object());
    inputOrder_.push_back(name);
  }
  // The seed's executor provides `worktree` and `ts_id` (its built-in variables): the run's input
  // carries them, without a warning.
  if (!inputsDeclared_ && name != "worktree" && name != "ts_id" && warned_.insert(name).second) {
    std::string suffix = didYouMeanSuffix(name, knownNames());
    diags_.warning(loc, "variable '" + name + "' is not set by the workflow, so the run reads it from its input" +
                            (suffix.empty() ? " (declare it under 'inputs' to say so)"
                                            : " (declare it under 'inputs' to say so)" + suffix));
  }
  ExprSyntax asInput = e;
  ir::Expression x;
  x.kind = ir::Expression::Kind::Reference;
  x.ref = reference(ir::RefRoot::Input, "input", asInput, where);
  x.ref.path.insert(x.ref.path.begin(), ir::PathElement{name, std::nullopt});
  x.ref.text = "input." + name + ir::spellPath(e.path);
  x.loc = loc;
  x.written = written;
  return TypedExpression{std::move(x), AwlType::unknown()};
}

std::optional<TypedExpression> ExpressionLowering::follow(TypedExpression base, const ExprSyntax &e, const Where &where) {
  std::string walked = e.name;
  for (size_t i = 0; i < e.path.size(); ++i) {
    ir::PathElement step = e.path[i];
    llvm::SMLoc loc = at(where, e.pathOffsets[i]);
    std::string shown = step.isIndex() ? "[" + std::to_string(*step.index) + "]" : "." + step.key;
    // A constant: follow it now.
    if (base.expr.kind == ir::Expression::Kind::Literal) {
      const Json &v = base.expr.literal;
      const Json *next = nullptr;
      if (step.isIndex() && v.is_array() && *step.index < v.size()) next = &v[*step.index];
      if (!step.isIndex() && v.is_object() && v.contains(step.key)) next = &v[step.key];
      if (!next) {
        std::vector<std::string> keys;
        if (v.is_object())
          for (auto it = v.begin(); it != v.end(); ++it) keys.push_back(it.key());
        diags_.error(loc, "'" + walked + "' is " + AwlType::of(v).describe() + " without " +
                              (step.isIndex() ? "item " + std::to_string(*step.index) : "a field '" + step.key + "'") +
                              (step.isIndex() ? "" : didYouMeanSuffix(step.key, keys)));
        return std::nullopt;
      }
      Json inner = *next;  // a copy first: `next` points into the literal it replaces
      base.type = AwlType::of(inner);
      base.expr.literal = std::move(inner);
      walked += shown;
      continue;
    }
    if (base.expr.kind != ir::Expression::Kind::Reference) {
      diags_.error(loc, "cannot read " + shown + " of '" + walked + "', which is computed; only variables have fields");
      return std::nullopt;
    }
    const AwlType &t = base.type;
    AwlType next = AwlType::unknown();
    if (step.isIndex()) {
      if (t.known() && t.kind() != AwlType::Kind::Array) {
        diags_.error(loc, "'" + walked + "' is " + t.describe() + "; only a list has items");
        return std::nullopt;
      }
      next = t.element();
    } else if (t.known()) {
      if (t.kind() != AwlType::Kind::Object) {
        diags_.error(loc, "'" + walked + "' is " + t.describe() + "; it has no field '" + step.key + "'");
        return std::nullopt;
      }
      const AwlType *field = t.field(step.key);
      if (!field)
        if (std::optional<std::string> k = kebab(step.key); k && (field = t.field(*k))) step.key = *k;
      if (!field) {
        std::vector<std::string> keys;
        for (const auto &[k, _] : t.fields()) keys.push_back(k);
        std::string suffix = didYouMeanSuffix(step.key, keys);
        diags_.error(loc, "'" + walked + "' is " + t.describe() + ", which has no field '" + step.key + "'" +
                              (suffix.empty() ? "; it has " + quotedList(keys, "and") : suffix));
        return std::nullopt;
      }
      next = *field;
    }
    base.expr.ref.path.push_back(step);
    base.type = next;
    walked += shown;
  }
  if (base.expr.kind == ir::Expression::Kind::Reference) {
    // The reference as the IR spells it, with the fields as the run reads them.
    ir::Reference &r = base.expr.ref;
    if (r.root == ir::RefRoot::Variable || r.root == ir::RefRoot::Item) r.text = r.name + ir::spellPath(r.path);
    if (r.root == ir::RefRoot::Input) r.text = "input" + ir::spellPath(r.path);
    r.written = "{" + walked + "}";  // as the author wrote it (exit_code, not exit-code)
  }
  return base;
}

std::optional<TypedExpression> ExpressionLowering::call(const ExprSyntax &e, const Where &where) {
  llvm::SMLoc loc = at(where, e.offset);
  std::string written = spelled(where.text, e);
  bool isLen = e.name == "len", isRange = e.name == "range";
  if (!isLen && !isRange) {
    diags_.error(loc, "unknown function '" + e.name + "'; AWL has len(x) and range(a, b)" +
                          didYouMeanSuffix(e.name, {"len", "range"}));
    return std::nullopt;
  }
  if ((isLen && e.operands.size() != 1) || (isRange && (e.operands.empty() || e.operands.size() > 2))) {
    diags_.error(loc, isLen ? "len() takes one value: len(x)" : "range() takes one or two integers: range(end) or range(start, end)");
    return std::nullopt;
  }
  ir::Expression out;
  out.kind = isLen ? ir::Expression::Kind::Length : ir::Expression::Kind::Range;
  out.loc = loc;
  out.written = written;
  bool ok = true;
  for (const ExprSyntax &a : e.operands) {
    std::optional<TypedExpression> t = expression(a, where);
    if (!t) {
      ok = false;
      continue;
    }
    const AwlType &ty = t->type;
    if (isLen && ty.known() && ty.kind() != AwlType::Kind::Array && ty.kind() != AwlType::Kind::Object &&
        ty.kind() != AwlType::Kind::String) {
      diags_.error(at(where, a.offset), "len() takes a list, an object or a string, but '" + spelled(where.text, a) +
                                            "' is " + ty.describe());
      ok = false;
    }
    if (isRange && ty.known() && ty.kind() != AwlType::Kind::Integer) {
      diags_.error(at(where, a.offset), "range() takes integers, but '" + spelled(where.text, a) + "' is " + ty.describe());
      ok = false;
    }
    out.operands.push_back(std::move(t->expr));
  }
  if (!ok) return std::nullopt;
  return TypedExpression{std::move(out), isLen ? AwlType::integer() : AwlType::array(AwlType::integer())};
}

std::optional<TypedExpression> ExpressionLowering::compare(const ExprSyntax &e, const Where &where) {
  std::optional<TypedExpression> lhs = expression(e.operands[0], where);
  std::optional<TypedExpression> rhs = expression(e.operands[1], where);
  if (!lhs || !rhs) return std::nullopt;
  ir::Expression out;
  out.kind = ir::Expression::Kind::Compare;
  out.loc = at(where, e.offset);
  out.written = spelled(where.text, e);
  const std::string &op = e.op;
  out.op = op == "==" ? ir::CompareOp::Equals
           : op == "!=" ? ir::CompareOp::NotEquals
           : op == "<"  ? ir::CompareOp::LessThan
           : op == "<=" ? ir::CompareOp::LessThanOrEquals
           : op == ">"  ? ir::CompareOp::GreaterThan
                        : ir::CompareOp::GreaterThanOrEquals;
  const AwlType &a = lhs->type, &b = rhs->type;
  bool ordering = op != "==" && op != "!=";
  if (ordering) {
    for (const auto *side : {&e.operands[0], &e.operands[1]}) {
      const AwlType &t = side == &e.operands[0] ? a : b;
      if (t.known() && !t.isNumber() && t.kind() != AwlType::Kind::String) {
        diags_.error(at(where, side->offset), "'" + op + "' orders numbers or strings, but '" +
                                                  spelled(where.text, *side) + "' is " + t.describe());
        return std::nullopt;
      }
    }
  }
  if (!a.comparableWith(b)) {
    diags_.error(out.loc, "'" + out.written + "' compares " + a.describe() + " with " + b.describe() + ", which " +
                              (ordering ? "cannot be ordered" : std::string("is always ") + (op == "==" ? "false" : "true")));
    return std::nullopt;
  }
  out.operands.push_back(std::move(lhs->expr));
  out.operands.push_back(std::move(rhs->expr));
  return TypedExpression{std::move(out), AwlType::boolean()};
}

std::optional<ir::Value> ExpressionLowering::text(const Where &where) {
  auto parsed = parseTemplate(where.text);
  if (auto *error = std::get_if<SyntaxError>(&parsed)) {
    diags_.error(at(where, error->offset), error->message);
    return std::nullopt;
  }
  const TemplateSyntax &t = std::get<TemplateSyntax>(parsed);
  warnLookalikes(t, *where.node);
  llvm::SMLoc loc = where.node->loc;
  if (t.whole()) {
    const Interpolated &piece = std::get<Interpolated>(t.pieces.front());
    std::optional<TypedExpression> e = expression(piece.expr, where);
    if (!e) return std::nullopt;
    e->expr.written = piece.written;
    return toValue(*e, loc);
  }
  ir::Value v;
  v.loc = loc;
  v.kind = ir::Value::Kind::Interpolation;
  bool ok = true, dynamic = false;
  std::string literal;
  for (const auto &piece : t.pieces) {
    if (const auto *text = std::get_if<std::string>(&piece)) {
      literal += *text;
      continue;
    }
    const Interpolated &in = std::get<Interpolated>(piece);
    std::optional<TypedExpression> e = expression(in.expr, where);
    if (!e) {
      ok = false;
      continue;
    }
    if (e->expr.kind == ir::Expression::Kind::Literal) {  // a constant: folded into the text
      literal += e->expr.literal.is_string() ? e->expr.literal.get<std::string>() : e->expr.literal.dump();
      continue;
    }
    if (!literal.empty()) v.pieces.emplace_back(std::move(literal));
    literal.clear();
    dynamic = true;
    e->expr.written = in.written;
    if (e->expr.kind == ir::Expression::Kind::Reference) {
      e->expr.ref.written = in.written;
      v.pieces.emplace_back(std::move(e->expr.ref));
    } else {
      v.pieces.emplace_back(std::move(e->expr));
    }
  }
  if (!ok) return std::nullopt;
  if (!dynamic) {
    ir::Value lit;
    lit.loc = loc;
    lit.literal = literal;
    return lit;
  }
  if (!literal.empty()) v.pieces.emplace_back(std::move(literal));
  return v;
}

std::optional<TypedExpression> ExpressionLowering::field(const Where &where) {
  auto parsed = parseExpressionField(where.text);
  if (auto *error = std::get_if<SyntaxError>(&parsed)) {
    diags_.error(at(where, error->offset), error->message);
    return std::nullopt;
  }
  std::optional<TypedExpression> e = expression(std::get<ExprSyntax>(parsed), where);
  if (e) e->expr.written = where.text.str();
  return e;
}

std::optional<ir::Predicate> ExpressionLowering::condition(const Where &where, const char *fieldName) {
  std::optional<TypedExpression> e = field(where);
  if (!e) return std::nullopt;
  if (e->type.known() && e->type.kind() != AwlType::Kind::Boolean) {
    diags_.error(where.node->loc, std::string("'") + fieldName + "' must be true or false, but '" + where.text.str() +
                                      "' is " + e->type.describe() + "; compare it, as in {x == 0}");
    return std::nullopt;
  }
  ir::Predicate p;
  p.kind = ir::Predicate::Kind::Expression;
  p.loc = where.node->loc;
  p.expression = std::move(e->expr);
  return p;
}

std::optional<ir::Value> ExpressionLowering::data(const DocNode &node) {
  ir::Value v;
  v.loc = node.loc;
  switch (node.kind) {
    case DocNode::Kind::String: return text({&node, node.stringValue});
    case DocNode::Kind::Mapping: {
      v.kind = ir::Value::Kind::Object;
      bool ok = true;
      for (const DocEntry &e : node.entries) {
        std::optional<ir::Value> member = data(*e.value);
        if (!member) ok = false;
        else v.members.push_back({e.key, std::move(*member)});
      }
      if (!ok) return std::nullopt;
      return v;
    }
    case DocNode::Kind::Sequence: {
      v.kind = ir::Value::Kind::Array;
      bool ok = true;
      for (const DocNode *item : node.items) {
        std::optional<ir::Value> element = data(*item);
        if (!element) ok = false;
        else v.elements.push_back(std::move(*element));
      }
      if (!ok) return std::nullopt;
      return v;
    }
    default:
      v.literal = toJson(node);
      return v;
  }
}

}  // namespace wfc::awl

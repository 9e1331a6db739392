// Values (step inputs, tool arguments, items, targets) and predicates: `${…}` references parsed
// into IR references with their locations, everything else kept as JSON literals. What the
// references point at is for sema to resolve.
#include "frontend/promptpack/Lowering.h"

#include "frontend/promptpack/ReferenceSyntax.h"

namespace wfc::promptpack {
namespace {

std::optional<ir::CompareOp> parseOp(llvm::StringRef op) {
  for (ir::CompareOp o : {ir::CompareOp::Equals, ir::CompareOp::NotEquals, ir::CompareOp::In, ir::CompareOp::NotIn,
                          ir::CompareOp::LessThan, ir::CompareOp::LessThanOrEquals, ir::CompareOp::GreaterThan,
                          ir::CompareOp::GreaterThanOrEquals})
    if (op == ir::spell(o)) return o;
  return std::nullopt;
}

}  // namespace

ir::Value Lowering::lowerValue(const DocNode &node, llvm::SMLoc keyLoc) {
  ir::Value v;
  // A block mapping starts at its first key, a line below the key that holds it; point at
  // that key instead, where the author reads the collection as starting.
  v.loc = node.isScalar() || !keyLoc.isValid() ? node.loc : keyLoc;
  if (node.isMapping()) {
    v.kind = ir::Value::Kind::Object;
    for (const DocEntry &e : node.entries) v.members.push_back({e.key, lowerValue(*e.value, e.keyLoc)});
    return v;
  }
  if (node.isSequence()) {
    v.kind = ir::Value::Kind::Array;
    for (const DocNode *item : node.items) v.elements.push_back(lowerValue(*item));
    return v;
  }
  if (!node.isString()) {
    v.literal = toJson(node);
    return v;
  }
  auto parsed = parseStringSyntax(node.stringValue);
  if (auto *err = std::get_if<SyntaxError>(&parsed)) {
    diags_.error(locateInScalar(node, err->needle, occurrenceAt(node.stringValue, err->needle, err->offset)), err->message);
    v.literal = node.stringValue;
    return v;
  }
  StringSyntax &syntax = std::get<StringSyntax>(parsed);
  auto toReference = [&](const RawReference &raw, size_t nth) {
    ir::Reference r;
    r.name = raw.root;
    r.path = raw.path;
    r.text = raw.text;
    r.loc = locateInScalar(node, "${" + raw.text + "}", nth);
    return r;
  };
  if (syntax.wholeReference()) {
    v.kind = ir::Value::Kind::Reference;
    v.ref = toReference(std::get<RawReference>(syntax.pieces[0]), 0);
    return v;
  }
  if (!syntax.hasReferences()) {
    v.literal = syntax.pieces.empty() ? std::string() : std::get<std::string>(syntax.pieces[0]);
    return v;
  }
  v.kind = ir::Value::Kind::Interpolation;
  std::map<std::string, size_t> seen;
  for (auto &piece : syntax.pieces) {
    if (auto *text = std::get_if<std::string>(&piece)) {
      v.pieces.emplace_back(*text);
    } else {
      const RawReference &raw = std::get<RawReference>(piece);
      v.pieces.emplace_back(toReference(raw, seen[raw.text]++));
    }
  }
  return v;
}

ir::Predicate Lowering::lowerPredicate(const PredicateDecl &decl) {
  ir::Predicate p;
  p.loc = decl.loc;
  if (decl.allOf) {
    p.kind = ir::Predicate::Kind::AllOf;
    for (const PredicateDecl &op : decl.allOf.value) p.operands.push_back(lowerPredicate(op));
    return p;
  }
  if (decl.anyOf) {
    p.kind = ir::Predicate::Kind::AnyOf;
    for (const PredicateDecl &op : decl.anyOf.value) p.operands.push_back(lowerPredicate(op));
    return p;
  }
  if (decl.hasNot) {
    p.kind = ir::Predicate::Kind::Not;
    p.operands.push_back(decl.notOperand.empty() ? ir::Predicate{} : lowerPredicate(decl.notOperand.front()));
    return p;
  }
  if (decl.exists) {
    p.kind = ir::Predicate::Kind::Exists;
    p.exists = *decl.exists;
  } else {
    p.kind = ir::Predicate::Kind::Compare;
    if (auto op = parseOp(*decl.op)) p.op = *op;
    if (decl.value) {
      p.value = toJson(*decl.value.node);
      p.valueLoc = decl.value.node->loc;
      for (const DocNode *item : decl.value.node->items) p.valueItemLocs.push_back(item->loc);
    }
  }
  if (decl.path) {
    ir::Value v = lowerValue(*decl.path.node);
    if (v.kind == ir::Value::Kind::Reference) {
      p.path = v.ref;
    } else if (v.literal.is_string() || v.kind == ir::Value::Kind::Interpolation) {
      diags_.error(decl.path.loc(), "a predicate's 'path' must be exactly one ${…} reference, such as "
                                    "\"${classify.output.type}\"");
    }
  }
  return p;
}

}  // namespace wfc::promptpack

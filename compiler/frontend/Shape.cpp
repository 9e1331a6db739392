#include "frontend/Shape.h"

#include "support/DidYouMean.h"

#include <cmath>

namespace wfc {

std::vector<std::string> Shape::fieldNames() const {
  std::vector<std::string> names;
  for (const Field &f : fields) names.push_back(f.name);
  return names;
}

std::string describeShapeType(const Shape &shape) {
  switch (shape.type) {
    case Shape::Type::Any: return "any value";
    case Shape::Type::String: return "a string";
    case Shape::Type::Integer: return "an integer";
    case Shape::Type::Number: return "a number";
    case Shape::Type::Boolean: return "a boolean (true or false)";
    case Shape::Type::Object:
    case Shape::Type::Map: return "a mapping";
    case Shape::Type::Array: return "a list";
    case Shape::Type::Union: return "a " + shape.what;
  }
  return "a value";
}

static bool typeMatches(const DocNode &node, Shape::Type type) {
  switch (type) {
    case Shape::Type::Any:
    case Shape::Type::Union: return true;
    case Shape::Type::String: return node.isString();
    case Shape::Type::Integer: return node.isInt();
    case Shape::Type::Number: return node.isNumber();
    case Shape::Type::Boolean: return node.isBool();
    case Shape::Type::Object:
    case Shape::Type::Map: return node.isMapping();
    case Shape::Type::Array: return node.isSequence();
  }
  return false;
}

static std::string scalarText(const DocNode &node) {
  switch (node.kind) {
    case DocNode::Kind::String: return node.stringValue;
    case DocNode::Kind::Int: return std::to_string(node.intValue);
    case DocNode::Kind::Bool: return node.boolValue ? "true" : "false";
    default: return "";
  }
}

// "'tools'" + 0 → "'tools[0]'".
static std::string itemName(const std::string &name, size_t index) {
  std::string suffix = "[" + std::to_string(index) + "]";
  if (name.size() >= 2 && name.back() == '\'') return name.substr(0, name.size() - 1) + suffix + "'";
  return name + suffix;
}

void ShapeChecker::check(const DocNode &node, const Shape &shape, const std::string &name,
                         const std::string &label, llvm::SMLoc keyLoc) {
  llvm::SMLoc at = keyLoc.isValid() ? keyLoc : node.loc;
  if (node.invalid) return;  // the loader already reported it
  if (!shape.unsupported.empty()) {
    diags_.error(node.loc, shape.unsupported);
    return;
  }
  if (shape.type == Shape::Type::Union) {
    if (const Shape *chosen = shape.choose(node, diags_))
      check(node, *chosen, name, label, keyLoc);
    return;
  }
  if (!typeMatches(node, shape.type)) {
    std::string found = describeKind(node.kind).str();
    if (node.isString() && !node.stringValue.empty() && node.stringValue.size() < 40)
      found += " ('" + node.stringValue + "')";
    std::string hint;
    if (shape.type == Shape::Type::Integer && node.isString() &&
        !node.stringValue.empty() &&
        node.stringValue.find_first_not_of("+-0123456789") == std::string::npos)
      hint = "; remove the quotes";
    else if (shape.type == Shape::Type::Boolean && node.isString())
      hint = "; YAML 1.2 booleans are only true and false";
    diags_.error(node.loc, name + " must be " + describeShapeType(shape) + ", not " + found + hint);
    return;
  }
  switch (shape.type) {
    case Shape::Type::String:
    case Shape::Type::Integer:
    case Shape::Type::Number: {
      if (!shape.enumValues.empty()) {
        std::string text = scalarText(node);
        bool ok = false;
        for (const std::string &v : shape.enumValues) ok |= v == text;
        if (!ok) {
          std::string suffix = didYouMeanSuffix(text, shape.enumValues);
          diags_.error(node.loc, "'" + text + "' is not a valid " + name +
                                     (suffix.empty() ? "; expected " + quotedList(shape.enumValues)
                                                     : suffix));
        }
      }
      if (shape.pattern && node.isString() && !shape.pattern->match(node.stringValue))
        diags_.error(node.loc, "'" + node.stringValue + "' is not a valid " + name + ": " +
                                   shape.patternHint);
      if (node.isNumber()) {
        double v = node.asDouble();
        auto num = [](double d) {
          return d == std::floor(d) && std::fabs(d) < 1e15 ? std::to_string(static_cast<long long>(d))
                                                           : std::to_string(d);
        };
        if (shape.minimum && v < *shape.minimum)
          diags_.error(node.loc, name + " must be at least " + num(*shape.minimum));
        if (shape.maximum && v > *shape.maximum)
          diags_.error(node.loc, name + " must be at most " + num(*shape.maximum));
      }
      return;
    }
    case Shape::Type::Array: {
      if (node.items.size() < shape.minCount)
        diags_.error(at, name + " must have at least " + std::to_string(shape.minCount) +
                                   (shape.minCount == 1 ? " item" : " items"));
      if (shape.element)
        for (size_t i = 0; i < node.items.size(); ++i)
          check(*node.items[i], *shape.element, itemName(name, i));
      return;
    }
    case Shape::Type::Map: {
      if (node.entries.size() < shape.minCount)
        diags_.error(at, name + " must have at least " + std::to_string(shape.minCount) +
                                   (shape.minCount == 1 ? " entry" : " entries"));
      if (shape.element)
        for (const DocEntry &e : node.entries)
          check(*e.value, *shape.element, "'" + e.key + "'", "'" + e.key + "'", e.keyLoc);
      return;
    }
    case Shape::Type::Object:
      checkObject(node, shape, label, at);
      return;
    default:
      return;
  }
}

void ShapeChecker::checkObject(const DocNode &node, const Shape &shape, const std::string &label,
                               llvm::SMLoc at) {
  std::vector<std::string> known = shape.fieldNames();
  // "step 'classify'", "composition 'main'", or just "step" for one without a name.
  std::string who = shape.what;
  if (const DocNode *id = node.get("id"); id && id->isString() && !id->stringValue.empty())
    who += " '" + id->stringValue + "'";
  else if (!label.empty())
    who += " " + label;
  for (const DocEntry &e : node.entries) {
    const Field *field = nullptr;
    for (const Field &f : shape.fields)
      if (f.name == e.key) field = &f;
    if (field) {
      check(*e.value, *field->shape, "'" + e.key + "'", "", e.keyLoc);
      continue;
    }
    if (shape.open) continue;
    if (shape.lenient) {
      // A producer's own field is unlike any known one; one a few edits from a known field is
      // that field misspelled, and ignoring it would drop what it says — `dependncies` would
      // remove a workflow's gate — so it is an error (docs/registry.md "Unknown fields").
      std::string suffix = didYouMeanSuffix(e.key, known);
      if (!suffix.empty()) {
        diags_.error(e.keyLoc, "unknown field '" + e.key + "' in " + who + suffix +
                                   " (a field this close to a known one is taken for a misspelling, not ignored)");
        continue;
      }
      diags_.warning(e.keyLoc, "unknown field '" + e.key + "' in " + who + " is ignored");
      continue;
    }
    diags_.error(e.keyLoc, "unknown field '" + e.key + "' in " + who +
                               didYouMeanSuffix(e.key, known));
  }
  for (const Field &f : shape.fields)
    if (f.required && !node.find(f.name))
      diags_.error(at, who + " is missing required field '" + f.name + "'");
}

}  // namespace wfc

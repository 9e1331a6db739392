#include "sema/ValueType.h"

#include "support/DidYouMean.h"

#include <llvm/Support/Regex.h>

namespace wfc::sema {

std::string jsonTypeName(const nlohmann::ordered_json &j) {
  using V = nlohmann::ordered_json::value_t;
  switch (j.type()) {
    case V::null: return "null";
    case V::boolean: return "boolean";
    case V::number_integer:
    case V::number_unsigned: return "integer";
    case V::number_float: {
      double d = j.get<double>();
      return d == static_cast<double>(static_cast<long long>(d)) ? "integer" : "number";
    }
    case V::string: return "string";
    case V::array: return "array";
    default: return "object";
  }
}

bool JsonTypes::allowsValue(const nlohmann::ordered_json &value) const {
  if (any()) return true;
  std::string t = jsonTypeName(value);
  return types.count(t) || (t == "integer" && types.count("number"));
}

bool JsonTypes::allows(const std::string &t) const {
  if (any()) return true;
  if (types.count(t)) return true;
  if (t == "integer" && types.count("number")) return true;
  if (t == "number" && types.count("integer")) return true;  // 3.0 is an integer in JSON Schema
  return false;
}

std::string JsonTypes::describe() const {
  if (any()) return "any value";
  std::vector<std::string> names;
  for (const std::string &t : types)
    names.push_back((t == "integer" || t == "array" || t == "object" ? "an " : "a ") + t);
  if (names.size() == 1) return names[0];
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) out += (i ? (i + 1 == names.size() ? " or " : ", ") : "") + names[i];
  return out;
}

SchemaNode TypeNavigator::deref(SchemaNode s, bool *cycle) {
  std::set<const DocNode *> seen;
  while (s.node && s.node->isMapping()) {
    const DocNode *ref = s.node->get("$ref");
    if (!ref || !ref->isString()) break;
    if (!seen.insert(s.node).second) {
      if (cycle) *cycle = true;
      return {};
    }
    llvm::StringRef text = ref->stringValue;
    auto [file, fragment] = text.split('#');
    const Document *doc = s.doc;
    const DocNode *base = s.localRoot;
    if (!file.empty()) {
      if (file.contains("://")) return {};
      // Already loaded (and diagnosed) by the schema resolver: this is a cache hit.
      doc = loader_.load(SourceFiles::resolveRelative(s.doc->path(), file));
      if (!doc) return {};
      base = nullptr;
    }
    const DocNode *target = base ? resolvePointerFrom(*base, fragment) : doc->resolvePointer(fragment);
    if (!target) return {};
    s = {doc, target, base};
  }
  return s;
}

static void collectTypes(const DocNode &schema, JsonTypes &out) {
  if (const DocNode *t = schema.get("type")) {
    if (t->isString()) out.types.insert(t->stringValue);
    for (const DocNode *item : t->items)
      if (item->isString()) out.types.insert(item->stringValue);
  }
}

JsonTypes TypeNavigator::jsonTypes(const ValueType &type) {
  JsonTypes out;
  switch (type.kind()) {
    case ValueType::Kind::Unknown: return out;
    case ValueType::Kind::Object: out.types = {"object"}; return out;
    case ValueType::Kind::Array: out.types = {"array"}; return out;
    case ValueType::Kind::String: out.types = {"string"}; return out;
    case ValueType::Kind::Number: out.types = {"number"}; return out;
    case ValueType::Kind::Boolean: out.types = {"boolean"}; return out;
    case ValueType::Kind::Enum:
      for (const auto &v : type.values()) out.types.insert(jsonTypeName(v));
      out.enumValues = type.values();
      return out;
    case ValueType::Kind::Schema: break;
  }
  SchemaNode s = deref(type.schemaNode());
  if (!s.node || !s.node->isMapping()) return out;
  collectTypes(*s.node, out);
  if (const DocNode *e = s.node->get("enum"); e && e->isSequence()) {
    out.enumValues.emplace();
    for (const DocNode *item : e->items) out.enumValues->push_back(toJson(*item));
  }
  if (const DocNode *c = s.node->get("const")) out.enumValues = std::vector<nlohmann::ordered_json>{toJson(*c)};
  if (out.types.empty()) {
    // No `type`: infer from the keywords that only make sense for one type.
    if (s.node->find("properties") || s.node->find("required")) out.types.insert("object");
    else if (s.node->find("items")) out.types.insert("array");
  }
  return out;
}

TypeNavigator::Step TypeNavigator::step(const ValueType &type, const ir::PathElement &element) {
  switch (type.kind()) {
    case ValueType::Kind::Unknown: return {ValueType::unknown(), ""};
    case ValueType::Kind::String:
    case ValueType::Kind::Number:
    case ValueType::Kind::Boolean:
    case ValueType::Kind::Enum: {
      const char *what = type.kind() == ValueType::Kind::String ? "a string"
                         : type.kind() == ValueType::Kind::Number ? "a number"
                         : type.kind() == ValueType::Kind::Boolean ? "a boolean" : "a scalar";
      return {std::nullopt, std::string("the value is ") + what + ", which has no " +
                                (element.isIndex() ? "elements" : "field '" + element.key + "'")};
    }
    case ValueType::Kind::Array:
      if (!element.isIndex())
        return {std::nullopt, "the value is a list; index it with [n], not '." + element.key + "'"};
      return {type.element(), ""};
    case ValueType::Kind::Object: {
      if (element.isIndex()) return {std::nullopt, "the value is an object; it has no elements"};
      std::vector<std::string> names;
      for (const auto &[name, t] : type.fields()) {
        if (name == element.key) return {t, ""};
        names.push_back(name);
      }
      return {std::nullopt, "it has no field '" + element.key + "'" + didYouMeanSuffix(element.key, names) +
                                (names.empty() ? "" : " (fields: " + quotedList(names, "and") + ")")};
    }
    case ValueType::Kind::Schema: break;
  }
  SchemaNode s = deref(type.schemaNode());
  if (!s.node) return {ValueType::unknown(), ""};
  if (s.node->isBool()) return {s.node->boolValue ? ValueType::unknown() : std::optional<ValueType>(), s.node->boolValue ? "" : "the schema is 'false'"};
  if (element.isIndex()) return item(s, *element.index);
  return member(s, element.key, 0);
}

TypeNavigator::Step TypeNavigator::member(const SchemaNode &s, const std::string &key, unsigned depth) {
  const DocNode &n = *s.node;
  JsonTypes types;
  collectTypes(n, types);
  if (!types.any() && !types.allows("object"))
    return {std::nullopt, "the schema says the value is " + types.describe() + ", which has no field '" + key + "'"};
  if (const DocNode *props = n.get("properties"); props && props->isMapping())
    if (const DocNode *p = props->get(key)) return {ValueType::schema({s.doc, p, s.localRoot}), ""};
  // Subschemas that may declare the field: combinator branches (allOf: every branch applies;
  // anyOf/oneOf: one does), conditional ones (if/then/else) and property dependencies —
  // a field declared in any of them can be there.
  std::vector<const DocNode *> sub;
  for (const char *comb : {"allOf", "anyOf", "oneOf"})
    if (const DocNode *list = n.get(comb); list && list->isSequence())
      sub.insert(sub.end(), list->items.begin(), list->items.end());
  for (const char *cond : {"then", "else"})
    if (const DocNode *branch = n.get(cond)) sub.push_back(branch);
  if (const DocNode *deps = n.get("dependencies"); deps && deps->isMapping())
    for (const DocEntry &e : deps->entries)
      if (e.value->isMapping()) sub.push_back(e.value);
  bool open = false;
  for (const DocNode *branch : sub) {
    if (depth > 16) break;
    SchemaNode b = deref({s.doc, branch, s.localRoot});
    if (!b.node || !b.node->isMapping()) {
      open = true;
      continue;
    }
    Step r = member(b, key, depth + 1);
    if (r.type) return r;
  }
  if (const DocNode *patterns = n.get("patternProperties"); patterns && patterns->isMapping()) {
    for (const DocEntry &e : patterns->entries) {
      llvm::Regex re(e.key);
      if (!re.isValid() || re.match(key)) return {ValueType::schema({s.doc, e.value, s.localRoot}), ""};
    }
  }
  if (const DocNode *extra = n.get("additionalProperties")) {
    if (extra->isMapping()) return {ValueType::schema({s.doc, extra, s.localRoot}), ""};
    if (extra->isBool() && extra->boolValue) return {ValueType::unknown(), ""};
  } else if (n.find("patternProperties")) {
    return {ValueType::unknown(), ""};
  }
  const DocNode *props = n.get("properties");
  bool declaresFields = props && props->isMapping() && !props->entries.empty();
  if (!declaresFields || open) {
    // Nothing is declared: the schema does not constrain fields, so any path may exist.
    if (!n.find("additionalProperties")) return {ValueType::unknown(), ""};
  }
  std::vector<std::string> names;
  if (props && props->isMapping())
    for (const DocEntry &e : props->entries) names.push_back(e.key);
  std::string suffix = didYouMeanSuffix(key, names);
  if (suffix.empty() && !names.empty()) suffix = " (properties: " + quotedList(names, "and") + ")";
  return {std::nullopt, "the schema has no property '" + key + "'" + suffix, suffix};
}

TypeNavigator::Step TypeNavigator::item(const SchemaNode &s, size_t index) {
  const DocNode &n = *s.node;
  JsonTypes types;
  collectTypes(n, types);
  if (!types.any() && !types.allows("array"))
    return {std::nullopt, "the schema says the value is " + types.describe() + ", which has no elements"};
  const DocNode *items = n.get("items");
  if (items && items->isSequence()) {  // draft-07 tuple
    if (index < items->items.size()) return {ValueType::schema({s.doc, items->items[index], s.localRoot}), ""};
    return {ValueType::unknown(), ""};
  }
  if (items && (items->isMapping() || items->isBool())) return {ValueType::schema({s.doc, items, s.localRoot}), ""};
  return {ValueType::unknown(), ""};
}

}  // namespace wfc::sema

#include "sema/ValueType.h"

#include "support/DidYouMean.h"

#include <llvm/Support/Regex.h>

namespace wfc::sema {

std::string jsonTypeName(const ir::Json &j) {
  using V = ir::Json::value_t;
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

bool JsonTypes::allowsValue(const ir::Json &value) const {
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
  for (const std::string &t : types) names.push_back((t == "integer" || t == "array" || t == "object" ? "an " : "a ") + t);
  if (names.size() == 1) return names[0];
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) out += (i ? (i + 1 == names.size() ? " or " : ", ") : "") + names[i];
  return out;
}

namespace {

const ir::Json *get(const ir::Json &object, const char *key) {
  if (!object.is_object()) return nullptr;
  auto it = object.find(key);
  return it == object.end() ? nullptr : &*it;
}

void collectTypes(const ir::Json &schema, JsonTypes &out) {
  if (const ir::Json *t = get(schema, "type")) {
    if (t->is_string()) out.types.insert(t->get<std::string>());
    if (t->is_array())
      for (const ir::Json &item : *t)
        if (item.is_string()) out.types.insert(item.get<std::string>());
  }
}

}  // namespace

SchemaJson TypeNavigator::deref(SchemaJson s) {
  std::set<const ir::Json *> seen;
  while (s.node && s.node->is_object()) {
    const ir::Json *ref = get(*s.node, "$ref");
    if (!ref || !ref->is_string()) break;
    if (!seen.insert(s.node).second || !s.root) return {};
    const std::string &text = ref->get_ref<const std::string &>();
    // Schemas in the IR are bundled: only `#/…` into the schema itself is left (a tool's
    // parameters keep theirs, since providers receive them as written).
    if (text.empty() || text[0] != '#') return {};
    try {
      ir::Json::json_pointer pointer(text.substr(1));
      if (!s.root->contains(pointer)) return {};
      s.node = &s.root->at(pointer);
    } catch (const ir::Json::exception &) {
      return {};
    }
  }
  return s;
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
  SchemaJson s = deref(type.schemaNode());
  if (!s.node || !s.node->is_object()) return out;
  const ir::Json &n = *s.node;
  collectTypes(n, out);
  if (const ir::Json *e = get(n, "enum"); e && e->is_array()) out.enumValues = std::vector<ir::Json>(e->begin(), e->end());
  if (const ir::Json *c = get(n, "const")) out.enumValues = std::vector<ir::Json>{*c};
  if (out.types.empty()) {
    // No `type`: infer from the keywords that only make sense for one type.
    if (n.contains("properties") || n.contains("required")) out.types.insert("object");
    else if (n.contains("items")) out.types.insert("array");
  }
  return out;
}

std::vector<std::string> TypeNavigator::requiredFields(const ValueType &type) {
  std::vector<std::string> out;
  if (type.kind() != ValueType::Kind::Schema) return out;
  SchemaJson s = deref(type.schemaNode());
  if (!s.node) return out;
  if (const ir::Json *required = get(*s.node, "required"); required && required->is_array())
    for (const ir::Json &name : *required)
      if (name.is_string()) out.push_back(name.get<std::string>());
  return out;
}

std::optional<std::vector<std::string>> TypeNavigator::closedProperties(const ValueType &type) {
  if (type.kind() != ValueType::Kind::Schema) return std::nullopt;
  SchemaJson s = deref(type.schemaNode());
  if (!s.node) return std::nullopt;
  const ir::Json *extra = get(*s.node, "additionalProperties");
  const ir::Json *props = get(*s.node, "properties");
  if (!extra || !extra->is_boolean() || extra->get<bool>() || !props || !props->is_object()) return std::nullopt;
  std::vector<std::string> keys;
  for (auto it = props->begin(); it != props->end(); ++it) keys.push_back(it.key());
  return keys;
}

TypeNavigator::Step TypeNavigator::step(const ValueType &type, const ir::PathElement &element) {
  switch (type.kind()) {
    case ValueType::Kind::Unknown: return {ValueType::unknown(), ""};
    case ValueType::Kind::String:
    case ValueType::Kind::Number:
    case ValueType::Kind::Boolean:
    case ValueType::Kind::Enum: {
      const char *what = type.kind() == ValueType::Kind::String    ? "a string"
                         : type.kind() == ValueType::Kind::Number  ? "a number"
                         : type.kind() == ValueType::Kind::Boolean ? "a boolean"
                                                                   : "a scalar";
      return {std::nullopt, std::string("the value is ") + what + ", which has no " +
                                (element.isIndex() ? "elements" : "field '" + element.key + "'")};
    }
    case ValueType::Kind::Array:
      if (!element.isIndex()) return {std::nullopt, "the value is a list; index it with [n], not '." + element.key + "'"};
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
  SchemaJson s = deref(type.schemaNode());
  if (!s.node) return {ValueType::unknown(), ""};
  if (s.node->is_boolean())
    return {s.node->get<bool>() ? ValueType::unknown() : std::optional<ValueType>(),
            s.node->get<bool>() ? "" : "the schema is 'false'"};
  if (element.isIndex()) return item(s, *element.index);
  return member(s, element.key, 0);
}

TypeNavigator::Step TypeNavigator::member(const SchemaJson &s, const std::string &key, unsigned depth) {
  const ir::Json &n = *s.node;
  JsonTypes types;
  collectTypes(n, types);
  if (!types.any() && !types.allows("object"))
    return {std::nullopt, "the schema says the value is " + types.describe() + ", which has no field '" + key + "'"};
  const ir::Json *props = get(n, "properties");
  if (props && props->is_object())
    if (const ir::Json *p = get(*props, key.c_str())) return {ValueType::schema({p, s.root}), ""};
  // Subschemas that may declare the field: combinator branches (allOf: every branch applies;
  // anyOf/oneOf: one does), conditional ones (if/then/else) and property dependencies —
  // a field declared in any of them can be there.
  std::vector<const ir::Json *> sub;
  for (const char *comb : {"allOf", "anyOf", "oneOf"})
    if (const ir::Json *list = get(n, comb); list && list->is_array())
      for (const ir::Json &branch : *list) sub.push_back(&branch);
  for (const char *cond : {"then", "else"})
    if (const ir::Json *branch = get(n, cond)) sub.push_back(branch);
  if (const ir::Json *deps = get(n, "dependencies"); deps && deps->is_object())
    for (const ir::Json &dep : *deps)
      if (dep.is_object()) sub.push_back(&dep);
  bool open = false;
  for (const ir::Json *branch : sub) {
    if (depth > 16) break;
    SchemaJson b = deref({branch, s.root});
    if (!b.node || !b.node->is_object()) {
      open = true;
      continue;
    }
    Step r = member(b, key, depth + 1);
    if (r.type) return r;
  }
  if (const ir::Json *patterns = get(n, "patternProperties"); patterns && patterns->is_object()) {
    for (auto it = patterns->begin(); it != patterns->end(); ++it) {
      llvm::Regex re(it.key());
      if (!re.isValid() || re.match(key)) return {ValueType::schema({&it.value(), s.root}), ""};
    }
  }
  if (const ir::Json *extra = get(n, "additionalProperties")) {
    if (extra->is_object()) return {ValueType::schema({extra, s.root}), ""};
    if (extra->is_boolean() && extra->get<bool>()) return {ValueType::unknown(), ""};
  } else if (n.contains("patternProperties")) {
    return {ValueType::unknown(), ""};
  }
  bool declaresFields = props && props->is_object() && !props->empty();
  if (!declaresFields || open) {
    // Nothing is declared: the schema does not constrain fields, so any path may exist.
    if (!n.contains("additionalProperties")) return {ValueType::unknown(), ""};
  }
  std::vector<std::string> names;
  if (props && props->is_object())
    for (auto it = props->begin(); it != props->end(); ++it) names.push_back(it.key());
  std::string suffix = didYouMeanSuffix(key, names);
  if (suffix.empty() && !names.empty()) suffix = " (properties: " + quotedList(names, "and") + ")";
  return {std::nullopt, "the schema has no property '" + key + "'" + suffix, suffix};
}

TypeNavigator::Step TypeNavigator::item(const SchemaJson &s, size_t index) {
  const ir::Json &n = *s.node;
  JsonTypes types;
  collectTypes(n, types);
  if (!types.any() && !types.allows("array"))
    return {std::nullopt, "the schema says the value is " + types.describe() + ", which has no elements"};
  const ir::Json *items = get(n, "items");
  if (items && items->is_array()) {  // draft-07 tuple
    if (index < items->size()) return {ValueType::schema({&(*items)[index], s.root}), ""};
    return {ValueType::unknown(), ""};
  }
  if (items && (items->is_object() || items->is_boolean())) return {ValueType::schema({items, s.root}), ""};
  return {ValueType::unknown(), ""};
}

}  // namespace wfc::sema

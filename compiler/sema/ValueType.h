// What sema knows about the value a reference reaches, so paths and predicates can be checked
// before anything runs.
//
// A type is a JSON Schema (a node of a schema in the IR — bundled, so self-contained, or a
// tool's parameters, whose `#/…` refers to the parameters themselves), a shape wfc itself
// defines (a branch's `{taken}`, a parallel's `{<into>: …}`, a judge's `{score, rationale}`, a
// prompt's reply string), or Unknown (a tool's result): unknown types accept every path.
#pragma once

#include "ir/Step.h"

#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace wfc::sema {

// A node of a JSON Schema in the IR, and the document `#/…` refers to.
struct SchemaJson {
  const ir::Json *node = nullptr;
  const ir::Json *root = nullptr;
};

class ValueType {
 public:
  enum class Kind { Unknown, Schema, Object, Array, String, Number, Boolean, Enum };

  static ValueType unknown() { return ValueType(Kind::Unknown); }
  static ValueType string() { return ValueType(Kind::String); }
  static ValueType number() { return ValueType(Kind::Number); }
  static ValueType boolean() { return ValueType(Kind::Boolean); }
  static ValueType schema(SchemaJson s) {
    ValueType t(Kind::Schema);
    t.schema_ = s;
    return t;
  }
  // The type a whole schema gives (its own root for `#/…`), or Unknown without one.
  static ValueType of(const std::optional<ir::Schema> &s) {
    return s ? schema({&s->json, &s->json}) : unknown();
  }
  static ValueType object(std::vector<std::pair<std::string, ValueType>> fields) {
    ValueType t(Kind::Object);
    t.fields_ = std::make_shared<std::vector<std::pair<std::string, ValueType>>>(std::move(fields));
    return t;
  }
  // One of a fixed set of JSON values (a branch's `taken`: "then", "else" or null).
  static ValueType enumeration(std::vector<ir::Json> values) {
    ValueType t(Kind::Enum);
    t.values_ = std::make_shared<std::vector<ir::Json>>(std::move(values));
    return t;
  }
  static ValueType array(ValueType element) {
    ValueType t(Kind::Array);
    t.element_ = std::make_shared<ValueType>(std::move(element));
    return t;
  }

  Kind kind() const { return kind_; }
  bool isUnknown() const { return kind_ == Kind::Unknown; }
  const SchemaJson &schemaNode() const { return schema_; }
  const std::vector<std::pair<std::string, ValueType>> &fields() const { return *fields_; }
  const ValueType &element() const { return *element_; }
  const std::vector<ir::Json> &values() const { return *values_; }

 private:
  explicit ValueType(Kind k) : kind_(k) {}
  Kind kind_;
  SchemaJson schema_;
  std::shared_ptr<std::vector<std::pair<std::string, ValueType>>> fields_;
  std::shared_ptr<ValueType> element_;
  std::shared_ptr<std::vector<ir::Json>> values_;
};

// The JSON Schema type name of a value: "null", "boolean", "integer" (also 2.0), "number",
// "string", "array" or "object".
std::string jsonTypeName(const ir::Json &value);

// The JSON types a value of some type may have ("string", "integer", …); empty: any.
struct JsonTypes {
  std::set<std::string> types;
  std::optional<std::vector<ir::Json>> enumValues;  // from `enum` / `const`
  bool any() const { return types.empty(); }
  // Whether a value of this JSON type may occur (integer and number overlap: every integer is
  // a number) — for comparing two types, such as a reference's with a parameter's.
  bool allows(const std::string &jsonType) const;
  // Whether this exact value's type fits: 1.5 does not fit an integer.
  bool allowsValue(const ir::Json &value) const;
  std::string describe() const;  // "a string", "a number or null"
};

class TypeNavigator {
 public:
  struct Step {
    std::optional<ValueType> type;  // the type reached; empty on error
    std::string error;              // why the path does not exist
    std::string suggestion = {};    // for a missing field: "; did you mean 'x'?" or the field list
  };

  // One path element down from `type`.
  Step step(const ValueType &type, const ir::PathElement &element);
  JsonTypes jsonTypes(const ValueType &type);
  // The names in a schema's `required` (after following `$ref`s), for missing-field checks.
  std::vector<std::string> requiredFields(const ValueType &type);
  // The properties a closed object schema (`additionalProperties: false`) declares; nullopt
  // when its keys are not all known.
  std::optional<std::vector<std::string>> closedProperties(const ValueType &type);

  // Follows local `$ref`s ("#/…" against the schema's root) to the schema node itself. Null
  // when a reference does not resolve or the chain comes back to itself.
  static SchemaJson deref(SchemaJson s);

 private:
  Step member(const SchemaJson &s, const std::string &key, unsigned depth);
  Step item(const SchemaJson &s, size_t index);
};

}  // namespace wfc::sema

// What sema knows about the value a reference reaches, so paths and predicates can be checked
// before anything runs.
//
// A type is a JSON Schema (a node in a located schema document, read lazily), a shape wfc
// itself defines (a branch's `{taken}`, a parallel's `{<into>: …}`, a judge's
// `{score, rationale}`, a prompt's reply string), or Unknown (a tool's result): unknown types
// accept every path.
#pragma once

#include "frontend/DocumentLoader.h"
#include "ir/Reference.h"

#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace wfc::sema {

struct SchemaNode {
  const Document *doc = nullptr;
  const DocNode *node = nullptr;
  // What `#/…` refers to: the document's root, or for a schema embedded in the pack that is
  // sent on as a whole (a tool's `parameters`) that schema itself.
  const DocNode *localRoot = nullptr;
};

class ValueType {
 public:
  enum class Kind { Unknown, Schema, Object, Array, String, Number, Boolean, Enum };

  static ValueType unknown() { return ValueType(Kind::Unknown); }
  static ValueType string() { return ValueType(Kind::String); }
  static ValueType number() { return ValueType(Kind::Number); }
  static ValueType boolean() { return ValueType(Kind::Boolean); }
  static ValueType schema(SchemaNode s) {
    ValueType t(Kind::Schema);
    t.schema_ = s;
    return t;
  }
  static ValueType object(std::vector<std::pair<std::string, ValueType>> fields) {
    ValueType t(Kind::Object);
    t.fields_ = std::make_shared<std::vector<std::pair<std::string, ValueType>>>(std::move(fields));
    return t;
  }
  // One of a fixed set of JSON values (a branch's `taken`: "then", "else" or null).
  static ValueType enumeration(std::vector<nlohmann::ordered_json> values) {
    ValueType t(Kind::Enum);
    t.values_ = std::make_shared<std::vector<nlohmann::ordered_json>>(std::move(values));
    return t;
  }
  static ValueType array(ValueType element) {
    ValueType t(Kind::Array);
    t.element_ = std::make_shared<ValueType>(std::move(element));
    return t;
  }

  Kind kind() const { return kind_; }
  bool isUnknown() const { return kind_ == Kind::Unknown; }
  const SchemaNode &schemaNode() const { return schema_; }
  const std::vector<std::pair<std::string, ValueType>> &fields() const { return *fields_; }
  const ValueType &element() const { return *element_; }
  const std::vector<nlohmann::ordered_json> &values() const { return *values_; }

 private:
  explicit ValueType(Kind k) : kind_(k) {}
  Kind kind_;
  SchemaNode schema_;
  std::shared_ptr<std::vector<std::pair<std::string, ValueType>>> fields_;
  std::shared_ptr<ValueType> element_;
  std::shared_ptr<std::vector<nlohmann::ordered_json>> values_;
};

// The JSON Schema type name of a value: "null", "boolean", "integer" (also 2.0), "number",
// "string", "array" or "object".
std::string jsonTypeName(const nlohmann::ordered_json &value);

// The JSON types a value of some type may have ("string", "integer", …); empty: any.
struct JsonTypes {
  std::set<std::string> types;
  std::optional<std::vector<nlohmann::ordered_json>> enumValues;  // from `enum` / `const`
  bool any() const { return types.empty(); }
  // Whether a value of this JSON type may occur (integer and number overlap: every integer is
  // a number) — for comparing two types, such as a reference's with a parameter's.
  bool allows(const std::string &jsonType) const;
  // Whether this exact value's type fits: 1.5 does not fit an integer.
  bool allowsValue(const nlohmann::ordered_json &value) const;
  std::string describe() const;  // "a string", "a number or null"
};

class TypeNavigator {
 public:
  explicit TypeNavigator(DocumentLoader &loader) : loader_(loader) {}

  struct Step {
    std::optional<ValueType> type;  // the type reached; empty on error
    std::string error;              // why the path does not exist
    std::string suggestion = {};    // for a missing field: "; did you mean 'x'?" or the field list
  };

  // One path element down from `type`.
  Step step(const ValueType &type, const ir::PathElement &element);
  JsonTypes jsonTypes(const ValueType &type);

  // Follows `$ref`s (local and to other files) to the schema node itself. Null when a
  // reference does not resolve (the reader has reported it already) or when the chain of
  // `$ref`s comes back to itself — then `*cycle`, if given, is set.
  SchemaNode deref(SchemaNode s, bool *cycle = nullptr);

 private:
  Step member(const SchemaNode &s, const std::string &key, unsigned depth);
  Step item(const SchemaNode &s, size_t index);
  DocumentLoader &loader_;
};

}  // namespace wfc::sema

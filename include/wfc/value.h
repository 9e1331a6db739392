// wfc::Value — the JSON values a compiled workflow passes between steps.
//
// Immutable and cheap to copy (a shared pointer to an nlohmann::ordered_json), so step outputs
// can be shared by every step that reads them, across threads, without copying. This header
// includes only nlohmann's forward declarations; include <nlohmann/json.hpp> as well to use
// json() in a native tool.
#pragma once

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace wfc {

// One step of a path into a value: a key, or an index into an array.
struct PathStep {
  std::string key;
  int64_t index = -1;  // >= 0: an array index
  PathStep(const char *k) : key(k) {}  // NOLINT: paths are written as {"a", 0, "b"}
  PathStep(std::string k) : key(std::move(k)) {}  // NOLINT
  PathStep(int i) : index(i) {}  // NOLINT
};

class Value {
 public:
  enum class Type { Null, Boolean, Integer, Number, String, Array, Object };

  Value();  // null
  static Value boolean(bool b);
  static Value integer(int64_t i);
  static Value number(double d);
  static Value string(std::string_view s);
  static Value array(std::vector<Value> items);
  static Value object(std::vector<std::pair<std::string, Value>> members);  // in this order
  // Parses JSON text; throws wfc::Error (kind InvalidJson) with the position of the problem.
  static Value parse(std::string_view json);
  static Value fromJson(nlohmann::ordered_json json);

  Type type() const;
  bool isNull() const { return type() == Type::Null; }
  bool isString() const { return type() == Type::String; }
  bool isObject() const { return type() == Type::Object; }
  bool isArray() const { return type() == Type::Array; }
  bool isNumber() const { return type() == Type::Integer || type() == Type::Number; }

  bool asBool() const;           // throws wfc::Error unless a boolean
  int64_t asInteger() const;     // throws unless an integer (2.0 counts)
  double asNumber() const;       // throws unless a number
  const std::string &asString() const;  // throws unless a string

  size_t size() const;  // array items or object members; 0 for scalars
  // Member or element; nullopt when absent (or when this is not an object / array).
  std::optional<Value> get(std::string_view key) const;
  std::optional<Value> at(size_t index) const;
  // Follows a path; nullopt as soon as a step is missing.
  std::optional<Value> find(const std::vector<PathStep> &path) const;
  std::vector<std::string> keys() const;  // object keys in order

  // Compact JSON (one line); `indent` >= 0 pretty-prints.
  std::string dump(int indent = -1) const;
  // Text for interpolation into a string: strings raw, everything else as compact JSON.
  std::string toText() const;

  // JSON deep equality, with 1 == 1.0 (docs/semantics.md "Predicates").
  friend bool operator==(const Value &a, const Value &b);
  friend bool operator!=(const Value &a, const Value &b) { return !(a == b); }

  const nlohmann::ordered_json &json() const { return *json_; }

 private:
  explicit Value(std::shared_ptr<const nlohmann::ordered_json> json) : json_(std::move(json)) {}
  std::shared_ptr<const nlohmann::ordered_json> json_;
};

}  // namespace wfc

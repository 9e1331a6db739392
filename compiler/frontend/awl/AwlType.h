// What the AWL lowering knows of a value's type (docs/awl.md "Types"): enough to reject, at
// compile time, a comparison that is always false, a field a shell result does not have, `len`
// of a number — and to say nothing where the type is not known (a model's parsed JSON, an input).
#pragma once

#include <nlohmann/json.hpp>

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace wfc::awl {

class AwlType {
 public:
  enum class Kind { Unknown, Null, Boolean, Integer, Number, String, Array, Object };

  AwlType() = default;  // unknown
  static AwlType unknown() { return AwlType(Kind::Unknown); }
  static AwlType null() { return AwlType(Kind::Null); }
  static AwlType boolean() { return AwlType(Kind::Boolean); }
  static AwlType integer() { return AwlType(Kind::Integer); }
  static AwlType number() { return AwlType(Kind::Number); }
  static AwlType string() { return AwlType(Kind::String); }
  static AwlType array(AwlType element);
  // A closed object: exactly these fields. `name` says what it is in messages ("a shell result").
  static AwlType record(std::vector<std::pair<std::string, AwlType>> fields, std::string name = "");
  // The type of a JSON constant (objects closed, arrays of their first element's type when all agree).
  static AwlType of(const nlohmann::ordered_json &value);

  // What each action gives: docs/awl.md "Actions".
  static AwlType shellResult();
  static AwlType replyObject();

  Kind kind() const { return kind_; }
  bool known() const { return kind_ != Kind::Unknown; }
  bool isNumber() const { return kind_ == Kind::Integer || kind_ == Kind::Number; }
  const AwlType &element() const;  // Array
  const std::vector<std::pair<std::string, AwlType>> &fields() const { return fields_; }
  const AwlType *field(const std::string &name) const;
  // "an integer", "a list of strings", "a shell result"…
  std::string describe() const;
  // Kinds that compare as one: integers and numbers.
  bool comparableWith(const AwlType &other) const;

  friend bool operator==(const AwlType &a, const AwlType &b);
  friend bool operator!=(const AwlType &a, const AwlType &b) { return !(a == b); }

 private:
  explicit AwlType(Kind kind) : kind_(kind) {}
  Kind kind_ = Kind::Unknown;
  std::shared_ptr<const AwlType> element_;
  std::vector<std::pair<std::string, AwlType>> fields_;
  std::string name_;
};

}  // namespace wfc::awl

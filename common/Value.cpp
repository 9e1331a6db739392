#include "wfc/value.h"

#include "common/JsonReader.h"

#include "wfc/error.h"

#include <nlohmann/json.hpp>

namespace wfc {

using Json = nlohmann::ordered_json;

namespace {
const std::shared_ptr<const Json> &nullJson() {
  static const auto null = std::make_shared<const Json>(nullptr);
  return null;
}
std::string typeName(const Json &j) {
  switch (j.type()) {
    case Json::value_t::null: return "null";
    case Json::value_t::boolean: return "a boolean";
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned: return "an integer";
    case Json::value_t::number_float: return "a number";
    case Json::value_t::string: return "a string";
    case Json::value_t::array: return "an array";
    default: return "an object";
  }
}
[[noreturn]] void wrongType(const Json &j, const char *wanted) {
  throw Error(ErrorKind::StepFailed, std::string("expected ") + wanted + ", found " + typeName(j));
}
}  // namespace

Value::Value() : json_(nullJson()) {}
Value Value::boolean(bool b) { return Value(std::make_shared<const Json>(b)); }
Value Value::integer(int64_t i) { return Value(std::make_shared<const Json>(i)); }
Value Value::number(double d) { return Value(std::make_shared<const Json>(d)); }
Value Value::string(std::string_view s) { return Value(std::make_shared<const Json>(std::string(s))); }
Value Value::fromJson(Json json) { return Value(std::make_shared<const Json>(std::move(json))); }

Value Value::array(std::vector<Value> items) {
  Json a = Json::array();
  for (const Value &v : items) a.push_back(v.json());
  return fromJson(std::move(a));
}

Value Value::object(std::vector<std::pair<std::string, Value>> members) {
  Json o = Json::object();
  for (auto &[k, v] : members) o[k] = v.json();
  return fromJson(std::move(o));
}

Value Value::parse(std::string_view text) { return fromJson(readJson(text)); }

Value::Type Value::type() const {
  switch (json_->type()) {
    case Json::value_t::null: return Type::Null;
    case Json::value_t::boolean: return Type::Boolean;
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned: return Type::Integer;
    case Json::value_t::number_float: return Type::Number;
    case Json::value_t::string: return Type::String;
    case Json::value_t::array: return Type::Array;
    default: return Type::Object;
  }
}

bool Value::asBool() const {
  if (!json_->is_boolean()) wrongType(*json_, "a boolean");
  return json_->get<bool>();
}

int64_t Value::asInteger() const {
  if (json_->is_number_integer()) return json_->get<int64_t>();
  if (json_->is_number_float()) {
    double d = json_->get<double>();
    if (d == static_cast<double>(static_cast<int64_t>(d))) return static_cast<int64_t>(d);
  }
  wrongType(*json_, "an integer");
}

double Value::asNumber() const {
  if (!json_->is_number()) wrongType(*json_, "a number");
  return json_->get<double>();
}

const std::string &Value::asString() const {
  if (!json_->is_string()) wrongType(*json_, "a string");
  return json_->get_ref<const std::string &>();
}

size_t Value::size() const { return json_->is_array() || json_->is_object() ? json_->size() : 0; }

std::optional<Value> Value::get(std::string_view key) const {
  if (!json_->is_object()) return std::nullopt;
  auto it = json_->find(std::string(key));
  if (it == json_->end()) return std::nullopt;
  // Shares the parent: the member lives as long as the returned Value does.
  return Value(std::shared_ptr<const Json>(json_, &*it));
}

std::optional<Value> Value::at(size_t index) const {
  if (!json_->is_array() || index >= json_->size()) return std::nullopt;
  return Value(std::shared_ptr<const Json>(json_, &(*json_)[index]));
}

std::optional<Value> Value::find(const std::vector<PathStep> &path) const {
  Value v = *this;
  for (const PathStep &step : path) {
    std::optional<Value> next = step.index >= 0 ? v.at(static_cast<size_t>(step.index)) : v.get(step.key);
    if (!next) return std::nullopt;
    v = *next;
  }
  return v;
}

std::vector<std::string> Value::keys() const {
  std::vector<std::string> out;
  if (json_->is_object())
    for (auto it = json_->begin(); it != json_->end(); ++it) out.push_back(it.key());
  return out;
}

std::string Value::dump(int indent) const {
  return json_->dump(indent, ' ', false, Json::error_handler_t::replace);
}

std::string Value::toText() const { return json_->is_string() ? json_->get<std::string>() : dump(); }

static bool deepEqual(const Json &a, const Json &b) {
  if (a.is_number() && b.is_number()) {
    if (a.is_number_float() || b.is_number_float()) return a.get<double>() == b.get<double>();
    return a == b;
  }
  if (a.type() != b.type()) return false;
  if (a.is_array()) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
      if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  if (a.is_object()) {
    if (a.size() != b.size()) return false;
    for (auto it = a.begin(); it != a.end(); ++it) {
      auto other = b.find(it.key());
      if (other == b.end() || !deepEqual(*it, *other)) return false;
    }
    return true;
  }
  return a == b;
}

bool operator==(const Value &a, const Value &b) { return a.json_ == b.json_ || deepEqual(*a.json_, *b.json_); }

}  // namespace wfc

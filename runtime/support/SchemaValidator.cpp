// Draft-07 validation on valijson. Three pieces of our own around it:
//  1. OrderedJsonAdapter: valijson's nlohmann adapter is written for nlohmann::json only, and
//     wfc::Value holds an ordered_json; this adapter reads ordered_json in place (no copy per call).
//  2. Member specialisations of valijson::ValidationVisitor<OrderedJsonAdapter> for the keywords
//     whose stock error text does not say what was expected (type, enum, const, pattern, minimum,
//     maximum, anyOf, oneOf, propertyNames, `false` schemas), that behave wrongly for draft-07
//     (1.0 is an integer; "format" applies to strings only), that stop at the first problem
//     (allOf, additionalProperties) or that compile regular expressions on every call
//     (patternProperties, format). The rest of valijson (the schema parser, $ref resolution, the
//     other keywords) is used as is.
//  3. Message formatting: valijson's context becomes a JSON pointer, its descriptions become short
//     lowercase messages, and the offending value is appended, abbreviated.
#include "support/SchemaValidator.h"

#include "wfc/error.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

// Without this valijson reports a bad schema (an unresolvable $ref …) by printing to stderr and
// calling abort(). Only this file includes valijson.
#ifndef VALIJSON_USE_EXCEPTIONS
#define VALIJSON_USE_EXCEPTIONS 1
#endif
#include <valijson/adapters/std_string_adapter.hpp>
#include <valijson/internal/adapter.hpp>
#include <valijson/internal/basic_adapter.hpp>
#include <valijson/internal/frozen_value.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validation_results.hpp>
#include <valijson/validation_visitor.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include "common/Pattern.h"

#include <regex>
#include <set>
#include <unordered_map>
#include <utility>

namespace wfc {
namespace {

using Json = nlohmann::ordered_json;

// ---------------------------------------------------------------------------------------------
// 1. A valijson adapter over nlohmann::ordered_json (modelled on valijson's NlohmannJsonAdapter).

class OrderedJsonAdapter;
class OrderedJsonArrayIterator;
class OrderedJsonObjectIterator;
using OrderedJsonObjectMember = std::pair<std::string, OrderedJsonAdapter>;

const Json &emptyArray() {
  static const Json array = Json::array();
  return array;
}
const Json &emptyObject() {
  static const Json object = Json::object();
  return object;
}

class OrderedJsonArray {
 public:
  using const_iterator = OrderedJsonArrayIterator;
  using iterator = OrderedJsonArrayIterator;
  OrderedJsonArray() : value_(&emptyArray()) {}
  explicit OrderedJsonArray(const Json &value) : value_(&value) {
    if (!value.is_array()) valijson::throwRuntimeError("Value is not an array.");
  }
  OrderedJsonArrayIterator begin() const;
  OrderedJsonArrayIterator end() const;
  size_t size() const { return value_->size(); }

 private:
  const Json *value_;
};

class OrderedJsonObject {
 public:
  using const_iterator = OrderedJsonObjectIterator;
  using iterator = OrderedJsonObjectIterator;
  OrderedJsonObject() : value_(&emptyObject()) {}
  explicit OrderedJsonObject(const Json &value) : value_(&value) {
    if (!value.is_object()) valijson::throwRuntimeError("Value is not an object.");
  }
  OrderedJsonObjectIterator begin() const;
  OrderedJsonObjectIterator end() const;
  OrderedJsonObjectIterator find(const std::string &propertyName) const;
  size_t size() const { return value_->size(); }

 private:
  const Json *value_;
};

// Enum and const values are frozen copies of the schema's JSON; the messages print them.
class OrderedJsonFrozenValue : public valijson::adapters::FrozenValue {
 public:
  explicit OrderedJsonFrozenValue(Json value) : value_(std::move(value)) {}
  FrozenValue *clone() const override { return new OrderedJsonFrozenValue(value_); }
  bool equalTo(const valijson::adapters::Adapter &other, bool strict) const override;
  const Json &json() const { return value_; }

 private:
  Json value_;
};

class OrderedJsonValue {
 public:
  OrderedJsonValue() : value_(&emptyObject()) {}
  explicit OrderedJsonValue(const Json &value) : value_(&value) {}

  valijson::adapters::FrozenValue *freeze() const { return new OrderedJsonFrozenValue(*value_); }

  ::opt::optional<OrderedJsonArray> getArrayOptional() const {
    if (value_->is_array()) return ::opt::make_optional(OrderedJsonArray(*value_));
    return {};
  }
  bool getArraySize(size_t &result) const {
    if (!value_->is_array()) return false;
    result = value_->size();
    return true;
  }
  bool getBool(bool &result) const {
    if (!value_->is_boolean()) return false;
    result = value_->get<bool>();
    return true;
  }
  bool getDouble(double &result) const {
    if (!value_->is_number_float()) return false;
    result = value_->get<double>();
    return true;
  }
  bool getInteger(int64_t &result) const {
    if (value_->is_number_unsigned()) {
      auto u = value_->get<uint64_t>();
      result = u > uint64_t(std::numeric_limits<int64_t>::max()) ? std::numeric_limits<int64_t>::max() : int64_t(u);
      return true;
    }
    if (!value_->is_number_integer()) return false;
    result = value_->get<int64_t>();
    return true;
  }
  ::opt::optional<OrderedJsonObject> getObjectOptional() const {
    if (value_->is_object()) return ::opt::make_optional(OrderedJsonObject(*value_));
    return {};
  }
  bool getObjectSize(size_t &result) const {
    if (!value_->is_object()) return false;
    result = value_->size();
    return true;
  }
  bool getString(std::string &result) const {
    if (!value_->is_string()) return false;
    result = value_->get_ref<const std::string &>();
    return true;
  }
  static bool hasStrictTypes() { return true; }
  bool isArray() const { return value_->is_array(); }
  bool isBool() const { return value_->is_boolean(); }
  bool isDouble() const { return value_->is_number_float(); }
  bool isInteger() const { return value_->is_number_integer(); }
  bool isNull() const { return value_->is_null(); }
  bool isNumber() const { return value_->is_number(); }
  bool isObject() const { return value_->is_object(); }
  bool isString() const { return value_->is_string(); }

 private:
  const Json *value_;
};

class OrderedJsonAdapter : public valijson::adapters::BasicAdapter<OrderedJsonAdapter, OrderedJsonArray,
                                                                   OrderedJsonObjectMember, OrderedJsonObject,
                                                                   OrderedJsonValue> {
 public:
  OrderedJsonAdapter() : BasicAdapter() {}
  OrderedJsonAdapter(const Json &value) : BasicAdapter(OrderedJsonValue{value}) {}  // NOLINT: as valijson's
};

class OrderedJsonArrayIterator {
 public:
  using iterator_category = std::bidirectional_iterator_tag;
  using value_type = OrderedJsonAdapter;
  using difference_type = OrderedJsonAdapter;
  using pointer = OrderedJsonAdapter *;
  using reference = OrderedJsonAdapter &;

  OrderedJsonArrayIterator(const Json::const_iterator &it) : it_(it) {}  // NOLINT: as valijson's
  OrderedJsonAdapter operator*() const { return OrderedJsonAdapter(*it_); }
  valijson::adapters::DerefProxy<OrderedJsonAdapter> operator->() const {
    return valijson::adapters::DerefProxy<OrderedJsonAdapter>(**this);
  }
  bool operator==(const OrderedJsonArrayIterator &other) const { return it_ == other.it_; }
  bool operator!=(const OrderedJsonArrayIterator &other) const { return !(it_ == other.it_); }
  const OrderedJsonArrayIterator &operator++() {
    ++it_;
    return *this;
  }
  OrderedJsonArrayIterator operator++(int) {
    OrderedJsonArrayIterator before(it_);
    ++it_;
    return before;
  }
  const OrderedJsonArrayIterator &operator--() {
    --it_;
    return *this;
  }
  void advance(std::ptrdiff_t n) { it_ += n; }

 private:
  Json::const_iterator it_;
};

class OrderedJsonObjectIterator {
 public:
  using iterator_category = std::bidirectional_iterator_tag;
  using value_type = OrderedJsonObjectMember;
  using difference_type = OrderedJsonObjectMember;
  using pointer = OrderedJsonObjectMember *;
  using reference = OrderedJsonObjectMember &;

  OrderedJsonObjectIterator(const Json::const_iterator &it) : it_(it) {}  // NOLINT: as valijson's
  OrderedJsonObjectMember operator*() const { return OrderedJsonObjectMember(it_.key(), it_.value()); }
  valijson::adapters::DerefProxy<OrderedJsonObjectMember> operator->() const {
    return valijson::adapters::DerefProxy<OrderedJsonObjectMember>(**this);
  }
  bool operator==(const OrderedJsonObjectIterator &other) const { return it_ == other.it_; }
  bool operator!=(const OrderedJsonObjectIterator &other) const { return !(it_ == other.it_); }
  const OrderedJsonObjectIterator &operator++() {
    ++it_;
    return *this;
  }
  OrderedJsonObjectIterator operator++(int) {
    OrderedJsonObjectIterator before(it_);
    ++it_;
    return before;
  }
  const OrderedJsonObjectIterator &operator--() {
    --it_;
    return *this;
  }

 private:
  Json::const_iterator it_;
};

bool OrderedJsonFrozenValue::equalTo(const valijson::adapters::Adapter &other, bool strict) const {
  return OrderedJsonAdapter(value_).equalTo(other, strict);
}
OrderedJsonArrayIterator OrderedJsonArray::begin() const { return value_->begin(); }
OrderedJsonArrayIterator OrderedJsonArray::end() const { return value_->end(); }
OrderedJsonObjectIterator OrderedJsonObject::begin() const { return value_->begin(); }
OrderedJsonObjectIterator OrderedJsonObject::end() const { return value_->end(); }
OrderedJsonObjectIterator OrderedJsonObject::find(const std::string &propertyName) const {
  return value_->find(propertyName);
}

// ---------------------------------------------------------------------------------------------
// Formatting helpers shared by the visitor specialisations and the message assembly.

constexpr size_t kValueLimit = 60;

// Cuts `text` to about `limit` bytes at a UTF-8 character boundary, marking the cut with "…".
std::string cut(std::string text, size_t limit = kValueLimit) {
  if (text.size() <= limit) return text;
  size_t end = limit;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  text.resize(end);
  return text + "…";
}

// Compact JSON, abbreviated. Stops serialising containers once past the limit, so a huge value
// costs little; invalid UTF-8 in strings is replaced rather than thrown on.
void dumpBounded(const Json &j, std::string &out, size_t limit) {
  if (out.size() > limit) return;
  if (j.is_array()) {
    out += '[';
    bool first = true;
    for (const Json &item : j) {
      if (out.size() > limit) return;
      if (!first) out += ',';
      first = false;
      dumpBounded(item, out, limit);
    }
    out += ']';
  } else if (j.is_object()) {
    out += '{';
    bool first = true;
    for (auto it = j.begin(); it != j.end(); ++it) {
      if (out.size() > limit) return;
      if (!first) out += ',';
      first = false;
      out += Json(it.key()).dump(-1, ' ', false, Json::error_handler_t::replace);
      out += ':';
      dumpBounded(it.value(), out, limit);
    }
    out += '}';
  } else if (j.is_string() && j.get_ref<const std::string &>().size() > limit) {
    out += Json(j.get_ref<const std::string &>().substr(0, limit + 1)).dump(-1, ' ', false, Json::error_handler_t::replace);
  } else {
    out += j.dump(-1, ' ', false, Json::error_handler_t::replace);
  }
}

std::string abbreviate(const Json &j) {
  std::string out;
  dumpBounded(j, out, kValueLimit);
  return cut(std::move(out));
}

// 10 rather than 10.000000; 0.1 rather than 0.100000.
std::string formatNumber(double d) {
  if (std::isfinite(d) && d == std::trunc(d) && std::fabs(d) < 1e15) {
    return fmt::format("{:.0f}", d);
  }
  return Json(d).dump();
}

using valijson::constraints::TypeConstraint;

std::string typeName(TypeConstraint::JsonType type) {
  switch (type) {
    case TypeConstraint::kArray: return "an array";
    case TypeConstraint::kBoolean: return "a boolean";
    case TypeConstraint::kInteger: return "an integer";
    case TypeConstraint::kNull: return "null";
    case TypeConstraint::kNumber: return "a number";
    case TypeConstraint::kObject: return "an object";
    case TypeConstraint::kString: return "a string";
    default: return "any value";
  }
}

// "a", "a or b", "a, b or c".
std::string alternatives(const std::vector<std::string> &names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += i + 1 == names.size() ? " or " : ", ";
    out += names[i];
  }
  return out;
}

// RFC 3339 full-date, full-time or date-time (format "date", "time", "date-time"), with
// calendar-correct days (leap years included) and a leap second allowed.
bool isRfc3339(const std::string &text, const std::string &format) {
  size_t at = 0;
  auto digits = [&](size_t n, int &out) {
    out = 0;
    for (size_t i = 0; i < n; ++i, ++at) {
      if (at >= text.size() || text[at] < '0' || text[at] > '9') return false;
      out = out * 10 + (text[at] - '0');
    }
    return true;
  };
  auto literal = [&](char c) { return at < text.size() && text[at++] == c; };
  auto date = [&] {
    int year, month, day;
    if (!digits(4, year) || !literal('-') || !digits(2, month) || !literal('-') || !digits(2, day)) return false;
    static const int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (month < 1 || month > 12 || day < 1) return false;
    bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    return day <= kDays[month - 1] + (month == 2 && leap ? 1 : 0);
  };
  auto time = [&] {
    int hour, minute, second;
    if (!digits(2, hour) || !literal(':') || !digits(2, minute) || !literal(':') || !digits(2, second)) return false;
    if (hour > 23 || minute > 59 || second > 60) return false;
    if (at < text.size() && text[at] == '.') {
      ++at;
      size_t start = at;
      while (at < text.size() && text[at] >= '0' && text[at] <= '9') ++at;
      if (at == start) return false;
    }
    if (at < text.size() && (text[at] == 'Z' || text[at] == 'z')) {
      ++at;
      return true;
    }
    if (at >= text.size() || (text[at] != '+' && text[at] != '-')) return false;
    ++at;
    int offsetHour, offsetMinute;
    return digits(2, offsetHour) && literal(':') && digits(2, offsetMinute) && offsetHour <= 23 && offsetMinute <= 59;
  };
  bool ok;
  if (format == "date") ok = date();
  else if (format == "time") ok = time();
  else ok = date() && at < text.size() && (text[at] == 'T' || text[at] == 't') && (++at, time());
  return ok && at == text.size();
}

std::string frozenText(const valijson::adapters::FrozenValue &value) {
  if (auto *ours = dynamic_cast<const OrderedJsonFrozenValue *>(&value)) return abbreviate(ours->json());
  return "(a value)";
}

// A schema's patterns, compiled on RE2 (common/Pattern.h) once, when the schema is. valijson's
// visitor has a cache of std::regex only, which backtracks: the validation being run on this
// thread points here instead, and the pattern keywords read it.
using Patterns = std::unordered_map<std::string, std::shared_ptr<const Pattern>>;
thread_local const Patterns *tPatterns = nullptr;

class PatternsInUse {
 public:
  explicit PatternsInUse(const Patterns &patterns) : saved_(tPatterns) { tPatterns = &patterns; }
  ~PatternsInUse() { tPatterns = saved_; }
  PatternsInUse(const PatternsInUse &) = delete;
  PatternsInUse &operator=(const PatternsInUse &) = delete;

 private:
  const Patterns *saved_;
};

// A pattern of the schema being validated. Every pattern was compiled with the schema, so a
// miss is a bug; it is compiled here rather than failing the run.
const Pattern &patternOf(const std::string &text) {
  if (tPatterns)
    if (auto it = tPatterns->find(text); it != tPatterns->end()) return *it->second;
  static thread_local Patterns missed;
  auto [it, fresh] = missed.emplace(text, nullptr);
  if (fresh) {
    std::string error;
    it->second = Pattern::compile(text, &error);
    if (!it->second) throw Error(ErrorKind::Usage, "invalid JSON Schema: invalid regular expression '" + text + "': " + error);
  }
  return *it->second;
}

}  // namespace
}  // namespace wfc

// ---------------------------------------------------------------------------------------------
// 2. Specialisations of valijson's visitor for our adapter. All are declared before any use of
//    ValidationVisitor<OrderedJsonAdapter>, as explicit specialisations must be. They use only the
//    visitor's data members, not its private helper functors.

namespace valijson {
namespace adapters {
template <>
struct AdapterTraits<wfc::OrderedJsonAdapter> {
  using DocumentType = nlohmann::ordered_json;
  static std::string adapterName() { return "OrderedJsonAdapter"; }
};
}  // namespace adapters

using WfcVisitor = ValidationVisitor<wfc::OrderedJsonAdapter>;

template <> bool WfcVisitor::validateSchema(const Subschema &subschema);
template <> bool WfcVisitor::visit(const constraints::TypeConstraint &constraint);
template <> bool WfcVisitor::visit(const constraints::EnumConstraint &constraint);
template <> bool WfcVisitor::visit(const constraints::ConstConstraint &constraint);
template <> bool WfcVisitor::visit(const constraints::PatternConstraint &constraint);
template <> bool WfcVisitor::visit(const constraints::MinimumConstraint &constraint);
template <> bool WfcVisitor::visit(const constraints::MaximumConstraint &constraint);
template <> bool WfcVisitor::visit(const constraints::AllOfConstraint &constraint);
template <> bool WfcVisitor::visit(const constraints::AnyOfConstraint &constraint);
template <> bool WfcVisitor::visit(const constraints::OneOfConstraint &constraint);
template <> bool WfcVisitor::visit(const constraints::FormatConstraint &constraint);
template <> bool WfcVisitor::visit(const constraints::PropertyNamesConstraint &constraint);
template <> bool WfcVisitor::visit(const constraints::PropertiesConstraint &constraint);

// As valijson's, but a `false` schema says why it failed (valijson fails without a word).
template <>
bool WfcVisitor::validateSchema(const Subschema &subschema) {
  if (subschema.getAlwaysInvalid()) {
    if (m_results) m_results->pushError(m_context, "not allowed by the schema");
    return false;
  }
  Subschema::ApplyFunction fn(std::bind(validationCallback, std::placeholders::_1, std::ref(*this)));
  return m_results == nullptr ? subschema.applyStrict(fn) : subschema.apply(fn);
}

// Says which types were expected; accepts 1.0 as an integer (draft-06 and later).
template <>
bool WfcVisitor::visit(const constraints::TypeConstraint &constraint) {
  bool valid = false;
  std::vector<std::string> names;
  bool null = false;
  constraint.applyToNamedTypes([&](constraints::TypeConstraint::JsonType type) {
    switch (type) {
      case TypeConstraint::kAny: valid = true; break;
      case TypeConstraint::kArray: valid = m_target.isArray(); break;
      case TypeConstraint::kBoolean: valid = m_target.isBool(); break;
      case TypeConstraint::kInteger: {
        double d = 0;
        valid = m_target.isInteger() || (m_target.getDouble(d) && std::isfinite(d) && d == std::trunc(d));
        break;
      }
      case TypeConstraint::kNull: valid = m_target.isNull(); break;
      case TypeConstraint::kNumber: valid = m_target.isNumber(); break;
      case TypeConstraint::kObject: valid = m_target.isObject(); break;
      case TypeConstraint::kString: valid = m_target.isString(); break;
      default: break;
    }
    if (type == TypeConstraint::kNull) null = true;
    else names.push_back(wfc::typeName(type));
    return !valid;
  });
  if (valid) return true;
  // Draft-03 schema types ("type": [{…}]) are not draft-07, but valijson parses them: honour them.
  bool schemaValid = false;
  constraint.applyToSchemaTypes([&](unsigned int, const Subschema *subschema) {
    WfcVisitor v(m_target, m_context, m_strictTypes, nullptr, m_regexesCache);
    schemaValid = v.validateSchema(*subschema);
    return !schemaValid;
  });
  if (schemaValid) return true;
  if (m_results) {
    if (null) names.push_back("null");
    m_results->pushError(m_context, "expected " + wfc::alternatives(names));
  }
  return false;
}

template <>
bool WfcVisitor::visit(const constraints::EnumConstraint &constraint) {
  bool found = false;
  constraint.applyToValues([&](const adapters::FrozenValue &value) {
    found = value.equalTo(m_target, m_strictTypes);
    return !found;
  });
  if (found) return true;
  if (m_results) {
    std::string allowed;
    constraint.applyToValues([&](const adapters::FrozenValue &value) {
      if (!allowed.empty()) allowed += ", ";
      allowed += wfc::frozenText(value);
      return allowed.size() <= wfc::kValueLimit;
    });
    m_results->pushError(m_context, allowed.empty() ? std::string("not allowed by the schema (enum is empty)")
                                                    : "expected one of " + wfc::cut(allowed));
  }
  return false;
}

template <>
bool WfcVisitor::visit(const constraints::ConstConstraint &constraint) {
  if (constraint.getValue()->equalTo(m_target, m_strictTypes)) return true;
  if (m_results) m_results->pushError(m_context, "expected " + wfc::frozenText(*constraint.getValue()));
  return false;
}

// Regular expressions come precompiled (SchemaValidator::Impl fills the cache when it compiles
// the schema); the cache is only read here, so concurrent validations can share it.
template <>
bool WfcVisitor::visit(const constraints::PatternConstraint &constraint) {
  if (!m_target.isString()) return true;
  const std::string pattern = constraint.getPattern<std::string::allocator_type>();
  std::string text;
  m_target.getString(text);
  if (wfc::patternOf(pattern).search(text)) return true;
  if (m_results) m_results->pushError(m_context, "must match the pattern '" + pattern + "'");
  return false;
}

template <>
bool WfcVisitor::visit(const constraints::MinimumConstraint &constraint) {
  if (!m_target.isNumber()) return true;
  const double minimum = constraint.getMinimum();
  const double value = m_target.asDouble();
  const bool exclusive = constraint.getExclusiveMinimum();
  if (exclusive ? value > minimum : value >= minimum) return true;
  if (m_results) m_results->pushError(m_context, std::string("must be ") + (exclusive ? "> " : ">= ") + wfc::formatNumber(minimum));
  return false;
}

template <>
bool WfcVisitor::visit(const constraints::MaximumConstraint &constraint) {
  if (!m_target.isNumber()) return true;
  const double maximum = constraint.getMaximum();
  const double value = m_target.asDouble();
  const bool exclusive = constraint.getExclusiveMaximum();
  if (exclusive ? value < maximum : value <= maximum) return true;
  if (m_results) m_results->pushError(m_context, std::string("must be ") + (exclusive ? "< " : "<= ") + wfc::formatNumber(maximum));
  return false;
}

// As valijson's, but when collecting every problem it goes on past the first failing subschema.
template <>
bool WfcVisitor::visit(const constraints::AllOfConstraint &constraint) {
  bool valid = true;
  constraint.applyToSubschemas([&](unsigned int, const Subschema *subschema) {
    if (validateSchema(*subschema)) return true;
    valid = false;
    return m_results != nullptr;
  });
  return valid;
}

// One message for a failed anyOf: the alternatives' own failures, mixed together, mislead more
// than they help (the value was not meant to match all of them).
template <>
bool WfcVisitor::visit(const constraints::AnyOfConstraint &constraint) {
  bool matched = false;
  constraint.applyToSubschemas([&](unsigned int, const Subschema *subschema) {
    WfcVisitor v(m_target, m_context, m_strictTypes, nullptr, m_regexesCache);
    matched = v.validateSchema(*subschema);
    return !matched;
  });
  if (matched) return true;
  if (m_results) m_results->pushError(m_context, "matches none of the anyOf alternatives");
  return false;
}

template <>
bool WfcVisitor::visit(const constraints::OneOfConstraint &constraint) {
  std::vector<unsigned int> matched;
  constraint.applyToSubschemas([&](unsigned int index, const Subschema *subschema) {
    WfcVisitor v(m_target, m_context, m_strictTypes, nullptr, m_regexesCache);
    if (v.validateSchema(*subschema)) matched.push_back(index);
    return matched.size() < 2;
  });
  if (matched.size() == 1) return true;
  if (m_results) {
    if (matched.empty()) m_results->pushError(m_context, "matches none of the oneOf alternatives");
    else
      m_results->pushError(m_context, "matches more than one oneOf alternative (#" + std::to_string(matched[0]) +
                                          " and #" + std::to_string(matched[1]) + ")");
  }
  return false;
}

// Draft-07 applies "format" to strings only (valijson applies it to anything, and throws on a
// non-empty array or object), and valijson compiles a std::regex on every call. We check date, time
// and date-time (RFC 3339, as valijson does) by hand; other formats are not asserted.
template <>
bool WfcVisitor::visit(const constraints::FormatConstraint &constraint) {
  if (!m_target.isString()) return true;
  const std::string &format = constraint.getFormat();
  if (format != "date" && format != "time" && format != "date-time") return true;
  std::string text;
  m_target.getString(text);
  if (wfc::isRfc3339(text, format)) return true;
  if (m_results) m_results->pushError(m_context, "must be a valid " + format);
  return false;
}

// valijson fails propertyNames without a message; name the first offending property.
template <>
bool WfcVisitor::visit(const constraints::PropertyNamesConstraint &constraint) {
  if (!m_target.isObject()) return true;
  bool valid = true;
  for (const wfc::OrderedJsonObjectMember member : m_target.asObject()) {
    // Visited as a JSON string by our own visitor, so its patterns run on RE2 too.
    const wfc::Json nameJson = member.first;
    wfc::OrderedJsonAdapter name(nameJson);
    WfcVisitor v(name, m_context, m_strictTypes, nullptr, m_regexesCache);
    if (v.validateSchema(*constraint.getSubschema())) continue;
    valid = false;
    if (!m_results) break;
    m_results->pushError(m_context, "property name '" + member.first + "' does not match the propertyNames schema");
  }
  return valid;
}

// properties, patternProperties and additionalProperties together (valijson's one constraint).
// As valijson's, except: patternProperties use the precompiled regular expressions (valijson
// compiles each on every call); every unexpected property is reported, not just the first; and
// when collecting every problem it does not stop at the first failing pattern.
template <>
bool WfcVisitor::visit(const constraints::PropertiesConstraint &constraint) {
  if (!m_target.isObject()) return true;
  const wfc::OrderedJsonObject object = m_target.asObject();
  // Names matched by properties or patternProperties; objects are small, a vector beats a set.
  std::vector<std::string> matched;
  matched.reserve(object.size());
  auto isMatched = [&](const std::string &name) {
    return std::find(matched.begin(), matched.end(), name) != matched.end();
  };
  bool valid = true;
  auto check = [&](const std::string &name, const wfc::OrderedJsonAdapter &value, const Subschema &subschema) {
    std::vector<std::string> context;  // only read for messages: not built on the fast path
    if (m_results) {
      context = m_context;
      context.push_back("[" + name + "]");
    }
    WfcVisitor v(value, std::move(context), m_strictTypes, m_results, m_regexesCache);
    if (v.validateSchema(subschema)) return true;
    valid = false;
    return m_results != nullptr;  // without results, the first failure ends validation
  };
  constraint.applyToProperties([&](const auto &name, const Subschema *subschema) {
    const std::string key(name.c_str());
    auto it = object.find(key);
    if (it == object.end()) return true;
    matched.push_back(key);
    return check(key, it->second, *subschema);
  });
  if (!valid && !m_results) return false;
  constraint.applyToPatternProperties([&](const auto &patternName, const Subschema *subschema) {
    const std::string pattern(patternName.c_str());
    const wfc::Pattern &regex = wfc::patternOf(pattern);
    for (const wfc::OrderedJsonObjectMember member : object) {
      if (!regex.search(member.first)) continue;
      if (!isMatched(member.first)) matched.push_back(member.first);
      if (!check(member.first, member.second, *subschema)) return false;
    }
    return true;
  });
  if (!valid && !m_results) return false;
  const Subschema *additional = constraint.getAdditionalPropertiesSubschema();
  for (const wfc::OrderedJsonObjectMember member : object) {
    if (isMatched(member.first)) continue;
    if (additional) {
      if (!check(member.first, member.second, *additional)) return false;
      continue;
    }
    valid = false;  // no additionalProperties subschema: additionalProperties is false
    if (!m_results) return false;
    m_results->pushError(m_context, "unexpected property '" + member.first + "'");
  }
  return valid;
}

}  // namespace valijson

// ---------------------------------------------------------------------------------------------
// 3. Compiling schemas and assembling messages.

namespace wfc {
namespace {

// The draft-07 meta-schema (json-schema.org/draft-07/schema, without $id / $schema so that "#"
// resolves within this document). Every schema is checked against it before valijson parses it:
// valijson's parser accepts much that is not a schema ("type": "strnig", "minLength": -1 …).
constexpr const char *kDraft7MetaSchema = R"json({
  "definitions": {
    "schemaArray": {"type": "array", "minItems": 1, "items": {"$ref": "#"}},
    "nonNegativeInteger": {"type": "integer", "minimum": 0},
    "nonNegativeIntegerDefault0": {"allOf": [{"$ref": "#/definitions/nonNegativeInteger"}, {"default": 0}]},
    "simpleTypes": {"enum": ["array", "boolean", "integer", "null", "number", "object", "string"]},
    "stringArray": {"type": "array", "items": {"type": "string"}, "uniqueItems": true, "default": []}
  },
  "type": ["object", "boolean"],
  "properties": {
    "$id": {"type": "string", "format": "uri-reference"},
    "$schema": {"type": "string", "format": "uri"},
    "$ref": {"type": "string", "format": "uri-reference"},
    "$comment": {"type": "string"},
    "title": {"type": "string"},
    "description": {"type": "string"},
    "default": true,
    "readOnly": {"type": "boolean", "default": false},
    "examples": {"type": "array", "items": true},
    "multipleOf": {"type": "number", "exclusiveMinimum": 0},
    "maximum": {"type": "number"},
    "exclusiveMaximum": {"type": "number"},
    "minimum": {"type": "number"},
    "exclusiveMinimum": {"type": "number"},
    "maxLength": {"$ref": "#/definitions/nonNegativeInteger"},
    "minLength": {"$ref": "#/definitions/nonNegativeIntegerDefault0"},
    "pattern": {"type": "string", "format": "regex"},
    "additionalItems": {"$ref": "#"},
    "items": {"anyOf": [{"$ref": "#"}, {"$ref": "#/definitions/schemaArray"}], "default": true},
    "maxItems": {"$ref": "#/definitions/nonNegativeInteger"},
    "minItems": {"$ref": "#/definitions/nonNegativeIntegerDefault0"},
    "uniqueItems": {"type": "boolean", "default": false},
    "contains": {"$ref": "#"},
    "maxProperties": {"$ref": "#/definitions/nonNegativeInteger"},
    "minProperties": {"$ref": "#/definitions/nonNegativeIntegerDefault0"},
    "required": {"$ref": "#/definitions/stringArray"},
    "additionalProperties": {"$ref": "#"},
    "definitions": {"type": "object", "additionalProperties": {"$ref": "#"}, "default": {}},
    "properties": {"type": "object", "additionalProperties": {"$ref": "#"}, "default": {}},
    "patternProperties": {"type": "object", "additionalProperties": {"$ref": "#"}, "propertyNames": {"format": "regex"}, "default": {}},
    "dependencies": {"type": "object", "additionalProperties": {"anyOf": [{"$ref": "#"}, {"$ref": "#/definitions/stringArray"}]}},
    "propertyNames": {"$ref": "#"},
    "const": true,
    "enum": {"type": "array", "items": true},
    "type": {"anyOf": [
      {"$ref": "#/definitions/simpleTypes"},
      {"type": "array", "items": {"$ref": "#/definitions/simpleTypes"}, "minItems": 1, "uniqueItems": true}
    ]},
    "format": {"type": "string"},
    "contentMediaType": {"type": "string"},
    "contentEncoding": {"type": "string"},
    "if": {"$ref": "#"},
    "then": {"$ref": "#"},
    "else": {"$ref": "#"},
    "allOf": {"$ref": "#/definitions/schemaArray"},
    "anyOf": {"$ref": "#/definitions/schemaArray"},
    "oneOf": {"$ref": "#/definitions/schemaArray"},
    "not": {"$ref": "#"}
  },
  "default": true
})json";

// valijson's visitor wants a std::regex cache; it stays empty (patterns run on RE2: Patterns).
using Regexes = std::unordered_map<std::string, std::regex>;

std::string pointerEscape(const std::string &segment) {
  std::string out;
  for (char c : segment) {
    if (c == '~') out += "~0";
    else if (c == '/') out += "~1";
    else out += c;
  }
  return out;
}

// The target of a local $ref ("#", "#/definitions/a%20b", "#/definitions/c~1d") in `root`;
// nullptr when it does not resolve.
const Json *resolveLocalRef(const Json &root, const std::string &ref) {
  if (ref.empty() || ref[0] != '#') return nullptr;
  std::string fragment;  // percent-decoded
  for (size_t i = 1; i < ref.size(); ++i) {
    if (ref[i] == '%' && i + 2 < ref.size() && std::isxdigit(static_cast<unsigned char>(ref[i + 1])) &&
        std::isxdigit(static_cast<unsigned char>(ref[i + 2]))) {
      fragment += static_cast<char>(std::stoi(ref.substr(i + 1, 2), nullptr, 16));
      i += 2;
    } else {
      fragment += ref[i];
    }
  }
  if (fragment.empty()) return &root;
  if (fragment[0] != '/') return nullptr;
  const Json *at = &root;
  size_t start = 1;
  while (true) {
    size_t slash = fragment.find('/', start);
    std::string token = fragment.substr(start, slash == std::string::npos ? std::string::npos : slash - start);
    std::string key;
    for (size_t i = 0; i < token.size(); ++i) {
      if (token[i] == '~' && i + 1 < token.size() && (token[i + 1] == '0' || token[i + 1] == '1')) {
        key += token[i + 1] == '0' ? '~' : '/';
        ++i;
      } else {
        key += token[i];
      }
    }
    if (at->is_object()) {
      auto it = at->find(key);
      if (it == at->end()) return nullptr;
      at = &*it;
    } else if (at->is_array()) {
      char *end = nullptr;
      unsigned long index = std::strtoul(key.c_str(), &end, 10);
      if (key.empty() || !end || *end != '\0' || index >= at->size()) return nullptr;
      at = &(*at)[index];
    } else {
      return nullptr;
    }
    if (slash == std::string::npos) return at;
    start = slash + 1;
  }
}

// Checks what valijson's parser would report badly or not at all, and prepares for validation:
//  - every $ref must be local and resolve, and must not lead into a cycle of bare $refs
//    ({"$ref": "#"} at the root; a → b → a), on which valijson's parser recurses until the stack
//    overflows;
//  - every regular expression ("pattern" values, patternProperties names) must compile; they are
//    compiled here, once, so that validation never compiles or caches one.
// Walks schemas only: enum, const, default and examples hold data, and the members of properties /
// patternProperties / definitions / dependencies are schemas whatever their names.
// valijson checks an integer `multipleOf` by converting the value to int64_t, which is undefined
// for a number beyond that range (1e87 in an input). The same divisor written as a floating-point
// number takes valijson's fmod path, defined for every number; the values of enum, const, default
// and examples are data and stay as they are.
Json withFloatingMultipleOf(const Json &schema) {
  if (schema.is_array()) {
    Json out = Json::array();
    for (const Json &item : schema) out.push_back(withFloatingMultipleOf(item));
    return out;
  }
  if (!schema.is_object()) return schema;
  Json out = Json::object();
  for (auto it = schema.begin(); it != schema.end(); ++it) {
    const std::string &key = it.key();
    if (key == "multipleOf" && it.value().is_number_integer())
      out[key] = it.value().get<double>();
    else if (key == "enum" || key == "const" || key == "default" || key == "examples")
      out[key] = it.value();
    else
      out[key] = withFloatingMultipleOf(it.value());
  }
  return out;
}

void inspectSchema(const Json &root, const Json &schema, const std::string &where, Patterns &regexes) {
  auto invalid = [](const std::string &at, const std::string &problem) {
    return Error(ErrorKind::Usage, "invalid JSON Schema: " + (at.empty() ? std::string("(root)") : at) + ": " + problem);
  };
  auto compile = [&](const std::string &pattern, const std::string &at) {
    if (regexes.count(pattern)) return;
    std::string error;
    std::shared_ptr<const Pattern> compiled = Pattern::compile(pattern, &error);
    if (!compiled) throw invalid(at, "invalid regular expression '" + pattern + "': " + error);
    regexes.emplace(pattern, std::move(compiled));
  };
  if (schema.is_array()) {
    for (size_t i = 0; i < schema.size(); ++i) inspectSchema(root, schema[i], where + "/" + std::to_string(i), regexes);
    return;
  }
  if (!schema.is_object()) return;
  for (auto it = schema.begin(); it != schema.end(); ++it) {
    const std::string &key = it.key();
    const Json &value = it.value();
    const std::string at = where + "/" + pointerEscape(key);
    if (key == "$ref" && value.is_string()) {
      std::string ref = value.get<std::string>();
      std::vector<const Json *> chain{&schema};
      while (true) {
        if (ref.empty() || ref[0] != '#') throw invalid(at, "only local $refs (\"#/…\") are supported, not '" + ref + "'");
        const Json *target = resolveLocalRef(root, ref);
        if (!target) throw invalid(at, "$ref '" + ref + "' does not resolve");
        if (std::find(chain.begin(), chain.end(), target) != chain.end())
          throw invalid(at, "$ref '" + ref + "' leads to a cycle of $refs");
        auto next = target->is_object() ? target->find("$ref") : target->end();
        if (!target->is_object() || next == target->end() || !next->is_string()) break;
        chain.push_back(target);
        ref = next->get<std::string>();
      }
    } else if (key == "pattern" && value.is_string()) {
      compile(value.get<std::string>(), at);
    } else if (key == "enum" || key == "const" || key == "default" || key == "examples") {
      continue;
    } else if ((key == "properties" || key == "patternProperties" || key == "definitions" || key == "dependencies") &&
               value.is_object()) {
      for (auto member = value.begin(); member != value.end(); ++member) {
        if (key == "patternProperties") compile(member.key(), at);
        inspectSchema(root, member.value(), at + "/" + pointerEscape(member.key()), regexes);
      }
    } else {
      inspectSchema(root, value, at, regexes);
    }
  }
}

// Where a problem is: valijson's context ["<root>", "[items]", "[0]", "[name]"] as a JSON pointer
// ("/items/0/name"), the value there, and its position in document order (the index of each step
// among its parent's members or items) for sorting.
struct Location {
  std::string pointer;
  const Json *value = nullptr;  // nullptr if it cannot be found, which should not happen
  std::vector<size_t> position;
};

Location locate(const Json &root, const std::vector<std::string> &context) {
  Location where;
  where.value = &root;
  for (size_t i = 1; i < context.size(); ++i) {
    std::string segment = context[i];
    if (segment.size() >= 2 && segment.front() == '[' && segment.back() == ']') segment = segment.substr(1, segment.size() - 2);
    where.pointer += "/" + pointerEscape(segment);
    const Json *at = where.value;
    where.value = nullptr;
    if (!at) continue;
    if (at->is_object()) {
      size_t index = 0;
      for (auto it = at->begin(); it != at->end(); ++it, ++index) {
        if (it.key() != segment) continue;
        where.value = &it.value();
        where.position.push_back(index);
        break;
      }
    } else if (at->is_array()) {
      char *end = nullptr;
      unsigned long index = std::strtoul(segment.c_str(), &end, 10);
      if (end && *end == '\0' && index < at->size()) {
        where.value = &(*at)[index];
        where.position.push_back(index);
      }
    }
  }
  if (where.pointer.empty()) where.pointer = "(root)";
  return where;
}

bool startsWith(const std::string &text, const char *prefix) { return text.rfind(prefix, 0) == 0; }

// What follows `prefix` (which `text` starts with), without a trailing period.
std::string after(const std::string &text, const char *prefix) {
  std::string rest = text.substr(std::char_traits<char>::length(prefix));
  if (!rest.empty() && rest.back() == '.') rest.pop_back();
  return rest;
}

// The text between the last "prefix" and "suffix" in `text` ("Array should contain no fewer than 2
// elements." → "2").
std::string between(const std::string &text, const std::string &prefix, const std::string &suffix) {
  size_t start = text.find(prefix);
  if (start == std::string::npos) return {};
  start += prefix.size();
  size_t end = suffix.empty() ? text.size() : text.find(suffix, start);
  return text.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

std::string lowerFirst(std::string text) {
  if (!text.empty() && text[0] >= 'A' && text[0] <= 'Z') text[0] = char(text[0] - 'A' + 'a');
  while (!text.empty() && (text.back() == '.' || text.back() == ' ')) text.pop_back();
  return text;
}

// valijson's description → ours; nullopt for the summaries valijson adds above a nested failure
// ("Failed to validate item #1 in array."), which the nested failure already says better.
std::optional<std::string> translate(const std::string &d) {
  if (d.empty() || !(d[0] >= 'A' && d[0] <= 'Z')) return d;  // already ours (the specialisations)
  static const char *const kSummaries[] = {
      "Failed to validate item #",  // "… in array", "… against corresponding / additional items schema"
      "Failed to validate against child schema #",  // allOf (valijson's; ours adds none)
      "Failed to validate against a conditional schema",  // if / then / else
      "Failed to validate against dependent schema",
  };
  for (const char *summary : kSummaries)
    if (startsWith(d, summary)) return std::nullopt;
  if (startsWith(d, "Missing required property ")) return "missing required property " + after(d, "Missing required property ");
  if (startsWith(d, "Missing dependency "))
    return "missing property " + after(d, "Missing dependency ") + " (required by dependencies)";
  // "2 items", "1 item".
  auto count = [&](const char *one, const char *many) {
    std::string n = between(d, "than ", " ");
    return n + " " + (n == "1" ? one : many);
  };
  if (startsWith(d, "String should be no fewer than ")) return "must be at least " + count("character", "characters") + " long";
  if (startsWith(d, "String should be no more than ")) return "must be at most " + count("character", "characters") + " long";
  if (startsWith(d, "Array should contain no fewer than ")) return "must have at least " + count("item", "items");
  if (startsWith(d, "Array should contain no more than ")) return "must have at most " + count("item", "items");
  if (startsWith(d, "Object should have no fewer than ")) return "must have at least " + count("property", "properties");
  if (startsWith(d, "Object should have no more than ")) return "must have at most " + count("property", "properties");
  if (startsWith(d, "Array contains more items than allowed")) return "has more items than the items list allows";
  if (startsWith(d, "Cannot validate item #")) return "has more items than the items list allows";
  if (startsWith(d, "Value should be a multiple of ")) {
    std::string divisor = between(d, "multiple of ", "");
    try {
      divisor = formatNumber(std::stod(divisor));
    } catch (const std::exception &) {
    }
    return "must be a multiple of " + divisor;
  }
  if (startsWith(d, "Target should not validate against schema specified in 'not'")) return "must not match the not schema";
  if (startsWith(d, "Failed to any values against subschema in 'contains'")) return "must contain an item matching the contains schema";
  if (startsWith(d, "Elements at indexes #"))
    return "must have unique items (#" + between(d, "indexes #", " ") + " and #" + between(d, "and #", " ") + " are equal)";
  if (startsWith(d, "String should be a valid ")) return "must be a valid " + between(d, "valid ", "");
  return lowerFirst(d);
}

// Messages about an object's members name the member; the whole object would be noise.
bool showsValue(const std::string &message) {
  return !startsWith(message, "missing ") && !startsWith(message, "unexpected property ") &&
         !startsWith(message, "property name ");
}

}  // namespace

struct SchemaValidator::Impl {
  Value document;  // the schema as given (valijson copies what it needs; kept for safety)
  valijson::Schema schema;
  // Every pattern in the schema, compiled on RE2. Shared read-only by all validations.
  Patterns patterns;
  // valijson's visitor wants a std::regex cache (non-const): it stays empty.
  mutable Regexes regexes;

  // `metaSchema`: what `schemaValue` must validate against first; nullptr for the meta-schema itself.
  Impl(const Value &schemaValue, const Impl *metaSchema) : document(schemaValue) {
    const Json &json = document.json();
    if (metaSchema) {
      std::vector<std::string> problems = metaSchema->problems(json, true);
      if (!problems.empty()) {
        // The meta-schema's "type" is an anyOf (a name or a list of names): say it plainly.
        const std::string &problem = problems.front();
        size_t colon = problem.find(": matches none of the anyOf alternatives, got ");
        if (colon != std::string::npos && colon >= 5 && problem.compare(colon - 5, 5, "/type") == 0)
          throw Error(ErrorKind::Usage, "invalid JSON Schema: " + problem.substr(0, colon) +
                                            ": expected a type name (array, boolean, integer, null, number, object, "
                                            "string) or a list of them, got " +
                                            problem.substr(problem.find(", got ") + 6));
        throw Error(ErrorKind::Usage, "invalid JSON Schema: " + problem);
      }
    }
    inspectSchema(json, json, "", patterns);
    try {
      valijson::SchemaParser parser(valijson::SchemaParser::kDraft7);
      const Json parsed = withFloatingMultipleOf(json);
      OrderedJsonAdapter adapter(parsed);
      parser.populateSchema(adapter, schema);  // no fetch functions: a remote $ref throws
    } catch (const Error &) {
      throw;
    } catch (const std::exception &e) {
      throw Error(ErrorKind::Usage, std::string("invalid JSON Schema: ") + lowerFirst(e.what()));
    }
  }

  bool valid(const Json &value) const {
    PatternsInUse inUse(patterns);
    OrderedJsonAdapter adapter(value);
    // No context: it is only read for messages, and every nested visitor copies it.
    valijson::WfcVisitor visitor(adapter, std::vector<std::string>(), true, nullptr, regexes);
    return visitor.validateSchema(schema);
  }

  // Problems in document order of the value: a container's own problems (a missing property,
  // a wrong type) before its members', members in the order they appear. Problems at one place keep
  // valijson's order (its keywords in a fixed order; required names sorted).
  std::vector<std::string> problems(const Json &value, bool firstOnly) const {
    std::vector<std::string> out;
    if (valid(value)) return out;  // the common case, and the cheap one: stops at the first failure
    valijson::ValidationResults results;
    PatternsInUse inUse(patterns);
    OrderedJsonAdapter adapter(value);
    valijson::WfcVisitor visitor(adapter, std::vector<std::string>(1, "<root>"), true, &results, regexes);
    visitor.validateSchema(schema);
    struct Problem {
      Location where;
      std::string message;
    };
    std::vector<Problem> found;
    for (const valijson::ValidationResults::Error &error : results) {
      std::optional<std::string> message = translate(error.description);
      if (message) found.push_back({locate(value, error.context), std::move(*message)});
    }
    std::stable_sort(found.begin(), found.end(),
                     [](const Problem &a, const Problem &b) { return a.where.position < b.where.position; });
    std::set<std::string> seen;
    for (const Problem &problem : found) {
      std::string line = problem.where.pointer + ": " + problem.message;
      if (problem.where.value && showsValue(problem.message)) line += ", got " + abbreviate(*problem.where.value);
      if (!seen.insert(line).second) continue;
      out.push_back(std::move(line));
      if (firstOnly) break;
    }
    if (out.empty()) out.push_back("(root): does not match the schema, got " + abbreviate(value));
    return out;
  }
};

namespace {
const SchemaValidator::Impl &draft7MetaSchema() {
  static const SchemaValidator::Impl meta(Value::parse(kDraft7MetaSchema), nullptr);
  return meta;
}
}  // namespace

SchemaValidator::SchemaValidator(const Value &schema)
    : impl_(std::make_unique<const Impl>(schema, &draft7MetaSchema())) {}

SchemaValidator::~SchemaValidator() = default;

std::optional<std::string> SchemaValidator::validate(const Value &value) const {
  std::vector<std::string> problems = impl_->problems(value.json(), true);
  if (problems.empty()) return std::nullopt;
  return std::move(problems.front());
}

std::vector<std::string> SchemaValidator::validateAll(const Value &value) const {
  return impl_->problems(value.json(), false);
}

}  // namespace wfc

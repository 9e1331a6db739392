// The helpers generated predicates and interpolations compile to (docs/semantics.md "References" and
// Predicates), and StepContext's path lookups.
#include "core/run/PathLookup.h"
#include "support/Describe.h"
#include "wfc/error.h"
#include "wfc/program.h"
#include "wfc/tool.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace wfc {
namespace {

std::string abbreviated(const Value &v) {
  std::string text = v.dump();
  if (text.size() > 60) text = text.substr(0, 57) + "…";
  return text;
}

// -1, 0, 1 for a < b, a == b, a > b; fails unless both are numbers or both strings.
int compare(const Value &a, const Value &b, const char *ref) {
  if (a.isNumber() && b.isNumber()) {
    if (a.type() == Value::Type::Integer && b.type() == Value::Type::Integer) {
      int64_t x = a.asInteger(), y = b.asInteger();
      return x < y ? -1 : x > y ? 1 : 0;
    }
    double x = a.asNumber(), y = b.asNumber();
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (a.isString() && b.isString()) {
    int c = a.asString().compare(b.asString());
    return c < 0 ? -1 : c > 0 ? 1 : 0;
  }
  throw Error(ErrorKind::StepFailed, std::string("cannot order ") + ref + ", which is " + describeType(a) + " (" +
                                         abbreviated(a) + "), against " + describeType(b) + " (" + abbreviated(b) +
                                         "): orderings compare numbers with numbers or strings with strings");
}

}  // namespace

bool equals(const Value &a, const Value &b) { return a == b; }

bool isIn(const Value &a, const Value &list) {
  for (size_t i = 0; i < list.size(); ++i)
    if (auto item = list.at(i); item && *item == a) return true;
  return false;
}

bool lessThan(const Value &a, const Value &b, const char *ref) { return compare(a, b, ref) < 0; }
bool lessOrEqual(const Value &a, const Value &b, const char *ref) { return compare(a, b, ref) <= 0; }
bool greaterThan(const Value &a, const Value &b, const char *ref) { return compare(a, b, ref) > 0; }
bool greaterOrEqual(const Value &a, const Value &b, const char *ref) { return compare(a, b, ref) >= 0; }

bool truth(const Value &value, const char *expr) {
  if (value.type() == Value::Type::Boolean) return value.asBool();
  throw Error(ErrorKind::StepFailed, std::string(expr) + " must be true or false, but it is " + describeType(value) +
                                         " (" + abbreviated(value) + ")");
}

Value length(const Value &value, const char *expr) {
  switch (value.type()) {
    case Value::Type::Array:
    case Value::Type::Object: return Value::integer(int64_t(value.size()));
    case Value::Type::String: {
      // Characters, not bytes: every byte that does not continue a UTF-8 sequence starts one.
      int64_t n = 0;
      for (char c : value.asString()) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
      return Value::integer(n);
    }
    default:
      throw Error(ErrorKind::StepFailed, std::string("len() in ") + expr + " takes a list, an object or a string, not " +
                                             describeType(value) + " (" + abbreviated(value) + ")");
  }
}

Value range(const Value &from, const Value &to, const char *expr) {
  // A list of a million integers is as far as a loop's items should go (docs/awl.md "Expressions").
  constexpr int64_t kMaxItems = 1'000'000;
  for (const Value *v : {&from, &to})
    if (v->type() != Value::Type::Integer)
      throw Error(ErrorKind::StepFailed, std::string("range() in ") + expr + " takes integers, not " + describeType(*v) +
                                             " (" + abbreviated(*v) + ")");
  int64_t a = from.asInteger(), b = to.asInteger();
  // The difference as unsigned: b - a may not fit an int64_t.
  uint64_t count = b > a ? uint64_t(b) - uint64_t(a) : 0;
  if (count > uint64_t(kMaxItems))
    throw Error(ErrorKind::StepFailed, std::string("range() in ") + expr + " would make " + std::to_string(count) +
                                           " items; at most " + std::to_string(kMaxItems) + " are allowed");
  std::vector<Value> items;
  for (int64_t i = a; i < b; ++i) items.push_back(Value::integer(i));
  return Value::array(std::move(items));
}

void TextPiece::appendTo(std::string &out) const {
  if (text_) out += text_;
  else if (value_->isString()) out += value_->asString();
  else out += value_->dump();
}

Value interpolate(std::initializer_list<TextPiece> pieces) {
  std::string out;
  for (const TextPiece &p : pieces) p.appendTo(out);
  return Value::string(out);
}

namespace {

// A path step's parts, for PathStep (generated code's) and PathKey (the step tables').
bool isIndex(const PathStep &p) { return p.index >= 0; }
bool isIndex(const PathKey &p) { return p.key == nullptr; }
std::string_view keyOf(const PathStep &p) { return p.key; }
std::string_view keyOf(const PathKey &p) { return p.key; }

template <typename Path>
Value follow(const Value &base, const Path &path, const char *ref) {
  // Walk step by step so the message can say where the path stops matching.
  Value current = base;
  std::string walked;
  for (const auto &p : path) {
    std::optional<Value> next = isIndex(p) ? current.at(static_cast<size_t>(p.index)) : current.get(keyOf(p));
    // AWL's shell results and replies spell these fields in kebab-case, its authors' expressions
    // in snake_case too (docs/awl.md "Types"): the compiler maps them where it knows the type, the
    // run where it does not.
    if (!next && !isIndex(p))
      for (const char *alias : {"exit_code", "duration_ms", "tool_calls", "tokens_used"})
        if (keyOf(p) == alias) {
          std::string kebab(keyOf(p));
          std::replace(kebab.begin(), kebab.end(), '_', '-');
          next = current.get(kebab);
        }
    if (!next) {
      std::string what = isIndex(p) ? "no index " + std::to_string(p.index) : "no key '" + std::string(keyOf(p)) + "'";
      throw Error(ErrorKind::StepFailed, std::string("reference ") + ref + " cannot be resolved: there is " + what +
                                             " in " + (walked.empty() ? "the value" : walked) + ", which is " +
                                             abbreviated(current));
    }
    walked += isIndex(p) ? "[" + std::to_string(p.index) + "]" : "." + std::string(keyOf(p));
    current = std::move(*next);
  }
  return current;
}

}  // namespace

Value StepContext::at(const Value &base, std::initializer_list<PathStep> path, const char *ref) {
  return follow(base, path, ref);
}

Value followPath(const Value &base, std::initializer_list<PathKey> path, const char *ref) {
  return follow(base, path, ref);
}

bool StepContext::inputExists(std::initializer_list<PathStep> path) const {
  return input().find(std::vector<PathStep>(path)).has_value();
}

bool StepContext::workflowExists(std::initializer_list<PathStep> path) const {
  return workflow().find(std::vector<PathStep>(path)).has_value();
}

bool StepContext::itemExists(std::initializer_list<PathStep> path) const {
  return item().find(std::vector<PathStep>(path)).has_value();
}

}  // namespace wfc

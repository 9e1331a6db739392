// The helpers generated predicates and interpolations compile to (docs/semantics.md "References" and
// Predicates), and StepContext's path lookups.
#include "Describe.h"
#include "wfc/error.h"
#include "wfc/program.h"
#include "wfc/tool.h"

#include <nlohmann/json.hpp>

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

Value StepContext::at(const Value &base, std::initializer_list<PathStep> path, const char *ref) {
  // Walk step by step so the message can say where the path stops matching.
  Value current = base;
  std::string walked;
  for (const PathStep &p : path) {
    std::optional<Value> next = p.index >= 0 ? current.at(static_cast<size_t>(p.index)) : current.get(p.key);
    if (!next) {
      std::string what = p.index >= 0 ? "no index " + std::to_string(p.index) : "no key '" + p.key + "'";
      throw Error(ErrorKind::StepFailed, std::string("reference ") + ref + " cannot be resolved: there is " + what +
                                             " in " + (walked.empty() ? "the value" : walked) + ", which is " +
                                             abbreviated(current));
    }
    walked += p.index >= 0 ? "[" + std::to_string(p.index) + "]" : "." + p.key;
    current = std::move(*next);
  }
  return current;
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

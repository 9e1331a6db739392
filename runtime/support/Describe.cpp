#include "support/Describe.h"

#include "wfc/names.h"

namespace wfc {

const char *describeType(const Value &v) {
  switch (v.type()) {
    case Value::Type::Null: return "null";
    case Value::Type::Boolean: return "a boolean";
    case Value::Type::Integer:
    case Value::Type::Number: return "a number";
    case Value::Type::String: return "a string";
    case Value::Type::Array: return "an array";
    case Value::Type::Object: return "an object";
  }
  return "a value";
}

std::string headOf(const std::string &text, size_t limit) {
  return text.size() <= limit ? text : text.substr(0, limit) + "…";
}

// Step kinds and actions are named where the compiler names them (<wfc/names.h>), so a trace
// spells a kind as the pack and the IR printer do.
const char *spellKind(StepKind kind) { return names::spell(kind); }

const char *spellAction(ActionKind kind) { return names::spell(kind); }

}  // namespace wfc

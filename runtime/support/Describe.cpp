#include "support/Describe.h"

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

const char *spellKind(StepKind kind) {
  switch (kind) {
    case StepKind::Tool: return "tool";
    case StepKind::Branch: return "branch";
    case StepKind::Parallel: return "parallel";
    case StepKind::Subflow: return "wfc.subflow";
    case StepKind::Prompt: return "prompt";
    case StepKind::Agent: return "agent";
    case StepKind::Foreach: return "wfc.foreach";
    case StepKind::Loop: return "wfc.loop";
    case StepKind::Judge: return "wfc.judge";
    case StepKind::Action: return "action";
    case StepKind::Block: return "block";
  }
  return "step";
}

const char *spellAction(ActionKind kind) {
  switch (kind) {
    case ActionKind::Shell: return "shell";
    case ActionKind::ReadFile: return "read-file";
    case ActionKind::WriteFile: return "write-file";
    case ActionKind::ParseJson: return "parse-json";
    case ActionKind::Notify: return "notify";
    case ActionKind::Stop: return "stop";
    case ActionKind::ReadInput: return "read-input";
  }
  return "action";
}

}  // namespace wfc

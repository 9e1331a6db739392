// The `mock` binding (docs/bindings.md): a tool that returns a fixed `result`, or renders a `template`
// with the call's arguments — for dry runs and tests.
//
// A template is any JSON value. Its strings (not its object keys) may contain placeholders
// `{{args}}`, `{{args.key}}`, `{{args.key.0}}`, `{{args.list[2].name}}` (spaces inside the braces
// are allowed). A string that is exactly one placeholder becomes the argument's value unchanged
// (an object, a number…); a placeholder inside a longer string is replaced by the value as text
// (strings raw, anything else as compact JSON). A placeholder whose path the arguments lack is
// an error at call time; `{{` that does not start a valid placeholder is an error when the mock is
// made.
#pragma once

#include "wfc/value.h"

#include <string>
#include <vector>

namespace wfc::tools {

class MockTool {
 public:
  static MockTool fixed(Value result);
  // Throws wfc::Error (ErrorKind::Usage) naming a malformed placeholder.
  static MockTool fromTemplate(Value templ);

  // The result; throws wfc::Error (ErrorKind::StepFailed) when a placeholder's path is missing
  // from the arguments. Thread-safe.
  Value call(const Value &args) const;

  bool isTemplate() const { return isTemplate_; }

 private:
  MockTool(Value value, bool isTemplate) : value_(std::move(value)), isTemplate_(isTemplate) {}
  Value value_;
  bool isTemplate_ = false;
};

}  // namespace wfc::tools

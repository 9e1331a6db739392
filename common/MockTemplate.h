// The placeholders of a mock binding's template (docs/bindings.md "mock"): `{{args}}`,
// `{{args.key}}`, `{{args.list[2].name}}` inside the template's strings. The bindings file reader
// checks a template when it reads it; the mock tool (runtime/core/tools/MockTool.h) renders it
// with each call's arguments.
#pragma once

#include "wfc/value.h"

namespace wfc {

// Throws wfc::Error(Usage) "mock template: malformed placeholder '…': why" for the first
// malformed placeholder of any string in `templ`.
void validateMockTemplate(const Value &templ);

// `templ` with each placeholder replaced by the argument it names: a string that is exactly one
// placeholder becomes that value unchanged, a placeholder inside a longer string its text (strings
// raw, anything else as compact JSON). Throws wfc::Error(StepFailed) for a path `args` lacks.
Value renderMockTemplate(const Value &templ, const Value &args);

}  // namespace wfc

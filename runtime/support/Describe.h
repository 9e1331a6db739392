// How run-time messages show values: a value's JSON type as a noun phrase, and the start of a
// long text. One spelling for every message that names a value (predicates, foreach items,
// LLM replies).
#pragma once

#include "wfc/program.h"
#include "wfc/value.h"

#include <string>

namespace wfc {

// "null", "a boolean", "a number", "a string", "an array", "an object".
const char *describeType(const Value &v);

// A step kind as packs spell it, for traces, reports and plans: "tool", "wfc.loop", "action", …
const char *spellKind(StepKind kind);
// An action as AWL spells it: "shell", "read-file", … (docs/awl.md).
const char *spellAction(ActionKind kind);

// `text` when it has at most `limit` bytes, else its first `limit` bytes and "…".
std::string headOf(const std::string &text, size_t limit);

}  // namespace wfc

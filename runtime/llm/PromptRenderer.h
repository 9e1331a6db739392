// Renders a prompt's system template (docs/llm.md "Prompt steps"). The template was split into literal
// text and lookups by the compiler, so rendering is concatenation: no parsing at run time.
//
// Variables: each declared variable's default, overridden by the keys of an object input (a
// string input, or none, binds nothing). A lookup that finds no value fails the step naming the
// variable and what would have supplied it. {{workflow_context}} and {{artifacts.NAME}} read the
// workflow; unset, they render as nothing.
#pragma once

#include "wfc/program.h"

#include <string>

namespace wfc::llm {

// `workflow` is the run's {"context", "artifacts"} when the program runs a workflow (for
// {{workflow_context}} and {{artifacts.NAME}}), else null.
std::string renderSystemTemplate(const PromptDecl &prompt, const Value &input, const Value *workflow = nullptr);

}  // namespace wfc::llm

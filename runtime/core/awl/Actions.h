// AWL's built-in actions (docs/awl.md "Actions"): what an Action step's StepContext::act runs.
// Each takes the arguments the compiler built (ir/Step.h ActionKind lists them) and returns the
// step's output; a failure throws wfc::Error.
#pragma once

#include "wfc/cancellation.h"
#include "wfc/program.h"
#include "wfc/value.h"

#include <string>

namespace wfc {
class Run;
}

namespace wfc::awl {

// What an action sees of the run and of the attempt it is.
struct ActionContext {
  Run &run;
  const std::string &stepPath;
  unsigned attempt;
  const CancellationToken &cancel;
  const std::string &span;  // the attempt's span: the parent of a notification's trace line
  const Value &input;       // the run's input (read-ts, read-prd)
};

Value perform(ActionKind kind, const Value &args, const ActionContext &ctx);

// The actions, one per file of this directory.
Value runShell(const Value &args, const ActionContext &ctx);      // ShellAction.cpp
Value readFile(const Value &args);                                // FileActions.cpp
Value writeFile(const Value &args);                               // FileActions.cpp

// The argument `name` of an action: a string (throws otherwise), or `fallback` when absent or
// null.
std::string stringArgument(const Value &args, const char *name, const char *action, const char *fallback = nullptr);

}  // namespace wfc::awl

// A shell action's command, lowered under the taint rule (docs/awl.md "Shell commands and taint"):
// the author's text, with each constant spliced in as written and each run-time value replaced by
// a reference to an environment variable (WFC_V1, WFC_V2, … — one per distinct expression) placed
// to suit the quoting around it (ShellQuoting.h). The result is the constant command and the
// values those variables take.
#pragma once

#include "frontend/awl/ExpressionLowering.h"

#include <optional>
#include <string>
#include <vector>

namespace wfc::awl {

struct ShellCommand {
  std::string text;                                    // the constant command
  std::vector<std::pair<std::string, ir::Value>> values;  // WFC_Vn → its run-time value
};

std::optional<ShellCommand> lowerShellCommand(const Where &where, ExpressionLowering &names, DiagnosticEngine &diags);

}  // namespace wfc::awl

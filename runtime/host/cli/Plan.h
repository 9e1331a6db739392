// --dry-run (docs/executable.md): what a run would run, in declaration order, with each tool's
// binding — compositions and their steps, a workflow's states — without running anything.
#pragma once

#include "core/tools/ToolTable.h"
#include "wfc/program.h"
#include "wfc/value.h"

#include <nlohmann/json.hpp>

namespace wfc {

nlohmann::ordered_json plan(const ProgramDecl &program, const ToolTable &tools, const Value &input);

}  // namespace wfc

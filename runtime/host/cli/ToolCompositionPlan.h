// What `--dry-run` adds for a tool composition (docs/tool-composition.md "Dry run"): the failure
// policy, each step's result key, attempts, timeout and rollback, and the waves the static plan
// runs — the steps that start together once the waves before them are done.
#pragma once

#include "core/tools/ToolTable.h"
#include "wfc/program.h"

#include <nlohmann/json.hpp>

namespace wfc {

// Adds to `composition` (the plan's entry for `decl`, whose "steps" are in table order).
void addToolCompositionPlan(nlohmann::ordered_json &composition, const CompositionDecl &decl, const ProgramDecl &program,
                            const ToolTable &tools);

}  // namespace wfc

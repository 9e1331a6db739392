// The workflow state machine (docs/workflows.md) → C++: one function per state (`state_<name>`:
// one visit), the transition table as a `switch`, the StateDecl table and the WorkflowDecl that
// the runtime's state machine drives.
#pragma once

#include "codegen/EmitContext.h"
#include "codegen/Printer.h"

#include <string>

namespace wfc::codegen {

// The state graph as comment lines for the generated file's banner: each state with its kind,
// each transition, max_visits redirections, terminal states.
std::string stateGraphComment(const ir::Workflow &workflow);

// Emits namespace `state`, the state functions, `transition`, kStates and kWorkflow. Needs the
// compositions and prompts the states run to be named in `ctx` already.
void emitWorkflow(Printer &p, EmitContext &ctx, const ir::Workflow &workflow);

}  // namespace wfc::codegen

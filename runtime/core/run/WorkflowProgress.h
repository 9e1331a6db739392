// Where a run's workflow is (docs/evals.md "Workflow"): the state being visited and the
// transitions made so far, in order — what the workflow eval types read, as PromptKit's read the
// workflow_current_state, workflow_complete and workflow_transitions its test harness supplies.
#pragma once

#include <string>
#include <vector>

namespace wfc {

struct WorkflowTransition {
  std::string from, to, event;
};

struct WorkflowProgress {
  std::string state;      // the state being visited
  bool terminal = false;  // it is terminal: the workflow is complete (PromptKit's IsTerminal)
  std::vector<WorkflowTransition> transitions;
};

}  // namespace wfc

// Where a run's workflow is (docs/evals.md "Workflow"): the state being visited, the
// transitions made so far, in order, and the states that spoke — what the workflow eval types read, as PromptKit's read the
// workflow_current_state, workflow_complete and workflow_transitions its test harness supplies.
#pragma once

#include <algorithm>
#include <mutex>
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

  // `state` produced a reply with text (spoke_in_state reads the states that did, in the order
  // each first did, as PromptKit reads its messages' state stamps). Steps of one state may end
  // at once.
  void spokeIn(const std::string &spoken) {
    std::lock_guard lock(mutex_);
    if (std::find(spoke_.begin(), spoke_.end(), spoken) == spoke_.end()) spoke_.push_back(spoken);
  }
  std::vector<std::string> statesThatSpoke() const {
    std::lock_guard lock(mutex_);
    return spoke_;
  }

 private:
  mutable std::mutex mutex_;
  std::vector<std::string> spoke_;
};

}  // namespace wfc

// The workflow state machine: states, transitions and their rules (SPEC §3 "Workflow",
// RFC 0010's WorkflowState amendment), and what the pack runs when it has no workflow.
#pragma once

#include "sema/CompositionBuilder.h"
#include "sema/SemaContext.h"

namespace wfc::sema {

class WorkflowChecker {
 public:
  WorkflowChecker(SemaContext &ctx, CompositionBuilder &compositions) : ctx_(ctx), compositions_(compositions) {}

  // `selected`: the --composition the user picked, if any.
  void check(const DocNode &root, const std::string &selected);

 private:
  void checkState(ir::State &state, const DocNode &node);
  void checkReachability(const ir::Workflow &wf, const std::map<std::string, const DocNode *> &nodes);

  SemaContext &ctx_;
  CompositionBuilder &compositions_;
};

}  // namespace wfc::sema

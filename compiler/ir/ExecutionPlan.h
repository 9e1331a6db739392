// The static plan codegen emits for a composition: for each step, the steps it waits for at run
// time and its position in -O0 order. At -O0 (no schedule) a list's steps wait for the one before
// them in reference order; once passes/Parallelize has scheduled the composition, for the steps
// its dependence analysis kept. Either way the runtime does no graph work.
#pragma once

#include "ir/Module.h"

#include <map>
#include <vector>

namespace wfc::ir {

struct StepPlan {
  std::vector<const Step *> waitsFor;  // same list; empty for parallel branches and foreach steps
  unsigned order = 0;  // position in reference order within its list; a parallel's branches share it
};

class ExecutionPlan {
 public:
  explicit ExecutionPlan(const Composition &composition);

  const StepPlan &of(const Step &step) const { return plans_.at(&step); }

 private:
  void planList(const std::vector<std::unique_ptr<Step>> &list, bool scheduled);
  std::map<const Step *, StepPlan> plans_;
};

}  // namespace wfc::ir

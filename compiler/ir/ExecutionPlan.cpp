#include "ir/ExecutionPlan.h"

#include "ir/ReferenceOrder.h"

namespace wfc::ir {
namespace {

// A parallel's branches (and theirs) start with their block: they share its order.
void shareOrder(const Step &block, unsigned order, std::map<const Step *, StepPlan> &plans) {
  for (const auto &child : block.children) {
    plans[child.get()].order = order;
    if (child->kind == StepKind::Parallel) shareOrder(*child, order, plans);
  }
}

}  // namespace

ExecutionPlan::ExecutionPlan(const Composition &composition) {
  planList(composition.steps, composition.scheduled);
  // wfc.loop steps (one iteration at a time), blocks and foreach steps (one item each) are lists
  // of their own.
  forEachStep(composition.steps, [&](const Step &s) {
    if (s.kind == StepKind::Loop || s.kind == StepKind::Block) planList(s.children, composition.scheduled);
    if (s.kind == StepKind::Foreach)
      for (const auto &child : s.children) {
        plans_[child.get()];
        // A parallel run per item plans its branches like any other parallel's.
        if (child->kind == StepKind::Parallel) shareOrder(*child, 0, plans_);
      }
  });
}

void ExecutionPlan::planList(const std::vector<std::unique_ptr<Step>> &list, bool scheduled) {
  const Step *previous = nullptr;
  unsigned order = 0;
  for (const Step *s : referenceOrder(list)) {
    StepPlan &plan = plans_[s];
    plan.order = order;
    if (scheduled)
      plan.waitsFor = s->waitsFor;
    else if (previous)
      plan.waitsFor = {previous};
    if (s->kind == StepKind::Parallel) shareOrder(*s, order, plans_);
    previous = s;
    ++order;
  }
}

}  // namespace wfc::ir

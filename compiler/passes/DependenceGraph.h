// Dependence analysis of one list of steps (a composition's top level, or a wfc.loop's steps):
// which step must finish before which, and why. What the optimizer may not reorder:
//   data       — a reference `${s.output…}` (anywhere inside the step) to an earlier step;
//   control    — a branch and the targets it guards, a step and its wfc.on_error fallback;
//   depends_on — written in the pack; never relaxed (docs/semantics.md);
//   effect     — docs/semantics.md's guarantee: a `read` step after the last `write` before it; a `write`
//                step after every step before it (the previous `write` and all steps since);
//   budget     — with an engine.budget.max_tool_calls, each step that may call a tool after the
//                previous one: the calls are counted in -O0 order, so the same call is the one
//                over the budget.
// The implicit "follows the previous step" order is not a dependence: it is what the optimizer
// relaxes. A block (parallel, loop, foreach) stands for everything inside it; references to
// steps outside the list are satisfied before the list runs and are left out.
#pragma once

#include "ir/Module.h"

#include <boost/graph/adjacency_list.hpp>

#include <map>
#include <vector>

namespace wfc::passes {

enum class DependenceKind { Data, Control, DependsOn, Effect, Budget };
const char *spell(DependenceKind kind);

class DependenceGraph {
 public:
  // `countsToolCalls`: the run has a tool-call budget (budget edges).
  DependenceGraph(const std::vector<std::unique_ptr<ir::Step>> &list, bool countsToolCalls);

  // The list's steps in reference order (-O0 order).
  const std::vector<const ir::Step *> &steps() const { return steps_; }
  // What `step` must wait for, in reference order, each with the first reason found.
  std::vector<std::pair<const ir::Step *, DependenceKind>> predecessors(const ir::Step *step) const;
  // The predecessors left once those implied by others are dropped (the transitive reduction):
  // the static plan's `after` lists.
  std::vector<const ir::Step *> essentialPredecessors(const ir::Step *step) const;
  // Parallel groups: steps whose longest chain of dependences from the start has the same length
  // can run at once. Groups in order; steps in each in reference order.
  std::vector<std::vector<const ir::Step *>> levels() const;

 private:
  using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::bidirectionalS, boost::no_property,
                                      boost::property<boost::edge_name_t, DependenceKind>>;
  void addEdge(unsigned from, unsigned to, DependenceKind kind);

  std::vector<const ir::Step *> steps_;
  std::map<const ir::Step *, unsigned> position_;
  Graph graph_;
};

}  // namespace wfc::passes

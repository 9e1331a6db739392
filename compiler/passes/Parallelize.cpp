// parallelize: replace the -O0 order (each step after the one before it) with a static plan in
// which each step waits only for what it depends on (passes/DependenceGraph), so independent
// steps written in sequence run at once. The plan is each step's `waitsFor`; codegen emits it as
// the step table's `after` lists, and the runtime follows them without any graph work.
#include "passes/DependenceGraph.h"
#include "passes/Pass.h"

namespace wfc::passes {
namespace {

class Parallelize final : public Pass {
 public:
  const char *name() const override { return "parallelize"; }
  const char *summary() const override {
    return "runs independent steps at once: each step waits only for its data, control, depends_on and effect "
           "dependences";
  }

  bool run(ir::Module &module) override {
    bool changed = false;
    // A tool-call budget counts calls in order: keep the tool calls in -O0 order (docs/optimizer.md).
    bool budget = module.workflow && module.workflow->budget.maxToolCalls;
    for (auto &c : module.compositions) {
      // Steps that share mutable variables keep their order (docs/awl.md "Variables").
      if (c->variableStore) continue;
      planList(c->steps, budget, changed);
      ir::forEachMutableStep(c->steps, [&](ir::Step &s) {
        if (s.kind == ir::StepKind::Loop) planList(s.children, budget, changed);
      });
      c->scheduled = true;
    }
    return changed;
  }

 private:
  static void planList(ir::StepList &list, bool budget, bool &changed) {
    DependenceGraph graph(list, budget);
    const ir::Step *previous = nullptr;
    for (const ir::Step *s : graph.steps()) {
      std::vector<const ir::Step *> waits = graph.essentialPredecessors(s);
      // Changed: anything but the -O0 plan (the previous step in reference order, alone).
      std::vector<const ir::Step *> sequential;
      if (previous) sequential.push_back(previous);
      if (waits != sequential) changed = true;
      const_cast<ir::Step *>(s)->waitsFor = std::move(waits);
      previous = s;
    }
  }
};

}  // namespace

std::unique_ptr<Pass> createParallelizePass() { return std::make_unique<Parallelize>(); }

}  // namespace wfc::passes

#include "graph/StepGraph.h"

namespace wfc::graph {
namespace {

const char *guardName(ir::Guard g) {
  switch (g) {
    case ir::Guard::Then: return "then";
    case ir::Guard::Else: return "else";
    case ir::Guard::Fallback: return "fallback";
    case ir::Guard::None: return "";
  }
  return "";
}

class Builder {
 public:
  Builder(StepGraph &g, const std::function<std::string(llvm::SMLoc)> &location) : g_(g), location_(location) {}

  void composition(const ir::Composition &c) {
    g_.clusters.push_back({c.name, c.name, "composition", ""});
    steps(c, c.steps, c.name);
    ir::forEachStep(c.steps, [&](const ir::Step &s) { edges(c, s); });
  }

  void workflow(const ir::Workflow &wf) {
    g_.entryState = wf.entry;
    for (const ir::State &s : wf.states) {
      Node n;
      n.id = "state:" + s.name;
      n.label = s.name;
      n.kind = ir::spell(s.kind);
      n.location = location_(s.loc);
      n.terminal = s.terminal || s.onEvent.empty();
      g_.nodes.push_back(n);
    }
    for (const ir::State &s : wf.states) {
      if (s.composition) g_.edges.push_back({"state:" + s.name, s.composition->name, "runs", ""});
      if (!(s.terminal || s.onEvent.empty()))
        for (const auto &[event, target] : s.onEvent)
          g_.edges.push_back({"state:" + s.name, "state:" + target, "transition", event});
      if (s.maxVisits && !s.onMaxVisits.empty())
        g_.edges.push_back({"state:" + s.name, "state:" + s.onMaxVisits, "max_visits",
                            "max_visits " + std::to_string(*s.maxVisits)});
    }
  }

 private:
  std::string id(const ir::Composition &c, const ir::Step &s) { return c.name + "/" + s.id; }

  void steps(const ir::Composition &c, const std::vector<std::unique_ptr<ir::Step>> &list, const std::string &cluster) {
    for (const auto &s : list) {
      Node n;
      n.id = id(c, *s);
      n.label = s->id;
      n.kind = ir::spell(s->kind);
      n.effect = ir::spell(s->effect);  // sema's: a composite step has its parts' strongest
      n.location = location_(s->loc);
      n.cluster = cluster;
      n.guard = guardName(s->guard);
      g_.nodes.push_back(n);
      if (!s->children.empty()) {
        g_.clusters.push_back({n.id, s->id, n.kind, cluster});
        steps(c, s->children, n.id);
      }
    }
  }

  void edges(const ir::Composition &c, const ir::Step &s) {
    for (const ir::Step *a : s.after) {
      std::string kind = s.explicitDependsOn ? "depends_on" : "order";
      if (a == s.guardedBy && (s.guard == ir::Guard::Then || s.guard == ir::Guard::Else)) kind = guardName(s.guard);
      g_.edges.push_back({id(c, *a), id(c, s), kind, ""});
    }
    // A branch target may follow another step than its branch; the branch's choice is an edge too.
    if ((s.guard == ir::Guard::Then || s.guard == ir::Guard::Else) && s.guardedBy &&
        std::find(s.after.begin(), s.after.end(), s.guardedBy) == s.after.end())
      g_.edges.push_back({id(c, *s.guardedBy), id(c, s), guardName(s.guard), ""});
    for (const ir::Step *d : s.dataDeps)
      if (std::find(s.after.begin(), s.after.end(), d) == s.after.end()) g_.edges.push_back({id(c, *d), id(c, s), "data", ""});
    if (s.modifiers.fallback) g_.edges.push_back({id(c, s), id(c, *s.modifiers.fallback), "on_error", ""});
    if (s.kind == ir::StepKind::Subflow && s.callee) g_.edges.push_back({id(c, s), s.callee->name, "calls", ""});
  }

  StepGraph &g_;
  const std::function<std::string(llvm::SMLoc)> &location_;
};

}  // namespace

StepGraph buildStepGraph(const ir::Module &module, const std::vector<const ir::Composition *> &compositions,
                         const ir::Workflow *workflow, const std::function<std::string(llvm::SMLoc)> &location) {
  StepGraph g;
  g.pack = module.id;
  Builder b(g, location);
  for (const ir::Composition *c : compositions) b.composition(*c);
  if (workflow) b.workflow(*workflow);
  return g;
}

}  // namespace wfc::graph

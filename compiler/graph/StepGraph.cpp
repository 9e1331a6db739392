#include "graph/StepGraph.h"

#include <algorithm>
#include <map>
#include <set>

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
    groups_.clear();
    if (c.scheduled) {
      planGroups(c.steps);
      ir::forEachStep(c.steps, [&](const ir::Step &s) {
        if (s.kind == ir::StepKind::Loop) planGroups(s.children);
      });
    }
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
        for (const ir::Transition &t : s.onEvent)
          g_.edges.push_back({"state:" + s.name, "state:" + t.target, "transition", t.event});
      if (s.maxVisits && !s.onMaxVisits.empty())
        g_.edges.push_back({"state:" + s.name, "state:" + s.onMaxVisits, "max_visits",
                            "max_visits " + std::to_string(*s.maxVisits)});
    }
  }

 private:
  std::string id(const ir::Composition &c, const ir::Step &s) { return c.name + "/" + s.id; }

  // Each step's parallel group: the length of the longest chain of plan edges before it.
  void planGroups(const std::vector<std::unique_ptr<ir::Step>> &list) {
    // waitsFor points to earlier steps of reference order, which is not declaration order:
    // resolve on demand.
    std::function<int(const ir::Step *)> level = [&](const ir::Step *s) {
      if (auto it = groups_.find(s); it != groups_.end()) return it->second;
      int l = 0;
      for (const ir::Step *p : s->waitsFor) l = std::max(l, level(p) + 1);
      return groups_[s] = l;
    };
    for (const auto &s : list) level(s.get());
  }

  // The cluster of the steps inlined from call `exit` (created with its parents on first use).
  std::string inlinedCluster(const ir::Composition &c, const ir::Step &exit, const std::string &outer) {
    std::string cid = id(c, exit) + "/inlined";
    if (inlinedClusters_.insert(cid).second)
      g_.clusters.push_back({cid, exit.id + " ← " + (exit.callee ? exit.callee->name : std::string()), "inlined", outer});
    return cid;
  }

  void steps(const ir::Composition &c, const std::vector<std::unique_ptr<ir::Step>> &list, const std::string &listCluster) {
    for (const auto &s : list) {
      std::string cluster = listCluster;
      // Steps inlined from a call (not the inner steps of an inlined block: they are in their block).
      if (s->inlinedInto && (!s->parent || s->parent->kind == ir::StepKind::Loop)) cluster = callCluster(c, *s, listCluster);
      Node n;
      n.id = id(c, *s);
      n.label = s->id;
      // A built-in action shows which one it is: "shell", "read-file", … (docs/awl.md).
      n.kind = s->kind == ir::StepKind::Action ? ir::spell(s->action) : ir::spell(s->kind);
      n.effect = ir::spell(s->effect);  // sema's: a composite step has its parts' strongest
      n.location = location_(s->loc);
      n.cluster = cluster;
      n.guard = guardName(s->guard);
      if (auto it = groups_.find(s.get()); it != groups_.end()) n.group = it->second;
      g_.nodes.push_back(n);
      if (!s->children.empty()) {
        g_.clusters.push_back({n.id, s->id, n.kind, cluster});
        steps(c, s->children, n.id);
      }
    }
  }

  // The cluster of an inlined step: its call's inlined cluster, inside the cluster of the call
  // itself (which may be inlined from an outer call).
  std::string callCluster(const ir::Composition &c, const ir::Step &s, const std::string &listCluster) {
    const ir::Step &exit = *s.inlinedInto;
    std::string outer = exit.inlinedInto ? callCluster(c, exit, listCluster) : listCluster;
    return inlinedCluster(c, exit, outer);
  }

  void edges(const ir::Composition &c, const ir::Step &s) {
    size_t first = g_.edges.size();
    bool planned = groups_.count(&s) > 0;
    auto afterKind = [&](const ir::Step *a) -> std::string {
      if (a == s.guardedBy && (s.guard == ir::Guard::Then || s.guard == ir::Guard::Else)) return guardName(s.guard);
      return s.explicitDependsOn ? "depends_on" : "order";
    };
    // Relaxed by the optimizer: the plan edges say what holds.
    auto kept = [&](const ir::Step *a) { return !(planned && afterKind(a) == "order"); };
    for (const ir::Step *a : s.after)
      if (kept(a)) g_.edges.push_back({id(c, *a), id(c, s), afterKind(a), ""});
    // A branch target may follow another step than its branch; the branch's choice is an edge too.
    if ((s.guard == ir::Guard::Then || s.guard == ir::Guard::Else) && s.guardedBy &&
        std::find(s.after.begin(), s.after.end(), s.guardedBy) == s.after.end())
      g_.edges.push_back({id(c, *s.guardedBy), id(c, s), guardName(s.guard), ""});
    // A data edge already drawn as an `after` edge is not drawn twice.
    for (const ir::Step *d : s.dataDeps)
      if (std::find(s.after.begin(), s.after.end(), d) == s.after.end() || !kept(d))
        g_.edges.push_back({id(c, *d), id(c, s), "data", ""});
    if (s.modifiers.fallback) g_.edges.push_back({id(c, s), id(c, *s.modifiers.fallback), "on_error", ""});
    if (s.kind == ir::StepKind::Subflow && s.callee && s.subflowPart == ir::SubflowPart::Call)
      g_.edges.push_back({id(c, s), s.callee->name, "calls", ""});
    if (!planned) return;
    std::set<std::string> drawn;
    for (size_t i = first; i < g_.edges.size(); ++i) drawn.insert(g_.edges[i].from);
    // A fallback's on_error edge runs from the failing step to it.
    if (s.guard == ir::Guard::Fallback && s.guardedBy) drawn.insert(id(c, *s.guardedBy));
    for (const ir::Step *p : s.waitsFor)
      if (!drawn.count(id(c, *p))) g_.edges.push_back({id(c, *p), id(c, s), "plan", ""});
  }

  StepGraph &g_;
  const std::function<std::string(llvm::SMLoc)> &location_;
  std::map<const ir::Step *, int> groups_;  // the composition being drawn, when scheduled
  std::set<std::string> inlinedClusters_;
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

// The step graph of a composition: control edges (implicit order, branch targets, fallbacks,
// depends_on), data edges (added while resolving references), containment (a block finishes
// after its inner steps) — and the check that it has no cycle, which names the steps that form
// one. Also: wfc.subflow calls between compositions must not recurse.
#include "sema/ModuleChecker.h"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/strong_components.hpp>

#include <deque>
#include <functional>
#include <set>

namespace wfc::sema {

void ModuleChecker::buildGraph(ir::Composition &c) {
  edges_.clear();
  std::function<void(ir::StepList &, ir::Step *)> visit = [&](ir::StepList &list, ir::Step *parent) {
    bool sequential = !parent || parent->kind == ir::StepKind::Loop || parent->kind == ir::StepKind::Block;
    for (size_t i = 0; i < list.size(); ++i) {
      ir::Step &s = *list[i];
      // A guarded step always waits for what guards it — a branch target for its branch's
      // decision, a fallback for the failure it replaces — with or without depends_on.
      if (s.guard != ir::Guard::None && s.guardedBy) {
        s.after.push_back(s.guardedBy);
        edges_.push_back({s.guardedBy, &s,
                          s.guard == ir::Guard::Fallback ? "'" + s.id + "' is the fallback of '" + s.guardedBy->id + "'"
                                                         : "'" + s.id + "' is a target of branch '" + s.guardedBy->id + "'",
                          s.loc});
      }
      if (s.explicitDependsOn) {
        std::set<const ir::Step *> listed;
        for (const ir::StepUse &use : s.dependsOn) {
          const ir::Step *d = use.step;
          llvm::SMLoc loc = use.loc;
          if (d == &s) {
            diags_.error(loc, "step '" + s.id + "' cannot depend on itself");
            continue;
          }
          if (contains(*d, s) || contains(s, *d)) {
            diags_.error(loc, "step '" + s.id + "' cannot depend on '" + d->id + "', which " +
                                  (contains(*d, s) ? "contains it" : "it contains"));
            continue;
          }
          if (const ir::Step *scope = iterationScope(*d); scope && !contains(*scope, s)) {
            diags_.error(loc, "step '" + s.id + "' cannot depend on '" + d->id + "', which runs inside '" + scope->id +
                                  "'; depend on '" + scope->id + "' instead");
            continue;
          }
          bool siblings = false;  // in different branches of one parallel block?
          for (const ir::Step *p = s.parent; p && !siblings; p = p->parent)
            if (p->kind == ir::StepKind::Parallel && contains(*p, *d)) {
              const ir::Step *sa = &s, *da = d;
              while (sa->parent != p) sa = sa->parent;
              while (da->parent != p) da = da->parent;
              siblings = sa != da;
            }
          if (siblings) {
            diags_.error(loc, "step '" + s.id + "' cannot depend on '" + d->id +
                                  "': they are in different branches of one parallel block, which run concurrently");
            continue;
          }
          if (!listed.insert(d).second) {
            diags_.warning(loc, "step '" + s.id + "' lists '" + d->id + "' in 'depends_on' more than once");
            continue;
          }
          // A guarded step's depends_on may name what guards it: already an edge.
          if (std::find(s.after.begin(), s.after.end(), d) != s.after.end()) continue;
          s.after.push_back(d);
          edges_.push_back({d, &s, "'" + s.id + "' depends on '" + d->id + "'", loc});
        }
        continue;
      }
      if (!sequential) continue;  // parallel branches and a foreach's step start together
      if (s.guard == ir::Guard::Then || s.guard == ir::Guard::Else) {
        // a branch target follows its branch (added above)
      } else if (i > 0 && list[i - 1].get() != s.guardedBy) {
        s.after.push_back(list[i - 1].get());
        edges_.push_back({list[i - 1].get(), &s, "'" + s.id + "' follows '" + list[i - 1]->id + "' in steps[]", s.loc});
      }
    }
    for (auto &s : list) visit(s->children, s.get());
  };
  visit(c.steps, nullptr);
  // Containment: a block finishes after its inner steps.
  ir::forEachStep(c.steps, [&](const ir::Step &s) {
    if (s.parent) edges_.push_back({&s, s.parent, "'" + s.parent->id + "' finishes after '" + s.id + "'", s.loc});
  });
}

void ModuleChecker::checkCycles(const ir::Composition &c) {
  std::vector<const ir::Step *> nodes;
  std::map<const ir::Step *, size_t> index;
  ir::forEachStep(c.steps, [&](const ir::Step &s) {
    index[&s] = nodes.size();
    nodes.push_back(&s);
  });
  using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;
  Graph g(nodes.size());
  for (const Edge &e : edges_) boost::add_edge(index[e.from], index[e.to], g);
  std::vector<int> component(nodes.size());
  int count = boost::strong_components(
      g, boost::make_iterator_property_map(component.begin(), boost::get(boost::vertex_index, g)));
  std::vector<std::vector<size_t>> members(count);
  for (size_t i = 0; i < nodes.size(); ++i) members[component[i]].push_back(i);
  // Report each cycle once, at its first step in declaration order, components in that order.
  std::vector<std::vector<size_t>> cyclic;
  for (auto &m : members)
    if (m.size() > 1) cyclic.push_back(m);
  std::sort(cyclic.begin(), cyclic.end());
  for (const auto &m : cyclic) {
    std::set<size_t> inComponent(m.begin(), m.end());
    // Shortest path from the first step back to itself, inside the component.
    size_t start = m.front();
    std::map<size_t, const Edge *> via;
    std::deque<size_t> queue{start};
    bool closed = false;
    const Edge *closing = nullptr;
    while (!queue.empty() && !closed) {
      size_t u = queue.front();
      queue.pop_front();
      for (const Edge &e : edges_) {
        if (index[e.from] != u || !inComponent.count(index[e.to])) continue;
        size_t v = index[e.to];
        if (v == start) {
          closing = &e;
          closed = true;
          break;
        }
        if (!via.count(v)) {
          via[v] = &e;
          queue.push_back(v);
        }
      }
    }
    std::vector<const Edge *> path;
    for (const Edge *e = closing; e;) {
      path.push_back(e);
      size_t from = index[e->from];
      e = from == start ? nullptr : via[from];
    }
    std::reverse(path.begin(), path.end());
    std::string chain = "'" + nodes[start]->id + "'";
    for (size_t i = 0; i < path.size(); ++i) {
      if (i == 24 && path.size() > 30) {  // keep the message one readable line
        chain += " → … (" + std::to_string(path.size() - 30) + " more)";
        i = path.size() - 6;
      }
      chain += " → '" + path[i]->to->id + "'";
    }
    auto diag = diags_.error(nodes[start]->loc, "the steps of composition '" + c.name + "' form a cycle: " + chain);
    constexpr size_t kMaxNotes = 16;  // a 2,000-step cycle needs its steps named, not 2,000 notes
    for (size_t i = 0; i < path.size() && i < kMaxNotes; ++i) diag.note(path[i]->loc, path[i]->why);
    if (path.size() > kMaxNotes) diag.note(path[kMaxNotes]->loc, "… and " + std::to_string(path.size() - kMaxNotes) + " more edges");
  }
}

void ModuleChecker::checkSubflowRecursion() {
  // Calls between compositions; a cycle is reported once, at the call that closes it first.
  std::map<const ir::Composition *, std::vector<const ir::Step *>> calls;
  std::map<const ir::Step *, const ir::Composition *> caller;
  for (const auto &c : module_.compositions)
    ir::forEachStep(c->steps, [&](const ir::Step &s) {
      if (s.kind == ir::StepKind::Subflow && s.callee) {
        calls[c.get()].push_back(&s);
        caller[&s] = c.get();
      }
    });
  std::set<const ir::Composition *> reported;
  for (const auto &c : module_.compositions) {
    // Depth-first from c, looking for a path back to c.
    std::vector<const ir::Step *> stack;
    std::set<const ir::Composition *> seen;
    std::function<bool(const ir::Composition *)> dfs = [&](const ir::Composition *at) -> bool {
      for (const ir::Step *call : calls[at]) {
        stack.push_back(call);
        if (call->callee == c.get()) return true;
        if (seen.insert(call->callee).second && dfs(call->callee)) return true;
        stack.pop_back();
      }
      return false;
    };
    if (!dfs(c.get())) continue;
    bool already = false;
    for (const ir::Step *call : stack) already |= reported.count(caller[call]) > 0;
    if (already) continue;
    std::string chain = "'" + c->name + "'";
    for (const ir::Step *call : stack) {
      chain += " → '" + call->callee->name + "'";
      reported.insert(caller[call]);
    }
    auto diag = diags_.error(stack.front()->loc,
                             "composition '" + c->name + "' calls itself: " + chain + "; wfc.subflow cannot recurse");
    for (size_t i = 1; i < stack.size(); ++i)
      diag.note(stack[i]->loc, "'" + caller[stack[i]]->name + "' calls '" + stack[i]->callee->name + "' here");
  }
}

}  // namespace wfc::sema

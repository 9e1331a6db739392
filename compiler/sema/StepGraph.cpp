// The step graph of a composition: control edges (implicit order, branch targets, depends_on),
// data edges (added while resolving references), containment (a block finishes after its inner
// steps) — and the check that it has no cycle, which names the steps that form one.
#include "sema/CompositionBuilder.h"

#include "support/DidYouMean.h"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/strong_components.hpp>

#include <deque>
#include <set>

namespace wfc::sema {

const ir::Step *CompositionBuilder::iterationScope(const ir::Step &s) {
  for (const ir::Step *p = s.parent; p; p = p->parent)
    if (p->kind == ir::StepKind::Loop || p->kind == ir::StepKind::Foreach) return p;
  return nullptr;
}

bool CompositionBuilder::contains(const ir::Step &outer, const ir::Step &inner) {
  for (const ir::Step *p = inner.parent; p; p = p->parent)
    if (p == &outer) return true;
  return false;
}

bool CompositionBuilder::maySkip(const ir::Step &s, const ir::Step **why) const {
  for (const ir::Step *p = &s; p; p = p->parent) {
    if (p->guard != ir::Guard::None) {
      if (why) *why = p->guardedBy;
      return true;
    }
  }
  return false;
}

void CompositionBuilder::buildGraph(ir::Composition &c) {
  edges_.clear();
  // Implicit order and explicit depends_on.
  std::function<void(std::vector<std::unique_ptr<ir::Step>> &, ir::Step *)> visit =
      [&](std::vector<std::unique_ptr<ir::Step>> &list, ir::Step *parent) {
        bool sequential = !parent || parent->kind == ir::StepKind::Loop;
        for (size_t i = 0; i < list.size(); ++i) {
          ir::Step &s = *list[i];
          const DocNode &node = *stepInfo_[&s].node;
          // A guarded step always waits for what guards it — a branch target for its branch's
          // decision, a fallback for the failure it replaces — with or without depends_on.
          if (s.guard != ir::Guard::None && s.guardedBy) {
            s.after.push_back(s.guardedBy);
            edges_.push_back({s.guardedBy, &s,
                              s.guard == ir::Guard::Fallback
                                  ? "'" + s.id + "' is the fallback of '" + s.guardedBy->id + "'"
                                  : "'" + s.id + "' is a target of branch '" + s.guardedBy->id + "'",
                              s.loc});
          }
          if (const DocNode *deps = field(node, "depends_on"); deps && deps->isSequence()) {
            s.explicitDependsOn = true;
            std::set<const ir::Step *> listed;
            for (const auto &[id, loc] : stringList(node, "depends_on")) {
              ir::Step *d = lookupStep(c, id, loc, "'depends_on' of step '" + s.id + "'");
              if (!d) continue;
              if (d == &s) {
                ctx_.diags.error(loc, "step '" + s.id + "' cannot depend on itself");
                continue;
              }
              if (contains(*d, s) || contains(s, *d)) {
                ctx_.diags.error(loc, "step '" + s.id + "' cannot depend on '" + d->id + "', which " +
                                          (contains(*d, s) ? "contains it" : "it contains"));
                continue;
              }
              if (const ir::Step *scope = iterationScope(*d); scope && !contains(*scope, s)) {
                ctx_.diags.error(loc, "step '" + s.id + "' cannot depend on '" + d->id + "', which runs inside '" +
                                          scope->id + "'; depend on '" + scope->id + "' instead");
                continue;
              }
              const ir::Step *sa = &s, *da = d;  // sibling branches of one parallel block?
              bool siblings = false;
              for (const ir::Step *p = s.parent; p && !siblings; p = p->parent)
                if (p->kind == ir::StepKind::Parallel && contains(*p, *d)) {
                  for (sa = &s; sa->parent != p; sa = sa->parent) {}
                  for (da = d; da->parent != p; da = da->parent) {}
                  siblings = sa != da;
                }
              if (siblings) {
                ctx_.diags.error(loc, "step '" + s.id + "' cannot depend on '" + d->id +
                                          "': they are in different branches of one parallel block, which run "
                                          "concurrently");
                continue;
              }
              if (!listed.insert(d).second) {
                ctx_.diags.warning(loc, "step '" + s.id + "' lists '" + d->id + "' in 'depends_on' more than once");
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

void CompositionBuilder::checkCycles(ir::Composition &c) {
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
  int count = boost::strong_components(g, boost::make_iterator_property_map(component.begin(),
                                                                            boost::get(boost::vertex_index, g)));
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
    auto diag = ctx_.diags.error(nodes[start]->loc, "the steps of composition '" + c.name +
                                                        "' form a cycle: " + chain);
    constexpr size_t kMaxNotes = 16;  // a 2,000-step cycle needs its steps named, not 2,000 notes
    for (size_t i = 0; i < path.size() && i < kMaxNotes; ++i) diag.note(path[i]->loc, path[i]->why);
    if (path.size() > kMaxNotes)
      diag.note(path[kMaxNotes]->loc, "… and " + std::to_string(path.size() - kMaxNotes) + " more edges");
  }
}

void CompositionBuilder::checkSubflowRecursion() {
  // Calls between compositions; a cycle is reported once, at the call that closes it first.
  std::map<const ir::Composition *, std::vector<const ir::Step *>> calls;
  for (const auto &c : ctx_.module.compositions)
    ir::forEachStep(c->steps, [&](const ir::Step &s) {
      if (s.kind == ir::StepKind::Subflow && s.callee) calls[c.get()].push_back(&s);
    });
  std::set<const ir::Composition *> reported;
  for (const auto &c : ctx_.module.compositions) {
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
    for (const ir::Step *call : stack) already |= reported.count(stepInfo_[call].composition) > 0;
    if (already) continue;
    std::string chain = "'" + c->name + "'";
    for (const ir::Step *call : stack) {
      chain += " → '" + call->callee->name + "'";
      reported.insert(stepInfo_[call].composition);
    }
    auto diag = ctx_.diags.error(stack.front()->loc, "composition '" + c->name + "' calls itself: " + chain +
                                                         "; wfc.subflow cannot recurse");
    for (size_t i = 1; i < stack.size(); ++i)
      diag.note(stack[i]->loc, "'" + stepInfo_[stack[i]].composition->name + "' calls '" +
                                   stack[i]->callee->name + "' here");
  }
}

}  // namespace wfc::sema

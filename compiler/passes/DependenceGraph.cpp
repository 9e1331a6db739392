#include "passes/DependenceGraph.h"

#include "ir/ReferenceOrder.h"

#include <boost/graph/topological_sort.hpp>

#include <algorithm>
#include <optional>

namespace wfc::passes {

const char *spell(DependenceKind kind) {
  switch (kind) {
    case DependenceKind::Data: return "data";
    case DependenceKind::Control: return "control";
    case DependenceKind::DependsOn: return "depends_on";
    case DependenceKind::Effect: return "effect";
    case DependenceKind::Budget: return "budget";
  }
  return "?";
}

namespace {

// Whether running the step may call a tool (itself, an agent's loop, or a step inside it or its callee).
bool mayCallTools(const ir::Step &s) {
  if (s.kind == ir::StepKind::Tool || (s.kind == ir::StepKind::Agent && !s.tools.empty())) return true;
  if (s.kind == ir::StepKind::Subflow && s.subflowPart == ir::SubflowPart::Call && s.callee)
    for (const auto &inner : s.callee->steps)
      if (mayCallTools(*inner)) return true;
  for (const auto &child : s.children)
    if (mayCallTools(*child)) return true;
  return false;
}

}  // namespace

DependenceGraph::DependenceGraph(const std::vector<std::unique_ptr<ir::Step>> &list, bool countsToolCalls)
    : steps_(ir::referenceOrder(list)), graph_(steps_.size()) {
  for (unsigned i = 0; i < steps_.size(); ++i) position_[steps_[i]] = i;
  // The position of the list's step that is `s` or contains it; none for a step outside it.
  auto listed = [&](const ir::Step *s) -> std::optional<unsigned> {
    for (; s; s = s->parent)
      if (auto it = position_.find(s); it != position_.end()) return it->second;
    return std::nullopt;
  };
  std::optional<unsigned> lastWrite, lastToolCaller;
  for (unsigned i = 0; i < steps_.size(); ++i) {
    const ir::Step *top = steps_[i];
    // Data, control and depends_on edges from the step and everything inside it.
    std::vector<const ir::Step *> stack = {top};
    while (!stack.empty()) {
      const ir::Step *s = stack.back();
      stack.pop_back();
      auto edge = [&](const ir::Step *from, DependenceKind kind) {
        if (auto at = listed(from); at && *at != i) addEdge(*at, i, kind);
      };
      for (const ir::Step *p : s->dataDeps) edge(p, DependenceKind::Data);
      if (s->guardedBy) edge(s->guardedBy, DependenceKind::Control);
      if (s->explicitDependsOn)
        for (const ir::Step *p : s->after) edge(p, DependenceKind::DependsOn);
      for (const auto &child : s->children) stack.push_back(child.get());
    }
    // Effect edges (docs/semantics.md).
    if (top->effect == ir::Effect::Write) {
      for (unsigned j = lastWrite ? *lastWrite : 0; j < i; ++j) addEdge(j, i, DependenceKind::Effect);
      lastWrite = i;
    } else if (top->effect == ir::Effect::Read && lastWrite) {
      addEdge(*lastWrite, i, DependenceKind::Effect);
    }
    if (countsToolCalls && mayCallTools(*top)) {
      if (lastToolCaller) addEdge(*lastToolCaller, i, DependenceKind::Budget);
      lastToolCaller = i;
    }
  }
}

void DependenceGraph::addEdge(unsigned from, unsigned to, DependenceKind kind) {
  if (!boost::edge(from, to, graph_).second) boost::add_edge(from, to, kind, graph_);
}

std::vector<std::pair<const ir::Step *, DependenceKind>> DependenceGraph::predecessors(const ir::Step *step) const {
  std::vector<std::pair<unsigned, DependenceKind>> found;
  auto kinds = boost::get(boost::edge_name, graph_);
  for (auto [e, end] = boost::in_edges(position_.at(step), graph_); e != end; ++e)
    found.emplace_back(unsigned(boost::source(*e, graph_)), kinds[*e]);
  std::sort(found.begin(), found.end(), [](auto &a, auto &b) { return a.first < b.first; });
  std::vector<std::pair<const ir::Step *, DependenceKind>> out;
  for (auto [at, kind] : found) out.emplace_back(steps_[at], kind);
  return out;
}

std::vector<const ir::Step *> DependenceGraph::essentialPredecessors(const ir::Step *step) const {
  unsigned v = position_.at(step);
  std::vector<unsigned> preds;
  for (auto [e, end] = boost::in_edges(v, graph_); e != end; ++e) preds.push_back(unsigned(boost::source(*e, graph_)));
  std::sort(preds.begin(), preds.end());
  // A predecessor is implied when another predecessor (later in reference order, since every
  // edge goes forward) reaches it backwards. Walk back from the latest ones, marking what they
  // reach; the search stops below the earliest predecessor, so it stays local.
  std::vector<const ir::Step *> out;
  if (preds.empty()) return out;
  unsigned floor = preds.front();
  std::vector<char> reached(v, 0);
  for (auto p = preds.rbegin(); p != preds.rend(); ++p) {
    if (reached[*p]) continue;
    out.push_back(steps_[*p]);
    std::vector<unsigned> stack;
    for (auto [e, end] = boost::in_edges(*p, graph_); e != end; ++e) stack.push_back(unsigned(boost::source(*e, graph_)));
    while (!stack.empty()) {
      unsigned u = stack.back();
      stack.pop_back();
      if (u < floor || reached[u]) continue;
      reached[u] = 1;
      for (auto [e, end] = boost::in_edges(u, graph_); e != end; ++e) stack.push_back(unsigned(boost::source(*e, graph_)));
    }
  }
  std::reverse(out.begin(), out.end());
  return out;
}

std::vector<std::vector<const ir::Step *>> DependenceGraph::levels() const {
  std::vector<unsigned> order;
  boost::topological_sort(graph_, std::back_inserter(order));  // reverse topological order
  std::vector<unsigned> level(steps_.size(), 0);
  unsigned deepest = 0;
  for (auto v = order.rbegin(); v != order.rend(); ++v) {
    for (auto [e, end] = boost::in_edges(*v, graph_); e != end; ++e)
      level[*v] = std::max(level[*v], level[boost::source(*e, graph_)] + 1);
    deepest = std::max(deepest, level[*v]);
  }
  std::vector<std::vector<const ir::Step *>> groups(steps_.empty() ? 0 : deepest + 1);
  for (unsigned i = 0; i < steps_.size(); ++i) groups[level[i]].push_back(steps_[i]);
  return groups;
}

}  // namespace wfc::passes

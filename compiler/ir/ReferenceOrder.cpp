#include "ir/ReferenceOrder.h"

#include <algorithm>
#include <map>
#include <queue>

namespace wfc::ir {
namespace {

const Step *topLevel(const Step *s) {
  while (s->parent) s = s->parent;
  return s;
}

}  // namespace

std::vector<const Step *> referenceOrder(const Composition &composition) {
  std::map<const Step *, unsigned> position;
  for (unsigned i = 0; i < composition.steps.size(); ++i) position[composition.steps[i].get()] = i;
  std::vector<std::vector<unsigned>> successors(composition.steps.size());
  std::vector<unsigned> remaining(composition.steps.size(), 0);
  for (unsigned i = 0; i < composition.steps.size(); ++i) {
    std::vector<const Step *> stack = {composition.steps[i].get()};
    std::vector<unsigned> preds;
    while (!stack.empty()) {
      const Step *s = stack.back();
      stack.pop_back();
      for (const Step *p : s->after) preds.push_back(position.at(topLevel(p)));
      for (const Step *p : s->dataDeps) preds.push_back(position.at(topLevel(p)));
      for (const auto &child : s->children) stack.push_back(child.get());
    }
    std::sort(preds.begin(), preds.end());
    preds.erase(std::unique(preds.begin(), preds.end()), preds.end());
    for (unsigned p : preds) {
      if (p == i) continue;  // an edge inside one parallel block
      successors[p].push_back(i);
      ++remaining[i];
    }
  }
  // Kahn's algorithm, always taking the earliest ready step in steps[] order.
  std::priority_queue<unsigned, std::vector<unsigned>, std::greater<>> ready;
  for (unsigned i = 0; i < remaining.size(); ++i)
    if (remaining[i] == 0) ready.push(i);
  std::vector<const Step *> order;
  while (!ready.empty()) {
    unsigned i = ready.top();
    ready.pop();
    order.push_back(composition.steps[i].get());
    for (unsigned next : successors[i])
      if (--remaining[next] == 0) ready.push(next);
  }
  return order;
}

}  // namespace wfc::ir

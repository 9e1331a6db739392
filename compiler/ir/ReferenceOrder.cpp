#include "ir/ReferenceOrder.h"

#include <algorithm>
#include <map>
#include <optional>
#include <queue>

namespace wfc::ir {

std::vector<const Step *> referenceOrder(const Composition &composition) { return referenceOrder(composition.steps); }

std::vector<const Step *> referenceOrder(const std::vector<std::unique_ptr<Step>> &steps) {
  std::map<const Step *, unsigned> position;
  for (unsigned i = 0; i < steps.size(); ++i) position[steps[i].get()] = i;
  // The position of the list's step that is `s` or contains it; none for a step outside the list.
  auto listed = [&](const Step *s) -> std::optional<unsigned> {
    for (; s; s = s->parent)
      if (auto it = position.find(s); it != position.end()) return it->second;
    return std::nullopt;
  };
  std::vector<std::vector<unsigned>> successors(steps.size());
  std::vector<unsigned> remaining(steps.size(), 0);
  for (unsigned i = 0; i < steps.size(); ++i) {
    std::vector<const Step *> stack = {steps[i].get()};
    std::vector<unsigned> preds;
    while (!stack.empty()) {
      const Step *s = stack.back();
      stack.pop_back();
      for (const Step *p : s->after)
        if (auto at = listed(p)) preds.push_back(*at);
      for (const Step *p : s->dataDeps)
        if (auto at = listed(p)) preds.push_back(*at);
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
    order.push_back(steps[i].get());
    for (unsigned next : successors[i])
      if (--remaining[next] == 0) ready.push(next);
  }
  return order;
}

}  // namespace wfc::ir

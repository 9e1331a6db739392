#include "host/cli/ToolCompositionPlan.h"

#include <algorithm>

namespace wfc {
namespace {

const char *spell(FailureStrategy s) {
  switch (s) {
    case FailureStrategy::FailFast: return "fail_fast";
    case FailureStrategy::PartialSuccess: return "partial_success";
    case FailureStrategy::Rollback: return "rollback";
    case FailureStrategy::Retry: return "retry";
  }
  return "fail_fast";
}

}  // namespace

void addToolCompositionPlan(nlohmann::ordered_json &composition, const CompositionDecl &decl, const ProgramDecl &program,
                            const ToolTable &tools) {
  const ToolCompositionDecl *tc = decl.toolComposition;
  if (!tc) return;
  composition["failure_strategy"] = spell(tc->strategy);
  composition["rolls_back"] = tc->rollBack;
  nlohmann::ordered_json &steps = composition["steps"];
  for (size_t i = 0; i < decl.steps.size(); ++i) {
    const StepDecl &s = decl.steps[i];
    nlohmann::ordered_json &step = steps[i];
    step["result_key"] = tc->resultKeys[i];
    step["max_attempts"] = s.maxAttempts;
    if (s.timeoutMs) step["timeout_ms"] = s.timeoutMs;
  }
  for (const RollbackDecl &r : tc->rollbacks) {
    const char *tool = program.tools[r.tool].name;
    steps[size_t(r.step)]["rollback"] = {{"tool", tool}, {"binding", tools.describe(tool)}, {"location", r.location}};
  }
  // Waves: a step starts once everything its `after` names is done, so its wave is one past the
  // latest of theirs. A step may wait for one declared after it, so relax until nothing moves
  // (the graph is acyclic: at most one pass per step).
  std::vector<size_t> wave(decl.steps.size(), 0);
  for (bool moved = true; moved;) {
    moved = false;
    for (size_t i = 0; i < decl.steps.size(); ++i)
      for (int a : decl.steps[i].after)
        if (wave[i] < wave[size_t(a)] + 1) wave[i] = wave[size_t(a)] + 1, moved = true;
  }
  size_t waves = 0;
  for (size_t w : wave) waves = std::max(waves, w + 1);
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (size_t w = 0; w < waves; ++w) {
    nlohmann::ordered_json ids = nlohmann::ordered_json::array();
    for (size_t i = 0; i < decl.steps.size(); ++i)
      if (wave[i] == w) ids.push_back(decl.steps[i].id);
    list.push_back(ids);
  }
  composition["waves"] = list;
}

}  // namespace wfc

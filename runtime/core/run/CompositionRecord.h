// What a run's compositions have done so far (docs/evals.md "Workflow"): each step's output, the
// step each branch chose and the parallel blocks whose branches all completed — what PromptKit's
// composition recorder keeps for its composition_* eval types. Steps on several threads record at
// once.
#pragma once

#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>

namespace wfc {

class CompositionRecord {
 public:
  // A step's output, as compact JSON (a text step's is a JSON string: PromptKit's raw JSON).
  void stepDone(const std::string &step, std::string outputJson) {
    std::lock_guard lock(mutex_);
    outputs_[step] = std::move(outputJson);
  }
  // The step a branch chose ("" when it chose none).
  void branchTaken(const std::string &branch, std::string step) {
    std::lock_guard lock(mutex_);
    branches_[branch] = std::move(step);
  }
  void parallelComplete(const std::string &parallel) {
    std::lock_guard lock(mutex_);
    parallels_.insert(parallel);
  }

  std::optional<std::string> output(const std::string &step) const {
    std::lock_guard lock(mutex_);
    auto it = outputs_.find(step);
    return it == outputs_.end() ? std::nullopt : std::optional(it->second);
  }
  std::string branch(const std::string &branch) const {
    std::lock_guard lock(mutex_);
    auto it = branches_.find(branch);
    return it == branches_.end() ? "" : it->second;
  }
  bool complete(const std::string &parallel) const {
    std::lock_guard lock(mutex_);
    return parallels_.count(parallel) > 0;
  }

 private:
  mutable std::mutex mutex_;
  std::map<std::string, std::string> outputs_;
  std::map<std::string, std::string> branches_;
  std::set<std::string> parallels_;
};

}  // namespace wfc

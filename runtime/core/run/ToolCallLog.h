// The tools one attempt of a step called successfully, once per call, in the order the calls
// completed: what the tools_called and tools_not_called evals and an eval's `when` read
// (docs/evals.md). An agent's calls of one round complete on several threads.
#pragma once

#include <mutex>
#include <string>
#include <vector>

namespace wfc::evals {

class ToolCallLog {
 public:
  void add(std::string name) {
    std::lock_guard lock(mutex_);
    names_.push_back(std::move(name));
  }
  std::vector<std::string> names() const {
    std::lock_guard lock(mutex_);
    return names_;
  }

 private:
  mutable std::mutex mutex_;
  std::vector<std::string> names_;
};

}  // namespace wfc::evals

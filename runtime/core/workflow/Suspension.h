// Suspending a run (docs/journal.md): with --journal, an external state that has no event left
// does not fail the run — it throws a Suspension, which the executable turns into exit 4 after
// recording in the journal what the run awaits. `--resume RUN_ID --event NAME` continues it.
// Not a wfc::Error: nothing between the state and the executable may take it for a failure.
#pragma once

#include <exception>
#include <string>
#include <vector>

namespace wfc::workflow {

class Suspension : public std::exception {
 public:
  Suspension(std::string state, std::string visit, std::vector<std::string> events)
      : state_(std::move(state)), visit_(std::move(visit)), events_(std::move(events)) {
    message_ = "suspended at external state '" + state_ + "'";
  }
  const char *what() const noexcept override { return message_.c_str(); }
  const std::string &state() const { return state_; }
  const std::string &visit() const { return visit_; }  // the visit path: "review", "review@2"
  const std::vector<std::string> &events() const { return events_; }

 private:
  std::string state_, visit_;
  std::vector<std::string> events_;
  std::string message_;
};

}  // namespace wfc::workflow

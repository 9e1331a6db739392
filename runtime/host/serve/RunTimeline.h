// A served run's timeline (docs/serve.md "The web page"): the trace lines of the run as it goes,
// kept in memory for GET /runs/{id}/trace while it runs, and recorded in the journal when it
// stops so that its page outlives the process.
#pragma once

#include "core/trace/TraceSink.h"

#include <mutex>
#include <string>
#include <vector>

namespace wfc::serve {

class RunTimeline final : public TraceSink {
 public:
  void record(const TraceRecord &record) override;
  // The lines so far from index `from` on (JSON text, one per event).
  std::vector<std::string> linesFrom(size_t from) const;
  size_t size() const;
  // Every line, each ending in '\n'.
  std::string text() const;

 private:
  mutable std::mutex mutex_;
  std::vector<std::string> lines_;
};

}  // namespace wfc::serve

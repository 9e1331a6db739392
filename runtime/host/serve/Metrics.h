// GET /metrics (docs/serve.md "Metrics"): Prometheus's text format (version 0.0.4) of what the
// server's runs did — runs by status, run, step and LLM call latency histograms, tokens, tool
// calls, evals — and of its HTTP traffic. Fed by every run's trace (a TraceSink) and by the
// REST layer; the runs by status are the journal's, so they survive restarts.
#pragma once

#include "core/journal/RunStatus.h"
#include "core/trace/TraceSink.h"

#include <array>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace wfc::serve {

class Metrics final : public TraceSink {
 public:
  void record(const TraceRecord &record) override;
  // An HTTP response sent with `status`.
  void countResponse(int status);

  struct Gauges {
    std::vector<std::pair<journal::RunStatus, int64_t>> runsByStatus;  // the journal's
    unsigned running = 0, maxRuns = 0;
    bool draining = false;
  };
  std::string render(const Gauges &gauges) const;

  // Upper bounds of the latency histograms' buckets, in seconds.
  static constexpr std::array<double, 15> kBuckets = {0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1,
                                                      2.5,   5,    10,    30,    60,   120, 300};

 private:
  struct Histogram {
    std::array<uint64_t, kBuckets.size()> buckets{};  // not cumulative: the bucket each falls in
    uint64_t count = 0;
    double sum = 0;
    void observe(double seconds);
  };
  using Labels = std::vector<std::pair<std::string, std::string>>;

  mutable std::mutex mutex_;
  std::map<Labels, Histogram> runDurations_, stepDurations_, llmDurations_;
  std::map<Labels, uint64_t> runsFinished_, tokens_, toolCalls_, evals_, responses_;
  std::map<Labels, double> costUsd_;
};

}  // namespace wfc::serve

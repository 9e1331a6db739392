// How far a batch is (docs/batch.md "Progress and summary"): the lines that finished, counted as
// they finish; a progress bar — done/total, succeeded and failed, lines per second, the time
// left — redrawn on standard error a few times a second while the batch runs on a terminal
// (without --quiet); and the summary line printed at the end, always.
#pragma once

#include "core/journal/RunStatus.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace wfc::batch {

struct BatchCounts {
  uint64_t succeeded = 0, failed = 0, suspended = 0;
  uint64_t before = 0;  // of those, finished before this process (a resumed batch)
  uint64_t promptTokens = 0, completionTokens = 0;
  uint64_t done() const { return succeeded + failed + suspended; }
};

// The progress bar's text (no "\r", no newline), from the counts, the lines the batch runs (when
// known), and the seconds this process has run. The rate counts this process's lines only.
std::string progressLine(const BatchCounts &counts, std::optional<uint64_t> total, double seconds);

// "10000 lines: 9998 succeeded, 2 failed; 1234567 tokens (1000000 prompt, 234567 completion);
// 63.2 s, 158.2 lines/s".
std::string summaryLine(const BatchCounts &counts, uint64_t lines, double seconds);

// "1m51s", "4.2s", "2h05m".
std::string formatDuration(double seconds);

class BatchProgress {
 public:
  // `bar`: draw the bar (stderr is a terminal, no --quiet); `total`: the lines the batch runs,
  // when known before it starts.
  BatchProgress(bool bar, std::optional<uint64_t> total);
  ~BatchProgress();
  BatchProgress(const BatchProgress &) = delete;
  BatchProgress &operator=(const BatchProgress &) = delete;

  // A line that finished in this process with `status` (succeeded, failed, suspended), its run's
  // tokens.
  void finished(journal::RunStatus status, uint64_t promptTokens, uint64_t completionTokens);
  // A line the journal holds as finished before this process (a resumed batch).
  void finishedBefore(journal::RunStatus status);
  // Stops drawing and clears the bar (before anything else is printed at the end).
  void stop();

  BatchCounts counts() const;
  double seconds() const;

 private:
  void draw();

  const bool bar_;
  const std::optional<uint64_t> total_;
  const std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  BatchCounts counts_;
  bool stopping_ = false;
  std::thread drawer_;
};

}  // namespace wfc::batch

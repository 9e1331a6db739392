// Times each iteration of a Google Benchmark loop and reports the median and the 99th
// percentile of the per-run wall times as counters (p50_us, p99_us): the mean Google Benchmark
// prints hides the tail the figures need.
#pragma once

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <vector>

namespace wfc::bench {

template <typename Run>
void timeRuns(benchmark::State &state, Run run) {
  std::vector<double> samples;
  for (auto _ : state) {
    auto start = std::chrono::steady_clock::now();
    if (!run()) {
      state.SkipWithError("the run failed");
      return;
    }
    samples.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count());
  }
  if (samples.empty()) return;
  std::sort(samples.begin(), samples.end());
  auto at = [&](double q) { return samples[std::min(samples.size() - 1, size_t(std::ceil(q * samples.size())) - 1)]; };
  state.counters["p50_us"] = at(0.5);
  state.counters["p99_us"] = at(0.99);
  state.counters["runs"] = double(samples.size());
}

}  // namespace wfc::bench

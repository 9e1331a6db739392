// wfc_bench_floor_inprocess: the hand-written floor's shapes under Google Benchmark, with the
// same timing (Samples.h) as the compiled workflows' in-process harness:
//   floor/chain/N, floor/fanout/N, floor/branch, floor/journaled-chain/N/normal|full
//   wfc_bench_floor_inprocess [--chains=10,1000,10000] [--fanouts=8,64]
//                             [--journaled-chain=N --journal-dir=DIR] [--benchmark_… flags]
#include "../inprocess/Samples.h"
#include "Shapes.h"

#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

std::vector<int> sizes(const char *list) {
  std::vector<int> out;
  for (const char *p = list; *p;) {
    out.push_back(std::atoi(p));
    p = std::strchr(p, ',');
    if (!p) break;
    ++p;
  }
  return out;
}

}  // namespace

int main(int argc, char **argv) {
  std::vector<int> chains = {10, 1000, 10000}, fanouts = {8, 64};
  int journaled = 0;
  std::string journalDir;
  std::vector<char *> rest;
  for (int i = 0; i < argc; ++i) {
    if (std::strncmp(argv[i], "--chains=", 9) == 0) chains = sizes(argv[i] + 9);
    else if (std::strncmp(argv[i], "--fanouts=", 10) == 0) fanouts = sizes(argv[i] + 10);
    else if (std::strncmp(argv[i], "--journaled-chain=", 18) == 0) journaled = std::atoi(argv[i] + 18);
    else if (std::strncmp(argv[i], "--journal-dir=", 14) == 0) journalDir = argv[i] + 14;
    else rest.push_back(argv[i]);
  }
  int count = int(rest.size());
  rest.push_back(nullptr);
  benchmark::Initialize(&count, rest.data());
  if (benchmark::ReportUnrecognizedArguments(count, rest.data())) return 2;
  for (int steps : chains)
    benchmark::RegisterBenchmark(("floor/chain/" + std::to_string(steps)).c_str(), [steps](benchmark::State &state) {
      wfc::bench::timeRuns(state, [&] {
        benchmark::DoNotOptimize(wfc::bench::chain(steps, wfc::Value::integer(1)));
        return true;
      });
    })->UseRealTime()->Unit(benchmark::kMicrosecond);
  for (int branches : fanouts)
    benchmark::RegisterBenchmark(("floor/fanout/" + std::to_string(branches)).c_str(), [branches](benchmark::State &state) {
      wfc::bench::timeRuns(state, [&] {
        benchmark::DoNotOptimize(wfc::bench::fanout(branches));
        return true;
      });
    })->UseRealTime()->Unit(benchmark::kMicrosecond);
  if (journaled > 0 && !journalDir.empty())
    for (const char *sync : {"normal", "full"}) {
      std::string name = "floor/journaled-chain/" + std::to_string(journaled) + "/" + sync;
      std::string path = journalDir + "/floor-" + sync + ".db";
      bool full = std::string(sync) == "full";
      benchmark::RegisterBenchmark(name.c_str(), [journaled, path, full](benchmark::State &state) {
        wfc::bench::timeRuns(state, [&] {
          benchmark::DoNotOptimize(wfc::bench::journaledChain(journaled, wfc::Value::integer(1), path, full));
          return true;
        });
      })->UseRealTime()->Unit(benchmark::kMicrosecond);
    }
  benchmark::RegisterBenchmark("floor/branch", [](benchmark::State &state) {
    wfc::bench::timeRuns(state, [&] {
      benchmark::DoNotOptimize(wfc::bench::branch(42));
      return true;
    });
  })->UseRealTime()->Unit(benchmark::kMicrosecond);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}

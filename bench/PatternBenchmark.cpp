// Patterns from packs on long texts (common/Pattern.h, RE2): a model reply of 1 MB against
// patterns that make a backtracking engine take exponential time — the `regex` eval's whole
// check, as a run does it. BENCHMARKS.md records the figures; no test asserts a timing.
#include "common/Pattern.h"
#include "core/evals/Verdict.h"

#include "wfc/program.h"

#include <benchmark/benchmark.h>

#include <string>

namespace {

const std::string &megabyteReply(bool matching) {
  static const std::string yes(1 << 20, 'a');
  static const std::string no = std::string(1 << 20, 'a') + "!";
  return matching ? yes : no;
}

void regexEval(benchmark::State &state, const char *pattern, bool matching) {
  wfc::EvalDecl eval{.id = "bench", .type = wfc::EvalType::Regex, .text = pattern};
  const std::string &reply = megabyteReply(matching);
  for (auto _ : state) benchmark::DoNotOptimize(wfc::evals::checkRegex(eval, reply).passed);
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(reply.size()));
}

BENCHMARK_CAPTURE(regexEval, nested_quantifier_match, "^(a+)+$", true)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(regexEval, nested_quantifier_miss, "^(a+)+$", false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(regexEval, alternation_miss, "(a|aa)*b", false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(regexEval, unanchored_nested_miss, "(a+)+$", false)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();

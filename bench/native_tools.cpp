// The benchmark's native tools, linked into the compiled workflows and into the hand-written
// floor alike, so both do exactly the same work per step:
//   noop       returns its `value` argument (a chain passes one value along without growing it)
//   wait_20ms  waits 20 ms, cancellably (the fan-out shape of BENCHMARKS.md "Targets")
//   stamp      writes CLOCK_MONOTONIC in nanoseconds to the file $WFC_BENCH_STAMP names, so the
//              runner can tell when the first step started (process start to first step)
#include "native_tools.h"

#include <cstdio>
#include <cstdlib>
#include <ctime>

wfc::Value noop(const wfc::Value &args, const wfc::ToolCall &) { return args.get("value").value_or(wfc::Value()); }

wfc::Value wait_20ms(const wfc::Value &args, const wfc::ToolCall &call) {
  call.cancel.waitFor(std::chrono::milliseconds(20));
  return args;
}

wfc::Value stamp(const wfc::Value &args, const wfc::ToolCall &) {
  timespec now{};
  clock_gettime(CLOCK_MONOTONIC, &now);
  if (const char *path = std::getenv("WFC_BENCH_STAMP"); path && *path) {
    if (FILE *file = std::fopen(path, "w")) {
      std::fprintf(file, "%lld\n", static_cast<long long>(now.tv_sec) * 1000000000LL + now.tv_nsec);
      std::fclose(file);
    }
  }
  return args;
}

// wfc_bench_floor: the hand-written floor as a whole process, for the same runner that times the
// compiled workflows (bench/bench.py). Prints the shape's result as one JSON line, as a workflow
// prints its output.
//   wfc_bench_floor chain N | journaled-chain N FILE normal|full | fanout N | branch N | start |
//                   agent BASE_URL ROUNDS | prompts BASE_URL COUNT
#include "Shapes.h"

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

namespace {

int usage() {
  std::fputs("usage: wfc_bench_floor chain N | journaled-chain N FILE normal|full | fanout N | branch N | start | "
             "agent BASE_URL ROUNDS | prompts BASE_URL COUNT\n",
             stderr);
  return 2;
}

}  // namespace

int main(int argc, char **argv) {
  if (argc < 2) return usage();
  const std::string shape = argv[1];
  auto number = [&](int index) { return argc > index ? std::atoi(argv[index]) : -1; };
  try {
    wfc::Value result;
    if (shape == "chain" && argc == 3) result = wfc::bench::chain(number(2), wfc::Value::integer(1));
    else if (shape == "journaled-chain" && argc == 5)
      result = wfc::bench::journaledChain(number(2), wfc::Value::integer(1), argv[3], std::string(argv[4]) == "full");
    else if (shape == "fanout" && argc == 3) result = wfc::bench::fanout(number(2));
    else if (shape == "branch" && argc == 3) result = wfc::bench::branch(number(2));
    else if (shape == "start" && argc == 2) result = wfc::bench::start();
    else if (shape == "agent" && argc == 4) result = wfc::bench::agent(argv[2], number(3));
    else if (shape == "prompts" && argc == 4) result = wfc::bench::parallelPrompts(argv[2], number(3));
    else return usage();
    std::printf("%s\n", result.dump().c_str());
    return 0;
  } catch (const std::exception &e) {
    std::fprintf(stderr, "wfc_bench_floor: %s\n", e.what());
    return 1;
  }
}

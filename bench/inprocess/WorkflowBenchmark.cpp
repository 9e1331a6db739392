// The in-process harness: a Google Benchmark main linked with one compiled workflow, whose
// generated `main` was renamed wfc_workflow_main (-Dmain=wfc_workflow_main, bench/bench.py).
// Each benchmark iteration is one whole run through wfc::runMain — command line, compiled-in
// bindings, the run, the output — without the process around it:
//   <exe> [--benchmark_… flags] -- <the workflow's own arguments>
// The workflow's standard output goes to /dev/null while it runs.
#include "Samples.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

int wfc_workflow_main(int argc, char **argv);

int main(int argc, char **argv) {
  std::vector<char *> own = {argv[0]}, workflow = {argv[0]};
  bool after = false;
  for (int i = 1; i < argc; ++i) {
    if (!after && std::strcmp(argv[i], "--") == 0) after = true;
    else (after ? workflow : own).push_back(argv[i]);
  }
  int ownCount = int(own.size());
  own.push_back(nullptr);
  int workflowCount = int(workflow.size());
  workflow.push_back(nullptr);
  benchmark::Initialize(&ownCount, own.data());
  if (benchmark::ReportUnrecognizedArguments(ownCount, own.data())) return 2;

  benchmark::RegisterBenchmark("workflow", [&](benchmark::State &state) {
    std::fflush(stdout);
    int saved = dup(STDOUT_FILENO);
    int devnull = open("/dev/null", O_WRONLY);
    dup2(devnull, STDOUT_FILENO);
    wfc::bench::timeRuns(state, [&] {
      std::vector<char *> args = workflow;  // runMain may not keep argv as it was
      return wfc_workflow_main(workflowCount, args.data()) == 0;
    });
    std::fflush(stdout);
    dup2(saved, STDOUT_FILENO);
    close(saved);
    close(devnull);
  })->UseRealTime()->Unit(benchmark::kMicrosecond);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}

#pragma once

#include "driver/Options.h"

#include <optional>
#include <string>
#include <vector>

namespace wfc {

// `wfc deploy`'s options as given (docs/cli.md); numbers and names are checked by runDeploy, which
// says what is wrong in wfc's usage-error style.
struct DeployOptions {
  std::string pack;
  std::string target;  // k8s-job | argo
  std::string output;  // -o DIR
  std::string bindings;
  std::vector<std::string> natives;
  std::string name, image, shards, parallelism, retries, maxRuns, rpm, tpm, cpu, memory, secret, provider,
      model, llmBaseUrl, volumeClaim, volumeSize, inputConfigMap, task;
};

// `wfc deploy PACK --target=k8s-job|argo -o DIR`: compiles the pack (to check it, and to learn the
// files it reads) and writes into DIR the container recipe, the pack's CMake project, wfc's source,
// the manifests and a README (docs/deploy.md). 0 on success, 1 for errors in the pack, 2 for bad
// usage.
int runDeploy(const DeployOptions &deploy, const CommonOptions &options, const char *argv0);

}  // namespace wfc

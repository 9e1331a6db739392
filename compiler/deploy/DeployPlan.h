// What `wfc deploy` decided, from the pack and the options (docs/deploy.md): everything the
// container recipe, the manifests and the README are written from. Plain data; the writers
// decide nothing.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace wfc::deploy {

enum class Target { KubernetesJob, Argo };

// A file of the pack's project, copied into the build context: `source` (absolute) to
// project/<relative>.
struct ProjectFile {
  std::string source;
  std::string relative;
};

struct DeployPlan {
  Target target = Target::KubernetesJob;
  std::string packShown;   // the pack as given on the command line, for banners
  std::string name;        // DNS-1123 label: resources, the executable, the container
  std::string image;       // the container image the manifests run
  uint64_t shards = 1;     // the Indexed Job's completions, or Argo's sequence count
  uint64_t parallelism = 1;
  uint64_t retries = 3;    // backoffLimitPerIndex, or Argo's retry limit
  uint64_t maxRuns = 16;   // each shard's --max-runs
  // The cluster's rate limits, and each pod's share (the limit / parallelism): 0 when unset.
  uint64_t rpm = 0, tpm = 0, podRpm = 0, podTpm = 0;
  std::string cpu = "500m", memory = "512Mi";  // each shard's container
  std::string volumeClaim;   // holds /data: the input (unless from a ConfigMap), outputs, journals
  std::string volumeSize = "10Gi";
  std::optional<std::string> inputConfigMap;  // the input from this ConfigMap's input.jsonl key
  // LLM: set when the program runs prompts.
  bool usesLlm = false;
  std::string secret;                    // the Secret holding the API key
  std::string provider = "openai";       // openai | anthropic
  std::optional<std::string> model;      // WFC_MODEL
  std::optional<std::string> llmBaseUrl; // WFC_LLM_BASE_URL
  std::optional<std::string> task;       // a chat pack's task: each line one turn of it (--task)
  // The project the image builds: wfc_add_workflow() arguments, relative to project/.
  std::string packFile;                  // project/<packFile>
  std::optional<std::string> bindingsFile;
  std::vector<std::string> nativeSources;
  std::string composition;               // --composition, or empty
  int optLevel = 1;
  std::vector<ProjectFile> projectFiles;

  // Where things are in the container.
  std::string inputPath() const { return inputConfigMap ? "/input/input.jsonl" : "/data/input.jsonl"; }
  std::string apiKeyVariable() const { return provider == "anthropic" ? "ANTHROPIC_API_KEY" : "OPENAI_API_KEY"; }
  std::string executablePath() const { return "/usr/local/bin/" + name; }
};

// The user and group the container runs as (not root), and owns /data with (fsGroup).
constexpr int64_t kContainerUser = 10001;

}  // namespace wfc::deploy

#include "deploy/ShardContainer.h"

namespace wfc::deploy {
namespace {

Manifest volumeMounts(const DeployPlan &plan) {
  Manifest mounts = Manifest::array();
  mounts.push_back({{"name", "data"}, {"mountPath", "/data"}});
  mounts.push_back({{"name", "tmp"}, {"mountPath", "/tmp"}});  // the root filesystem is read-only
  if (plan.inputConfigMap) mounts.push_back({{"name", "input"}, {"mountPath", "/input"}, {"readOnly", true}});
  return mounts;
}

Manifest containerSecurityContext() {
  return {{"allowPrivilegeEscalation", false},
          {"readOnlyRootFilesystem", true},
          {"capabilities", {{"drop", Manifest::array({"ALL"})}}}};
}

}  // namespace

std::vector<std::string> shardArguments(const DeployPlan &plan, const std::string &index) {
  const std::string count = std::to_string(plan.shards);
  std::vector<std::string> args = {
      "--input-jsonl", plan.inputPath(),
      "--output-jsonl", "/data/out/shard-" + index + ".jsonl",
      "--shard", index + "/" + count,
      "--journal", "/data/journal/shard-" + index + ".db",
      // The same id in every attempt of a shard: a restarted pod continues the batch its
      // journal holds (docs/batch.md "A batch id chosen in advance").
      "--batch-id", "shard-" + index + "-of-" + count,
      "--max-runs", std::to_string(plan.maxRuns),
  };
  if (plan.podRpm) args.insert(args.end(), {"--rpm", std::to_string(plan.podRpm)});
  if (plan.podTpm) args.insert(args.end(), {"--tpm", std::to_string(plan.podTpm)});
  if (plan.usesLlm && plan.provider != "openai") args.insert(args.end(), {"--provider", plan.provider});
  if (plan.task) args.insert(args.end(), {"--task", *plan.task});
  return args;
}

Manifest shardContainer(const DeployPlan &plan, const std::string &index, bool indexVariable) {
  Manifest env = Manifest::array();
  if (indexVariable)
    env.push_back({{"name", "JOB_COMPLETION_INDEX"},
                   {"valueFrom",
                    {{"fieldRef",
                      {{"fieldPath", "metadata.annotations['batch.kubernetes.io/job-completion-index']"}}}}}});
  if (plan.usesLlm) {
    env.push_back({{"name", plan.apiKeyVariable()},
                   {"valueFrom", {{"secretKeyRef", {{"name", plan.secret}, {"key", plan.apiKeyVariable()}}}}}});
    if (plan.model) env.push_back({{"name", "WFC_MODEL"}, {"value", *plan.model}});
    if (plan.llmBaseUrl) env.push_back({{"name", "WFC_LLM_BASE_URL"}, {"value", *plan.llmBaseUrl}});
  }
  Manifest container = {{"name", plan.name}, {"image", plan.image}, {"args", shardArguments(plan, index)}};
  if (!env.empty()) container["env"] = env;
  container["resources"] = {{"requests", {{"cpu", plan.cpu}, {"memory", plan.memory}}},
                            {"limits", {{"memory", plan.memory}}}};
  container["volumeMounts"] = volumeMounts(plan);
  container["securityContext"] = containerSecurityContext();
  return container;
}

Manifest prepareContainer(const DeployPlan &plan) {
  return {{"name", "prepare"},
          {"image", plan.image},
          {"command", Manifest::array({"mkdir", "-p", "/data/out", "/data/journal"})},
          {"resources", {{"requests", {{"cpu", "10m"}, {"memory", "16Mi"}}}, {"limits", {{"memory", "16Mi"}}}}},
          {"volumeMounts", Manifest::array({{{"name", "data"}, {"mountPath", "/data"}}})},
          {"securityContext", containerSecurityContext()}};
}

Manifest podVolumes(const DeployPlan &plan) {
  Manifest volumes = Manifest::array();
  volumes.push_back({{"name", "data"}, {"persistentVolumeClaim", {{"claimName", plan.volumeClaim}}}});
  volumes.push_back({{"name", "tmp"}, {"emptyDir", Manifest::object()}});
  if (plan.inputConfigMap)
    volumes.push_back({{"name", "input"},
                       {"configMap",
                        {{"name", *plan.inputConfigMap},
                         {"items", Manifest::array({{{"key", "input.jsonl"}, {"path", "input.jsonl"}}})}}}});
  return volumes;
}

Manifest podSecurityContext() {
  return {{"runAsNonRoot", true},
          {"runAsUser", kContainerUser},
          {"runAsGroup", kContainerUser},
          {"fsGroup", kContainerUser}};
}

Manifest resourceLabels(const DeployPlan &plan) {
  return {{"app.kubernetes.io/name", plan.name}, {"app.kubernetes.io/managed-by", "wfc"}};
}

}  // namespace wfc::deploy

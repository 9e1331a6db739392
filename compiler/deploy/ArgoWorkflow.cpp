#include "deploy/ArgoWorkflow.h"

#include "deploy/ShardContainer.h"

namespace wfc::deploy {

Manifest argoWorkflow(const DeployPlan &plan) {
  const std::string index = "{{inputs.parameters.shard}}";
  // The same rule as the Job's (docs/deploy.md "Retries"): a shard that exits 1 (lines failed) or
  // 2 (bad usage) is not retried; one killed, crashed or lost with its node (an Error) is, and
  // continues from its journal.
  Manifest retryStrategy = {{"limit", plan.retries},
                            {"retryPolicy", "Always"},
                            {"expression", "lastRetry.status == \"Error\" or lastRetry.exitCode not in [\"1\", \"2\"]"},
                            {"backoff", {{"duration", "10s"}, {"factor", 2}, {"maxDuration", "10m"}}}};
  Manifest container = shardContainer(plan, index, false);
  Manifest shardTemplate = {
      {"name", "shard"},
      {"inputs", {{"parameters", Manifest::array({{{"name", "shard"}}})}}},
      {"metadata", {{"labels", resourceLabels(plan)}}},
      {"securityContext", podSecurityContext()},
      {"initContainers", Manifest::array({prepareContainer(plan)})},
      {"container", container},
      {"retryStrategy", retryStrategy},
      {"outputs",
       {{"artifacts",
         Manifest::array({{{"name", "results"},
                           {"path", "/data/out/shard-" + index + ".jsonl"},
                           {"archive", {{"none", Manifest::object()}}}}})}}}};
  // One DAG task fanned out over the shard indexes 0 … N-1.
  Manifest fanOut = {
      {"name", "shards"},
      {"dag",
       {{"tasks",
         Manifest::array({{{"name", "shard"},
                           {"template", "shard"},
                           {"arguments", {{"parameters", Manifest::array({{{"name", "shard"}, {"value", "{{item}}"}}})}}},
                           {"withSequence", {{"count", std::to_string(plan.shards)}}}}})}}}};
  Manifest spec = {{"entrypoint", "shards"},
                   {"parallelism", plan.parallelism},
                   {"templates", Manifest::array({fanOut, shardTemplate})},
                   {"volumes", podVolumes(plan)}};
  return {{"apiVersion", "argoproj.io/v1alpha1"},
          {"kind", "Workflow"},
          {"metadata", {{"generateName", plan.name + "-"}, {"labels", resourceLabels(plan)}}},
          {"spec", spec}};
}

}  // namespace wfc::deploy

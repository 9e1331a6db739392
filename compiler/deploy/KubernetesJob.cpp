#include "deploy/KubernetesJob.h"

#include "deploy/ShardContainer.h"

namespace wfc::deploy {

Manifest kubernetesJob(const DeployPlan &plan) {
  // What a failed pod means (docs/deploy.md "Retries"): exit 1 (lines failed, said in the output)
  // and 2 (bad usage) would fail again the same way, so they fail the index at once; a pod
  // disrupted by the cluster (preemption, eviction, a drained node) is not held against it.
  // Anything else — killed (137), OOM, a crash, SIGTERM — is retried, the new pod continuing
  // the shard's batch from its journal.
  Manifest podFailurePolicy = {
      {"rules",
       Manifest::array({{{"action", "FailIndex"},
                         {"onExitCodes",
                          {{"containerName", plan.name}, {"operator", "In"}, {"values", Manifest::array({1, 2})}}}},
                        {{"action", "Ignore"},
                         {"onPodConditions", Manifest::array({{{"type", "DisruptionTarget"}, {"status", "True"}}})}}})}};
  Manifest podSpec = {{"restartPolicy", "Never"},
                      {"securityContext", podSecurityContext()},
                      {"initContainers", Manifest::array({prepareContainer(plan)})},
                      {"containers", Manifest::array({shardContainer(plan, "$(JOB_COMPLETION_INDEX)", true)})},
                      {"volumes", podVolumes(plan)}};
  Manifest spec = {{"completionMode", "Indexed"},
                   {"completions", plan.shards},
                   {"parallelism", plan.parallelism},
                   {"backoffLimitPerIndex", plan.retries},
                   // A replacement pod starts only once the failed one is gone: never two
                   // processes writing one shard's journal.
                   {"podReplacementPolicy", "Failed"},
                   {"podFailurePolicy", podFailurePolicy},
                   {"template", {{"metadata", {{"labels", resourceLabels(plan)}}}, {"spec", podSpec}}}};
  return {{"apiVersion", "batch/v1"},
          {"kind", "Job"},
          {"metadata", {{"name", plan.name}, {"labels", resourceLabels(plan)}}},
          {"spec", spec}};
}

}  // namespace wfc::deploy

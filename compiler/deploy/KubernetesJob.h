// `wfc deploy --target=k8s-job` (docs/deploy.md "Kubernetes"): an Indexed Job whose completion
// index is the shard, each index retried on its own (backoffLimitPerIndex) and resuming from its
// journal.
#pragma once

#include "deploy/DeployPlan.h"
#include "deploy/YamlText.h"

namespace wfc::deploy {

Manifest kubernetesJob(const DeployPlan &plan);

}  // namespace wfc::deploy

// The container that runs one shard of the batch, as the Kubernetes Job and the Argo Workflow
// both run it (docs/deploy.md "What a shard runs"): the executable with the batch options, its
// environment (the API key from a Secret, never a value), resources, the data volume.
#pragma once

#include "deploy/DeployPlan.h"
#include "deploy/YamlText.h"

#include <string>
#include <vector>

namespace wfc::deploy {

// The executable's arguments for the shard whose index the orchestrator substitutes for `index`
// ("$(JOB_COMPLETION_INDEX)" in a Job, "{{inputs.parameters.shard}}" in Argo).
std::vector<std::string> shardArguments(const DeployPlan &plan, const std::string &index);

// The shard's container: image, arguments, environment, resources, mounts, security context.
// `indexVariable`: declare JOB_COMPLETION_INDEX from the pod's annotation (a Job's pods).
Manifest shardContainer(const DeployPlan &plan, const std::string &index, bool indexVariable);

// The init container that makes /data/out and /data/journal before the shard starts.
Manifest prepareContainer(const DeployPlan &plan);

// The pod's volumes: the data claim, and the input's ConfigMap when there is one.
Manifest podVolumes(const DeployPlan &plan);

// The pod's security context: not root, /data group-owned by the container's group.
Manifest podSecurityContext();

// The labels of every resource.
Manifest resourceLabels(const DeployPlan &plan);

}  // namespace wfc::deploy

// `wfc deploy --target=argo` (docs/deploy.md "Argo Workflows"): a Workflow fanning the shards out
// with withSequence (a DAG task per shard index), each with a retry strategy, each shard's result
// file an output artifact.
#pragma once

#include "deploy/DeployPlan.h"
#include "deploy/YamlText.h"

namespace wfc::deploy {

Manifest argoWorkflow(const DeployPlan &plan);

}  // namespace wfc::deploy

// The volume the shards share (docs/deploy.md "The data volume"): a PersistentVolumeClaim holding
// the input, each shard's output and journal, and a pod that mounts it for loading the input and
// collecting the outputs with `kubectl cp`.
#pragma once

#include "deploy/DeployPlan.h"
#include "deploy/YamlText.h"

namespace wfc::deploy {

Manifest dataVolumeClaim(const DeployPlan &plan);
Manifest dataPod(const DeployPlan &plan);

}  // namespace wfc::deploy

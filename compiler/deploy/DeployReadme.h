// The README.md `wfc deploy` writes beside the recipe and manifests (docs/deploy.md): how to build
// the image, create the Secret and the volume, load the input, run the shards and collect the
// results, with this deployment's names and numbers filled in.
#pragma once

#include "deploy/DeployPlan.h"

#include <string>

namespace wfc::deploy {

std::string deployReadmeText(const DeployPlan &plan);

}  // namespace wfc::deploy

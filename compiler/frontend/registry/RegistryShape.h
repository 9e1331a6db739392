// The shape of a workflow registry, `extension_registry.json` version 3 (docs/registry.md), as
// wfc accepts it: the reference runtime's fields, each typed; fields it does not know are
// accepted with a warning (and a did-you-mean), as producers add their own. Its objects are built
// from the field tables of the declarations they are read into (RegistryAST.h,
// frontend/FieldTable.h).
#pragma once

#include "frontend/Shape.h"

namespace wfc::registry {

const Shape &registryShape();

// The transition types, in the order messages list them.
const std::vector<std::string> &transitionTypes();

}  // namespace wfc::registry

// Whether a JSON Schema fits the strict subset of structured outputs (OpenAI's `strict: true`):
// an object at the root, every object closed (`additionalProperties: false`) with every property
// required, and only the keywords that subset supports. A schema outside it is still sent, with
// `strict: false`, and the reply is validated by the runtime either way.
#pragma once

#include "ir/Value.h"

namespace wfc::codegen {

bool fitsStrictSubset(const ir::Json &schema);

}  // namespace wfc::codegen

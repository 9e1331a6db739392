// The shape of an AWL file (seed 003; docs/awl.md) as wfc accepts it: `workflow:` with its
// metadata, `variables`, `before`, `context`, `foreach`, `after`, and wfc's `inputs` and `tools`;
// actions told apart by their `action` field, keys in kebab-case as the seed writes them. Its
// objects are built from the field tables of the declarations they are read into (AwlAST.h,
// frontend/FieldTable.h).
#pragma once

#include "frontend/Shape.h"

#include <string>
#include <vector>

namespace wfc::awl {

// The root shape; built once, immutable.
const Shape &awlShape();

// The actions wfc runs, in the order messages list them.
const std::vector<std::string> &actionNames();

// The largest numbers the dialect accepts (docs/awl.md "Limits").
inline constexpr int64_t kMaxIterations = 1'000'000;
inline constexpr int64_t kDefaultMaxIterations = 1000;
inline constexpr int64_t kMaxTimeoutSeconds = 7 * 24 * 3600;  // a week
inline constexpr int kMaxLoopDepth = 9;                        // nested loops: depth < 10

}  // namespace wfc::awl

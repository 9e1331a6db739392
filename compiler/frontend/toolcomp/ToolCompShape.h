// The shape of a tool-composition file (seed 004; docs/tool-composition.md) as wfc accepts it: a
// composition (`steps[]` of tool calls, `error_handling`, `metadata`), or a template of the
// library wrapping one (`composition`, `metadata`, `validation`). Its objects are built from the
// field tables of the declarations they are read into (ToolCompAST.h, frontend/FieldTable.h).
#pragma once

#include "frontend/Shape.h"

namespace wfc::toolcomp {

// The root shape (a template or a bare composition, told apart by its `composition` field);
// built once, immutable.
const Shape &toolCompositionShape();

// The failure strategies, in the order messages list them.
const std::vector<std::string> &failureStrategies();

// The largest numbers the dialect accepts (docs/tool-composition.md "Limits").
inline constexpr int64_t kMaxRetries = 100;
inline constexpr int64_t kMaxTimeoutMs = 86'400'000;  // a day

}  // namespace wfc::toolcomp

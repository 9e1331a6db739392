// The builtin tools' names (docs/bindings.md "builtin"): what a `builtin` binding may name. The
// bindings file reader checks a name against them; the runtime implements each
// (runtime/core/tools/BuiltinTools.h).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace wfc {

// read_file, write_file, list_files, parse_json, now
const std::vector<std::string> &builtinToolNames();
bool isBuiltinTool(std::string_view name);

}  // namespace wfc

#include "common/BuiltinToolNames.h"

#include <algorithm>

namespace wfc {

const std::vector<std::string> &builtinToolNames() {
  static const std::vector<std::string> all = {"read_file", "write_file", "list_files", "parse_json", "now"};
  return all;
}

bool isBuiltinTool(std::string_view name) {
  const auto &all = builtinToolNames();
  return std::find(all.begin(), all.end(), name) != all.end();
}

}  // namespace wfc

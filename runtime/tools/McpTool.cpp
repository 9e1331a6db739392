// mcp bindings (SPEC §4). Placeholder until the mcp binding lands: binding a tool this way
// is a usage error that says so.
#include "tools/ToolBinding.h"

namespace wfc::tools {

std::unique_ptr<ToolBinding> makeMcpBinding(const std::string &tool, const std::string &where, const Value &) {
  throw Error(ErrorKind::Usage, where + ": tool '" + tool + "' has an mcp binding, but mcp bindings are not "
                                "supported yet; bind it with exec, mock, builtin or native for now");
}

}  // namespace wfc::tools

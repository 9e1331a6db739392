// http bindings (SPEC §4). Placeholder until the http binding lands: binding a tool this way
// is a usage error that says so.
#include "tools/ToolBinding.h"

namespace wfc::tools {

std::unique_ptr<ToolBinding> makeHttpBinding(const std::string &tool, const std::string &where, const Value &) {
  throw Error(ErrorKind::Usage, where + ": tool '" + tool + "' has an http binding, but http bindings are not "
                                "supported yet; bind it with exec, mock, builtin or native for now");
}

}  // namespace wfc::tools

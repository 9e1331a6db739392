// The tools an agent step is offered (docs/semantics.md "Agent step"): the step's own list
// intersected with its prompt's, when the prompt lists any; without a list of its own, the
// prompt's. The tool whose call ends the loop must be among them.
#include "sema/ModuleChecker.h"

namespace wfc::sema {

void ModuleChecker::offerAgentTools(ir::Step &s) {
  auto promptLists = [&](const ir::Tool *t) {
    return std::find(s.prompt->tools.begin(), s.prompt->tools.end(), t) != s.prompt->tools.end();
  };
  std::vector<const ir::Tool *> listed;
  for (const ir::ToolUse &use : s.listedTools) {
    listed.push_back(use.tool);
    if (s.prompt && !s.prompt->tools.empty() && !promptLists(use.tool))
      diags_.warning(use.loc, "tool '" + use.tool->name + "' is not offered to step '" + s.id + "': prompt '" +
                                  s.prompt->key + "' does not list it in its 'tools'");
  }
  if (!s.listsTools && s.prompt) listed = s.prompt->tools;
  s.tools.clear();
  for (const ir::Tool *t : listed)
    if (!s.prompt || s.prompt->tools.empty() || promptLists(t)) s.tools.push_back(t);
  if (s.toolCalled && std::find(s.tools.begin(), s.tools.end(), s.toolCalled) == s.tools.end())
    diags_.error(s.toolCalledLoc, "step '" + s.id + "' ends when the model calls '" + s.toolCalled->name +
                                      "', but that tool is not offered to it; add it to the step's (and the prompt's) "
                                      "'tools'");
}

}  // namespace wfc::sema

#include "host/registry/Gating.h"

#include "core/journal/RegistryStore.h"
#include "wfc/error.h"

#include <algorithm>
#include <vector>

namespace wfc::registry {

std::optional<std::string> blockedBecause(const RegistryDecl &registry, int workflow, journal::JournalFile &journal,
                                          const std::string &scope, const std::optional<std::string> &user) {
  const RegistryWorkflowDecl &w = registry.workflows[size_t(workflow)];
  std::vector<std::string> messages;
  for (const RegistryDependencyDecl &d : w.dependencies) {
    if (!d.required) continue;
    const char *upstream = registry.workflows[size_t(d.workflow)].id;
    if (d.userScope && !user)
      throw Error(ErrorKind::Usage, std::string("workflow '") + w.id + "' requires '" + upstream +
                                        "' to be completed by the same user (scope: user): give --user ID");
    if (journal.registry().completedRun(upstream, scope, d.userScope ? user : std::nullopt)) continue;
    std::string message = d.reason ? std::string(d.reason)
                                   : std::string(w.id) + " requires " + upstream + " to be completed first.";
    if (std::find(messages.begin(), messages.end(), message) == messages.end()) messages.push_back(std::move(message));
  }
  if (messages.empty()) return std::nullopt;
  std::string out;
  for (const std::string &m : messages) out += (out.empty() ? "" : " ") + m;
  return out;
}

}  // namespace wfc::registry

// Whether a registry's workflow may start (docs/registry.md "Gating"): each of its required
// dependencies must have a run that succeeded in the same scope — by the same user, for a
// dependency with scope user. Any such run counts, not only the latest; optional dependencies
// never block.
#pragma once

#include "core/journal/JournalFile.h"
#include "wfc/registry.h"

#include <optional>
#include <string>

namespace wfc::registry {

// The message when workflow `workflow` may not start — each unmet dependency's `reason` (default
// "X requires Y to be completed first."), in declaration order, joined with spaces — or nullopt.
// Throws wfc::Error(Usage) when a user-scoped dependency needs a user and `user` is absent.
std::optional<std::string> blockedBecause(const RegistryDecl &registry, int workflow, journal::JournalFile &journal,
                                          const std::string &scope, const std::optional<std::string> &user);

}  // namespace wfc::registry

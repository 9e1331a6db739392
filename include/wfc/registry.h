// What a compiled workflow registry hands the runtime (docs/registry.md): its workflows — each a
// ProgramDecl of its own, compiled into the same executable — their prerequisites, the sequences
// that run them, the transitions between them and the entrypoints. Plain constant tables, like
// program.h's; runRegistryMain runs them.
#pragma once

#include "wfc/program.h"

#include <initializer_list>
#include <span>

namespace wfc {

// A prerequisite of a workflow: it may start only once `workflow` has a run that succeeded in the
// same scope (and, with userScope, by the same user).
struct RegistryDependencyDecl {
  int workflow = -1;  // an index into RegistryDecl::workflows
  bool required = true;    // gating: optional never blocks
  bool userScope = false;  // scope: user
  const char *reason = nullptr;  // the message when it blocks (nullptr: "X requires Y to be completed first.")
};

struct RegistryWorkflowDecl {
  const char *id = "";
  const ProgramDecl *program = nullptr;
  const char *location = "";  // where the registry declares it
  const char *description = "";
  std::span<const RegistryDependencyDecl> dependencies = {};
  bool backendOnly = false;  // startup_mode: BackendOnly (no sequence or entrypoint reaches it)
};

// Where a route leads: a workflow (the run goes on from its step in the sequence), or another
// transition; `sequence` switches the run to that sequence.
struct RegistryRouteDecl {
  int workflow = -1;
  int transition = -1;
  int sequence = -1;
};

struct RegistryOptionDecl {
  const char *id = "";
  RegistryRouteDecl route = {};
  const char *contextVariables = nullptr;  // JSON object text merged into the run's context, or nullptr
};

struct RegistryConditionDecl {
  const char *match = "null";  // JSON text compared with the context's value at context_key
  RegistryRouteDecl route = {};
};

// How a transition routes: a person chooses an option (Choice, Confirm: the run suspends until the
// choice arrives as an event), it routes at once (Direct), by the context (Condition), or it ends
// the sequence (Complete, a workflow_complete transition without a route).
enum class TransitionKind : uint8_t { Choice, Confirm, Direct, Condition, Complete };

struct RegistryTransitionDecl {
  const char *id = "";
  const char *type = "";  // as written: user_choice, confirm, silent, …
  TransitionKind kind = TransitionKind::Choice;
  std::span<const RegistryOptionDecl> options = {};
  RegistryRouteDecl route = {};            // route_to
  const char *contextKey = nullptr;        // condition
  std::span<const RegistryConditionDecl> routes = {};
  RegistryRouteDecl defaultRoute = {}, confirmRoute = {}, cancelRoute = {};
};

// One step of a sequence: workflows run at once, or a transition.
struct RegistryStepDecl {
  std::initializer_list<int> workflows = {};
  int transition = -1;
};

struct RegistrySequenceDecl {
  const char *id = "";
  const char *description = "";
  std::span<const RegistryStepDecl> steps = {};
};

struct RegistryEntrypointDecl {
  const char *id = "";
  const char *path = "";
  const char *label = "";
  int workflow = -1, transition = -1, sequence = -1;
};

struct RegistryDecl {
  const char *name = "";    // pack_name
  const char *source = "";  // the registry file, as given to wfc
  const char *description = "";
  const char *wfcVersion = "";
  std::span<const RegistryWorkflowDecl> workflows = {};
  std::span<const RegistrySequenceDecl> sequences = {};
  std::span<const RegistryTransitionDecl> transitions = {};
  std::span<const RegistryEntrypointDecl> entrypoints = {};
  const char *bindings = nullptr;  // compiled-in bindings (JSON text) for every workflow, or nullptr
  std::span<const NativeToolEntry> natives = {};
  bool allowUnbound = false;
};

// The executable's main for a registry: --sequence, --workflow, --resume, --entrypoints, --runs.
int runRegistryMain(int argc, char **argv, const RegistryDecl &registry);

}  // namespace wfc

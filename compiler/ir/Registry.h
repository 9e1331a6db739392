// A workflow registry (docs/registry.md): the member workflows, their prerequisites, the
// sequences that run them and the transitions between them. Its members are modules of their
// own (any dialect), compiled into the same executable; the registry says how runs of them are
// gated, grouped and routed.
#pragma once

#include "ir/Value.h"

#include <llvm/Support/SMLoc.h>

#include <memory>
#include <string>
#include <vector>

namespace wfc::ir {

struct Module;

struct RegistryDependency {
  std::string workflow;     // the upstream workflow's id
  bool required = true;     // gating: required (the default) or optional (never blocks)
  bool userScope = false;   // scope: user — the same user must have completed it; app (the default)
  std::string reason;       // said when it blocks; empty: "X requires Y to be completed first."
  llvm::SMLoc loc;
};

struct RegistryWorkflow {
  std::string id, description;
  std::string startupMode;  // UserDriven, AgentDriven, BackendOnly, or empty
  llvm::SMLoc loc;          // its id
  std::vector<RegistryDependency> dependencies;
  std::string pack;         // its pack file, as found: workflows/<id>/pack.yaml
  const Module *member = nullptr;  // its module (Registry::members), null when it did not lower
};

// One step of a sequence: a group of workflows run at once, or a transition.
struct SequenceStep {
  std::vector<std::string> workflows;
  std::string transition;
  llvm::SMLoc loc;
};

struct Sequence {
  std::string id, description;
  llvm::SMLoc loc;
  std::vector<SequenceStep> steps;
};

struct TransitionOption {
  std::string id, routeTo, sequence;
  Json contextVariables = Json::object();
  llvm::SMLoc loc;
};

struct ConditionRoute {
  Json match;
  std::string routeTo, sequence;
};

struct RegistryTransition {
  std::string id, type;
  llvm::SMLoc loc;
  std::string routeTo, sequence, contextKey, defaultRoute, confirmRoute, cancelRoute;
  std::vector<TransitionOption> options;
  std::vector<ConditionRoute> routes;
  // A person chooses: the run suspends until the choice arrives as an event (an option's id,
  // or confirm / cancel).
  bool awaitsChoice() const;
};

struct Entrypoint {
  std::string id, path, label, transition, workflow, sequence;
  llvm::SMLoc loc;
};

struct Registry {
  std::string packName, description;
  llvm::SMLoc loc;
  std::vector<RegistryWorkflow> workflows;
  std::vector<Sequence> sequences;
  std::vector<RegistryTransition> transitions;
  std::vector<Entrypoint> entrypoints;
  // The members' modules, in the order of `workflows` (a workflow whose pack did not lower has
  // none). Owned here; RegistryWorkflow::member points into it.
  std::vector<std::unique_ptr<Module>> members;

  const RegistryWorkflow *findWorkflow(const std::string &id) const;
  const RegistryTransition *findTransition(const std::string &id) const;
  const Sequence *findSequence(const std::string &id) const;
};

}  // namespace wfc::ir

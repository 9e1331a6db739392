// The workflow-registry AST (docs/registry.md): extension_registry.json as typed declarations
// with locations, read from a shape-checked document (RegistryReader) and lowered, with its
// member packs, into the IR (RegistryLowering). Each declaration's fields are declared once, with
// their shapes, in RegistryShape.cpp (frontend/FieldTable.h).
#pragma once

#include "frontend/Document.h"
#include "frontend/FieldTable.h"

#include <optional>
#include <string>
#include <vector>

namespace wfc::registry {

using Text = Located<std::string>;
using Flag = Located<bool>;
using TextList = Located<std::vector<Text>>;

// A dependency written as an object; a bare string is read into `id` alone.
struct DependencyDecl {
  llvm::SMLoc loc;
  Text id, scope, reason, gating;
  static const FieldTable<DependencyDecl> &fields();
};

struct WorkflowDecl {
  llvm::SMLoc loc;
  Text id, description, type, startupMode;
  std::vector<DependencyDecl> dependencies;  // strings and objects alike, in order
  llvm::SMLoc dependenciesLoc;
  static const FieldTable<WorkflowDecl> &fields();
};

struct StepDecl {
  llvm::SMLoc loc;
  TextList workflows;
  Text transition;
  static const FieldTable<StepDecl> &fields();
};

struct SequenceDecl {
  llvm::SMLoc loc;
  Text id, description;
  Located<std::vector<StepDecl>> steps;
  static const FieldTable<SequenceDecl> &fields();
};

struct UiDecl {
  llvm::SMLoc loc;
  Text component, mode, shellMode;
  static const FieldTable<UiDecl> &fields();
};

struct OptionDecl {
  llvm::SMLoc loc;
  Text id, routeTo, sequence;
  DataField contextVariables;
  static const FieldTable<OptionDecl> &fields();
};

struct RouteDecl {
  llvm::SMLoc loc;
  DataField match;
  Text routeTo, sequence;
  static const FieldTable<RouteDecl> &fields();
};

struct TransitionDecl {
  llvm::SMLoc loc;
  Text id, type, routeTo, sequence, contextKey, defaultRoute, confirmRoute, cancelRoute;
  Located<UiDecl> ui;
  Located<std::vector<OptionDecl>> options;
  Located<std::vector<RouteDecl>> routes;
  static const FieldTable<TransitionDecl> &fields();
};

struct EntrypointDecl {
  llvm::SMLoc loc;
  Text id, path, label, transition, workflow, sequence;
  static const FieldTable<EntrypointDecl> &fields();
};

struct RegistryDecl {
  llvm::SMLoc loc;
  const Document *document = nullptr;
  Text packName, description;
  Located<int64_t> version;
  Located<std::vector<WorkflowDecl>> workflows;
  Located<std::vector<SequenceDecl>> sequences;
  Located<std::vector<TransitionDecl>> transitions;
  Located<std::vector<EntrypointDecl>> entrypoints;
  static const FieldTable<RegistryDecl> &fields();
};

}  // namespace wfc::registry

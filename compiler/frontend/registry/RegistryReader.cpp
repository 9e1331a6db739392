#include "frontend/registry/RegistryReader.h"

#include "frontend/registry/RegistryShape.h"

namespace wfc::registry {
namespace {

// `dependencies: ["A", {id: B, gating: optional}]`: a string is {id: "A"}.
void readDependencies(WorkflowDecl &w, const DocEntry &e) {
  w.dependenciesLoc = e.keyLoc;
  if (e.value->invalid || !e.value->isSequence()) return;
  for (const DocNode *item : e.value->items) {
    DependencyDecl d;
    if (item->isString()) {
      readValue(d.id, *item, llvm::SMLoc());
      d.loc = item->loc;
    } else if (item->isMapping() && !item->invalid) {
      readFields(d, *item);
    } else {
      continue;  // the shape checker reported it
    }
    w.dependencies.push_back(std::move(d));
  }
}

}  // namespace

// ---- the field tables: one per declaration, each field of its shape (RegistryShape.cpp) ---------

const FieldBindings<DependencyDecl> &DependencyDecl::fields() {
  static const FieldBindings<DependencyDecl> t = {
      bindField("id", &DependencyDecl::id),
      bindField("scope", &DependencyDecl::scope),
      bindField("reason", &DependencyDecl::reason),
      bindField("gating", &DependencyDecl::gating),
  };
  return t;
}

const FieldBindings<WorkflowDecl> &WorkflowDecl::fields() {
  static const FieldBindings<WorkflowDecl> t = {
      bindField("id", &WorkflowDecl::id),
      bindField("description", &WorkflowDecl::description),
      bindField("type", &WorkflowDecl::type),
      bindField("startup_mode", &WorkflowDecl::startupMode),
      unreadField<WorkflowDecl>("interaction_mode", "informational: how the reference runtime's UI presents it"),
      unreadField<WorkflowDecl>("launch_behavior", "informational: how the reference runtime's UI starts it"),
      unreadField<WorkflowDecl>("handoff_style", "informational: how the reference runtime's UI hands over"),
      bindFieldWith<WorkflowDecl>("dependencies", readDependencies),
  };
  return t;
}

const FieldBindings<StepDecl> &StepDecl::fields() {
  static const FieldBindings<StepDecl> t = {
      bindField("workflows", &StepDecl::workflows),
      bindField("transition", &StepDecl::transition),
  };
  return t;
}

const FieldBindings<SequenceDecl> &SequenceDecl::fields() {
  static const FieldBindings<SequenceDecl> t = {
      bindField("id", &SequenceDecl::id),
      bindField("description", &SequenceDecl::description),
      bindField("steps", &SequenceDecl::steps),
      unreadField<SequenceDecl>("affected_declarative_families", "informational: the reference runtime's UI"),
  };
  return t;
}

const FieldBindings<UiDecl> &UiDecl::fields() {
  static const FieldBindings<UiDecl> t = {
      bindField("component", &UiDecl::component),
      bindField("mode", &UiDecl::mode),
      bindField("shell_mode", &UiDecl::shellMode),
      unreadField<UiDecl>("props", "passed to the shell's component; an executable has no shell"),
  };
  return t;
}

const FieldBindings<OptionDecl> &OptionDecl::fields() {
  static const FieldBindings<OptionDecl> t = {
      bindField("id", &OptionDecl::id),
      bindField("route_to", &OptionDecl::routeTo),
      unreadField<OptionDecl>("route_type", "worked out from route_to (a workflow or a transition)"),
      bindField("sequence", &OptionDecl::sequence),
      bindField("context_variables", &OptionDecl::contextVariables),
  };
  return t;
}

const FieldBindings<RouteDecl> &RouteDecl::fields() {
  static const FieldBindings<RouteDecl> t = {
      bindField("match", &RouteDecl::match),
      bindField("route_to", &RouteDecl::routeTo),
      unreadField<RouteDecl>("route_type", "worked out from route_to (a workflow or a transition)"),
      bindField("sequence", &RouteDecl::sequence),
  };
  return t;
}

const FieldBindings<TransitionDecl> &TransitionDecl::fields() {
  static const FieldBindings<TransitionDecl> t = {
      bindField("id", &TransitionDecl::id),
      bindField("transition_type", &TransitionDecl::type),
      bindField("ui", &TransitionDecl::ui),
      bindField("options", &TransitionDecl::options),
      bindField("route_to", &TransitionDecl::routeTo),
      unreadField<TransitionDecl>("route_type", "worked out from route_to (a workflow or a transition)"),
      bindField("sequence", &TransitionDecl::sequence),
      bindField("context_key", &TransitionDecl::contextKey),
      bindField("routes", &TransitionDecl::routes),
      bindField("default_route", &TransitionDecl::defaultRoute),
      bindField("confirm_route", &TransitionDecl::confirmRoute),
      bindField("cancel_route", &TransitionDecl::cancelRoute),
      unreadField<TransitionDecl>("optional", "the reference runtime's shell may skip it; an executable always routes"),
  };
  return t;
}

const FieldBindings<EntrypointDecl> &EntrypointDecl::fields() {
  static const FieldBindings<EntrypointDecl> t = {
      bindField("id", &EntrypointDecl::id),
      bindField("path", &EntrypointDecl::path),
      bindField("label", &EntrypointDecl::label),
      bindField("transition", &EntrypointDecl::transition),
      bindField("workflow", &EntrypointDecl::workflow),
      bindField("sequence", &EntrypointDecl::sequence),
      unreadField<EntrypointDecl>("requiresAuth", "the reference runtime's web shell; --entrypoints lists it as written"),
      unreadField<EntrypointDecl>("order", "the reference runtime's web shell; --entrypoints keeps the file's order"),
      unreadField<EntrypointDecl>("meta", "the reference runtime's web shell"),
  };
  return t;
}

const FieldBindings<RegistryDecl> &RegistryDecl::fields() {
  static const FieldBindings<RegistryDecl> t = {
      bindField("pack_name", &RegistryDecl::packName),
      bindField("version", &RegistryDecl::version),
      bindField("description", &RegistryDecl::description),
      bindField("workflows", &RegistryDecl::workflows),
      bindField("workflow_sequences", &RegistryDecl::sequences),
      bindField("transitions", &RegistryDecl::transitions),
      bindField("entrypoints", &RegistryDecl::entrypoints),
      unreadField<RegistryDecl>("artifact_dependency_graph", "the reference runtime's artifact families"),
      unreadField<RegistryDecl>("journeys", "rejected by the shape: renamed workflow_sequences"),
  };
  return t;
}

std::vector<std::pair<std::string, std::vector<std::string>>> fieldTablesByShape() {
  return {
      {"registry", boundFieldNames<RegistryDecl>()},
      {"workflow", boundFieldNames<WorkflowDecl>()},
      {"dependency", boundFieldNames<DependencyDecl>()},
      {"workflow sequence", boundFieldNames<SequenceDecl>()},
      {"sequence step", boundFieldNames<StepDecl>()},
      {"transition", boundFieldNames<TransitionDecl>()},
      {"transition ui", boundFieldNames<UiDecl>()},
      {"transition option", boundFieldNames<OptionDecl>()},
      {"condition route", boundFieldNames<RouteDecl>()},
      {"entrypoint", boundFieldNames<EntrypointDecl>()},
  };
}

std::optional<RegistryDecl> readRegistry(const Document &doc, DiagnosticEngine &diags) {
  const DocNode *root = doc.root();
  if (!root || !root->isMapping()) {
    if (root && !root->invalid)
      diags.error(root->loc, "a workflow registry must be a JSON object with 'version', 'workflows', "
                             "'workflow_sequences', …, not " + describeKind(root->kind));
    return std::nullopt;
  }
  ShapeChecker(diags).check(*root, registryShape(), "registry");
  RegistryDecl decl;
  decl.document = &doc;
  readFields(decl, *root);
  return decl;
}

}  // namespace wfc::registry

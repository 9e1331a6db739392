#include "frontend/registry/RegistryShape.h"

#include "frontend/ShapeArena.h"
#include "frontend/registry/RegistryAST.h"

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

struct RegistryShapes {
  ShapeArena a;
  const Shape *root = nullptr;
  std::vector<std::string> types = {"user_choice", "user_choice_context", "user_choice_route", "condition", "confirm",
                                    "silent", "progress_view", "prerequisite_redirect", "chat_session",
                                    "workflow_complete"};
  // Each declaration's fields (RegistryAST.h), declared once below with their shapes.
  FieldTable<DependencyDecl> dependencyFields;
  FieldTable<WorkflowDecl> workflowFields;
  FieldTable<StepDecl> stepFields;
  FieldTable<SequenceDecl> sequenceFields;
  FieldTable<UiDecl> uiFields;
  FieldTable<OptionDecl> optionFields;
  FieldTable<RouteDecl> routeFields;
  FieldTable<TransitionDecl> transitionFields;
  FieldTable<EntrypointDecl> entrypointFields;
  FieldTable<RegistryDecl> registryFields;

  // Every object of the registry is lenient: producers add fields of their own (docs/registry.md).
  template <typename D>
  Shape *lenient(std::string what, FieldTable<D> &table, const std::vector<DeclaredField<D>> &fields) {
    Shape *s = a.object(std::move(what), table, fields);
    s->lenient = true;
    return s;
  }

  RegistryShapes() {
    const Shape *str = a.str();
    root = lenient(
        "registry", registryFields,
        {opt("pack_name", str, &RegistryDecl::packName), req("version", a.integer(), &RegistryDecl::version),
         opt("description", str, &RegistryDecl::description),
         opt("workflows", a.list(buildWorkflow()), &RegistryDecl::workflows),
         opt("workflow_sequences", a.list(buildSequence()), &RegistryDecl::sequences),
         opt("transitions", a.list(buildTransition()), &RegistryDecl::transitions),
         opt("entrypoints", a.list(buildEntrypoint()), &RegistryDecl::entrypoints),
         opt("artifact_dependency_graph", a.map(a.strings()), unread("the reference runtime's artifact families")),
         opt("journeys",
             a.unsupported("'journeys' is no longer supported; use 'workflow_sequences' "
                           "(the registry's version 3 renamed it)"),
             unread("rejected by its shape: renamed workflow_sequences"))});
  }

  // A workflow of the registry, with its dependencies: ids, or objects.
  const Shape *buildWorkflow() {
    const Shape *str = a.str();
    const Shape *dependencyObject =
        lenient("dependency", dependencyFields,
                {req("id", str, &DependencyDecl::id), opt("scope", a.oneOf({"app", "user"}), &DependencyDecl::scope),
                 opt("reason", str, &DependencyDecl::reason),
                 opt("gating", a.oneOf({"required", "optional"}), &DependencyDecl::gating)});
    Shape *dependency = a.make(Shape::Type::Union, "dependency");
    dependency->variants = {str, dependencyObject};
    dependency->choose = [str, dependencyObject](const DocNode &n, DiagnosticEngine &diags) -> const Shape * {
      if (n.isString()) return str;
      if (n.isMapping()) return dependencyObject;
      diags.error(n.loc, "a dependency is a workflow id or {id, gating, scope, reason}, not " + describeKind(n.kind).str());
      return nullptr;
    };
    return lenient(
        "workflow", workflowFields,
        {req("id", str, &WorkflowDecl::id), opt("description", str, &WorkflowDecl::description),
         opt("type", str, &WorkflowDecl::type),
         opt("startup_mode", a.oneOf({"UserDriven", "AgentDriven", "BackendOnly"}), &WorkflowDecl::startupMode),
         opt("interaction_mode", str, unread("informational: how the reference runtime's UI presents it")),
         opt("launch_behavior", str, unread("informational: how the reference runtime's UI starts it")),
         opt("handoff_style", str, unread("informational: how the reference runtime's UI hands over")),
         opt("dependencies", a.list(dependency), readAs<DependencyDecl>(&readDependencies))});
  }

  const Shape *buildSequence() {
    const Shape *str = a.str();
    const Shape *step = lenient("sequence step", stepFields,
                                {opt("workflows", a.strings(), &StepDecl::workflows),
                                 opt("transition", str, &StepDecl::transition)});
    return lenient("workflow sequence", sequenceFields,
                   {req("id", str, &SequenceDecl::id), opt("description", str, &SequenceDecl::description),
                    req("steps", a.list(step, 1), &SequenceDecl::steps),
                    opt("affected_declarative_families", a.strings(),
                        unread("informational: the reference runtime's UI"))});
  }

  // A transition: its type, its ui, and where each option, route or answer leads.
  const Shape *buildTransition() {
    const Shape *str = a.str();
    const Shape *open = a.opaque();
    // Whether `route_to` names a workflow or a transition: wfc looks the name up instead.
    const Unread routeType = unread("worked out from route_to (a workflow or a transition)");
    const Shape *ui = lenient(
        "transition ui", uiFields,
        {req("component", str, &UiDecl::component), opt("mode", a.oneOf({"screen"}), &UiDecl::mode),
         opt("shell_mode", str, &UiDecl::shellMode),
         opt("props", open, unread("passed to the shell's component; an executable has no shell"))});
    const Shape *option = lenient(
        "transition option", optionFields,
        {req("id", str, &OptionDecl::id), opt("route_to", str, &OptionDecl::routeTo),
         opt("route_type", str, routeType), opt("sequence", str, &OptionDecl::sequence),
         opt("context_variables", open, &OptionDecl::contextVariables)});
    const Shape *route = lenient("condition route", routeFields,
                                 {req("match", a.any(), &RouteDecl::match), req("route_to", str, &RouteDecl::routeTo),
                                  opt("route_type", str, routeType), opt("sequence", str, &RouteDecl::sequence)});
    return lenient(
        "transition", transitionFields,
        {req("id", str, &TransitionDecl::id), req("transition_type", a.oneOf(types), &TransitionDecl::type),
         opt("ui", ui, &TransitionDecl::ui), opt("options", a.list(option), &TransitionDecl::options),
         opt("route_to", str, &TransitionDecl::routeTo), opt("route_type", str, routeType),
         opt("sequence", str, &TransitionDecl::sequence), opt("context_key", str, &TransitionDecl::contextKey),
         opt("routes", a.list(route), &TransitionDecl::routes),
         opt("default_route", str, &TransitionDecl::defaultRoute),
         opt("confirm_route", str, &TransitionDecl::confirmRoute),
         opt("cancel_route", str, &TransitionDecl::cancelRoute),
         opt("optional", a.boolean(),
             unread("the reference runtime's shell may skip it; an executable always routes"))});
  }

  const Shape *buildEntrypoint() {
    const Shape *str = a.str();
    return lenient(
        "entrypoint", entrypointFields,
        {req("id", str, &EntrypointDecl::id), req("path", str, &EntrypointDecl::path),
         opt("label", str, &EntrypointDecl::label), opt("transition", str, &EntrypointDecl::transition),
         opt("workflow", str, &EntrypointDecl::workflow), opt("sequence", str, &EntrypointDecl::sequence),
         opt("requiresAuth", a.boolean(),
             unread("the reference runtime's web shell; --entrypoints lists it as written")),
         opt("order", a.integer(), unread("the reference runtime's web shell; --entrypoints keeps the file's order")),
         opt("meta", a.opaque(), unread("the reference runtime's web shell"))});
  }
};

const RegistryShapes &shapes() {
  static const RegistryShapes s;
  return s;
}

}  // namespace

const Shape &registryShape() { return *shapes().root; }
const std::vector<std::string> &transitionTypes() { return shapes().types; }

// The tables the reader reads with (RegistryReader.cpp): the ones the shapes above were built from.
const FieldTable<DependencyDecl> &DependencyDecl::fields() { return shapes().dependencyFields; }
const FieldTable<WorkflowDecl> &WorkflowDecl::fields() { return shapes().workflowFields; }
const FieldTable<StepDecl> &StepDecl::fields() { return shapes().stepFields; }
const FieldTable<SequenceDecl> &SequenceDecl::fields() { return shapes().sequenceFields; }
const FieldTable<UiDecl> &UiDecl::fields() { return shapes().uiFields; }
const FieldTable<OptionDecl> &OptionDecl::fields() { return shapes().optionFields; }
const FieldTable<RouteDecl> &RouteDecl::fields() { return shapes().routeFields; }
const FieldTable<TransitionDecl> &TransitionDecl::fields() { return shapes().transitionFields; }
const FieldTable<EntrypointDecl> &EntrypointDecl::fields() { return shapes().entrypointFields; }
const FieldTable<RegistryDecl> &RegistryDecl::fields() { return shapes().registryFields; }

}  // namespace wfc::registry

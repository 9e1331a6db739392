#include "frontend/registry/RegistryShape.h"

#include "frontend/ShapeArena.h"

namespace wfc::registry {
namespace {

struct RegistryShapes {
  ShapeArena a;
  const Shape *root = nullptr;
  std::vector<std::string> types = {"user_choice", "user_choice_context", "user_choice_route", "condition", "confirm",
                                    "silent", "progress_view", "prerequisite_redirect", "chat_session",
                                    "workflow_complete"};

  Shape *lenient(std::string what, std::vector<Field> fields) {
    Shape *s = a.object(std::move(what), std::move(fields));
    s->lenient = true;
    return s;
  }

  RegistryShapes() {
    const Shape *str = a.str();
    const Shape *strings = a.strings();
    const Shape *open = a.opaque();
    const Shape *dependencyObject = lenient(
        "dependency", {req("id", str), opt("scope", a.oneOf({"app", "user"})), opt("reason", str),
                       opt("gating", a.oneOf({"required", "optional"}))});
    Shape *dependency = a.make(Shape::Type::Union, "dependency");
    dependency->variants = {str, dependencyObject};
    dependency->choose = [str, dependencyObject](const DocNode &n, DiagnosticEngine &diags) -> const Shape * {
      if (n.isString()) return str;
      if (n.isMapping()) return dependencyObject;
      diags.error(n.loc, "a dependency is a workflow id or {id, gating, scope, reason}, not " + describeKind(n.kind).str());
      return nullptr;
    };
    const Shape *workflow = lenient(
        "workflow", {req("id", str), opt("description", str), opt("type", str),
                     opt("startup_mode", a.oneOf({"UserDriven", "AgentDriven", "BackendOnly"})),
                     opt("interaction_mode", str), opt("launch_behavior", str), opt("handoff_style", str),
                     opt("dependencies", a.list(dependency))});
    const Shape *step = lenient("sequence step", {opt("workflows", strings), opt("transition", str)});
    const Shape *sequence = lenient(
        "workflow sequence", {req("id", str), opt("description", str), req("steps", a.list(step, 1)),
                              opt("affected_declarative_families", strings)});
    const Shape *ui = lenient(
        "transition ui", {req("component", str), opt("mode", a.oneOf({"screen"})), opt("shell_mode", str),
                          opt("props", open)});
    const Shape *option = lenient(
        "transition option", {req("id", str), opt("route_to", str), opt("route_type", str), opt("sequence", str),
                              opt("context_variables", open)});
    const Shape *route = lenient("condition route", {req("match", a.any()), req("route_to", str),
                                                     opt("route_type", str), opt("sequence", str)});
    const Shape *transition = lenient(
        "transition", {req("id", str), req("transition_type", a.oneOf(types)), opt("ui", ui),
                       opt("options", a.list(option)), opt("route_to", str), opt("route_type", str),
                       opt("sequence", str), opt("context_key", str), opt("routes", a.list(route)),
                       opt("default_route", str), opt("confirm_route", str), opt("cancel_route", str),
                       opt("optional", a.boolean())});
    const Shape *entrypoint = lenient(
        "entrypoint", {req("id", str), req("path", str), opt("label", str), opt("transition", str),
                       opt("workflow", str), opt("sequence", str), opt("requiresAuth", a.boolean()),
                       opt("order", a.integer()), opt("meta", open)});
    root = lenient(
        "registry", {opt("pack_name", str), req("version", a.integer()), opt("description", str),
                     opt("workflows", a.list(workflow)), opt("workflow_sequences", a.list(sequence)),
                     opt("transitions", a.list(transition)), opt("entrypoints", a.list(entrypoint)),
                     opt("artifact_dependency_graph", a.map(strings)),
                     opt("journeys", a.unsupported("'journeys' is no longer supported; use 'workflow_sequences' "
                                                   "(the registry's version 3 renamed it)"))});
  }
};

const RegistryShapes &shapes() {
  static const RegistryShapes s;
  return s;
}

}  // namespace

const Shape &registryShape() { return *shapes().root; }
const std::vector<std::string> &transitionTypes() { return shapes().types; }

}  // namespace wfc::registry

// The mirrors (codegen/DeclMirror.h) of the tables of include/wfc/registry.h, which a workflow
// registry's file ends with (docs/registry.md), in the order registry.h declares them.
#pragma once

#include "codegen/DeclMirror.h"

#include <wfc/registry.h>

namespace wfc::codegen {

#define WFC_REGISTRY_DEPENDENCY_DECL_FIELDS(F) F(workflow) F(required) F(userScope) F(reason)
WFC_DECL_MIRROR(RegistryDependencyDeclFields, wfc::RegistryDependencyDecl, WFC_REGISTRY_DEPENDENCY_DECL_FIELDS);

#define WFC_REGISTRY_WORKFLOW_DECL_FIELDS(F) F(id) F(program) F(location) F(description) F(dependencies) F(backendOnly)
WFC_DECL_MIRROR(RegistryWorkflowDeclFields, wfc::RegistryWorkflowDecl, WFC_REGISTRY_WORKFLOW_DECL_FIELDS);

// Where a route leads, written inline in the rows that hold one.
#define WFC_REGISTRY_ROUTE_DECL_FIELDS(F) F(workflow) F(transition) F(sequence)
WFC_DECL_MIRROR(RegistryRouteDeclFields, wfc::RegistryRouteDecl, WFC_REGISTRY_ROUTE_DECL_FIELDS);

#define WFC_REGISTRY_OPTION_DECL_FIELDS(F) F(id) F(route) F(contextVariables)
WFC_DECL_MIRROR(RegistryOptionDeclFields, wfc::RegistryOptionDecl, WFC_REGISTRY_OPTION_DECL_FIELDS);

#define WFC_REGISTRY_CONDITION_DECL_FIELDS(F) F(match) F(route)
WFC_DECL_MIRROR(RegistryConditionDeclFields, wfc::RegistryConditionDecl, WFC_REGISTRY_CONDITION_DECL_FIELDS);

#define WFC_REGISTRY_TRANSITION_DECL_FIELDS(F) \
  F(id) F(type) F(kind) F(options) F(route) F(contextKey) F(routes) F(defaultRoute) F(confirmRoute) F(cancelRoute)
WFC_DECL_MIRROR(RegistryTransitionDeclFields, wfc::RegistryTransitionDecl, WFC_REGISTRY_TRANSITION_DECL_FIELDS);

#define WFC_REGISTRY_STEP_DECL_FIELDS(F) F(workflows) F(transition)
WFC_DECL_MIRROR(RegistryStepDeclFields, wfc::RegistryStepDecl, WFC_REGISTRY_STEP_DECL_FIELDS);

#define WFC_REGISTRY_SEQUENCE_DECL_FIELDS(F) F(id) F(description) F(steps)
WFC_DECL_MIRROR(RegistrySequenceDeclFields, wfc::RegistrySequenceDecl, WFC_REGISTRY_SEQUENCE_DECL_FIELDS);

#define WFC_REGISTRY_ENTRYPOINT_DECL_FIELDS(F) F(id) F(path) F(label) F(workflow) F(transition) F(sequence)
WFC_DECL_MIRROR(RegistryEntrypointDeclFields, wfc::RegistryEntrypointDecl, WFC_REGISTRY_ENTRYPOINT_DECL_FIELDS);

#define WFC_REGISTRY_DECL_FIELDS(F)                                                                      \
  F(name) F(source) F(description) F(wfcVersion) F(workflows) F(sequences) F(transitions) F(entrypoints) \
  F(bindings) F(natives) F(allowUnbound)
WFC_DECL_MIRROR(RegistryDeclFields, wfc::RegistryDecl, WFC_REGISTRY_DECL_FIELDS);

}  // namespace wfc::codegen

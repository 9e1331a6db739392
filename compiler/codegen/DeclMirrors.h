// The mirrors (codegen/DeclMirror.h) of the tables of include/wfc/program.h that codegen writes,
// in the order program.h declares them. Each lists its table type's fields in declaration order:
// a field added to program.h fails wfc's build until it is added here.
#pragma once

#include "codegen/DeclMirror.h"

#include <wfc/program.h>

namespace wfc::codegen {

// A step of a path in a tool step's arguments given as data.
#define WFC_PATH_KEY_FIELDS(F) F(key) F(index)
WFC_DECL_MIRROR(PathKeyFields, wfc::PathKey, WFC_PATH_KEY_FIELDS);

// A member of a tool step's arguments given as data (StepDecl::arguments).
#define WFC_ARGUMENT_DECL_FIELDS(F) F(key) F(source) F(constant) F(step) F(path) F(ref)
WFC_DECL_MIRROR(ArgumentDeclFields, wfc::ArgumentDecl, WFC_ARGUMENT_DECL_FIELDS);

// A step table's row (kSteps) and a chat task's turn (kTurn_<prompt>).
#define WFC_STEP_DECL_FIELDS(F)                                                                       \
  F(id) F(key) F(kind) F(effect) F(location) F(parent) F(after) F(order) F(guard) F(guardedBy) F(run) \
  F(arguments) F(predicate) F(thenStep) F(elseStep) F(reduce) F(into) F(maxAttempts) F(backoffMs) F(timeoutMs)     \
  F(tool) F(argsChecked) F(callee) F(fallback) F(fallbackValue) F(prompt) F(provider) F(outputSchema) \
  F(strictOutput) F(tools) F(maxSteps) F(toolCalled) F(maxConcurrency) F(maxIterations) F(rubric)     \
  F(evals) F(cache) F(definitionHash) F(needs) F(action) F(capture) F(promptCacheKey)
WFC_DECL_MIRROR(StepDeclFields, wfc::StepDecl, WFC_STEP_DECL_FIELDS);

// A part of a prompt's system template (kTemplate_<prompt>).
#define WFC_TEMPLATE_PART_FIELDS(F) F(kind) F(text) F(path)
WFC_DECL_MIRROR(TemplatePartFields, wfc::TemplatePart, WFC_TEMPLATE_PART_FIELDS);

#define WFC_VARIABLE_DECL_FIELDS(F) F(name) F(required) F(defaultValue)
WFC_DECL_MIRROR(VariableDeclFields, wfc::VariableDecl, WFC_VARIABLE_DECL_FIELDS);

#define WFC_VALIDATOR_DECL_FIELDS(F) \
  F(id) F(check) F(direction) F(hasMinScore) F(hasMaxScore) F(minScore) F(maxScore) F(truncateTo) F(message)
WFC_DECL_MIRROR(ValidatorDeclFields, wfc::ValidatorDecl, WFC_VALIDATOR_DECL_FIELDS);

#define WFC_MODEL_OVERRIDE_DECL_FIELDS(F) \
  F(model) F(replacesTemplate) F(systemTemplate) F(prefix) F(suffix) F(parameters)
WFC_DECL_MIRROR(ModelOverrideDeclFields, wfc::ModelOverrideDecl, WFC_MODEL_OVERRIDE_DECL_FIELDS);

#define WFC_MEDIA_TYPE_DECL_FIELDS(F) \
  F(name) F(allowedFormats) F(maxBytes) F(maxPerMessage) F(defaultDetail) F(requireCaption)
WFC_DECL_MIRROR(MediaTypeDeclFields, wfc::MediaTypeDecl, WFC_MEDIA_TYPE_DECL_FIELDS);

#define WFC_PROMPT_DECL_FIELDS(F)                                                                    \
  F(key) F(id) F(version) F(location) F(systemTemplate) F(variables) F(parameters) F(toolChoice)    \
  F(maxRounds) F(maxToolCallsPerTurn) F(blocklist) F(validators) F(model) F(modelOverrides) F(provider) \
  F(media) F(promptKitWire)
WFC_DECL_MIRROR(PromptDeclFields, wfc::PromptDecl, WFC_PROMPT_DECL_FIELDS);

#define WFC_PROVIDER_KEY_DECL_FIELDS(F) F(key) F(role) F(required) F(called)
WFC_DECL_MIRROR(ProviderKeyDeclFields, wfc::ProviderKeyDecl, WFC_PROVIDER_KEY_DECL_FIELDS);

#define WFC_TOOL_DECL_FIELDS(F) F(name) F(effect) F(parameters) F(called) F(providerName) F(description)
WFC_DECL_MIRROR(ToolDeclFields, wfc::ToolDecl, WFC_TOOL_DECL_FIELDS);

#define WFC_SKILL_RESOURCE_DECL_FIELDS(F) F(path) F(content)
WFC_DECL_MIRROR(SkillResourceDeclFields, wfc::SkillResourceDecl, WFC_SKILL_RESOURCE_DECL_FIELDS);

#define WFC_SKILL_DECL_FIELDS(F) \
  F(name) F(description) F(instructions) F(location) F(hasDirectory) F(preload) F(grants) F(resources)
WFC_DECL_MIRROR(SkillDeclFields, wfc::SkillDecl, WFC_SKILL_DECL_FIELDS);

#define WFC_ROLLBACK_DECL_FIELDS(F) F(step) F(tool) F(run) F(location) F(argsChecked)
WFC_DECL_MIRROR(RollbackDeclFields, wfc::RollbackDecl, WFC_ROLLBACK_DECL_FIELDS);

#define WFC_TOOL_COMPOSITION_DECL_FIELDS(F) F(strategy) F(rollBack) F(resultKeys) F(rollbacks)
WFC_DECL_MIRROR(ToolCompositionDeclFields, wfc::ToolCompositionDecl, WFC_TOOL_COMPOSITION_DECL_FIELDS);

// A composition (kComposition in its namespace).
#define WFC_COMPOSITION_DECL_FIELDS(F) \
  F(name) F(location) F(inputSchema) F(outputSchema) F(output) F(steps) F(toolComposition) F(variableStore) F(variables)
WFC_DECL_MIRROR(CompositionDeclFields, wfc::CompositionDecl, WFC_COMPOSITION_DECL_FIELDS);

#define WFC_CHAT_TASK_DECL_FIELDS(F) F(name) F(turn) F(sessionEvals) F(unusable)
WFC_DECL_MIRROR(ChatTaskDeclFields, wfc::ChatTaskDecl, WFC_CHAT_TASK_DECL_FIELDS);

#define WFC_ENVIRONMENT_DECL_FIELDS(F) F(name) F(location)
WFC_DECL_MIRROR(EnvironmentDeclFields, wfc::EnvironmentDecl, WFC_ENVIRONMENT_DECL_FIELDS);

#define WFC_PROGRAM_DECL_FIELDS(F)                                                                                   \
  F(name) F(version) F(source) F(description) F(summary) F(wfcVersion) F(identity) F(tools) F(prompts) F(providers) \
  F(compositions) F(bindings) F(natives) F(allowUnbound) F(maxWallTimeMs) F(maxToolCalls) F(workflow)              \
  F(evals) F(tasks) F(skills) F(governance) F(graph) F(agents) F(environment) F(stepTable)
WFC_DECL_MIRROR(ProgramDeclFields, wfc::ProgramDecl, WFC_PROGRAM_DECL_FIELDS);

#define WFC_EVAL_DECL_FIELDS(F)                                                                               \
  F(id) F(type) F(location) F(typeName) F(params) F(text) F(patterns) F(wordBoundary) F(invert) F(extractJson) F(schema)          \
  F(minLength) F(maxLength) F(maxTokens) F(maxSentences) F(minCalls) F(maxCalls) F(maxMs) F(maxCostUsd)       \
  F(maxInputTokens) F(maxOutputTokens) F(maxTotalTokens) F(prompt) F(rubric)                                \
  F(criteria) F(judgeSystemPrompt) F(judgeModel) F(hasPassingScore) F(passingScore) F(threshold)            \
  F(thresholdValue) F(gate) F(samplePercentage) F(message) F(whenToolCalled) F(whenToolCalledPattern)       \
  F(whenAnyToolCalled) F(whenMinToolCalls)
WFC_DECL_MIRROR(EvalDeclFields, wfc::EvalDecl, WFC_EVAL_DECL_FIELDS);

// A workflow state (kStates), the artifacts it lists inline, and the workflow (kWorkflow).
#define WFC_STATE_DECL_FIELDS(F)                                                                       \
  F(name) F(kind) F(location) F(run) F(composition) F(prompt) F(events) F(terminal) F(maxVisits)      \
  F(onMaxVisits) F(artifacts) F(tools) F(skills) F(persistent) F(agentControl) F(promptCacheKey)
WFC_DECL_MIRROR(StateDeclFields, wfc::StateDecl, WFC_STATE_DECL_FIELDS);

#define WFC_ARTIFACT_DECL_FIELDS(F) F(name) F(type) F(append)
WFC_DECL_MIRROR(ArtifactDeclFields, wfc::ArtifactDecl, WFC_ARTIFACT_DECL_FIELDS);

#define WFC_WORKFLOW_DECL_FIELDS(F) F(entry) F(states) F(transition) F(maxTotalVisits)
WFC_DECL_MIRROR(WorkflowDeclFields, wfc::WorkflowDecl, WFC_WORKFLOW_DECL_FIELDS);

}  // namespace wfc::codegen

// The PromptPack AST: a pack as typed declarations with locations, read from a shape-checked
// document (PromptPackReader) and lowered into the IR (PromptPackLowering). Every field the
// shape allows is a member here, declared once with its shape in the declaration's field table
// (PromptPackShape.cpp, frontend/FieldTable.h); values the compiler treats as data (step inputs,
// tool arguments, predicate operands, eval params) stay DocNodes (DataField), which the lowering
// turns into IR values.
#pragma once

#include "frontend/FieldTable.h"
#include "frontend/SchemaRef.h"

#include <optional>
#include <string>
#include <vector>

namespace wfc::promptpack {

using Text = Located<std::string>;
using Integer = Located<int64_t>;
using Number = Located<double>;
using Flag = Located<bool>;
using TextList = Located<std::vector<Text>>;

// ---- prompts, tools, evals --------------------------------------------------------------------

struct VariableDecl {
  llvm::SMLoc loc;
  Text name, type, description;
  Flag required;
  DataField defaultValue, example, validation;
  static const FieldTable<VariableDecl> &fields();
};

struct ToolPolicyDecl {
  llvm::SMLoc loc;
  Text toolChoice;
  Integer maxRounds, maxToolCallsPerTurn;
  TextList blocklist;
  static const FieldTable<ToolPolicyDecl> &fields();
};

struct ThresholdDecl {
  llvm::SMLoc loc;
  Text op;
  Number value;
  static const FieldTable<ThresholdDecl> &fields();
};

struct EvalDecl {
  llvm::SMLoc loc;
  Text id, description, type, trigger, message;
  Number samplePercentage;
  Flag enabled;
  DataField params, metric, when, extensions;
  Located<ThresholdDecl> threshold;
  TextList groups;
  static const FieldTable<EvalDecl> &fields();
};

// A guardrail (RFC 0015: always enforced; `fail_on_violation` is read only to warn about it).
struct ValidatorDecl {
  llvm::SMLoc loc;
  Text id, type, message;
  Flag enabled, failOnViolation;
  DataField params, extensions;
  static const FieldTable<ValidatorDecl> &fields();
};

struct ModelOverrideDecl {
  llvm::SMLoc loc;
  Text systemTemplatePrefix, systemTemplateSuffix, systemTemplate;
  DataField parameters;
  static const FieldTable<ModelOverrideDecl> &fields();
};

struct PromptDecl {
  llvm::SMLoc loc;
  Text id, name, description, version, systemTemplate, provider;
  Located<std::vector<VariableDecl>> variables;
  TextList tools;
  Located<ToolPolicyDecl> toolPolicy;
  DataField parameters, pipeline, media, extensions;
  Located<std::vector<ValidatorDecl>> validators;
  Located<std::vector<Named<ModelOverrideDecl>>> modelOverrides;
  Located<std::vector<EvalDecl>> evals;
  static const FieldTable<PromptDecl> &fields();
};

struct ToolWfcExtensionDecl {
  llvm::SMLoc loc;
  Text effects;
  static const FieldTable<ToolWfcExtensionDecl> &fields();
};

struct ToolExtensionsDecl {
  llvm::SMLoc loc;
  Located<ToolWfcExtensionDecl> wfc;
  static const FieldTable<ToolExtensionsDecl> &fields();
};

struct ToolDecl {
  llvm::SMLoc loc;
  Text name, description;
  DataField parameters, actionScope;
  Located<ToolExtensionsDecl> extensions;
  static const FieldTable<ToolDecl> &fields();
};

// ---- compositions (RFC 0010 and wfc's extensions) -----------------------------------------------

// RFC 0010's constrained predicate: {path, op, value}, {path, exists}, all_of, any_of, not.
struct PredicateDecl {
  llvm::SMLoc loc;
  Text path, op;
  DataField value;
  Flag exists;
  Located<std::vector<PredicateDecl>> allOf, anyOf;
  // `not` holds one predicate; a vector keeps the type complete (it has at most one element).
  std::vector<PredicateDecl> notOperand;
  bool hasNot = false;
  static const FieldTable<PredicateDecl> &fields();
};

struct RetryDecl {
  llvm::SMLoc loc;
  Integer maxAttempts, backoffMs;
  static const FieldTable<RetryDecl> &fields();
};

struct OnErrorDecl {
  llvm::SMLoc loc;
  Text fallback;
  DataField value;
  static const FieldTable<OnErrorDecl> &fields();
};

struct ModifiersDecl {
  llvm::SMLoc loc;
  Located<RetryDecl> retry;
  TextList evals;
  Integer timeoutMs;
  Located<OnErrorDecl> onError;
  Flag cache;
  Flag promptCache;  // wfc.prompt_cache
  static const FieldTable<ModifiersDecl> &fields();
};

struct TerminationDecl {
  llvm::SMLoc loc;
  Integer maxSteps;
  Text toolCalled;
  static const FieldTable<TerminationDecl> &fields();
};

struct ReduceDecl {
  llvm::SMLoc loc;
  Text strategy, into;
  static const FieldTable<ReduceDecl> &fields();
};

// One step: the fields of every kind (the shape checker allowed only the kind's own).
struct StepDecl {
  llvm::SMLoc loc;
  Text id, kind, description;
  TextList dependsOn;
  Located<ModifiersDecl> modifiers;
  // prompt, agent, wfc.judge
  Text promptTask;
  Text provider;  // prompt, agent
  DataField input;  // also wfc.subflow
  Located<SchemaRef> outputSchema;
  // agent
  TextList tools;
  Located<TerminationDecl> termination;
  // tool
  Text tool;
  DataField args;
  // branch
  Located<PredicateDecl> predicate;
  Text thenStep, elseStep;
  // parallel (branches), wfc.loop (steps), wfc.foreach (step): the steps inside
  Located<std::vector<StepDecl>> branches, steps;
  std::vector<StepDecl> step;  // wfc.foreach's one step (a vector keeps the type complete)
  Located<ReduceDecl> reduce;
  // wfc.subflow
  Text composition;
  // wfc.foreach
  Text items;
  Integer maxConcurrency;
  // wfc.loop
  Located<PredicateDecl> until;
  Integer maxIterations;
  // wfc.judge
  Text target;
  DataField rubric;

  // The steps directly inside this one, in declaration order.
  const std::vector<StepDecl> &children() const;
  static const FieldTable<StepDecl> &fields();
};

struct CompositionDecl {
  llvm::SMLoc loc;
  Integer version;
  Text description, output;
  Located<SchemaRef> inputSchema, outputSchema;
  Located<std::vector<StepDecl>> steps;
  DataField engine, extensions;
  static const FieldTable<CompositionDecl> &fields();
};

// ---- the workflow -------------------------------------------------------------------------------

struct ArtifactDecl {
  llvm::SMLoc loc;
  Text type, description, mode;
  static const FieldTable<ArtifactDecl> &fields();
};

struct StateDecl {
  llvm::SMLoc loc;
  Text promptTask, description, persistence, orchestration, control, composition, skills, onMaxVisits;
  Located<std::vector<Named<Text>>> onEvent;
  Flag terminal;
  Integer maxVisits;
  Located<std::vector<Named<ArtifactDecl>>> artifacts;
  DataField extensions;
  static const FieldTable<StateDecl> &fields();
};

struct BudgetDecl {
  llvm::SMLoc loc;
  Integer maxTotalVisits, maxToolCalls, maxWallTimeSec;
  static const FieldTable<BudgetDecl> &fields();
};

struct EngineDecl {
  llvm::SMLoc loc;
  Located<BudgetDecl> budget;
  static const FieldTable<EngineDecl> &fields();
};

struct WorkflowDecl {
  llvm::SMLoc loc;
  Integer version;
  Text entry;
  Located<std::vector<Named<StateDecl>>> states;
  Located<EngineDecl> engine;
  static const FieldTable<WorkflowDecl> &fields();
};

// ---- the pack -----------------------------------------------------------------------------------

struct PackDecl {
  const Document *document = nullptr;
  llvm::SMLoc loc;
  Text schema, id, name, version, description;
  DataField templateEngine, metadata, compilation;
  // Read by the lowering from their nodes: unions (a string or a mapping) and blocks whose
  // references it checks (docs/promptkit.md).
  DataField requirements, skills, agents;  // `requires`, `skills`, `agents`
  Located<std::vector<Named<PromptDecl>>> prompts;
  Located<std::vector<Named<Text>>> fragments;
  Located<std::vector<Named<ToolDecl>>> tools;
  Located<std::vector<EvalDecl>> evals;
  Located<WorkflowDecl> workflow;
  Located<std::vector<Named<CompositionDecl>>> compositions;
  static const FieldTable<PackDecl> &fields();
};

}  // namespace wfc::promptpack

#include "frontend/promptpack/PromptPackReader.h"

#include "frontend/SchemaResolver.h"
#include "frontend/promptpack/PromptPackShape.h"

namespace wfc::promptpack {

// ---- the field tables: one per declaration, each field of its shape (PromptPackShape.cpp) ------

const FieldBindings<VariableDecl> &VariableDecl::fields() {
  static const FieldBindings<VariableDecl> t = {
      bindField("name", &VariableDecl::name),
      bindField("type", &VariableDecl::type),
      bindField("required", &VariableDecl::required),
      bindField("default", &VariableDecl::defaultValue),
      bindField("description", &VariableDecl::description),
      bindField("example", &VariableDecl::example),
      bindField("validation", &VariableDecl::validation),
      unreadField<VariableDecl>("binding", "unsupported: the shape rejects it"),
  };
  return t;
}

const FieldBindings<ToolPolicyDecl> &ToolPolicyDecl::fields() {
  static const FieldBindings<ToolPolicyDecl> t = {
      bindField("tool_choice", &ToolPolicyDecl::toolChoice),
      bindField("max_rounds", &ToolPolicyDecl::maxRounds),
      bindField("max_tool_calls_per_turn", &ToolPolicyDecl::maxToolCallsPerTurn),
      bindField("blocklist", &ToolPolicyDecl::blocklist),
  };
  return t;
}

const FieldBindings<ThresholdDecl> &ThresholdDecl::fields() {
  static const FieldBindings<ThresholdDecl> t = {
      bindField("operator", &ThresholdDecl::op),
      bindField("value", &ThresholdDecl::value),
  };
  return t;
}

const FieldBindings<EvalDecl> &EvalDecl::fields() {
  static const FieldBindings<EvalDecl> t = {
      bindField("id", &EvalDecl::id),
      bindField("description", &EvalDecl::description),
      bindField("type", &EvalDecl::type),
      bindField("trigger", &EvalDecl::trigger),
      bindField("sample_percentage", &EvalDecl::samplePercentage),
      bindField("enabled", &EvalDecl::enabled),
      bindField("params", &EvalDecl::params),
      bindField("metric", &EvalDecl::metric),
      bindField("threshold", &EvalDecl::threshold),
      bindField("message", &EvalDecl::message),
      bindField("when", &EvalDecl::when),
      bindField("groups", &EvalDecl::groups),
      bindField("extensions", &EvalDecl::extensions),
  };
  return t;
}

const FieldBindings<ValidatorDecl> &ValidatorDecl::fields() {
  static const FieldBindings<ValidatorDecl> t = {
      bindField("id", &ValidatorDecl::id),
      bindField("type", &ValidatorDecl::type),
      bindField("enabled", &ValidatorDecl::enabled),
      bindField("message", &ValidatorDecl::message),
      bindField("fail_on_violation", &ValidatorDecl::failOnViolation),
      bindField("params", &ValidatorDecl::params),
      bindField("extensions", &ValidatorDecl::extensions),
  };
  return t;
}

const FieldBindings<ModelOverrideDecl> &ModelOverrideDecl::fields() {
  static const FieldBindings<ModelOverrideDecl> t = {
      bindField("system_template_prefix", &ModelOverrideDecl::systemTemplatePrefix),
      bindField("system_template_suffix", &ModelOverrideDecl::systemTemplateSuffix),
      bindField("system_template", &ModelOverrideDecl::systemTemplate),
      bindField("parameters", &ModelOverrideDecl::parameters),
  };
  return t;
}

const FieldBindings<PromptDecl> &PromptDecl::fields() {
  static const FieldBindings<PromptDecl> t = {
      bindField("id", &PromptDecl::id),
      bindField("name", &PromptDecl::name),
      bindField("description", &PromptDecl::description),
      bindField("version", &PromptDecl::version),
      bindField("system_template", &PromptDecl::systemTemplate),
      bindField("variables", &PromptDecl::variables),
      bindField("tools", &PromptDecl::tools),
      bindField("tool_policy", &PromptDecl::toolPolicy),
      bindField("parameters", &PromptDecl::parameters),
      bindField("evals", &PromptDecl::evals),
      unreadField<PromptDecl>("tested_models", "informational: which models the author tested"),
      bindField("validators", &PromptDecl::validators),
      bindField("pipeline", &PromptDecl::pipeline),
      bindField("model_overrides", &PromptDecl::modelOverrides),
      bindField("media", &PromptDecl::media),
      bindField("provider", &PromptDecl::provider),
      bindField("extensions", &PromptDecl::extensions),
  };
  return t;
}

const FieldBindings<ToolWfcExtensionDecl> &ToolWfcExtensionDecl::fields() {
  static const FieldBindings<ToolWfcExtensionDecl> t = {bindField("effects", &ToolWfcExtensionDecl::effects)};
  return t;
}

const FieldBindings<ToolExtensionsDecl> &ToolExtensionsDecl::fields() {
  static const FieldBindings<ToolExtensionsDecl> t = {bindField("wfc", &ToolExtensionsDecl::wfc)};
  return t;
}

const FieldBindings<ToolDecl> &ToolDecl::fields() {
  static const FieldBindings<ToolDecl> t = {
      bindField("name", &ToolDecl::name),
      bindField("description", &ToolDecl::description),
      bindField("parameters", &ToolDecl::parameters),
      bindField("action_scope", &ToolDecl::actionScope),
      bindField("extensions", &ToolDecl::extensions),
  };
  return t;
}

const FieldBindings<PredicateDecl> &PredicateDecl::fields() {
  static const FieldBindings<PredicateDecl> t = {
      bindField("path", &PredicateDecl::path),
      bindField("op", &PredicateDecl::op),
      bindField("value", &PredicateDecl::value),
      bindField("exists", &PredicateDecl::exists),
      bindField("all_of", &PredicateDecl::allOf),
      bindField("any_of", &PredicateDecl::anyOf),
      bindFieldWith<PredicateDecl>("not",
                              [](PredicateDecl &p, const DocEntry &e) {
                                p.hasNot = true;
                                if (!e.value->isMapping() || e.value->invalid) return;
                                PredicateDecl inner;
                                readFields(inner, *e.value);
                                p.notOperand.push_back(std::move(inner));
                              }),
  };
  return t;
}

const FieldBindings<RetryDecl> &RetryDecl::fields() {
  static const FieldBindings<RetryDecl> t = {
      bindField("max_attempts", &RetryDecl::maxAttempts),
      bindField("wfc.backoff_ms", &RetryDecl::backoffMs),
  };
  return t;
}

const FieldBindings<OnErrorDecl> &OnErrorDecl::fields() {
  static const FieldBindings<OnErrorDecl> t = {
      bindField("fallback", &OnErrorDecl::fallback),
      bindField("value", &OnErrorDecl::value),
  };
  return t;
}

const FieldBindings<ModifiersDecl> &ModifiersDecl::fields() {
  static const FieldBindings<ModifiersDecl> t = {
      bindField("retry", &ModifiersDecl::retry),
      bindField("eval", &ModifiersDecl::evals),
      bindField("wfc.timeout_ms", &ModifiersDecl::timeoutMs),
      bindField("wfc.on_error", &ModifiersDecl::onError),
      bindField("wfc.cache", &ModifiersDecl::cache),
  };
  return t;
}

const FieldBindings<TerminationDecl> &TerminationDecl::fields() {
  static const FieldBindings<TerminationDecl> t = {
      bindField("max_steps", &TerminationDecl::maxSteps),
      bindField("tool_called", &TerminationDecl::toolCalled),
  };
  return t;
}

const FieldBindings<ReduceDecl> &ReduceDecl::fields() {
  static const FieldBindings<ReduceDecl> t = {
      bindField("strategy", &ReduceDecl::strategy),
      bindField("into", &ReduceDecl::into),
  };
  return t;
}

const FieldBindings<StepDecl> &StepDecl::fields() {
  static const FieldBindings<StepDecl> t = {
      bindField("id", &StepDecl::id),
      bindField("kind", &StepDecl::kind),
      bindField("description", &StepDecl::description),
      bindField("depends_on", &StepDecl::dependsOn),
      bindField("modifiers", &StepDecl::modifiers),
      bindField("prompt_task", &StepDecl::promptTask),
      bindField("provider", &StepDecl::provider),
      bindField("input", &StepDecl::input),
      bindField("output_schema", &StepDecl::outputSchema),
      bindField("tools", &StepDecl::tools),
      bindField("termination", &StepDecl::termination),
      bindField("tool", &StepDecl::tool),
      bindField("args", &StepDecl::args),
      bindField("predicate", &StepDecl::predicate),
      bindField("then", &StepDecl::thenStep),
      bindField("else", &StepDecl::elseStep),
      bindField("branches", &StepDecl::branches),
      bindField("steps", &StepDecl::steps),
      bindFieldWith<StepDecl>("step",
                         [](StepDecl &s, const DocEntry &e) {
                           if (!e.value->isMapping() || e.value->invalid) return;
                           StepDecl inner;
                           readFields(inner, *e.value);
                           s.step.push_back(std::move(inner));
                         }),
      bindField("reduce", &StepDecl::reduce),
      bindField("composition", &StepDecl::composition),
      bindField("items", &StepDecl::items),
      bindField("max_concurrency", &StepDecl::maxConcurrency),
      bindField("until", &StepDecl::until),
      bindField("max_iterations", &StepDecl::maxIterations),
      bindField("target", &StepDecl::target),
      bindField("rubric", &StepDecl::rubric),
  };
  return t;
}

const std::vector<StepDecl> &StepDecl::children() const {
  if (*kind == "parallel") return branches.value;
  if (*kind == "wfc.loop") return steps.value;
  if (*kind == "wfc.foreach") return step;
  static const std::vector<StepDecl> none;
  return none;
}

const FieldBindings<CompositionDecl> &CompositionDecl::fields() {
  static const FieldBindings<CompositionDecl> t = {
      bindField("version", &CompositionDecl::version),
      bindField("description", &CompositionDecl::description),
      bindField("input_schema", &CompositionDecl::inputSchema),
      bindField("output_schema", &CompositionDecl::outputSchema),
      bindField("output", &CompositionDecl::output),
      bindField("steps", &CompositionDecl::steps),
      bindField("engine", &CompositionDecl::engine),
      bindField("extensions", &CompositionDecl::extensions),
  };
  return t;
}

const FieldBindings<ArtifactDecl> &ArtifactDecl::fields() {
  static const FieldBindings<ArtifactDecl> t = {
      bindField("type", &ArtifactDecl::type),
      bindField("description", &ArtifactDecl::description),
      bindField("mode", &ArtifactDecl::mode),
  };
  return t;
}

const FieldBindings<StateDecl> &StateDecl::fields() {
  static const FieldBindings<StateDecl> t = {
      bindField("prompt_task", &StateDecl::promptTask),
      bindField("description", &StateDecl::description),
      bindField("on_event", &StateDecl::onEvent),
      bindField("persistence", &StateDecl::persistence),
      bindField("orchestration", &StateDecl::orchestration),
      bindField("control", &StateDecl::control),
      bindField("composition", &StateDecl::composition),
      bindField("skills", &StateDecl::skills),
      bindField("terminal", &StateDecl::terminal),
      bindField("max_visits", &StateDecl::maxVisits),
      bindField("on_max_visits", &StateDecl::onMaxVisits),
      bindField("artifacts", &StateDecl::artifacts),
      bindField("extensions", &StateDecl::extensions),
  };
  return t;
}

const FieldBindings<BudgetDecl> &BudgetDecl::fields() {
  static const FieldBindings<BudgetDecl> t = {
      bindField("max_total_visits", &BudgetDecl::maxTotalVisits),
      bindField("max_tool_calls", &BudgetDecl::maxToolCalls),
      bindField("max_wall_time_sec", &BudgetDecl::maxWallTimeSec),
  };
  return t;
}

const FieldBindings<EngineDecl> &EngineDecl::fields() {
  static const FieldBindings<EngineDecl> t = {bindField("budget", &EngineDecl::budget)};
  return t;
}

const FieldBindings<WorkflowDecl> &WorkflowDecl::fields() {
  static const FieldBindings<WorkflowDecl> t = {
      bindField("version", &WorkflowDecl::version),
      bindField("entry", &WorkflowDecl::entry),
      bindField("states", &WorkflowDecl::states),
      bindField("engine", &WorkflowDecl::engine),
  };
  return t;
}

const FieldBindings<PackDecl> &PackDecl::fields() {
  static const FieldBindings<PackDecl> t = {
      bindField("$schema", &PackDecl::schema),
      bindField("id", &PackDecl::id),
      bindField("name", &PackDecl::name),
      bindField("version", &PackDecl::version),
      bindField("description", &PackDecl::description),
      bindField("template_engine", &PackDecl::templateEngine),
      bindField("prompts", &PackDecl::prompts),
      bindField("fragments", &PackDecl::fragments),
      bindField("tools", &PackDecl::tools),
      bindField("metadata", &PackDecl::metadata),
      bindField("compilation", &PackDecl::compilation),
      bindField("evals", &PackDecl::evals),
      bindField("workflow", &PackDecl::workflow),
      bindField("agents", &PackDecl::agents),
      bindField("skills", &PackDecl::skills),
      bindField("compositions", &PackDecl::compositions),
      bindField("requires", &PackDecl::requirements),
  };
  return t;
}

std::vector<std::pair<std::string, std::vector<std::string>>> fieldTablesByShape() {
  return {
      {"pack", boundFieldNames<PackDecl>()},
      {"prompt", boundFieldNames<PromptDecl>()},
      {"variable", boundFieldNames<VariableDecl>()},
      {"tool_policy", boundFieldNames<ToolPolicyDecl>()},
      {"validator", boundFieldNames<ValidatorDecl>()},
      {"model override", boundFieldNames<ModelOverrideDecl>()},
      {"eval", boundFieldNames<EvalDecl>()},
      {"threshold", boundFieldNames<ThresholdDecl>()},
      {"tool", boundFieldNames<ToolDecl>()},
      {"extensions", boundFieldNames<ToolExtensionsDecl>()},
      {"'extensions.wfc'", boundFieldNames<ToolWfcExtensionDecl>()},
      {"predicate", boundFieldNames<PredicateDecl>()},
      {"retry", boundFieldNames<RetryDecl>()},
      {"'wfc.on_error'", boundFieldNames<OnErrorDecl>()},
      {"modifiers", boundFieldNames<ModifiersDecl>()},
      {"termination", boundFieldNames<TerminationDecl>()},
      {"reduce", boundFieldNames<ReduceDecl>()},
      {"step", boundFieldNames<StepDecl>()},
      {"composition", boundFieldNames<CompositionDecl>()},
      {"artifact", boundFieldNames<ArtifactDecl>()},
      {"workflow state", boundFieldNames<StateDecl>()},
      {"budget", boundFieldNames<BudgetDecl>()},
      {"engine", boundFieldNames<EngineDecl>()},
      {"workflow", boundFieldNames<WorkflowDecl>()},
  };
}

// ---- reading ------------------------------------------------------------------------------------

namespace {

// Resolves every schema reference in the AST to the schema it names (loading its file).
class SchemaReferences {
 public:
  SchemaReferences(const Document &doc, SchemaResolver &resolver) : doc_(doc), resolver_(resolver) {}

  void pack(PackDecl &pack) {
    for (Named<CompositionDecl> &c : pack.compositions.value) {
      if (!c.wellFormed) continue;
      resolve(c.decl.inputSchema);
      resolve(c.decl.outputSchema);
      steps(c.decl.steps.value);
    }
  }

 private:
  void resolve(Located<SchemaRef> &ref) {
    if (ref) resolver_.resolve(ref.value, doc_);
  }
  void steps(std::vector<StepDecl> &list) {
    for (StepDecl &s : list) {
      if (*s.kind == "prompt" || *s.kind == "agent") resolve(s.outputSchema);
      steps(s.branches.value);
      steps(s.steps.value);
      steps(s.step);
    }
  }

  const Document &doc_;
  SchemaResolver &resolver_;
};

}  // namespace

std::optional<PackDecl> readPromptPack(const Document &doc, DocumentLoader &loader, DiagnosticEngine &diags) {
  const DocNode *root = doc.root();
  if (!root || !root->isMapping()) {
    if (root && !root->invalid)
      diags.error(root->loc, "a pack must be a mapping of fields (id, name, version, …), not " + describeKind(root->kind));
    return std::nullopt;
  }
  ShapeChecker(diags).check(*root, promptPackShape(), "pack");
  PackDecl pack;
  pack.document = &doc;
  readFields(pack, *root);
  SchemaResolver resolver(loader, diags);
  SchemaReferences(doc, resolver).pack(pack);
  return pack;
}

}  // namespace wfc::promptpack

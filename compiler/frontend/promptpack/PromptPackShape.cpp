#include "frontend/promptpack/PromptPackShape.h"

#include "frontend/ShapeArena.h"
#include "frontend/promptpack/PromptKitSectionShapes.h"
#include "frontend/promptpack/PromptPackAST.h"
#include "support/DidYouMean.h"

namespace wfc::promptpack {
namespace {

// The PromptPack schema's semantic-version pattern, in POSIX extended syntax.
constexpr const char *kSemver =
    R"(^v?(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-((0|[1-9][0-9]*|[0-9]*[a-zA-Z-][0-9a-zA-Z-]*)(\.(0|[1-9][0-9]*|[0-9]*[a-zA-Z-][0-9a-zA-Z-]*))*))?(\+([0-9a-zA-Z-]+(\.[0-9a-zA-Z-]+)*))?$)";
constexpr const char *kSemverHint = "must be a semantic version such as '1.0.0'";

// `not: {…}`: one predicate, held in a vector to keep PredicateDecl complete.
void readNotOperand(PredicateDecl &p, const DocEntry &e) {
  p.hasNot = true;
  if (!e.value->isMapping() || e.value->invalid) return;
  PredicateDecl inner;
  readFields(inner, *e.value);
  p.notOperand.push_back(std::move(inner));
}

// wfc.foreach's `step: {…}`: one step, held in a vector to keep StepDecl complete.
void readForeachStep(StepDecl &s, const DocEntry &e) {
  if (!e.value->isMapping() || e.value->invalid) return;
  StepDecl inner;
  readFields(inner, *e.value);
  s.step.push_back(std::move(inner));
}

struct PackShapes {
  ShapeArena a;
  const Shape *root = nullptr;
  std::vector<std::string> stepKinds = {"prompt",      "agent",     "tool",     "branch",
                                        "parallel",    "wfc.subflow", "wfc.foreach", "wfc.loop",
                                        "wfc.judge"};
  // Each declaration's fields (PromptPackAST.h), declared once below with their shapes.
  FieldTable<PredicateDecl> predicateFields;
  FieldTable<RetryDecl> retryFields;
  FieldTable<OnErrorDecl> onErrorFields;
  FieldTable<ModifiersDecl> modifiersFields;
  FieldTable<TerminationDecl> terminationFields;
  FieldTable<ReduceDecl> reduceFields;
  FieldTable<StepDecl> stepFields;
  FieldTable<VariableDecl> variableFields;
  FieldTable<ToolPolicyDecl> toolPolicyFields;
  FieldTable<ValidatorDecl> validatorFields;
  FieldTable<ModelOverrideDecl> modelOverrideFields;
  FieldTable<PromptDecl> promptFields;
  FieldTable<ThresholdDecl> thresholdFields;
  FieldTable<EvalDecl> evalFields;
  FieldTable<ToolWfcExtensionDecl> toolWfcExtensionFields;
  FieldTable<ToolExtensionsDecl> toolExtensionsFields;
  FieldTable<ToolDecl> toolFields;
  FieldTable<BudgetDecl> budgetFields;
  FieldTable<EngineDecl> engineFields;
  FieldTable<ArtifactDecl> artifactFields;
  FieldTable<StateDecl> stateFields;
  FieldTable<WorkflowDecl> workflowFields;
  FieldTable<CompositionDecl> compositionFields;
  FieldTable<PackDecl> packFields;

  PackShapes() { build(); }

  // ---- steps and predicates (RFC 0010 + wfc extensions) ----

  const Shape *predicate = nullptr;
  const Shape *step = nullptr;

  const Shape *buildPredicate() {
    Shape *pred = a.make(Shape::Type::Union, "predicate");
    const Shape *op = a.oneOf({"equals", "not_equals", "in", "not_in", "less_than",
                               "less_than_or_equals", "greater_than", "greater_than_or_equals"});
    const Shape *compare = a.object("predicate", predicateFields,
                                    {req("path", a.str(), &PredicateDecl::path), req("op", op, &PredicateDecl::op),
                                     req("value", a.any(), &PredicateDecl::value)});
    const Shape *exists = a.object("predicate", predicateFields,
                                   {req("path", a.str(), &PredicateDecl::path),
                                    req("exists", a.boolean(), &PredicateDecl::exists)});
    const Shape *allOf =
        a.object("predicate", predicateFields, {req("all_of", a.list(pred, 1), &PredicateDecl::allOf)});
    const Shape *anyOf =
        a.object("predicate", predicateFields, {req("any_of", a.list(pred, 1), &PredicateDecl::anyOf)});
    const Shape *notP =
        a.object("predicate", predicateFields, {req("not", pred, readAs<PredicateDecl>(&readNotOperand))});
    pred->variants = {compare, exists, allOf, anyOf, notP};
    pred->choose = [=](const DocNode &n, DiagnosticEngine &diags) -> const Shape * {
      if (!n.isMapping()) {
        std::string extra = n.isString()
                                ? "; predicates are not expressions (RFC 0010 has no expression "
                                  "language): write {path, op, value}"
                                : "";
        diags.error(n.loc, "a predicate must be a mapping with 'path'/'op'/'value', 'path'/"
                           "'exists', 'all_of', 'any_of' or 'not', not " +
                               describeKind(n.kind).str() + extra);
        return nullptr;
      }
      if (n.find("all_of")) return allOf;
      if (n.find("any_of")) return anyOf;
      if (n.find("not")) return notP;
      if (n.find("exists")) return exists;
      if (n.find("path") || n.find("op") || n.find("value")) return compare;
      diags.error(n.loc, "a predicate needs 'path' with 'op' and 'value', 'path' with 'exists', "
                         "'all_of', 'any_of' or 'not'");
      return nullptr;
    };
    return pred;
  }

  const Shape *buildModifiers() {
    const Shape *retry = a.object("retry", retryFields,
                                  {opt("max_attempts", a.integer(1), &RetryDecl::maxAttempts),
                                   opt("wfc.backoff_ms", a.integer(0), &RetryDecl::backoffMs)});
    Shape *onError = a.make(Shape::Type::Union, "'wfc.on_error'");
    const Shape *fallback =
        a.object("'wfc.on_error'", onErrorFields, {req("fallback", a.str(), &OnErrorDecl::fallback)});
    const Shape *value = a.object("'wfc.on_error'", onErrorFields, {req("value", a.any(), &OnErrorDecl::value)});
    onError->variants = {fallback, value};
    onError->choose = [=](const DocNode &n, DiagnosticEngine &diags) -> const Shape * {
      if (n.isMapping() && n.find("fallback") && n.find("value")) {
        diags.error(n.loc, "'wfc.on_error' takes either 'fallback' or 'value', not both");
        return nullptr;
      }
      if (n.isMapping() && n.find("value")) return value;
      if (n.isMapping() && !n.find("fallback")) {
        diags.error(n.loc, "'wfc.on_error' needs 'fallback: <step id>' or 'value: <literal>'");
        return nullptr;
      }
      return fallback;
    };
    return a.object("modifiers", modifiersFields,
                    {opt("retry", retry, &ModifiersDecl::retry), opt("eval", a.strings(), &ModifiersDecl::evals),
                     opt("wfc.timeout_ms", a.integer(1), &ModifiersDecl::timeoutMs),
                     opt("wfc.on_error", onError, &ModifiersDecl::onError),
                     opt("wfc.cache", a.boolean(), &ModifiersDecl::cache),
                     opt("wfc.prompt_cache", a.boolean(), &ModifiersDecl::promptCache)});
  }

  // An agent step's `termination`: at least one of its fields.
  const Shape *buildTermination() {
    const Shape *fields = a.object("termination", terminationFields,
                                   {opt("max_steps", a.integer(1), &TerminationDecl::maxSteps),
                                    opt("tool_called", a.str(), &TerminationDecl::toolCalled)});
    Shape *termination = a.make(Shape::Type::Union, "termination");
    termination->variants = {fields};
    termination->requireOneOf = {{"max_steps"}, {"tool_called"}};
    termination->choose = [=](const DocNode &n, DiagnosticEngine &diags) -> const Shape * {
      if (n.isMapping() && !n.find("max_steps") && !n.find("tool_called")) {
        diags.error(n.loc, "'termination' needs 'max_steps', 'tool_called' or both; an agent "
                           "step must say when its loop ends");
      }
      return fields;
    };
    return termination;
  }

  // Each step kind's object shape, by its `kind`, and the base: the fields every step has, for a
  // node whose kind is missing, mistyped or unknown.
  struct StepKindShapes {
    std::map<std::string, const Shape *> byKind;
    const Shape *base = nullptr;
  };

  StepKindShapes buildStepKinds(const Shape *stepUnion) {
    const Shape *id = a.matching("^[a-zA-Z_][a-zA-Z0-9_]*$",
                                 "step ids start with a letter or '_' and contain only letters, "
                                 "digits and '_'");
    using Fields = std::vector<DeclaredField<StepDecl>>;
    Fields common = {req("id", id, &StepDecl::id), req("kind", a.str(), &StepDecl::kind),
                     opt("description", a.str(), &StepDecl::description),
                     opt("depends_on", a.strings(), &StepDecl::dependsOn),
                     opt("modifiers", buildModifiers(), &StepDecl::modifiers)};
    auto kindShape = [&](Fields own) {
      Fields all = common;
      all.insert(all.end(), own.begin(), own.end());
      return a.object("step", stepFields, all);
    };
    const Shape *reducer = a.object("reduce", reduceFields,
                                    {req("strategy", a.oneOf({"append", "replace", "barrier"}), &ReduceDecl::strategy),
                                     req("into", a.str(), &ReduceDecl::into)});
    StepKindShapes kinds;
    kinds.byKind = {
        {"prompt", kindShape({req("prompt_task", a.str(), &StepDecl::promptTask),
                              opt("provider", a.str(), &StepDecl::provider), opt("input", a.any(), &StepDecl::input),
                              opt("output_schema", a.str(), &StepDecl::outputSchema)})},
        {"agent", kindShape({req("prompt_task", a.str(), &StepDecl::promptTask),
                             opt("provider", a.str(), &StepDecl::provider), opt("input", a.any(), &StepDecl::input),
                             opt("tools", a.strings(), &StepDecl::tools),
                             req("termination", buildTermination(), &StepDecl::termination),
                             opt("output_schema", a.str(), &StepDecl::outputSchema)})},
        {"tool", kindShape({req("tool", a.str(), &StepDecl::tool), opt("args", a.opaque(), &StepDecl::args)})},
        {"branch", kindShape({req("predicate", predicate, &StepDecl::predicate),
                              req("then", a.str(), &StepDecl::thenStep), opt("else", a.str(), &StepDecl::elseStep)})},
        {"parallel", kindShape({req("branches", a.list(stepUnion, 2), &StepDecl::branches),
                                req("reduce", reducer, &StepDecl::reduce)})},
        {"wfc.subflow", kindShape({req("composition", a.str(), &StepDecl::composition),
                                   opt("input", a.any(), &StepDecl::input)})},
        {"wfc.foreach", kindShape({req("items", a.str(), &StepDecl::items),
                                   req("step", stepUnion, readAs<StepDecl>(&readForeachStep)),
                                   opt("max_concurrency", a.integer(1), &StepDecl::maxConcurrency),
                                   opt("reduce", reducer, &StepDecl::reduce)})},
        {"wfc.loop", kindShape({req("steps", a.list(stepUnion, 1), &StepDecl::steps),
                                req("until", predicate, &StepDecl::until),
                                req("max_iterations", a.integer(1), &StepDecl::maxIterations)})},
        {"wfc.judge", kindShape({req("prompt_task", a.str(), &StepDecl::promptTask),
                                 req("target", a.str(), &StepDecl::target),
                                 opt("rubric", a.any(), &StepDecl::rubric)})},
    };
    kinds.base = a.object("step", stepFields, common, /*open=*/true);
    return kinds;
  }

  // The step union, told apart by `kind`: its variants in the order messages list them, and how
  // a node picks one.
  const Shape *buildStep() {
    Shape *stepUnion = a.make(Shape::Type::Union, "step");
    StepKindShapes shapesByKind = buildStepKinds(stepUnion);
    const Shape *base = shapesByKind.base;
    std::map<std::string, const Shape *> byKind = shapesByKind.byKind;
    stepUnion->discriminator = "kind";
    for (const std::string &k : stepKinds) {
      stepUnion->variants.push_back(byKind.at(k));
      stepUnion->discriminatorValues.push_back(k);
    }
    std::vector<std::string> kinds = stepKinds;
    stepUnion->choose = [=](const DocNode &n, DiagnosticEngine &diags) -> const Shape * {
      if (!n.isMapping()) {
        diags.error(n.loc, "a step must be a mapping with 'id' and 'kind', not " +
                               describeKind(n.kind).str());
        return nullptr;
      }
      const DocNode *kind = n.get("kind");
      if (!kind || !kind->isString()) return base;  // base reports the missing or mistyped kind
      if (auto it = byKind.find(kind->stringValue); it != byKind.end()) return it->second;
      const std::string &k = kind->stringValue;
      std::string suffix = didYouMeanSuffix(k, kinds);
      if (!suffix.empty())
        diags.error(kind->loc, "unknown step kind '" + k + "'" + suffix);
      else if (k.find('.') != std::string::npos)
        diags.error(kind->loc, "step kind '" + k +
                                   "' is another runtime's vendor extension, which wfc does not "
                                   "support; wfc's kinds are " + quotedList(kinds));
      else
        diags.error(kind->loc, "unknown step kind '" + k + "'; expected " + quotedList(kinds));
      return base;
    };
    return stepUnion;
  }

  // ---- the rest of the pack ----

  const Shape *parameters = nullptr;
  const Shape *buildParameters() {
    return a.object(
        "parameters", {opt("temperature", a.numberIn(0, 2)), opt("max_tokens", a.integer(1)),
                       opt("top_p", a.numberIn(0, 1)), opt("top_k", a.nullOr(a.integer(1))),
                       opt("frequency_penalty", a.numberIn(-2, 2)),
                       opt("presence_penalty", a.numberIn(-2, 2))});
  }

  // A prompt's template variable; its `validation` is passed on as data.
  const Shape *buildVariable() {
    const Shape *validation = a.object(
        "validation", {opt("pattern", a.str()), opt("min_length", a.integer(0)),
                       opt("max_length", a.integer(1)), opt("minimum", a.number()),
                       opt("maximum", a.number()), opt("enum", a.list(a.any()))});
    return a.object(
        "variable", variableFields,
        {req("name",
             a.matching("^[a-zA-Z_][a-zA-Z0-9_]*$",
                        "variable names start with a letter or '_' and contain only letters, digits and '_'"),
             &VariableDecl::name),
         req("type", a.str(), &VariableDecl::type), req("required", a.boolean(), &VariableDecl::required),
         opt("default", a.any(), &VariableDecl::defaultValue), opt("description", a.str(), &VariableDecl::description),
         opt("example", a.any(), &VariableDecl::example), opt("validation", validation, &VariableDecl::validation),
         opt("binding",
             a.unsupported("variable 'binding' (values from the serving context) is "
                           "not supported by wfc; pass the value in the input's 'variables'"),
             unread("unsupported: its shape rejects it"))});
  }

  // A guardrail on a prompt's inputs and replies (RFC 0015).
  const Shape *buildValidator() {
    return a.object(
        "validator", validatorFields,
        {opt("id",
             a.matching("^[a-z][a-z0-9_-]*$", "validator ids start with a lowercase letter and contain only "
                                               "lowercase letters, digits, '_' and '-'"),
             &ValidatorDecl::id),
         req("type", a.str(), &ValidatorDecl::type), opt("enabled", a.boolean(), &ValidatorDecl::enabled),
         opt("message", a.str(), &ValidatorDecl::message),
         opt("fail_on_violation", a.boolean(), &ValidatorDecl::failOnViolation),
         opt("params", a.opaque(), &ValidatorDecl::params), opt("extensions", a.opaque(), &ValidatorDecl::extensions)});
  }

  const Shape *buildPrompt() {
    const Shape *toolPolicy = a.object(
        "tool_policy", toolPolicyFields,
        {opt("tool_choice", a.oneOf({"auto", "required", "none"}), &ToolPolicyDecl::toolChoice),
         opt("max_rounds", a.integer(1), &ToolPolicyDecl::maxRounds),
         opt("max_tool_calls_per_turn", a.integer(1), &ToolPolicyDecl::maxToolCallsPerTurn),
         opt("blocklist", a.strings(), &ToolPolicyDecl::blocklist)});
    const Shape *testedModel = a.object(
        "tested model", {req("provider", a.str()), req("model", a.str()), req("date", a.str()),
                         opt("success_rate", a.numberIn(0, 1)), opt("avg_tokens", a.number()),
                         opt("avg_cost", a.number()), opt("avg_latency_ms", a.number()),
                         opt("notes", a.str())});
    const Shape *middleware = a.object("middleware", {req("type", a.str()), opt("config", a.opaque())});
    const Shape *pipeline = a.object("pipeline", {req("stages", a.strings()), opt("middleware", a.list(middleware))});
    const Shape *modelOverride = a.object(
        "model override", modelOverrideFields,
        {opt("system_template_prefix", a.str(), &ModelOverrideDecl::systemTemplatePrefix),
         opt("system_template_suffix", a.str(), &ModelOverrideDecl::systemTemplateSuffix),
         opt("system_template", a.str(), &ModelOverrideDecl::systemTemplate),
         opt("parameters", parameters, &ModelOverrideDecl::parameters)});
    return a.object(
        "prompt", promptFields,
        {req("id",
             a.matching("^[a-z][a-z0-9_-]*$",
                        "prompt ids start with a lowercase letter and contain only "
                        "lowercase letters, digits, '_' and '-'"),
             &PromptDecl::id),
         req("name", a.str(), &PromptDecl::name), opt("description", a.str(), &PromptDecl::description),
         req("version", a.matching(kSemver, kSemverHint), &PromptDecl::version),
         req("system_template", a.str(), &PromptDecl::systemTemplate),
         opt("variables", a.list(buildVariable()), &PromptDecl::variables), opt("tools", a.strings(), &PromptDecl::tools),
         opt("tool_policy", toolPolicy, &PromptDecl::toolPolicy),
         opt("parameters", parameters, &PromptDecl::parameters),
         opt("validators", a.list(buildValidator()), &PromptDecl::validators), opt("evals", a.list(eval), &PromptDecl::evals),
         opt("tested_models", a.list(testedModel), unread("informational: which models the author tested")),
         opt("pipeline", pipeline, &PromptDecl::pipeline),
         opt("model_overrides", a.map(modelOverride), &PromptDecl::modelOverrides),
         opt("media", mediaShape(a), &PromptDecl::media), opt("provider", a.str(), &PromptDecl::provider),
         opt("extensions", a.opaque(), &PromptDecl::extensions)});
  }

  const Shape *eval = nullptr;
  const Shape *buildEval() {
    const Shape *metric = a.object(
        "metric", {req("name", a.str()), req("type", a.oneOf({"gauge", "counter", "histogram", "boolean"})),
                   opt("range", a.object("range", {opt("min", a.number()), opt("max", a.number())}, true))},
        /*open=*/true);
    const Shape *threshold = a.object("threshold", thresholdFields,
                                      {opt("operator", a.str(), &ThresholdDecl::op),
                                       opt("value", a.number(), &ThresholdDecl::value)});
    return a.object("eval", evalFields,
                    {req("id", a.str(), &EvalDecl::id), opt("description", a.str(), &EvalDecl::description),
                     req("type", a.str(), &EvalDecl::type), req("trigger", a.str(), &EvalDecl::trigger),
                     opt("sample_percentage", a.numberIn(0, 100), &EvalDecl::samplePercentage),
                     opt("enabled", a.boolean(), &EvalDecl::enabled), opt("params", a.opaque(), &EvalDecl::params),
                     opt("metric", metric, &EvalDecl::metric), opt("threshold", threshold, &EvalDecl::threshold),
                     opt("message", a.str(), &EvalDecl::message), opt("when", a.opaque(), &EvalDecl::when),
                     opt("groups", a.strings(), &EvalDecl::groups),
                     opt("extensions", a.opaque(), &EvalDecl::extensions)});
  }

  const Shape *buildTool() {
    const Shape *parameters = a.object(
        "tool parameters",
        {req("type", a.oneOf({"object"})), req("properties", a.map(a.opaque())),
         opt("required", a.strings())},
        /*open=*/true);  // the rest of a JSON Schema: additionalProperties, $defs, …
    const Shape *wfcExt =
        a.object("'extensions.wfc'", toolWfcExtensionFields,
                 {opt("effects", a.oneOf({"none", "read", "write"}), &ToolWfcExtensionDecl::effects)});
    const Shape *extensions =
        a.object("extensions", toolExtensionsFields, {opt("wfc", wfcExt, &ToolExtensionsDecl::wfc)}, /*open=*/true);
    // RFC 0013: declared consequences, reported, never enforced.
    const Shape *actionScope = a.object(
        "action_scope", {opt("effect", a.oneOf({"read", "write", "external"})),
                         opt("reversibility", a.oneOf({"reversible", "compensable", "irreversible"})),
                         opt("data_classes", a.strings()), opt("extensions", a.opaque())});
    return a.object(
        "tool", toolFields,
        {req("name",
             a.matching("^[a-zA-Z_][a-zA-Z0-9_.]*$",
                        "tool names start with a letter or '_' and contain only letters, "
                        "digits, '_' and '.'"),
             &ToolDecl::name),
         req("description", a.str(), &ToolDecl::description), opt("parameters", parameters, &ToolDecl::parameters),
         opt("action_scope", actionScope, &ToolDecl::actionScope),
         opt("extensions", extensions, &ToolDecl::extensions)});
  }

  const Shape *buildWorkflow() {
    const Shape *budget = a.object("budget", budgetFields,
                                   {opt("max_total_visits", a.integer(1), &BudgetDecl::maxTotalVisits),
                                    opt("max_tool_calls", a.integer(1), &BudgetDecl::maxToolCalls),
                                    opt("max_wall_time_sec", a.integer(1), &BudgetDecl::maxWallTimeSec)});
    const Shape *engine = a.object("engine", engineFields, {opt("budget", budget, &EngineDecl::budget)}, /*open=*/true);
    const Shape *artifact = a.object("artifact", artifactFields,
                                     {req("type", a.str(), &ArtifactDecl::type),
                                      opt("description", a.str(), &ArtifactDecl::description),
                                      opt("mode", a.oneOf({"replace", "append"}), &ArtifactDecl::mode)});
    Shape *orchestration = a.make(Shape::Type::String);
    orchestration->enumValues = {"internal", "external", "hybrid", "composition"};
    Shape *orchestrationUnion = a.make(Shape::Type::Union, "orchestration");
    orchestrationUnion->variants = {orchestration};
    orchestrationUnion->choose = [orchestration](const DocNode &n, DiagnosticEngine &diags) -> const Shape * {
      // PromptKit runs a hybrid state as it runs an internal one (sdk/workflow_state_resolver.go):
      // the model drives its transitions (docs/promptkit.md "Workflow").
      if (n.isString() && n.stringValue == "hybrid")
        diags.warning(n.loc, "'hybrid' orchestration runs as 'internal', as PromptKit runs it: the model "
                             "drives the state's transitions; write 'internal' to say so");
      return orchestration;
    };
    const Shape *state = a.object(
        "workflow state", stateFields,
        {opt("prompt_task", a.str(), &StateDecl::promptTask), opt("description", a.str(), &StateDecl::description),
         opt("on_event", a.map(a.str()), &StateDecl::onEvent), opt("persistence", a.str(), &StateDecl::persistence),
         opt("orchestration", orchestrationUnion, &StateDecl::orchestration),
         opt("control", a.oneOf({"user", "agent"}), &StateDecl::control),
         opt("composition", a.str(), &StateDecl::composition), opt("skills", a.str(), &StateDecl::skills),
         opt("terminal", a.boolean(), &StateDecl::terminal), opt("max_visits", a.integer(1), &StateDecl::maxVisits),
         opt("on_max_visits", a.str(), &StateDecl::onMaxVisits),
         opt("artifacts", a.map(artifact), &StateDecl::artifacts),
         opt("extensions", a.opaque(), &StateDecl::extensions)});
    return a.object("workflow", workflowFields,
                    {req("version", a.integer(1), &WorkflowDecl::version), req("entry", a.str(), &WorkflowDecl::entry),
                     req("states", a.map(state, 1), &WorkflowDecl::states),
                     opt("engine", engine, &WorkflowDecl::engine)});
  }

  const Shape *buildComposition() {
    Shape *version = a.make(Shape::Type::Integer);
    version->enumValues = {"1"};
    return a.object("composition", compositionFields,
                    {req("version", version, &CompositionDecl::version),
                     opt("description", a.str(), &CompositionDecl::description),
                     opt("input_schema", a.str(), &CompositionDecl::inputSchema),
                     opt("output_schema", a.str(), &CompositionDecl::outputSchema),
                     opt("output", a.str(), &CompositionDecl::output),
                     req("steps", a.list(step, 1), &CompositionDecl::steps),
                     opt("engine", a.opaque(), &CompositionDecl::engine),
                     opt("extensions", a.opaque(), &CompositionDecl::extensions)});
  }

  void build() {
    predicate = buildPredicate();
    step = buildStep();
    eval = buildEval();
    parameters = buildParameters();
    const Shape *governance = governanceShape(a);
    const Shape *templateEngine = a.object(
        "template_engine",
        {req("version", a.str()), req("syntax", a.str()),
         opt("features", a.list(a.oneOf({"basic_substitution", "fragments", "conditionals",
                                         "loops", "filters"})))});
    const Shape *costEstimate = a.object(
        "cost_estimate", {opt("min_cost_usd", a.number()), opt("max_cost_usd", a.number()),
                          opt("avg_cost_usd", a.number())}, /*open=*/true);
    const Shape *metadata = a.object(
        "metadata", {opt("domain", a.str()),
                     opt("language", a.matching("^[a-z]{2}$", "a language is a two-letter ISO 639-1 code such as 'en'")),
                     opt("tags", a.strings()), opt("cost_estimate", costEstimate), opt("governance", governance)},
        /*open=*/true);
    const Shape *compilation = a.object(
        "compilation", {req("compiled_with", a.str()), req("created_at", a.str()),
                        req("schema", a.str()), opt("source", a.str())}, /*open=*/true);
    root = a.object(
        "pack", packFields,
        {opt("$schema", a.str(), &PackDecl::schema),
         req("id",
             a.matching("^[a-z][a-z0-9-]*$",
                        "pack ids start with a lowercase letter and contain only lowercase "
                        "letters, digits and '-'"),
             &PackDecl::id),
         req("name", a.str(), &PackDecl::name), req("version", a.matching(kSemver, kSemverHint), &PackDecl::version),
         opt("description", a.str(), &PackDecl::description),
         req("template_engine", templateEngine, &PackDecl::templateEngine),
         opt("prompts", a.map(buildPrompt()), &PackDecl::prompts),
         opt("fragments", a.map(a.str()), &PackDecl::fragments),
         opt("tools", a.map(buildTool()), &PackDecl::tools), opt("metadata", metadata, &PackDecl::metadata),
         opt("compilation", compilation, &PackDecl::compilation), opt("evals", a.list(eval), &PackDecl::evals),
         opt("workflow", buildWorkflow(), &PackDecl::workflow),
         opt("agents", agentsShape(a, governance), &PackDecl::agents),
         opt("skills", a.list(skillShape(a)), &PackDecl::skills),
         opt("compositions", a.map(buildComposition()), &PackDecl::compositions),
         opt("requires", requiresShape(a), &PackDecl::requirements)});
  }
};

const PackShapes &shapes() {
  static const PackShapes s;
  return s;
}

}  // namespace

const Shape &promptPackShape() { return *shapes().root; }
const Shape &stepShape() { return *shapes().step; }
const std::vector<std::string> &knownStepKinds() { return shapes().stepKinds; }

// The tables the reader reads with (PromptPackReader.cpp): the ones the shapes above were built from.
const FieldTable<PredicateDecl> &PredicateDecl::fields() { return shapes().predicateFields; }
const FieldTable<RetryDecl> &RetryDecl::fields() { return shapes().retryFields; }
const FieldTable<OnErrorDecl> &OnErrorDecl::fields() { return shapes().onErrorFields; }
const FieldTable<ModifiersDecl> &ModifiersDecl::fields() { return shapes().modifiersFields; }
const FieldTable<TerminationDecl> &TerminationDecl::fields() { return shapes().terminationFields; }
const FieldTable<ReduceDecl> &ReduceDecl::fields() { return shapes().reduceFields; }
const FieldTable<StepDecl> &StepDecl::fields() { return shapes().stepFields; }
const FieldTable<VariableDecl> &VariableDecl::fields() { return shapes().variableFields; }
const FieldTable<ToolPolicyDecl> &ToolPolicyDecl::fields() { return shapes().toolPolicyFields; }
const FieldTable<ValidatorDecl> &ValidatorDecl::fields() { return shapes().validatorFields; }
const FieldTable<ModelOverrideDecl> &ModelOverrideDecl::fields() { return shapes().modelOverrideFields; }
const FieldTable<PromptDecl> &PromptDecl::fields() { return shapes().promptFields; }
const FieldTable<ThresholdDecl> &ThresholdDecl::fields() { return shapes().thresholdFields; }
const FieldTable<EvalDecl> &EvalDecl::fields() { return shapes().evalFields; }
const FieldTable<ToolWfcExtensionDecl> &ToolWfcExtensionDecl::fields() { return shapes().toolWfcExtensionFields; }
const FieldTable<ToolExtensionsDecl> &ToolExtensionsDecl::fields() { return shapes().toolExtensionsFields; }
const FieldTable<ToolDecl> &ToolDecl::fields() { return shapes().toolFields; }
const FieldTable<BudgetDecl> &BudgetDecl::fields() { return shapes().budgetFields; }
const FieldTable<EngineDecl> &EngineDecl::fields() { return shapes().engineFields; }
const FieldTable<ArtifactDecl> &ArtifactDecl::fields() { return shapes().artifactFields; }
const FieldTable<StateDecl> &StateDecl::fields() { return shapes().stateFields; }
const FieldTable<WorkflowDecl> &WorkflowDecl::fields() { return shapes().workflowFields; }
const FieldTable<CompositionDecl> &CompositionDecl::fields() { return shapes().compositionFields; }
const FieldTable<PackDecl> &PackDecl::fields() { return shapes().packFields; }

}  // namespace wfc::promptpack

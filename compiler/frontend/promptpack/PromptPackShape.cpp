#include "frontend/promptpack/PromptPackShape.h"

#include "frontend/ShapeArena.h"
#include "frontend/promptpack/PromptKitSectionShapes.h"
#include "support/DidYouMean.h"

namespace wfc::promptpack {
namespace {

// The PromptPack schema's semantic-version pattern, in POSIX extended syntax.
constexpr const char *kSemver =
    R"(^v?(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-((0|[1-9][0-9]*|[0-9]*[a-zA-Z-][0-9a-zA-Z-]*)(\.(0|[1-9][0-9]*|[0-9]*[a-zA-Z-][0-9a-zA-Z-]*))*))?(\+([0-9a-zA-Z-]+(\.[0-9a-zA-Z-]+)*))?$)";
constexpr const char *kSemverHint = "must be a semantic version such as '1.0.0'";

struct PackShapes {
  ShapeArena a;
  const Shape *root = nullptr;
  std::vector<std::string> stepKinds = {"prompt",      "agent",     "tool",     "branch",
                                        "parallel",    "wfc.subflow", "wfc.foreach", "wfc.loop",
                                        "wfc.judge"};

  PackShapes() { build(); }

  // ---- steps and predicates (RFC 0010 + wfc extensions) ----

  const Shape *predicate = nullptr;
  const Shape *step = nullptr;

  const Shape *buildPredicate() {
    Shape *pred = a.make(Shape::Type::Union, "predicate");
    const Shape *op = a.oneOf({"equals", "not_equals", "in", "not_in", "less_than",
                               "less_than_or_equals", "greater_than", "greater_than_or_equals"});
    const Shape *compare = a.object("predicate", {req("path", a.str()), req("op", op),
                                                  req("value", a.any())});
    const Shape *exists = a.object("predicate", {req("path", a.str()), req("exists", a.boolean())});
    const Shape *allOf = a.object("predicate", {req("all_of", a.list(pred, 1))});
    const Shape *anyOf = a.object("predicate", {req("any_of", a.list(pred, 1))});
    const Shape *notP = a.object("predicate", {req("not", pred)});
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
    const Shape *retry = a.object("retry", {opt("max_attempts", a.integer(1)),
                                            opt("wfc.backoff_ms", a.integer(0))});
    Shape *onError = a.make(Shape::Type::Union, "'wfc.on_error'");
    const Shape *fallback = a.object("'wfc.on_error'", {req("fallback", a.str())});
    const Shape *value = a.object("'wfc.on_error'", {req("value", a.any())});
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
    return a.object("modifiers", {opt("retry", retry), opt("eval", a.strings()),
                                  opt("wfc.timeout_ms", a.integer(1)), opt("wfc.on_error", onError),
                                  opt("wfc.cache", a.boolean())});
  }

  const Shape *buildStep() {
    Shape *stepUnion = a.make(Shape::Type::Union, "step");
    const Shape *id = a.matching("^[a-zA-Z_][a-zA-Z0-9_]*$",
                                 "step ids start with a letter or '_' and contain only letters, "
                                 "digits and '_'");
    const Shape *modifiers = buildModifiers();
    std::vector<Field> common = {req("id", id), req("kind", a.str()), opt("description", a.str()),
                                 opt("depends_on", a.strings()), opt("modifiers", modifiers)};
    auto kindShape = [&](std::vector<Field> own) {
      std::vector<Field> all = common;
      all.insert(all.end(), own.begin(), own.end());
      return a.object("step", std::move(all));
    };
    const Shape *reducer = a.object(
        "reduce", {req("strategy", a.oneOf({"append", "replace", "barrier"})), req("into", a.str())});
    const Shape *terminationFields = a.object("termination", {opt("max_steps", a.integer(1)),
                                                              opt("tool_called", a.str())});
    Shape *termination = a.make(Shape::Type::Union, "termination");
    termination->variants = {terminationFields};
    termination->requireOneOf = {{"max_steps"}, {"tool_called"}};
    termination->choose = [=](const DocNode &n, DiagnosticEngine &diags) -> const Shape * {
      if (n.isMapping() && !n.find("max_steps") && !n.find("tool_called")) {
        diags.error(n.loc, "'termination' needs 'max_steps', 'tool_called' or both; an agent "
                           "step must say when its loop ends");
      }
      return terminationFields;
    };
    std::map<std::string, const Shape *> byKind = {
        {"prompt", kindShape({req("prompt_task", a.str()), opt("provider", a.str()), opt("input", a.any()),
                              opt("output_schema", a.str())})},
        {"agent", kindShape({req("prompt_task", a.str()), opt("provider", a.str()), opt("input", a.any()),
                             opt("tools", a.strings()), req("termination", termination),
                             opt("output_schema", a.str())})},
        {"tool", kindShape({req("tool", a.str()), opt("args", a.opaque())})},
        {"branch", kindShape({req("predicate", predicate), req("then", a.str()),
                              opt("else", a.str())})},
        {"parallel", kindShape({req("branches", a.list(stepUnion, 2)), req("reduce", reducer)})},
        {"wfc.subflow", kindShape({req("composition", a.str()), opt("input", a.any())})},
        {"wfc.foreach", kindShape({req("items", a.str()), req("step", stepUnion),
                                   opt("max_concurrency", a.integer(1)), opt("reduce", reducer)})},
        {"wfc.loop", kindShape({req("steps", a.list(stepUnion, 1)), req("until", predicate),
                                req("max_iterations", a.integer(1))})},
        {"wfc.judge", kindShape({req("prompt_task", a.str()), req("target", a.str()),
                                 opt("rubric", a.any())})},
    };
    Shape *base = a.object("step", common, /*open=*/true);
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

  const Shape *buildPrompt() {
    const Shape *validation = a.object(
        "validation", {opt("pattern", a.str()), opt("min_length", a.integer(0)),
                       opt("max_length", a.integer(1)), opt("minimum", a.number()),
                       opt("maximum", a.number()), opt("enum", a.list(a.any()))});
    const Shape *variable = a.object(
        "variable",
        {req("name", a.matching("^[a-zA-Z_][a-zA-Z0-9_]*$",
                                "variable names start with a letter or '_' and contain only "
                                "letters, digits and '_'")),
         req("type", a.str()), req("required", a.boolean()), opt("default", a.any()),
         opt("description", a.str()), opt("example", a.any()), opt("validation", validation),
         opt("binding", a.unsupported("variable 'binding' (values from the serving context) is "
                                      "not supported by wfc; pass the value in the input's 'variables'"))});
    const Shape *toolPolicy = a.object(
        "tool_policy", {opt("tool_choice", a.oneOf({"auto", "required", "none"})),
                        opt("max_rounds", a.integer(1)), opt("max_tool_calls_per_turn", a.integer(1)),
                        opt("blocklist", a.strings())});
    const Shape *testedModel = a.object(
        "tested model", {req("provider", a.str()), req("model", a.str()), req("date", a.str()),
                         opt("success_rate", a.numberIn(0, 1)), opt("avg_tokens", a.number()),
                         opt("avg_cost", a.number()), opt("avg_latency_ms", a.number()),
                         opt("notes", a.str())});
    const Shape *validator = a.object(
        "validator",
        {opt("id", a.matching("^[a-z][a-z0-9_-]*$", "validator ids start with a lowercase letter and contain only "
                                                    "lowercase letters, digits, '_' and '-'")),
         req("type", a.str()), opt("enabled", a.boolean()), opt("message", a.str()),
         opt("fail_on_violation", a.boolean()), opt("params", a.opaque()), opt("extensions", a.opaque())});
    const Shape *middleware = a.object("middleware", {req("type", a.str()), opt("config", a.opaque())});
    const Shape *pipeline = a.object("pipeline", {req("stages", a.strings()), opt("middleware", a.list(middleware))});
    const Shape *modelOverride = a.object(
        "model override", {opt("system_template_prefix", a.str()), opt("system_template_suffix", a.str()),
                           opt("system_template", a.str()), opt("parameters", parameters)});
    return a.object(
        "prompt",
        {req("id", a.matching("^[a-z][a-z0-9_-]*$",
                              "prompt ids start with a lowercase letter and contain only "
                              "lowercase letters, digits, '_' and '-'")),
         req("name", a.str()), opt("description", a.str()), req("version", a.matching(kSemver, kSemverHint)),
         req("system_template", a.str()), opt("variables", a.list(variable)),
         opt("tools", a.strings()), opt("tool_policy", toolPolicy), opt("parameters", parameters),
         opt("validators", a.list(validator)), opt("evals", a.list(eval)),
         opt("tested_models", a.list(testedModel)), opt("pipeline", pipeline),
         opt("model_overrides", a.map(modelOverride)), opt("media", mediaShape(a)), opt("provider", a.str()),
         opt("extensions", a.opaque())});
  }

  const Shape *eval = nullptr;
  const Shape *buildEval() {
    const Shape *metric = a.object(
        "metric", {req("name", a.str()), req("type", a.oneOf({"gauge", "counter", "histogram", "boolean"})),
                   opt("range", a.object("range", {opt("min", a.number()), opt("max", a.number())}, true))},
        /*open=*/true);
    const Shape *threshold = a.object("threshold", {opt("operator", a.str()), opt("value", a.number())});
    return a.object("eval", {req("id", a.str()), opt("description", a.str()), req("type", a.str()),
                             req("trigger", a.str()), opt("sample_percentage", a.numberIn(0, 100)),
                             opt("enabled", a.boolean()), opt("params", a.opaque()),
                             opt("metric", metric), opt("threshold", threshold),
                             opt("message", a.str()), opt("when", a.opaque()),
                             opt("groups", a.strings()), opt("extensions", a.opaque())});
  }

  const Shape *buildTool() {
    const Shape *parameters = a.object(
        "tool parameters",
        {req("type", a.oneOf({"object"})), req("properties", a.map(a.opaque())),
         opt("required", a.strings())},
        /*open=*/true);  // the rest of a JSON Schema: additionalProperties, $defs, …
    const Shape *wfcExt = a.object("'extensions.wfc'",
                                   {opt("effects", a.oneOf({"none", "read", "write"}))});
    const Shape *extensions = a.object("extensions", {opt("wfc", wfcExt)}, /*open=*/true);
    // RFC 0013: declared consequences, reported, never enforced.
    const Shape *actionScope = a.object(
        "action_scope", {opt("effect", a.oneOf({"read", "write", "external"})),
                         opt("reversibility", a.oneOf({"reversible", "compensable", "irreversible"})),
                         opt("data_classes", a.strings()), opt("extensions", a.opaque())});
    return a.object(
        "tool",
        {req("name", a.matching("^[a-zA-Z_][a-zA-Z0-9_.]*$",
                                "tool names start with a letter or '_' and contain only letters, "
                                "digits, '_' and '.'")),
         req("description", a.str()), opt("parameters", parameters), opt("action_scope", actionScope),
         opt("extensions", extensions)});
  }

  const Shape *buildWorkflow() {
    const Shape *budget = a.object("budget", {opt("max_total_visits", a.integer(1)),
                                              opt("max_tool_calls", a.integer(1)),
                                              opt("max_wall_time_sec", a.integer(1))});
    const Shape *engine = a.object("engine", {opt("budget", budget)}, /*open=*/true);
    const Shape *artifact = a.object("artifact", {req("type", a.str()), opt("description", a.str()),
                                                  opt("mode", a.oneOf({"replace", "append"}))});
    Shape *orchestration = a.make(Shape::Type::String);
    orchestration->enumValues = {"internal", "external", "hybrid", "composition"};
    Shape *orchestrationUnion = a.make(Shape::Type::Union, "orchestration");
    orchestrationUnion->variants = {orchestration};
    orchestrationUnion->choose = [orchestration](const DocNode &n, DiagnosticEngine &diags) -> const Shape * {
      if (n.isString() && n.stringValue == "hybrid") {
        diags.error(n.loc, "'hybrid' orchestration is not supported by wfc; use 'internal' or "
                           "'external'");
        return nullptr;
      }
      return orchestration;
    };
    const Shape *state = a.object(
        "workflow state",
        {opt("prompt_task", a.str()), opt("description", a.str()), opt("on_event", a.map(a.str())),
         opt("persistence", a.str()), opt("orchestration", orchestrationUnion),
         opt("control", a.oneOf({"user", "agent"})), opt("composition", a.str()), opt("skills", a.str()),
         opt("terminal", a.boolean()), opt("max_visits", a.integer(1)),
         opt("on_max_visits", a.str()), opt("artifacts", a.map(artifact)), opt("extensions", a.opaque())});
    return a.object("workflow", {req("version", a.integer(1)), req("entry", a.str()),
                                 req("states", a.map(state, 1)), opt("engine", engine)});
  }

  const Shape *buildComposition() {
    Shape *version = a.make(Shape::Type::Integer);
    version->enumValues = {"1"};
    return a.object("composition",
                    {req("version", version), opt("description", a.str()),
                     opt("input_schema", a.str()), opt("output_schema", a.str()),
                     opt("output", a.str()), req("steps", a.list(step, 1)),
                     opt("engine", a.opaque()), opt("extensions", a.opaque())});
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
        "pack",
        {opt("$schema", a.str()),
         req("id", a.matching("^[a-z][a-z0-9-]*$",
                              "pack ids start with a lowercase letter and contain only lowercase "
                              "letters, digits and '-'")),
         req("name", a.str()), req("version", a.matching(kSemver, kSemverHint)),
         opt("description", a.str()), req("template_engine", templateEngine),
         opt("prompts", a.map(buildPrompt())), opt("fragments", a.map(a.str())),
         opt("tools", a.map(buildTool())), opt("metadata", metadata),
         opt("compilation", compilation), opt("evals", a.list(eval)),
         opt("workflow", buildWorkflow()), opt("agents", agentsShape(a, governance)),
         opt("skills", a.list(skillShape(a))), opt("compositions", a.map(buildComposition())),
         opt("requires", requiresShape(a))});
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

}  // namespace wfc::promptpack

// The params of the eval types the runtime runs by name (docs/evals.md "Types"): PromptKit's
// handlers of those names read them as written, and score 0 — or pass vacuously — when one is
// missing or of the wrong shape. wfc checks them here instead: a param a type needs is an error
// (a validator is skipped, as PromptKit skips it), one without which it checks nothing is a
// warning, a pattern must compile on RE2, and a tool a param names should be the pack's. The
// checked params go to the runtime as JSON under their canonical names.
#include "frontend/promptpack/Lowering.h"

#include "common/JmesPath.h"
#include "common/Pattern.h"
#include "support/DidYouMean.h"

#include <algorithm>

namespace wfc::promptpack {
namespace {

enum class Kind {
  String,
  Strings,
  Tool,         // a tool's name
  Tools,        // tools' names
  Integer,      // a whole number
  Number,
  Share,        // a number from 0 to 1
  Bool,
  Object,       // argument name -> value
  RegexObject,  // argument name -> pattern
  Regex,
  Any,
  Direction,    // input, output or both
  OneOf,        // one of Param::values
  State,        // a workflow state's name
  States,       // workflow states' names
  AccessRules,  // workflow_tool_access's rules: {state, allowed: [tools]}
  ChainSteps,   // tool_call_chain's steps
  AntiPatterns, // tool_anti_pattern's patterns
  Duration,     // a Go duration: "10s", "1m30s", "500ms"
  Url,          // an http:// or https:// URL
  Method,       // an HTTP method: GET, POST, …
  Headers,      // header name -> value (a string)
  Step,         // a composition step's id
  JmesPath,     // a JMESPath expression (common/JmesPath.h)
  List,         // a list of any values
  Embedding,    // an embedding (a list of numbers) or a text to embed
  Cosine        // a number from -1 to 1
};

struct Param {
  const char *name;
  Kind kind;
  const char *alias = nullptr;  // PromptKit's other spelling of it
  std::vector<const char *> values = {};  // OneOf: the values wfc runs
};

struct NamedType {
  const char *name;
  std::vector<Param> params;
  // Each group: one of its params must be given (an error without); `vacuous`: without any of
  // them the eval checks nothing (a warning).
  std::vector<std::vector<const char *>> required;
  std::vector<const char *> vacuous;
  // A warning at every eval of the type: what wfc does instead of what PromptKit's host can.
  const char *note = nullptr;
};

// What every judged type reads (PromptKit's buildJudgeOpts), after `own`.
std::vector<Param> judgeParams(std::vector<Param> own) {
  for (const char *name : {"criteria", "rubric", "model", "system_prompt"}) own.push_back({name, Kind::String});
  return own;
}
// The retrieved context of the RAG types, after `own`.
std::vector<Param> contextParams(std::vector<Param> own) {
  own.push_back({"contexts", Kind::Strings});
  own.push_back({"context", Kind::String});
  own.push_back({"context_field", Kind::String});
  return own;
}
std::vector<Param> scorerParams(std::vector<Param> own) {
  for (const char *name : {"include_messages", "include_tool_calls"}) own.push_back({name, Kind::Bool});
  own.push_back({"criteria", Kind::String});
  own.push_back({"extra", Kind::Object});
  own.push_back({"timeout", Kind::Duration});
  return own;
}
std::vector<Param> classifierParams() {
  return {{"model", Kind::String}, {"expected_label", Kind::String}, {"message_role", Kind::String},
          {"message_index", Kind::Number}, {"classifier_id", Kind::String}};
}
constexpr const char *kNoClassifier =
    "wfc has no classifier backend: the eval is reported skipped when it runs, as PromptKit reports it when its host "
    "registers no classifier";

std::vector<Param> restParams() {
  return scorerParams({{"url", Kind::Url}, {"method", Kind::Method}, {"headers", Kind::Headers}});
}
std::vector<Param> a2aParams() { return scorerParams({{"agent_url", Kind::Url}, {"auth_token", Kind::String}}); }

const std::vector<NamedType> &namedTypes() {
  static const std::vector<NamedType> kTypes = {
      {"tools_called_session", {{"tool_names", Kind::Tools, "tools"}, {"min_calls", Kind::Integer}}, {}, {"tool_names"}},
      {"tools_not_called_session", {{"tool_names", Kind::Tools, "tools"}}, {}, {"tool_names"}},
      {"tool_args", {{"tool_name", Kind::Tool}, {"expected_args", Kind::Object}}, {{"tool_name"}, {"expected_args"}}, {}},
      {"tool_args_session", {{"tool_name", Kind::Tool}, {"expected_args", Kind::Object}}, {{"tool_name"}}, {"expected_args"}},
      {"tool_args_excluded_session",
       {{"tool_name", Kind::Tool}, {"excluded_args", Kind::Object}, {"forbidden_args", Kind::Object}},
       {{"tool_name"}},
       {"excluded_args", "forbidden_args"}},
      {"no_tool_errors", {{"tools", Kind::Tools}}, {}, {}},
      {"tool_call_count", {{"tool", Kind::Tool}, {"min", Kind::Integer}, {"max", Kind::Integer}}, {}, {"min", "max"}},
      {"tool_efficiency",
       {{"max_calls", Kind::Integer}, {"max_errors", Kind::Integer}, {"max_error_rate", Kind::Share}},
       {{"max_calls", "max_errors", "max_error_rate"}},
       {}},
      {"tool_result_includes",
       {{"tool", Kind::Tool}, {"patterns", Kind::Strings}, {"occurrence", Kind::Integer}},
       {{"patterns"}},
       {}},
      {"tool_result_matches", {{"tool", Kind::Tool}, {"pattern", Kind::Regex}, {"occurrence", Kind::Integer}}, {{"pattern"}}, {}},
      {"tool_result_has_media", {{"tool", Kind::Tool}, {"media_type", Kind::String}}, {{"media_type"}}, {}},
      {"tool_result_media_type", {{"tool", Kind::Tool}, {"mime_type", Kind::String}}, {{"mime_type"}}, {}},
      {"tool_call_sequence", {{"sequence", Kind::Tools}}, {}, {"sequence"}},
      {"tool_anti_pattern", {{"patterns", Kind::AntiPatterns}}, {}, {"patterns"}},
      {"tool_no_repeat", {{"tools", Kind::Tools}, {"max_repeats", Kind::Integer}}, {}, {}},
      {"tool_call_chain", {{"steps", Kind::ChainSteps}}, {}, {"steps"}},
      {"tool_calls_with_args",
       {{"tool_name", Kind::Tool},
        {"expected_args", Kind::Object},
        {"args_match", Kind::RegexObject},
        {"result_includes", Kind::Strings},
        {"result_matches", Kind::Regex},
        {"no_error", Kind::Bool}},
       {},
       {}},
      {"skill_activated", {{"skill_names", Kind::Strings}, {"min_calls", Kind::Integer}}, {}, {"skill_names"}},
      {"skill_not_activated", {{"skill_names", Kind::Strings}}, {}, {"skill_names"}},
      {"skill_activation_order", {{"sequence", Kind::Strings}}, {{"sequence"}}, {}},
      {"agent_invoked", {{"agents", Kind::Strings}}, {{"agents"}}, {}},
      {"agent_not_invoked", {{"agents", Kind::Strings}}, {}, {"agents"}},
      {"agent_response_contains", {{"agent", Kind::String}, {"contains", Kind::String}}, {{"agent"}}, {}},
      {"directional",
       {{"check", Kind::OneOf, nullptr, {"same_tool_calls", "same_outcome", "similar_content"}},
        {"baseline_tools", Kind::Tools},
        {"baseline_state", Kind::State},
        {"baseline_content", Kind::String},
        {"threshold", Kind::Share}},
       {{"check"}},
       {}},
      {"outcome_equivalent",
       {{"metric", Kind::OneOf, nullptr, {"tool_calls", "final_state", "content_hash"}},
        {"expected_tools", Kind::Tools},
        {"expected_state", Kind::State},
        {"expected_content", Kind::String}},
       {{"metric"}},
       {}},
      {"workflow_complete", {}, {}, {}},
      {"state_is", {{"state", Kind::State}}, {{"state"}}, {}},
      {"transitioned_to", {{"state", Kind::State}}, {{"state"}}, {}},
      {"workflow_transition_order", {{"sequence", Kind::States}}, {{"sequence"}}, {}},
      {"spoke_in_state", {{"state", Kind::State}}, {{"state"}}, {}},
      {"composition_output", {{"equals", Kind::String}, {"contains", Kind::String}}, {}, {}},
      {"composition_step_output", {{"step", Kind::Step}, {"equals", Kind::String}, {"contains", Kind::String}}, {{"step"}}, {}},
      {"composition_branch_taken", {{"branch", Kind::Step}, {"expected", Kind::Step}}, {{"branch"}, {"expected"}}, {}},
      {"composition_parallel_complete", {{"parallel", Kind::Step}}, {{"parallel"}}, {}},
      {"tool_exec",
       {{"tool", Kind::Tool}, {"args", Kind::Object}, {"timeout_seconds", Kind::Integer}, {"success_pattern", Kind::Regex},
        {"failure_pattern", Kind::Regex}},
       {{"tool"}}, {}},
      {"workflow_tool_access", {{"rules", Kind::AccessRules}}, {}, {"rules"}},
      {"invariant_fields_preserved", {{"tool", Kind::Tool}, {"fields", Kind::Strings}}, {{"tool"}, {"fields"}}, {}},
      // Judged: the judge's params, and what each handler reads besides (JudgedEvals.cpp).
      {"llm_judge_session", judgeParams({}), {}, {}},
      {"llm_judge_conversation", judgeParams({}), {}, {}},
      {"llm_judge_tool_calls", judgeParams({{"tools", Kind::Tools}}), {}, {}},
      {"faithfulness", judgeParams(contextParams({})), {{"contexts", "context", "context_field"}}, {}},
      {"hallucination", judgeParams(contextParams({})), {{"contexts", "context", "context_field"}}, {}},
      {"answer_relevancy", judgeParams({{"question", Kind::String}}), {}, {}},
      {"contextual_precision", judgeParams(contextParams({{"question", Kind::String}})),
       {{"contexts", "context", "context_field"}}, {}},
      {"contextual_recall",
       judgeParams(contextParams({{"reference", Kind::String}, {"expected_output", Kind::String}})),
       {{"contexts", "context", "context_field"}, {"reference", "expected_output"}}, {}},
      {"contextual_relevancy", judgeParams(contextParams({{"question", Kind::String}})),
       {{"contexts", "context", "context_field"}}, {}},
      {"toxicity", judgeParams({}), {}, {}},
      {"bias", judgeParams({}), {}, {}},
      {"pii_leakage", judgeParams({}), {}, {}},
      {"role_violation", judgeParams({{"agent_role", Kind::String}}), {}, {}},
      // Media in tool results (MediaEvals.cpp).
      {"image_format", {{"formats", Kind::Strings}}, {{"formats"}}, {}},
      {"audio_format", {{"formats", Kind::Strings}}, {{"formats"}}, {}},
      {"image_dimensions",
       {{"min_width", Kind::Integer}, {"max_width", Kind::Integer}, {"min_height", Kind::Integer},
        {"max_height", Kind::Integer}, {"width", Kind::Integer}, {"height", Kind::Integer}},
       {}, {}},
      {"audio_duration", {{"min_seconds", Kind::Number}, {"max_seconds", Kind::Number}}, {}, {}},
      {"video_duration", {{"min_seconds", Kind::Number}, {"max_seconds", Kind::Number}}, {}, {}},
      {"video_resolution",
       {{"min_width", Kind::Integer}, {"max_width", Kind::Integer}, {"min_height", Kind::Integer},
        {"max_height", Kind::Integer}, {"presets", Kind::Strings}},
       {}, {}},
      // Classifiers: wfc has none (ClassifierEvals.cpp).
      {"audio_emotion", classifierParams(), {{"model"}, {"expected_label"}}, {}, kNoClassifier},
      {"image_moderation", classifierParams(), {{"model"}, {"expected_label"}}, {}, kNoClassifier},
      {"text_toxicity", classifierParams(), {{"model"}, {"expected_label"}}, {}, kNoClassifier},
      {"text_sentiment", classifierParams(), {{"model"}, {"expected_label"}}, {}, kNoClassifier},
      // External scorers (ExternalEvals.cpp).
      {"rest_eval", restParams(), {{"url"}}, {}},
      {"rest_eval_session", restParams(), {{"url"}}, {}},
      {"a2a_eval", a2aParams(), {{"agent_url"}}, {}},
      {"a2a_eval_session", a2aParams(), {{"agent_url"}}, {}},
      // JMESPath on the output's JSON (JsonPathEval.cpp).
      {"json_path",
       {{"expression", Kind::JmesPath, "jmespath_expression"}, {"allow_wrapped", Kind::Bool}, {"extract_json", Kind::Bool},
        {"expected", Kind::Any}, {"contains", Kind::List}, {"min", Kind::Number}, {"max", Kind::Number},
        {"min_results", Kind::Integer}, {"max_results", Kind::Integer}},
       {{"expression"}},
       {}},
      // Embeddings on the run's provider (CosineSimilarityEval.cpp).
      {"cosine_similarity",
       {{"reference", Kind::Embedding}, {"reference_embeddings", Kind::String},
        {"min_similarity", Kind::Cosine, "threshold"}, {"model", Kind::String}},
       {{"reference", "reference_embeddings"}, {"min_similarity"}},
       {}},
      {"guardrail_triggered",
       {{"validator_type", Kind::String, "validator"}, {"should_trigger", Kind::Bool}, {"direction", Kind::Direction}},
       {{"validator_type"}},
       {}},
  };
  return kTypes;
}

// "10s", "1m30s", "1.5h", "500ms": what Go's time.ParseDuration reads (unsigned).
bool isGoDuration(const std::string &text) {
  static const std::shared_ptr<const Pattern> kDuration =
      Pattern::compile("^([0-9]+(\\.[0-9]*)?|\\.[0-9]+)(ns|us|\u00b5s|ms|s|m|h)(([0-9]+(\\.[0-9]*)?|\\.[0-9]+)(ns|us|\u00b5s|ms|s|m|h))*$", nullptr);
  return kDuration->search(text);
}

// Every step id of the pack's compositions, nested ones too.
void collectStepIds(const std::vector<StepDecl> &steps, std::vector<std::string> &out) {
  for (const StepDecl &step : steps) {
    if (step.id) out.push_back(*step.id);
    collectStepIds(step.children(), out);
  }
}

const NamedType *findType(const std::string &name) {
  for (const NamedType &t : namedTypes())
    if (name == t.name) return &t;
  return nullptr;
}

}  // namespace

bool isNamedEvalType(const std::string &type) { return findType(type) != nullptr; }

std::vector<std::string> namedEvalTypes() {
  std::vector<std::string> out;
  for (const NamedType &t : namedTypes()) out.push_back(t.name);
  return out;
}

void Lowering::checkNamedEvalParams(ir::Eval &eval, const DocNode *params, llvm::SMLoc declLoc, const std::string &what,
                                    const std::vector<std::string> &extraKnown) {
  const NamedType &type = *findType(eval.type);
  eval.params = ir::Json::object();
  std::vector<std::string> known = {"gate"};
  known.insert(known.end(), extraKnown.begin(), extraKnown.end());
  for (const Param &p : type.params) known.push_back(p.name);

  auto problem = [&](const DocNode &n, const std::string &key, const std::string &must) {
    diags_.error(n.loc, "'params." + key + "' of " + what + " must be " + must);
  };
  // The skill and workflow tools are the runtime's, not the pack's.
  auto checkTool = [&](const DocNode &n, const std::string &key) {
    if (n.isString() && !module_->findTool(n.stringValue) && n.stringValue.rfind("skill__", 0) != 0 &&
        n.stringValue.rfind("workflow__", 0) != 0)
      diags_.warning(n.loc, "'" + n.stringValue + "' in 'params." + key + "' of " + what + " is not a tool of the pack" +
                                didYouMeanSuffix(n.stringValue, toolNames()));
  };
  // A state the pack's workflow does not have can never be reached.
  auto checkState = [&](const DocNode &n, const std::string &key) {
    if (!n.isString()) return problem(n, key, "a workflow state's name");
    std::vector<std::string> states;
    if (pack_.workflow)
      for (const auto &st : pack_.workflow->states.value) states.push_back(st.name);
    if (std::find(states.begin(), states.end(), n.stringValue) == states.end())
      diags_.warning(n.loc, "'" + n.stringValue + "' in 'params." + key + "' of " + what + " is not a state of the " +
                                "pack's workflow" + (states.empty() ? " (it has none)" : didYouMeanSuffix(n.stringValue, states)));
  };
  auto checkRegex = [&](const DocNode &n, const std::string &key) {
    std::string error;
    if (!n.isString()) return problem(n, key, "a regular expression (a string)");
    if (!Pattern::compile(n.stringValue, &error))
      diags_.error(n.loc, "'params." + key + "' of " + what + " is not a regular expression wfc runs: " + error);
  };
  auto checkStrings = [&](const DocNode &n, const std::string &key, bool tools) {
    if (!n.isSequence()) return problem(n, key, "a list of strings");
    for (const auto &item : n.items) {
      if (!item->isString()) problem(*item, key, "a list of strings");
      else if (tools) checkTool(*item, key);
    }
  };
  // Each kind's shape; the value goes to the runtime as written.
  auto check = [&](const DocNode &n, const std::string &key, const Param &spec) {
    switch (spec.kind) {
      case Kind::String: if (!n.isString()) problem(n, key, "a string"); break;
      case Kind::Tool:
        if (!n.isString()) problem(n, key, "a tool's name");
        else checkTool(n, key);
        break;
      case Kind::Strings: checkStrings(n, key, false); break;
      case Kind::Tools: checkStrings(n, key, true); break;
      case Kind::Integer:
        if (!n.isInt() || n.asDouble() < 0) problem(n, key, "a whole number, 0 or more");
        break;
      case Kind::Number: if (!n.isNumber()) problem(n, key, "a number"); break;
      case Kind::Share:
        if (!n.isNumber() || n.asDouble() < 0 || n.asDouble() > 1) problem(n, key, "a number from 0 to 1");
        break;
      case Kind::Bool: if (!n.isBool()) problem(n, key, "true or false"); break;
      case Kind::Object: if (!n.isMapping()) problem(n, key, "a mapping of argument names to values"); break;
      case Kind::RegexObject:
        if (!n.isMapping()) return problem(n, key, "a mapping of argument names to regular expressions");
        for (const DocEntry &e : n.entries) checkRegex(*e.value, key + "." + e.key);
        break;
      case Kind::Regex: checkRegex(n, key); break;
      case Kind::Any: break;
      case Kind::List: if (!n.isSequence()) problem(n, key, "a list"); break;
      case Kind::Embedding: {
        bool numbers = n.isSequence() && !n.items.empty() &&
                       std::all_of(n.items.begin(), n.items.end(), [](const auto &item) { return item->isNumber(); });
        if (!numbers && !(n.isString() && !n.stringValue.empty()))
          problem(n, key, "an embedding (a list of numbers) or a text to embed");
        break;
      }
      case Kind::Cosine:
        if (!n.isNumber() || n.asDouble() < -1 || n.asDouble() > 1) problem(n, key, "a number from -1 to 1");
        break;
      case Kind::JmesPath: {
        std::string error;
        if (!n.isString()) return problem(n, key, "a JMESPath expression (a string)");
        if (!JmesPath::compile(n.stringValue, &error))
          diags_.error(n.loc, "'params." + key + "' of " + what + " is not a JMESPath expression: " + error +
                                  " (see https://jmespath.org/specification.html)");
        break;
      }
      case Kind::State: checkState(n, key); break;
      case Kind::States:
        if (!n.isSequence()) return problem(n, key, "a list of workflow states' names");
        for (const auto &item : n.items) checkState(*item, key);
        break;
      case Kind::AccessRules:
        if (!n.isSequence()) return problem(n, key, "a list of {state, allowed: [tools]}");
        for (const auto &rule : n.items) {
          const DocNode *state = rule->isMapping() ? rule->get("state") : nullptr;
          if (!state) {
            problem(*rule, key, "a list of {state, allowed: [tools]}");
            continue;
          }
          checkState(*state, key + "[].state");
          if (const DocNode *allowed = rule->get("allowed")) checkStrings(*allowed, key + "[].allowed", true);
        }
        break;
      case Kind::OneOf: {
        std::vector<std::string> values(spec.values.begin(), spec.values.end());
        if (!n.isString() || std::find(values.begin(), values.end(), n.stringValue) == values.end()) {
          std::string list;
          for (size_t i = 0; i < values.size(); ++i)
            list += std::string(i == 0 ? "" : i + 1 == values.size() ? " or " : ", ") + "'" + values[i] + "'";
          diags_.error(n.loc, "'params." + key + "' of " + what + " must be " + list +
                                  (n.isString() ? didYouMeanSuffix(n.stringValue, values) : ""));
        }
        break;
      }
      case Kind::Duration:
        if (!n.isString() || !isGoDuration(n.stringValue))
          problem(n, key, "a duration such as \"10s\", \"1m30s\" or \"500ms\"");
        break;
      case Kind::Url:
        if (!n.isString() || (n.stringValue.rfind("http://", 0) != 0 && n.stringValue.rfind("https://", 0) != 0 &&
                              n.stringValue.rfind("${", 0) != 0))
          problem(n, key, "an http:// or https:// URL (\"${VAR}\" reads the environment)");
        break;
      case Kind::Method: {
        bool token = n.isString() && !n.stringValue.empty() &&
                     std::all_of(n.stringValue.begin(), n.stringValue.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
        if (!token) problem(n, key, "an HTTP method in capitals (GET, POST, PUT, …)");
        break;
      }
      case Kind::Headers:
        if (!n.isMapping()) return problem(n, key, "a mapping of header names to values");
        for (const DocEntry &e : n.entries)
          if (!e.value->isString()) problem(*e.value, key + "." + e.key, "a string (\"${VAR}\" reads the environment)");
        break;
      case Kind::Step: {
        if (!n.isString()) return problem(n, key, "a composition step's id");
        std::vector<std::string> steps;
        for (const auto &c : pack_.compositions.value) collectStepIds(c.decl.steps.value, steps);
        if (std::find(steps.begin(), steps.end(), n.stringValue) == steps.end())
          diags_.warning(n.loc, "'" + n.stringValue + "' in 'params." + key + "' of " + what + " is not a step of the " +
                                    "pack's compositions" + (steps.empty() ? " (it has none)" : didYouMeanSuffix(n.stringValue, steps)));
        break;
      }
      case Kind::Direction:
        if (!n.isString() || (n.stringValue != "input" && n.stringValue != "output" && n.stringValue != "both"))
          problem(n, key, "'input', 'output' or 'both'");
        break;
      case Kind::ChainSteps:
        if (!n.isSequence()) return problem(n, key, "a list of steps ({tool, result_includes, result_matches, args_match, no_error})");
        for (const auto &step : n.items) {
          if (!step->isMapping()) {
            problem(*step, key, "a list of steps ({tool, result_includes, result_matches, args_match, no_error})");
            continue;
          }
          const DocNode *tool = step->get("tool");
          if (!tool || !tool->isString()) diags_.error(step->loc, "a step of 'params.steps' of " + what + " needs 'tool', a tool's name");
          else checkTool(*tool, key + "[].tool");
          for (const DocEntry &e : step->entries) {
            if (e.key == "result_includes") checkStrings(*e.value, key + "[].result_includes", false);
            else if (e.key == "result_matches") checkRegex(*e.value, key + "[].result_matches");
            else if (e.key == "args_match" && e.value->isMapping())
              for (const DocEntry &a : e.value->entries) checkRegex(*a.value, key + "[].args_match." + a.key);
            else if (e.key == "args_match") problem(*e.value, key + "[].args_match", "a mapping of argument names to regular expressions");
            else if (e.key == "no_error" && !e.value->isBool()) problem(*e.value, key + "[].no_error", "true or false");
            else if (e.key != "tool" && e.key != "no_error")
              diags_.warning(e.keyLoc, "'" + e.key + "' of a step of 'params.steps' is not read by the " + what +
                                           didYouMeanSuffix(e.key, {"tool", "result_includes", "result_matches", "args_match", "no_error"}));
          }
        }
        break;
      case Kind::AntiPatterns:
        if (!n.isSequence()) return problem(n, key, "a list of {sequence: [tools], message}");
        for (const auto &pattern : n.items) {
          const DocNode *sequence = pattern->isMapping() ? pattern->get("sequence") : nullptr;
          if (!sequence) problem(*pattern, key, "a list of {sequence: [tools], message}");
          else checkStrings(*sequence, key + "[].sequence", true);
        }
        break;
    }
  };

  if (params) {
    for (const DocEntry &e : params->entries) {
      if (e.value->invalid) continue;
      const Param *spec = nullptr;
      for (const Param &p : type.params)
        if (e.key == p.name || (p.alias && e.key == p.alias)) spec = &p;
      if (!spec) {
        if (std::find(known.begin(), known.end(), e.key) == known.end())
          diags_.warning(e.keyLoc, "'params." + e.key + "' is not read by the " + what + didYouMeanSuffix(e.key, known));
        continue;
      }
      if (eval.params.contains(spec->name)) {
        // PromptKit reads the canonical name when both are given.
        diags_.warning(e.keyLoc, "'params." + e.key + "' of " + what + " repeats 'params." + spec->name + "': 'params." +
                                     spec->name + "' is read");
        if (e.key != spec->name) continue;
      }
      check(*e.value, e.key, *spec);
      eval.params[spec->name] = toJson(*e.value);
    }
  }
  // A validator's type named by PromptKit's alias is the canonical type at run time.
  if (eval.type == "guardrail_triggered" && eval.params.contains("validator_type") &&
      eval.params["validator_type"].is_string())
    eval.params["validator_type"] = canonicalEvalType(eval.params["validator_type"].get<std::string>());

  // An empty list, text or mapping gives nothing: PromptKit's handlers treat it as missing.
  auto given = [&](const char *name) {
    auto it = eval.params.find(name);
    if (it == eval.params.end()) return false;
    return it->is_string() ? !it->get<std::string>().empty() : !((it->is_array() || it->is_object()) && it->empty());
  };
  for (const std::vector<const char *> &group : type.required) {
    if (std::any_of(group.begin(), group.end(), given)) continue;
    std::string names;
    for (size_t i = 0; i < group.size(); ++i)
      names += std::string(i == 0 ? "" : i + 1 == group.size() ? " or " : ", ") + "'params." + group[i] + "'";
    eval.incomplete = true;
    if (eval.validatorOf)
      diags_.warning(params ? params->loc : declLoc, what + " needs " + names + "; it is skipped");
    else
      diags_.error(params ? params->loc : declLoc, what + " needs " + names);
  }
  if (type.note) diags_.warning(declLoc, what + ": " + type.note);
  // The PromptPack spec's form names a set of reference embeddings its host supplies (PromptKit's
  // handler reads none): wfc has none to supply, so the eval is skipped, as a classifier type's is.
  if (eval.type == "cosine_similarity" && given("reference_embeddings") && !given("reference"))
    diags_.warning(params ? params->loc : declLoc,
                   what + ": 'params.reference_embeddings' names embeddings a PromptKit host supplies, and wfc has none: "
                          "the eval is reported skipped when it runs; give 'params.reference' (a text or an embedding) "
                          "to run it");
  if (!type.vacuous.empty() && std::none_of(type.vacuous.begin(), type.vacuous.end(), given)) {
    std::string names;
    for (size_t i = 0; i < type.vacuous.size(); ++i)
      names += std::string(i == 0 ? "" : " or ") + "'params." + type.vacuous[i] + "'";
    diags_.warning(params ? params->loc : declLoc, what + " checks nothing without " + names + ": it always passes");
  }
}

}  // namespace wfc::promptpack

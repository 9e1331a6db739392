// PromptPack's evals (docs/evals.md): each eval's type is one wfc runs — PromptKit's types and
// aliases, with PromptKit's parameter names and its aliases of them, and wfc's earlier spellings —
// its trigger one of PromptPack's, its threshold well formed, its `when` what PromptKit reads, and
// its params what its type reads: patterns that compile, a schema that loads (inlined like an
// output_schema), a judging prompt that exists, bounds that are positive. Validators are evals
// with a passing band (docs/promptkit.md "Validators"). Which steps run which evals is checked on
// the IR (sema/EvalUse).
#include "frontend/promptpack/Lowering.h"

#include "common/Pattern.h"
#include "frontend/SchemaResolver.h"
#include "ir/EvalTriggers.h"
#include "support/DidYouMean.h"

namespace wfc::promptpack {
namespace {

// The types wfc runs, by PromptKit's canonical name (docs/evals.md "Types").
const std::vector<std::string> kTypes = {
    "contains",     "contains_any", "content_excludes", "regex",        "json_valid",       "json_schema",
    "min_length",   "max_length",   "sentence_count",   "field_presence", "tools_called",   "tools_not_called",
    "latency_budget", "llm_judge",    "cost_budget"};

// PromptKit's aliases of them (runtime/evals/handlers/register.go).
const std::map<std::string, std::string> kAliases = {
    {"content_includes", "contains"},    {"content_includes_any", "contains_any"},
    {"content_matches", "regex"},        {"content_not_includes", "content_excludes"},
    {"banned_words", "content_excludes"}, {"is_valid_json", "json_valid"},
    {"valid_json", "json_valid"},        {"tool_called", "tools_called"},
    {"tools_not_called_with_args", "tool_args_excluded_session"},
    {"length", "max_length"},            {"max_sentences", "sentence_count"},
    {"required_fields", "field_presence"}};

// Threshold operators: wfc's symbols and the schema's words (gte, lt, …), by canonical symbol.
const std::map<std::string, std::string> kOperators = {
    {">=", ">="}, {">", ">"}, {"<=", "<="}, {"<", "<"}, {"==", "=="}, {"!=", "!="},
    {"gte", ">="}, {"gt", ">"}, {"lte", "<="}, {"lt", "<"}, {"eq", "=="}, {"ne", "!="}, {"neq", "!="}};

// PromptPack's default share for a sampling trigger without sample_percentage.
constexpr double kDefaultSamplePercentage = 5;

std::string listed(const std::vector<std::string> &words) {
  std::string out;
  for (size_t i = 0; i < words.size(); ++i) out += (i == 0 ? "" : i + 1 == words.size() ? " and " : ", ") + words[i];
  return out;
}

// The params each type reads by their canonical names (besides `gate`), and PromptKit's other
// spellings of them.
std::vector<std::string> paramsOf(const std::string &type) {
  if (type == "contains") return {"patterns", "value"};
  if (type == "contains_any") return {"patterns"};
  if (type == "content_excludes") return {"patterns", "match_mode"};
  if (type == "regex") return {"pattern", "expect_match"};
  if (type == "json_valid") return {"allow_wrapped", "extract_json"};
  if (type == "json_schema") return {"schema", "allow_wrapped", "extract_json"};
  if (type == "min_length") return {"min"};
  if (type == "max_length") return {"max", "max_tokens"};
  if (type == "sentence_count") return {"max"};
  if (type == "field_presence") return {"fields"};
  if (type == "tools_called") return {"tool_names", "min_calls", "max_calls"};
  if (type == "tools_not_called") return {"tool_names"};
  if (type == "latency_budget") return {"max_ms"};
  if (type == "cost_budget") return {"max_cost_usd", "max_input_tokens", "max_output_tokens", "max_total_tokens"};
  if (type == "llm_judge") return {"criteria", "rubric", "model", "system_prompt", "passing_score", "prompt"};
  return {};
}
const std::map<std::string, std::string> kParamAliases = {
    {"words", "patterns"},        {"max_characters", "max"}, {"max_chars", "max"},
    {"min_characters", "min"},    {"min_chars", "min"},      {"max_sentences", "max"},
    {"required_fields", "fields"}, {"tools", "tool_names"},  {"judge_prompt", "criteria"}};

// A param wfc reads from a validator's params besides its eval's (docs/promptkit.md).
const std::vector<std::string> kValidatorParams = {"direction", "min_score", "max_score", "message"};

}  // namespace

std::string canonicalEvalType(const std::string &type) {
  auto it = kAliases.find(type);
  return it == kAliases.end() ? type : it->second;
}

// Resolves the eval's type to the canonical name wfc runs; false (reported) when it runs none. A
// type no runtime defines — a PromptKit host registers its own — is what PromptKit makes of it
// (docs/promptkit.md "Eval and validator types"): an eval of it is reported skipped when it would
// run; a validator of it makes its prompt unusable, not the pack.
bool Lowering::resolveEvalType(ir::Eval &eval, const Text &type, const std::string &what) {
  if (auto it = kAliases.find(eval.type); it != kAliases.end()) {
    if (eval.type == "banned_words") eval.wordBoundary = true;  // PromptKit: match_mode word_boundary
    eval.type = it->second;
  }
  if (std::find(kTypes.begin(), kTypes.end(), eval.type) != kTypes.end()) return true;
  if (isNamedEvalType(eval.type)) {
    eval.named = true;
    return true;
  }
  if (!type) return false;
  std::vector<std::string> known = kTypes;
  for (const auto &[alias, canonical] : kAliases) known.push_back(alias);
  for (const std::string &name : namedEvalTypes()) known.push_back(name);
  std::string suffix = didYouMeanSuffix(eval.type, known);
  if (eval.validatorOf) {
    auto *prompt = const_cast<ir::Prompt *>(eval.validatorOf);
    if (prompt->unusable.empty())
      prompt->unusable = what + " has type '" + eval.type + "', which no runtime defines";
    eval.incomplete = true;  // nothing runs it: the validator is dropped with the prompt's use
    diags_.warning(type.loc(), "no runtime defines type '" + eval.type + "' of " + what + " (a PromptKit host may "
                                   "register it): prompt '" + prompt->key + "' cannot be used, as in PromptKit" + suffix);
    return false;
  }
  eval.named = true;
  eval.hostDefined = true;
  diags_.warning(type.loc(), "no runtime defines type '" + eval.type + "' of " + what + " (a PromptKit host may "
                                 "register it): the eval is reported skipped when it would run" + suffix);
  return true;
}

void Lowering::checkEval(ir::Eval &eval, const EvalDecl &decl) {
  const std::string what = "eval '" + eval.name + "'";
  if (!resolveEvalType(eval, decl.type, what)) return;
  const std::vector<std::string> &triggers = ir::evalTriggers();
  if (decl.trigger && std::find(triggers.begin(), triggers.end(), eval.trigger) == triggers.end()) {
    std::string suffix = didYouMeanSuffix(eval.trigger, triggers);
    diags_.error(decl.trigger.loc(), "unknown trigger '" + eval.trigger + "' of " + what +
                                         "; PromptPack's triggers are " + listed(triggers) + suffix);
  }
  if (decl.samplePercentage) {
    if (ir::isSamplingTrigger(eval.trigger)) eval.samplePercentage = *decl.samplePercentage;
    else
      diags_.warning(decl.samplePercentage.loc(), "'sample_percentage' of " + what +
                                                      " is not used: only the sample_turns and sample_sessions "
                                                      "triggers sample");
  } else if (ir::isSamplingTrigger(eval.trigger)) {
    eval.samplePercentage = kDefaultSamplePercentage;
  }
  if (decl.threshold) {
    const Text &op = decl.threshold->op;
    auto canonical = op ? kOperators.find(*op) : kOperators.end();
    if (op && canonical == kOperators.end()) {
      std::vector<std::string> ops;
      for (const auto &[name, symbol] : kOperators) ops.push_back(name);
      diags_.error(op.loc(), "unknown threshold operator '" + *op + "' of " + what +
                                 "; use one of >=, >, <=, <, ==, != (or the schema's gte, gt, lte, lt, eq, ne)" +
                                 didYouMeanSuffix(*op, ops));
    } else if (!op || !decl.threshold->value) {
      diags_.error(decl.threshold.loc(), "the threshold of " + what + " needs both 'operator' and 'value'");
    } else if (eval.type == "latency_budget") {
      diags_.error(decl.threshold.loc(), "a latency_budget eval compares the step's duration with 'params.max_ms'; "
                                         "remove the threshold of " + what);
    } else if (eval.type == "cost_budget") {
      diags_.error(decl.threshold.loc(), "a cost_budget eval compares the attempt's spend with its 'params.max_…' "
                                         "limits; remove the threshold of " + what);
    } else {
      eval.thresholdOperator = canonical->second;
    }
  }
  if (decl.message) eval.message = *decl.message;
  if (decl.when) checkEvalPrecondition(eval, *decl.when.node, what);
  if (decl.params && decl.params.node->isMapping()) checkEvalParams(eval, *decl.params.node, decl.loc, {});
  else checkEvalParams(eval, DocNode(), decl.loc, {});
}

// PromptKit's `when` (runtime/evals/runner.go): tool_called, tool_called_pattern,
// any_tool_called, min_tool_calls. The schema's other examples are read by no runtime.
void Lowering::checkEvalPrecondition(ir::Eval &eval, const DocNode &when, const std::string &what) {
  if (!when.isMapping()) return;  // the shape checker reported it
  for (const DocEntry &e : when.entries) {
    const DocNode &v = *e.value;
    if (e.key == "tool_called" && v.isString()) eval.when.toolCalled = v.stringValue;
    else if (e.key == "tool_called_pattern" && v.isString()) {
      std::string error;
      if (!Pattern::compile(v.stringValue, &error))
        diags_.error(v.loc, "'when.tool_called_pattern' of " + what + " is not a regular expression wfc runs: " + error);
      eval.when.toolCalledPattern = v.stringValue;
    } else if (e.key == "any_tool_called" && v.isBool()) eval.when.anyToolCalled = v.boolValue;
    else if (e.key == "min_tool_calls" && v.isInt() && v.asDouble() >= 0)
      eval.when.minToolCalls = static_cast<unsigned>(v.asDouble());
    else if (e.key == "tool_called" || e.key == "tool_called_pattern" || e.key == "any_tool_called" ||
             e.key == "min_tool_calls")
      diags_.error(v.loc, "'when." + e.key + "' of " + what + " must be " +
                              (e.key == "any_tool_called" ? "true or false"
                               : e.key == "min_tool_calls" ? "a non-negative integer"
                                                           : "a string"));
    else
      diags_.warning(e.keyLoc, "'when." + e.key + "' of " + what +
                                   " is not evaluated (PromptKit and wfc read tool_called, tool_called_pattern, "
                                   "any_tool_called and min_tool_calls): the eval runs as if it held" +
                                   didYouMeanSuffix(e.key, {"tool_called", "tool_called_pattern", "any_tool_called",
                                                            "min_tool_calls"}));
  }
}

void Lowering::checkEvalParams(ir::Eval &eval, const DocNode &paramsNode, llvm::SMLoc declLoc,
                               const std::vector<std::string> &extraKnown) {
  const std::string what = eval.type + " " + (eval.validatorOf ? "validator" : "eval") + " '" + eval.name + "'";
  // Eval params are data whose shape depends on the type: read them by key, each under its
  // canonical name or one of PromptKit's aliases of it.
  const DocNode *params = paramsNode.isMapping() ? &paramsNode : nullptr;
  std::vector<std::string> known = paramsOf(eval.type);
  auto param = [&](const std::string &key) -> const DocNode * {
    if (!params) return nullptr;
    for (const DocEntry &e : params->entries) {
      auto alias = kParamAliases.find(e.key);
      const std::string &canonical = alias != kParamAliases.end() ? alias->second : e.key;
      if (canonical == key && !e.value->invalid) return e.value;
    }
    return nullptr;
  };
  // PromptKit skips a validator whose params lack what its type needs; an eval is an error.
  auto missing = [&](const std::string &message) {
    eval.incomplete = true;
    if (eval.validatorOf)
      diags_.warning(params ? params->loc : declLoc, what + " needs " + message + "; it is skipped");
    else
      diags_.error(params ? params->loc : declLoc, what + " needs " + message);
  };
  auto string = [&](const std::string &key) -> std::optional<std::string> {
    const DocNode *n = param(key);
    if (!n) return std::nullopt;
    if (!n->isString()) {
      diags_.error(n->loc, "'params." + key + "' of " + what + " must be a string");
      return std::nullopt;
    }
    return n->stringValue;
  };
  auto flag = [&](const std::string &key, bool &out) {
    const DocNode *n = param(key);
    if (!n) return;
    if (n->isBool()) out = n->boolValue;
    else diags_.error(n->loc, "'params." + key + "' of " + what + " must be true or false");
  };
  auto positive = [&](const std::string &key, const char *unit) -> std::optional<double> {
    const DocNode *n = param(key);
    if (!n) return std::nullopt;
    if (!n->isNumber() || n->asDouble() <= 0) {
      diags_.error(n->loc, "'params." + key + "' of " + what + " must be a positive number" + unit);
      return std::nullopt;
    }
    return n->asDouble();
  };
  auto strings = [&](const std::string &key, std::vector<std::string> &out) -> bool {
    const DocNode *n = param(key);
    if (!n) return false;
    if (!n->isSequence()) {
      diags_.error(n->loc, "'params." + key + "' of " + what + " must be a list of strings");
      return true;
    }
    for (const auto &item : n->items) {
      if (item->isString()) out.push_back(item->stringValue);
      else diags_.error(item->loc, "'params." + key + "' of " + what + " must be a list of strings");
    }
    return true;
  };

  if (eval.hostDefined) {
    // Its params are its host's business.
    if (const DocNode *gate = param("gate"); gate && gate->isBool()) eval.gate = gate->boolValue;
    return;
  }
  if (eval.named) {
    if (const DocNode *gate = param("gate")) {
      if (gate->isBool()) eval.gate = gate->boolValue;
      else diags_.error(gate->loc, "'params.gate' of " + what + " must be true or false");
    }
    return checkNamedEvalParams(eval, params, declLoc, what, extraKnown);
  }
  std::vector<std::string> allKnown = known;
  allKnown.push_back("gate");
  allKnown.insert(allKnown.end(), extraKnown.begin(), extraKnown.end());
  if (params)
    for (const DocEntry &e : params->entries) {
      auto alias = kParamAliases.find(e.key);
      const std::string &canonical = alias != kParamAliases.end() ? alias->second : e.key;
      if (std::find(allKnown.begin(), allKnown.end(), canonical) == allKnown.end())
        diags_.warning(e.keyLoc, "'params." + e.key + "' is not read by the " + what + didYouMeanSuffix(e.key, allKnown));
    }
  flag("gate", eval.gate);

  const std::string &type = eval.type;
  if (type == "contains" || type == "contains_any" || type == "content_excludes") {
    bool hasPatterns = strings("patterns", eval.patterns);
    if (type == "contains" && !hasPatterns) {
      // wfc's earlier spelling: one case-sensitive text.
      if (std::optional<std::string> value = string("value")) eval.text = *value;
      else if (!param("value")) missing("'params.patterns': the texts the output must contain (case-insensitive)");
    } else if (!hasPatterns) {
      missing("'params.patterns': the texts to look for (case-insensitive)");
    } else if (eval.patterns.empty() && type == "contains") {
      // PromptKit scores an empty list 1: nothing is missing.
    }
    if (type == "contains" && hasPatterns)
      if (const DocNode *value = param("value"))
        diags_.warning(value->loc, "'params.value' of " + what + " is not read: with 'params.patterns' the eval "
                                   "looks for those (case-insensitive); put the text in 'patterns'");
    if (std::optional<std::string> mode = string("match_mode")) {
      if (*mode == "word_boundary") eval.wordBoundary = true;
      else if (*mode == "substring") eval.wordBoundary = false;
      else diags_.error(param("match_mode")->loc, "'params.match_mode' of " + what + " must be 'substring' or 'word_boundary'");
    }
  } else if (type == "regex") {
    std::optional<std::string> pattern = string("pattern");
    if (!pattern) {
      if (!param("pattern")) missing("'params.pattern': the regular expression the output must match");
      return;
    }
    std::string error;
    if (!Pattern::compile(*pattern, &error))
      return (void)diags_.error(param("pattern")->loc,
                                "'params.pattern' of " + what + " is not a regular expression wfc runs: " + error);
    eval.text = *pattern;
    flag("expect_match", eval.expectMatch);
  } else if (type == "json_valid" || type == "json_schema") {
    bool wrapped = false, extract = false;
    flag("allow_wrapped", wrapped);
    flag("extract_json", extract);
    eval.extractJson = wrapped || extract;
    if (type == "json_valid") return;
    const DocNode *schema = param("schema");
    if (!schema) return missing("'params.schema': an inline schema, or a schema path (like an output_schema)");
    Located<SchemaRef> ref;
    ref.node = schema;
    ref.value.loc = schema->loc;
    if (schema->isString()) {
      ref.value.text = schema->stringValue;
      SchemaResolver(loader_, diags_).resolve(ref.value, doc_);
    } else if (schema->isMapping()) {
      ref.value.text = "(inline)";
      ref.value.document = &doc_;
      ref.value.schema = schema;
      ref.value.localRoot = schema;  // PromptKit reads "#/definitions/…" inside the inline schema
    } else {
      return (void)diags_.error(schema->loc, "'params.schema' of " + what +
                                                 " must be a schema path (like an output_schema) or a schema");
    }
    eval.schema = bundle(ref);
  } else if (type == "min_length") {
    eval.minLength = positive("min", " of bytes");
    if (!eval.minLength && !param("min")) missing("'params.min': the fewest bytes the output may have");
  } else if (type == "max_length") {
    eval.maxLength = positive("max", " of bytes");
    eval.maxTokens = positive("max_tokens", " of tokens");
    if (!eval.maxLength && !eval.maxTokens && !param("max") && !param("max_tokens"))
      missing("'params.max' (bytes) or 'params.max_tokens': the longest the output may be");
  } else if (type == "sentence_count") {
    eval.maxSentences = positive("max", " of sentences");
  } else if (type == "field_presence") {
    if (!strings("fields", eval.patterns)) missing("'params.fields': the field names the output must mention");
  } else if (type == "tools_called" || type == "tools_not_called") {
    if (!strings("tool_names", eval.patterns)) return missing("'params.tool_names': the tools' names");
    for (size_t i = 0; i < eval.patterns.size(); ++i)
      if (!module_->findTool(eval.patterns[i]))
        diags_.warning(param("tool_names")->items[i]->loc,
                       "'" + eval.patterns[i] + "' in 'params.tool_names' of " + what + " is not a tool of the pack" +
                           didYouMeanSuffix(eval.patterns[i], toolNames()));
    if (type == "tools_not_called") return;
    if (const DocNode *n = param("min_calls")) {
      if (n->isInt() && n->asDouble() >= 1) eval.minCalls = static_cast<unsigned>(n->asDouble());
      else diags_.error(n->loc, "'params.min_calls' of " + what + " must be a positive integer");
    }
    if (const DocNode *n = param("max_calls")) {
      if (n->isInt() && n->asDouble() == -1) {
        // PromptKit's "unbounded"
      } else if (n->isInt() && n->asDouble() >= 0) {
        eval.maxCalls = static_cast<unsigned>(n->asDouble());
      } else {
        diags_.error(n->loc, "'params.max_calls' of " + what + " must be a non-negative integer (or -1: unbounded)");
      }
    }
  } else if (type == "latency_budget") {
    const DocNode *maxMs = param("max_ms");
    if (!maxMs) return missing("'params.max_ms': the longest the step's attempt may take, in milliseconds");
    if (!maxMs->isNumber() || maxMs->asDouble() <= 0)
      return (void)diags_.error(maxMs->loc, "'params.max_ms' of " + what + " must be a positive number of milliseconds");
    eval.maxMs = maxMs->asDouble();
  } else if (type == "cost_budget") {
    // PromptKit's cost_budget (runtime/evals/handlers/cost_budget.go): limits on what the attempt's
    // LLM calls spent, each optional, one at least (docs/evals.md "cost_budget").
    auto limit = [&](const char *key, const char *unit) -> std::optional<double> {
      const DocNode *n = param(key);
      if (!n) return std::nullopt;
      if (!n->isNumber() || n->asDouble() < 0) {
        diags_.error(n->loc, std::string("'params.") + key + "' of " + what + " must be a number of " + unit + ", 0 or more");
        return std::nullopt;
      }
      return n->asDouble();
    };
    eval.maxCostUsd = limit("max_cost_usd", "US dollars");
    eval.maxInputTokens = limit("max_input_tokens", "tokens");
    eval.maxOutputTokens = limit("max_output_tokens", "tokens");
    eval.maxTotalTokens = limit("max_total_tokens", "tokens");
    if (!param("max_cost_usd") && !param("max_input_tokens") && !param("max_output_tokens") && !param("max_total_tokens"))
      missing("a limit: 'params.max_cost_usd', 'max_input_tokens', 'max_output_tokens' or 'max_total_tokens'");
  } else if (type == "llm_judge") {
    checkJudgeParams(eval, params, declLoc, what);
  }
}

// llm_judge, in PromptKit's form (criteria, rubric, system_prompt, model; RFC 0006's judge_prompt
// as the criteria and passing_score as the bar) or wfc's (a pack prompt that judges, and rubric).
void Lowering::checkJudgeParams(ir::Eval &eval, const DocNode *params, llvm::SMLoc declLoc, const std::string &what) {
  auto get = [&](const char *key) -> const DocNode * {
    const DocNode *n = params ? params->get(key) : nullptr;
    return n && !n->invalid ? n : nullptr;
  };
  auto text = [&](const char *key, std::string &out) {
    if (const DocNode *n = get(key)) {
      if (n->isString()) out = n->stringValue;
      else diags_.error(n->loc, std::string("'params.") + key + "' of " + what + " must be a string");
    }
  };
  const DocNode *criteria = get("criteria") ? get("criteria") : get("judge_prompt");
  const DocNode *prompt = get("prompt");
  if (criteria && prompt)
    diags_.error(prompt->loc, what + " takes its instructions either as PromptKit's 'params.criteria' or as a judging "
                                     "prompt ('params.prompt'), not both");
  if (criteria) {
    text(get("criteria") ? "criteria" : "judge_prompt", eval.criteria);
    text("system_prompt", eval.judgeSystemPrompt);
    text("model", eval.judgeModel);
    if (const DocNode *rubric = get("rubric")) {
      if (rubric->isString()) eval.rubric = rubric->stringValue;
      else diags_.error(rubric->loc, "'params.rubric' of " + what + " must be a string");
    }
    if (const DocNode *score = get("passing_score")) {
      if (score->isNumber()) eval.passingScore = score->asDouble();
      else diags_.error(score->loc, "'params.passing_score' of " + what + " must be a number");
    }
    return;
  }
  if (!prompt) {
    diags_.error(params ? params->loc : declLoc,
                 what + " needs 'params.criteria': what the judge checks (or 'params.prompt': a prompt that judges)");
    return;
  }
  if (!prompt->isString()) return (void)diags_.error(prompt->loc, "'params.prompt' of " + what + " must be a prompt's key");
  eval.judge = module_->findPrompt(prompt->stringValue);
  if (!eval.judge) {
    diags_.error(prompt->loc, "unknown prompt '" + prompt->stringValue + "' in 'params.prompt' of " + what +
                                  didYouMeanSuffix(prompt->stringValue, promptNames()));
    return;
  }
  // The judge's template binds `target` and `rubric` (docs/evals.md); nothing else is supplied.
  for (const ir::Variable &v : eval.judge->variables)
    if (v.required && !v.defaultValue && v.name != "target" && v.name != "rubric")
      diags_.error(prompt->loc, "prompt '" + eval.judge->key + "' requires variable '" + v.name + "', which the " +
                                    what + " cannot supply (a judge's template binds only 'target' and 'rubric')");
  if (const DocNode *rubric = get("rubric")) {
    if (rubric->isString()) eval.rubric = rubric->stringValue;
    else diags_.error(rubric->loc, "'params.rubric' of " + what + " must be a string");
  }
  for (const char *key : {"system_prompt", "model", "passing_score"})
    if (const DocNode *n = get(key))
      diags_.warning(n->loc, std::string("'params.") + key + "' is read with 'params.criteria' (PromptKit's judge), not "
                                 "with a judging prompt: it is not used");
}

// A validator (docs/promptkit.md "Validators"): PromptKit runs it as its eval type wrapped as a
// guardrail, so its type and params are an eval's, plus the guardrail's own.
void Lowering::checkValidator(ir::Validator &validator, ir::Eval &eval, const ValidatorDecl &decl) {
  const std::string what = "validator '" + validator.id + "'";
  if (!resolveEvalType(eval, decl.type, what)) return;
  // A validator sees the reply and the tool calls and verdicts before it, not the turn's time or
  // spend, which are not known until the turn ends.
  if (eval.type == "latency_budget" || eval.type == "cost_budget") {
    diags_.error(decl.type.loc(), "a " + eval.type + " check cannot guard a reply: it measures a whole turn; "
                                  "declare it as an eval");
    return;
  }
  const DocNode empty;
  const DocNode &params = decl.params && decl.params.node->isMapping() ? *decl.params.node : empty;
  checkEvalParams(eval, params, decl.loc, kValidatorParams);
  if (eval.gate)
    diags_.warning(params.get("gate")->loc, "'params.gate' is not read by a validator: validators always enforce");
  auto number = [&](const char *key) -> std::optional<double> {
    const DocNode *n = params.get(key);
    if (!n || n->invalid) return std::nullopt;
    if (!n->isNumber()) {
      diags_.error(n->loc, std::string("'params.") + key + "' of " + what + " must be a number");
      return std::nullopt;
    }
    return n->asDouble();
  };
  validator.minScore = number("min_score");
  validator.maxScore = number("max_score");
  if (const DocNode *d = params.get("direction"); d && !d->invalid) {
    std::string v = d->isString() ? d->stringValue : "";
    if (v == "output") validator.direction = ir::Validator::Direction::Output;
    else if (v == "input") validator.direction = ir::Validator::Direction::Input;
    else if (v == "both") validator.direction = ir::Validator::Direction::Both;
    else diags_.error(d->loc, "'params.direction' of " + what + " must be 'output', 'input' or 'both'");
  }
  // PromptKit folds `message` into params.message; the field wins.
  if (const DocNode *m = params.get("message"); m && m->isString()) validator.message = m->stringValue;
  if (decl.message) validator.message = *decl.message;
  if (eval.type == "max_length" && eval.maxLength) validator.truncateTo = static_cast<uint64_t>(*eval.maxLength);
}

}  // namespace wfc::promptpack

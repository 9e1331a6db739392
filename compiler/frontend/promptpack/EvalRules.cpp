// PromptPack's evals (docs/evals.md): each eval's type is one wfc runs, its trigger one of
// PromptPack's, its threshold well formed, and its params what its type reads — a regex that
// compiles, a schema that loads (inlined like an output_schema), a judging prompt that exists, a
// number of milliseconds. Which steps run which evals is checked on the IR (sema/EvalUse).
#include "frontend/promptpack/Lowering.h"

#include "Pattern.h"
#include "frontend/SchemaResolver.h"
#include "ir/EvalTriggers.h"
#include "support/DidYouMean.h"


namespace wfc::promptpack {
namespace {

const std::vector<std::string> kTypes = {"contains", "regex", "json_valid", "json_schema", "latency_budget",
                                         "llm_judge"};
const std::vector<std::string> kOperators = {">=", ">", "<=", "<", "==", "!="};
// PromptPack's default share for a sampling trigger without sample_percentage.
constexpr double kDefaultSamplePercentage = 5;

std::string listed(const std::vector<std::string> &words) {
  std::string out;
  for (size_t i = 0; i < words.size(); ++i) out += (i == 0 ? "" : i + 1 == words.size() ? " and " : ", ") + words[i];
  return out;
}

// The params each type reads, besides `gate`.
std::vector<std::string> paramsOf(const std::string &type) {
  if (type == "contains") return {"value"};
  if (type == "regex") return {"pattern"};
  if (type == "json_schema") return {"schema"};
  if (type == "latency_budget") return {"max_ms"};
  if (type == "llm_judge") return {"prompt", "rubric"};
  return {};
}

// A param other runtimes read that wfc spells differently: the hint that goes with the warning.
std::string hintFor(const std::string &key) {
  if (key == "judge_prompt") return "; wfc takes the judge's instructions as 'params.rubric' and its prompt as 'params.prompt'";
  if (key == "passing_score") return "; give 'threshold: {operator: \">=\", value: N}' instead";
  return "";
}

}  // namespace

void Lowering::checkEval(ir::Eval &eval, const EvalDecl &decl) {
  const std::string what = "eval '" + eval.name + "'";
  if (decl.type && std::find(kTypes.begin(), kTypes.end(), eval.type) == kTypes.end()) {
    std::string suffix = didYouMeanSuffix(eval.type, kTypes);
    diags_.error(decl.type.loc(), "unknown type '" + eval.type + "' of " + what + "; wfc runs " + listed(kTypes) + suffix);
    return;
  }
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
    if (op && std::find(kOperators.begin(), kOperators.end(), *op) == kOperators.end())
      diags_.error(op.loc(), "unknown threshold operator '" + *op + "' of " + what + "; use one of " + listed(kOperators));
    else if (!eval.thresholdOperator || !eval.thresholdValue)
      diags_.error(decl.threshold.loc(), "the threshold of " + what + " needs both 'operator' and 'value'");
    else if (eval.type == "latency_budget")
      diags_.error(decl.threshold.loc(), "a latency_budget eval compares the step's duration with 'params.max_ms'; "
                                         "remove the threshold of " + what);
  }
  checkEvalParams(eval, decl);
}

void Lowering::checkEvalParams(ir::Eval &eval, const EvalDecl &decl) {
  const std::string what = eval.type + " eval '" + eval.name + "'";
  // Eval params are data whose shape depends on the type: read them by key.
  const DocNode *params = decl.params && decl.params.node->isMapping() ? decl.params.node : nullptr;
  auto param = [&](const char *key) -> const DocNode * {
    const DocNode *n = params ? params->get(key) : nullptr;
    return n && !n->invalid ? n : nullptr;
  };
  auto missing = [&](const std::string &message) {
    diags_.error(decl.params ? decl.params.node->loc : decl.loc, what + " needs " + message);
  };
  std::vector<std::string> known = paramsOf(eval.type);
  known.push_back("gate");
  if (params)
    for (const DocEntry &e : params->entries)
      if (std::find(known.begin(), known.end(), e.key) == known.end()) {
        std::string hint = hintFor(e.key);
        diags_.warning(e.keyLoc, "'params." + e.key + "' is not read by the " + what +
                                     (hint.empty() ? didYouMeanSuffix(e.key, known) : hint));
      }
  if (const DocNode *gate = param("gate")) {
    if (gate->isBool()) eval.gate = gate->boolValue;
    else diags_.error(gate->loc, "'params.gate' of eval '" + eval.name + "' must be true or false");
  }

  if (eval.type == "contains") {
    const DocNode *value = param("value");
    if (!value) return missing("'params.value': the text the output must contain");
    if (!value->isString()) return (void)diags_.error(value->loc, "'params.value' of " + what + " must be a string");
    eval.text = value->stringValue;
  } else if (eval.type == "regex") {
    const DocNode *pattern = param("pattern");
    if (!pattern) return missing("'params.pattern': the regular expression the output must match");
    if (!pattern->isString()) return (void)diags_.error(pattern->loc, "'params.pattern' of " + what + " must be a string");
    std::string error;
    if (!Pattern::compile(pattern->stringValue, &error))
      return (void)diags_.error(pattern->loc, "'params.pattern' of " + what + " is not a regular expression wfc runs: " + error);
    eval.text = pattern->stringValue;
  } else if (eval.type == "json_schema") {
    const DocNode *schema = param("schema");
    if (!schema) return missing("'params.schema': a schema file (like an output_schema) or an inline schema");
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
    } else {
      return (void)diags_.error(schema->loc, "'params.schema' of " + what +
                                                 " must be a schema path (like an output_schema) or a schema");
    }
    eval.schema = bundle(ref);
  } else if (eval.type == "latency_budget") {
    const DocNode *maxMs = param("max_ms");
    if (!maxMs) return missing("'params.max_ms': the longest the step's attempt may take, in milliseconds");
    if (!maxMs->isNumber() || maxMs->asDouble() <= 0)
      return (void)diags_.error(maxMs->loc, "'params.max_ms' of " + what + " must be a positive number of milliseconds");
    eval.maxMs = maxMs->asDouble();
  } else if (eval.type == "llm_judge") {
    const DocNode *prompt = param("prompt");
    if (!prompt) return missing("'params.prompt': the prompt that judges the output");
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
    if (const DocNode *rubric = param("rubric")) {
      if (rubric->isString()) eval.rubric = rubric->stringValue;
      else diags_.error(rubric->loc, "'params.rubric' of " + what + " must be a string");
    }
  }
}

}  // namespace wfc::promptpack

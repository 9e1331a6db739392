#include "sema/EvalChecker.h"

#include "frontend/SchemaResolver.h"
#include "support/DidYouMean.h"

#include <regex>

namespace wfc::sema {
namespace {

const std::vector<std::string> kTypes = {"contains", "regex", "json_valid", "json_schema", "latency_budget",
                                         "llm_judge"};
// PromptPack's conventional triggers (its evals guide; the field is open, wfc accepts these).
const std::vector<std::string> kTriggers = {"every_turn",     "on_session_complete", "on_conversation_complete",
                                            "on_workflow_step", "sample_turns",      "sample_sessions"};
const std::vector<std::string> kOperators = {">=", ">", "<=", "<", "==", "!="};
// PromptPack's default share for a sampling trigger without sample_percentage.
constexpr double kDefaultSamplePercentage = 5;

std::string listed(const std::vector<std::string> &words) {
  std::string out;
  for (size_t i = 0; i < words.size(); ++i)
    out += (i == 0 ? "" : i + 1 == words.size() ? " and " : ", ") + words[i];
  return out;
}

bool isSampling(const std::string &trigger) { return trigger == "sample_turns" || trigger == "sample_sessions"; }

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

bool runsOnEveryTurn(const ir::Eval &eval) { return eval.trigger == "every_turn" || eval.trigger == "sample_turns"; }

void EvalChecker::checkDeclarations() {
  for (const auto &e : ctx_.module.evals)
    if (auto it = ctx_.evalNodes.find(e.get()); it != ctx_.evalNodes.end()) checkDeclaration(*e, *it->second);
}

void EvalChecker::checkDeclaration(ir::Eval &eval, const DocNode &node) {
  const std::string what = "eval '" + eval.name + "'";
  if (const DocNode *type = field(node, "type"); type && type->isString() &&
                                                 std::find(kTypes.begin(), kTypes.end(), eval.type) == kTypes.end()) {
    std::string suffix = didYouMeanSuffix(eval.type, kTypes);
    ctx_.diags.error(type->loc, "unknown type '" + eval.type + "' of " + what + "; wfc runs " + listed(kTypes) +
                                    (suffix.empty() ? "" : suffix));
    return;
  }
  if (const DocNode *trigger = field(node, "trigger");
      trigger && trigger->isString() && std::find(kTriggers.begin(), kTriggers.end(), eval.trigger) == kTriggers.end()) {
    std::string suffix = didYouMeanSuffix(eval.trigger, kTriggers);
    ctx_.diags.error(trigger->loc, "unknown trigger '" + eval.trigger + "' of " + what + "; PromptPack's triggers are " +
                                       listed(kTriggers) + (suffix.empty() ? "" : suffix));
  }
  if (const DocNode *share = field(node, "sample_percentage"); share && share->isNumber()) {
    if (isSampling(eval.trigger)) eval.samplePercentage = share->asDouble();
    else
      ctx_.diags.warning(share->loc, "'sample_percentage' of " + what + " is not used: only the sample_turns and "
                                         "sample_sessions triggers sample");
  } else if (isSampling(eval.trigger)) {
    eval.samplePercentage = kDefaultSamplePercentage;
  }
  if (const DocNode *threshold = field(node, "threshold")) {
    const DocNode *op = field(*threshold, "operator");
    if (op && op->isString() && std::find(kOperators.begin(), kOperators.end(), op->stringValue) == kOperators.end())
      ctx_.diags.error(op->loc, "unknown threshold operator '" + op->stringValue + "' of " + what + "; use one of " +
                                    listed(kOperators));
    else if (!eval.thresholdOperator || !eval.thresholdValue)
      ctx_.diags.error(threshold->loc, "the threshold of " + what + " needs both 'operator' and 'value'");
    else if (eval.type == "latency_budget")
      ctx_.diags.error(threshold->loc, "a latency_budget eval compares the step's duration with 'params.max_ms'; "
                                       "remove the threshold of " + what);
  }
  checkParams(eval, node);
}

void EvalChecker::checkParams(ir::Eval &eval, const DocNode &node) {
  const std::string what = eval.type + " eval '" + eval.name + "'";
  const DocNode *params = field(node, "params");
  auto param = [&](const char *key) { return params ? field(*params, key) : nullptr; };
  auto missing = [&](const std::string &message) {
    ctx_.diags.error(params ? params->loc : node.loc, what + " needs " + message);
  };
  std::vector<std::string> known = paramsOf(eval.type);
  known.push_back("gate");
  if (params && params->isMapping())
    for (const DocEntry &e : params->entries)
      if (std::find(known.begin(), known.end(), e.key) == known.end()) {
        std::string hint = hintFor(e.key);
        ctx_.diags.warning(e.keyLoc, "'params." + e.key + "' is not read by the " + what +
                                         (hint.empty() ? didYouMeanSuffix(e.key, known) : hint));
      }
  if (const DocNode *gate = param("gate")) {
    if (gate->isBool()) eval.gate = gate->boolValue;
    else ctx_.diags.error(gate->loc, "'params.gate' of eval '" + eval.name + "' must be true or false");
  }

  if (eval.type == "contains") {
    const DocNode *value = param("value");
    if (!value) return missing("'params.value': the text the output must contain");
    if (!value->isString()) return (void)ctx_.diags.error(value->loc, "'params.value' of " + what + " must be a string");
    eval.text = value->stringValue;
  } else if (eval.type == "regex") {
    const DocNode *pattern = param("pattern");
    if (!pattern) return missing("'params.pattern': the regular expression the output must match");
    if (!pattern->isString())
      return (void)ctx_.diags.error(pattern->loc, "'params.pattern' of " + what + " must be a string");
    try {
      std::regex compiled(pattern->stringValue, std::regex::ECMAScript);
    } catch (const std::regex_error &e) {
      return (void)ctx_.diags.error(pattern->loc, "'params.pattern' of " + what + " is not a valid regular expression "
                                                  "(ECMAScript syntax): " + e.what());
    }
    eval.text = pattern->stringValue;
  } else if (eval.type == "json_schema") {
    const DocNode *schema = param("schema");
    if (!schema) return missing("'params.schema': a schema file (like an output_schema) or an inline schema");
    SchemaRef ref;
    ref.loc = schema->loc;
    if (schema->isString()) {
      ref.text = schema->stringValue;
      SchemaResolver(ctx_.loader, ctx_.diags).resolve(ref, ctx_.doc);
    } else if (schema->isMapping()) {
      ref.text = "(inline)";
      ref.document = &ctx_.doc;
      ref.schema = schema;
    } else {
      return (void)ctx_.diags.error(schema->loc, "'params.schema' of " + what +
                                                     " must be a schema path (like an output_schema) or a schema");
    }
    eval.schema = ctx_.bundle(ref);
  } else if (eval.type == "latency_budget") {
    const DocNode *maxMs = param("max_ms");
    if (!maxMs) return missing("'params.max_ms': the longest the step's attempt may take, in milliseconds");
    if (!maxMs->isNumber() || maxMs->asDouble() <= 0)
      return (void)ctx_.diags.error(maxMs->loc, "'params.max_ms' of " + what + " must be a positive number of milliseconds");
    eval.maxMs = maxMs->asDouble();
  } else if (eval.type == "llm_judge") {
    const DocNode *prompt = param("prompt");
    if (!prompt) return missing("'params.prompt': the prompt that judges the output");
    if (!prompt->isString()) return (void)ctx_.diags.error(prompt->loc, "'params.prompt' of " + what + " must be a prompt's key");
    eval.judge = ctx_.module.findPrompt(prompt->stringValue);
    if (!eval.judge) {
      std::vector<std::string> names = ctx_.promptNames();
      ctx_.diags.error(prompt->loc, "unknown prompt '" + prompt->stringValue + "' in 'params.prompt' of " + what +
                                        didYouMeanSuffix(prompt->stringValue, names));
      return;
    }
    ctx_.usedPrompts.insert(eval.judge);
    // The judge's template binds `target` and `rubric` (docs/evals.md); nothing else is supplied.
    for (const ir::Variable &v : eval.judge->variables)
      if (v.required && !v.defaultValue && v.name != "target" && v.name != "rubric")
        ctx_.diags.error(prompt->loc, "prompt '" + eval.judge->key + "' requires variable '" + v.name +
                                          "', which the " + what + " cannot supply (a judge's template binds only "
                                          "'target' and 'rubric')");
    if (const DocNode *rubric = param("rubric")) {
      if (rubric->isString()) eval.rubric = rubric->stringValue;
      else ctx_.diags.error(rubric->loc, "'params.rubric' of " + what + " must be a string");
    }
  }
}

void EvalChecker::checkUse() {
  ir::Module &module = ctx_.module;
  std::set<const ir::Eval *> named;
  for (auto &c : module.compositions)
    ir::forEachStep(c->steps, [&](ir::Step &s) {
      if ((s.kind == ir::StepKind::Branch || s.kind == ir::StepKind::Parallel) && !s.modifiers.evals.empty()) {
        ctx_.diags.error(s.loc, "step '" + s.id + "' is a " + ir::spell(s.kind) +
                                    ": evals run after a step's attempt, and a " + ir::spell(s.kind) +
                                    " has none of its own; name them on the steps it runs");
        return;
      }
      auto add = [&](const ir::Eval *e) {
        for (const ir::Eval *have : s.modifiers.runEvals)
          if (have->name == e->name) return;
        s.modifiers.runEvals.push_back(e);
      };
      for (const std::string &id : s.modifiers.evals) {
        const ir::Eval *e = nullptr;
        if (s.prompt && std::find(s.prompt->evals.begin(), s.prompt->evals.end(), id) != s.prompt->evals.end())
          e = module.findEval(s.prompt->key + "/" + id);  // the prompt's own overrides the pack's
        if (!e) e = module.findEval(id);
        if (!e) continue;  // reported while building the step
        named.insert(e);
        if (!e->enabled) {
          ctx_.diags.warning(s.loc, "step '" + s.id + "' names eval '" + id +
                                        "', which is disabled ('enabled: false'): it does not run");
          continue;
        }
        add(e);
      }
      if ((s.kind != ir::StepKind::Prompt && s.kind != ir::StepKind::Agent) || !s.prompt) return;
      // Every turn: the prompt's own evals, then the pack's that the prompt does not override.
      for (const std::string &id : s.prompt->evals)
        if (const ir::Eval *e = module.findEval(s.prompt->key + "/" + id); e && e->enabled && runsOnEveryTurn(*e)) add(e);
      for (const auto &e : module.evals)
        if (e->id == e->name && e->enabled && runsOnEveryTurn(*e) &&
            std::find(s.prompt->evals.begin(), s.prompt->evals.end(), e->name) == s.prompt->evals.end())
          add(e.get());
    });
  for (const auto &e : module.evals) {
    if (named.count(e.get()) || runsOnEveryTurn(*e) || !e->enabled) continue;
    if (std::find(kTriggers.begin(), kTriggers.end(), e->trigger) == kTriggers.end()) continue;  // reported
    auto it = ctx_.evalNodes.find(e.get());
    const DocNode *trigger = it == ctx_.evalNodes.end() ? nullptr : field(*it->second, "trigger");
    ctx_.diags.warning(trigger ? trigger->loc : e->loc,
                       "eval '" + e->name + "' never runs: wfc runs evals after steps, so a '" + e->trigger +
                           "' eval runs only where a step names it in 'modifiers.eval' (or use trigger every_turn)");
  }
}

}  // namespace wfc::sema

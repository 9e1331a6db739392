// Tools, evals and prompts: the declarations compositions and states name.
#include "frontend/promptpack/Lowering.h"

#include "support/DidYouMean.h"

#include <algorithm>

namespace wfc::promptpack {

void Lowering::lowerTools() {
  for (const Named<ToolDecl> &entry : pack_.tools.value) {
    if (!entry.wellFormed) continue;
    const ToolDecl &decl = entry.decl;
    auto tool = std::make_unique<ir::Tool>();
    tool->name = entry.name;
    tool->loc = entry.keyLoc;
    tool->description = *decl.description;
    if (decl.parameters) {
      tool->parameters = toJson(*decl.parameters.node);
      checkSchemaPatterns(*decl.parameters.node, diags_);
    }
    // The default is `write` (docs/semantics.md "Effects").
    std::string effects = decl.extensions && decl.extensions->wfc ? *decl.extensions->wfc->effects : "";
    tool->effect = effects == "none" ? ir::Effect::None : effects == "read" ? ir::Effect::Read : ir::Effect::Write;
    tool->effectDeclared = !effects.empty();
    if (decl.name && !decl.name->empty() && *decl.name != entry.name)
      diags_.error(decl.name.loc(), "tool '" + entry.name + "' is declared with name '" + *decl.name +
                                        "'; a tool's name must be its key in 'tools'");
    if (decl.actionScope) tool->actionScope = toJson(*decl.actionScope.node);
    tool->providerName = entry.name;
    std::replace(tool->providerName.begin(), tool->providerName.end(), '.', '_');
    module_->tools.push_back(std::move(tool));
  }
}

std::unique_ptr<ir::Eval> Lowering::lowerEval(const EvalDecl &decl) {
  auto eval = std::make_unique<ir::Eval>();
  eval->id = *decl.id;
  eval->name = eval->id;
  eval->loc = decl.loc;
  eval->type = *decl.type;
  eval->trigger = *decl.trigger;
  eval->triggerLoc = decl.trigger.loc();
  eval->enabled = decl.enabled ? *decl.enabled : true;
  if (decl.params) eval->params = toJson(*decl.params.node);
  // The operator is resolved to its canonical spelling by checkEval.
  if (decl.threshold && decl.threshold->value) eval->thresholdValue = *decl.threshold->value;
  return eval;
}

void Lowering::lowerEvals() {
  std::map<std::string, llvm::SMLoc> seen;
  for (const EvalDecl &decl : pack_.evals.value) {
    auto eval = lowerEval(decl);
    if (eval->id.empty()) continue;
    if (auto [it, fresh] = seen.emplace(eval->id, decl.loc); !fresh) {
      diags_.error(decl.loc, "duplicate eval id '" + eval->id + "'").note(it->second, "'" + eval->id + "' first defined here");
      continue;
    }
    evalDecls_[eval.get()] = &decl;
    module_->evals.push_back(std::move(eval));
  }
}

// A prompt's own evals join the module's; a prompt-level eval with a pack-level eval's id
// overrides it for that prompt (PromptPack's rule), so it is kept under a qualified id.
void Lowering::lowerPromptEvals(ir::Prompt &prompt, const PromptDecl &decl) {
  std::set<std::string> seen;
  for (const EvalDecl &e : decl.evals.value) {
    auto eval = lowerEval(e);
    if (eval->id.empty()) continue;
    if (!seen.insert(eval->id).second) {
      diags_.error(e.loc, "duplicate eval id '" + eval->id + "' in prompt '" + prompt.key + "'");
      continue;
    }
    prompt.evals.push_back(eval->id);
    eval->id = prompt.key + "/" + eval->id;
    evalDecls_[eval.get()] = &e;
    module_->evals.push_back(std::move(eval));
  }
}

void Lowering::lowerPrompts() {
  for (const Named<PromptDecl> &entry : pack_.prompts.value) {
    if (!entry.wellFormed) continue;
    const PromptDecl &decl = entry.decl;
    auto prompt = std::make_unique<ir::Prompt>();
    prompt->key = entry.name;
    prompt->loc = entry.keyLoc;
    prompt->id = *decl.id;
    prompt->name = *decl.name;
    prompt->version = *decl.version;
    prompt->description = *decl.description;
    if (decl.provider) {
      prompt->provider = *decl.provider;
      prompt->providerLoc = decl.provider.loc();
      checkProviderReference(prompt->provider, prompt->providerLoc, "prompt '" + entry.name + "'");
    }
    std::map<std::string, llvm::SMLoc> seen;
    for (const VariableDecl &v : decl.variables.value) {
      ir::Variable var;
      var.name = *v.name;
      var.type = *v.type;
      var.required = v.required && *v.required;
      // A required variable's default fills it too, as PromptKit's SDK applies every default
      // (sdk/sdk.go applyDefaultVariables): `required` only says the template needs a value.
      if (v.defaultValue) var.defaultValue = ir::Json(toJson(*v.defaultValue.node));
      if (var.name.empty()) continue;
      if (auto [it, fresh] = seen.emplace(var.name, v.loc); !fresh) {
        diags_.error(v.loc, "duplicate variable '" + var.name + "' in prompt '" + entry.name + "'")
            .note(it->second, "'" + var.name + "' first declared here");
        continue;
      }
      prompt->variables.push_back(std::move(var));
    }
    for (const Text &name : decl.tools.value) {
      if (!name) continue;
      if (const ir::Tool *tool = module_->findTool(*name)) {
        prompt->tools.push_back(tool);
      } else if (isAgentMember(*name)) {
        // An agent of the pack: offered to the model as the tool a2a__<agent> when the executable
        // serves the agents (lowerAgents; docs/serve.md "A2A agents").
      } else if (!toolsUnreadable_) {
        // PromptKit offers the tools it has and skips the others (docs/promptkit.md "Tolerated").
        diags_.warning(name.loc(), "tool '" + *name + "' of prompt '" + entry.name + "' is not declared in the "
                                       "pack's 'tools': it is not offered, as PromptKit skips it" +
                                       didYouMeanSuffix(*name, toolNames()));
      }
    }
    if (decl.toolPolicy) {
      const ToolPolicyDecl &policy = *decl.toolPolicy;
      if (policy.toolChoice && !policy.toolChoice->empty()) prompt->toolPolicy.toolChoice = *policy.toolChoice;
      if (policy.maxRounds) {
        prompt->toolPolicy.maxRounds = static_cast<unsigned>(*policy.maxRounds);
        prompt->maxRoundsDeclared = true;
      }
      if (policy.maxToolCallsPerTurn)
        prompt->toolPolicy.maxToolCallsPerTurn = static_cast<unsigned>(*policy.maxToolCallsPerTurn);
      for (const Text &name : policy.blocklist.value) prompt->toolPolicy.blocklist.push_back(*name);
    }
    prompt->parameters = sentParameters(decl.parameters ? decl.parameters.node : nullptr, "prompt '" + entry.name + "'");
    // PromptKit's SDK sends a temperature and a token limit of its own when the pack sets none
    // (sdk/conversation.go: 0.7 and 4096); so does wfc, and says so in the request it shows.
    if (!prompt->parameters.contains("max_tokens")) prompt->parameters["max_tokens"] = kPromptKitMaxTokens;
    if (!prompt->parameters.contains("temperature")) prompt->parameters["temperature"] = kPromptKitTemperature;
    prompt->promptKitWire = true;
    lowerPromptEvals(*prompt, decl);
    if (decl.systemTemplate) prompt->systemTemplate = lowerTemplate(*prompt, decl.systemTemplate);
    lowerValidators(*prompt, decl);
    lowerModelOverrides(*prompt, decl);
    if (decl.media) lowerMedia(*prompt, *decl.media.node);
    if (decl.pipeline)
      diags_.warning(decl.pipeline.node->loc,
                     "prompt '" + entry.name + "' declares a 'pipeline', which is not used: its stages configure "
                     "PromptKit's own runtime; a compiled turn always renders the template, runs the validators, the "
                     "tool loop and the evals (docs/promptkit.md)");
    module_->prompts.push_back(std::move(prompt));
  }
}

// The generation parameters a prompt's requests carry: PromptKit's providers send a prompt's
// max_tokens and temperature and nothing else of its parameters (sdk/conversation.go reads only
// those two), so top_p, top_k and the penalties are a warning and left out (docs/promptkit.md
// "The request").
ir::Json Lowering::sentParameters(const DocNode *node, const std::string &what) {
  ir::Json sent = ir::Json::object();
  if (!node || !node->isMapping()) return sent;
  for (const DocEntry &e : node->entries) {
    if (e.value->invalid) continue;
    if (e.key == "max_tokens" || e.key == "temperature") {
      sent[e.key] = toJson(*e.value);
    } else if (!e.value->isNull()) {
      diags_.warning(e.keyLoc, "'parameters." + e.key + "' of " + what + " is not sent: PromptKit sends a prompt's "
                               "max_tokens and temperature only, and wfc sends the request PromptKit sends");
    }
  }
  return sent;
}

// `model_overrides.<model>`: chosen when the executable runs that model (docs/promptkit.md).
void Lowering::lowerModelOverrides(ir::Prompt &prompt, const PromptDecl &decl) {
  for (const Named<ModelOverrideDecl> &entry : decl.modelOverrides.value) {
    if (!entry.wellFormed) continue;
    ir::ModelOverride o;
    o.model = entry.name;
    o.loc = entry.keyLoc;
    const ModelOverrideDecl &d = entry.decl;
    if (d.systemTemplate) o.systemTemplate = lowerTemplate(prompt, d.systemTemplate);
    if (d.systemTemplatePrefix) o.prefix = lowerTemplate(prompt, d.systemTemplatePrefix);
    if (d.systemTemplateSuffix) o.suffix = lowerTemplate(prompt, d.systemTemplateSuffix);
    if (d.parameters) o.parameters = sentParameters(d.parameters.node, "the model override '" + entry.name + "'");
    prompt.modelOverrides.push_back(std::move(o));
  }
}

}  // namespace wfc::promptpack

// The order of analysis: declarations first (tools, prompts with their templates, evals), then
// compositions (which need them), then the workflow (which needs compositions), then the
// warnings about what nothing uses.
#include "sema/Sema.h"

#include "sema/CompositionBuilder.h"
#include "sema/EvalChecker.h"
#include "sema/SemaContext.h"
#include "sema/TemplateChecker.h"
#include "sema/WorkflowChecker.h"
#include "support/DidYouMean.h"

namespace wfc::sema {
namespace {

ir::Effect parseEffect(const DocNode &tool) {
  const DocNode *ext = field(tool, "extensions");
  const DocNode *wfc = ext ? field(*ext, "wfc") : nullptr;
  std::string effects = wfc ? stringField(*wfc, "effects") : "";
  if (effects == "none") return ir::Effect::None;
  if (effects == "read") return ir::Effect::Read;
  return ir::Effect::Write;  // SPEC §2.2: the default is `write`
}

void declareTools(SemaContext &ctx, const DocNode &root) {
  const DocNode *tools = field(root, "tools");
  if (!tools || !tools->isMapping()) return;
  std::map<std::string, const ir::Tool *> byProviderName;
  for (const DocEntry &e : tools->entries) {
    if (!e.value->isMapping()) continue;
    auto tool = std::make_unique<ir::Tool>();
    tool->name = e.key;
    tool->loc = e.keyLoc;
    tool->description = stringField(*e.value, "description");
    if (const DocNode *params = field(*e.value, "parameters")) tool->parameters = toJson(*params);
    tool->effect = parseEffect(*e.value);
    std::string declared = stringField(*e.value, "name");
    if (const DocNode *nameNode = field(*e.value, "name"); nameNode && !declared.empty() && declared != e.key)
      ctx.diags.error(nameNode->loc, "tool '" + e.key + "' is declared with name '" + declared +
                                         "'; a tool's name must be its key in 'tools'");
    tool->providerName = e.key;
    std::replace(tool->providerName.begin(), tool->providerName.end(), '.', '_');
    if (llvm::StringRef(tool->providerName).startswith("workflow__"))
      ctx.diags.error(e.keyLoc, "tool name '" + e.key + "' is reserved: wfc offers 'workflow__transition' and "
                                "'workflow__set_artifact' to workflow states itself");
    if (auto [it, fresh] = byProviderName.emplace(tool->providerName, tool.get()); !fresh) {
      ctx.diags.error(e.keyLoc, "tools '" + it->second->name + "' and '" + e.key +
                                    "' are both offered to models as '" + tool->providerName +
                                    "' ('.' becomes '_'); rename one")
          .note(it->second->loc, "'" + it->second->name + "' declared here");
    }
    ctx.toolNodes[tool.get()] = e.value;
    ctx.module.tools.push_back(std::move(tool));
  }
}

std::unique_ptr<ir::Eval> readEval(const DocNode &node) {
  auto eval = std::make_unique<ir::Eval>();
  eval->id = stringField(node, "id");
  eval->name = eval->id;
  eval->loc = node.loc;
  eval->type = stringField(node, "type");
  eval->trigger = stringField(node, "trigger");
  eval->enabled = boolField(node, "enabled", true);
  if (const DocNode *params = field(node, "params")) eval->params = toJson(*params);
  if (const DocNode *threshold = field(node, "threshold")) {
    if (std::string op = stringField(*threshold, "operator"); !op.empty()) eval->thresholdOperator = op;
    if (const DocNode *v = field(*threshold, "value"); v && v->isNumber()) eval->thresholdValue = v->asDouble();
  }
  return eval;
}

void declareEvals(SemaContext &ctx, const DocNode &root) {
  const DocNode *evals = field(root, "evals");
  if (!evals || !evals->isSequence()) return;
  std::map<std::string, llvm::SMLoc> seen;
  for (const DocNode *item : evals->items) {
    if (!item->isMapping()) continue;
    auto eval = readEval(*item);
    if (eval->id.empty()) continue;
    if (auto [it, fresh] = seen.emplace(eval->id, item->loc); !fresh) {
      ctx.diags.error(item->loc, "duplicate eval id '" + eval->id + "'")
          .note(it->second, "'" + eval->id + "' first defined here");
      continue;
    }
    ctx.evalNodes[eval.get()] = item;
    ctx.module.evals.push_back(std::move(eval));
  }
}

// A prompt's own evals join the module's; a prompt-level eval with a pack-level eval's id
// overrides it for that prompt (PromptPack's rule), so it is kept under a qualified id.
void declarePromptEvals(SemaContext &ctx, ir::Prompt &prompt, const DocNode &node) {
  const DocNode *evals = field(node, "evals");
  if (!evals || !evals->isSequence()) return;
  std::set<std::string> seen;
  for (const DocNode *item : evals->items) {
    if (!item->isMapping()) continue;
    auto eval = readEval(*item);
    if (eval->id.empty()) continue;
    if (!seen.insert(eval->id).second) {
      ctx.diags.error(item->loc, "duplicate eval id '" + eval->id + "' in prompt '" + prompt.key + "'");
      continue;
    }
    prompt.evals.push_back(eval->id);
    eval->id = prompt.key + "/" + eval->id;
    ctx.evalNodes[eval.get()] = item;
    ctx.module.evals.push_back(std::move(eval));
  }
}

void declarePrompts(SemaContext &ctx, const DocNode &root, TemplateChecker &templates) {
  const DocNode *prompts = field(root, "prompts");
  if (!prompts || !prompts->isMapping()) return;
  for (const DocEntry &e : prompts->entries) {
    if (!e.value->isMapping()) continue;
    const DocNode &node = *e.value;
    auto prompt = std::make_unique<ir::Prompt>();
    prompt->key = e.key;
    prompt->loc = e.keyLoc;
    prompt->id = stringField(node, "id");
    prompt->name = stringField(node, "name");
    prompt->version = stringField(node, "version");
    if (const DocNode *vars = field(node, "variables"); vars && vars->isSequence()) {
      std::map<std::string, llvm::SMLoc> seen;
      for (const DocNode *v : vars->items) {
        if (!v->isMapping()) continue;
        ir::Variable var;
        var.name = stringField(*v, "name");
        var.type = stringField(*v, "type");
        var.required = boolField(*v, "required");
        if (const DocNode *d = field(*v, "default")) {
          var.defaultValue = ir::Json(toJson(*d));
          if (var.required)
            ctx.diags.warning(d->loc, "variable '" + var.name +
                                          "' is required, so its default is never used");
        }
        if (var.name.empty()) continue;
        if (auto [it, fresh] = seen.emplace(var.name, v->loc); !fresh) {
          ctx.diags.error(v->loc, "duplicate variable '" + var.name + "' in prompt '" + e.key + "'")
              .note(it->second, "'" + var.name + "' first declared here");
          continue;
        }
        prompt->variables.push_back(std::move(var));
      }
    }
    for (const auto &[name, loc] : stringList(node, "tools")) {
      const ir::Tool *tool = ctx.module.findTool(name);
      if (!tool) {
        std::vector<std::string> names = ctx.toolNames();
        ctx.diags.error(loc, "unknown tool '" + name + "' in prompt '" + e.key + "'" + didYouMeanSuffix(name, names));
        continue;
      }
      prompt->tools.push_back(tool);
    }
    if (const DocNode *policy = field(node, "tool_policy")) {
      if (std::string c = stringField(*policy, "tool_choice"); !c.empty()) prompt->toolPolicy.toolChoice = c;
      if (auto r = intField(*policy, "max_rounds")) prompt->toolPolicy.maxRounds = static_cast<unsigned>(*r);
      if (auto r = intField(*policy, "max_tool_calls_per_turn"))
        prompt->toolPolicy.maxToolCallsPerTurn = static_cast<unsigned>(*r);
      for (const auto &[name, loc] : stringList(*policy, "blocklist")) prompt->toolPolicy.blocklist.push_back(name);
    }
    if (const DocNode *params = field(node, "parameters")) prompt->parameters = toJson(*params);
    declarePromptEvals(ctx, *prompt, node);
    if (const DocNode *tmpl = field(node, "system_template"); tmpl && tmpl->isString())
      prompt->systemTemplate = templates.compile(*prompt, *tmpl);
    ctx.promptNodes[prompt.get()] = &node;
    ctx.module.prompts.push_back(std::move(prompt));
  }
}

void collectArtifacts(SemaContext &ctx, const DocNode &root) {
  const DocNode *wf = field(root, "workflow");
  const DocNode *states = wf ? field(*wf, "states") : nullptr;
  if (!states || !states->isMapping()) return;
  for (const DocEntry &s : states->entries) {
    const DocNode *artifacts = field(*s.value, "artifacts");
    if (!artifacts || !artifacts->isMapping()) continue;
    for (const DocEntry &a : artifacts->entries) ctx.artifactNames.insert(a.key);
  }
}

void reportUnused(SemaContext &ctx) {
  for (const auto &p : ctx.module.prompts)
    if (!ctx.usedPrompts.count(p.get()))
      ctx.diags.warning(p->loc, "prompt '" + p->key + "' is never used");
  for (const auto &p : ctx.module.prompts)  // a used prompt's tools are offered, so used
    if (ctx.usedPrompts.count(p.get()))
      for (const ir::Tool *t : p->tools) ctx.usedTools.insert(t);
  for (const auto &t : ctx.module.tools)
    if (!ctx.usedTools.count(t.get()))
      ctx.diags.warning(t->loc, "tool '" + t->name + "' is never used");
}

}  // namespace

std::unique_ptr<ir::Module> analyze(const PromptPackAST &ast, DocumentLoader &loader,
                                    DiagnosticEngine &diags, const SemaOptions &options) {
  auto module = std::make_unique<ir::Module>();
  const Document &doc = *ast.document;
  const DocNode &root = *doc.root();
  module->sourcePath = doc.path();
  module->id = stringField(root, "id");
  module->name = stringField(root, "name");
  module->version = stringField(root, "version");

  SemaContext ctx(ast, loader, diags, *module);
  if (const DocNode *t = root.get("tools"); t && !t->isMapping()) ctx.toolsUnreadable = true;
  if (const DocNode *p = root.get("prompts"); p && !p->isMapping()) ctx.promptsUnreadable = true;
  if (const DocNode *fragments = field(root, "fragments"); fragments && fragments->isMapping())
    for (const DocEntry &e : fragments->entries) ctx.fragmentLocs[e.key] = e.keyLoc;
  collectArtifacts(ctx, root);

  TemplateChecker templates(ctx, root);
  declareTools(ctx, root);
  declareEvals(ctx, root);
  declarePrompts(ctx, root, templates);
  EvalChecker evals(ctx);
  evals.checkDeclarations();

  CompositionBuilder compositions(ctx);
  compositions.declareAll();
  compositions.resolveAll();
  evals.checkUse();

  WorkflowChecker(ctx, compositions).check(root, options.composition);
  reportUnused(ctx);
  return module;
}

}  // namespace wfc::sema

#include "codegen/JournalIdentity.h"

#include "ir/IRPrinter.h"

#include <llvm/ADT/StringExtras.h>
#include <llvm/Support/SHA256.h>

#include <algorithm>
#include <map>
#include <set>
#include <vector>

namespace wfc::codegen {
namespace {

std::string sha256(const std::string &text) {
  llvm::SHA256 hash;
  hash.update(llvm::StringRef(text));
  return llvm::toHex(hash.final(), /*LowerCase=*/true);
}

ir::Json templateJson(const ir::Template &t) {
  ir::Json pieces = ir::Json::array();
  for (const ir::TemplatePiece &p : t.pieces)
    pieces.push_back({int(p.kind), p.text, ir::spellPath(p.path)});
  return pieces;
}

ir::Json promptJson(const ir::Prompt &p) {
  ir::Json variables = ir::Json::array(), tools = ir::Json::array();
  for (const ir::Variable &v : p.variables)
    variables.push_back({v.name, v.type, v.required, v.defaultValue ? *v.defaultValue : ir::Json()});
  for (const ir::Tool *t : p.tools) tools.push_back(t->name);
  ir::Json out = {{"key", p.key},
          {"version", p.version},
          {"template", templateJson(p.systemTemplate)},
          {"variables", variables},
          {"tools", tools},
          {"tool_choice", p.toolPolicy.toolChoice},
          {"max_rounds", p.toolPolicy.maxRounds},
          {"blocklist", p.toolPolicy.blocklist},
          {"parameters", p.parameters}};
  if (!p.model.empty()) out["model"] = p.model;  // only where set: existing cache keys stay valid
  if (!p.provider.empty() && p.provider != "default") out["provider"] = p.provider;
  if (!p.modelOverrides.empty()) {
    ir::Json overrides = ir::Json::array();
    for (const ir::ModelOverride &o : p.modelOverrides)
      overrides.push_back({{"model", o.model},
                           {"template", o.systemTemplate ? templateJson(*o.systemTemplate) : ir::Json()},
                           {"prefix", o.prefix ? templateJson(*o.prefix) : ir::Json()},
                           {"suffix", o.suffix ? templateJson(*o.suffix) : ir::Json()},
                           {"parameters", o.parameters}});
    out["model_overrides"] = overrides;
  }
  return out;
}

ir::Json toolJson(const ir::Tool &t) {
  return {{"name", t.name}, {"effect", ir::spell(t.effect)}, {"parameters", t.parameters}};
}

ir::Json evalJson(const ir::Eval &e) {
  ir::Json out = {{"id", e.id}, {"type", e.type}, {"params", e.params}, {"gate", e.gate}};
  if (e.thresholdValue) out["threshold"] = {e.thresholdOperator.value_or("gte"), *e.thresholdValue};
  if (e.judge) out["judge"] = promptJson(*e.judge);
  return out;
}

ir::Json stepJson(const ir::Step &s, bool withGraph);

ir::Json compositionJson(const ir::Composition &c) {
  ir::Json steps = ir::Json::array();
  for (const auto &s : c.steps) steps.push_back(stepJson(*s, true));
  return {{"name", c.name},
          {"input_schema", c.inputSchema ? c.inputSchema->json : ir::Json()},
          {"output_schema", c.outputSchema ? c.outputSchema->json : ir::Json()},
          {"output", c.output ? c.output->id : ""},
          {"steps", steps}};
}

// `withGraph`: the steps a step waits for and its guard, which matter inside a called
// composition (they decide what runs) but not for the cached step itself.
ir::Json stepJson(const ir::Step &s, bool withGraph) {
  ir::Json out = {{"kind", ir::spell(s.kind)}, {"id", s.id}};
  if (s.tool) out["tool"] = toolJson(*s.tool);
  if (s.args) out["args"] = ir::printValue(*s.args);
  if (s.input) out["input"] = ir::printValue(*s.input);
  if (s.prompt) out["prompt"] = promptJson(*s.prompt);
  if (s.outputSchema) out["output_schema"] = s.outputSchema->json;
  if (s.kind == ir::StepKind::Agent) {
    ir::Json tools = ir::Json::array();
    for (const ir::Tool *t : s.tools) tools.push_back(toolJson(*t));
    out["tools"] = tools;
    out["max_steps"] = s.maxSteps ? ir::Json(*s.maxSteps) : ir::Json();
    out["tool_called"] = s.toolCalled ? s.toolCalled->name : "";
  }
  if (s.kind == ir::StepKind::Branch || s.kind == ir::StepKind::Loop) out["predicate"] = ir::printPredicate(s.predicate);
  if (s.thenStep) out["then"] = s.thenStep->id;
  if (s.elseStep) out["else"] = s.elseStep->id;
  if (s.items) out["items"] = ir::printValue(*s.items);
  if (s.maxIterations) out["max_iterations"] = s.maxIterations;
  if (s.target) out["target"] = ir::printValue(*s.target);
  if (s.kind == ir::StepKind::Action) out["action"] = ir::spell(s.action);
  if (!s.capture.empty()) out["capture"] = s.capture;
  if (s.replyObject) out["reply_object"] = true;
  if (s.workingDir) out["working_dir"] = ir::printValue(*s.workingDir);
  if (s.rubric) out["rubric"] = *s.rubric;
  if (s.reduce) out["reduce"] = {ir::spell(s.reduce->strategy), s.reduce->into};
  if (s.callee) {
    out["callee"] = compositionJson(*s.callee);
    out["part"] = int(s.subflowPart);
  }
  const ir::Modifiers &m = s.modifiers;
  ir::Json evals = ir::Json::array();
  for (const ir::Eval *e : m.runEvals) evals.push_back(evalJson(*e));
  out["evals"] = evals;
  out["max_attempts"] = m.maxAttempts;
  if (m.fallbackValue) out["fallback_value"] = ir::printValue(*m.fallbackValue);
  if (m.fallback) out["fallback"] = m.fallback->id;
  if (withGraph) {
    ir::Json after = ir::Json::array();
    for (const ir::Step *a : s.after) after.push_back(a->id);
    out["after"] = after;
    if (s.guardedBy) out["guard"] = {int(s.guard), s.guardedBy->id};
  }
  ir::Json children = ir::Json::array();
  for (const auto &c : s.children) children.push_back(stepJson(*c, true));
  out["children"] = children;
  return out;
}

void addTools(const ir::Prompt *prompt, std::set<std::string> &tools) {
  if (prompt)
    for (const ir::Tool *t : prompt->tools) tools.insert(t->name);
}

// What `step` calls or offers a model, with its inner steps and a called composition's.
void toolsOf(const ir::Step &step, std::set<std::string> &tools, std::set<const ir::Composition *> &seen) {
  if (step.tool) tools.insert(step.tool->name);
  for (const ir::Tool *t : step.tools) tools.insert(t->name);
  addTools(step.prompt, tools);
  for (const auto &c : step.children) toolsOf(*c, tools, seen);
  if (step.callee && seen.insert(step.callee).second)
    for (const auto &c : step.callee->steps) toolsOf(*c, tools, seen);
}

ir::Json toolList(const std::set<std::string> &tools) {
  ir::Json out = ir::Json::array();
  for (const std::string &t : tools) out.push_back(t);
  return out;
}

struct TableBuilder {
  explicit TableBuilder(const std::function<unsigned(llvm::SMLoc)> &lineOf) : lineOf(lineOf) {}

  const std::function<unsigned(llvm::SMLoc)> &lineOf;
  std::map<std::string, ir::Json> table;  // sorted: the text is the same for the same program
  std::vector<const ir::Composition *> calling;  // the subflow calls being walked (no recursion)

  // `in`: the steps whose decisions this one's run depends on — what encloses it (a foreach,
  // loop, block, parallel, called subflow or state: it is reached when an inner step is, though it
  // records nothing of its own until it ends) and the branch or failing step that guards it.
  void add(const std::string &pattern, const ir::Json &definition, const std::set<std::string> &tools, llvm::SMLoc loc,
           const std::vector<std::string> &in) {
    // Small: the journal keeps a copy per program. The line is in the pack the program names.
    ir::Json entry = {{"hash", sha256(definition.dump()).substr(0, 16)}};
    if (!tools.empty()) entry["tools"] = toolList(tools);
    if (!in.empty()) entry["in"] = in;
    if (unsigned line = lineOf(loc)) entry["line"] = line;
    table[pattern] = std::move(entry);
  }

  // The runtime's paths (core/scheduler): a step's is its frame's prefix and its id; a foreach's
  // or loop's inner steps run in a frame per item ("each[3]__"), a block's in one frame
  // ("block__"), a parallel's in its own frame; a called composition's steps under "call__".
  void steps(const ir::StepList &list, const std::string &prefix, const std::string &enclosing) {
    for (const auto &s : list) {
      std::set<std::string> tools;
      std::set<const ir::Composition *> seen;
      toolsOf(*s, tools, seen);
      const std::string pattern = prefix + s->id;
      std::vector<std::string> in;
      if (!enclosing.empty()) in.push_back(enclosing);
      if (s->guardedBy) in.push_back(prefix + s->guardedBy->id);  // a sibling: the same frame
      add(pattern, stepJson(*s, false), tools, s->loc, in);
      switch (s->kind) {
        case ir::StepKind::Foreach:
        case ir::StepKind::Loop: steps(s->children, pattern + "[]__", pattern); break;
        case ir::StepKind::Block: steps(s->children, pattern + "__", pattern); break;
        default: steps(s->children, prefix, pattern); break;
      }
      if (s->callee && std::find(calling.begin(), calling.end(), s->callee) == calling.end()) {
        calling.push_back(s->callee);
        steps(s->callee->steps, pattern + "__", pattern);
        calling.pop_back();
      }
    }
  }

  void state(const ir::State &s) {
    ir::Json events = ir::Json::array(), artifacts = ir::Json::array();
    for (const ir::Transition &t : s.onEvent) events.push_back(t.event);
    for (const ir::Artifact &a : s.artifacts) artifacts.push_back({a.name, a.type, a.append});
    ir::Json definition = {{"kind", ir::spell(s.kind)},
                           {"events", events},
                           {"terminal", s.terminal},
                           {"artifacts", artifacts},
                           {"persistent", s.persistent}};
    if (s.prompt) definition["prompt"] = promptJson(*s.prompt);
    if (s.composition) definition["composition"] = compositionJson(*s.composition);
    std::set<std::string> tools;
    addTools(s.prompt, tools);
    add(s.name, definition, tools, s.loc, {});
    if (s.composition) steps(s.composition->steps, s.name + ":", s.name);
  }
};

}  // namespace

std::string stepTable(const ir::Composition *entry, const ir::Workflow *workflow,
                      const std::function<unsigned(llvm::SMLoc)> &lineOf) {
  TableBuilder builder(lineOf);
  if (entry) builder.steps(entry->steps, "", "");
  if (workflow)
    for (const ir::State &s : workflow->states) builder.state(s);
  // One entry a line, for a person reading the generated source.
  std::string out = "{";
  for (const auto &[pattern, entry] : builder.table)
    out += (out.size() > 1 ? ",\n" : "\n") + ir::Json(pattern).dump() + ": " + entry.dump();
  return out + "\n}";
}

std::string programIdentity(const ir::Module &module, const ir::Composition *entry) {
  std::string text;
  llvm::raw_string_ostream os(text);
  ir::printModule(module, os, [](llvm::SMLoc) { return std::string(); });
  os.flush();
  // The first line names the pack's path as given to wfc, which says nothing about the program.
  if (text.rfind("//", 0) == 0) text.erase(0, text.find('\n') + 1);
  text += entry ? "entry composition " + entry->name : std::string("entry workflow");
  return sha256(text);
}

std::string stepDefinitionHash(const ir::Step &step) { return sha256(stepJson(step, false).dump()); }

std::string promptCacheKey(const ir::Step &step) { return "wfc-" + stepDefinitionHash(step).substr(0, 16); }

std::string promptCacheKey(const std::string &owner, const ir::Prompt &prompt) {
  return "wfc-" + sha256(owner + "\n" + promptJson(prompt).dump()).substr(0, 16);
}

}  // namespace wfc::codegen

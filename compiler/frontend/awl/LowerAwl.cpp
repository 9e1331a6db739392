// The AWL lowering (AwlLowering.h): identity, tools, inputs and constants; the captures (a first
// walk, so a variable's type is known wherever it is read); then the workflow's phases, action
// by action, in the order the run meets them — which is also the order in which the variable
// flow is followed.
#include "frontend/awl/AwlLowering.h"

#include "frontend/awl/AwlShape.h"
#include "frontend/awl/ExpressionLowering.h"
#include "frontend/awl/ShellCommand.h"
#include "support/DidYouMean.h"

#include <llvm/Support/Path.h>

#include <algorithm>
#include <functional>
#include <map>
#include <set>

namespace wfc::awl {
namespace {

using Json = nlohmann::ordered_json;

// A shell action's output when continue-on-error stands in for it: the command did not run to
// an exit status (it timed out, or could not start).
const Json kShellNotRun = {{"exit-code", -1}, {"stdout", ""}, {"stderr", ""}, {"duration-ms", 0}};

// "Rust Development" → "rust-development"; "Validation" → "validation".
std::string slug(llvm::StringRef text, char separator) {
  std::string out;
  for (char c : text) {
    if (std::isalnum(static_cast<unsigned char>(c))) out += char(std::tolower(static_cast<unsigned char>(c)));
    else if (!out.empty() && out.back() != separator) out += separator;
  }
  while (!out.empty() && out.back() == separator) out.pop_back();
  return out;
}

class Lowering {
 public:
  Lowering(const FileDecl &file, DiagnosticEngine &diags)
      : file_(file), wf_(file.workflow.value), diags_(diags), names_(diags) {}

  std::unique_ptr<ir::Module> run() {
    module_ = std::make_unique<ir::Module>();
    lowerIdentity();
    auto composition = std::make_unique<ir::Composition>();
    c_ = composition.get();
    c_->name = "main";
    c_->loc = wf_.loc;
    c_->variableStore = true;
    module_->compositions.push_back(std::move(composition));
    lowerTools();
    declareInputs();
    lowerConstants();
    for (auto *phase : {&wf_.before, &wf_.context}) collectCaptures(phase->value);
    if (wf_.foreach) collectCaptures(wf_.foreach->steps.value);
    collectCaptures(wf_.after.value);

    lowerList(wf_.before.value, c_->steps, nullptr, 0);
    size_t firstContext = c_->steps.size();
    names_.setInContext(true);
    lowerList(wf_.context.value, c_->steps, nullptr, 0);
    names_.setInContext(false);
    if (wf_.foreach) lowerForeach(*wf_.foreach, wf_.foreach.keyLoc, c_->steps, nullptr, 0, "foreach", firstContext);
    lowerList(wf_.after.value, c_->steps, nullptr, 0);
    inferInputSchema();
    return std::move(module_);
  }

 private:
  // ---- the program's name, tools, inputs, constants --------------------------------------------

  void lowerIdentity() {
    module_->sourcePath = file_.document->path();
    module_->loc = file_.document->root()->loc;
    module_->name = wf_.name ? *wf_.name : "";
    if (wf_.description) module_->description = *wf_.description;
    module_->id = slug(module_->name, '-');
    if (module_->id.empty()) module_->id = llvm::sys::path::stem(file_.document->path()).str();
    module_->version = wf_.version && !wf_.version->empty() ? *wf_.version : "0.0.0";
  }

  void lowerTools() {
    for (const Named<ToolDecl> &entry : wf_.tools.value) {
      auto tool = std::make_unique<ir::Tool>();
      tool->name = entry.name;
      tool->providerName = entry.name;
      std::replace(tool->providerName.begin(), tool->providerName.end(), '.', '_');
      tool->loc = entry.keyLoc;
      tool->parameters = Json{{"type", "object"}};
      if (entry.wellFormed) {
        const ToolDecl &d = entry.decl;
        if (d.description) tool->description = *d.description;
        if (d.parameters) tool->parameters = toJson(*d.parameters.node);
        if (d.effects) {
          tool->effectDeclared = true;
          tool->effect = *d.effects == "none" ? ir::Effect::None : *d.effects == "read" ? ir::Effect::Read : ir::Effect::Write;
        }
      }
      module_->tools.push_back(std::move(tool));
    }
  }

  void declareInputs() {
    std::map<std::string, Json> inputs;
    if (wf_.inputs && wf_.inputs.node->isMapping())
      for (const DocEntry &e : wf_.inputs.node->entries) {
        if (isReserved(e.key)) {
          diags_.error(e.keyLoc, "'" + e.key + "' is a name AWL gives a meaning of its own; an input cannot take it");
          continue;
        }
        inputs[e.key] = toJson(*e.value);
      }
    names_.declareInputs(std::move(inputs), bool(wf_.inputs));
  }

  static bool isReserved(const std::string &name) {
    static const std::set<std::string> reserved = {"item", "item_index", "env", "execution_id", "len", "range",
                                                   "true", "false",      "null"};
    return reserved.count(name) > 0;
  }

  // `variables:` are the author's constants: a literal, or one `{…}` (of the environment, say).
  void lowerConstants() {
    if (!wf_.variables || !wf_.variables.node->isMapping()) return;
    for (const DocEntry &e : wf_.variables.node->entries) {
      if (isReserved(e.key)) {
        diags_.error(e.keyLoc, "'" + e.key + "' is a name AWL gives a meaning of its own; a variable cannot take it");
        continue;
      }
      constantLocs_[e.key] = e.keyLoc;
      const DocNode &value = *e.value;
      if (!value.isString()) {
        names_.addConstant(e.key, {literalOf(toJson(value), value.loc), AwlType::of(toJson(value))});
        continue;
      }
      auto parsed = parseTemplate(value.stringValue);
      const TemplateSyntax *t = std::get_if<TemplateSyntax>(&parsed);
      bool interpolates = t && std::any_of(t->pieces.begin(), t->pieces.end(), [](const auto &p) {
                            return std::holds_alternative<Interpolated>(p);
                          });
      if (t && !interpolates) {
        names_.warnLookalikes(*t, value);
        std::string text = t->pieces.empty() ? "" : std::get<std::string>(t->pieces.front());
        names_.addConstant(e.key, {literalOf(text, value.loc), AwlType::string()});
        continue;
      }
      if (t && !t->whole()) {
        diags_.error(value.loc, "variable '" + e.key + "' mixes text with '{…}'; a variable is a constant, or exactly "
                                "one expression such as \"{env.NAME}\"");
        continue;
      }
      std::optional<ir::Value> v = names_.text({&value, value.stringValue});
      if (!v) continue;
      TypedExpression te;
      te.type = AwlType::unknown();
      if (v->kind == ir::Value::Kind::Literal) te = {literalOf(v->literal, value.loc), AwlType::of(v->literal)};
      else if (v->kind == ir::Value::Kind::Reference) {
        te.expr.kind = ir::Expression::Kind::Reference;
        te.expr.ref = v->ref;
        te.type = v->ref.root == ir::RefRoot::Env ? AwlType::string() : AwlType::unknown();
      } else {
        te.expr = *v->expression;
        te.type = AwlType::unknown();
      }
      te.expr.loc = value.loc;
      names_.addConstant(e.key, std::move(te));
    }
  }

  static ir::Expression literalOf(Json value, llvm::SMLoc loc) {
    ir::Expression e;
    e.kind = ir::Expression::Kind::Literal;
    e.literal = std::move(value);
    e.loc = loc;
    return e;
  }

  // ---- captures ----------------------------------------------------------------------------------

  static const Text *captureOf(const ActionDecl &a) {
    if (a.capture) return &a.capture;
    if (a.bind) return &a.bind;
    return nullptr;
  }

  static AwlType outputType(const ActionDecl &a) {
    const std::string &k = a.action ? *a.action : std::string();
    if (k == "shell") return AwlType::shellResult();
    if (k == "prompt-agent") return AwlType::replyObject();
    if (k == "read-file") return !a.format || *a.format == "text" ? AwlType::string() : AwlType::unknown();
    if (k == "write-file") return AwlType::record({{"path", AwlType::string()}, {"bytes", AwlType::integer()}}, "a write-file result");
    if (k == "notify")
      return AwlType::record({{"event", AwlType::string()}, {"target", AwlType::unknown()}, {"data", AwlType::unknown()}},
                             "a notification");
    return AwlType::unknown();
  }

  void collectCaptures(const std::vector<ActionDecl> &actions) {
    for (const ActionDecl &a : actions) {
      if (const Text *name = captureOf(a)) {
        if (a.capture && a.bind)
          diags_.error(a.bind.keyLoc, "an action captures its output once: write 'capture' or 'bind', not both");
        if (names_.isConstant(**name)) {
          diags_.error(name->loc(), "'" + **name + "' is a constant of 'variables', so no action may capture into it; "
                                    "capture into another name")
              .note(constantLocs_[**name], "'" + **name + "' is set here");
        } else if (isReserved(**name)) {
          diags_.error(name->loc(), "'" + **name + "' is a name AWL gives a meaning of its own; capture into another name");
        } else {
          AwlType t = outputType(a);
          names_.declareCapture(**name, t, name->loc());
          if (std::find(c_->variables.begin(), c_->variables.end(), **name) == c_->variables.end())
            c_->variables.push_back(**name);
        }
      }
      if (a.foreach) collectCaptures(a.foreach->steps.value);
      collectCaptures(a.thenActions.value);
      collectCaptures(a.elseActions.value);
    }
  }

  // Every variable captured anywhere in `actions` (a loop body: from its second iteration on,
  // any of them may be set).
  static void capturesIn(const std::vector<ActionDecl> &actions, std::set<std::string> &out) {
    for (const ActionDecl &a : actions) {
      if (const Text *name = captureOf(a)) out.insert(**name);
      if (a.foreach) capturesIn(a.foreach->steps.value, out);
      capturesIn(a.thenActions.value, out);
      capturesIn(a.elseActions.value, out);
    }
  }

  // ---- steps ---------------------------------------------------------------------------------------

  std::string uniqueId(std::string base) {
    if (base.empty()) base = "step";
    std::string id = base;
    for (unsigned n = 2; !ids_.insert(id).second; ++n) id = base + "_" + std::to_string(n);
    return id;
  }

  ir::Step &newStep(ir::StepList &out, ir::Step *parent, ir::StepKind kind, const std::string &base, llvm::SMLoc loc) {
    auto step = std::make_unique<ir::Step>();
    step->kind = kind;
    step->id = uniqueId(base);
    step->loc = loc;
    step->parent = parent;
    step->index = unsigned(out.size());
    out.push_back(std::move(step));
    return *out.back();
  }

  void lowerList(const std::vector<ActionDecl> &actions, ir::StepList &out, ir::Step *parent, int depth) {
    for (const ActionDecl &a : actions) lowerAction(a, out, parent, depth);
  }

  void lowerAction(const ActionDecl &a, ir::StepList &out, ir::Step *parent, int depth) {
    if (!a.action) return;  // the shape checker reported it
    const std::string &k = *a.action;
    const Text *captureName = captureOf(a);
    std::string base = captureName ? **captureName : a.name ? slug(*a.name, '_') : slug(k, '_');
    if (k == "loop") {
      if (a.foreach) lowerForeach(*a.foreach, a.foreach.keyLoc, out, parent, depth, (a.name ? slug(*a.name, '_') + "_" : "") + "loop",
                                  std::nullopt);
      return;
    }
    if (k == "conditional") {
      lowerConditional(a, out, parent, depth);
      return;
    }
    if (std::find(actionNames().begin(), actionNames().end(), k) == actionNames().end()) return;  // reported
    ir::Step *step = nullptr;
    if (k == "prompt-agent") step = lowerPromptAgent(a, out, parent, base);
    else step = lowerBuiltin(a, out, parent, base);
    bool captures = captureName && !names_.isConstant(**captureName) && !isReserved(**captureName);
    // Captured from here on even when the action did not lower: one error, not one per later use.
    if (captures) names_.captured(**captureName);
    if (!step) return;
    if (a.timeout) step->modifiers.timeoutMs = uint64_t(*a.timeout) * 1000;
    if (a.continueOnError && *a.continueOnError) {
      ir::Value fallback;
      fallback.loc = a.continueOnError.loc();
      fallback.literal = k == "shell" ? kShellNotRun : Json();
      step->modifiers.fallbackValue = std::move(fallback);
    }
    if (captures) step->capture = **captureName;
  }

  // One of the agents' file tools (docs/awl.md "Agents' file tools"): read_file, write_file or
  // list_files, bound to the builtin of that name (confined to the agent's working-dir) unless
  // the workflow declares a tool of that name itself, which then is the one offered. `loc`: the
  // first action that offers it, where diagnostics about it point.
  const ir::Tool *fileTool(const std::string &name, llvm::SMLoc loc) {
    if (const ir::Tool *declared = module_->findTool(name)) return declared;
    auto tool = std::make_unique<ir::Tool>();
    tool->name = tool->providerName = tool->builtin = name;
    tool->loc = loc;
    tool->effectDeclared = true;
    Json path = {{"type", "string"}, {"description", "A path relative to the working directory"}};
    if (name == "read_file") {
      tool->description = "Reads a UTF-8 text file of the working directory.";
      tool->effect = ir::Effect::Read;
      tool->parameters = {{"type", "object"}, {"properties", {{"path", path}}}, {"required", {"path"}}};
    } else if (name == "write_file") {
      tool->description = "Writes a UTF-8 text file in the working directory, creating missing directories; "
                          "replaces the file if it exists.";
      tool->effect = ir::Effect::Write;
      tool->parameters = {{"type", "object"},
                          {"properties", {{"path", path}, {"content", {{"type", "string"}, {"description", "The whole text"}}}}},
                          {"required", {"path", "content"}}};
    } else {
      tool->description = "Lists a directory of the working directory (the working directory itself by default): "
                          "each entry's name, type and size.";
      tool->effect = ir::Effect::Read;
      tool->parameters = {{"type", "object"}, {"properties", {{"path", path}}}};
    }
    module_->tools.push_back(std::move(tool));
    return module_->tools.back().get();
  }
  static bool isFileTool(const std::string &name) {
    return name == "read_file" || name == "write_file" || name == "list_files";
  }

  ir::Step *lowerPromptAgent(const ActionDecl &a, ir::StepList &out, ir::Step *parent, const std::string &base) {
    if (!a.prompt) return nullptr;
    auto prompt = std::make_unique<ir::Prompt>();
    std::vector<const ir::Tool *> tools;
    if (a.tools.written()) {
      for (const Text &name : a.tools.value) {
        const ir::Tool *t = isFileTool(*name) ? fileTool(*name, name.loc()) : module_->findTool(*name);
        if (!t) {
          std::vector<std::string> declared;
          for (const auto &tool : module_->tools) declared.push_back(tool->name);
          std::string suffix = didYouMeanSuffix(*name, declared);
          diags_.error(name.loc(), "unknown tool '" + *name + "'" +
                                       (suffix.empty() ? "; declare it under the workflow's 'tools'" : suffix));
          continue;
        }
        tools.push_back(t);
      }
    } else {
      for (const auto &t : module_->tools)
        if (t->builtin.empty()) tools.push_back(t.get());  // the workflow's own
      // An agent that works in a directory may read, write and list it: the seed's agents edit
      // their worktree with nothing but a prompt.
      if (a.workingDir)
        for (const char *name : {"list_files", "read_file", "write_file"})
          if (const ir::Tool *t = fileTool(name, a.workingDir.loc()); std::find(tools.begin(), tools.end(), t) == tools.end())
            tools.push_back(t);
    }
    ir::Step &s = newStep(out, parent, tools.empty() ? ir::StepKind::Prompt : ir::StepKind::Agent, base, a.loc);
    prompt->key = s.id;
    prompt->id = s.id;
    prompt->name = a.name ? *a.name : s.id;
    prompt->version = module_->version;
    prompt->loc = a.loc;
    prompt->tools = tools;
    unsigned turns = a.maxTurns ? unsigned(*a.maxTurns) : kDefaultMaxTurns;
    prompt->toolPolicy.maxRounds = turns;
    if (a.model) prompt->model = *a.model;
    s.prompt = prompt.get();
    s.promptTask = prompt->key;
    if (!tools.empty()) s.maxSteps = turns;
    module_->prompts.push_back(std::move(prompt));
    if (std::optional<ir::Value> input = names_.text({a.prompt.node, *a.prompt})) s.input = std::move(*input);
    if (a.workingDir)
      if (std::optional<ir::Value> dir = names_.text({a.workingDir.node, *a.workingDir})) s.workingDir = std::move(*dir);
    s.replyObject = true;
    return &s;
  }

  // An object value from its members, the absent ones left out.
  static ir::Value object(std::vector<std::pair<std::string, std::optional<ir::Value>>> members, llvm::SMLoc loc) {
    ir::Value v;
    v.kind = ir::Value::Kind::Object;
    v.loc = loc;
    for (auto &[key, value] : members)
      if (value) v.members.push_back({key, std::move(*value)});
    return v;
  }

  static ir::Value constant(Json json, llvm::SMLoc loc) {
    ir::Value v;
    v.loc = loc;
    v.literal = std::move(json);
    return v;
  }

  std::optional<ir::Value> text(const Text &t) {
    if (!t) return std::nullopt;
    return names_.text({t.node, *t});
  }

  ir::Step *lowerBuiltin(const ActionDecl &a, ir::StepList &out, ir::Step *parent, const std::string &base) {
    const std::string &k = *a.action;
    std::vector<std::pair<std::string, std::optional<ir::Value>>> args;
    ir::ActionKind kind = ir::ActionKind::Shell;
    if (k == "shell") {
      if (!a.command) return nullptr;
      std::optional<ShellCommand> command = lowerShellCommand({a.command.node, *a.command}, names_, diags_);
      if (!command) return nullptr;
      args.emplace_back("command", constant(command->text, a.command.loc()));
      if (!command->values.empty()) {
        ir::Value values = object({}, a.command.loc());
        for (auto &[name, value] : command->values) values.members.push_back({name, std::move(value)});
        args.emplace_back("values", std::move(values));
      }
      if (a.env && a.env.node->isMapping()) {
        ir::Value env = object({}, a.env.node->loc);
        for (const DocEntry &e : a.env.node->entries) {
          if (llvm::StringRef(e.key).startswith("WFC_")) {
            diags_.error(e.keyLoc, "environment variables named WFC_… are wfc's own (a command's run-time values "
                                   "arrive in them); choose another name");
            continue;
          }
          if (std::optional<ir::Value> v = names_.data(*e.value)) env.members.push_back({e.key, std::move(*v)});
        }
        args.emplace_back("env", std::move(env));
      }
      args.emplace_back("working_dir", text(a.workingDir));
      // A captured result is data (for `until` and `conditional`); otherwise a non-zero exit fails.
      bool check = !captureOf(a) && !(a.continueOnError && *a.continueOnError);
      args.emplace_back("check", constant(check, a.loc));
    } else if (k == "read-file") {
      kind = ir::ActionKind::ReadFile;
      args.emplace_back("path", text(a.path));
      args.emplace_back("format", constant(a.format ? *a.format : "text", a.loc));
    } else if (k == "write-file") {
      kind = ir::ActionKind::WriteFile;
      args.emplace_back("path", text(a.path));
      if (a.content) args.emplace_back("content", names_.data(*a.content.node));
      if (a.mode) {
        const DocNode &m = *a.mode.node;
        std::string mode = m.isInt() ? std::to_string(m.intValue) : m.isString() ? m.stringValue : "";
        if (mode.empty() || mode.find_first_not_of("01234567") != std::string::npos || mode.size() > 4)
          diags_.error(m.loc, "'mode' is an octal file mode such as \"644\"");
        else
          args.emplace_back("mode", constant(mode, m.loc));
      }
    } else if (k == "parse-json") {
      kind = ir::ActionKind::ParseJson;
      args.emplace_back("input", text(a.input));
    } else if (k == "notify") {
      kind = ir::ActionKind::Notify;
      args.emplace_back("event", text(a.event));
      args.emplace_back("target", a.target ? names_.data(*a.target.node) : constant("all", a.loc));
      if (a.data) args.emplace_back("data", names_.data(*a.data.node));
    } else if (k == "stop") {
      kind = ir::ActionKind::Stop;
      if (a.reason) args.emplace_back("reason", text(a.reason));
      args.emplace_back("exit_code", constant(a.exitCode ? *a.exitCode : 0, a.loc));
    } else if (k == "read-ts" || k == "read-prd" || k == "create-prd" || k == "create-task-specs") {
      // The taskstore's documents come in the run's input (docs/awl.md "Taskstore"): what read-ts
      // and read-prd would load, and what create-prd and create-task-specs would have made.
      kind = ir::ActionKind::ReadInput;
      std::string key = k == "read-ts" ? "ts" : k == "create-task-specs" ? "task_specs" : "prd";
      if (k.rfind("create-", 0) == 0)
        diags_.warning(a.action.loc(), "a compiled AWL workflow has no taskstore: '" + k + "' reads the document it "
                                       "would create from the run's input, its '" + key + "' (docs/awl.md \"Taskstore\")");
      args.emplace_back("key", constant(key, a.loc));
      // read-ts and read-prd name the document they load; create-task-specs' prd-id names the PRD
      // the specs are for, not the specs, so it is not checked against them.
      const Text &id = k == "read-ts" ? a.tsId : a.prdId;
      if (id && k.rfind("read-", 0) == 0) args.emplace_back("id", text(id));
      readsInput_.insert(key);
    }
    ir::Step &s = newStep(out, parent, ir::StepKind::Action, base, a.loc);
    s.action = kind;
    s.args = object(std::move(args), a.loc);
    return &s;
  }

  // A conditional: a branch choosing between two blocks, `<id>_then` and `<id>_else`.
  void lowerConditional(const ActionDecl &a, ir::StepList &out, ir::Step *parent, int depth) {
    if (!a.condition || a.thenActions.value.empty()) return;  // the shape checker reported it
    ir::Step &branch = newStep(out, parent, ir::StepKind::Branch, a.name ? slug(*a.name, '_') : "if", a.loc);
    if (std::optional<ir::Predicate> p = names_.condition({a.condition.node, *a.condition}, "if")) branch.predicate = std::move(*p);
    else branch.predicate = falsePredicate("the condition did not compile");
    Flow before = names_.flow();
    ir::Step *thenBlock = nullptr, *elseBlock = nullptr;
    Flow afterThen = before;
    if (!a.thenActions.value.empty()) {
      thenBlock = &newStep(out, parent, ir::StepKind::Block, branch.id + "_then", a.thenActions.keyLoc);
      lowerList(a.thenActions.value, thenBlock->children, thenBlock, depth);
      afterThen = names_.flow();
    }
    names_.flow() = before;
    if (!a.elseActions.value.empty()) {
      elseBlock = &newStep(out, parent, ir::StepKind::Block, branch.id + "_else", a.elseActions.keyLoc);
      lowerList(a.elseActions.value, elseBlock->children, elseBlock, depth);
    }
    Flow afterElse = names_.flow();
    Flow merged;
    for (const std::string &n : afterThen.definitely)
      if (afterElse.definitely.count(n)) merged.definitely.insert(n);
    merged.maybe = afterThen.maybe;
    merged.maybe.insert(afterElse.maybe.begin(), afterElse.maybe.end());
    names_.flow() = std::move(merged);
    if (thenBlock) {
      branch.thenStep = thenBlock;
      branch.thenLoc = a.thenActions.keyLoc;
    }
    if (elseBlock) {
      branch.elseStep = elseBlock;
      branch.elseLoc = a.elseActions.keyLoc;
    }
  }

  static ir::Predicate falsePredicate(const std::string &why) {
    ir::Predicate p;
    p.kind = ir::Predicate::Kind::Constant;
    p.constant = false;
    p.folded = why;
    return p;
  }

  // The workflow's foreach (with its context again at every later iteration) or a loop action.
  void lowerForeach(const ForeachDecl &f, llvm::SMLoc keyLoc, ir::StepList &out, ir::Step *parent, int depth,
                    const std::string &base, std::optional<size_t> firstContext) {
    if (depth + 1 > kMaxLoopDepth) {
      diags_.error(keyLoc, "loops nest " + std::to_string(depth + 1) + " deep here; AWL allows fewer than " +
                               std::to_string(kMaxLoopDepth + 1) + " nested loops");
      return;
    }
    ir::Step &loop = newStep(out, parent, ir::StepKind::Loop, base, keyLoc.isValid() ? keyLoc : f.loc);
    loop.maxIterations = unsigned(f.maxIterations ? *f.maxIterations : kDefaultMaxIterations);
    std::optional<AwlType> itemType;
    if (f.items) {
      const DocNode &items = *f.items.node;
      if (items.isString()) {
        if (std::optional<TypedExpression> e = names_.field({&items, items.stringValue})) {
          if (e->type.known() && e->type.kind() != AwlType::Kind::Array)
            diags_.error(items.loc, "'items' must be a list, but '" + items.stringValue + "' is " + e->type.describe());
          itemType = e->type.kind() == AwlType::Kind::Array ? e->type.element() : AwlType::unknown();
          loop.items = ExpressionLowering::toValue(*e, items.loc);
        }
      } else if (items.isSequence()) {
        itemType = AwlType::of(toJson(items)).element();
        loop.items = names_.data(items);
      } else {
        diags_.error(items.loc, "'items' is an expression (a string such as \"{list}\" or \"range(1, 10)\") or a "
                                "list, not " + describeKind(items.kind).str());
      }
      if (!loop.items) {  // reported: a loop over no items stands in, so `{item}` inside says nothing more
        itemType = AwlType::unknown();
        loop.items = constant(Json::array(), items.loc);
      }
    } else if (!f.until) {
      diags_.error(keyLoc.isValid() ? keyLoc : f.loc, "a foreach needs 'items' to go through, 'until' to stop at, or both");
    }
    // The body: from its second iteration on, anything it captures may be set.
    Flow before = names_.flow();
    std::set<std::string> body;
    capturesIn(f.steps.value, body);
    if (firstContext) capturesIn(wf_.context.value, body);
    names_.flow().maybe.insert(body.begin(), body.end());
    names_.enterLoop(f.items ? std::optional<AwlType>(itemType.value_or(AwlType::unknown())) : std::nullopt);
    // The context's steps lie between the phases before it and the loop (none, when it failed to lower).
    if (firstContext && &out == &c_->steps && c_->steps[*firstContext].get() != &loop) repeatContext(loop, *firstContext);
    lowerList(f.steps.value, loop.children, &loop, depth + 1);
    if (f.until) {
      if (std::optional<ir::Predicate> p = names_.condition({f.until.node, *f.until}, "until")) loop.predicate = std::move(*p);
      else loop.predicate = falsePredicate("the condition did not compile");
    } else {
      loop.predicate = falsePredicate("no 'until': the loop ends with its items");
    }
    names_.leaveLoop();
    // After the loop: what it captured may be set (it may have run no iteration).
    Flow after = before;
    after.maybe.insert(body.begin(), body.end());
    names_.flow() = std::move(after);
  }

  // The workflow's context runs again at the start of every iteration after the first: a branch
  // on ${loop.iteration} > 0 and a block of copies of the context's steps.
  void repeatContext(ir::Step &loop, size_t firstContext) {
    ir::Step &again = newStep(loop.children, &loop, ir::StepKind::Branch, "again", wf_.context.keyLoc);
    ir::Expression iteration;
    iteration.kind = ir::Expression::Kind::Reference;
    iteration.ref.name = "loop";
    iteration.ref.root = ir::RefRoot::LoopIteration;
    iteration.ref.path = {ir::PathElement{"iteration", std::nullopt}};
    iteration.ref.text = "loop.iteration";
    iteration.ref.loc = wf_.context.keyLoc;
    iteration.loc = wf_.context.keyLoc;
    ir::Expression zero;
    zero.kind = ir::Expression::Kind::Literal;
    zero.literal = 0;
    zero.loc = wf_.context.keyLoc;
    ir::Expression later;
    later.kind = ir::Expression::Kind::Compare;
    later.op = ir::CompareOp::GreaterThan;
    later.loc = wf_.context.keyLoc;
    later.written = "(context runs again from the second iteration on)";
    later.operands = {iteration, zero};
    again.predicate.kind = ir::Predicate::Kind::Expression;
    again.predicate.loc = wf_.context.keyLoc;
    again.predicate.expression = std::move(later);
    ir::Step &block = newStep(loop.children, &loop, ir::StepKind::Block, "context_again", wf_.context.keyLoc);
    again.thenStep = &block;
    again.thenLoc = wf_.context.keyLoc;
    for (size_t i = firstContext; i < c_->steps.size() && c_->steps[i].get() != &loop; ++i) {
      auto copy = std::make_unique<ir::Step>(*c_->steps[i]);
      std::map<const ir::Step *, ir::Step *> remap;
      renameCopy(*c_->steps[i], *copy, remap);
      copy->parent = &block;
      copy->index = unsigned(block.children.size());
      block.children.push_back(std::move(copy));
      retarget(*block.children.back(), remap);
    }
  }

  void renameCopy(const ir::Step &original, ir::Step &copy, std::map<const ir::Step *, ir::Step *> &remap) {
    copy.id = uniqueId(original.id + "_again");
    remap[&original] = &copy;
    for (size_t i = 0; i < original.children.size(); ++i) renameCopy(*original.children[i], *copy.children[i], remap);
  }

  static void retarget(ir::Step &s, const std::map<const ir::Step *, ir::Step *> &remap) {
    auto map = [&](const ir::Step *p) -> const ir::Step * {
      auto it = remap.find(p);
      return it == remap.end() ? p : it->second;
    };
    s.thenStep = s.thenStep ? map(s.thenStep) : nullptr;
    s.elseStep = s.elseStep ? map(s.elseStep) : nullptr;
    for (auto &child : s.children) retarget(*child, remap);
  }

  // ---- the input -----------------------------------------------------------------------------------

  void inferInputSchema() {
    Json properties = Json::object();
    Json required = Json::array();
    for (const std::string &name : names_.inputOrder()) {
      properties[name] = names_.inputs().at(name);
      // An input declared with a default may be left out: the run fills it in.
      if (!properties[name].is_object() || !properties[name].contains("default")) required.push_back(name);
    }
    for (const std::string &doc : readsInput_) {
      properties[doc] = Json{{"type", "object"}};
      required.push_back(doc);
    }
    if (properties.empty()) return;
    Json schema = {{"type", "object"}, {"properties", properties}, {"required", required}};
    c_->inputSchema = ir::Schema{bool(wf_.inputs) ? "(the workflow's inputs)"
                                                      : "(inferred from the names the workflow reads from its input)",
                                 bool(wf_.inputs) ? wf_.inputs.keyLoc : c_->loc, std::move(schema)};
  }

  const FileDecl &file_;
  const WorkflowDecl &wf_;
  DiagnosticEngine &diags_;
  ExpressionLowering names_;
  std::unique_ptr<ir::Module> module_;
  ir::Composition *c_ = nullptr;
  std::set<std::string> ids_;
  std::map<std::string, llvm::SMLoc> constantLocs_;
  std::set<std::string> readsInput_;  // "ts", "prd": the taskstore documents read from the input
};

}  // namespace

std::unique_ptr<ir::Module> lowerAwl(const FileDecl &file, DiagnosticEngine &diags) {
  return Lowering(file, diags).run();
}

}  // namespace wfc::awl

#include "frontend/awl/AwlShape.h"

#include "frontend/ShapeArena.h"
#include "frontend/awl/AwlAST.h"
#include "support/DidYouMean.h"

#include <map>

namespace wfc::awl {
namespace {

// Variables are named in expressions, where '-' is not a name character.
constexpr const char *kVariable = "^[A-Za-z_][A-Za-z0-9_]*$";
constexpr const char *kVariableHint = "must start with a letter or '_' and hold only letters, digits and '_'";

struct AwlShapes {
  ShapeArena a;
  const Shape *root = nullptr;
  std::vector<std::string> actions = {"prompt-agent", "shell",   "read-file", "write-file", "loop",
                                      "conditional",  "notify",  "stop",      "parse-json", "read-ts",
                                      "read-prd",     "create-prd", "create-task-specs"};

  // Each declaration's fields (AwlAST.h), declared once below with their shapes.
  FieldTable<ForeachDecl> foreachFields;
  FieldTable<ActionDecl> actionFields;
  FieldTable<ToolDecl> toolFields;
  FieldTable<WorkflowDecl> workflowFields;
  FieldTable<FileDecl> fileFields;

  AwlShapes() {
    Shape *action = a.make(Shape::Type::Union, "action");
    const Shape *foreach = buildForeach(action);
    buildActionUnion(*action, buildActions(action, foreach));
    root = a.object("file", fileFields, {req("workflow", buildWorkflow(action, foreach), &FileDecl::workflow)});
  }

  // `foreach:` of the workflow and of a `loop` action.
  const Shape *buildForeach(const Shape *action) {
    return a.object("foreach", foreachFields,
                    {opt("items", a.any(), &ForeachDecl::items), opt("until", a.str(), &ForeachDecl::until),
                     opt("max-iterations", bounded(1, double(kMaxIterations)), &ForeachDecl::maxIterations),
                     req("steps", a.list(action, 1), &ForeachDecl::steps)});
  }

  // Each action's object shape, by its `action`, and the base: the fields every action has, for a
  // node whose `action` is missing or mistyped.
  struct ActionShapes {
    std::map<std::string, const Shape *> byAction;
    const Shape *base = nullptr;
  };

  ActionShapes buildActions(const Shape *action, const Shape *foreach) {
    using Fields = std::vector<DeclaredField<ActionDecl>>;
    const Shape *variable = a.matching(kVariable, kVariableHint);
    const Shape *seconds = bounded(1, double(kMaxTimeoutSeconds));
    const Shape *actionList = a.list(action);
    // Fields every action has; `capture` and `bind` (the same thing, two spellings in the seed)
    // and `continue-on-error` only where an action has an output and may fail on its own.
    Fields common = {req("action", a.str(), &ActionDecl::action), opt("name", a.str(), &ActionDecl::name),
                     opt("description", a.str(), &ActionDecl::description)};
    Fields produces = {opt("capture", variable, &ActionDecl::capture), opt("bind", variable, &ActionDecl::bind),
                       opt("timeout", seconds, &ActionDecl::timeout)};
    auto kind = [&](Fields own, bool output, bool mayContinue) {
      Fields all = common;
      if (output) all.insert(all.end(), produces.begin(), produces.end());
      if (mayContinue) all.push_back(opt("continue-on-error", a.boolean(), &ActionDecl::continueOnError));
      all.insert(all.end(), own.begin(), own.end());
      return a.object("action", actionFields, all);
    };
    const Shape *scalar = a.any();
    ActionShapes kinds;
    kinds.base = a.object("action", actionFields, common, /*open=*/true);
    kinds.byAction = {
        {"prompt-agent", kind({req("prompt", a.str(), &ActionDecl::prompt), opt("model", a.str(), &ActionDecl::model),
                               opt("max-turns", bounded(1, 1000), &ActionDecl::maxTurns),
                               opt("working-dir", a.str(), &ActionDecl::workingDir),
                               opt("tools", a.strings(), &ActionDecl::tools)},
                              true, true)},
        {"shell", kind({req("command", a.str(), &ActionDecl::command),
                        opt("working-dir", a.str(), &ActionDecl::workingDir),
                        opt("env", a.map(scalar), &ActionDecl::env)},
                       true, true)},
        {"read-file", kind({req("path", a.str(), &ActionDecl::path),
                            opt("format", a.oneOf({"text", "json", "yaml", "toml"}), &ActionDecl::format)},
                           true, true)},
        {"write-file", kind({req("path", a.str(), &ActionDecl::path), req("content", a.any(), &ActionDecl::content),
                             opt("mode", a.any(), &ActionDecl::mode)},
                            true, true)},
        {"loop", kind({req("foreach", foreach, &ActionDecl::foreach)}, false, false)},
        {"conditional", kind({req("if", a.str(), &ActionDecl::condition),
                              req("then", a.list(action, 1), &ActionDecl::thenActions),
                              opt("else", actionList, &ActionDecl::elseActions)},
                             false, false)},
        {"notify", kind({req("event", a.str(), &ActionDecl::event), opt("target", a.any(), &ActionDecl::target),
                         opt("data", a.any(), &ActionDecl::data)},
                        true, false)},
        {"stop", kind({opt("reason", a.str(), &ActionDecl::reason),
                       opt("exit-code", bounded(0, 255), &ActionDecl::exitCode)},
                      false, false)},
        {"parse-json", kind({req("input", a.str(), &ActionDecl::input)}, true, true)},
        {"read-ts", kind({opt("ts-id", a.str(), &ActionDecl::tsId)}, true, true)},
        {"read-prd", kind({opt("prd-id", a.str(), &ActionDecl::prdId)}, true, true)},
        {"create-prd", kind({opt("prd-id", a.str(), &ActionDecl::prdId)}, true, true)},
        {"create-task-specs", kind({opt("prd-id", a.str(), &ActionDecl::prdId)}, true, true)},
    };
    return kinds;
  }

  // The action union, told apart by `action`: its variants in the order messages list them, and
  // how a node picks one.
  void buildActionUnion(Shape &actionUnion, const ActionShapes &kinds) {
    const Shape *base = kinds.base;
    std::map<std::string, const Shape *> byAction = kinds.byAction;
    actionUnion.discriminator = "action";
    for (const std::string &k : actions) {
      actionUnion.variants.push_back(byAction.at(k));
      actionUnion.discriminatorValues.push_back(k);
    }
    std::vector<std::string> names = actions;
    actionUnion.choose = [=](const DocNode &n, DiagnosticEngine &diags) -> const Shape * {
      if (!n.isMapping()) {
        diags.error(n.loc, "an action must be a mapping with an 'action' field, not " + describeKind(n.kind).str());
        return nullptr;
      }
      const DocNode *action = n.get("action");
      if (!action || !action->isString()) return base;  // base reports the missing or mistyped field
      const std::string &k = action->stringValue;
      if (auto it = byAction.find(k); it != byAction.end()) return it->second;
      if (k == "query" || k == "share")
        diags.error(action->loc, "the '" + k + "' action exchanges messages with other running loops, which needs "
                                 "TaskDaemon's multi-loop daemon; a compiled AWL workflow runs alone. Use 'notify' "
                                 "to report an event (it goes to the trace)");
      else
        diags.error(action->loc, "unknown action '" + k + "'" +
                                     (didYouMeanSuffix(k, names).empty() ? "; expected " + quotedList(names)
                                                                         : didYouMeanSuffix(k, names)));
      return nullptr;
    };
  }

  const Shape *buildWorkflow(const Shape *action, const Shape *foreach) {
    const Shape *actionList = a.list(action);
    // A tool's parameters are a JSON Schema and an input's its schema, both passed on as written.
    const Shape *tool = a.object("tool", toolFields,
                                 {opt("description", a.str(), &ToolDecl::description),
                                  opt("parameters", a.object("tool parameters", {}, true), &ToolDecl::parameters),
                                  opt("effects", a.oneOf({"none", "read", "write"}), &ToolDecl::effects)});
    return a.object(
        "workflow", workflowFields,
        {req("name", a.str(), &WorkflowDecl::name), opt("version", a.str(), &WorkflowDecl::version),
         opt("description", a.str(), &WorkflowDecl::description),
         opt("variables", a.map(a.any()), &WorkflowDecl::variables),
         opt("inputs", a.map(a.object("input schema", {}, true)), &WorkflowDecl::inputs),
         opt("tools", a.map(tool), &WorkflowDecl::tools), opt("before", actionList, &WorkflowDecl::before),
         opt("context", actionList, &WorkflowDecl::context), req("foreach", foreach, &WorkflowDecl::foreach),
         opt("after", actionList, &WorkflowDecl::after)});
  }

  const Shape *bounded(double min, double max) {
    Shape *s = a.make(Shape::Type::Integer);
    s->minimum = min;
    s->maximum = max;
    return s;
  }
};

const AwlShapes &shapes() {
  static const AwlShapes s;
  return s;
}

}  // namespace

const Shape &awlShape() { return *shapes().root; }
const std::vector<std::string> &actionNames() { return shapes().actions; }

// The tables the reader reads with (AwlReader.cpp): the ones the shapes above were built from.
const FieldTable<ForeachDecl> &ForeachDecl::fields() { return shapes().foreachFields; }
const FieldTable<ActionDecl> &ActionDecl::fields() { return shapes().actionFields; }
const FieldTable<ToolDecl> &ToolDecl::fields() { return shapes().toolFields; }
const FieldTable<WorkflowDecl> &WorkflowDecl::fields() { return shapes().workflowFields; }
const FieldTable<FileDecl> &FileDecl::fields() { return shapes().fileFields; }

}  // namespace wfc::awl

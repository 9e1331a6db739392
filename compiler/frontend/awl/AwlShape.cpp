#include "frontend/awl/AwlShape.h"

#include "frontend/ShapeArena.h"
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

  AwlShapes() {
    Shape *actionUnion = a.make(Shape::Type::Union, "action");
    const Shape *actionList = a.list(actionUnion);
    const Shape *variable = a.matching(kVariable, kVariableHint);
    const Shape *seconds = bounded(1, double(kMaxTimeoutSeconds));
    const Shape *foreach = a.object(
        "foreach", {opt("items", a.any()), opt("until", a.str()), opt("max-iterations", bounded(1, double(kMaxIterations))),
                    req("steps", a.list(actionUnion, 1))});
    // Fields every action has; `capture` and `bind` (the same thing, two spellings in the seed)
    // and `continue-on-error` only where an action has an output and may fail on its own.
    std::vector<Field> common = {req("action", a.str()), opt("name", a.str()), opt("description", a.str())};
    std::vector<Field> produces = {opt("capture", variable), opt("bind", variable), opt("timeout", seconds)};
    auto kind = [&](std::vector<Field> own, bool output, bool mayContinue) {
      std::vector<Field> all = common;
      if (output) all.insert(all.end(), produces.begin(), produces.end());
      if (mayContinue) all.push_back(opt("continue-on-error", a.boolean()));
      all.insert(all.end(), own.begin(), own.end());
      return a.object("action", std::move(all));
    };
    const Shape *scalar = a.any();
    std::map<std::string, const Shape *> byAction = {
        {"prompt-agent", kind({req("prompt", a.str()), opt("model", a.str()), opt("max-turns", bounded(1, 1000)),
                               opt("working-dir", a.str()), opt("tools", a.strings())},
                              true, true)},
        {"shell", kind({req("command", a.str()), opt("working-dir", a.str()), opt("env", a.map(scalar))}, true, true)},
        {"read-file", kind({req("path", a.str()), opt("format", a.oneOf({"text", "json", "yaml", "toml"}))}, true, true)},
        {"write-file", kind({req("path", a.str()), req("content", a.any()), opt("mode", a.any())}, true, true)},
        {"loop", kind({req("foreach", foreach)}, false, false)},
        {"conditional", kind({req("if", a.str()), req("then", a.list(actionUnion, 1)), opt("else", actionList)}, false,
                             false)},
        {"notify", kind({req("event", a.str()), opt("target", a.any()), opt("data", a.any())}, true, false)},
        {"stop", kind({opt("reason", a.str()), opt("exit-code", bounded(0, 255))}, false, false)},
        {"parse-json", kind({req("input", a.str())}, true, true)},
        {"read-ts", kind({opt("ts-id", a.str())}, true, true)},
        {"read-prd", kind({opt("prd-id", a.str())}, true, true)},
        {"create-prd", kind({opt("prd-id", a.str())}, true, true)},
        {"create-task-specs", kind({opt("prd-id", a.str())}, true, true)},
    };
    const Shape *base = a.object("action", common, /*open=*/true);
    actionUnion->discriminator = "action";
    for (const std::string &k : actions) {
      actionUnion->variants.push_back(byAction.at(k));
      actionUnion->discriminatorValues.push_back(k);
    }
    std::vector<std::string> names = actions;
    actionUnion->choose = [=](const DocNode &n, DiagnosticEngine &diags) -> const Shape * {
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
    const Shape *tool = a.object("tool", {opt("description", a.str()), opt("parameters", a.object("tool parameters", {}, true)),
                                          opt("effects", a.oneOf({"none", "read", "write"}))});
    const Shape *workflow = a.object(
        "workflow", {req("name", a.str()), opt("version", a.str()), opt("description", a.str()),
                     opt("variables", a.map(a.any())), opt("inputs", a.map(a.object("input schema", {}, true))),
                     opt("tools", a.map(tool)), opt("before", actionList), opt("context", actionList),
                     req("foreach", foreach), opt("after", actionList)});
    root = a.object("file", {req("workflow", workflow)});
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

}  // namespace wfc::awl

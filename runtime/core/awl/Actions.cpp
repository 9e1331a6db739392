// The actions that need nothing but the run: parse-json, notify, stop, and the reads of the run's
// input that stand in for a taskstore (docs/awl.md "Actions").
#include "core/awl/Actions.h"

#include "core/run/Run.h"
#include "support/Describe.h"
#include "wfc/error.h"

#include <nlohmann/json.hpp>

namespace wfc::awl {

std::string stringArgument(const Value &args, const char *name, const char *action, const char *fallback) {
  std::optional<Value> v = args.get(name);
  if (!v || v->isNull()) {
    if (fallback) return fallback;
    throw Error(ErrorKind::StepFailed, std::string(action) + " needs '" + name + "'");
  }
  if (!v->isString())
    throw Error(ErrorKind::StepFailed, std::string("'") + name + "' of " + action + " must be a string, not " +
                                           describeType(*v) + " (" + headOf(v->dump(), 80) + ")");
  return v->asString();
}

namespace {

Value parseJson(const Value &args) {
  std::optional<Value> input = args.get("input");
  if (!input || !input->isString())
    throw Error(ErrorKind::StepFailed, std::string("parse-json needs a string to parse, not ") +
                                           (input ? describeType(*input) : "nothing"));
  try {
    return Value::parse(input->asString());
  } catch (const Error &e) {
    throw Error(ErrorKind::StepFailed, std::string("parse-json: ") + e.what() + " in " + headOf(input->asString(), 120));
  }
}

// A line of the trace, and the step's output: {event, target, data}.
Value notify(const Value &args, const ActionContext &ctx) {
  Value event = Value::string(stringArgument(args, "event", "notify"));
  Value target = args.get("target").value_or(Value::string("all"));
  Value data = args.get("data").value_or(Value::object({}));
  if (Trace *t = ctx.run.trace())
    t->write("notify", {{"step", ctx.stepPath},
                        {"parent_span_id", ctx.span},
                        {"name", event.json()},
                        {"target", target.json()},
                        {"data", data.json()}});
  return Value::object({{"event", event}, {"target", target}, {"data", data}});
}

[[noreturn]] void stop(const Value &args) {
  std::string reason = stringArgument(args, "reason", "stop", "");
  int64_t code = 0;
  if (std::optional<Value> c = args.get("exit_code"); c && !c->isNull()) code = c->asInteger();
  if (code == 0) throw Error(ErrorKind::Stopped, reason.empty() ? "stopped" : "stopped: " + reason);
  throw Error(ErrorKind::StepFailed, "stopped with exit code " + std::to_string(code) +
                                         (reason.empty() ? std::string() : ": " + reason));
}

// read-ts / read-prd: the document the run's input holds under `key`; `id`, when given, must be
// that document's id.
Value readInput(const Value &args, const ActionContext &ctx) {
  std::string key = stringArgument(args, "key", "read-input");
  std::optional<Value> doc = ctx.input.get(key);
  if (!doc)
    throw Error(ErrorKind::StepFailed, "the run's input has no '" + key +
                                           "': a compiled AWL workflow reads its taskstore documents from the "
                                           "input (docs/awl.md \"Taskstore\")");
  if (std::optional<Value> id = args.get("id"); id && !id->isNull()) {
    std::optional<Value> has = doc->get("id");
    if (!has || *has != *id)
      throw Error(ErrorKind::StepFailed, "the input's '" + key + "' is " +
                                             (has ? "document " + has->toText() : std::string("a document without an id")) +
                                             ", not " + id->toText());
  }
  return *doc;
}

}  // namespace

Value perform(ActionKind kind, const Value &args, const ActionContext &ctx) {
  switch (kind) {
    case ActionKind::Shell: return runShell(args, ctx);
    case ActionKind::ReadFile: return readFile(args);
    case ActionKind::WriteFile: return writeFile(args);
    case ActionKind::ParseJson: return parseJson(args);
    case ActionKind::Notify: return notify(args, ctx);
    case ActionKind::Stop: stop(args);
    case ActionKind::ReadInput: return readInput(args, ctx);
  }
  throw Error(ErrorKind::StepFailed, "internal error: unknown action");
}

}  // namespace wfc::awl

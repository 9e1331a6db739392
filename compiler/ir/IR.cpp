// Small shared pieces of the IR: spellings of enumerations, lookups, copies of steps.
#include "ir/Module.h"

#include "ir/EvalTriggers.h"
#include "ir/RuntimeEnums.h"

#include <wfc/names.h>

#include <algorithm>

namespace wfc::ir {

std::string spellPath(const std::vector<PathElement> &path) {
  std::string out;
  for (const PathElement &p : path) {
    if (p.isIndex()) out += "[" + std::to_string(*p.index) + "]";
    else out += "." + p.key;
  }
  return out;
}

std::string spell(const Reference &ref) { return ref.written.empty() ? "${" + ref.text + "}" : ref.written; }

const char *spell(CompareOp op) {
  switch (op) {
    case CompareOp::Equals: return "equals";
    case CompareOp::NotEquals: return "not_equals";
    case CompareOp::In: return "in";
    case CompareOp::NotIn: return "not_in";
    case CompareOp::LessThan: return "less_than";
    case CompareOp::LessThanOrEquals: return "less_than_or_equals";
    case CompareOp::GreaterThan: return "greater_than";
    case CompareOp::GreaterThanOrEquals: return "greater_than_or_equals";
  }
  return "equals";
}

// Step kinds, actions and effects are named where the runtime names them (<wfc/names.h>), so a
// pack, the IR printer and a trace spell them alike.
const char *spell(StepKind kind) { return names::spell(toRuntime(kind)); }
const char *spell(ActionKind kind) { return names::spell(toRuntime(kind)); }
const char *spell(Effect effect) { return names::spell(toRuntime(effect)); }

const char *spell(State::Kind kind) {
  switch (kind) {
    case State::Kind::Composition: return "composition";
    case State::Kind::Internal: return "internal";
    case State::Kind::External: return "external";
  }
  return "internal";
}

const char *spell(ReduceStrategy strategy) {
  switch (strategy) {
    case ReduceStrategy::Append: return "append";
    case ReduceStrategy::Replace: return "replace";
    case ReduceStrategy::Barrier: return "barrier";
  }
  return "barrier";
}

const char *spell(FailurePolicy::Strategy strategy) {
  switch (strategy) {
    case FailurePolicy::Strategy::FailFast: return "fail_fast";
    case FailurePolicy::Strategy::PartialSuccess: return "partial_success";
    case FailurePolicy::Strategy::Rollback: return "rollback";
    case FailurePolicy::Strategy::Retry: return "retry";
  }
  return "fail_fast";
}

bool Value::isConstant() const {
  switch (kind) {
    case Kind::Literal: return true;
    case Kind::Reference:
    case Kind::Interpolation:
    case Kind::Expression: return false;
    case Kind::Object:
      for (const Member &m : members)
        if (!m.value.isConstant()) return false;
      return true;
    case Kind::Array:
      for (const Value &v : elements)
        if (!v.isConstant()) return false;
      return true;
  }
  return true;
}

const Value *Value::member(llvm::StringRef key) const {
  for (const Member &m : members)
    if (m.key == key) return &m.value;
  return nullptr;
}

Json Value::constant() const {
  switch (kind) {
    case Kind::Object: {
      Json out = Json::object();
      for (const Member &m : members) out[m.key] = m.value.constant();
      return out;
    }
    case Kind::Array: {
      Json out = Json::array();
      for (const Value &e : elements) out.push_back(e.constant());
      return out;
    }
    default: return literal;
  }
}

Step::Step(const Step &other) : StepFields(other) { adoptChildren(); }

Step &Step::operator=(const Step &other) {
  if (this != &other) {
    StepFields::operator=(other);
    adoptChildren();
  }
  return *this;
}

void Step::adoptChildren() {
  for (auto &child : children) child->parent = this;
}

const std::vector<std::string> &evalTriggers() {
  static const std::vector<std::string> triggers = {"every_turn",       "on_session_complete", "on_conversation_complete",
                                                    "on_workflow_step", "sample_turns",        "sample_sessions"};
  return triggers;
}

bool runsOnEveryTurn(const std::string &trigger) { return trigger == "every_turn" || trigger == "sample_turns"; }

bool runsAtSessionEnd(const std::string &trigger) {
  return trigger == "on_session_complete" || trigger == "on_conversation_complete" || trigger == "sample_sessions";
}

bool isSamplingTrigger(const std::string &trigger) { return trigger == "sample_turns" || trigger == "sample_sessions"; }

template <typename T, typename Key>
static const T *findIn(const std::vector<std::unique_ptr<T>> &items, llvm::StringRef key, Key key_of) {
  for (const auto &item : items)
    if (key_of(*item) == key) return item.get();
  return nullptr;
}

const Prompt *Module::findPrompt(llvm::StringRef key) const {
  return findIn(prompts, key, [](const Prompt &p) -> const std::string & { return p.key; });
}
const Tool *Module::findTool(llvm::StringRef name) const {
  return findIn(tools, name, [](const Tool &t) -> const std::string & { return t.name; });
}
const Composition *Module::findComposition(llvm::StringRef name) const {
  return findIn(compositions, name, [](const Composition &c) -> const std::string & { return c.name; });
}
const Eval *Module::findEval(llvm::StringRef id) const {
  return findIn(evals, id, [](const Eval &e) -> const std::string & { return e.id; });
}

std::vector<const Eval *> Module::promptEvals(const Prompt &prompt, bool (*applies)(const std::string &)) const {
  std::vector<const Eval *> out;
  for (const std::string &id : prompt.evals)
    if (const Eval *e = findEval(prompt.key + "/" + id); e && e->enabled && applies(e->trigger)) out.push_back(e);
  // A pack-level eval's id is its name (a prompt's own is "prompt/id", a validator's check
  // "prompt/validator:id").
  for (const auto &e : evals)
    if (e->id == e->name && e->enabled && applies(e->trigger) &&
        std::find(prompt.evals.begin(), prompt.evals.end(), e->name) == prompt.evals.end())
      out.push_back(e.get());
  return out;
}

}  // namespace wfc::ir

namespace wfc::ir {

bool RegistryTransition::awaitsChoice() const {
  return type == "user_choice" || type == "user_choice_context" || type == "user_choice_route" || type == "confirm";
}

const RegistryWorkflow *Registry::findWorkflow(const std::string &id) const {
  for (const RegistryWorkflow &w : workflows)
    if (w.id == id) return &w;
  return nullptr;
}

const RegistryTransition *Registry::findTransition(const std::string &id) const {
  for (const RegistryTransition &t : transitions)
    if (t.id == id) return &t;
  return nullptr;
}

const Sequence *Registry::findSequence(const std::string &id) const {
  for (const Sequence &q : sequences)
    if (q.id == id) return &q;
  return nullptr;
}

}  // namespace wfc::ir

// The tool-composition lowering (ToolCompLowering.h): declarations, then steps, then the
// interpolations (which need every step's dependencies), then the policy, the template's
// validation and the inferred input schema.
#include "frontend/toolcomp/ToolCompLowering.h"

#include "frontend/toolcomp/InferInputSchema.h"
#include "frontend/toolcomp/InterpolationSyntax.h"
#include "ir/ReferenceWalk.h"
#include "support/DidYouMean.h"

#include <llvm/Support/Path.h>

#include <algorithm>
#include <functional>
#include <map>
#include <set>

namespace wfc::toolcomp {
namespace {

// Names an interpolation's root cannot be a step's: the roots the dialect gives a meaning.
const std::set<std::string> kReservedRoots = {"input", "context", "self"};

class Lowering {
 public:
  Lowering(const FileDecl &file, DiagnosticEngine &diags) : file_(file), comp_(file.composition), diags_(diags) {}

  std::unique_ptr<ir::Module> run() {
    module_ = std::make_unique<ir::Module>();
    lowerIdentity();
    auto composition = std::make_unique<ir::Composition>();
    c_ = composition.get();
    c_->name = module_->id;
    c_->loc = comp_.loc.isValid() ? comp_.loc : module_->loc;
    module_->compositions.push_back(std::move(composition));
    declareSteps();
    declareOutputKeys();
    for (const StepDecl &decl : comp_.steps.value)
      if (ir::Step *s = stepOf(decl)) lowerStep(*s, decl);
    for (const StepDecl &decl : comp_.steps.value)
      if (ir::Step *s = stepOf(decl)) lowerInterpolations(*s, decl);
    lowerPolicy();
    checkTemplate();
    if (std::optional<ir::Json> schema = inferInputSchema(*c_))
      c_->inputSchema = ir::Schema{"(inferred from the composition's {{input…}} and {{context…}} interpolations)",
                                   c_->loc, std::move(*schema)};
    return std::move(module_);
  }

 private:
  // ---- the program's name, version and description ---------------------------------------------

  void lowerIdentity() {
    const DocNode *root = file_.document->root();
    module_->sourcePath = file_.document->path();
    module_->loc = root->loc;
    const TemplateDecl *t = file_.templ ? &*file_.templ : nullptr;
    auto first = [](std::initializer_list<const Text *> texts) -> std::string {
      for (const Text *x : texts)
        if (x && x->present() && !x->value.empty()) return x->value;
      return "";
    };
    module_->id = first({t ? &t->id : nullptr, &comp_.name, t ? &t->name : nullptr});
    if (module_->id.empty()) module_->id = llvm::sys::path::stem(file_.document->path()).str();
    module_->name = first({t ? &t->name : nullptr, &comp_.name});
    module_->description = first({t ? &t->description : nullptr, &comp_.description});
    module_->version = first({t ? &t->version : nullptr, &comp_.version});
    if (module_->version.empty()) module_->version = "0.0.0";
  }

  // ---- steps: ids, output keys, tools, dependencies, numbers ------------------------------------

  void declareSteps() {
    for (const StepDecl &decl : comp_.steps.value) {
      if (!decl.id || decl.id->empty()) continue;  // the shape checker reported it
      const std::string &id = *decl.id;
      if (kReservedRoots.count(id)) {
        diags_.error(decl.id.loc(), "step id '" + id + "' is reserved: {{" + id + "…}} means " +
                                        (id == "input"     ? "the composition's input"
                                         : id == "context" ? "the input's context"
                                                           : "a rollback's own step") +
                                        "; choose another id");
        continue;
      }
      if (id.find("__") != std::string::npos) {
        diags_.error(decl.id.loc(), "step id '" + id + "' contains '__', which wfc keeps for the names it derives; "
                                    "use a single '_'");
        continue;
      }
      if (auto it = ids_.find(id); it != ids_.end()) {
        diags_.error(decl.id.loc(), "duplicate step id '" + id + "'").note(it->second->loc, "'" + id + "' first defined here");
        continue;
      }
      auto step = std::make_unique<ir::Step>();
      step->id = id;
      step->kind = ir::StepKind::Tool;
      step->loc = decl.loc;
      step->description = *decl.description;
      step->index = unsigned(c_->steps.size());
      step->resultKey = decl.outputKey && !decl.outputKey->empty() ? *decl.outputKey : id;
      ids_[id] = step.get();
      decls_[&decl] = step.get();
      c_->steps.push_back(std::move(step));
    }
  }

  ir::Step *stepOf(const StepDecl &decl) const {
    auto it = decls_.find(&decl);
    return it == decls_.end() ? nullptr : it->second;
  }

  // An output_key names a step's result in `{{…}}` and in the result object: unique, and never
  // another step's id (which would make `{{name…}}` ambiguous).
  void declareOutputKeys() {
    for (const StepDecl &decl : comp_.steps.value) {
      ir::Step *s = stepOf(decl);
      if (!s || !decl.outputKey) continue;
      const std::string &key = *decl.outputKey;
      llvm::SMLoc at = decl.outputKey.loc();
      if (key.empty()) {
        diags_.error(at, "output_key of step '" + s->id + "' is empty; name the result, or leave output_key out to key it by the step's id");
        continue;
      }
      if (kReservedRoots.count(key)) {
        diags_.error(at, "output_key '" + key + "' of step '" + s->id + "' is reserved ({{" + key +
                             "…}} has its own meaning); choose another name");
        continue;
      }
      if (auto it = keys_.find(key); it != keys_.end()) {
        diags_.error(at, "output_key '" + key + "' of step '" + s->id + "' is already the output_key of step '" +
                             it->second->id + "'; each result needs its own key")
            .note(it->second->loc, "'" + it->second->id + "' is declared here");
        continue;
      }
      if (auto it = ids_.find(key); it != ids_.end() && it->second != s) {
        diags_.error(at, "output_key '" + key + "' of step '" + s->id + "' is also the id of step '" + key +
                             "', so {{" + key + "…}} would be ambiguous; choose another key")
            .note(it->second->loc, "step '" + key + "' is declared here");
        continue;
      }
      keys_[key] = s;
    }
  }

  ir::Tool *tool(const Text &name) {
    if (auto it = tools_.find(*name); it != tools_.end()) return it->second;
    auto t = std::make_unique<ir::Tool>();
    t->name = *name;
    t->loc = name.loc();
    t->providerName = *name;
    std::replace(t->providerName.begin(), t->providerName.end(), '.', '_');
    ir::Tool *raw = t.get();
    tools_[*name] = raw;
    module_->tools.push_back(std::move(t));
    return raw;
  }

  unsigned retries(const StepDecl &decl) const {
    if (decl.retryCount) return unsigned(*decl.retryCount);
    const ErrorHandlingDecl *eh = comp_.errorHandling ? &comp_.errorHandling.value : nullptr;
    if (eh && eh->maxRetries) return unsigned(*eh->maxRetries);
    return strategy() == ir::FailurePolicy::Strategy::Retry ? kDefaultRetries : 0;
  }

  void lowerStep(ir::Step &s, const StepDecl &decl) {
    if (decl.tool && !decl.tool->empty()) s.tool = tool(decl.tool);
    else if (decl.tool) diags_.error(decl.tool.loc(), "step '" + s.id + "' names no tool; write the tool's name");
    s.explicitDependsOn = true;  // steps without depends_on are independent: a DAG, not a list
    std::set<std::string> listed;
    for (const Text &name : decl.dependsOn.value) {
      if (!listed.insert(*name).second) {
        diags_.error(name.loc(), "step '" + s.id + "' lists '" + *name + "' twice in depends_on");
        continue;
      }
      auto it = ids_.find(*name);
      if (it == ids_.end()) {
        if (unloweredId(*name)) continue;
        std::vector<std::string> names;
        for (const auto &[id, step] : ids_)
          if (step != &s) names.push_back(id);
        std::string hint = keys_.count(*name) ? "; '" + *name + "' is the output_key of step '" + keys_.at(*name)->id +
                                                    "': depends_on names steps by id"
                                              : didYouMeanSuffix(*name, names);
        diags_.error(name.loc(), "unknown step '" + *name + "' in depends_on of step '" + s.id + "'" + hint);
        continue;
      }
      s.dependsOn.push_back({it->second, name.loc()});
    }
    if (decl.timeoutMs) s.modifiers.timeoutMs = uint64_t(*decl.timeoutMs);
    unsigned n = retries(decl);
    s.modifiers.maxAttempts = 1 + n;
    if (n > 0) s.modifiers.backoffMs = kRetryBackoffMs;
    s.modifiers.retryLoc = decl.retryCount ? decl.retryCount.keyLoc
                           : comp_.errorHandling && comp_.errorHandling->maxRetries
                               ? comp_.errorHandling->maxRetries.keyLoc
                               : comp_.errorHandling && comp_.errorHandling->failureStrategy
                                   ? comp_.errorHandling->failureStrategy.keyLoc
                                   : s.loc;
  }

  // A step id the file declares but that was not lowered (reserved, duplicate): already reported.
  bool unloweredId(const std::string &id) const {
    for (const StepDecl &d : comp_.steps.value)
      if (d.id && *d.id == id) return true;
    return false;
  }

  // ---- interpolations -----------------------------------------------------------------------------

  // The steps `s` depends on, directly or through others (a cycle is sema's to report).
  const std::set<const ir::Step *> &ancestors(const ir::Step &s) {
    if (auto it = ancestors_.find(&s); it != ancestors_.end()) return it->second;
    std::set<const ir::Step *> &out = ancestors_[&s];
    std::vector<const ir::Step *> work;
    for (const ir::StepUse &u : s.dependsOn) work.push_back(u.step);
    while (!work.empty()) {
      const ir::Step *p = work.back();
      work.pop_back();
      if (!out.insert(p).second) continue;
      for (const ir::StepUse &u : p->dependsOn) work.push_back(u.step);
    }
    return out;
  }

  void lowerInterpolations(ir::Step &s, const StepDecl &decl) {
    s.args = decl.parameters ? lowerValue(*decl.parameters.node, decl.parameters.keyLoc, s, nullptr)
                             : emptyObject(s.loc);
    if (!decl.rollback) return;
    const RollbackDecl &rb = decl.rollback.value;
    auto action = std::make_unique<ir::Step>();
    action->id = s.id + ".rollback";
    action->kind = ir::StepKind::Tool;
    action->loc = decl.rollback.loc();
    action->rollbackOf = &s;
    action->index = unsigned(c_->rollbacks.size());
    if (rb.tool && !rb.tool->empty()) action->tool = tool(rb.tool);
    else if (rb.tool) diags_.error(rb.tool.loc(), "the rollback of step '" + s.id + "' names no tool; write the tool's name");
    action->args = rb.parameters ? lowerValue(*rb.parameters.node, rb.parameters.keyLoc, s, action.get())
                                 : emptyObject(action->loc);
    c_->rollbacks.push_back(std::move(action));
  }

  static ir::Value emptyObject(llvm::SMLoc loc) {
    ir::Value v;
    v.kind = ir::Value::Kind::Object;
    v.loc = loc;
    return v;
  }

  // `node` as an IR value of step `s` (or of its rollback action `rollback`), each `{{…}}` an
  // ir::Reference.
  ir::Value lowerValue(const DocNode &node, llvm::SMLoc keyLoc, const ir::Step &s, const ir::Step *rollback) {
    ir::Value v;
    v.loc = node.isScalar() || !keyLoc.isValid() ? node.loc : keyLoc;
    if (node.isMapping()) {
      v.kind = ir::Value::Kind::Object;
      for (const DocEntry &e : node.entries) v.members.push_back({e.key, lowerValue(*e.value, e.keyLoc, s, rollback)});
      return v;
    }
    if (node.isSequence()) {
      v.kind = ir::Value::Kind::Array;
      for (const DocNode *item : node.items) v.elements.push_back(lowerValue(*item, {}, s, rollback));
      return v;
    }
    if (!node.isString()) {
      v.literal = toJson(node);
      return v;
    }
    auto parsed = parseInterpolations(node.stringValue);
    if (auto *err = std::get_if<InterpolationError>(&parsed)) {
      diags_.error(locateInScalar(node, err->needle, occurrences(node.stringValue, err->needle, err->offset)), err->message);
      v.literal = node.stringValue;
      return v;
    }
    InterpolatedString &text = std::get<InterpolatedString>(parsed);
    if (!text.interpolates()) {
      v.literal = text.pieces.empty() ? std::string() : std::get<std::string>(text.pieces.front());
      return v;
    }
    auto reference = [&](const Interpolation &i) {
      ir::Reference r;
      r.text = i.text;
      r.written = i.written;
      r.loc = locateInScalar(node, i.written, occurrences(node.stringValue, i.written, i.offset));
      resolve(r, i, s, rollback);
      return r;
    };
    if (text.whole()) {
      v.kind = ir::Value::Kind::Reference;
      v.ref = reference(std::get<Interpolation>(text.pieces.front()));
      return v;
    }
    v.kind = ir::Value::Kind::Interpolation;
    for (const auto &piece : text.pieces) {
      if (const auto *literal = std::get_if<std::string>(&piece)) v.pieces.emplace_back(*literal);
      else v.pieces.emplace_back(reference(std::get<Interpolation>(piece)));
    }
    return v;
  }

  static size_t occurrences(llvm::StringRef text, llvm::StringRef needle, size_t offset) {
    size_t n = 0;
    for (size_t at = text.find(needle); at != llvm::StringRef::npos && at < offset; at = text.find(needle, at + 1)) ++n;
    return n;
  }

  // What `{{root.path}}` names, as the reference sema resolves: `input…`, `input.context…`, or a
  // step's `output…`. A name that resolves to nothing, or to a step that may not have run yet, is
  // reported here (the dialect's rule); the reference is then left unresolved (empty text).
  void resolve(ir::Reference &r, const Interpolation &i, const ir::Step &s, const ir::Step *rollback) {
    const std::string shown = "'" + i.written + "'";
    auto toStep = [&](const ir::Step &target, std::vector<ir::PathElement> path) {
      r.name = target.id;
      path.insert(path.begin(), ir::PathElement{"output", std::nullopt});
      r.path = std::move(path);
    };
    auto unresolved = [&] { r.text.clear(); };
    if (i.root == "input") {
      r.name = "input";
      r.path = i.path;
      return;
    }
    if (i.root == "context") {
      r.name = "input";
      r.path = i.path;
      r.path.insert(r.path.begin(), ir::PathElement{"context", std::nullopt});
      return;
    }
    if (i.root == "self") {
      if (!rollback) {
        diags_.error(r.loc, shown + " names the step's own result, which only its rollback's parameters can read "
                                    "(the step has not run yet when its parameters are resolved)");
        return unresolved();
      }
      return toStep(s, i.path);
    }
    const ir::Step *target = nullptr;
    std::vector<ir::PathElement> path = i.path;
    if (auto it = keys_.find(i.root); it != keys_.end()) {
      target = it->second;
    } else if (auto it = ids_.find(i.root); it != ids_.end()) {
      target = it->second;
      // `{{id.output_key…}}` names the result as `{{output_key…}}` does.
      if (target->resultKey != target->id) {
        if (!path.empty() && !path.front().isIndex() && path.front().key == target->resultKey) {
          path.erase(path.begin());
        } else if (!path.empty()) {
          diags_.error(r.loc, shown + ": step '" + target->id + "' keeps its result as '" + target->resultKey +
                                  "'; write {{" + target->resultKey + ir::spellPath(path) + "}} or {{" + target->id +
                                  "." + target->resultKey + ir::spellPath(path) + "}}");
          return unresolved();
        }
      }
    } else {
      if (unloweredId(i.root)) return unresolved();
      std::vector<std::string> names = {"input", "context"};
      if (rollback) names.push_back("self");
      for (const auto &[id, step] : ids_) names.push_back(id);
      for (const auto &[key, step] : keys_) names.push_back(key);
      std::string suffix = didYouMeanSuffix(i.root, names);
      diags_.error(r.loc, "unknown name '" + i.root + "' in " + shown +
                              (suffix.empty() ? "; an interpolation starts with 'input', 'context', a step id or an "
                                                "output_key"
                                              : suffix));
      return unresolved();
    }
    if (target == &s) {
      diags_.error(r.loc, rollback ? shown + " names step '" + s.id + "' itself; its rollback reads it as {{self…}}"
                                   : "step '" + s.id + "' cannot read its own result in " + shown);
      if (!rollback) return unresolved();
      return toStep(s, path);
    }
    if (!ancestors(s).count(target)) {
      diags_.error(r.loc, std::string(rollback ? "the rollback of step '" : "step '") + s.id + "' reads " + shown +
                              ", the result of step '" + target->id + "', which is not among its dependencies, so it "
                              "may not have run yet; add \"" + target->id + "\" to the depends_on of step '" + s.id + "'")
          .note(target->loc, "step '" + target->id + "' is declared here");
      return unresolved();
    }
    toStep(*target, std::move(path));
  }

  // ---- the failure policy -------------------------------------------------------------------------

  ir::FailurePolicy::Strategy strategy() const {
    const std::string s =
        comp_.errorHandling && comp_.errorHandling->failureStrategy ? *comp_.errorHandling->failureStrategy : "";
    if (s == "partial_success") return ir::FailurePolicy::Strategy::PartialSuccess;
    if (s == "rollback") return ir::FailurePolicy::Strategy::Rollback;
    if (s == "retry") return ir::FailurePolicy::Strategy::Retry;
    return ir::FailurePolicy::Strategy::FailFast;
  }

  void lowerPolicy() {
    ir::FailurePolicy policy;
    policy.strategy = strategy();
    const ErrorHandlingDecl *eh = comp_.errorHandling ? &comp_.errorHandling.value : nullptr;
    if (eh && eh->failureStrategy) policy.strategyLoc = eh->failureStrategy.loc();
    policy.rollBack = policy.strategy == ir::FailurePolicy::Strategy::Rollback ||
                      (eh && eh->rollbackOnFailure && *eh->rollbackOnFailure);
    c_->failure = policy;
    if (policy.rollBack && c_->rollbacks.empty() && !c_->steps.empty()) {
      llvm::SMLoc at = eh && eh->failureStrategy && policy.strategy == ir::FailurePolicy::Strategy::Rollback
                           ? eh->failureStrategy.loc()
                           : eh && eh->rollbackOnFailure ? eh->rollbackOnFailure.loc() : c_->loc;
      diags_.warning(at, "the composition rolls back on failure, but no step declares a 'rollback' action, so "
                         "nothing is undone; give the steps that change something a rollback: {tool, parameters}");
    }
    if (!policy.rollBack)
      for (const auto &action : c_->rollbacks)
        diags_.warning(action->loc, "step '" + action->rollbackOf->id + "' declares a rollback, but the composition "
                                    "never rolls back (failure_strategy '" + ir::spell(policy.strategy) +
                                    "' without rollback_on_failure: true), so it never runs");
    if (policy.strategy == ir::FailurePolicy::Strategy::Retry && eh && eh->maxRetries && *eh->maxRetries == 0)
      diags_.warning(eh->maxRetries.loc(), "failure_strategy 'retry' with max_retries 0 retries nothing; "
                                           "leave max_retries out for " + std::to_string(kDefaultRetries) + " retries");
  }

  // ---- a template's validation ---------------------------------------------------------------------

  void checkTemplate() {
    if (!file_.templ || !file_.templ->validation) return;
    const ValidationDecl &v = file_.templ->validation.value;
    if (v.requiredTools) {
      std::set<std::string> required;
      for (const Text &t : v.requiredTools.value) required.insert(*t);
      std::set<std::string> reported;
      auto check = [&](const ir::Step &s, const std::string &what) {
        if (!s.tool || required.count(s.tool->name) || !reported.insert(s.tool->name).second) return;
        diags_.error(s.loc, what + " calls tool '" + s.tool->name +
                                "', which the template's validation.required_tools does not list; add it there")
            .note(v.requiredTools.loc(), "required_tools is written here");
      };
      for (const auto &s : c_->steps) check(*s, "step '" + s->id + "'");
      for (const auto &s : c_->rollbacks) check(*s, "the rollback of step '" + s->rollbackOf->id + "'");
      for (const Text &t : v.requiredTools.value)
        if (!tools_.count(*t))
          diags_.warning(t.loc(), "required tool '" + *t + "' is called by no step of the template");
    }
    if (v.minVersion) {
      std::optional<std::array<unsigned, 3>> wanted = parseVersion(*v.minVersion);
      if (!wanted)
        diags_.error(v.minVersion.loc(), "min_version '" + *v.minVersion + "' is not a version such as '1.0.0'");
      else if (*wanted > *parseVersion(kFrameworkVersion))
        diags_.error(v.minVersion.loc(), "the template needs version " + *v.minVersion +
                                             " of the tool-composition framework; wfc implements " + kFrameworkVersion);
    }
  }

  static std::optional<std::array<unsigned, 3>> parseVersion(llvm::StringRef text) {
    text.consume_front("v");
    std::array<unsigned, 3> parts{0, 0, 0};
    llvm::SmallVector<llvm::StringRef, 3> pieces;
    text.split(pieces, '.');
    if (pieces.empty() || pieces.size() > 3) return std::nullopt;
    for (size_t k = 0; k < pieces.size(); ++k)
      if (pieces[k].getAsInteger(10, parts[k])) return std::nullopt;
    return parts;
  }

  const FileDecl &file_;
  const CompositionDecl &comp_;
  DiagnosticEngine &diags_;
  std::unique_ptr<ir::Module> module_;
  ir::Composition *c_ = nullptr;
  std::map<std::string, ir::Step *> ids_;   // step id → step
  std::map<std::string, ir::Step *> keys_;  // output_key → step
  std::map<const StepDecl *, ir::Step *> decls_;
  std::map<std::string, ir::Tool *> tools_;
  std::map<const ir::Step *, std::set<const ir::Step *>> ancestors_;
};

}  // namespace

std::unique_ptr<ir::Module> lowerToolComposition(const FileDecl &file, DiagnosticEngine &diags) {
  return Lowering(file, diags).run();
}

}  // namespace wfc::toolcomp

// The registry lowering (RegistryLowering.h): declarations and their ids, the member packs, then
// every cross-reference, the sequences' rules and the transitions' — all reported, not only the
// first (the reference runtime stops at the first; its messages are kept where it has them).
#include "frontend/registry/RegistryLowering.h"

#include "frontend/DialectDetector.h"
#include "frontend/registry/RegistryShape.h"
#include "support/DidYouMean.h"

#include <llvm/ADT/StringExtras.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>

#include <algorithm>
#include <functional>
#include <map>
#include <set>

namespace wfc::registry {
namespace {

class Lowering {
 public:
  Lowering(const RegistryDecl &decl, DocumentLoader &loader, DiagnosticEngine &diags, const LowerMember &lowerMember)
      : decl_(decl), loader_(loader), diags_(diags), lowerMember_(lowerMember) {}

  std::unique_ptr<ir::Module> run() {
    module_ = std::make_unique<ir::Module>();
    module_->registry = std::make_unique<ir::Registry>();
    reg_ = module_->registry.get();
    const DocNode *root = decl_.document->root();
    module_->sourcePath = decl_.document->path();
    module_->loc = root->loc;
    reg_->loc = root->loc;
    reg_->packName = decl_.packName && !decl_.packName->empty() ? *decl_.packName : "registry";
    reg_->description = *decl_.description;
    module_->id = reg_->packName;
    module_->name = reg_->description.empty() ? reg_->packName : reg_->description;
    module_->version = "3";
    if (decl_.version && *decl_.version != 3)
      diags_.error(decl_.version.loc(), "the registry's 'version' is " + std::to_string(*decl_.version) +
                                            "; wfc reads version 3 of extension_registry.json");
    declareWorkflows();
    declareTransitions();
    declareSequences();
    declareEntrypoints();
    checkDependencies();
    checkTransitions();
    checkSequences();
    checkEntrypoints();
    loadMembers();
    return std::move(module_);
  }

 private:
  // ---- ids ---------------------------------------------------------------------------------------

  // Registers `id` in `seen` (what: "workflow", …); false (reported) when empty or a duplicate.
  bool declare(const Text &id, llvm::SMLoc at, const std::string &what, std::map<std::string, llvm::SMLoc> &seen) {
    if (!id) return false;  // the shape checker reported the missing id
    if (id->find_first_not_of(" \t") == std::string::npos) {
      diags_.error(id.loc(), what + " id must be a non-empty string");
      return false;
    }
    auto [it, fresh] = seen.emplace(*id, at);
    if (!fresh) {
      diags_.error(id.loc(), "duplicate " + what + " id '" + *id + "'").note(it->second, "'" + *id + "' first declared here");
      return false;
    }
    return true;
  }

  std::vector<std::string> keys(const std::map<std::string, llvm::SMLoc> &m) const {
    std::vector<std::string> out;
    for (const auto &[k, loc] : m) out.push_back(k);
    return out;
  }

  bool isWorkflow(const std::string &id) const { return workflowIds_.count(id) > 0; }
  bool isTransition(const std::string &id) const { return transitionIds_.count(id) > 0; }
  bool isSequence(const std::string &id) const { return sequenceIds_.count(id) > 0; }

  void declareWorkflows() {
    for (const WorkflowDecl &w : decl_.workflows.value) {
      if (!declare(w.id, w.id.loc(), "workflow", workflowIds_)) continue;
      ir::RegistryWorkflow out;
      out.id = *w.id;
      out.description = *w.description;
      out.startupMode = *w.startupMode;
      out.loc = w.id.loc();
      for (const DependencyDecl &d : w.dependencies) {
        if (!d.id) continue;
        if (d.id->find_first_not_of(" \t") == std::string::npos) {
          diags_.error(d.id.loc(), "dependency id must be a non-empty string");
          continue;
        }
        ir::RegistryDependency dep;
        dep.workflow = *d.id;
        dep.required = !d.gating || *d.gating == "required";
        dep.userScope = d.scope && *d.scope == "user";
        dep.reason = *d.reason;
        dep.loc = d.id.loc();
        out.dependencies.push_back(std::move(dep));
      }
      reg_->workflows.push_back(std::move(out));
    }
  }

  void declareTransitions() {
    for (const TransitionDecl &t : decl_.transitions.value) {
      if (!declare(t.id, t.id.loc(), "transition", transitionIds_)) continue;
      ir::RegistryTransition out;
      out.id = *t.id;
      out.type = *t.type;
      out.loc = t.id.loc();
      out.routeTo = *t.routeTo;
      out.sequence = *t.sequence;
      out.contextKey = *t.contextKey;
      out.defaultRoute = *t.defaultRoute;
      out.confirmRoute = *t.confirmRoute;
      out.cancelRoute = *t.cancelRoute;
      std::set<std::string> optionIds;
      for (const OptionDecl &o : t.options.value) {
        if (!o.id) continue;
        if (o.id->empty()) {
          diags_.error(o.id.loc(), "TransitionOption id must be non-empty");
          continue;
        }
        if (!optionIds.insert(*o.id).second) {
          diags_.error(o.id.loc(), "transition '" + out.id + "' has two options with id '" + *o.id +
                                       "'; the option chosen is named by its id");
          continue;
        }
        ir::TransitionOption opt;
        opt.id = *o.id;
        opt.routeTo = *o.routeTo;
        opt.sequence = *o.sequence;
        opt.loc = o.id.loc();
        if (o.contextVariables) {
          opt.contextVariables = toJson(*o.contextVariables.node);
          for (const DocEntry &e : o.contextVariables.node->entries)
            if (e.key.empty()) diags_.error(e.keyLoc, "TransitionOption context variable keys must be non-empty strings");
        }
        out.options.push_back(std::move(opt));
      }
      for (const RouteDecl &r : t.routes.value)
        out.routes.push_back({r.match ? toJson(*r.match.node) : ir::Json(), *r.routeTo, *r.sequence});
      reg_->transitions.push_back(std::move(out));
      transitionDecls_[reg_->transitions.back().id] = &t;
    }
  }

  void declareSequences() {
    for (const SequenceDecl &q : decl_.sequences.value) {
      if (!declare(q.id, q.id.loc(), "workflow_sequence", sequenceIds_)) continue;
      ir::Sequence out;
      out.id = *q.id;
      out.description = *q.description;
      out.loc = q.id.loc();
      for (const StepDecl &s : q.steps.value) {
        ir::SequenceStep step;
        step.loc = s.loc;
        bool hasWorkflows = s.workflows && !s.workflows->empty();
        bool hasTransition = s.transition && !s.transition->empty();
        if (hasWorkflows == hasTransition) {
          diags_.error(s.loc, "sequence step must declare exactly one of workflows or transition");
          continue;
        }
        for (const Text &w : s.workflows.value) {
          if (w->find_first_not_of(" \t") == std::string::npos) {
            diags_.error(w.loc(), "sequence step workflows must be non-empty strings");
            continue;
          }
          step.workflows.push_back(*w);
          stepLocs_[{out.id, *w}] = w.loc();
        }
        if (hasTransition) {
          step.transition = *s.transition;
          transitionStepLocs_[{out.id, step.transition}] = s.transition.loc();
        }
        out.steps.push_back(std::move(step));
      }
      reg_->sequences.push_back(std::move(out));
    }
  }

  void declareEntrypoints() {
    std::map<std::string, llvm::SMLoc> paths;
    for (const EntrypointDecl &e : decl_.entrypoints.value) {
      if (!declare(e.id, e.id.loc(), "entrypoint", entrypointIds_)) continue;
      ir::Entrypoint out;
      out.id = *e.id;
      out.path = llvm::StringRef(*e.path).trim().str();
      out.label = *e.label;
      out.transition = llvm::StringRef(*e.transition).trim().str();
      out.workflow = llvm::StringRef(*e.workflow).trim().str();
      out.sequence = llvm::StringRef(*e.sequence).trim().str();
      out.loc = e.id.loc();
      if (e.path && !llvm::StringRef(out.path).startswith("/"))
        diags_.error(e.path.loc(), "entrypoint path must start with '/'");
      else if (e.path) {
        auto [it, fresh] = paths.emplace(out.path, e.path.loc());
        if (!fresh)
          diags_.error(e.path.loc(), "duplicate entrypoint path '" + out.path + "'")
              .note(it->second, "first declared here");
      }
      if (out.transition.empty() == out.workflow.empty())
        diags_.error(e.loc, "entrypoint must declare exactly one of transition or workflow");
      reg_->entrypoints.push_back(std::move(out));
      entrypointDecls_[reg_->entrypoints.back().id] = &e;
    }
  }

  // ---- cross-references ---------------------------------------------------------------------------

  void unknownWorkflow(llvm::SMLoc at, const std::string &message, const std::string &id) {
    diags_.error(at, message + didYouMeanSuffix(id, keys(workflowIds_)));
  }

  void checkDependencies() {
    for (const ir::RegistryWorkflow &w : reg_->workflows)
      for (const ir::RegistryDependency &d : w.dependencies) {
        if (!isWorkflow(d.workflow))
          unknownWorkflow(d.loc, "workflow '" + w.id + "' dependency '" + d.workflow + "' is not a known workflow id",
                          d.workflow);
        else if (d.workflow == w.id)
          diags_.error(d.loc, "workflow '" + w.id + "' depends on itself, so it could never start");
      }
    // A cycle of required dependencies (the reference runtime does not look for one): no workflow
    // on it could ever start.
    std::map<std::string, int> state;  // 0 new, 1 on the path, 2 done
    std::vector<std::string> path;
    std::function<void(const ir::RegistryWorkflow &)> visit = [&](const ir::RegistryWorkflow &w) {
      state[w.id] = 1;
      path.push_back(w.id);
      for (const ir::RegistryDependency &d : w.dependencies) {
        if (!d.required || d.workflow == w.id) continue;
        const ir::RegistryWorkflow *up = reg_->findWorkflow(d.workflow);
        if (!up) continue;
        if (state[up->id] == 1) {
          std::string cycle;
          for (auto it = std::find(path.begin(), path.end(), up->id); it != path.end(); ++it) cycle += "'" + *it + "' → ";
          diags_.error(d.loc, "the required dependencies form a cycle: " + cycle + "'" + up->id +
                                  "'; none of these workflows could ever start");
        } else if (state[up->id] == 0) {
          visit(*up);
        }
      }
      path.pop_back();
      state[w.id] = 2;
    };
    for (const ir::RegistryWorkflow &w : reg_->workflows)
      if (state[w.id] == 0) visit(w);
  }

  // A route (route_to, default_route, …) names a workflow or a transition.
  void checkRoute(llvm::SMLoc at, const std::string &what, const std::string &target) {
    if (target.empty() || isWorkflow(target) || isTransition(target)) return;
    std::vector<std::string> names = keys(workflowIds_);
    for (const auto &[t, loc] : transitionIds_) names.push_back(t);
    diags_.error(at, what + " '" + target + "' is not a known workflow or transition id" + didYouMeanSuffix(target, names));
  }

  void checkSequenceName(llvm::SMLoc at, const std::string &what, const std::string &sequence) {
    if (sequence.empty() || isSequence(sequence)) return;
    diags_.error(at, what + " '" + sequence + "' is not a known workflow_sequence id" +
                         didYouMeanSuffix(sequence, keys(sequenceIds_)));
  }

  void checkTransitions() {
    for (const ir::RegistryTransition &t : reg_->transitions) {
      const TransitionDecl &d = *transitionDecls_.at(t.id);
      const std::string &type = t.type;
      const std::string self = "transition '" + t.id + "'";
      bool choice = type == "user_choice" || type == "user_choice_context" || type == "user_choice_route";
      if (choice) {
        if (t.options.empty()) diags_.error(t.loc, type + " transition must have at least one option");
        if (!d.ui) diags_.error(t.loc, type + " transition requires ui");
        if (!t.routeTo.empty())
          diags_.error(d.routeTo.loc(), type + " transition must use options[].route_to instead of top-level route_to");
        std::vector<std::string> missing;
        for (const ir::TransitionOption &o : t.options)
          if (o.routeTo.empty()) missing.push_back(o.id);
        if (!missing.empty())
          diags_.error(d.options.keyLoc, "user_choice transition options require route_to: " + llvm::join(missing, ", "));
      } else if (type == "condition") {
        if (t.contextKey.empty()) diags_.error(t.loc, "condition transition requires context_key");
        if (t.routes.empty() && t.defaultRoute.empty())
          diags_.error(t.loc, "condition transition requires routes or default_route");
      } else if (type == "confirm") {
        if (!d.ui) diags_.error(t.loc, "confirm transition requires ui");
        bool confirmOptions = std::any_of(t.options.begin(), t.options.end(), [](const ir::TransitionOption &o) {
          return o.id == "confirm" || o.id == "cancel";
        });
        if (t.confirmRoute.empty() && !confirmOptions)
          diags_.error(t.loc, "confirm transition requires confirm_route or confirm/cancel options");
      } else if (type == "silent" || type == "progress_view" || type == "prerequisite_redirect") {
        if (t.routeTo.empty()) diags_.error(t.loc, type + " transition requires route_to");
      } else if (type == "chat_session") {
        if (!isWorkflow(t.routeTo)) diags_.error(t.loc, "chat_session transition requires route_to pointing to a workflow id");
        if (d.ui) diags_.error(d.ui.keyLoc, "chat_session transition must not declare a ui block — it never renders an overlay");
        if (!t.options.empty()) diags_.error(d.options.keyLoc, "chat_session transition must not declare options");
        if (!t.confirmRoute.empty() || !t.cancelRoute.empty())
          diags_.error(t.loc, "chat_session transition must not declare confirm_route or cancel_route");
        if (!t.contextKey.empty() || !t.routes.empty())
          diags_.error(t.loc, "chat_session transition must not declare context_key or routes");
      }
      if (d.ui && d.ui->component) {
        llvm::StringRef c = *d.ui->component;
        llvm::SMLoc at = d.ui->component.loc();
        if (c.trim().empty()) diags_.error(at, "transition ui component must be non-empty");
        else if (c.contains('/') || c.contains('\\') || c.endswith(".jsx") || c.endswith(".tsx") || c.endswith(".js") ||
                 c.endswith(".ts"))
          diags_.error(at, "transition ui component must be a registry key, not a file path");
        else if (!std::isalpha(static_cast<unsigned char>(c.front())) ||
                 !std::all_of(c.begin(), c.end(), [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_'; }))
          diags_.error(at, "transition ui component must be a simple component registry key");
      }
      checkSequenceName(d.sequence.loc(), self + " sequence", t.sequence);
      checkRoute(d.routeTo.loc(), self + " route_to", t.routeTo);
      checkRoute(d.defaultRoute.loc(), self + " default_route", t.defaultRoute);
      checkRoute(d.confirmRoute.loc(), self + " confirm_route", t.confirmRoute);
      checkRoute(d.cancelRoute.loc(), self + " cancel_route", t.cancelRoute);
      for (size_t i = 0; i < t.options.size(); ++i) {
        const ir::TransitionOption &o = t.options[i];
        const OptionDecl *od = nullptr;
        for (const OptionDecl &x : d.options.value)
          if (x.id && *x.id == o.id) od = &x;
        checkSequenceName(od ? od->sequence.loc() : o.loc, self + " option '" + o.id + "' sequence", o.sequence);
        checkRoute(od ? od->routeTo.loc() : o.loc, self + " option '" + o.id + "' route_to", o.routeTo);
      }
      for (size_t i = 0; i < t.routes.size() && i < d.routes.value.size(); ++i) {
        checkSequenceName(d.routes.value[i].sequence.loc(), self + " condition route sequence", t.routes[i].sequence);
        checkRoute(d.routes.value[i].routeTo.loc(), self + " condition route", t.routes[i].routeTo);
      }
    }
  }

  bool backendOnly(const std::string &workflow) const {
    const ir::RegistryWorkflow *w = reg_->findWorkflow(workflow);
    return w && w->startupMode == "BackendOnly";
  }

  void checkSequences() {
    for (const ir::Sequence &q : reg_->sequences) {
      std::map<std::string, size_t> group;  // workflow → index of its step
      for (size_t i = 0; i < q.steps.size(); ++i) {
        const ir::SequenceStep &step = q.steps[i];
        if (!step.transition.empty() && !isTransition(step.transition)) {
          std::vector<std::string> names = keys(transitionIds_);
          diags_.error(transitionStepLocs_.at({q.id, step.transition}),
                       "sequence '" + q.id + "' references unknown transition '" + step.transition + "'" +
                           didYouMeanSuffix(step.transition, names));
        }
        for (const std::string &w : step.workflows) {
          llvm::SMLoc at = stepLocs_.at({q.id, w});
          if (!isWorkflow(w)) {
            unknownWorkflow(at, "sequence '" + q.id + "' references unknown workflow '" + w + "'", w);
            continue;
          }
          if (!group.emplace(w, i).second) {
            diags_.error(at, "sequence '" + q.id + "' references workflow '" + w + "' more than once");
            continue;
          }
          if (backendOnly(w))
            diags_.error(at, "sequence '" + q.id + "' includes BackendOnly workflow '" + w +
                                 "' — BackendOnly workflows are triggered by domain events and must not appear in "
                                 "workflow_sequences");
        }
      }
      // Required dependencies are serial: a workflow's required dependency in the same sequence
      // runs in an earlier step (dependencies outside the sequence are gated at run time).
      for (const auto &[w, index] : group) {
        const ir::RegistryWorkflow *wf = reg_->findWorkflow(w);
        for (const ir::RegistryDependency &d : wf->dependencies) {
          if (!d.required) continue;
          auto up = group.find(d.workflow);
          if (up == group.end() || up->second < index) continue;
          diags_.error(stepLocs_.at({q.id, w}), "sequence '" + q.id + "' places workflow '" + w +
                                                    "' before or with required dependency '" + d.workflow + "'")
              .note(d.loc, "'" + w + "' requires '" + d.workflow + "' here");
        }
      }
      checkTransitionTargets(q, group);
    }
  }

  // A transition step of a sequence moves the run to where its choice routes: a workflow of the
  // sequence (the run goes on from that step), or another transition. A workflow the sequence
  // does not run has no place to go on from, unless the option names the sequence that does.
  void checkTransitionTargets(const ir::Sequence &q, const std::map<std::string, size_t> &group) {
    for (const ir::SequenceStep &step : q.steps) {
      const ir::RegistryTransition *t = reg_->findTransition(step.transition);
      if (!t) continue;
      auto check = [&](const std::string &target, const std::string &sequence, llvm::SMLoc at, const std::string &what) {
        if (target.empty() || !isWorkflow(target)) return;
        const ir::Sequence *in = sequence.empty() ? &q : reg_->findSequence(sequence);
        if (!in) return;
        bool runs = false;
        for (const ir::SequenceStep &s : in->steps)
          runs |= std::find(s.workflows.begin(), s.workflows.end(), target) != s.workflows.end();
        if (!runs)
          diags_.error(at, what + " routes to workflow '" + target + "', which sequence '" + in->id +
                               "' does not run, so the sequence could not go on after it; route to one of its "
                               "workflows, or name the sequence that runs it in 'sequence'")
              .note(transitionStepLocs_.at({q.id, step.transition}), "sequence '" + q.id + "' reaches it here");
      };
      const TransitionDecl &d = *transitionDecls_.at(t->id);
      for (const ir::TransitionOption &o : t->options) check(o.routeTo, o.sequence, o.loc, "option '" + o.id + "' of transition '" + t->id + "'");
      check(t->routeTo, t->sequence, d.routeTo.loc(), "transition '" + t->id + "'");
      check(t->defaultRoute, t->sequence, d.defaultRoute.loc(), "the default_route of transition '" + t->id + "'");
      check(t->confirmRoute, t->sequence, d.confirmRoute.loc(), "the confirm_route of transition '" + t->id + "'");
      check(t->cancelRoute, t->sequence, d.cancelRoute.loc(), "the cancel_route of transition '" + t->id + "'");
      for (const ir::ConditionRoute &r : t->routes) check(r.routeTo, r.sequence, t->loc, "a condition route of transition '" + t->id + "'");
      (void)group;
    }
  }

  void checkEntrypoints() {
    for (const ir::Entrypoint &e : reg_->entrypoints) {
      const EntrypointDecl &d = *entrypointDecls_.at(e.id);
      const std::string self = "entrypoint '" + e.id + "'";
      if (!e.transition.empty() && !isTransition(e.transition))
        diags_.error(d.transition.loc(), self + " transition '" + e.transition + "' is not a known transition id" +
                                             didYouMeanSuffix(e.transition, keys(transitionIds_)));
      if (!e.workflow.empty() && !isWorkflow(e.workflow))
        unknownWorkflow(d.workflow.loc(), self + " workflow '" + e.workflow + "' is not a known workflow id", e.workflow);
      checkSequenceName(d.sequence.loc(), self + " sequence", e.sequence);
      if (backendOnly(e.workflow))
        diags_.error(d.workflow.loc(), self + " points to BackendOnly workflow '" + e.workflow +
                                           "' — BackendOnly workflows are not user-reachable and must not have entrypoints");
    }
  }

  // ---- the member packs ---------------------------------------------------------------------------

  // workflows/<id>/ beside the registry's folder (workflows/extended_orchestration/).
  std::string workflowsDir() const {
    llvm::SmallString<256> dir(llvm::sys::path::parent_path(decl_.document->path()));
    llvm::sys::path::remove_filename(dir);  // the registry's folder's parent
    if (dir.empty()) dir = "..";
    return std::string(dir.str());
  }

  void loadMembers() {
    const std::string base = workflowsDir();
    for (ir::RegistryWorkflow &w : reg_->workflows) {
      std::vector<std::string> found;
      for (const char *name : {"pack.yaml", "pack.json"}) {
        llvm::SmallString<256> p(base);
        llvm::sys::path::append(p, w.id, name);
        if (llvm::sys::fs::is_regular_file(p)) found.push_back(std::string(p.str()));
      }
      llvm::SmallString<256> expected(base);
      llvm::sys::path::append(expected, w.id);
      if (found.empty()) {
        diags_.error(w.loc, "workflow '" + w.id + "' has no pack: expected " + std::string(expected.str()) +
                                "/pack.yaml or pack.json (a registry's workflows live in workflows/<id>/)");
        reg_->members.push_back(nullptr);
        continue;
      }
      if (found.size() > 1) {
        diags_.error(w.loc, "workflow '" + w.id + "' has two packs, " + found[0] + " and " + found[1] +
                                "; keep one of them");
        reg_->members.push_back(nullptr);
        continue;
      }
      w.pack = found[0];
      const Document *doc = loader_.load(w.pack, w.loc, "pack");
      std::unique_ptr<ir::Module> member;
      if (doc && detectDialect(*doc->root()) == Dialect::Registry) {
        diags_.error(doc->root()->loc, "workflow '" + w.id + "' of registry '" + reg_->packName +
                                           "' is itself a registry; a registry's workflows are packs");
      } else if (doc) {
        member = lowerMember_(*doc);
      }
      w.member = member.get();
      reg_->members.push_back(std::move(member));
    }
  }

  const RegistryDecl &decl_;
  DocumentLoader &loader_;
  DiagnosticEngine &diags_;
  const LowerMember &lowerMember_;
  std::unique_ptr<ir::Module> module_;
  ir::Registry *reg_ = nullptr;
  std::map<std::string, llvm::SMLoc> workflowIds_, transitionIds_, sequenceIds_, entrypointIds_;
  std::map<std::string, const TransitionDecl *> transitionDecls_;
  std::map<std::string, const EntrypointDecl *> entrypointDecls_;
  std::map<std::pair<std::string, std::string>, llvm::SMLoc> stepLocs_, transitionStepLocs_;
};

}  // namespace

std::unique_ptr<ir::Module> lowerRegistry(const RegistryDecl &decl, DocumentLoader &loader, DiagnosticEngine &diags,
                                          const LowerMember &lowerMember) {
  return Lowering(decl, loader, diags, lowerMember).run();
}

}  // namespace wfc::registry

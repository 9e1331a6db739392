#include "ir/IRVerifier.h"

#include "ir/ReferenceWalk.h"

#include <map>
#include <set>

namespace wfc::ir {
namespace {

class Verifier {
 public:
  explicit Verifier(std::vector<VerifierProblem> &problems) : problems_(problems) {}

  void composition(const Composition &c) {
    steps_.clear();
    capturing_ = c.variableStore;
    where_ = "composition '" + c.name + "'";
    at_ = c.loc;
    forEachStep(c.steps, [&](const Step &s) {
      at_ = s.loc;
      if (!steps_.insert({s.id, &s}).second) fail("step id '" + s.id + "' is not unique");
    });
    checkList(c.steps, nullptr);
    at_ = c.loc;
    if (c.output) inComposition(c.output, "the composition's output");
    checkAcyclic(c);
  }

  void workflow(const Module &m, const Workflow &w) {
    where_ = "workflow";
    at_ = w.loc;
    std::set<std::string> names;
    for (const State &s : w.states) names.insert(s.name);
    if (!names.count(w.entry)) fail("entry state '" + w.entry + "' does not exist");
    for (const State &s : w.states) {
      at_ = s.loc;
      if (s.kind == State::Kind::Composition && (!s.composition || !m.findComposition(s.composition->name)))
        fail("state '" + s.name + "' has no composition");
      if (s.kind != State::Kind::Composition && !s.prompt) fail("state '" + s.name + "' has no prompt");
      for (const Transition &t : s.onEvent)
        if (!names.count(t.target))
          fail("state '" + s.name + "' event '" + t.event + "' targets unknown state '" + t.target + "'");
    }
  }

 private:
  void fail(const std::string &what) { problems_.push_back({at_, where_ + ": " + what}); }

  void inComposition(const Step *s, const std::string &role) {
    if (!s) {
      fail(role + " is null");
      return;
    }
    auto it = steps_.find(s->id);
    if (it == steps_.end() || it->second != s) fail(role + " '" + s->id + "' is not a step of this composition");
  }

  void checkList(const std::vector<std::unique_ptr<Step>> &list, const Step *parent) {
    for (unsigned i = 0; i < list.size(); ++i) {
      const Step &s = *list[i];
      at_ = s.loc;
      if (s.parent != parent) fail("step '" + s.id + "' has the wrong parent");
      if (s.index != i) fail("step '" + s.id + "' has index " + std::to_string(s.index) + ", not " + std::to_string(i));
      step(s, list);
      checkList(s.children, &s);
    }
  }

  void step(const Step &s, const std::vector<std::unique_ptr<Step>> &siblings) {
    std::string self = "step '" + s.id + "'";
    for (const Step *p : s.after) inComposition(p, self + " predecessor");
    for (const Step *p : s.dataDeps) inComposition(p, self + " data dependency");
    for (const Step *p : s.waitsFor) {
      inComposition(p, self + " plan predecessor");
      if (p && p->parent != s.parent) fail(self + " waits for '" + p->id + "', which is not in its list");
    }
    if (s.inlinedInto) inComposition(s.inlinedInto, self + " inlined call");
    if (s.calleeOutput) inComposition(s.calleeOutput, self + " callee output");
    for (const Step *p : s.inlinedSteps) inComposition(p, self + " inlined step");
    forEachReference(s, [&](const Reference &r) {
      if (r.root == RefRoot::StepOutput || r.root == RefRoot::LoopPrevious) inComposition(r.step, self + " reference " + spell(r));
    });
    if (s.guard != Guard::None) inComposition(s.guardedBy, self + " guard");
    if (s.modifiers.fallback) {
      inComposition(s.modifiers.fallback, self + " fallback");
      if (s.modifiers.fallback->guard != Guard::Fallback) fail(self + " fallback is not guarded as one");
    }
    switch (s.kind) {
      case StepKind::Prompt:
      case StepKind::Agent:
      case StepKind::Judge:
        if (!s.prompt) fail(self + " has no prompt");
        break;
      case StepKind::Tool:
        if (!s.tool) fail(self + " has no tool");
        break;
      case StepKind::Branch: {
        if (!s.thenStep) {
          fail(self + " has no then target");
          break;
        }
        for (const Step *t : {s.thenStep, s.elseStep}) {
          if (!t) continue;
          inComposition(t, self + " target");
          if (t->index <= s.index || t->parent != s.parent || siblings[t->index].get() != t)
            fail(self + " target '" + t->id + "' is not a later step of the same list");
          if (t->guardedBy != &s) fail(self + " target '" + t->id + "' is not guarded by it");
        }
        break;
      }
      case StepKind::Parallel:
        if (s.children.size() < 2) fail(self + " has fewer than two branches");
        if (!s.reduce) fail(self + " has no reducer");
        break;
      case StepKind::Subflow:
        if (!s.callee) fail(self + " has no callee");
        if (s.subflowPart == SubflowPart::Exit && s.inlinedSteps.empty()) fail(self + " is an inlined call with no steps");
        if (s.subflowPart != SubflowPart::Exit && !s.inlinedSteps.empty()) fail(self + " lists inlined steps but is no exit");
        break;
      case StepKind::Foreach:
        if (s.children.size() != 1) fail(self + " does not have exactly one inner step");
        if (!s.items) fail(self + " has no items");
        break;
      case StepKind::Loop:
        if (s.children.empty()) fail(self + " has no steps");
        if (s.maxIterations == 0) fail(self + " has no max_iterations");
        break;
      case StepKind::Block:
        if (s.children.empty()) fail(self + " has no steps");
        break;
      case StepKind::Action:
        if (!s.args || s.args->kind != Value::Kind::Object) fail(self + " has no arguments");
        // The taint rule (docs/awl.md "Taint"): a shell command is the author's constant text;
        // every run-time value reaches it through `env`, never as shell syntax.
        if (s.action == ActionKind::Shell && s.args) {
          const Value *command = s.args->member("command");
          if (!command || command->kind != Value::Kind::Literal || !command->literal.is_string())
            fail(self + " runs a shell command that is not a constant string");
        }
        break;
    }
    if (!s.capture.empty() && !capturing_) fail(self + " captures a variable outside a composition with a variable store");
    for (const auto &child : s.children)
      if (child->effect > s.effect) fail(self + " has a weaker effect than its inner step '" + child->id + "'");
  }

  // Depth-first search over predecessors (`after`, data edges, and inner steps, which finish
  // before their block); a grey node reached again is a cycle. Iterative: a 100,000-step
  // chain must not overflow the stack.
  void checkAcyclic(const Composition &c) {
    std::map<const Step *, int> colour;  // 0 white, 1 grey, 2 black
    auto predecessors = [](const Step *s) {
      std::vector<const Step *> out(s->after.begin(), s->after.end());
      out.insert(out.end(), s->dataDeps.begin(), s->dataDeps.end());
      for (const auto &child : s->children) out.push_back(child.get());
      return out;
    };
    bool cyclic = false;
    forEachStep(c.steps, [&](const Step &root) {
      if (cyclic || colour[&root] != 0) return;
      std::vector<std::pair<const Step *, std::vector<const Step *>>> stack;
      colour[&root] = 1;
      stack.emplace_back(&root, predecessors(&root));
      while (!stack.empty() && !cyclic) {
        auto &[node, pending] = stack.back();
        if (pending.empty()) {
          colour[node] = 2;
          stack.pop_back();
          continue;
        }
        const Step *next = pending.back();
        pending.pop_back();
        int &col = colour[next];
        if (col == 1) cyclic = true;
        else if (col == 0) {
          col = 1;
          stack.emplace_back(next, predecessors(next));
        }
      }
    });
    at_ = c.loc;
    if (cyclic) fail("the step graph has a cycle");
  }

  std::vector<VerifierProblem> &problems_;
  std::string where_;
  llvm::SMLoc at_;
  std::map<std::string, const Step *> steps_;
  bool capturing_ = false;
};

}  // namespace

std::vector<VerifierProblem> verifyModule(const Module &module) {
  std::vector<VerifierProblem> problems;
  Verifier v(problems);
  for (const auto &c : module.compositions) v.composition(*c);
  if (module.workflow) v.workflow(module, *module.workflow);
  return problems;
}

}  // namespace wfc::ir

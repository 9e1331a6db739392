// inline-subflows: put each wfc.subflow call's callee steps into the caller (docs/language/promptpack.md), so the
// passes after it see — and parallelize across — the whole graph. A call `c` becomes:
//   c__input    checks the call's input against the callee's input_schema (the entry);
//   c__<id>…    the callee's steps, ids prefixed, references rewritten (`${input…}` reads the
//               entry's output), every top-level one after the entry;
//   c           the callee's output, checked against its output_schema (the exit; keeps the
//               call's id, so the steps that read `${c.output…}` are unchanged).
// Ids cannot collide: a pack's ids never contain `__`, and `input` is reserved. Step paths stay
// those of the call (`c__<id>`), so traces, recordings and idempotency keys match -O0.
// A call stays a call when inlining could change what it does: with retry, wfc.timeout_ms,
// wfc.on_error, wfc.cache or evals (they act on the call as a whole); as a branch target or a
// fallback (guarded); as a parallel branch or a foreach's step (one step's slot); or when the
// callee has wfc.foreach or wfc.loop steps (their items' paths would change). Recursion is
// impossible here: sema rejected it.
#include "ir/ReferenceWalk.h"
#include "passes/Pass.h"

#include <map>
#include <set>

namespace wfc::passes {
namespace {

using ir::StepList;

bool hasIteration(const StepList &steps) {
  for (const auto &s : steps)
    if (s->kind == ir::StepKind::Foreach || s->kind == ir::StepKind::Loop || hasIteration(s->children)) return true;
  return false;
}

bool inlinable(const ir::Step &s) {
  if (s.kind != ir::StepKind::Subflow || s.subflowPart != ir::SubflowPart::Call || !s.callee) return false;
  if (s.parent && s.parent->kind != ir::StepKind::Loop) return false;  // a parallel branch or a foreach's step
  // Under a foreach, however deep: a call's callee runs in a frame of its own that sees no item,
  // and its record/replay keys, eval sampling and trace carry none; inlined, its steps would.
  for (const ir::Step *a = s.parent; a; a = a->parent)
    if (a->kind == ir::StepKind::Foreach) return false;
  if (s.guard != ir::Guard::None) return false;
  const ir::Modifiers &m = s.modifiers;
  if (m.maxAttempts > 1 || m.timeoutMs || m.fallback || m.fallbackValue || m.cache || !m.evals.empty() ||
      !m.runEvals.empty())
    return false;
  return !hasIteration(s.callee->steps);
}

class InlineSubflows final : public Pass {
 public:
  const char *name() const override { return "inline-subflows"; }
  const char *summary() const override {
    return "puts each wfc.subflow callee's steps into its caller, ids prefixed with the calling step's";
  }

  bool run(ir::Module &module) override {
    for (auto &c : module.compositions) owned_[c.get()] = c.get();
    bool changed = false;
    for (auto &c : module.compositions) changed |= inlineComposition(*c);
    return changed;
  }

 private:
  // Inlines the calls of `c`, after those of its callees (a callee arrives fully inlined).
  bool inlineComposition(ir::Composition &c) {
    if (!done_.insert(&c).second) return false;
    bool changed = false;
    std::vector<ir::Step *> calls;
    collectCalls(c.steps, calls);
    for (ir::Step *call : calls) {
      inlineComposition(*owned_.at(call->callee));
      StepList &list = call->parent ? call->parent->children : c.steps;
      inlineCall(list, *call);
      changed = true;
    }
    return changed;
  }

  static void collectCalls(StepList &steps, std::vector<ir::Step *> &calls) {
    for (auto &s : steps) {
      if (inlinable(*s)) calls.push_back(s.get());
      collectCalls(s->children, calls);
    }
  }

  static void inlineCall(StepList &list, ir::Step &call) {
    const ir::Composition &callee = *call.callee;
    const std::string prefix = call.id + "__";

    // The entry: where the call's input is evaluated and checked.
    auto entry = std::make_unique<ir::Step>();
    entry->id = prefix + "input";
    entry->kind = ir::StepKind::Subflow;
    entry->subflowPart = ir::SubflowPart::Entry;
    entry->loc = call.loc;
    entry->description = call.description;
    entry->callee = &callee;
    entry->input = std::move(call.input);
    entry->after = call.after;
    entry->explicitDependsOn = call.explicitDependsOn;
    entry->dataDeps = call.dataDeps;
    entry->parent = call.parent;
    entry->inlinedInto = &call;

    // The callee's steps, copied; then every pointer into the callee moved onto the copies.
    std::map<const ir::Step *, ir::Step *> copies;
    StepList inlined;
    for (const auto &s : callee.steps) {
      inlined.push_back(std::make_unique<ir::Step>(*s));  // a deep copy (inner steps too)
      mapCopies(*s, *inlined.back(), copies);
    }
    auto map = [&](const ir::Step *s) -> const ir::Step * {
      auto it = copies.find(s);
      return it == copies.end() ? s : it->second;
    };
    std::vector<const ir::Step *> topLevel;
    for (auto &s : inlined) {
      s->parent = call.parent;
      s->dataDeps.push_back(entry.get());  // nothing of the callee starts before its input is checked
      topLevel.push_back(s.get());
    }
    for (auto &[original, copy] : copies) {
      ir::Step &s = *copy;
      if (s.declaredId.empty()) s.declaredId = s.id;  // nested calls keep the innermost pack id
      s.id = prefix + s.id;
      for (const ir::Step *&p : s.after) p = map(p);
      for (const ir::Step *&p : s.dataDeps) p = map(p);
      for (const ir::Step *&p : s.inlinedSteps) p = map(p);
      if (s.guardedBy) s.guardedBy = map(s.guardedBy);
      if (s.thenStep) s.thenStep = map(s.thenStep);
      if (s.elseStep) s.elseStep = map(s.elseStep);
      if (s.calleeOutput) s.calleeOutput = map(s.calleeOutput);
      if (s.modifiers.fallback) s.modifiers.fallback = map(s.modifiers.fallback);
      s.inlinedInto = s.inlinedInto ? map(s.inlinedInto) : &call;
      ir::forEachReference(s, [&](ir::Reference &r) { rewriteReference(r, prefix, *entry, map); });
    }

    // The exit: the call itself, now giving the callee's output.
    call.subflowPart = ir::SubflowPart::Exit;
    call.input.reset();
    call.after.clear();
    call.explicitDependsOn = false;
    call.dataDeps = topLevel;
    call.inlinedSteps = topLevel;
    call.calleeOutput = callee.output ? map(callee.output) : nullptr;
    call.effect = ir::Effect::None;

    // Splice: entry, the callee's steps, then the exit where the call was.
    StepList spliced;
    for (auto &s : list) {
      if (s.get() == &call) {
        spliced.push_back(std::move(entry));
        for (auto &x : inlined) spliced.push_back(std::move(x));
      }
      spliced.push_back(std::move(s));
    }
    list = std::move(spliced);
    for (unsigned i = 0; i < list.size(); ++i) list[i]->index = i;
  }

  static void mapCopies(const ir::Step &original, ir::Step &copy, std::map<const ir::Step *, ir::Step *> &copies) {
    copies[&original] = &copy;
    for (size_t i = 0; i < original.children.size(); ++i) mapCopies(*original.children[i], *copy.children[i], copies);
  }

  template <typename Map>
  static void rewriteReference(ir::Reference &r, const std::string &prefix, const ir::Step &entry, Map &map) {
    if (r.root == ir::RefRoot::Input) {
      // `${input.x}` → `${c__input.output.x}`
      std::string rest = llvm::StringRef(r.text).drop_front(std::string("input").size()).str();
      r.root = ir::RefRoot::StepOutput;
      r.step = &entry;
      r.name = entry.id;
      r.text = entry.id + ".output" + rest;
    } else if ((r.root == ir::RefRoot::StepOutput || r.root == ir::RefRoot::LoopPrevious) && r.step) {
      r.step = map(r.step);
      // The text names the step first (`s.output…`), or after `loop.previous.`.
      std::string lead = r.root == ir::RefRoot::LoopPrevious ? "loop.previous." : "";
      if (llvm::StringRef(r.text).startswith(lead + r.name))
        r.text = lead + prefix + r.name + r.text.substr(lead.size() + r.name.size());
      r.name = prefix + r.name;
    }
  }

  std::map<const ir::Composition *, ir::Composition *> owned_;
  std::set<const ir::Composition *> done_;
};

}  // namespace

std::unique_ptr<Pass> createInlineSubflowsPass() { return std::make_unique<InlineSubflows>(); }

}  // namespace wfc::passes

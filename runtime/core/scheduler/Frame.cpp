#include "core/scheduler/Frame.h"

#include "common/Utf8.h"
#include "core/awl/Actions.h"
#include "core/conversation/Judge.h"
#include "core/conversation/LlmStep.h"
#include "core/conversation/StepEvals.h"
#include "core/journal/ProgramIdentity.h"
#include "core/journal/RunJournal.h"
#include "core/journal/RunStore.h"
#include "core/scheduler/ToolArguments.h"
#include "support/Describe.h"
#include "support/Elapsed.h"

#include <cstdlib>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <random>

namespace wfc {
namespace {

using Clock = std::chrono::steady_clock;
const char *const kTimeoutReason = "wfc.timeout_ms";

const char *spell(StepKind kind) { return spellKind(kind); }

// Exponential from `baseMs`, jittered to 50–150%, capped at a minute.
std::chrono::milliseconds backoff(uint64_t baseMs, unsigned attempt) {
  if (baseMs == 0) return std::chrono::milliseconds(0);
  thread_local std::mt19937_64 random(std::random_device{}());
  double delay = double(baseMs) * double(uint64_t(1) << std::min(attempt - 1, 20u));
  delay *= std::uniform_real_distribution<double>(0.5, 1.5)(random);
  return std::chrono::milliseconds(int64_t(std::min(delay, 60000.0)));
}

}  // namespace

// The StepContext of one attempt: references read the frame's finished steps (ordered before this
// one by the scheduler's lock, so no lock is needed here), tool calls go through the run.
class AttemptContext final : public StepContext {
 public:
  // `outcome`: where the attempt leaves what the step's journal record needs (null for a
  // predicate's evaluation).
  AttemptContext(Frame &frame, int step, unsigned attempt, const CancellationToken &cancel, const std::string &span,
                 Frame::AttemptOutcome *outcome = nullptr)
      : frame_(frame), step_(step), attempt_(attempt), cancel_(cancel), span_(span), outcome_(outcome) {}
  // The context of a tool composition's rollback of step `step` (docs/tool-composition.md): its
  // call is keyed `<step>.rollback`, apart from the step's own calls, and is never cached.
  AttemptContext(Frame &frame, int step, const RollbackDecl &rollback, const CancellationToken &cancel,
                 const std::string &span)
      : frame_(frame), step_(step), attempt_(1), cancel_(cancel), span_(span), outcome_(nullptr), rollback_(&rollback) {}

  const Value &input() const override { return frame_.input_; }

  const Value &output(int step, const char *ref) const override {
    const Frame::Node &node = frame_.frameOf(step).nodes_[step];
    if (node.state == Frame::State::Done) return node.output;
    const StepDecl &d = frame_.decl_.steps[step];
    if (node.state == Frame::State::Skipped)
      throw Error(ErrorKind::StepFailed, std::string("reference ") + ref + " names step '" + d.id +
                                             "', which was skipped" + skipReason(step));
    if (node.state == Frame::State::Recovered)
      throw Error(ErrorKind::StepFailed, std::string("reference ") + ref + " names step '" + d.id +
                                             "', which failed (its wfc.on_error fallback '" +
                                             frame_.decl_.steps[d.fallback].id + "' ran instead): " + node.error);
    throw Error(ErrorKind::StepFailed, std::string("internal error: reference ") + ref + " names step '" + d.id +
                                           "', which has not finished");
  }

  bool exists(int step, std::initializer_list<PathStep> path) const override {
    const Frame::Node &node = frame_.frameOf(step).nodes_[step];
    return node.state == Frame::State::Done && node.output.find(std::vector<PathStep>(path)).has_value();
  }

  const Value &workflow() const override { return frame_.run_.workflow(); }

  Value callTool(int tool, const Value &args) override {
    if (rollback_)
      return frame_.run_.callTool(tool, args, !rollback_->argsChecked, frame_.stepPath(step_) + ".rollback", 1, cancel_,
                                  span_);
    const StepDecl &d = frame_.decl_.steps[step_];
    Value result = d.cache || frame_.run_.journal()
                       ? journaledCall(tool, args)
                       : frame_.run_.callTool(tool, args, !d.argsChecked, frame_.stepPath(step_), attempt_, cancel_, span_);
    if (d.evals.size() > 0)
      attemptLog_.add({frame_.run_.program().tools[tool].name, args, result.isString() ? result.asString() : result.dump(), ""});
    return result;
  }

  // callTool with a journal, or for a wfc.cache step: kept out of the common path.
  Value journaledCall(int tool, const Value &args) {
    const StepDecl &d = frame_.decl_.steps[step_];
    Run &run = frame_.run_;
    if (d.cache) {
      const char *name = run.program().tools[tool].name;
      std::string binding = run.journal() ? run.journal()->identity().bindings.at(name) : "";
      if (std::optional<Value> hit = cached("tool " + std::string(name) + " " + binding, args)) return *hit;
    }
    // A tool step's one call is recorded with the step's output, in one transaction; the calls of
    // other steps as they complete (docs/journal.md).
    std::unique_ptr<journal::ToolCallRow> *deferred = nullptr;
    if (outcome_ && run.journal() && d.kind == StepKind::Tool && d.evals.size() == 0) {
      if (outcome_->call) {  // not the step's only call after all: record the earlier one now
        run.journal()->recordToolCall(*outcome_->call);
        outcome_->call.reset();
      }
      deferred = &outcome_->call;
    }
    return run.callTool(tool, args, !d.argsChecked, frame_.stepPath(step_), attempt_, cancel_, span_, "", deferred);
  }

  Value complete(const Value &input) override {
    const StepDecl &d = frame_.decl_.steps[step_];
    if (d.prompt < 0)
      throw Error(ErrorKind::StepFailed, std::string("internal error: step '") + d.id + "' runs no prompt");
    // What else the reply depends on: the model, and the workflow's context and artifacts, which
    // a prompt's template may read.
    if (d.cache)
      if (std::optional<Value> hit = cached("llm " + frame_.run_.model(), withWorkflow(input))) return *hit;
    // Record/replay keys carry the nearest wfc.foreach's item index (docs/executable.md); the step path
    // already tells every item and iteration apart ("each[2]__summarize").
    std::optional<int64_t> item;
    if (const Frame *f = frame_.nearestIteration(StepKind::Foreach)) item = f->iteration_.index;
    // The log: for the step's evals, its reply object and the prompt's validators, which read it.
    llm::StepAttempt attempt{frame_.run_, d, frame_.stepPath(step_), attempt_, cancel_, span_, item, tokens_,
                             &attemptLog_};
    attempt.workingDir = workingDir_;
    attempt.spend = &spend_;
    if (d.kind == StepKind::Judge) return llm::judge(attempt, d.prompt, input, d.rubric);
    return llm::runLlmStep(attempt, input);
  }

  Value runForeach(const Value &items) override { return frame_.runForeach(step_, items, cancel_, span_); }
  Value runLoop() override { return frame_.runLoop(step_, attempt_, cancel_, span_); }
  Value runLoopOver(const Value &items) override { return frame_.runLoop(step_, attempt_, cancel_, span_, &items); }
  Value runBlock() override { return frame_.runBlock(step_, cancel_, span_); }

  const Value &item() const override { return itemFrame("${item}").iteration_.item; }
  int64_t itemIndex() const override { return itemFrame("${item_index}").iteration_.index; }

  // A copy (a shared pointer's): the value stays whole whatever captures later.
  Value variable(const char *name, const char *ref) const override {
    if (std::optional<Value> v = frame_.variable(name)) return *v;
    throw Error(ErrorKind::StepFailed, std::string(ref) + " reads variable '" + name +
                                           "', which no step has captured yet (docs/awl.md \"Variables\")");
  }

  Value env(const char *name, const char *ref) const override {
    if (const char *value = std::getenv(name)) return Value::string(repairUtf8(value));
    throw Error(ErrorKind::StepFailed, std::string(ref) + " reads the environment variable " + name +
                                           ", which is not set");
  }

  Value runId() const override { return Value::string(frame_.run_.runId()); }

  Value act(const Value &args) override {
    const StepDecl &d = frame_.decl_.steps[step_];
    return awl::perform(d.action, args, {frame_.run_, frame_.stepPath(step_), attempt_, cancel_, span_, frame_.input_});
  }

  Value promptAgent(const Value &input, const Value &workingDir) override {
    if (!workingDir.isNull() && !workingDir.isString())
      throw Error(ErrorKind::StepFailed, std::string("the working directory must be a string, not ") +
                                             describeType(workingDir));
    if (workingDir.isString()) workingDir_ = workingDir.asString();
    replyObject_ = true;
    Value reply = complete(input);
    std::vector<Value> calls;
    for (const std::string &tool : attemptLog_.names()) calls.push_back(Value::string(tool));
    return Value::object({{"text", reply.isString() ? reply : Value::string(reply.dump())},
                          {"tool-calls", Value::array(std::move(calls))},
                          {"tokens-used", Value::integer(int64_t(tokens_.promptTokens + tokens_.completionTokens))}});
  }
  int64_t loopIteration() const override { return iteration(StepKind::Loop, "${loop.iteration}").iteration_.index; }

  const Value &previous(int step, const char *ref) const override {
    const Frame &loop = iteration(StepKind::Loop, ref);
    const StepDecl &d = frame_.decl_.steps[step];
    if (!loop.iteration_.previous)
      throw Error(ErrorKind::StepFailed, std::string("reference ") + ref + " is absent in the first iteration of wfc.loop '" +
                                             frame_.decl_.steps[loop.iteration_.step].id +
                                             "' (test it with an 'exists' predicate)");
    const Frame::Node &node = loop.iteration_.previous->nodes_[step];
    if (node.state != Frame::State::Done)
      throw Error(ErrorKind::StepFailed, std::string("reference ") + ref + " names step '" + d.id +
                                             "', which did not run in the previous iteration");
    return node.output;
  }

  bool previousExists(int step, std::initializer_list<PathStep> path) const override {
    const Frame &loop = iteration(StepKind::Loop, "${loop.previous…}");
    if (!loop.iteration_.previous) return false;
    const Frame::Node &node = loop.iteration_.previous->nodes_[step];
    return node.state == Frame::State::Done && node.output.find(std::vector<PathStep>(path)).has_value();
  }
  // The tokens this attempt's exchanges used (prompt and agent steps).
  const llm::Usage &tokens() const { return tokens_; }
  const cost::Spend &spend() const { return spend_; }
  const evals::AttemptLog &attemptLog() const { return attemptLog_; }

  Value callComposition(int composition, const Value &input) override {
    checkCalleeInput(composition, input);
    if (frame_.decl_.steps[step_].cache) {
      // The callee may call any tool and any model.
      Run &run = frame_.run_;
      std::string context = std::string("subflow ") + run.program().compositions[composition].name + " " +
                            (run.journal() ? run.journal()->identity().bindingsDigest() : "") + " " + run.model();
      if (std::optional<Value> hit = cached(context, withWorkflow(input))) return *hit;
    }
    return runComposition(frame_.run_, composition, input, cancel_, frame_.stepPath(step_) + "__", span_);
  }

  Value enterComposition(int composition, Value input) override {
    checkCalleeInput(composition, input);
    return input;
  }

  Value leaveComposition(int composition, int outputStep, std::initializer_list<int> steps) override {
    const CompositionDecl &callee = frame_.run_.program().compositions[composition];
    Value output;
    if (outputStep >= 0) {
      const Frame::Node &node = frame_.frameOf(outputStep).nodes_[outputStep];
      if (node.state != Frame::State::Done)
        throw Error(ErrorKind::StepFailed, std::string("the output step '") + frame_.decl_.steps[outputStep].id +
                                               "' of composition '" + callee.name + "' was skipped");
      output = node.output;
    } else {
      for (auto it = std::rbegin(steps); it != std::rend(steps); ++it)
        if (const Frame::Node &node = frame_.frameOf(*it).nodes_[*it]; node.state == Frame::State::Done) {
          output = node.output;
          break;
        }
    }
    frame_.run_.checkOutput(composition, output);
    return output;
  }

 private:
  // wfc.cache (docs/journal.md): the output recorded for this step's definition, `context` and
  // resolved `input`, if any run of the journal recorded one. Without a journal: nothing.
  std::optional<Value> cached(const std::string &context, const Value &input) {
    journal::RunJournal *journal = frame_.run_.journal();
    if (!journal) {
      if (outcome_) outcome_->cache = "off";
      return std::nullopt;
    }
    std::string key = journal::cacheKey(frame_.decl_.steps[step_].definitionHash, context, input);
    std::optional<Value> hit = journal->cached(key);
    if (outcome_) {
      outcome_->cacheKey = std::make_unique<std::string>(std::move(key));
      outcome_->cache = hit ? "hit" : "miss";
    }
    return hit;
  }

  Value withWorkflow(const Value &input) const {
    if (!frame_.run_.runsWorkflow()) return input;
    return Value::object({{"input", input}, {"workflow", frame_.run_.workflow()}});
  }

  void checkCalleeInput(int composition, const Value &input) const {
    Run &run = frame_.run_;
    if (auto problem = run.checkInput(composition, input))
      throw Error(ErrorKind::StepFailed, std::string("the input of composition '") +
                                             run.program().compositions[composition].name +
                                             "' does not match its input_schema: " + *problem);
  }

  // The nearest frame iterating a `kind` step; the compiler proved there is one.
  const Frame &iteration(StepKind kind, const char *ref) const {
    if (const Frame *f = frame_.nearestIteration(kind)) return *f;
    throw Error(ErrorKind::StepFailed, std::string("internal error: ") + ref + " used outside a " + spell(kind) + " step");
  }
  const Frame &itemFrame(const char *ref) const {
    if (const Frame *f = frame_.nearestItem()) return *f;
    throw Error(ErrorKind::StepFailed, std::string("internal error: ") + ref + " used outside a step over items");
  }

  std::string skipReason(int step) const {
    for (int s = step; s >= 0; s = frame_.decl_.steps[s].parent) {
      const StepDecl &g = frame_.decl_.steps[s];
      if (g.guardedBy < 0) continue;
      if (g.guard == Guard::Fallback)
        return " (it is the wfc.on_error fallback of '" + std::string(frame_.decl_.steps[g.guardedBy].id) +
               "', which did not fail)";
      std::string arm = g.guard == Guard::Then ? "then" : "else";
      std::string self = s == step ? "it is" : std::string("its parallel step '") + g.id + "' is";
      return " (" + self + " the '" + arm + "' target of branch '" + frame_.decl_.steps[g.guardedBy].id +
             "', which took the other arm)";
    }
    return "";
  }

  Frame &frame_;
  int step_;
  unsigned attempt_;
  const CancellationToken &cancel_;
  const std::string &span_;
  Frame::AttemptOutcome *outcome_;
  const RollbackDecl *rollback_ = nullptr;
  evals::AttemptLog attemptLog_;  // what the step's evals, its reply object and its validators read
  bool replyObject_ = false;        // promptAgent(): the reply object lists the tools called
  std::string workingDir_;          // promptAgent(): where the model's tool calls run
  llm::Usage tokens_;
  cost::Spend spend_;  // the attempt's LLM spend, priced: what a cost_budget eval measures
};

Frame::Frame(Run &run, const CompositionDecl &composition, Value input, CancellationToken outer, std::string path,
             std::string parentSpan)
    : run_(run),
      decl_(composition),
      input_(std::move(input)),
      outer_(std::move(outer)),
      stop_(outer_.child()),
      path_(std::move(path)),
      parentSpan_(std::move(parentSpan)),
      nodes_(composition.steps.size()) {
  for (const EvalDecl &eval : run.program().evals)
    if (eval.typeName && std::string_view(eval.typeName).rfind("composition_", 0) == 0 &&
        std::string_view(eval.typeName) != "composition_output")
      recordsCompositions_ = true;
  wire();
}

Frame::Frame(Frame &enclosing, Iteration iteration, CancellationToken outer, std::string path, std::string parentSpan)
    : run_(enclosing.run_),
      decl_(enclosing.decl_),
      input_(enclosing.input_),
      outer_(std::move(outer)),
      stop_(outer_.child()),
      path_(std::move(path)),
      parentSpan_(std::move(parentSpan)),
      enclosing_(&enclosing),
      iteration_(std::move(iteration)),
      owners_(enclosing.owners_),
      nodes_(decl_.steps.size()) {
  recordsCompositions_ = enclosing.recordsCompositions_;
  wire();
}

void Frame::wire() {
  if (owners_.empty())
    for (size_t i = 0; i < decl_.steps.size(); ++i) owners_.push_back(iterationOwner(int(i)));
  paths_.reserve(nodes_.size());
  for (const StepDecl &d : decl_.steps) paths_.push_back(path_ + d.id);
  for (size_t i = 0; i < nodes_.size(); ++i) {
    if (!schedules(int(i))) continue;  // an iteration's inner step: its own frames run it
    const StepDecl &d = decl_.steps[i];
    // Predecessors outside this frame (the enclosing frame's steps) finished before it started.
    for (int p : d.after)
      if (schedules(p)) {
        ++nodes_[i].remaining;
        nodes_[p].successors.push_back(int(i));
      }
    if (d.parent >= 0 && d.parent != iteration_.step) {  // a parallel branch
      ++nodes_[i].remaining;
      nodes_[d.parent].children.push_back(int(i));
    }
  }
}

int Frame::iterationOwner(int step) const {
  for (int p = decl_.steps[step].parent; p >= 0; p = decl_.steps[p].parent)
    if (decl_.steps[p].kind == StepKind::Foreach || decl_.steps[p].kind == StepKind::Loop ||
        decl_.steps[p].kind == StepKind::Block)
      return p;
  return -1;
}

const Frame &Frame::frameOf(int step) const {
  const Frame *f = this;
  while (!f->schedules(step) && f->enclosing_) f = f->enclosing_;
  return *f;
}

const Frame *Frame::nearestIteration(StepKind kind) const {
  for (const Frame *f = this; f && f->iteration_.step >= 0; f = f->enclosing_)
    if (decl_.steps[f->iteration_.step].kind == kind) return f;
  return nullptr;
}

const Frame *Frame::nearestItem() const {
  for (const Frame *f = this; f && f->iteration_.step >= 0; f = f->enclosing_)
    if (f->iteration_.hasItem) return f;
  return nullptr;
}

Frame &Frame::top() {
  Frame *f = this;
  while (f->enclosing_) f = f->enclosing_;
  return *f;
}

const Frame &Frame::top() const {
  const Frame *f = this;
  while (f->enclosing_) f = f->enclosing_;
  return *f;
}

void Frame::capture(int step, const Value &output) {
  const char *name = decl_.steps[step].capture;
  if (!name) return;
  Frame &t = top();
  std::lock_guard lock(t.variablesMutex_);
  t.variables_.insert_or_assign(std::string(name), output);
}

std::optional<Value> Frame::variable(std::string_view name) const {
  const Frame &t = top();
  std::lock_guard lock(t.variablesMutex_);
  if (auto it = t.variables_.find(name); it != t.variables_.end()) return it->second;
  return std::nullopt;
}

Value Frame::variablesObject() const {
  std::vector<std::pair<std::string, Value>> members;
  for (const char *name : decl_.variables)
    if (std::optional<Value> v = variable(name)) members.emplace_back(name, std::move(*v));
  return Value::object(std::move(members));
}

Value Frame::run() {
  const Clock::time_point started = Clock::now();
  const bool toolComposition = decl_.toolComposition && iteration_.step < 0;
  if (toolComposition) refuseResumeAfterRollback();
  {
    std::unique_lock lock(mutex_);
    for (size_t i = 0; i < nodes_.size(); ++i)
      if (schedules(int(i)) && nodes_[i].remaining == 0) makeReady(int(i));
    for (;;) {
      drain(lock);
      if (ready_.empty() && inFlight_ == 0) break;
      changed_.wait(lock);
    }
  }
  if (toolComposition) return toolCompositionResult(started);
  if (!failures_.empty()) {
    const Failure &first = firstFailure();
    // A `stop` with exit code 0 ends the composition with its variables (docs/awl.md "Actions").
    if (first.kind == ErrorKind::Stopped && decl_.variableStore && iteration_.step < 0) return variablesObject();
    throw Error(first.kind, first.message);
  }
  outer_.throwIfCancelled();
  stop_.throwIfCancelled();  // stopped from outside (a sibling foreach item failed): no output

  // An iteration's output: its last inner step (in declaration order) that ran.
  if (iteration_.step >= 0) {
    for (size_t i = nodes_.size(); i-- > 0;)
      if (decl_.steps[i].parent == iteration_.step && nodes_[i].state == State::Done) return nodes_[i].output;
    return Value();
  }
  if (decl_.variableStore) return variablesObject();
  if (decl_.output >= 0) {
    const Node &node = nodes_[decl_.output];
    if (node.state != State::Done)
      throw Error(ErrorKind::StepFailed, std::string("the output step '") + decl_.steps[decl_.output].id +
                                             "' of composition '" + decl_.name + "' was skipped");
    return node.output;
  }
  for (size_t i = nodes_.size(); i-- > 0;)
    if (decl_.steps[i].parent < 0 && nodes_[i].state == State::Done) return nodes_[i].output;
  return Value();
}

void Frame::makeReady(int step) { ready_.push_back(step); }

void Frame::offerHelp() {
  // One helper per ready step, all asked for at once: asking for one that asks for the next
  // when it gets to run started a fan-out's last branch a thread start-up per branch late.
  while (helpersWanted_ < ready_.size() && helpersWanted_ < run_.pool().maxThreads()) {
    ++helpersWanted_;
    run_.pool().submit([self = shared_from_this()] {
      std::unique_lock lock(self->mutex_);
      --self->helpersWanted_;
      self->drain(lock);
      self->changed_.notify_all();
    });
  }
}

void Frame::drain(std::unique_lock<std::mutex> &lock) {
  while (!ready_.empty()) {
    // stop_ is also cancelled from outside when a sibling foreach item failed (stopNonWrite).
    if (outer_.cancelled() || stop_.cancelled()) {
      ready_.clear();  // nothing new starts once the frame is stopping
      break;
    }
    int s = ready_.front();
    ready_.pop_front();
    // Once a step has failed, no step at or after it in -O0 order starts; the steps before it
    // still run, as they would have at -O0 (a static plan may have started the failing one early).
    if (!failures_.empty() && decl_.steps[s].order >= failOrder_) continue;
    if (!ready_.empty()) offerHelp();
    const StepDecl &d = decl_.steps[s];
    if (!failures_.empty() && blockedByFailure(s)) {  // partial_success: a step it needs failed
      nodes_[s].state = State::Blocked;
      if (Trace *t = run_.trace())
        t->write("step_skip", {{"step", stepPath(s)}, {"kind", spell(d.kind)}, {"reason", "a step it needs failed"},
                               {"parent_span_id", parentSpan_}});
      if (run_.recording()) run_.record({stepPath(s), spell(d.kind), "blocked", 0, 0, ""});
      finish(s);
      continue;
    }
    if (d.guardedBy >= 0 && nodes_[d.guardedBy].taken != d.guard) {
      skip(s, d.guard == Guard::Fallback ? "not needed: the step it stands in for did not fail"
                                         : "not chosen by its branch");
      stopIfSettled(lock);
      continue;
    }
    if (d.kind == StepKind::Parallel) {
      startParallel(s);
      continue;
    }
    nodes_[s].state = State::Running;
    ++inFlight_;
    lock.unlock();
    execute(s);
    lock.lock();
    --inFlight_;
    changed_.notify_all();
  }
}

void Frame::finish(int step) {
  for (int next : nodes_[step].successors)
    if (nodes_[next].state == State::Pending && --nodes_[next].remaining == 0) makeReady(next);
  int parent = decl_.steps[step].parent;
  if (parent >= 0 && nodes_[parent].state == State::Running && --nodes_[parent].childrenLeft == 0) {
    Node &p = nodes_[parent];
    p.output = reduce(parent);
    p.state = State::Done;
    double ms = millisSince(p.started);
    if (Trace *t = run_.trace())
      t->write("step_end", {{"step", stepPath(parent)}, {"kind", "parallel"}, {"span_id", p.span},
                            {"parent_span_id", parentSpan_}, {"attempt", 1}, {"status", "ok"},
                            {"duration_ms", ms}},
               nullptr, &p.output);
    if (run_.recording()) run_.record({stepPath(parent), "parallel", "ok", 1, ms, ""});
    const StepDecl &block = decl_.steps[parent];
    if (recordsCompositions_) run_.compositionRecord().parallelComplete(block.key ? block.key : block.id);
    finish(parent);
  }
}

void Frame::skip(int step, const char *reason) {
  Node &node = nodes_[step];
  node.state = State::Skipped;
  if (Trace *t = run_.trace())
    t->write("step_skip", {{"step", stepPath(step)}, {"kind", spell(decl_.steps[step].kind)}, {"reason", reason},
                           {"parent_span_id", parentSpan_}});
  if (run_.recording()) run_.record({stepPath(step), spell(decl_.steps[step].kind), "skipped", 0, 0, ""});
  for (int child : node.children) skip(child, "its parallel step was skipped");
  finish(step);
}

void Frame::startParallel(int step) {
  Node &node = nodes_[step];
  node.state = State::Running;
  node.started = Clock::now();
  node.span = run_.newSpanId();
  node.childrenLeft = unsigned(node.children.size());
  if (Trace *t = run_.trace())
    t->write("step_start", {{"step", stepPath(step)}, {"kind", "parallel"}, {"span_id", node.span},
                            {"parent_span_id", parentSpan_}, {"attempt", 1}});
  for (int child : node.children)
    if (--nodes_[child].remaining == 0) makeReady(child);
}

Value Frame::reduce(int step) const {
  const StepDecl &d = decl_.steps[step];
  const Node &node = nodes_[step];
  Value reduced;
  switch (d.reduce) {
    case Reduce::Barrier: {
      std::vector<std::pair<std::string, Value>> members;
      for (int c : node.children) {
        const StepDecl &branch = decl_.steps[c];
        members.emplace_back(branch.key ? branch.key : branch.id, nodes_[c].output);
      }
      reduced = Value::object(std::move(members));
      break;
    }
    case Reduce::Append: {
      std::vector<Value> items;
      for (int c : node.children) {
        const Value &out = nodes_[c].output;
        if (out.isArray())
          for (size_t i = 0; i < out.size(); ++i) items.push_back(*out.at(i));
        else
          items.push_back(out);
      }
      reduced = Value::array(std::move(items));
      break;
    }
    case Reduce::Replace:
      reduced = nodes_[node.children.back()].output;
      break;
  }
  return Value::object({{d.into, reduced}});
}

void Frame::fail(int step, const Error &error) {
  nodes_[step].state = State::Failed;
  failures_.push_back({step, error.kind(), error.what()});
  // partial_success: what does not need the failed step goes on (blockedByFailure).
  if (!continuesAfterFailure()) failOrder_ = std::min(failOrder_, decl_.steps[step].order);
}

const Frame::Failure &Frame::firstFailure() const {
  // The first failure in -O0 order decides; a parallel's branches share an order, and among
  // them declaration order decides.
  return *std::min_element(failures_.begin(), failures_.end(), [&](const Failure &a, const Failure &b) {
    return std::pair(decl_.steps[a.step].order, a.step) < std::pair(decl_.steps[b.step].order, b.step);
  });
}

void Frame::stopIfSettled(std::unique_lock<std::mutex> &lock) {
  if (failures_.empty() || stopping_) return;
  for (size_t i = 0; i < nodes_.size(); ++i)
    if (schedules(int(i)) && decl_.steps[i].order < failOrder_ &&
        (nodes_[i].state == State::Pending || nodes_[i].state == State::Running))
      return;  // a step before the failure in -O0 order has yet to finish
  stopping_ = true;
  std::string reason = "step '" + stepPath(firstFailure().step) + "' failed";
  lock.unlock();
  stop_.cancel(reason);  // callbacks run without our lock
  lock.lock();
}

void Frame::recover(int step, const Error &error) {
  const StepDecl &d = decl_.steps[step];
  Node &node = nodes_[step];
  if (d.fallbackValue) {
    node.output = Value::parse(d.fallbackValue);
    node.state = State::Done;
    capture(step, node.output);
  } else {
    node.state = State::Recovered;
    node.taken = Guard::Fallback;
    node.error = error.what();
  }
  if (Trace *t = run_.trace())
    t->write("step_recovered", {{"step", stepPath(step)}, {"kind", spell(d.kind)}, {"error", error.what()},
                                {"parent_span_id", parentSpan_},
                                {"with", d.fallbackValue ? std::string("value") : std::string(decl_.steps[d.fallback].id)}});
  finish(step);
}

void Frame::resume(int step, const journal::StepRow &row) {
  const StepDecl &d = decl_.steps[step];
  Value output = Value::parse(row.output);
  const char *status = row.recovered ? "recovered" : "ok";
  if (Trace *t = run_.trace())
    t->write("step_resumed", {{"step", stepPath(step)}, {"kind", spell(d.kind)}, {"status", status},
                              {"attempts", row.attempts}, {"parent_span_id", parentSpan_}});
  std::unique_lock lock(mutex_);
  Node &node = nodes_[step];
  if (run_.recording())
    run_.record({stepPath(step), spell(d.kind), status, row.attempts, 0, row.error, true, ""});
  if (row.recovered && !d.fallbackValue) {
    node.state = State::Recovered;  // its fallback step runs (or was recorded) in its place
    node.taken = Guard::Fallback;
    node.error = row.error;
  } else {
    // What the evals read of a step that ran before the run resumed, as when it ran.
    if (recordsCompositions_) run_.compositionRecord().stepDone(d.key ? d.key : d.id, row.output);
    if (run_.runsWorkflow() && (d.kind == StepKind::Prompt || d.kind == StepKind::Agent) &&
        !(output.isString() && output.asString().find_first_not_of(" \t\r\n") == std::string::npos))
      run_.workflowProgress().spokeIn(run_.workflowProgress().state);
    node.output = std::move(output);
    node.state = State::Done;
    node.completion = ++completed_;
    capture(step, node.output);
  }
  finish(step);
  stopIfSettled(lock);
}

void Frame::execute(int step) {
  const StepDecl &d = decl_.steps[step];
  Node &node = nodes_[step];
  // A branch's choice is not recorded: its predicate reads only recorded outputs, so it chooses
  // the same again.
  journal::RunJournal *journal = d.kind == StepKind::Branch ? nullptr : run_.journal();
  // With a variable store, a loop or block that completed before is entered again: its inner
  // steps come back from the journal one by one, and so do the variables they captured
  // (docs/awl.md "Resume").
  bool replayInside = decl_.variableStore && (d.kind == StepKind::Loop || d.kind == StepKind::Block);
  if (replayInside && journal && journal->resuming()) journal = nullptr;
  if (journal && journal->resuming())
    if (const journal::StepRow *row = journal->step(stepPath(step))) return resume(step, *row);
  std::optional<Error> error;
  Value output;
  Guard taken = Guard::None;
  unsigned attempts = 1;
  AttemptOutcome outcome;
  Clock::time_point start = Clock::now();
  if (d.kind == StepKind::Branch) {
    std::string span = run_.newSpanId();
    if (Trace *t = run_.trace())
      t->write("step_start", {{"step", stepPath(step)}, {"kind", "branch"}, {"span_id", span},
                              {"parent_span_id", parentSpan_}, {"attempt", 1}});
    try {
      taken = evaluate(step, 1, stop_, span) ? Guard::Then : d.elseStep >= 0 ? Guard::Else : Guard::None;
      int chosen = taken == Guard::Then ? d.thenStep : taken == Guard::Else ? d.elseStep : -1;
      if (recordsCompositions_)
        run_.compositionRecord().branchTaken(d.key ? d.key : d.id, chosen < 0 ? ""
                                                                 : decl_.steps[chosen].key ? decl_.steps[chosen].key
                                                                                           : decl_.steps[chosen].id);
      output = Value::object({{"taken", taken == Guard::Then   ? Value::string("then")
                                        : taken == Guard::Else ? Value::string("else")
                                                               : Value()}});
    } catch (const Error &e) {
      error = e;
    } catch (const std::exception &e) {
      error = Error(ErrorKind::StepFailed, e.what());
    }
    if (Trace *t = run_.trace()) {
      nlohmann::ordered_json end = {{"step", stepPath(step)}, {"kind", "branch"}, {"span_id", span},
                                    {"parent_span_id", parentSpan_}, {"attempt", 1},
                                    {"status", error ? "failed" : "ok"}, {"duration_ms", millisSince(start)}};
      if (error) end["error"] = error->what();
      else end["taken"] = output.get("taken")->json();
      t->write("step_end", end, nullptr, error ? nullptr : &output);
    }
  } else {
    try {
      output = runAttempts(step, attempts, outcome);
    } catch (const Error &e) {
      error = e;
    }
  }
  double ms = millisSince(start);

  // The output is committed before any step that depends on it can start (finish() below).
  if (journal && !error) {
    try {
      journal->recordStep(stepPath(step), {false, output.dump(), "", attempts},
                          outcome.cacheKey ? std::optional(*outcome.cacheKey) : std::nullopt, outcome.call.get());
    } catch (const Error &e) {
      error = e;  // the journal stopped the run
    }
  }
  // wfc.on_error handles any failure of the step itself (a timeout too), but not a signal.
  bool handled = error && (d.fallback >= 0 || d.fallbackValue) && error->kind() != ErrorKind::Cancelled &&
                 error->kind() != ErrorKind::Stopped && !outer_.cancelled();
  if (journal && handled) {
    try {
      journal->recordStep(stepPath(step), {true, d.fallbackValue ? d.fallbackValue : "null", error->what(), attempts},
                          std::nullopt, nullptr);
    } catch (const Error &e) {
      error = e;
      handled = false;
    }
  }

  std::unique_lock lock(mutex_);
  if (!error) {
    node.output = std::move(output);
    node.taken = taken;
    node.state = State::Done;
    node.completion = ++completed_;
    capture(step, node.output);
    if (run_.recording()) run_.record({stepPath(step), spell(d.kind), "ok", attempts, ms, "", false, outcome.cache});
    finish(step);
    stopIfSettled(lock);
    return;
  }
  // A step cancelled because another one failed is not a failure of its own.
  bool collateral = error->kind() == ErrorKind::Cancelled && !outer_.cancelled();
  node.error = (attempts > 1 && !collateral ? "failed after " + std::to_string(attempts) + " attempts: " : "") +
               std::string(error->what());
  if (run_.recording())
    run_.record({stepPath(step), spell(d.kind),
                 collateral                                    ? "cancelled"
                 : handled                                     ? "recovered"
                 : error->kind() == ErrorKind::Stopped         ? "stopped"
                                                               : "failed",
                 attempts, ms, error->what(), false, outcome.cache});
  if (collateral) {
    node.state = State::Failed;
    stopIfSettled(lock);
    return;
  }
  if (handled) {
    recover(step, *error);
    stopIfSettled(lock);
    return;
  }
  std::string message = std::string(d.location) + ": step '" + stepPath(step) + "' failed" +
                        (attempts > 1 ? " after " + std::to_string(attempts) + " attempts" : "") + ": " +
                        error->what();
  bool plain = error->kind() == ErrorKind::Cancelled || error->kind() == ErrorKind::Stopped;
  fail(step, Error(error->kind(), plain ? error->what() : message));
  if (continuesAfterFailure()) finish(step);  // its successors in the plan may not need it
  else stopIfSettled(lock);
}

Value Frame::runRollback(const RollbackDecl &rollback, const std::string &span) {
  AttemptContext ctx(*this, rollback.step, rollback, outer_, span);
  return rollback.run(ctx);
}

bool Frame::evaluate(int step, unsigned attempt, const CancellationToken &cancel, const std::string &span) {
  AttemptContext ctx(*this, step, attempt, cancel, span);
  return decl_.steps[step].predicate(ctx);
}

Value Frame::runAttempts(int step, unsigned &attempts, AttemptOutcome &outcome) {
  const StepDecl &d = decl_.steps[step];
  journal::RunJournal *journal = run_.journal();
  // A resumed run goes on from the attempt it was in: the ones that failed before are not run
  // again (their tool calls keep their keys). A step that had used up its attempts — the failure
  // that ended the run — gets as many again, numbered on, so their keys are new (docs/journal.md).
  unsigned first = 1, last = d.maxAttempts;
  if (journal && journal->resuming()) {
    unsigned failed = journal->failedAttempts(stepPath(step));
    first = failed + 1;
    last = failed >= d.maxAttempts ? failed + d.maxAttempts : d.maxAttempts;
  }
  for (unsigned attempt = first;; ++attempt) {
    attempts = attempt;
    if (attempt != first) outcome = AttemptOutcome();
    // write work finishes even when a sibling fails; only a signal (the outer token) stops it.
    // An attempt gets a token of its own only when its timeout must be able to cancel it alone.
    const CancellationToken &base = d.effect == Effect::Write ? outer_ : stop_;
    CancellationToken token = d.timeoutMs > 0 ? base.child() : base;
    uint64_t deadline = 0;
    if (d.timeoutMs > 0)
      deadline = run_.deadlines().schedule(Clock::now() + std::chrono::milliseconds(d.timeoutMs), token, kTimeoutReason);
    std::string span = run_.newSpanId();
    Trace *trace = run_.trace();
    if (trace)
      trace->write("step_start", {{"step", stepPath(step)}, {"kind", spell(d.kind)}, {"span_id", span},
                                  {"parent_span_id", parentSpan_}, {"attempt", attempt}});
    Clock::time_point start = Clock::now();
    std::optional<Error> error;
    AttemptContext ctx(*this, step, attempt, token, span, &outcome);
    // step_end carries the attempt's tokens for steps that talk to a model.
    auto withTokens = [&](nlohmann::ordered_json fields) {
      if (d.kind == StepKind::Prompt || d.kind == StepKind::Agent || d.kind == StepKind::Judge)
        fields["tokens"] = {{"prompt", ctx.tokens().promptTokens}, {"completion", ctx.tokens().completionTokens}};
      if (d.cache && *outcome.cache) fields["cache"] = outcome.cache;
      return fields;
    };
    try {
      Value out = d.run ? d.run(ctx) : runStepWithoutFunction(d, ctx);
      // What the composition_* evals read: the step's output, as the pack names the step.
      if (recordsCompositions_) run_.compositionRecord().stepDone(d.key ? d.key : d.id, out.dump());
      // A workflow state's prompt that answered with text spoke in it (spoke_in_state).
      if (run_.runsWorkflow() && (d.kind == StepKind::Prompt || d.kind == StepKind::Agent) &&
          !(out.isString() && out.asString().find_first_not_of(" \t\r\n") == std::string::npos))
        run_.workflowProgress().spokeIn(run_.workflowProgress().state);
      // A cached output passed the step's evals when it was recorded.
      if (d.evals.size() > 0 && std::string_view(outcome.cache) != "hit") {  // part of the attempt: a gating eval's failure fails it (docs/evals.md)
        std::optional<int64_t> item;
        if (const Frame *f = nearestIteration(StepKind::Foreach)) item = f->iteration_.index;
        const std::vector<evals::ToolCallRecord> calls = ctx.attemptLog().calls();
        const std::vector<evals::GuardrailVerdict> verdicts = ctx.attemptLog().verdicts();
        const std::vector<evals::TranscriptMessage> transcript = ctx.attemptLog().transcript();
        const Value variables = ctx.attemptLog().variables();
        evals::runStepEvals({run_, d, stepPath(step), attempt, item, millisSince(start), token, span, calls, verdicts,
                             &ctx.spend(), run_.runsWorkflow() ? &run_.workflowProgress() : nullptr, &transcript,
                             &variables},
                            out);
      }
      if (deadline) run_.deadlines().cancel(deadline);
      if (trace)
        trace->write("step_end", withTokens({{"step", stepPath(step)}, {"kind", spell(d.kind)}, {"span_id", span},
                                             {"parent_span_id", parentSpan_}, {"attempt", attempt}, {"status", "ok"},
                                             {"duration_ms", millisSince(start)}}),
                     nullptr, &out);
      return out;
    } catch (const Error &e) {
      error = e;
    } catch (const std::exception &e) {
      error = Error(ErrorKind::StepFailed, e.what());
    }
    if (deadline) run_.deadlines().cancel(deadline);
    bool stopped = outer_.cancelled() || (d.effect != Effect::Write && stop_.cancelled());
    if (!stopped && d.timeoutMs > 0 && token.cancelled() && token.reason() == kTimeoutReason)
      error = Error(ErrorKind::Exhausted, "timed out after " + std::to_string(d.timeoutMs) + " ms (wfc.timeout_ms)");
    const char *status = error->kind() == ErrorKind::Stopped ? "stopped" : "failed";
    if (trace)
      trace->write("step_end", withTokens({{"step", stepPath(step)}, {"kind", spell(d.kind)}, {"span_id", span},
                                           {"parent_span_id", parentSpan_}, {"attempt", attempt}, {"status", status},
                                           {"duration_ms", millisSince(start)}, {"error", error->what()}}));
    bool stopping = stopped || stop_.cancelled() || error->kind() == ErrorKind::Cancelled ||
                    error->kind() == ErrorKind::Stopped;
    // A failed attempt is recorded before the next one starts, so a resumed run goes on after it;
    // an attempt stopped from outside did not fail, and runs again on a resume.
    if (journal && !stopping)
      journal->recordFailedAttempt(stepPath(step), attempt, journal::spellErrorKind(error->kind()), error->what(),
                                   outcome.call.get());
    // Nothing is retried once the run is stopping (a signal, or another step failed).
    if (stopping || attempt >= last) throw *error;
    const CancellationToken &wait = d.effect == Effect::Write ? outer_ : stop_;
    if (wait.waitFor(backoff(d.backoffMs, attempt))) throw Error(ErrorKind::Cancelled, wait.reason());
  }
}

Value runComposition(Run &run, int composition, const Value &input, const CancellationToken &cancel,
                     const std::string &path, const std::string &parentSpan) {
  const CompositionDecl &decl = run.program().compositions[composition];
  auto frame = std::make_shared<Frame>(run, decl, input, cancel, path, parentSpan);
  Value output = frame->run();
  run.checkOutput(composition, output);
  return output;
}

}  // namespace wfc

// One execution of a composition: its step graph scheduled over threads (docs/semantics.md).
//
// A step starts once every step in its `after` list is done or skipped (and, for a parallel
// branch, once its parallel step has started). The thread that finishes a step goes straight on
// with the first step that became ready; further ready steps are offered to the worker pool, so a
// chain runs on one thread with no hand-offs while parallel branches really run at once.
//
// Guarded steps (branch targets) run only when their branch chose them; the untaken target is
// skipped, and skipping a parallel step skips its branches. When a step fails, no step at or
// after it in -O0 order (StepDecl::order) starts; the steps before it run to the end, as at -O0;
// then in-flight `none`/`read` steps are cancelled, `write` steps finish, and the frame fails
// with the failure of the first failing step in -O0 order.
#pragma once

#include "core/journal/JournalFile.h"
#include "core/journal/RunStore.h"
#include "core/run/Run.h"

#include <chrono>
#include <condition_variable>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace wfc {

// Runs composition `composition` of `run`'s program with `input` to its output (validated against
// its output_schema), in a frame of its own. Throws wfc::Error: the failure of its first failing
// step in declaration order, or the output's. `path` prefixes step ids ("call__") inside subflow
// calls.
Value runComposition(Run &run, int composition, const Value &input, const CancellationToken &cancel,
                     const std::string &path, const std::string &parentSpan);

class Frame : public std::enable_shared_from_this<Frame> {
 public:
  Frame(Run &run, const CompositionDecl &composition, Value input, CancellationToken outer, std::string path,
        std::string parentSpan);

  // What a frame running one item of a wfc.foreach, one iteration of a wfc.loop, or a block's
  // steps adds to the frame it runs inside (Iteration.cpp).
  struct Iteration {
    int step = -1;           // the foreach, loop or block step whose inner steps the frame runs
    int64_t index = 0;       // the item index, or the loop iteration (0-based)
    Value item;              // foreach, loop over items: the item
    std::shared_ptr<Frame> previous;  // loop: the previous iteration's frame (null in the first)
    bool hasItem = false;    // a foreach's item or a loop's over items: `${item}` reads this frame
  };
  // A frame for one iteration of `enclosing`'s step `iteration.step`: it schedules only that
  // step's inner steps and reads everything else (input, outer steps) from `enclosing`.
  Frame(Frame &enclosing, Iteration iteration, CancellationToken outer, std::string path, std::string parentSpan);

  // Runs the composition on the calling thread (with pool threads helping) to its output.
  // Throws the frame's failure as wfc::Error.
  Value run();

 private:
  friend class AttemptContext;
  // Recovered: the step failed and its wfc.on_error fallback step stands in for it; it counts as
  // finished for ordering, like a skipped step. Blocked: a tool composition under
  // partial_success did not run it because a step it needs failed (or was blocked).
  enum class State { Pending, Running, Done, Skipped, Failed, Recovered, Blocked };
  struct Node {
    State state = State::Pending;
    unsigned remaining = 0;     // unfinished predecessors (+1 for a branch's parallel step)
    unsigned childrenLeft = 0;  // parallel: branches not yet finished
    std::vector<int> successors;
    std::vector<int> children;
    Value output;
    Guard taken = Guard::None;  // branch: the arm it chose; Fallback: its fallback step runs
    std::string error;          // Recovered: why the step failed
    std::chrono::steady_clock::time_point started;
    std::string span;
    unsigned completion = 0;  // Done: when it finished among the frame's steps (1, 2, …): rollbacks run in reverse
  };
  struct Failure {
    int step;
    ErrorKind kind;
    std::string message;
  };
  // What one attempt leaves for the step's record in the journal (docs/journal.md).
  // Light to make and drop: every step has one, journal or not.
  struct AttemptOutcome {
    std::unique_ptr<journal::ToolCallRow> call;  // a tool step's one call: recorded with the step
    std::unique_ptr<std::string> cacheKey;       // wfc.cache: the key the output is recorded under
    const char *cache = "";                      // wfc.cache: "hit", "miss", or "off" (no journal)
  };

  // Runs ready steps on this thread until none is left; pool threads call it too.
  void drain(std::unique_lock<std::mutex> &lock);
  void offerHelp();
  // The step is finished (done or skipped): ready what it unblocks, complete its parallel step
  // when it was the last branch. These run with the lock held.
  void finish(int step);
  void makeReady(int step);
  void skip(int step, const char *reason);
  void startParallel(int step);
  void fail(int step, const Error &error);
  // The failure that decides the frame's error (failures_ must not be empty).
  const Failure &firstFailure() const;
  // Once every step before the first failure (in -O0 order) has finished: stops none/read work.
  void stopIfSettled(std::unique_lock<std::mutex> &lock);
  // wfc.on_error: the failed step takes its fallback value, or hands over to its fallback step.
  void recover(int step, const Error &error);

  // ToolComposition.cpp (docs/tool-composition.md): under partial_success, whether a step it
  // needs failed or was blocked; the result object once every step has settled, after the
  // rollbacks the policy asks for (a failure throws it inside FailureWithOutput).
  bool continuesAfterFailure() const;
  bool blockedByFailure(int step) const;
  Value toolCompositionResult(std::chrono::steady_clock::time_point started);
  // Rolls back the completed steps that have a rollback action, latest completion first; each
  // failed rollback's message is added to `errors` (the step, the message).
  std::vector<std::string> rollBack(std::vector<std::pair<std::string, std::string>> &errors);
  // One rollback action's call (Frame.cpp, where the attempt context lives).
  Value runRollback(const RollbackDecl &rollback, const std::string &span);
  // Refuses to resume a run that already rolled back: what it undid is not in the journal's
  // outputs any more.
  void refuseResumeAfterRollback() const;

  // Iteration.cpp: a wfc.foreach, wfc.loop or block step's one attempt, on the attempt's token.
  // `items`: a loop over items (null: iterations until `until`).
  Value runForeach(int step, const Value &items, const CancellationToken &cancel, const std::string &span);
  Value runLoop(int step, unsigned attempt, const CancellationToken &cancel, const std::string &span,
                const Value *items = nullptr);
  Value runBlock(int step, const CancellationToken &cancel, const std::string &span);

  // The variable store of a composition that has one (docs/awl.md "Variables"), kept by the
  // composition's top frame: a finished step's output is captured into its variable (also when
  // a resumed run reads it from the journal), steps read the current values, and the output is
  // the object of their final values.
  Frame &top();
  const Frame &top() const;
  void capture(int step, const Value &output);
  std::optional<Value> variable(std::string_view name) const;
  Value variablesObject() const;
  // Builds the nodes of the steps this frame schedules and their edges (both constructors).
  void wire();
  // A branch's predicate or a loop's `until`, against this frame's steps.
  bool evaluate(int step, unsigned attempt, const CancellationToken &cancel, const std::string &span);
  // Stops the frame's none/read work, as when one of its own steps fails (a sibling item failed).
  void stopNonWrite(const std::string &reason) { stop_.cancel(reason); }
  // The step's nearest enclosing wfc.foreach or wfc.loop (-1: none): the frame that runs it.
  int iterationOwner(int step) const;
  bool schedules(int step) const { return owners_[step] == iteration_.step; }
  // The frame (this or one it runs inside) that holds step `step`'s node.
  const Frame &frameOf(int step) const;
  // The nearest frame (this or one it runs inside) iterating a step of kind `kind`, or null.
  const Frame *nearestIteration(StepKind kind) const;
  // The nearest frame running an item (of a wfc.foreach or a loop over items), or null.
  const Frame *nearestItem() const;

  // Outside the lock: a branch's predicate, a tool or subflow step's attempts.
  void execute(int step);
  Value runAttempts(int step, unsigned &attempts, AttemptOutcome &outcome);
  // A resumed run: the step completed before, and the journal has its output (docs/journal.md).
  void resume(int step, const journal::StepRow &row);
  Value reduce(int step) const;
  const std::string &stepPath(int step) const { return paths_[step]; }

  Run &run_;
  const CompositionDecl &decl_;
  const Value input_;
  CancellationToken outer_;  // the caller's: cancelled by a signal (or the caller's own stop)
  CancellationToken stop_;   // cancelled when a step fails: stops none/read work
  const std::string path_;
  const std::string parentSpan_;
  // The program has an eval that reads what its compositions did (CompositionRecord): only then
  // are steps' outputs kept there.
  bool recordsCompositions_ = false;
  std::vector<std::string> paths_;  // each step's path ("call__inner"), built once
  // Iteration frames: the frame this one runs inside (null at a composition's top), and which
  // iteration this is. owners_[s] is iterationOwner(s); this frame schedules the steps whose
  // owner is iteration_.step (-1 at the top).
  Frame *enclosing_ = nullptr;
  Iteration iteration_;
  std::vector<int> owners_;

  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<Node> nodes_;
  std::deque<int> ready_;
  unsigned inFlight_ = 0;
  unsigned helpersWanted_ = 0;  // pool tasks submitted and not yet started
  std::vector<Failure> failures_;
  unsigned failOrder_ = ~0u;  // the -O0 order of the first failure in that order
  bool stopping_ = false;     // stop_ cancelled because of failures_
  unsigned completed_ = 0;    // steps done so far (Node::completion)

  // The variable store (top frame only; steps of a variable-store composition run one at a time,
  // the lock is for the readers of a finished run's output).
  mutable std::mutex variablesMutex_;
  std::map<std::string, Value, std::less<>> variables_;
};

}  // namespace wfc

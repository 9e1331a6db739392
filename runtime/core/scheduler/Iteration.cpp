// wfc.foreach and wfc.loop (docs/language/promptpack.md): one child Frame per item or iteration, scheduling only
// the step's inner steps and reading the enclosing frame for everything else.
//
// Paths: an item's or iteration's inner steps are named `<step>[<n>]__<inner>` ("each[2]__summarize",
// "refine[0]__draft"), so traces, reports, tool idempotency keys and record/replay keys tell every
// item and iteration apart, at any concurrency.
//
// Concurrency: a foreach keeps at most max_concurrency items in flight (default and cap: the run's
// --max-concurrency). The thread running the step works through the items itself and offers up
// to max_concurrency - 1 helpers to the worker pool; a helper that starts after the items are
// all taken just returns, so a busy pool slows a foreach down but never deadlocks it.
#include "core/scheduler/Frame.h"
#include "support/Describe.h"

#include <algorithm>

namespace wfc {
namespace {

// What the items of one foreach attempt share with the threads running them.
struct ForeachItems {
  explicit ForeachItems(size_t n) : outputs(n), errors(n), frames(n) {}
  std::mutex mutex;
  std::condition_variable idle;
  size_t next = 0;       // the first item no thread has taken
  unsigned active = 0;   // items being run
  bool stopping = false;  // an item failed: take no more
  std::vector<Value> outputs;
  std::vector<std::optional<Error>> errors;
  std::vector<std::shared_ptr<Frame>> frames;  // the items in flight (to stop their none/read work)
};

}  // namespace

Value Frame::runForeach(int step, const Value &items, const CancellationToken &cancel, const std::string &span) {
  const StepDecl &d = decl_.steps[step];
  if (!items.isArray())
    throw Error(ErrorKind::StepFailed, std::string("the items of wfc.foreach '") + d.id + "' must be an array, not " +
                                           describeType(items) + ": " + headOf(items.dump(), 120));
  const size_t n = items.size();
  auto shared = std::make_shared<ForeachItems>(n);
  const unsigned runLimit = run_.pool().maxThreads() + 1;  // --max-concurrency
  const unsigned limit = std::min(d.maxConcurrency > 0 ? d.maxConcurrency : runLimit, runLimit);

  // Takes items until none is left or one has failed. Only called while this attempt waits for
  // its items (see below), so `this`, `items`, `cancel` and `span` are alive whenever an item is taken.
  auto work = [this, step, &items, &cancel, &span](ForeachItems &s) {
    std::unique_lock lock(s.mutex);
    while (!s.stopping && s.next < s.outputs.size()) {
      size_t i = s.next++;
      ++s.active;
      std::string path = stepPath(step) + "[" + std::to_string(i) + "]__";
      auto frame = std::make_shared<Frame>(*this, Iteration{step, int64_t(i), *items.at(i), nullptr, true}, cancel,
                                           path, span);
      s.frames[i] = frame;
      lock.unlock();
      std::optional<Error> error;
      Value output;
      try {
        output = frame->run();
      } catch (const Error &e) {
        error = e;
      }
      std::vector<std::shared_ptr<Frame>> others;
      lock.lock();
      s.frames[i].reset();
      --s.active;
      if (error) {
        s.errors[i] = std::move(error);
        if (!s.stopping) {
          s.stopping = true;
          for (const auto &f : s.frames)
            if (f) others.push_back(f);
        }
      } else {
        s.outputs[i] = std::move(output);
      }
      if (!others.empty()) {
        // Like a failing step in one frame: the other items' none/read work is cancelled, their
        // write work finishes. Cancel callbacks run without our lock.
        lock.unlock();
        for (const auto &f : others) f->stopNonWrite("item " + std::to_string(i) + " of '" + stepPath(step) + "' failed");
        lock.lock();
      }
      s.idle.notify_all();
    }
  };

  unsigned helpers = unsigned(std::min<size_t>(limit, n)) - (n > 0 ? 1 : 0);
  for (unsigned h = 0; h < helpers && run_.pool().maxThreads() > 0; ++h)
    run_.pool().submit([shared, work, self = shared_from_this()] {
      // A helper that starts late finds the items taken (or the attempt over: `stopping` or
      // `next == n`) and touches nothing else.
      work(*shared);
    });
  work(*shared);
  {
    std::unique_lock lock(shared->mutex);
    shared->idle.wait(lock, [&] { return shared->active == 0; });
    shared->stopping = true;  // no helper takes anything once this attempt returns
    shared->next = n;
  }

  // The first failure in item order decides; an item cancelled because another failed is not one.
  const Error *first = nullptr;
  for (const auto &e : shared->errors)
    if (e && !first) first = &*e;
  for (const auto &e : shared->errors)
    if (e && e->kind() != ErrorKind::Cancelled) {
      first = &*e;
      break;
    }
  // A copy with a message of its own: copies of a std::runtime_error share the message's buffer,
  // counted inside libstdc++ where ThreadSanitizer cannot see it, and a helper that started late
  // may drop the last reference to `shared` (and so to these errors) on its own thread.
  if (first) throw Error(first->kind(), std::string(first->what()));
  cancel.throwIfCancelled();

  if (d.into[0] == '\0') return Value::array(std::move(shared->outputs));
  Value reduced;
  if (d.reduce == Reduce::Replace) reduced = n > 0 ? shared->outputs.back() : Value();
  else reduced = Value::array(std::move(shared->outputs));  // append and barrier: one output per item, in item order
  return Value::object({{d.into, std::move(reduced)}});
}

Value Frame::runLoop(int step, unsigned attempt, const CancellationToken &cancel, const std::string &span,
                     const Value *items) {
  const StepDecl &d = decl_.steps[step];
  if (items && !items->isArray())
    throw Error(ErrorKind::StepFailed, std::string("the items of loop '") + d.id + "' must be a list, not " +
                                           describeType(*items) + ": " + headOf(items->dump(), 120));
  std::shared_ptr<Frame> previous;
  Value output;
  for (unsigned i = 0; i < d.maxIterations; ++i) {
    // A loop over items ends with its items (docs/awl.md "Loops").
    if (items && i >= items->size()) return output;
    std::string path = stepPath(step) + "[" + std::to_string(i) + "]__";
    Iteration iteration{step, int64_t(i), items ? *items->at(i) : Value(), previous, items != nullptr};
    auto frame = std::make_shared<Frame>(*this, std::move(iteration), cancel, path, span);
    output = frame->run();
    bool done = frame->evaluate(step, attempt, cancel, span);
    if (Trace *t = run_.trace())
      t->write("loop_iteration", {{"step", stepPath(step)}, {"iteration", i}, {"parent_span_id", span},
                                  {"until", done}});
    if (done) return output;
    // The next iteration reads this one's outputs (loop.previous); nothing reads older ones.
    frame->iteration_.previous.reset();
    previous = std::move(frame);
  }
  if (items && d.maxIterations >= items->size()) return output;
  throw Error(ErrorKind::Exhausted, std::string(items ? "loop '" : "wfc.loop '") + d.id + "' reached max_iterations (" +
                                        std::to_string(d.maxIterations) + ") without its 'until' predicate holding" +
                                        (items ? " and with " + std::to_string(items->size() - d.maxIterations) +
                                                     " items left"
                                               : std::string()));
}

Value Frame::runBlock(int step, const CancellationToken &cancel, const std::string &span) {
  auto frame = std::make_shared<Frame>(*this, Iteration{step, 0, Value(), nullptr, false}, cancel,
                                       stepPath(step) + "__", span);
  return frame->run();
}

}  // namespace wfc

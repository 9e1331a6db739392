// A tool composition's frame (docs/tool-composition.md): partial_success's blocked steps, the
// rollbacks, and the result object {success, results, errors, duration, steps_executed,
// rolled_back} that is the composition's output, failed or not.
#include "core/scheduler/Frame.h"

#include "core/journal/RunJournal.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>

namespace wfc {
namespace {

using Clock = std::chrono::steady_clock;

// Milliseconds as a number with microsecond precision: 0.042, 12.5.
Value millis(Clock::duration d) {
  double ms = std::chrono::duration<double, std::milli>(d).count();
  return Value::number(std::round(ms * 1000.0) / 1000.0);
}

// Where the journal records that a step was rolled back (a run that rolled back is not resumed).
std::string rollbackPath(const std::string &stepPath) { return stepPath + ".rollback"; }

}  // namespace

bool Frame::continuesAfterFailure() const {
  return decl_.toolComposition && decl_.toolComposition->strategy == FailureStrategy::PartialSuccess;
}

bool Frame::blockedByFailure(int step) const {
  if (!continuesAfterFailure()) return false;
  for (int need : decl_.steps[step].needs) {
    State s = nodes_[need].state;
    if (s == State::Failed || s == State::Blocked) return true;
  }
  return false;
}

void Frame::refuseResumeAfterRollback() const {
  journal::RunJournal *journal = run_.journal();
  if (!journal || !journal->resuming()) return;
  for (const RollbackDecl &r : decl_.toolComposition->rollbacks)
    if (journal->step(rollbackPath(stepPath(r.step))))
      throw Error(ErrorKind::Usage, "run " + run_.runId() + " failed and rolled back its completed steps (step '" +
                                        stepPath(r.step) + "' among them), so there is nothing to resume; start a new "
                                        "run");
}

std::vector<std::string> Frame::rollBack(std::vector<std::pair<std::string, std::string>> &errors) {
  const ToolCompositionDecl &tc = *decl_.toolComposition;
  // Latest completion first: each step is undone before the steps it built on.
  std::vector<const RollbackDecl *> due;
  for (const RollbackDecl &r : tc.rollbacks)
    if (nodes_[r.step].state == State::Done) due.push_back(&r);
  std::sort(due.begin(), due.end(), [&](const RollbackDecl *a, const RollbackDecl *b) {
    return nodes_[a->step].completion > nodes_[b->step].completion;
  });
  std::vector<std::string> rolledBack;
  journal::RunJournal *journal = run_.journal();
  for (const RollbackDecl *r : due) {
    // A signal stops the rollbacks too: the run is then resumable, not rolled back.
    if (outer_.cancelled()) break;
    const std::string path = rollbackPath(stepPath(r->step));
    std::string span = run_.newSpanId();
    Trace *trace = run_.trace();
    if (trace)
      trace->write("step_start", {{"step", path}, {"kind", "rollback"}, {"tool", run_.program().tools[r->tool].name},
                                  {"span_id", span}, {"parent_span_id", parentSpan_}, {"attempt", 1}});
    Clock::time_point start = Clock::now();
    std::optional<std::string> failure;
    Value result;
    try {
      result = runRollback(*r, span);
    } catch (const std::exception &e) {
      failure = e.what();
    }
    double ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    if (trace) {
      nlohmann::ordered_json end = {{"step", path}, {"kind", "rollback"}, {"span_id", span},
                                    {"parent_span_id", parentSpan_}, {"attempt", 1},
                                    {"status", failure ? "failed" : "ok"}, {"duration_ms", ms}};
      if (failure) end["error"] = *failure;
      trace->write("step_end", end);
    }
    if (run_.recording())
      run_.record({path, "rollback", failure ? "failed" : "ok", 1, ms, failure.value_or("")});
    if (failure) {
      errors.emplace_back(decl_.steps[r->step].id, "rollback failed: " + *failure);
      continue;
    }
    if (journal) {
      try {
        journal->recordStep(path, {false, result.dump(), "", 1}, std::nullopt, nullptr);
      } catch (const Error &e) {
        errors.emplace_back(decl_.steps[r->step].id, std::string("rollback done, but not recorded: ") + e.what());
      }
    }
    rolledBack.push_back(decl_.steps[r->step].id);
  }
  return rolledBack;
}

Value Frame::toolCompositionResult(Clock::time_point started) {
  const ToolCompositionDecl &tc = *decl_.toolComposition;
  // A signal is not a step's failure: no result, nothing rolled back (the run stays resumable).
  outer_.throwIfCancelled();
  std::vector<std::pair<std::string, Value>> results;
  std::vector<std::pair<std::string, std::string>> errors;
  int64_t executed = 0;
  for (size_t i = 0; i < nodes_.size(); ++i) {
    const Node &node = nodes_[i];
    const StepDecl &d = decl_.steps[i];
    switch (node.state) {
      case State::Done:
        ++executed;
        results.emplace_back(tc.resultKeys[i], node.output);
        break;
      case State::Failed:
        ++executed;
        errors.emplace_back(d.id, node.error);
        break;
      case State::Blocked:
        for (int n : d.needs)
          if (nodes_[n].state == State::Failed || nodes_[n].state == State::Blocked) {
            errors.emplace_back(d.id, std::string("not run: it needs step '") + decl_.steps[n].id + "', which " +
                                          (nodes_[n].state == State::Failed ? "failed" : "did not run"));
            break;
          }
        break;
      default: break;  // not started: fail_fast stopped before it
    }
  }
  const bool failed = !failures_.empty();
  std::vector<std::string> rolledBack;
  if (failed && tc.rollBack) rolledBack = rollBack(errors);

  std::vector<Value> errorList;
  for (auto &[step, message] : errors)
    errorList.push_back(Value::object({{"step", Value::string(step)}, {"message", Value::string(message)}}));
  std::vector<Value> rolledBackList;
  for (const std::string &id : rolledBack) rolledBackList.push_back(Value::string(id));
  Value result = Value::object({{"success", Value::boolean(!failed)},
                                {"results", Value::object(std::move(results))},
                                {"errors", Value::array(std::move(errorList))},
                                {"duration", millis(Clock::now() - started)},
                                {"steps_executed", Value::integer(executed)},
                                {"rolled_back", Value::array(std::move(rolledBackList))}});
  if (!failed) return result;
  const Failure &first = firstFailure();
  throw FailureWithOutput(first.kind, first.message, std::move(result));
}

}  // namespace wfc

#include "host/batch/BatchRunner.h"

#include "core/journal/BatchStore.h"
#include "core/journal/RunJournal.h"
#include "core/journal/RunStore.h"
#include "core/trace/Trace.h"
#include "host/batch/InputLines.h"
#include "support/WorkerPool.h"
#include "wfc/error.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <deque>
#include <exception>
#include <system_error>

namespace wfc::batch {

uint64_t reorderWindow(unsigned maxRuns) { return std::max<uint64_t>(1024, uint64_t(maxRuns) * 16); }

namespace {

// The journal's rows of a resumed batch's lines, read a page at a time in line order as the input
// reaches them: a resumed batch of a million lines holds a page of results, not all of them.
class JournalLines {
 public:
  JournalLines(journal::JournalFile &file, std::string batch) : file_(file), batch_(std::move(batch)) {}

  // The row of line `line`, if the journal has one. Lines are asked for in increasing order.
  const journal::BatchLineRow *find(int64_t line) {
    while (!page_.empty() && page_.front().line < line) page_.pop_front();
    while (page_.empty() && !done_) {
      std::vector<journal::BatchLineRow> rows = file_.batches().lines(batch_, std::max(line, next_), kPage);
      done_ = rows.size() < kPage;
      if (!rows.empty()) next_ = rows.back().line + 1;
      for (journal::BatchLineRow &row : rows)
        if (row.line >= line) page_.push_back(std::move(row));
    }
    return !page_.empty() && page_.front().line == line ? &page_.front() : nullptr;
  }

 private:
  static constexpr size_t kPage = 4096;
  journal::JournalFile &file_;
  std::string batch_;
  std::deque<journal::BatchLineRow> page_;
  int64_t next_ = 0;  // the first line not read yet
  bool done_ = false;
};

}  // namespace

// A line on its way through a run: where its result goes in the output, and what the journal said
// of it when the batch (re)started.
struct BatchRunner::Line {
  uint64_t seq = 0;  // its place among the results
  InputLine input;
  std::optional<std::string> run;  // the run the journal holds for it (it was in flight)
};

BatchRunner::BatchRunner(const RunEnvironment &env, const RunInputCheck &inputCheck, Options options,
                         ReorderBuffer &output, BatchProgress &progress, CancellationToken stop)
    : env_(env),
      inputCheck_(inputCheck),
      options_(std::move(options)),
      output_(output),
      progress_(progress),
      stop_(std::move(stop)),
      batch_(stop_.child()) {
  if (env_.budget.any()) {
    cost::BudgetLimits limits = env_.budget;
    limits.scope = options_.shard && options_.shard->count > 1 ? "shard" : "batch";
    // A resumed batch goes on against what its runs spent before.
    cost::Spend before;
    if (options_.resumed && env_.journal && !options_.batchId.empty())
      before = env_.journal->batches().spend(options_.batchId);
    budget_.emplace(limits, before);
  }
}

void BatchRunner::fail(const std::string &message, int code) {
  {
    std::lock_guard lock(mutex_);
    if (!fatal_.empty()) return;
    fatal_ = message;
    fatalCode_ = code;
  }
  // The runs in flight stop as for a signal: with a journal they are recorded cancelled, and
  // resume with the batch.
  batch_.cancel("the batch stopped: " + message);
  changed_.notify_all();
}

BatchRunner::Result BatchRunner::run(int fd, const std::string &name) {
  Result result;
  const uint64_t window = reorderWindow(options_.maxRuns);
  uint64_t seq = 0;
  // A signal or a fatal problem wakes the reader waiting for a free run.
  CancellationToken::Registration wake = batch_.onCancel([this] {
    { std::lock_guard lock(mutex_); }
    changed_.notify_all();
  });
  {
    // Destroyed (its threads joined) before the result is read: every run has ended by then.
    WorkerPool pool(options_.maxRuns);
    try {
      InputLines lines(fd, name);
      lines.stopWith(batch_);
      std::optional<JournalLines> recorded;
      if (options_.resumed && env_.journal) recorded.emplace(*env_.journal, options_.batchId);
      InputLine input;
      while (!batch_.cancelled() && lines.next(input)) {
        if (!inShard(options_.shard, input.index) || (!input.tooLong && isBlank(input.text))) continue;
        auto line = std::make_shared<Line>();
        line->seq = seq++;
        line->input = std::move(input);
        if (const journal::BatchLineRow *row = recorded ? recorded->find(int64_t(line->input.index)) : nullptr) {
          // Finished before: its result as it was — unless it failed and the batch is redriven.
          const bool redriven = options_.redrive && row->status == journal::RunStatus::Failed && row->run;
          if (row->status != journal::RunStatus::Running && row->result && !redriven) {
            progress_.finishedBefore(row->status);
            output_.put(line->seq, *row->result);
            continue;
          }
          line->run = row->run;
        }
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [&] {
          return batch_.cancelled() || (inFlight_ < options_.maxRuns && line->seq < output_.next() + window);
        });
        if (batch_.cancelled()) break;
        ++inFlight_;
        lock.unlock();
        try {
          pool.submit([this, line] {
            try {
              runLine(*line);
            } catch (const std::exception &e) {  // runLine reports its own failures; this is a bug
              fail(std::string("internal error: ") + e.what(), 1);
            }
            std::lock_guard done(mutex_);
            --inFlight_;
            changed_.notify_all();
          });
        } catch (const std::system_error &e) {  // no thread at all (WorkerPool.h): the line did not start
          {
            std::lock_guard undo(mutex_);
            --inFlight_;
          }
          fail(std::string("cannot start a run: ") + e.what(), 1);
        }
      }
    } catch (const Error &e) {  // the input, or the journal's rows of a resumed batch, could not be read
      fail(e.what(), e.exitCode());
    }
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return inFlight_ == 0; });
  }
  result.lines = seq;
  result.complete = !batch_.cancelled() && progress_.counts().done() == seq;
  if (!output_.ok() && fatal_.empty()) fatal_ = "cannot write the output", fatalCode_ = 1;
  result.fatal = fatal_;
  result.fatalCode = fatalCode_;
  return result;
}

LineResult BatchRunner::lineFromRun(const journal::RunRow &run) const {
  LineResult r;
  r.code = int(run.exitCode.value_or(1));
  r.status = lineStatus(r.code);
  r.error = run.error;
  if (run.output) r.output = Value::parse(*run.output);
  return r;
}

void BatchRunner::runLine(Line &line) {
  journal::JournalFile *journal = env_.journal;
  const int64_t index = int64_t(line.input.index);
  LineResult result;
  std::optional<std::string> runId = line.run;
  uint64_t promptTokens = 0, completionTokens = 0;
  bool decided = false;

  // A line whose run was in flight when the batch stopped: the run's row says how far it got.
  std::optional<journal::RunRow> resumed;
  if (journal && line.run) {
    try {
      resumed = journal->runs().find(*line.run);
    } catch (const Error &e) {
      return fail(e.what(), 1);
    }
    const bool redriven = options_.redrive && resumed && resumed->status == journal::RunStatus::Failed;
    if (resumed && resumed->status != journal::RunStatus::Running && resumed->status != journal::RunStatus::Cancelled &&
        !redriven) {
      // It ended, but its line's end was not recorded (the batch was killed in between).
      result = lineFromRun(*resumed);
      decided = true;
    }
  }

  RunRequest request;
  if (!decided && resumed) {
    request.resumed = resumed;
    try {
      request.input = Value::parse(resumed->input);
    } catch (const Error &e) {
      return fail("run '" + resumed->id + "' of the journal has an input that is not JSON: " + e.what(), 1);
    }
  } else if (!decided) {
    try {
      request.input = lineInput(line.input);
      if (!options_.task) inputCheck_.check(request.input);  // a chat turn checks its own input
    } catch (const Error &e) {
      result.status = journal::RunStatus::Failed, result.code = e.exitCode(), result.error = e.what();
      runId.reset();
      decided = true;
    }
  }

  if (!decided) {
    CancellationToken cancel = batch_.child();
    request.cancel = cancel;
    request.task = options_.task;
    request.events = options_.events;
    request.budget = budget_ ? &*budget_ : nullptr;
    bool notRecorded = false;
    request.onStarted = [&](const std::string &id) {
      runId = id;
      if (!journal) return;
      try {
        journal->batches().startLine(options_.batchId, index, id);
      } catch (const Error &) {
        notRecorded = true;
        throw;
      }
    };
    RunOutcome outcome = executeRun(env_, std::move(request));
    if (!outcome.started || notRecorded) return fail(outcome.error, outcome.code ? outcome.code : 1);
    if (cancel.cancelled() && cancel.reason().rfind(journal::kJournalReason, 0) == 0)
      return fail(outcome.error, 1);  // the journal could not be written: the run is left resumable
    if (outcome.code >= 128) return;  // interrupted: the line has not finished
    promptTokens = outcome.promptTokens, completionTokens = outcome.completionTokens;
    result.code = outcome.code;
    result.status = lineStatus(outcome.code);
    result.error = outcome.error;
    result.output = std::move(outcome.output);
  }

  std::string text = resultLine(uint64_t(index), result);
  if (journal) {
    try {
      journal->batches().finishLine(options_.batchId, index, runId, result.status, text);
    } catch (const Error &e) {
      return fail(e.what(), 1);  // not written out either: the journal decides what finished
    }
  }
  if (env_.trace) {
    nlohmann::ordered_json event = {{"line", index}, {"run_id", runId ? nlohmann::ordered_json(*runId) : nullptr},
                                    {"status", spell(result.status)}, {"exit_code", result.code}};
    if (!options_.batchId.empty()) event["batch"] = options_.batchId;
    env_.trace->write("batch_line", event);
  }
  progress_.finished(result.status, promptTokens, completionTokens);
  output_.put(line.seq, std::move(text));
  if (!output_.ok()) fail("cannot write the output", 1);
}

}  // namespace wfc::batch

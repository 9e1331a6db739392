// A batch's runs (docs/batch.md): reads the input line by line, runs each line the batch takes
// as a run of its own through executeRun (ExecuteRun.h) — at most maxRuns at once, all sharing
// one RunEnvironment — and puts each result into the ReorderBuffer, which writes them in input
// order. With a journal, each line's run is recorded as the line's (batch_lines) when it starts,
// and its result line when it finishes, so a resumed batch skips what finished, resumes the runs
// that were in flight with their run ids, and starts the rest.
#pragma once

#include "core/journal/JournalFile.h"
#include "core/journal/RunStore.h"
#include "host/batch/BatchLine.h"
#include "host/batch/BatchProgress.h"
#include "host/batch/ReorderBuffer.h"
#include "host/session/CommandLine.h"
#include "host/session/ExecuteRun.h"
#include "host/session/RunSetup.h"
#include "wfc/cancellation.h"

#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>

namespace wfc::batch {

class BatchRunner {
 public:
  struct Options {
    unsigned maxRuns = 16;
    std::optional<CommandLine::Shard> shard;
    const ChatTaskDecl *task = nullptr;         // a chat program's task: each line one turn
    std::optional<workflow::EventFile> events;  // --events: every run takes them from the start
    // With --journal: the batch's id, and whether it resumes (its lines' rows are then read from
    // the journal, a page at a time, as the input reaches them).
    std::string batchId;
    bool resumed = false;
    // --redrive BATCH_ID (docs/journal.md "Fork and redrive"): the lines that failed run again —
    // their runs resumed from their failures — besides those that had not finished.
    bool redrive = false;
  };

  // How the batch ended.
  struct Result {
    uint64_t lines = 0;  // the lines it runs (read so far, when it stopped early)
    bool complete = false;  // every line finished
    // Set when the batch stopped for good before the end (the journal or the output could not be
    // written, the input could not be read): the message and the exit code.
    std::string fatal;
    int fatalCode = 0;
  };

  BatchRunner(const RunEnvironment &env, const RunInputCheck &inputCheck, Options options, ReorderBuffer &output,
              BatchProgress &progress, CancellationToken stop);

  // Runs the lines of `fd` (`name` for messages) until its end or `stop`, then waits for the runs
  // in flight. `stop` cancels the runs in flight: their lines do not finish (with a journal they
  // resume with the batch).
  Result run(int fd, const std::string &name);

 private:
  struct Line;
  void runLine(Line &line);
  LineResult lineFromRun(const journal::RunRow &run) const;
  void fail(const std::string &message, int code);  // stops the batch for good

  const RunEnvironment &env_;
  const RunInputCheck &inputCheck_;
  Options options_;
  ReorderBuffer &output_;
  BatchProgress &progress_;
  // --max-cost / --max-tokens bound the whole batch (or shard): every line reserves against this
  // one (docs/cost.md "Budgets").
  std::optional<cost::SpendBudget> budget_;
  CancellationToken stop_;   // signals
  CancellationToken batch_;  // stop_'s child: what a fatal problem cancels

  std::mutex mutex_;
  std::condition_variable changed_;  // a run ended
  unsigned inFlight_ = 0;
  std::string fatal_;
  int fatalCode_ = 0;
};

// How many results may wait for an earlier line before no new line starts (docs/batch.md
// "Output"): a line that runs long holds back the writing, not the runs, until this many finished
// after it.
uint64_t reorderWindow(unsigned maxRuns);

}  // namespace wfc::batch

// The batches of a journal (docs/batch.md): each batch — the program that runs it and the input
// it reads, so that a resume reads the same — and each of its lines with its run and, once
// finished, its result line: what a resumed batch skips and writes again.
#pragma once

#include "core/cost/SpendBudget.h"
#include "core/journal/JournalFile.h"
#include "core/journal/ProgramIdentity.h"
#include "core/journal/RunStatus.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace wfc::journal {

// A batch: one run per line of a JSON Lines input.
struct BatchRow {
  std::string id;
  ProgramIdentity identity;
  std::string input;        // the input file's path, absolute ("-": standard input)
  std::string inputSha256;  // of the input's bytes
  int64_t lines = 0;        // the lines it runs: not blank, in its shard
  int64_t shardIndex = 0, shardCount = 1;
  BatchStatus status = BatchStatus::Running;
  int64_t startedMs = 0;
  std::optional<int64_t> finishedMs;
  std::string owner;  // "PID:START" of the process running it, while running
};

// One line of a batch: its run, and once it finished, its result line.
struct BatchLineRow {
  int64_t line = 0;                   // the line's 0-based index in the input
  std::optional<std::string> run;     // the run's id (none for a line that was not an input)
  RunStatus status = RunStatus::Running;  // running, succeeded, failed or suspended
  std::optional<std::string> result;  // the output line (JSON), once finished
};

class BatchStore {
 public:
  explicit BatchStore(JournalFile &file);
  ~BatchStore();
  // Its tables: created in any journal when it opens, so a journal written before batches gains
  // them.
  static void migrate(sqlite3 *db);

  void create(const BatchRow &row);
  std::optional<BatchRow> find(const std::string &id);
  // Marks a batch running for `owner`, unless `isAlive(owner)` says its current owner still runs
  // it: then returns that owner and changes nothing.
  std::optional<std::string> reopen(const std::string &id, const std::string &owner,
                                    bool (*isAlive)(const std::string &));
  void finish(const std::string &id, BatchStatus status, int64_t finishedMs);
  // The rows of the batch's lines from `fromLine` on, in line order, at most `limit` of them.
  std::vector<BatchLineRow> lines(const std::string &batch, int64_t fromLine, size_t limit);
  int64_t finishedLines(const std::string &batch);
  // What the batch's runs have spent on LLM calls (docs/cost.md "Budgets").
  cost::Spend spend(const std::string &batch);
  void startLine(const std::string &batch, int64_t line, const std::string &run);
  void finishLine(const std::string &batch, int64_t line, const std::optional<std::string> &run, RunStatus status,
                  const std::string &result);

 private:
  struct Statements;
  JournalFile &file_;
  std::unique_ptr<Statements> s_;
};

}  // namespace wfc::journal

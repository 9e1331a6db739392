// A workflow registry's records in its journal (docs/registry.md): which workflow each run ran,
// for which scope and user — what gating asks — and the runs of its sequences.
#pragma once

#include "core/journal/JournalFile.h"
#include "core/journal/RunStatus.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace wfc::journal {

// A registry's run of one of its workflows, with its status.
struct MemberRunRow {
  std::string run, workflow;
  RunStatus status = RunStatus::Running;
  std::string scope;  // memberRun() only
  std::optional<std::string> user;
};

// A run of a registry's sequence: where it is, the context its transitions gathered, its state.
struct SequenceRunRow {
  std::string id, sequence, scope;
  std::optional<std::string> user;
  std::string input;     // JSON: what every workflow of the sequence starts from
  std::string context;   // JSON object: the context variables chosen transitions seeded
  int64_t position = 0;  // the step of the sequence it is at (0-based)
  RunStatus status = RunStatus::Running;
  std::optional<std::string> awaiting;  // JSON {transition, events}, while suspended
  std::string output = "{}";            // JSON object: each completed workflow's output
  std::string error;
  std::optional<int64_t> exitCode;
  int64_t startedMs = 0;
  std::optional<int64_t> finishedMs;
  std::string owner;  // "PID:START" of the process running it, while running
};

class RegistryStore {
 public:
  explicit RegistryStore(JournalFile &file);
  ~RegistryStore();
  // Its tables: created in any journal when it opens, so a journal written before registries
  // gains them.
  static void migrate(sqlite3 *db);

  // A run of workflow `workflow` for `scope` (and user), as part of a sequence run's step
  // `position` or alone.
  void recordMemberRun(const std::string &runId, const std::string &workflow, const std::string &scope,
                       const std::optional<std::string> &user, const std::optional<std::string> &sequenceRun,
                       std::optional<int64_t> position);
  // Some run of `workflow` in `scope` (by `user`, when given) that succeeded: its id.
  std::optional<std::string> completedRun(const std::string &workflow, const std::string &scope,
                                          const std::optional<std::string> &user);
  // Which workflow (scope, user) a run ran, if it is a registry's.
  std::optional<MemberRunRow> memberRun(const std::string &runId);
  // The runs a sequence run made at one of its steps, oldest first.
  std::vector<MemberRunRow> memberRuns(const std::string &sequenceRun, int64_t position);
  void createSequenceRun(const SequenceRunRow &row);
  void updateSequenceRun(const SequenceRunRow &row);
  std::optional<SequenceRunRow> findSequenceRun(const std::string &id);
  std::vector<SequenceRunRow> sequenceRuns();

 private:
  struct Statements;
  JournalFile &file_;
  std::unique_ptr<Statements> s_;
};

}  // namespace wfc::journal

// The runs of a workflow registry (docs/registry.md): one workflow alone, gated (--workflow), or
// a sequence (--sequence) — its steps in order, the workflows of a step at once, each gated, a
// transition routing the sequence on (at once, or once a person's choice arrives as an event
// after the sequence suspended). Every workflow's run is a run of the journal like any other,
// recorded with its workflow, scope and user; a sequence's progress is a row of its own, so a
// killed or failed sequence resumes where it stopped.
#pragma once

#include "core/cost/PriceTable.h"
#include "core/cost/SpendBudget.h"
#include "core/journal/JournalFile.h"
#include "core/journal/RegistryStore.h"
#include "core/journal/RunStore.h"
#include "core/llm/Provider.h"
#include "core/tools/ToolTable.h"
#include "host/session/CommandLine.h"
#include "host/session/ExecuteRun.h"
#include "wfc/registry.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace wfc::registry {

// What every run of the registry shares.
struct RegistryEnvironment {
  const RegistryDecl &registry;
  const ToolTable &tools;
  std::string self;  // the executable's name, for messages
  Trace *trace = nullptr;
  llm::Provider *provider = nullptr;  // null when no workflow talks to a model
  std::string model;
  unsigned maxConcurrency = 64;
  uint64_t timeoutMs = 0;
  journal::JournalFile &journal;
  std::vector<journal::ProgramIdentity> identities;  // by workflow
  const SignalCancellation *signals = nullptr;
  CancellationToken cancel;
  cost::BudgetLimits budget;  // each run's (docs/cost.md)
  const cost::PriceTable *prices = nullptr;
};

// How a registry run ended.
struct RegistryOutcome {
  int code = 0;  // docs/executable.md's exit codes; 4: the sequence awaits a choice
  std::string error;
  std::optional<Value> output;
  std::string runId;  // the sequence run's, or the workflow run's
};

class RegistryRunner {
 public:
  explicit RegistryRunner(RegistryEnvironment &env);

  // --workflow: one run of workflow `workflow` for `scope` (and user), once its required
  // dependencies are met (exit 1 naming them otherwise).
  RegistryOutcome runWorkflow(int workflow, const std::string &scope, const std::optional<std::string> &user,
                              const Value &input);
  // --sequence: a new run of sequence `sequence`.
  RegistryOutcome startSequence(int sequence, const std::string &scope, const std::optional<std::string> &user,
                                const Value &input);
  // --resume of a sequence run: where it stopped; a suspended one with the event (an option's id)
  // its transition awaits, and the context the event brings.
  RegistryOutcome resumeSequence(journal::SequenceRunRow row, const std::optional<std::string> &event,
                                 const std::optional<std::string> &eventContext);
  // --resume of a workflow's run (one run with --workflow, killed or failed).
  RegistryOutcome resumeWorkflowRun(const std::string &runId);

 private:
  struct Sequence;
  // How a sequence run ends: its exit code (4: suspended for a choice), why, and its status.
  struct Stop {
    int code;
    std::string error;
    journal::RunStatus status;
  };
  // Runs the sequence from where it stands until it ends or suspends.
  RegistryOutcome drive(Sequence &s, std::optional<std::string> event, const std::optional<std::string> &eventContext);
  // Takes transition `transition` (docs/registry.md "Transitions"): moves the sequence to where
  // it routes (its position, sequence, or the next transition in `pendingTransition`), consuming
  // `event` for a choice; a Stop when the sequence ends or waits for a choice there.
  std::optional<Stop> takeTransition(Sequence &s, int transition, std::optional<std::string> &event,
                                     std::string &pendingTransition);
  // Runs the workflows of the step the sequence is at, at once, and merges their outputs; a Stop
  // when one is blocked, fails or is cancelled.
  std::optional<Stop> runStep(Sequence &s);
  // Records how the sequence run ended (or suspended) and says so.
  RegistryOutcome finish(Sequence &s, const Stop &stop);
  RunOutcome runMember(int workflow, const Value &input, const std::optional<journal::RunRow> &resumed,
                       const std::string &scope, const std::optional<std::string> &user,
                       const std::optional<std::string> &sequenceRun, std::optional<int64_t> position);
  Value memberInput(int workflow, const Value &input, const Value &context) const;
  int indexOfWorkflow(const char *id) const;

  RegistryEnvironment &env_;
  std::vector<std::unique_ptr<llm::Provider>> providers_;  // by workflow: the registry's, prefixed
};

}  // namespace wfc::registry

// Fork (docs/journal.md "Fork and redrive"): `--fork RUN_ID --from STEP [--input …]` starts a new
// run of the journal that reuses what run RUN_ID recorded for every step that does not depend on
// STEP — its outputs, its LLM exchanges, its tool calls — and runs STEP and what depends on it.
//
// What depends on STEP, in the program's step tables: STEP with everything inside it, every step
// that waits for it (its plan's `after`, a branch's then/else, a fallback) with everything inside
// those, transitively; and the steps that contain any of them (a foreach around STEP runs again,
// its items reusing what their other steps recorded). The plan is the -O level's: at -O0, where
// every step waits for the one before, everything after STEP runs again.
#pragma once

#include "core/journal/JournalFile.h"
#include "core/journal/RunStore.h"
#include "wfc/value.h"

#include <optional>
#include <string>
#include <vector>

namespace wfc {
struct ProgramDecl;
}

namespace wfc::journal {

struct ForkPlan {
  std::vector<std::string> reused;  // the recorded paths the fork keeps
  size_t rerun = 0;                 // how many of the program's steps run again (at most)
};

// Which of run `source`'s recorded paths a fork from step `from` of `program` (its entry
// composition) reuses. Throws wfc::Error(Usage) when the program has no such step (with a
// did-you-mean) or is not one a fork applies to (a workflow's states, a chat).
ForkPlan planFork(JournalFile &file, const RunRow &source, const ProgramDecl &program, const std::string &from);

// The fork, recorded: a new run of `input` (the source's when not given) owned by this process,
// holding the source's rows for the paths `plan` reuses; returned as a run to resume.
RunRow recordFork(JournalFile &file, const RunRow &source, const ForkPlan &plan, const ProgramIdentity &identity,
                  const std::optional<Value> &input);

}  // namespace wfc::journal

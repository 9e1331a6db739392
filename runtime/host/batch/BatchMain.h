// --input-jsonl (docs/batch.md): one executable running its workflow over every line of a JSON
// Lines file — the runs sharing one setup (tools, LLM provider, rate limits, trace, journal), the
// results written in input order — and --resume BATCH_ID continuing a journaled batch.
#pragma once

#include "host/session/CommandLine.h"
#include "wfc/program.h"

#include <optional>
#include <string>

namespace wfc::batch {

// Whether the command line runs a batch: --input-jsonl, or --journal FILE --resume ID where ID is
// a batch of that journal (not a run).
bool isBatch(const CommandLine &cl);

// The rules between a batch's own options (host/session/ModeOptions.h refuses the options of one
// run): --resume and --batch-id need --journal, and exclude each other. A usage message, or
// nullopt when they fit.
std::optional<std::string> usageProblem(const CommandLine &cl);

// Runs the batch, or resumes it; returns the exit code: 0 when every line succeeded, 1 when one did
// not (the output says which), 2 for bad usage (nothing runs), 130/143 on a signal. Messages and
// the summary go to stderr. Throws SessionFailure for a set-up step that fails.
int runBatch(const CommandLine &cl, const ProgramDecl &program);

}  // namespace wfc::batch

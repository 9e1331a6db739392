// --input-jsonl (docs/batch.md): one executable running its workflow over every line of a JSON
// Lines file — the runs sharing one setup (tools, LLM provider, rate limits, trace, journal), the
// results written in input order — and --resume BATCH_ID continuing a journaled batch.
#pragma once

#include "CommandLine.h"
#include "wfc/program.h"

#include <optional>
#include <string>

namespace wfc::batch {

// Whether the command line runs a batch: --input-jsonl, or --journal FILE --resume ID where ID is
// a batch of that journal (not a run).
bool isBatch(const CommandLine &cl);

// The options that do not fit: with a batch, the options of one run (--input, --output, --report,
// --dry-run, …); without one, the batch's options (--output-jsonl, --max-runs, --shard). A usage
// message, or nullopt when they all fit.
std::optional<std::string> usageProblem(const CommandLine &cl, bool batch);

// Runs the batch, or resumes it; returns the exit code: 0 when every line succeeded, 1 when one did
// not (the output says which), 2 for bad usage (nothing runs), 130/143 on a signal. Messages and
// the summary go to stderr.
int runBatch(const CommandLine &cl, const ProgramDecl &program);

}  // namespace wfc::batch

// The executable's journal options beyond recording (docs/journal.md): which run --resume may
// continue, the event --event hands a suspended run, what a suspended run awaits, and --runs.
#pragma once

#include "journal/JournalFile.h"
#include "workflow/EventFile.h"

#include <iosfwd>
#include <optional>
#include <string>

namespace wfc::workflow {
class Suspension;
}

namespace wfc::journal {

// Run `id` of `file`, checked for --resume: it exists and was written by the program `self`
// identifies. Throws wfc::Error(Usage) naming what is wrong — for a run written by another
// program, what differs.
RunRow resumableRun(JournalFile &file, const std::string &id, const ProgramIdentity &self);

// --event NAME [--event-context JSON] for `run`: it must be suspended, awaiting NAME. Throws
// wfc::Error(Usage) otherwise.
workflow::ExternalEvent resumeEvent(const RunRow &run, const std::string &event,
                                    const std::optional<std::string> &context);

// What a suspended run awaits, as the journal keeps it: {"state", "visit", "events"}.
std::string awaiting(const workflow::Suspension &suspension);

// --runs: one JSON line per run, oldest first: id, status, started, finished (ISO 8601 UTC),
// exit_code, error, awaiting ({state, visit, events} or null).
void printRuns(JournalFile &file, std::ostream &out);

}  // namespace wfc::journal

// The executable's use of the journal beyond recording (docs/journal.md): starting or reopening
// the run, which run --resume may continue, the event --event hands a suspended run, what a
// suspended run awaits, and --runs.
#pragma once

#include "core/journal/JournalFile.h"
#include "core/journal/RunJournal.h"
#include "core/journal/RunStore.h"
#include "core/workflow/EventFile.h"

#include <nlohmann/json.hpp>

#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace wfc {
struct ProgramDecl;
}
namespace wfc::workflow {
class Suspension;
}

namespace wfc::journal {

// The run this process records in `file`: `resumed` reopened for this process (refused,
// wfc::Error(Usage), while the process that runs it lives) with its history loaded, or a new run
// of `input`. `run` is the run's token, which a record that cannot be written cancels.
std::unique_ptr<RunJournal> startRun(JournalFile &file, const std::optional<RunRow> &resumed,
                                     const ProgramIdentity &identity, const Value &input, CancellationToken run);

// Run `id` of `file`, checked for --resume: it exists and was written by the program `self`
// identifies (`program`), or by another version of it under which every step the run reached is
// unchanged and whose input schema its input fits (docs/journal.md "Versions"). Throws
// wfc::Error(Usage) naming what is wrong — for a run written by another program, what differs.
// A succeeded run is returned unchecked when `finishedIsDone` (it is not run again, its output is
// printed); a conversation that ended goes on, and is checked.
RunRow resumableRun(JournalFile &file, const std::string &id, const ProgramIdentity &self, const ProgramDecl &program,
                    bool finishedIsDone = true);

// Run `id` of `file`; throws wfc::Error(Usage) naming the journal when it has no such run.
RunRow existingRun(JournalFile &file, const std::string &id);

// "" when `run` may go on under the program `self` identifies: its own program, or another version
// of it in which every step and state the run reached is unchanged (same path, same definition
// hash, same bindings of its tools); otherwise why not, for a message, naming where each step is
// in `pack` (this program's pack, as ProgramDecl::source names it).
// `paths`: the recorded paths that matter (a fork's reused ones); all the run's when null.
std::string whyNotResumable(JournalFile &file, const RunRow &run, const ProgramIdentity &self, const std::string &pack,
                            const std::vector<std::string> *paths = nullptr);

// --event NAME [--event-context JSON] for `run`: it must be suspended, awaiting NAME. Throws
// wfc::Error(Usage) otherwise.
workflow::ExternalEvent resumeEvent(const RunRow &run, const std::string &event,
                                    const std::optional<std::string> &context);

// What a suspended run awaits, as the journal keeps it: {"state", "visit", "events"}.
std::string awaiting(const workflow::Suspension &suspension);

// A JSON value the journal holds (an output, what a run awaits) as a listing shows it: parsed,
// or — in a journal damaged or edited by hand — the text it holds, so the run is still listed.
nlohmann::ordered_json storedJson(const std::string &text);

// Unix milliseconds as ISO 8601 UTC with milliseconds: "2026-11-26T10:43:17.123Z".
std::string iso8601(int64_t ms);

// --runs: one JSON line per run, oldest first: id, status, started, finished (ISO 8601 UTC),
// exit_code, error, awaiting ({state, visit, events} or null).
void printRuns(JournalFile &file, std::ostream &out);

}  // namespace wfc::journal

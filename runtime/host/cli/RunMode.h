// The executable's plain mode (docs/executable.md): one run of the program — a composition, a
// workflow, a chat turn or a --chat conversation — from --input to stdout, or --dry-run's plan, or
// --runs' listing, or --resume of a journaled run.
#pragma once

#include "host/session/CommandLine.h"
#include "wfc/program.h"

#include <chrono>
#include <optional>
#include <string>

namespace wfc {

// The options of one run that need others, or exclude them (docs/journal.md): --resume and
// --runs need --journal, --event needs --resume, …; a usage message, or nullopt when they fit.
std::optional<std::string> runOptionProblem(const CommandLine &cl);

// Runs it; `started` is when the process began (engine.budget.max_wall_time_sec counts from
// there). Returns the exit code; messages go to stderr. Throws SessionFailure for a set-up step
// that fails.
int runOnce(const CommandLine &cl, const ProgramDecl &program, std::chrono::steady_clock::time_point started);

}  // namespace wfc

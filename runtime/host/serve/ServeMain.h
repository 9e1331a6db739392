// --serve [ADDR:]PORT (docs/serve.md): the executable as an HTTP server of its program's runs.
#pragma once

#include "host/session/CommandLine.h"
#include "wfc/program.h"

#include <optional>
#include <string>

namespace wfc::serve {

// The journal a server keeps its runs in when --journal names none.
inline constexpr const char *kDefaultJournal = "wfc-serve.db";

// Sets up what every run shares (bindings, the LLM, the journal, traces) as a normal run does,
// listens, resumes the runs a previous server left, and serves until SIGTERM or SIGINT; then
// stops accepting, drains (--drain-timeout) and exits 143 or 130. A setup failure is its usual
// exit code (2 for an address it cannot listen on, or a non-loopback one without a token); a
// set-up step of the session throws SessionFailure.
int serve(const CommandLine &cl, const ProgramDecl &program);

}  // namespace wfc::serve

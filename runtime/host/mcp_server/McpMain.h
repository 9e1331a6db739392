// --mcp (docs/mcp-server.md): the executable as an MCP server over stdio, its program offered as
// one tool (a chat program's tasks as one tool each).
#pragma once

#include "host/session/CommandLine.h"
#include "wfc/program.h"

#include <optional>
#include <string>

namespace wfc::mcp {

// Sets up what every call shares (bindings, the LLM, --trace, --journal, --events) as a normal
// run does, then serves until the client closes stdin (exit 0) or a signal (130, 143). A setup
// failure is its usual exit code, with the message on stderr (a session's set-up step throws
// SessionFailure).
int serve(const CommandLine &cl, const ProgramDecl &program);

}  // namespace wfc::mcp

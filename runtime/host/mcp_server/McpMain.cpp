#include "host/mcp_server/McpMain.h"

#include "core/journal/JournalFile.h"
#include "core/trace/Trace.h"
#include "host/mcp_server/McpServer.h"
#include "host/mcp_server/ToolCatalog.h"
#include "host/session/ExecuteRun.h"
#include "host/session/RunSession.h"

#include <cerrno>
#include <cstring>
#include <iostream>
#include <utility>

#include <fcntl.h>
#include <unistd.h>

namespace wfc::mcp {

int serve(const CommandLine &cl, const ProgramDecl &program) {
  // Standard output carries the protocol and nothing else: it moves to a descriptor of its own
  // (not inherited by tools), and whatever else writes to descriptor 1 — a native tool's
  // printf, a library's message — lands on stderr instead of corrupting the stream.
  const int protocolFd = ::fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
  if (protocolFd < 0 || ::dup2(STDERR_FILENO, STDOUT_FILENO) < 0)
    return failRun(cl, 1, std::string("cannot set up standard output for MCP: ") + std::strerror(errno));

  // What every call shares, set up once (host/session/RunSession.h).
  RunSession session(cl);
  session.openJournal(program.name, JournalUse::IfGiven, false);
  session.loadEvents();
  session.loadTools(program);
  session.connect(program, RunSession::Connection(program.name, program.version));
  session.catchSignals();
  const RunEnvironment env = session.environment(program);
  McpServer::Options options;
  options.outputFd = protocolFd;
  options.events = session.takeEvents();
  {
    McpServer server(env, servedTools(program), std::move(options));
    server.serve(session.stop());
  }
  // The tool table's MCP servers (mcp bindings) stop with it, before the process exits.
  session.stopTools();
  ::close(protocolFd);
  return session.signal() != 0 ? 128 + session.signal() : 0;
}

}  // namespace wfc::mcp

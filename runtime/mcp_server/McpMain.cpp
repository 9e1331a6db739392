#include "mcp_server/McpMain.h"

#include "ExecuteRun.h"
#include "RunSetup.h"
#include "Trace.h"
#include "journal/JournalFile.h"
#include "mcp_server/McpServer.h"
#include "mcp_server/ToolCatalog.h"

#include <cerrno>
#include <cstring>
#include <iostream>
#include <utility>

#include <fcntl.h>
#include <unistd.h>

namespace wfc::mcp {
namespace {

int fail(const CommandLine &cl, int code, const std::string &message) {
  std::cerr << cl.program << ": error: " << message << "\n";
  return code;
}

}  // namespace

std::optional<std::string> usageProblem(const CommandLine &cl) {
  const std::string perCall = "with --mcp every tools/call is a run of its own";
  const std::pair<bool, std::string> problems[] = {
      {cl.input.has_value() || cl.inputJson.has_value(),
       std::string(cl.input ? "--input" : "--input-json") + " gives one run's input; " + perCall +
           " and brings its input as the call's arguments"},
      {cl.output.has_value(), "--output names where one run's output goes; " + perCall +
                                  " whose output is the answer's structuredContent"},
      {cl.pretty, "--pretty formats one run's output; " + perCall + " whose output is the answer's structuredContent"},
      {cl.report.has_value(), "--report summarizes one run; " + perCall + ": use --trace FILE, whose lines name each run"},
      {cl.dryRun, "--dry-run plans one run without running it; it cannot be combined with --mcp"},
      {cl.record.has_value(), "--record keys each exchange by its place in one run, so the runs of several calls would "
                              "overwrite one another; record a single run without --mcp"},
      {cl.resume.has_value(), "--resume continues one run of the journal; it cannot be combined with --mcp"},
      {cl.event.has_value() || cl.eventContext.has_value(),
       std::string(cl.event ? "--event" : "--event-context") + " goes with --resume, which cannot be combined with --mcp"},
      {cl.runs, "--runs lists the runs of a journal and exits; it cannot be combined with --mcp"},
      {cl.task.has_value(), "--task chooses one task; with --mcp every task of a chat pack is a tool of its own"},
      {cl.message.has_value(), "--message gives one turn's message; " + perCall + " and brings its message"},
      {cl.chat, "--chat holds a conversation over stdin, where --mcp reads MCP messages"},
      {cl.raw, "--raw prints a reply as text; with --mcp each reply is the answer's structuredContent"},
  };
  for (const auto &[given, message] : problems)
    if (given) return message;
  return std::nullopt;
}

int serve(const CommandLine &cl, const ProgramDecl &program) {
  // Standard output carries the protocol and nothing else: it moves to a descriptor of its own
  // (not inherited by tools), and whatever else writes to descriptor 1 — a native tool's
  // printf, a library's message — lands on stderr instead of corrupting the stream.
  const int protocolFd = ::fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
  if (protocolFd < 0 || ::dup2(STDERR_FILENO, STDOUT_FILENO) < 0)
    return fail(cl, 1, std::string("cannot set up standard output for MCP: ") + std::strerror(errno));

  std::unique_ptr<journal::JournalFile> journalFile;
  ToolSetup toolSetup;
  std::unique_ptr<Trace> trace;
  std::unique_ptr<llm::Provider> provider;
  std::string model;
  std::optional<workflow::EventFile> events;
  journal::ProgramIdentity identity;
  try {
    if (cl.journal) {
      journalFile = std::make_unique<journal::JournalFile>(
          *cl.journal, cl.journalSyncFull ? journal::SyncMode::Full : journal::SyncMode::Normal);
      journalFile->claimPack(program.name);
    }
  } catch (const Error &e) {
    return fail(cl, e.exitCode(), e.what());
  }
  try {
    if (cl.events) events = workflow::EventFile::load(*cl.events);
    loadTools(cl, program, toolSetup);
    if (journalFile)
      identity = journal::identify(program, toolSetup.defaults ? &*toolSetup.defaults : nullptr,
                                   toolSetup.overrides ? &*toolSetup.overrides : nullptr);
    trace = makeTrace(cl, program.name, program.version, program.wfcVersion);
    provider = makeProvider(cl, program, toolSetup, trace.get(), model);
    forgetApiKeys();
  } catch (const Error &e) {
    return fail(cl, e.exitCode() == 1 ? 2 : e.exitCode(), e.what());
  }

  CancellationToken stop;
  SignalCancellation signals(stop);
  RunEnvironment env{.program = program,
                     .tools = *toolSetup.tools,
                     .self = cl.program,
                     .trace = trace.get(),
                     .provider = provider.get(),
                     .model = model,
                     .maxConcurrency = cl.maxConcurrency,
                     .timeoutMs = cl.timeoutMs.value_or(0),
                     .journal = journalFile.get(),
                     .identity = identity,
                     .signals = &signals};
  McpServer::Options options;
  options.outputFd = protocolFd;
  options.events = std::move(events);
  {
    McpServer server(env, servedTools(program), std::move(options));
    server.serve(stop);
  }
  // The tool table's MCP servers (mcp bindings) stop with it, before the process exits.
  toolSetup.tools.reset();
  ::close(protocolFd);
  return signals.signal() != 0 ? 128 + signals.signal() : 0;
}

}  // namespace wfc::mcp

#include "serve/ServeMain.h"

#include "ExecuteRun.h"
#include "RunSetup.h"
#include "TraceSink.h"
#include "journal/JournalFile.h"
#include "serve/HttpServer.h"
#include "serve/Metrics.h"
#include "serve/RestApi.h"
#include "serve/RunService.h"

#include <cstdlib>
#include <iostream>
#include <utility>

namespace wfc::serve {
namespace {

int fail(const CommandLine &cl, int code, const std::string &message) {
  std::cerr << cl.program << ": error: " << message << "\n";
  return code;
}

}  // namespace

std::optional<std::string> usageProblem(const CommandLine &cl) {
  if (!cl.serve) {
    for (auto [given, flag] : {std::pair{cl.maxBodyGiven, "--max-body"}, {cl.drainTimeoutGiven, "--drain-timeout"}})
      if (given) return std::string(flag) + " is an option of --serve [ADDR:]PORT (docs/serve.md)";
    return std::nullopt;
  }
  const std::string perRequest = "with --serve every POST /runs is a run of its own";
  const std::pair<bool, std::string> problems[] = {
      {cl.input.has_value() || cl.inputJson.has_value(),
       std::string(cl.input ? "--input" : "--input-json") + " gives one run's input; " + perRequest +
           " and brings its input as the request's body"},
      {cl.output.has_value(), "--output names where one run's output goes; " + perRequest + ", answered in GET /runs/ID"},
      {cl.pretty, "--pretty formats one run's output; " + perRequest + ", answered as JSON"},
      {cl.report.has_value(), "--report summarizes one run; " + perRequest + ": GET /runs/ID/trace has each run's events"},
      {cl.dryRun, "--dry-run plans one run without running it; it cannot be combined with --serve"},
      {cl.record.has_value(), "--record keys each exchange by its place in one run, so the runs of several requests would "
                              "overwrite one another; record a single run without --serve"},
      {cl.resume.has_value(), "--resume continues one run; with --serve, a suspended run resumes with POST "
                              "/runs/ID/events, and the runs a stopped server left resume by themselves"},
      {cl.event.has_value() || cl.eventContext.has_value(),
       std::string(cl.event ? "--event" : "--event-context") + " goes with --resume; with --serve send POST /runs/ID/events"},
      {cl.runs, "--runs lists the runs of a journal and exits; with --serve, GET /runs lists them"},
      {cl.inputJsonl.has_value() || cl.outputJsonl.has_value() || cl.shard.has_value() || cl.batchId.has_value(),
       std::string(cl.inputJsonl ? "--input-jsonl" : cl.outputJsonl ? "--output-jsonl" : cl.shard ? "--shard" : "--batch-id") +
           " is an option of a batch (docs/batch.md); " + perRequest + ": send one request per input line"},
      {cl.task.has_value(), "--task chooses one task; with --serve each request names its own (?task=NAME, or the model "
                            "of /v1/chat/completions)"},
      {cl.message.has_value(), "--message gives one turn's message; " + perRequest + " and brings its message"},
      {cl.chat, "--chat holds a conversation over stdin; with --serve use POST /v1/chat/completions"},
      {cl.raw, "--raw prints a reply as text; with --serve each reply is JSON"},
      {cl.mcp, "--mcp serves over stdio and --serve over HTTP: choose one"},
  };
  for (const auto &[given, message] : problems)
    if (given) return message;
  return std::nullopt;
}

int serve(const CommandLine &cl, const ProgramDecl &program) {
  HttpServer::Options httpOptions;
  std::optional<std::string> token;
  try {
    httpOptions.address = parseListenAddress(*cl.serve);
  } catch (const Error &e) {
    return fail(cl, 2, e.what());
  }
  if (const char *t = std::getenv("WFC_SERVE_TOKEN"); t && *t) token = t;
  if (!token && !httpOptions.address.loopback())
    return fail(cl, 2, "--serve " + *cl.serve + " listens on " + httpOptions.address.str() +
                           ", which other machines can reach: set WFC_SERVE_TOKEN to the token every request must "
                           "bring (Authorization: Bearer …), or listen on 127.0.0.1 (docs/serve.md)");
  // Tools (exec processes, MCP servers) must not inherit it.
  unsetenv("WFC_SERVE_TOKEN");

  const std::string journalPath = cl.journal.value_or(kDefaultJournal);
  std::unique_ptr<journal::JournalFile> journalFile;
  ToolSetup toolSetup;
  std::unique_ptr<llm::Provider> provider;
  std::string model;
  std::optional<workflow::EventFile> events;
  journal::ProgramIdentity identity;
  auto metrics = std::make_shared<Metrics>();
  std::vector<std::shared_ptr<TraceSink>> sinks;
  try {
    journalFile = std::make_unique<journal::JournalFile>(
        journalPath, cl.journalSyncFull ? journal::SyncMode::Full : journal::SyncMode::Normal);
    journalFile->claimPack(program.name);
  } catch (const Error &e) {
    return fail(cl, e.exitCode(), e.what());
  }
  try {
    if (cl.events) events = workflow::EventFile::load(*cl.events);
    loadTools(cl, program, toolSetup);
    identity = journal::identify(program, toolSetup.defaults ? &*toolSetup.defaults : nullptr,
                                 toolSetup.overrides ? &*toolSetup.overrides : nullptr);
    sinks = traceSinks(cl, program.name, program.version, program.wfcVersion);
    sinks.push_back(metrics);
    provider = makeProvider(cl, program, toolSetup, nullptr, model);
    forgetApiKeys();
  } catch (const Error &e) {
    return fail(cl, e.exitCode() == 1 ? 2 : e.exitCode(), e.what());
  }

  CancellationToken stop;
  SignalCancellation signals(stop);
  // No signals here: a signal stops the server, which drains its runs rather than interrupting
  // them (docs/serve.md "Shutdown").
  RunEnvironment env{.program = program,
                     .tools = *toolSetup.tools,
                     .self = cl.program,
                     .trace = nullptr,
                     .provider = provider.get(),
                     .model = model,
                     .maxConcurrency = cl.maxConcurrency,
                     .timeoutMs = cl.timeoutMs.value_or(0),
                     .journal = journalFile.get(),
                     .identity = identity,
                     .signals = nullptr};
  const unsigned maxRuns = cl.maxRuns.value_or(CommandLine::kServeMaxRuns);
  int exitCode = 0;
  {
    RunService runs(env, *journalFile, {.maxRuns = maxRuns, .events = std::move(events), .sinks = sinks});
    RestApi api(program, runs, *journalFile, *metrics, {.token = token});
    httpOptions.maxBodyBytes = size_t(cl.maxBodyBytes);
    // Every run slot may have a client waiting on it (wait=true), and others still poll, list and
    // read metrics.
    httpOptions.maxConnections = maxRuns * 2 + 64;
    HttpServer http(
        httpOptions, [&](const HttpRequest &r) { return api.handle(r); },
        [&](const HttpRequest &r, size_t limit) { return api.tooLarge(r, limit); });
    try {
      http.start();
    } catch (const Error &e) {
      return fail(cl, 2, e.what());
    }
    // The runs a previous server left are under way before the server says it serves, so that
    // whoever waits for that line (a supervisor, a test) finds them running, not still suspended.
    size_t resumed = 0;
    std::string resumeProblem;
    try {
      resumed = runs.resumeInterrupted();
    } catch (const Error &e) {
      resumeProblem = e.what();
    }
    ListenAddress bound = httpOptions.address;
    bound.port = http.port();
    std::cerr << cl.program << ": serving " << program.name << " " << program.version << " on http://" << bound.str()
              << "/ (journal " << journalPath << ", at most " << maxRuns << " runs at once"
              << (token ? ", token required" : "") << ")" << std::endl;
    if (resumed)
      std::cerr << cl.program << ": resuming " << resumed << " run" << (resumed == 1 ? "" : "s")
                << " a previous server left" << std::endl;
    if (!resumeProblem.empty())
      std::cerr << cl.program << ": warning: cannot resume the runs a previous server left: " << resumeProblem
                << std::endl;
    stop.wait();
    std::cerr << cl.program << ": " << stop.reason() << ": no new connections; draining " << runs.runningCount()
              << " run(s) for up to " << cl.drainTimeoutMs << " ms" << std::endl;
    http.stopAccepting();
    runs.drain(std::chrono::milliseconds(cl.drainTimeoutMs));
    http.stop();
    exitCode = 128 + signals.signal();
  }
  // The tool table's MCP servers (mcp bindings) stop with it, before the process exits.
  toolSetup.tools.reset();
  std::cerr << cl.program << ": stopped" << std::endl;
  return exitCode;
}

}  // namespace wfc::serve

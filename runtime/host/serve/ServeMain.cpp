#include "host/serve/ServeMain.h"

#include "core/journal/JournalFile.h"
#include "core/journal/Retention.h"
#include "core/journal/RunOwner.h"
#include "core/trace/TraceSink.h"
#include "host/serve/HttpServer.h"
#include "host/serve/Metrics.h"
#include "host/serve/A2aAgents.h"
#include "host/serve/RestApi.h"
#include "host/serve/RunService.h"
#include "host/session/ExecuteRun.h"
#include "host/session/RunSession.h"
#include "support/ForgetEnvironment.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <cstdlib>
#include <iostream>
#include <utility>

namespace wfc::serve {

int serve(const CommandLine &cl, const ProgramDecl &program) {
  HttpServer::Options httpOptions;
  std::optional<std::string> token;
  try {
    httpOptions.address = parseListenAddress(*cl.serve);
  } catch (const Error &e) {
    return failRun(cl, 2, e.what());
  }
  if (const char *t = std::getenv("WFC_SERVE_TOKEN"); t && *t) token = t;
  if (!token && !httpOptions.address.loopback())
    return failRun(cl, 2, "--serve " + *cl.serve + " listens on " + httpOptions.address.str() +
                           ", which other machines can reach: set WFC_SERVE_TOKEN to the token every request must "
                           "bring (Authorization: Bearer …), or listen on 127.0.0.1 (docs/serve.md)");
  // Tools (exec processes, MCP servers) must neither inherit it nor read it from this process's
  // /proc/PID/environ.
  forgetEnvironmentVariable("WFC_SERVE_TOKEN");

  // What every run shares, set up once (host/session/RunSession.h). Every run is journaled: a
  // server's runs outlive it. Each run gets a trace of its own over the sinks (its trace id, its
  // timeline), with the metrics among them.
  auto metrics = std::make_shared<Metrics>();
  RunSession session(cl);
  session.openJournal(program.name, JournalUse::Always, false, kDefaultJournal);
  session.loadEvents();
  session.loadTools(program);
  RunSession::Connection connection(program.name, program.version);
  connection.perRunTraces = true;
  connection.extraSinks = {metrics};
  session.connect(program, std::move(connection));
  // No signals in the runs' environment: a signal stops the server, which drains its runs rather
  // than interrupting them (docs/serve.md "Shutdown").
  session.catchSignals();
  const CancellationToken &stop = session.stop();
  journal::JournalFile &journalFile = *session.journal();
  const std::string &journalPath = session.journalPath();
  const RunEnvironment env = session.environment(program, /*withSignals=*/false);
  const unsigned maxRuns = cl.maxRuns.value_or(CommandLine::kServeMaxRuns);
  int exitCode = 0;
  {
    RunService runs(env, journalFile, {.maxRuns = maxRuns, .events = session.takeEvents(), .sinks = session.sinks()});
    RestApi api(program, runs, journalFile, *metrics,
                {.token = token, .listen = httpOptions.address, .allowedHosts = cl.allowHosts});
    httpOptions.maxBodyBytes = size_t(cl.maxBodyBytes);
    httpOptions.headerTimeout = std::chrono::milliseconds(cl.headerTimeoutMs);
    httpOptions.bodyTimeout = std::chrono::milliseconds(cl.bodyTimeoutMs);
    // Every run slot may have a client waiting on it (wait=true), and others still poll, list and
    // read metrics.
    httpOptions.maxConnections = maxRuns * 2 + 64;
    HttpServer http(
        httpOptions, [&](const HttpRequest &r) { return api.screen(r); }, [&](HttpRequest &r) { return api.handle(r); },
        [&](const HttpRequest &r, size_t limit) { return api.tooLarge(r, limit); });
    try {
      http.start();
    } catch (const Error &e) {
      return failRun(cl, 2, e.what());
    }
    // The runs a previous server left are under way before the server says it serves, so that
    // whoever waits for that line (a supervisor, a test) finds them running, not still suspended.
    size_t resumed = 0;
    std::string resumeProblem;
    try {
      // An agent's turn is a chat turn, even in a workflow pack: its client has gone.
      resumed = runs.resumeInterrupted(program.agents ? A2aAgents::isTurn : nullptr);
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
    // --journal-retention AGE (docs/journal.md "Retention"): finished runs older than AGE go, a
    // quarter of AGE apart (at least a second, at most an hour).
    std::mutex retentionMutex;
    std::condition_variable retentionWake;
    bool stopping = false;
    std::thread retention;
    if (cl.journalRetentionMs) {
      const auto every = std::chrono::milliseconds(
          std::clamp<uint64_t>(*cl.journalRetentionMs / 4, 1000, 3'600'000));
      retention = std::thread([&, every] {
        std::unique_lock lock(retentionMutex);
        while (!retentionWake.wait_for(lock, every, [&] { return stopping; })) {
          lock.unlock();
          try {
            journal::RetentionRule rule;
            rule.olderThanMs = int64_t(*cl.journalRetentionMs);
            // An A2A context's later turns read its earlier ones: they go only with --journal-gc.
            if (program.agents)
              rule.keep = [](const std::string &, const std::string &input) {
                journal::RunRow row;
                row.input = input;
                return A2aAgents::isTurn(row);
              };
            journal::RetentionReport r = journal::collect(journalFile, rule, journal::nowMs(), journal::ownerAlive);
            if (r.removed)
              std::cerr << cl.program << ": removed " << r.removed << " finished run" << (r.removed == 1 ? "" : "s")
                        << " older than the retention from journal " << journalPath << std::endl;
          } catch (const Error &e) {
            std::cerr << cl.program << ": warning: cannot remove old runs from journal " << journalPath << ": "
                      << e.what() << std::endl;
          }
          lock.lock();
        }
      });
    }
    stop.wait();
    if (retention.joinable()) {
      {
        std::lock_guard lock(retentionMutex);
        stopping = true;
      }
      retentionWake.notify_all();
      retention.join();
    }
    std::cerr << cl.program << ": " << stop.reason() << ": no new connections; draining " << runs.runningCount()
              << " run(s) for up to " << cl.drainTimeoutMs << " ms" << std::endl;
    http.stopAccepting();
    runs.drain(std::chrono::milliseconds(cl.drainTimeoutMs));
    http.stop();
    exitCode = 128 + session.signal();
  }
  // The tool table's MCP servers (mcp bindings) stop with it, before the process exits.
  session.stopTools();
  std::cerr << cl.program << ": stopped" << std::endl;
  return exitCode;
}

}  // namespace wfc::serve

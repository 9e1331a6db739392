// One run session (docs/development.md "Architecture"): what every mode of a compiled executable
// sets up from its command line before its first run, and tears down after its last — the journal,
// the tools and their processes, the trace, the LLM provider and its rate limits, the events file,
// the signals. Each mode (host/cli's single run, chat, batch, serve, the MCP server, the registry)
// is a driver over one session: it says which of these it needs, in its order, and runs its runs
// in the session's environment().
//
// Set-up steps throw SessionFailure, which carries the exit code the mode returns
// (docs/executable.md): a journal's own code, 2 for anything else that does not fit.
#pragma once

#include "core/cost/PriceTable.h"
#include "core/journal/JournalFile.h"
#include "core/journal/ProgramIdentity.h"
#include "core/llm/Provider.h"
#include "core/llm/RateLimiter.h"
#include "core/trace/TraceSink.h"
#include "core/workflow/EventFile.h"
#include "host/session/CommandLine.h"
#include "host/session/ExecuteRun.h"
#include "host/session/RunSetup.h"
#include "wfc/cancellation.h"
#include "wfc/program.h"

#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace wfc {

class Trace;

// A set-up step that failed: the message the mode prints ("PROGRAM: error: MESSAGE") and its
// exit code.
class SessionFailure : public std::runtime_error {
 public:
  SessionFailure(int code, const std::string &message) : std::runtime_error(message), code_(code) {}
  int code() const { return code_; }

 private:
  int code_;
};

// How a mode uses the journal (docs/journal.md).
enum class JournalUse {
  IfGiven,  // --journal FILE when given: a single run, a batch, the MCP server
  Always,   // --journal FILE, else the mode's own file: serve, a registry (gating needs the runs)
};

class RunSession {
 public:
  explicit RunSession(const CommandLine &cl);
  // Tool processes and MCP servers stop first, then the provider, the trace (its exporters
  // flush), the signal handlers and, last, the journal.
  ~RunSession();
  RunSession(const RunSession &) = delete;
  RunSession &operator=(const RunSession &) = delete;

  const CommandLine &commandLine() const { return cl_; }

  // The journal, claimed for `pack`. `mustExist`: the mode reads a journal (--runs, --resume), so
  // a missing file is a usage error rather than a new journal. With JournalUse::Always,
  // `defaultPath` is the file when --journal names none.
  void openJournal(const std::string &pack, JournalUse use, bool mustExist, const char *defaultPath = nullptr);
  journal::JournalFile *journal() const { return journal_.get(); }
  // The journal's path: --journal's, or the mode's default (empty without a journal).
  const std::string &journalPath() const { return journalPath_; }

  // --events FILE (docs/workflows.md), when given; a mode takes it for its runs.
  void loadEvents();
  std::optional<workflow::EventFile> takeEvents() { return std::move(events_); }

  // The tool table, from the compiled-in bindings and --bindings; with a journal, the program's
  // identity there. The registry's form binds the tools of all its workflows in one table.
  void loadTools(const ProgramDecl &program);
  void loadTools(std::span<const ProgramDecl *const> programs, const char *bindings,
                 std::span<const NativeToolEntry> natives, bool allowUnbound);
  const ToolTable &tools() const { return *toolSetup_.tools; }
  const ToolSetup &toolSetup() const { return toolSetup_; }
  // The models' prices (docs/cost.md "Prices"), from the bindings files loadTools read and --prices.
  const cost::PriceTable &prices() const { return prices_; }
  // A program's identity in the journal, from the bindings loadTools read (docs/journal.md).
  journal::ProgramIdentity identify(const ProgramDecl &program) const;
  const journal::ProgramIdentity &identity() const { return identity_; }

  // What connect() sets up.
  struct Connection {
    Connection(std::string service, std::string version) : service(std::move(service)), version(std::move(version)) {}
    // The trace of every run (--trace, --otlp-endpoint) for `service` at `version`; or, with
    // perRunTraces, its sinks only (sinks()): the mode makes each run's own trace over them
    // (serve: a trace id per run), with `extraSinks` beside them.
    std::string service, version;
    bool perRunTraces = false;
    std::vector<std::shared_ptr<TraceSink>> extraSinks;
    // The LLM: none for a dry run. `program` says which model is wanted (its prompts, provider
    // keys, recording header); a batch shares one rate limiter between its runs.
    bool provider = true;
    std::shared_ptr<llm::RateLimiter> limiter;
  };
  // The trace and the LLM provider; then the API keys are forgotten (tools must not inherit them).
  void connect(const ProgramDecl &program, Connection connection);
  Trace *trace() const { return trace_.get(); }
  const std::vector<std::shared_ptr<TraceSink>> &sinks() const { return sinks_; }
  llm::Provider *provider() const { return provider_.get(); }
  const std::string &model() const { return model_; }

  // SIGINT and SIGTERM cancel stop() from now on, until the session ends.
  void catchSignals();
  const CancellationToken &stop() const { return stop_; }
  const SignalCancellation *signals() const { return signals_.get(); }
  int signal() const { return signals_ ? signals_->signal() : 0; }

  // What executeRun needs to run `program` in this session. `withSignals`: the runs end with the
  // signals' exit codes (a server drains on a signal instead, and passes false).
  RunEnvironment environment(const ProgramDecl &program, bool withSignals = true) const;

  // Stops the tools' processes and MCP servers now, before the mode prints its summary.
  void stopTools() { toolSetup_.tools.reset(); }

 private:
  const CommandLine &cl_;
  std::unique_ptr<journal::JournalFile> journal_;
  std::string journalPath_;
  std::optional<workflow::EventFile> events_;
  ToolSetup toolSetup_;
  journal::ProgramIdentity identity_;
  cost::PriceTable prices_;
  std::vector<std::shared_ptr<TraceSink>> sinks_;
  std::unique_ptr<Trace> trace_;
  std::unique_ptr<llm::Provider> provider_;
  std::string model_;
  CancellationToken stop_;
  std::unique_ptr<SignalCancellation> signals_;
};

// "PROGRAM: error: MESSAGE" on stderr — with a pointer to --help for a usage error about an
// option — and `code`, for a mode to return.
int failRun(const CommandLine &cl, int code, const std::string &message);

}  // namespace wfc

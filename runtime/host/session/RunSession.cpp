#include "host/session/RunSession.h"

#include "core/trace/Trace.h"
#include "wfc/error.h"

#include <filesystem>
#include <iostream>

namespace wfc {
namespace {

// A set-up step's error as the mode reports it: a journal's own exit code (it says how the file
// failed), and 2 for everything else, whatever the error's own code (an internal 1 included): a
// run that did not start failed because of how it was asked for.
[[noreturn]] void failSetUp(const Error &e) { throw SessionFailure(e.exitCode() == 1 ? 2 : e.exitCode(), e.what()); }

}  // namespace

RunSession::RunSession(const CommandLine &cl) : cl_(cl) {}

RunSession::~RunSession() {
  toolSetup_.tools.reset();
  provider_.reset();
  trace_.reset();
  sinks_.clear();
  signals_.reset();
}

void RunSession::openJournal(const std::string &pack, JournalUse use, bool mustExist, const char *defaultPath) {
  if (use == JournalUse::IfGiven && !cl_.journal) return;
  journalPath_ = cl_.journal ? *cl_.journal : std::string(defaultPath ? defaultPath : "");
  try {
    if (mustExist && !std::filesystem::exists(journalPath_))
      throw Error(ErrorKind::Usage, "journal '" + journalPath_ + "' does not exist");
    journal_ = std::make_unique<journal::JournalFile>(
        journalPath_, cl_.journalSyncFull ? journal::SyncMode::Full : journal::SyncMode::Normal);
    journal_->claimPack(pack);
  } catch (const Error &e) {
    throw SessionFailure(e.exitCode(), e.what());
  }
}

void RunSession::loadEvents() {
  try {
    if (cl_.events) events_ = workflow::EventFile::load(*cl_.events);
  } catch (const Error &e) {
    failSetUp(e);
  }
}

void RunSession::loadTools(const ProgramDecl &program) {
  const ProgramDecl *programs[] = {&program};
  loadTools(programs, program.bindings, program.natives, program.allowUnbound);
  if (journal_) identity_ = identify(program);
}

void RunSession::loadTools(std::span<const ProgramDecl *const> programs, const char *bindings,
                           std::span<const NativeToolEntry> natives, bool allowUnbound) {
  try {
    wfc::loadTools(cl_, programs, bindings, natives, allowUnbound, toolSetup_);
    // Prices (docs/cost.md "Prices"): the compiled-in bindings', --bindings', then --prices'.
    if (toolSetup_.defaults) prices_.add(*toolSetup_.defaults);
    if (toolSetup_.overrides) prices_.add(*toolSetup_.overrides);
    if (cl_.prices) prices_.add(cost::loadPricesFile(*cl_.prices));
  } catch (const Error &e) {
    failSetUp(e);
  }
}

journal::ProgramIdentity RunSession::identify(const ProgramDecl &program) const {
  return journal::identify(program, toolSetup_.defaults ? &*toolSetup_.defaults : nullptr,
                           toolSetup_.overrides ? &*toolSetup_.overrides : nullptr);
}

void RunSession::connect(const ProgramDecl &program, Connection connection) {
  try {
    sinks_ = traceSinks(cl_, connection.service, connection.version, program.wfcVersion);
    sinks_.insert(sinks_.end(), connection.extraSinks.begin(), connection.extraSinks.end());
    if (!connection.perRunTraces && !sinks_.empty()) trace_ = std::make_unique<Trace>(sinks_);
    if (connection.provider)
      provider_ = makeProvider(cl_, program, toolSetup_, trace_.get(), model_, std::move(connection.limiter));
    forgetApiKeys();
  } catch (const Error &e) {
    failSetUp(e);
  }
}

void RunSession::catchSignals() { signals_ = std::make_unique<SignalCancellation>(stop_); }

RunEnvironment RunSession::environment(const ProgramDecl &program, bool withSignals) const {
  return RunEnvironment{.program = program,
                        .tools = *toolSetup_.tools,
                        .self = cl_.program,
                        .trace = trace_.get(),
                        .provider = provider_.get(),
                        .model = model_,
                        .maxConcurrency = cl_.maxConcurrency,
                        .timeoutMs = cl_.timeoutMs.value_or(0),
                        .journal = journal_.get(),
                        .identity = identity_,
                        .signals = withSignals ? signals_.get() : nullptr,
                        .budget = {cl_.maxCostUsd, cl_.maxTokens, "run"},
                        .prices = &prices_};
}

int failRun(const CommandLine &cl, int code, const std::string &message) {
  std::cerr << cl.program << ": error: " << message << "\n";
  if (code == 2 && message.find("option") != std::string::npos)
    std::cerr << "run '" << cl.program << " --help' for the options\n";
  return code;
}

}  // namespace wfc

// wfc::runMain: the compiled executable's life (docs/executable.md). It reads the command line,
// answers --help and --version, chooses the mode (the table below), refuses the options that mode
// does not take (host/session/ModeOptions.h) and hands over to the mode's driver, each a thin
// driver over one RunSession (host/session/RunSession.h).
#include "core/chat/ChatSession.h"
#include "host/batch/BatchMain.h"
#include "host/chat/ChatMain.h"
#include "host/cli/Help.h"
#include "host/cli/RunMode.h"
#include "host/mcp_server/McpMain.h"
#include "host/serve/ServeMain.h"
#include "host/session/CommandLine.h"
#include "host/session/ModeOptions.h"
#include "host/session/RunSession.h"
#include "host/session/RunSetup.h"
#include "wfc/error.h"
#include "wfc/program.h"

#include <chrono>
#include <iostream>

namespace wfc {
namespace {

using Clock = std::chrono::steady_clock;

// One mode of a program's executable: when the command line asks for it, the rules between its
// options beyond those ModeOptions refuses, and its driver.
struct ModeEntry {
  Mode mode;
  bool (*chosen)(const CommandLine &cl);
  std::optional<std::string> (*rules)(const CommandLine &cl, const ProgramDecl &program);
  int (*run)(const CommandLine &cl, const ProgramDecl &program, Clock::time_point started);
};

// The chat options that do not fit the program (docs/promptkit.md "Chat executables").
std::optional<std::string> chatRules(const CommandLine &cl, const ProgramDecl &program) {
  return chat::usageProblem(cl, program);
}

// In the order they are chosen: the first whose `chosen` holds is the mode.
const ModeEntry kModes[] = {
    {Mode::Serve, [](const CommandLine &cl) { return cl.serve.has_value(); }, nullptr,
     [](const CommandLine &cl, const ProgramDecl &program, Clock::time_point) { return serve::serve(cl, program); }},
    {Mode::Batch, batch::isBatch,
     [](const CommandLine &cl, const ProgramDecl &program) {
       if (auto problem = batch::usageProblem(cl)) return problem;
       return chatRules(cl, program);
     },
     [](const CommandLine &cl, const ProgramDecl &program, Clock::time_point) { return batch::runBatch(cl, program); }},
    {Mode::Mcp, [](const CommandLine &cl) { return cl.mcp; },
     [](const CommandLine &cl, const ProgramDecl &program) {
       if (auto problem = runOptionProblem(cl)) return problem;
       return chatRules(cl, program);
     },
     [](const CommandLine &cl, const ProgramDecl &program, Clock::time_point) { return mcp::serve(cl, program); }},
    {Mode::Run, [](const CommandLine &) { return true; },
     [](const CommandLine &cl, const ProgramDecl &program) {
       if (auto problem = runOptionProblem(cl)) return problem;
       return chatRules(cl, program);
     },
     runOnce},
};

}  // namespace

int runMain(int argc, char **argv, const ProgramDecl &program) {
  const Clock::time_point started = Clock::now();
  CommandLine cl;
  try {
    cl = parseCommandLine(argc, argv);
  } catch (const Error &e) {
    cl.program = argc > 0 ? argv[0] : "workflow";
    return failRun(cl, 2, e.what());
  }
  if (cl.help) {
    if (chat::isChatProgram(program)) chat::printHelp(cl, program);
    else printHelp(cl, program);
    return 0;
  }
  if (cl.version) {
    std::cout << program.name << " " << program.version << " (wfc " << program.wfcVersion << ")\n";
    return 0;
  }
  if (cl.provider && *cl.provider != "openai" && *cl.provider != "anthropic" && *cl.provider != "replay")
    return failRun(cl, 2, "--provider takes openai, anthropic or replay, not '" + *cl.provider + "'");

  const ModeEntry *mode = nullptr;
  for (const ModeEntry &m : kModes)
    if (m.chosen(cl)) {
      mode = &m;
      break;
    }
  if (auto problem = refusedOption(cl, mode->mode, program.name)) return failRun(cl, 2, *problem);
  if (mode->rules)
    if (auto problem = mode->rules(cl, program)) return failRun(cl, 2, *problem);
  // Every mode runs the program here; a dry run and --runs (the journal's list) run nothing.
  if (!cl.dryRun && !cl.runs)
    if (auto problem = missingEnvironment(program)) return failRun(cl, 2, *problem);
  try {
    return mode->run(cl, program, started);
  } catch (const SessionFailure &f) {
    return failRun(cl, f.code(), f.what());
  }
}

}  // namespace wfc

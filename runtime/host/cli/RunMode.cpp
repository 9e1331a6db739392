#include "host/cli/RunMode.h"

#include "core/chat/ChatSession.h"
#include "core/cost/JournaledSpend.h"
#include "core/journal/Retention.h"
#include "core/journal/RunOwner.h"
#include "core/journal/RunStore.h"
#include "core/trace/EventStream.h"
#include "host/chat/ChatMain.h"
#include "host/chat/LiveReply.h"
#include "host/cli/Plan.h"
#include "host/session/Fork.h"
#include "host/session/Resume.h"
#include "host/session/RunSession.h"
#include "host/session/RunSetup.h"
#include "wfc/error.h"

#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <fstream>
#include <iostream>

namespace wfc {
namespace {

bool writeOutput(const CommandLine &cl, const std::string &text) {
  if (!cl.output) {
    std::fwrite(text.data(), 1, text.size(), stdout);
    return std::fflush(stdout) == 0;
  }
  std::ofstream file(*cl.output, std::ios::binary | std::ios::trunc);
  file << text;
  return bool(file.flush());
}

}  // namespace

std::optional<std::string> runOptionProblem(const CommandLine &cl) {
  if (!cl.journal) {
    if (cl.resume) return "--resume continues a run recorded in a journal: give --journal FILE too";
    if (cl.runs) return "--runs lists the runs of a journal: give --journal FILE too";
    if (cl.journalSyncGiven) return "--journal-sync says how the journal is written: give --journal FILE too";
    if (cl.fork) return "--fork starts a run from one recorded in a journal: give --journal FILE too";
    if (cl.redrive) return "--redrive runs a failed run of a journal again: give --journal FILE too";
    if (cl.journalGc) return "--journal-gc removes runs from a journal: give --journal FILE too";
  }
  if (cl.from && !cl.fork) return "--from names the step a fork starts from: give --fork RUN_ID too";
  if (cl.fork && !cl.from) return "--fork RUN_ID needs --from STEP: the step to run again with what depends on it";
  if (int(cl.resume.has_value()) + int(cl.fork.has_value()) + int(cl.redrive.has_value()) + int(cl.journalGc) > 1)
    return "--resume, --fork, --redrive and --journal-gc each say what to do with the journal: give one of them";
  if (!cl.journalGc && (!cl.gcStatuses.empty() || cl.gcOlderThanMs || cl.gcKeepLatest))
    return std::string(!cl.gcStatuses.empty() ? "--status" : cl.gcOlderThanMs ? "--older-than" : "--keep-latest") +
           " says which runs --journal-gc removes: give --journal-gc too";
  if (cl.journalRetentionMs) return "--journal-retention removes old runs as a server runs: it goes with --serve";
  if (cl.redrive && (cl.input || cl.inputJson))
    return "a redriven run keeps the input it started with: do not give --input or --input-json with --redrive";
  if ((cl.fork || cl.redrive || cl.journalGc) && cl.dryRun)
    return "--dry-run plans a new run; it cannot be combined with --fork, --redrive or --journal-gc";
  if (cl.event && !cl.resume)
    return "--event continues a suspended run: give --resume RUN_ID too (a new run takes its events from "
           "--events FILE)";
  if (cl.eventContext && !cl.event) return "--event-context goes with --event NAME";
  if (cl.resume && (cl.input || cl.inputJson))
    return "a resumed run keeps the input it started with: do not give --input or --input-json with --resume";
  if (cl.resume && cl.dryRun) return "--dry-run plans a new run; it cannot be combined with --resume";
  if (cl.journal && cl.journal->empty()) return "--journal needs a file name";
  return std::nullopt;
}

int runOnce(const CommandLine &cl, const ProgramDecl &program, std::chrono::steady_clock::time_point started) {
  const bool chatProgram = chat::isChatProgram(program);
  const bool workflowChat = program.workflow && cl.chat;  // docs/promptkit.md "Workflow chats"

  RunSession session(cl);
  // --journal (docs/journal.md): the file, and — with --resume — the run to continue. A dry run
  // writes nothing, a journal included.
  if (cl.runs || !cl.dryRun) session.openJournal(program.name, JournalUse::IfGiven,
                                                    cl.runs || cl.resume || cl.fork || cl.redrive || cl.journalGc);
  if (cl.runs) {
    journal::printRuns(*session.journal(), std::cout);
    return std::cout.flush() ? 0 : failRun(cl, 1, "cannot write the output");
  }
  if (cl.journalGc) {
    try {
      journal::RetentionRule rule;
      for (const std::string &s : cl.gcStatuses) rule.statuses.push_back(*journal::parseRunStatus(s));
      if (cl.gcOlderThanMs) rule.olderThanMs = int64_t(*cl.gcOlderThanMs);
      rule.keepLatest = cl.gcKeepLatest;
      journal::RetentionReport r = journal::collect(*session.journal(), rule, journal::nowMs(), journal::ownerAlive);
      std::cout << nlohmann::ordered_json{{"removed", r.removed},         {"kept", r.kept},
                                          {"bytes_before", r.bytesBefore}, {"bytes_after", r.bytesAfter},
                                          {"vacuumed", r.vacuumed},       {"free_pages", r.freePages}}
                       .dump()
                << "\n";
    } catch (const Error &e) {
      return failRun(cl, e.exitCode(), e.what());
    }
    return std::cout.flush() ? 0 : failRun(cl, 1, "cannot write the output");
  }

  Value input;
  const ChatTaskDecl *task = nullptr;
  std::optional<journal::RunRow> resumed;
  std::optional<workflow::EventFile> events;
  try {
    input = readRunInput(cl);
    if (chatProgram) {
      input = chat::turnInput(cl, input);
      task = &chooseTask(cl, program);  // a missing or unknown --task is a usage error before anything runs
    }
    if (!cl.resume && !cl.redrive && !(cl.fork && !cl.input && !cl.inputJson)) checkRunInput(program, input);
  } catch (const Error &e) {
    return failRun(cl, e.exitCode() == 1 ? 2 : e.exitCode(), e.what());
  }
  session.loadEvents();
  session.loadTools(program);
  events = session.takeEvents();
  try {
    if (cl.redrive) {
      // A failed run's failed steps again, retries and all; what succeeded is reused.
      resumed = journal::resumableRun(*session.journal(), *cl.redrive, session.identity(), program);
      if (resumed->status != journal::RunStatus::Failed)
        throw Error(ErrorKind::Usage, "run '" + resumed->id + "' is " + spell(resumed->status) +
                                          ": --redrive runs a failed run's failed steps again" +
                                          (resumed->status == journal::RunStatus::Succeeded
                                               ? "; it has none"
                                               : "; continue this one with --resume " + resumed->id));
      input = Value::parse(resumed->input);
    } else if (cl.fork) {
      // Any run may be forked, finished or not, by a program that has what the fork reuses.
      journal::RunRow source = journal::existingRun(*session.journal(), *cl.fork);
      journal::ForkPlan plan = journal::planFork(*session.journal(), source, program, *cl.from);
      if (std::string why = journal::whyNotResumable(*session.journal(), source, session.identity(), program.source,
                                                     &plan.reused);
          !why.empty())
        throw Error(ErrorKind::Usage, "run '" + source.id + "' cannot be forked by this executable: it was written by a "
                                      "different program: " + why + "; fork it with the executable that started it");
      std::optional<Value> forkInput;
      if (cl.input || cl.inputJson) forkInput = input;
      else if (!journal::difference(source.identity, session.identity()).empty())
        checkRunInput(program, Value::parse(source.input));
      resumed = journal::recordFork(*session.journal(), source, plan, session.identity(), forkInput);
      input = Value::parse(resumed->input);
      if (!cl.quiet)
        std::cerr << cl.program << ": run " << resumed->id << " forks run " << source.id << " at step '" << *cl.from
                  << "': " << plan.reused.size() << " recorded step" << (plan.reused.size() == 1 ? "" : "s")
                  << " reused, up to " << plan.rerun << " run again\n";
    } else if (cl.resume) {
      // A run that succeeded is not run again: its output, as it was printed (a stream's last
      // line is that output). A conversation that ended goes on with the turns stdin brings.
      const bool continuesConversation = (chatProgram && cl.chat) || workflowChat;
      resumed = journal::resumableRun(*session.journal(), *cl.resume, session.identity(), program, !continuesConversation);
      input = Value::parse(resumed->input);
      if (resumed->status == journal::RunStatus::Succeeded && !continuesConversation) {
        Value output = Value::parse(resumed->output.value_or("null"));
        std::optional<EventStream> stream;
        if (cl.stream) {
          stream.emplace(*cl.stream);
          stream->finish(output, 0, "");
        }
        if (!(stream && stream->toStdout() && !cl.output) &&
            !writeOutput(cl, output.dump(cl.pretty ? 2 : -1) + "\n"))
          return failRun(cl, 1, "cannot write the output");
        return 0;
      }
      // A conversation goes on with the task (or the workflow) it was held with.
      if (continuesConversation) {
        const std::string owner = chatProgram ? std::string(task->name) : "workflow";
        std::optional<std::string> held = session.journal()->runs().chatOwner(resumed->seq);
        if (held && *held != owner)
          throw Error(ErrorKind::Usage, "run '" + resumed->id + "' is a conversation with " +
                                            (*held == "workflow" ? std::string("the workflow") : "task '" + *held + "'") +
                                            (chatProgram ? ", not task '" + owner + "'" : std::string()) +
                                            ": resume it with " +
                                            (*held == "workflow" ? std::string("--chat") : "--task " + *held));
      }
      if (cl.event) {
        workflow::ExternalEvent first = journal::resumeEvent(*resumed, *cl.event, cl.eventContext);
        if (!events) events = workflow::EventFile::none("--event");
        events->prepend(std::move(first));
      }
    }
  } catch (const Error &e) {
    return failRun(cl, e.exitCode() == 1 ? 2 : e.exitCode(), e.what());
  }
  RunSession::Connection connection(program.name, program.version);
  connection.provider = !cl.dryRun;
  // --stream (docs/streaming.md): the run's events as they happen. A conversation on a terminal
  // prints its replies as they stream in, unless they go elsewhere.
  std::shared_ptr<EventStream> stream;
  std::shared_ptr<chat::LiveReply> live;
  const bool conversation = (chatProgram && cl.chat) || workflowChat;
  if (cl.stream && !cl.dryRun) {
    try {
      stream = std::make_shared<EventStream>(*cl.stream);
    } catch (const Error &e) {
      return failRun(cl, 2, e.what());
    }
    // A reader that closes the pipe must not kill the run: the stream's writes fail instead.
    if (stream->toStdout()) std::signal(SIGPIPE, SIG_IGN);
    connection.extraSinks.push_back(stream);
  } else if (conversation && !cl.dryRun && !cl.output && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO)) {
    live = std::make_shared<chat::LiveReply>(stdout);
    connection.extraSinks.push_back(live);
  }
  session.connect(program, std::move(connection));

  if (cl.dryRun) {
    nlohmann::ordered_json planned =
        chatProgram ? chat::plan(cl, program, session.tools(), input) : plan(program, session.tools(), input);
    if (!writeOutput(cl, planned.dump(cl.pretty ? 2 : -1) + "\n")) return failRun(cl, 1, "cannot write the output");
    return 0;
  }

  session.catchSignals();
  const RunEnvironment env = session.environment(program);
  RunRequest request;
  request.input = input;
  request.cancel = session.stop();
  request.started = started;
  request.task = task;
  request.resumed = resumed;
  request.events = std::move(events);
  // A live reply shares the terminal with the progress line: the reply wins.
  request.progress = !cl.quiet && isatty(STDERR_FILENO) && !live;
  request.keepRecords = cl.report.has_value();
  if (chatProgram && cl.chat)  // --chat prints each reply as it comes and leaves no output
    request.body = [&](Run &run, const CancellationToken &token, const std::string &rootSpan) -> std::optional<Value> {
      chat::converse(run, cl, *task, input, token, rootSpan, {live.get(), stream.get()});
      return std::nullopt;
    };
  if (workflowChat)  // likewise, each turn to the current state's conversation
    request.body = [&](Run &run, const CancellationToken &token, const std::string &rootSpan) -> std::optional<Value> {
      chat::converseWithWorkflow(run, cl, input, token, rootSpan, {live.get(), stream.get()});
      return std::nullopt;
    };
  const RunOutcome outcome = executeRun(env, std::move(request));
  if (!outcome.started) return failRun(cl, outcome.code, outcome.error);
  const int code = outcome.code;
  const std::string &error = outcome.error;
  const std::optional<Value> &output = outcome.output;
  // The stream's last line; on stdout it is the run's output there (--output's file still gets it).
  if (stream && !conversation) stream->finish(output, code, error);
  const bool outputStreamed = stream && stream->toStdout() && !cl.output;
  if (cl.report) {
    std::ofstream file(*cl.report, std::ios::binary | std::ios::trunc);
    // Strings are made UTF-8 where they enter; `replace` is the last line of defence, so that a
    // byte that slipped through costs a U+FFFD, not the report.
    file << runReport(env, outcome).dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << "\n";
    if (!file.flush()) std::cerr << cl.program << ": warning: cannot write report file '" << *cl.report << "'\n";
  }
  // What the run spent, for a person at a terminal (docs/cost.md "Spend"); the report and the
  // trace carry it for everyone else.
  if (!cl.quiet && isatty(STDERR_FILENO) && (outcome.spend.tokens() > 0 || cl.maxCostUsd || cl.maxTokens))
    std::cerr << cl.program << ": " << cost::spendSummary(outcome.spend) << "\n";
  if (code == 4) {  // not an error: the run waits, and says for what (docs/journal.md)
    std::cerr << cl.program << ": " << error << "\n";
    return code;
  }
  if (code != 0) {
    // A failure with an output still prints it (a tool composition's result object); any other
    // failure leaves stdout empty (docs/executable.md).
    if (output && !outputStreamed && !writeOutput(cl, output->dump(cl.pretty ? 2 : -1) + "\n"))
      return failRun(cl, 1, "cannot write the output");
    return failRun(cl, code, error);
  }
  if ((chatProgram || workflowChat) && !output) return 0;  // --chat printed each reply as it came
  if (outputStreamed) return 0;
  std::string text = chatProgram && cl.raw ? output->asString() : output->dump(cl.pretty ? 2 : -1);
  if (!writeOutput(cl, text + "\n")) return failRun(cl, 1, "cannot write the output");
  return 0;
}

}  // namespace wfc

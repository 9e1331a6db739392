#include "host/chat/ChatMain.h"

#include "core/journal/RunJournal.h"

#include "core/chat/ChatSession.h"
#include "core/chat/WorkflowChat.h"
#include "core/run/Run.h"
#include "core/tools/ToolTable.h"
#include "host/session/RunSetup.h"
#include "wfc/cancellation.h"
#include "wfc/error.h"

#include <unistd.h>

#include "core/trace/EventStream.h"
#include "host/chat/LiveReply.h"

#include <fstream>
#include <iostream>
#include <string>

namespace wfc::chat {
namespace {

using Json = nlohmann::ordered_json;

// What a reply prints as: a JSON string (one line), or its text with --raw (or in a REPL).
std::string printed(const std::string &reply, bool text) { return text ? reply : Json(reply).dump(); }

// --chat on a workflow pack (docs/promptkit.md "Workflow chats"): the user drives the states'
// conversations, so every state must be one the model converses in.
std::optional<std::string> workflowChatProblem(const CommandLine &cl, const WorkflowDecl &wf) {
  if (cl.events) return "--events is not supported with --chat: the user's turns drive the states (docs/promptkit.md \"Workflow chats\")";
  if (cl.task) return "--task is for chat executables (packs of prompts alone); with --chat a workflow starts at its entry state";
  if (cl.message) return "--chat reads each message from stdin; --message is for one turn of a chat executable";
  if (cl.input && *cl.input == "-")
    return "--chat reads the conversation from stdin, so the input cannot come from it too: give the workflow input "
           "with --input FILE or --input-json";
  for (const StateDecl &s : wf.states)
    if (s.kind != StateKind::Internal)
      return std::string("--chat holds a conversation in each state of the workflow, and state '") + s.name + "' (" +
             s.location + ") " +
             (s.kind == StateKind::External ? "is external (its events come from --events)"
                                            : "runs a composition") +
             ": run this workflow without --chat (docs/promptkit.md \"Workflow chats\")";
  return std::nullopt;
}

}  // namespace

std::optional<std::string> usageProblem(const CommandLine &cl, const ProgramDecl &program) {
  if (!isChatProgram(program)) {
    if (cl.chat && program.workflow) return workflowChatProblem(cl, *program.workflow);
    for (const auto &[given, name] : {std::pair{cl.task.has_value(), "--task"}, {cl.message.has_value(), "--message"},
                                      {cl.chat, "--chat"}, {cl.raw, "--raw"}})
      if (given) return std::string(name) + " is for chat executables (packs of prompts alone); this one runs " +
                        (program.workflow ? "a workflow" : "a composition");
    return std::nullopt;
  }
  // A conversation is journaled a turn at a time (docs/journal.md "Journaled chats"); a single
  // turn (--message) is not a conversation to continue.
  for (const auto &[given, name] : {std::pair{cl.journal.has_value() && !cl.runs && !cl.journalGc, "--journal"},
                                    {cl.resume.has_value(), "--resume"}})
    if (given && !cl.chat)
      return std::string(name) + " journals a conversation: give --chat too (a single --message turn is not journaled)";
  if (cl.events) return "--events is for workflows' external states; a chat executable takes none";
  for (const auto &[given, name] : {std::pair{cl.fork.has_value(), "--fork"}, {cl.redrive.has_value(), "--redrive"}})
    if (given) return std::string(name) + " re-runs a composition's steps; a conversation is continued with --resume";
  if (cl.chat && cl.input && *cl.input == "-")
    return "--chat reads the conversation from stdin, so the input cannot come from it too: give the variables with "
           "--input FILE or --input-json";
  if (cl.chat && cl.message) return "--chat reads each message from stdin; --message is for one turn";
  return std::nullopt;
}

Value turnInput(const CommandLine &cl, Value input) {
  if (!cl.message) return input;
  std::vector<std::pair<std::string, Value>> members;
  for (const std::string &key : input.keys())
    if (key != "message") members.push_back({key, *input.get(key)});
  members.push_back({"message", Value::string(*cl.message)});
  return Value::object(std::move(members));
}

void printHelp(const CommandLine &cl, const ProgramDecl &program) {
  std::cout << "Usage: " << cl.program << " [--task NAME] --message TEXT [options]\n"
            << "       " << cl.program << " [--task NAME] --chat [options]\n\n";
  if (*program.description) std::cout << program.description << "\n\n";
  if (*program.summary) std::cout << program.summary << "\n\n";
  std::cout << "Answers as the prompts of " << program.name << " " << program.version << " (" << program.source
            << "), compiled by wfc " << program.wfcVersion << ". Tasks:\n";
  for (const ChatTaskDecl &t : program.tasks) {
    const PromptDecl &p = program.prompts[t.turn->prompt];
    std::cout << "  " << t.name;
    std::string vars;
    for (const VariableDecl &v : p.variables) vars += std::string(vars.empty() ? "" : ", ") + v.name + (v.required && !v.defaultValue ? "" : "?");
    if (!vars.empty()) std::cout << "  (variables: " << vars << ")";
    std::string media;
    for (const MediaTypeDecl &m : p.media) media += std::string(media.empty() ? "" : ", ") + m.name;
    if (!media.empty()) std::cout << "  (media: " << media << ")";
    std::cout << "\n";
  }
  std::cout << "\nInput: {\"message\": TEXT, \"variables\": {NAME: VALUE, …}, \"media\": [{\"file_path\" | \"url\" | "
               "\"data\", \"mime_type\"}, …]}\n(--message sets the message; media only for tasks that take them).\n\n"
            << commandLineHelp();
}

Json plan(const CommandLine &cl, const ProgramDecl &program, const ToolTable &tools, const Value &input) {
  const ChatTaskDecl &task = chooseTask(cl, program);
  const PromptDecl &prompt = program.prompts[task.turn->prompt];
  Json offered = Json::array();
  for (int t : task.turn->tools)
    offered.push_back({{"tool", program.tools[t].name}, {"binding", tools.describe(program.tools[t].name)}});
  Json turnEvals = Json::array(), sessionEvals = Json::array();
  for (int e : task.turn->evals) turnEvals.push_back(program.evals[e].id);
  for (int e : task.sessionEvals) sessionEvals.push_back(program.evals[e].id);
  return {{"workflow", program.name}, {"version", program.version}, {"input", input.json()},
          {"task", task.name},        {"prompt", prompt.key},       {"location", prompt.location},
          {"tools", offered},         {"max_rounds", task.turn->maxSteps},
          {"evals", turnEvals},       {"session_evals", sessionEvals}, {"media", mediaConfigJson(prompt)}};
}

void converse(Run &run, const CommandLine &cl, const ChatTaskDecl &task, const Value &input,
              const CancellationToken &cancel, const std::string &rootSpan, ChatOutput output) {
  // A conversation: the input's variables (if any) open it; each stdin line is a turn.
  TurnInput opening = parseTurnInput(input, false);
  if (!opening.message.empty() || !opening.media.empty())
    throw Error(ErrorKind::Usage, std::string("with --chat the messages come from stdin, not from the input's \"") +
                                      (opening.message.empty() ? "media" : "message") + "\"");
  ChatSession session(run, task, cancel, rootSpan, opening.variables);
  converse(run, cl, session, task.name, cancel, output);
}

void converseWithWorkflow(Run &run, const CommandLine &cl, const Value &input, const CancellationToken &cancel,
                          const std::string &rootSpan, ChatOutput output) {
  WorkflowChat chat(run, input, cancel, rootSpan);
  converse(run, cl, chat, "workflow", cancel, output);
}

void converse(Run &run, const CommandLine &cl, TurnTaker &session, const std::string &owner,
              const CancellationToken &cancel, ChatOutput output) {
  const bool repl = isatty(STDIN_FILENO);
  // Replies go to stdout, or to --output's file, a line each as they come.
  std::ofstream file;
  if (cl.output) {
    file.open(*cl.output, std::ios::binary | std::ios::trunc);
    if (!file) throw Error(ErrorKind::Usage, "cannot write output file '" + *cl.output + "'");
  }
  auto print = [&](const std::string &reply) {
    std::string text = output.live ? output.live->rest(reply) : printed(reply, cl.raw || repl) + "\n";
    run.clearProgress();  // the progress line (a terminal's stderr) must not run into the reply
    if (cl.output) {
      if (!(file << text << std::flush)) throw Error(ErrorKind::StepFailed, "cannot write the output");
    } else {
      std::fwrite(text.data(), 1, text.size(), stdout);
      if (std::fflush(stdout) != 0) throw Error(ErrorKind::StepFailed, "cannot write the output");
    }
  };
  journal::RunJournal *journal = run.journal();
  // A resumed conversation: its turns again, from the journal.
  if (journal) {
    for (const journal::ChatTurnRow &t : journal->chatTurns()) {
      if (t.owner != owner)
        throw Error(ErrorKind::Usage, "run '" + journal->runId() + "' is a conversation with " +
                                          (t.owner == "workflow" ? std::string("the workflow") : "task '" + t.owner + "'") +
                                          (owner == "workflow" ? std::string("") : ", not task '" + owner + "'") +
                                          ": resume it with " +
                                          (t.owner == "workflow" ? std::string("--chat") : "--task " + t.owner));
      if (t.status == journal::ChatTurnRow::Status::Failed) {
        session.skipTurn();
        continue;
      }
      const bool inFlight = t.status == journal::ChatTurnRow::Status::Running;
      std::string reply;
      if (output.live && !inFlight) output.live->mute(true);
      try {
        reply = session.turn(parseTurnInput(Value::parse(t.input), true));
      } catch (const Error &e) {
        if (output.live) output.live->mute(false), output.live->abandon();
        if (e.kind() == ErrorKind::Cancelled || cancel.cancelled()) throw;
        if (!inFlight) {
          // A turn that succeeded cannot be replayed (a medium's file is gone): it stays recorded
          // as it was, and the conversation goes on without it.
          std::cerr << cl.program << ": warning: turn " << t.turn << " could not be replayed (" << e.what()
                    << "); the conversation goes on without it\n";
          continue;
        }
        // The turn in flight failed now: as any turn that fails (a script's conversation ends).
        journal->endChatTurn(t.turn, false);
        if (!repl) throw;
        std::cerr << cl.program << ": error: " << e.what() << "\n";
        continue;
      }
      if (output.live && !inFlight) output.live->mute(false), output.live->abandon();
      if (!inFlight) continue;  // printed before the process stopped
      journal->endChatTurn(t.turn, true);
      if (output.stream) output.stream->write({{"event", "reply"}, {"turn", session.turns()}, {"reply", reply}});
      if (!(output.stream && output.stream->toStdout() && !cl.output)) print(reply);
    }
  }
  std::string line;
  for (;;) {
    if (repl) std::cerr << "you> " << std::flush;
    if (!std::getline(std::cin, line)) break;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    TurnInput turn;
    Value given;  // the turn as the line gives it: what the journal records
    if (repl) {
      turn.message = line;
      given = Value::object({{"message", Value::string(line)}});
    } else {
      try {
        given = Value::parse(line);
      } catch (const Error &e) {
        throw Error(ErrorKind::Usage, "turn " + std::to_string(session.turns() + 1) + ": the line is not JSON (" +
                                          e.what() + "); each line is {\"message\": TEXT}");
      }
      turn = parseTurnInput(given, true);
    }
    const unsigned number = session.turns() + 1;
    if (journal) journal->recordChatTurn({number, owner, given.dump(), journal::ChatTurnRow::Status::Running});
    std::string reply;
    try {
      reply = session.turn(turn);
    } catch (const Error &e) {
      // A turn cancelled (a signal) stays in flight: a resumed conversation runs it again.
      if (journal && e.kind() != ErrorKind::Cancelled && !cancel.cancelled()) journal->endChatTurn(number, false);
      // In a terminal the conversation goes on after a failed turn; a script's ends with it.
      if (!repl || e.kind() == ErrorKind::Cancelled || cancel.cancelled()) throw;
      if (output.live) std::fputs(output.live->abandon().c_str(), stdout);
      run.clearProgress();
      std::cerr << cl.program << ": error: " << e.what() << "\n";
      continue;
    }
    if (journal) journal->endChatTurn(number, true);
    // --stream: the turn's tokens went out as they came; its reply closes them.
    if (output.stream)
      output.stream->write({{"event", "reply"}, {"turn", session.turns()}, {"reply", reply}});
    if (output.stream && output.stream->toStdout() && !cl.output) continue;
    print(reply);
  }
  session.finish();
}

}  // namespace wfc::chat

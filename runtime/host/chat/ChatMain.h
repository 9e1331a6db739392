// The command line of a chat program (docs/promptkit.md "Chat executables"): a pack of prompts
// alone compiles to an executable that answers one user turn (--task, --message, the input
// {"message", "variables"}, --raw) or holds a conversation over stdin (--chat).
#pragma once

#include "core/chat/ChatSession.h"
#include "core/chat/TurnMedia.h"
#include "host/session/CommandLine.h"
#include "wfc/program.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace wfc {
class Run;
class CancellationToken;
class ToolTable;
class EventStream;
}  // namespace wfc

namespace wfc::chat {

class TurnTaker;
class LiveReply;

// The options that do not fit the program (chat options on a workflow, journal options on a
// chat program), as a usage message; nullopt when they fit.
std::optional<std::string> usageProblem(const CommandLine &cl, const ProgramDecl &program);

// The run's input with --message applied: {"message": …, "variables": {…}}.
Value turnInput(const CommandLine &cl, Value input);

void printHelp(const CommandLine &cl, const ProgramDecl &program);

// --dry-run: the task, its prompt, tools (with their bindings) and evals.
nlohmann::ordered_json plan(const CommandLine &cl, const ProgramDecl &program, const ToolTable &tools, const Value &input);

// Where a conversation's replies go besides stdout (docs/streaming.md "Chats"): a terminal's live
// reply (printed as it streams), and --stream's events (each turn's tokens, then its reply).
struct ChatOutput {
  LiveReply *live = nullptr;
  EventStream *stream = nullptr;
};

// --chat: a conversation over stdin, each reply printed as it comes (on stdout or in --output's
// file). The input's variables open it. Throws wfc::Error as a run does.
void converse(Run &run, const CommandLine &cl, const ChatTaskDecl &task, const Value &input,
              const CancellationToken &cancel, const std::string &rootSpan, ChatOutput output);

// --chat on a workflow pack (docs/promptkit.md "Workflow chats"): each stdin line is a turn of
// the current state's conversation, from the entry state on; `input` is the workflow input.
void converseWithWorkflow(Run &run, const CommandLine &cl, const Value &input, const CancellationToken &cancel,
                          const std::string &rootSpan, ChatOutput output);

// The conversation loop both use: reads the turns, prints the replies. With --journal each turn's
// input is recorded before it runs, and how it ended after (docs/journal.md "Journaled chats"); a
// resumed conversation (`owner`: a chat task's name, or "workflow") first replays the turns the
// journal holds — their replies and tool results the journal's, nothing sent again — printing
// only the reply of a turn that was in flight, then goes on with stdin.
void converse(Run &run, const CommandLine &cl, TurnTaker &session, const std::string &owner,
              const CancellationToken &cancel, ChatOutput output);

}  // namespace wfc::chat

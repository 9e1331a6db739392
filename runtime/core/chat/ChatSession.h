// A chat program's conversation (docs/promptkit.md "Chat executables"): the turns of one task, as
// PromptKit runs a pack's prompt. Each turn sends the system message (the prompt's template,
// rendered with the conversation's variables), the conversation so far and the user's message;
// runs the tools the model calls under the prompt's tool_policy; and ends on a reply without
// tool calls, whose evals then run. The conversation keeps every message, tool rounds included.
#pragma once

#include "core/chat/TurnMedia.h"
#include "core/conversation/SkillSet.h"
#include "core/llm/Provider.h"
#include "core/run/AttemptLog.h"
#include "wfc/program.h"

#include <string>
#include <vector>

namespace wfc {
class Run;
class CancellationToken;
}  // namespace wfc

namespace wfc::chat {

// One user turn as the input gives it: {"message": TEXT, "variables": {…}, "media": […]}.
struct TurnInput {
  std::string message;
  Value variables = Value::object({});  // merged into the conversation's
  std::vector<llm::MediaPart> media;    // read, not yet checked against the prompt (core/chat/TurnMedia.h)
};

// Reads a turn's input; throws wfc::Error(Usage) naming what is wrong. `messageRequired`: a
// turn needs a message (a conversation's first input may carry only variables).
// `files`: whether media may name files (not in a served run).
TurnInput parseTurnInput(const Value &input, bool messageRequired, MediaFiles files = MediaFiles::Read);

// What --chat converses with (host/chat/ChatMain.h's converse): a chat task's session, or a
// workflow's states (core/chat/WorkflowChat.h).
class TurnTaker {
 public:
  virtual ~TurnTaker() = default;
  // Runs one user turn and returns the reply's text; throws wfc::Error.
  virtual std::string turn(const TurnInput &input) = 0;
  // At the end of the conversation (stdin's end).
  virtual void finish() = 0;
  virtual unsigned turns() const = 0;
  // A turn that failed before (a journaled conversation replayed: docs/journal.md "Journaled
  // chats"): counted, as it was, without running it — it left nothing in the conversation.
  virtual void skipTurn() = 0;
};

class ChatSession final : public TurnTaker {
 public:
  // `variables`: the conversation's to start with; each turn's merge over them.
  ChatSession(Run &run, const ChatTaskDecl &task, const CancellationToken &cancel, std::string rootSpan,
              Value variables = Value::object({}));

  // Runs one turn and returns the reply's text. Throws wfc::Error: Usage for a required variable
  // without a value, Exhausted when the model still calls tools after tool_policy.max_rounds,
  // StepFailed for a gating eval's failure or an LLM error.
  std::string turn(const TurnInput &input) override;

  // Turns held before this session (an OpenAI-compatible request's earlier messages, docs/serve.md):
  // user and assistant messages sent before the next turn's, as if this session had had them.
  void addEarlierTurns(std::vector<llm::Message> messages) {
    history_.insert(history_.end(), std::make_move_iterator(messages.begin()), std::make_move_iterator(messages.end()));
  }

  // The session evals, on the last reply, when the conversation ends (no-op before any turn).
  void finish() override;

  unsigned turns() const override { return turn_; }
  void skipTurn() override { ++turn_; }

 private:
  Run &run_;
  const ChatTaskDecl &task_;
  const CancellationToken &cancel_;
  std::string rootSpan_;
  Value variables_;
  std::vector<llm::Message> history_;  // user, assistant and tool messages of the turns so far
  llm::SkillSet skills_;               // activated in one turn, active in the next (docs/promptkit.md "Skills")
  std::string lastReply_;
  std::vector<evals::ToolCallRecord> sessionCalls_;    // every tool call of the conversation
  std::vector<evals::GuardrailVerdict> lastVerdicts_;  // the last turn's validators' verdicts
  std::vector<evals::TranscriptMessage> lastTranscript_;  // the last turn's conversation: all of it
  unsigned turn_ = 0;
};

// A chat program (docs/promptkit.md "Chat executables"): a pack of prompts alone, whose tasks are
// its entry points.
inline bool isChatProgram(const ProgramDecl &program) { return !program.tasks.empty(); }

// Runs one turn of `task` on `input` ({"message", "variables", "media"}) and returns the reply's
// text. Throws wfc::Error as a run does.
std::string runTurn(Run &run, const ChatTaskDecl &task, const Value &input, const CancellationToken &cancel,
                    const std::string &rootSpan, MediaFiles files = MediaFiles::Read);

}  // namespace wfc::chat

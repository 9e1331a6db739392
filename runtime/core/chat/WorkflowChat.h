// --chat on a workflow pack (docs/promptkit.md "Workflow chats"), as PromptKit's
// WorkflowConversation runs one: each user turn goes to the current state's conversation (its
// prompt, tools, skills and the workflow tools); a workflow__transition the model calls is
// scheduled, answered, and made when the turn's reply is in; the next turn then talks to the new
// state's prompt, in a conversation of its own (a persistent state's continues its earlier
// visits'), whose template reads the hand-off as {{workflow_context}}. A `control: agent` state
// entered so takes the turn's message at once instead of waiting for the next turn.
//
// An A2A agent with a `state` (docs/serve.md "A2A agents") is such a chat entered at that state,
// one per A2A context, each turn a run of its own: the chat's Position carries it from one run to
// the next.
#pragma once

#include "core/chat/ChatSession.h"
#include "core/conversation/SkillSet.h"
#include "wfc/program.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace wfc::chat {

class WorkflowChat final : public TurnTaker {
 public:
  // Where a chat stands between two turns: what the next turn, in another run, continues from.
  struct Position {
    int state = 0;
    unsigned visit = 0;                  // of the state
    std::vector<unsigned> visits;        // by state
    unsigned totalVisits = 0;
    unsigned turns = 0;
    std::vector<llm::Message> history;  // the visit's conversation after the system message
    Value workflow;  // the run's workflow value: the hand-off context, artifacts, persistent states' conversations
  };

  // `input`: the workflow input, whose keys the prompts' templates read. `startState`: the state
  // the chat enters first (an index into WorkflowDecl::states), -1 for the workflow's entry.
  WorkflowChat(Run &run, const Value &input, const CancellationToken &cancel, std::string rootSpan, int startState = -1);
  // Continues a chat where `from` left it, in `run`.
  WorkflowChat(Run &run, const Value &input, const CancellationToken &cancel, std::string rootSpan, Position from);

  Position position() const;

  // Throws wfc::Error: Usage for a turn with variables, Exhausted when the model still calls
  // tools after tool_policy.max_rounds (or a transition exceeds max_visits or the budget),
  // StepFailed for an LLM error.
  std::string turn(const TurnInput &input) override;
  void finish() override;  // ends the current visit's span
  unsigned turns() const override { return turn_; }
  void skipTurn() override { ++turn_; }

 private:
  struct Scheduled {  // a workflow__transition the model called in this turn
    std::string event;
    Value context;
  };
  // One exchange of the current state's conversation with `message`, to the reply; makes the
  // transition the model scheduled (setting moved_).
  std::string converseInState(const std::string &message, std::vector<llm::MediaPart> media);
  void enter(int state);
  void startVisit();  // the visit's trace span and skills, once state_, visit_ and history_ are set
  void commit(const Scheduled &transition, const std::vector<llm::Message> &conversation);

  Run &run_;
  const WorkflowDecl &wf_;
  const Value &input_;
  const CancellationToken &cancel_;
  std::string rootSpan_;
  std::vector<unsigned> visits_;  // by state
  unsigned totalVisits_ = 0;
  unsigned turn_ = 0;
  bool moved_ = false;  // the last converseInState made a transition
  // The visit in progress.
  int state_ = -1;
  unsigned visit_ = 0;
  std::string path_, span_;
  std::vector<llm::Message> history_;  // its conversation after the system message
  std::unique_ptr<llm::SkillSet> skills_;
};

}  // namespace wfc::chat

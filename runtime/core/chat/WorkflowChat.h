// --chat on a workflow pack (docs/promptkit.md "Workflow chats"), as PromptKit's
// WorkflowConversation runs one: each user turn goes to the current state's conversation (its
// prompt, tools, skills and the workflow tools); a workflow__transition the model calls is
// scheduled, answered, and made when the turn's reply is in; the next turn then talks to the new
// state's prompt, in a conversation of its own (a persistent state's continues its earlier
// visits'), whose template reads the hand-off as {{workflow_context}}. A `control: agent` state
// entered so takes the turn's message at once instead of waiting for the next turn.
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
  // `input`: the workflow input, whose keys the prompts' templates read.
  WorkflowChat(Run &run, const Value &input, const CancellationToken &cancel, std::string rootSpan);

  // Throws wfc::Error: Usage for a turn with variables, Exhausted when the model still calls
  // tools after tool_policy.max_rounds (or a transition exceeds max_visits or the budget),
  // StepFailed for an LLM error.
  std::string turn(const TurnInput &input) override;
  void finish() override;  // ends the current visit's span
  unsigned turns() const override { return turn_; }

 private:
  struct Scheduled {  // a workflow__transition the model called in this turn
    std::string event;
    Value context;
  };
  // One exchange of the current state's conversation with `message`, to the reply; makes the
  // transition the model scheduled (setting moved_).
  std::string converseInState(const std::string &message, std::vector<llm::MediaPart> media);
  void enter(int state);
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

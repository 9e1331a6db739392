// A conversation's skills (docs/promptkit.md "Skills"), offered to the model as PromptKit offers
// them: three tools — skill__activate, whose description lists the skills the conversation may
// activate; skill__deactivate; skill__read_resource — answered here, not by the bindings.
// Activating a skill returns its instructions and offers the pack tools its allowed-tools name
// from the next round on; the activation lasts for the conversation (a chat's turns, a state's
// visit, an agent step's attempt). Preloaded skills are active from the start, their
// instructions in the system message.
#pragma once

#include "core/conversation/Conversation.h"
#include "core/llm/Provider.h"
#include "wfc/program.h"

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace wfc::llm {

struct StepAttempt;

class SkillSet {
 public:
  // `available`: indices into program.skills this conversation may activate.
  SkillSet(const ProgramDecl &program, std::vector<int> available);
  // Every skill of the program (chat turns and agent steps are offered all of them).
  static std::vector<int> all(const ProgramDecl &program);

  bool empty() const { return available_.empty(); }
  static bool isSkillTool(std::string_view providerName);

  // The system message with the preloaded skills' instructions after it.
  std::string withPreloaded(std::string system) const;
  // Replaces the request's tools with what the model may call now: `baseline` (the prompt's
  // tools), the pack tools the active skills grant that it lacks, then the three skill tools
  // (none when the set is empty). Returns the pack tools offered, for resolve(). Called before
  // the first round and again after any round that may have changed the active skills.
  std::vector<int> offerTools(Request &request, std::span<const int> baseline) const;
  // One call of the model's reply: a skill tool's answered here (call()), any other resolved
  // among the `offered` pack tools (core/conversation/Conversation.h's resolveCall).
  PendingCall resolve(const StepAttempt &a, const ToolCallRequest &call, std::span<const int> offered);

  // Answers one call to a skill tool: the result the model reads (JSON; {"error": …} when the
  // call cannot be done). Writes a `skill` trace line, and the call for the tool evals into
  // `note` when given.
  std::string call(const StepAttempt &a, const ToolCallRequest &call, evals::ToolCallRecord *note = nullptr);

  // Activates and deactivates as the skill calls in `messages` did (a persistent workflow
  // state's earlier visits), without answering or tracing them again.
  void replay(const std::vector<Message> &messages);

 private:
  void offerSkillTools(Request &request) const;  // the three skill tools
  std::vector<int> tools(std::span<const int> baseline) const;
  std::string activate(const std::string &name, bool &ok);
  std::string deactivate(const std::string &name, bool &ok);
  std::string readResource(const std::string &name, const std::string &path, bool &ok) const;
  int find(const std::string &name) const;  // index into program.skills, or -1
  bool isAvailable(int skill) const;
  bool isActive(int skill) const;
  std::vector<std::string> grantedNames(int skill, bool exceptStillGranted) const;

  const ProgramDecl &program_;
  std::vector<int> available_;
  std::vector<int> active_;  // in activation order
};

}  // namespace wfc::llm

// A pack's agents as tools of its conversations (docs/serve.md "A2A agents"), as PromptKit's A2A
// capability offers them: a prompt whose `tools` name an agent of the pack is offered the tool
// `a2a__NAME`, {"query": TEXT} → {"response": TEXT}, which sends the query to that agent as a
// message and answers with the agent's reply. The host that serves the agents provides them (the
// served executable); a run without one offers no such tool.
#pragma once

#include "core/conversation/Conversation.h"
#include "core/conversation/LlmStep.h"
#include "core/llm/Provider.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace wfc {
class CancellationToken;
}  // namespace wfc

namespace wfc::llm {

inline constexpr std::string_view kAgentToolPrefix = "a2a__";

class AgentTools {
 public:
  virtual ~AgentTools() = default;
  // The agent tools prompt `prompt` (an index into ProgramDecl::prompts) is offered.
  virtual std::vector<ToolSpec> offered(int prompt) const = 0;
  // Sends `query` to agent `member` on behalf of run `callerRunId`, waits for the reply and
  // returns its text. Throws wfc::Error saying why there is none.
  virtual std::string ask(const std::string &member, const std::string &query, const std::string &callerRunId,
                          const CancellationToken &cancel) = 0;
};

// Adds prompt `prompt`'s agent tools, if the run has any, to `request`.
void offerAgentTools(Request &request, const Run &run, int prompt);

// Answers the model's call of an agent tool offered to `prompt` — the agent's reply, or an error
// for the model — noting it for the tool evals; nullopt when `call` is not one.
std::optional<PendingCall> resolveAgentCall(const StepAttempt &a, const ToolCallRequest &call, int prompt);

}  // namespace wfc::llm

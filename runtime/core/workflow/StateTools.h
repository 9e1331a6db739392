// What the conversation of an internal state is built from, whether the state machine drives it
// (InternalState.cpp: each visit runs until the model's transition) or a user does (--chat,
// core/chat/WorkflowChat.cpp: each stdin line is a turn): the workflow tools offered beside the
// prompt's, a persistent state's earlier conversation, and the step the exchanges are keyed by.
#pragma once

#include "core/llm/Provider.h"
#include "core/workflow/StateVisit.h"
#include "wfc/program.h"

#include <string>
#include <vector>

namespace wfc::workflow {

inline constexpr const char *kTransitionTool = "workflow__transition";
inline constexpr const char *kArtifactTool = "workflow__set_artifact";

// workflow__transition: {event (one of the state's), context}.
llm::ToolSpec transitionSpec(const StateDecl &s);
// workflow__set_artifact: {name (one of the state's artifacts), value}.
llm::ToolSpec artifactSpec(const StateDecl &s);
// Applies a workflow__set_artifact call to the run's workflow value; the result the model reads.
std::string setArtifact(const StateVisit &v, const std::string &arguments);

// A persistent state's conversation from its earlier visits (none for any other state), and
// keeping this visit's for the next (docs/workflows.md "Persistent states").
std::vector<llm::Message> earlierConversation(const StateVisit &v);
void keepConversation(const StateVisit &v, const std::vector<llm::Message> &messages);

// A StepDecl standing for the state, so the state's exchanges and tool calls go through the
// same code (and the same trace lines, keys and token counts) as an agent step's.
StepDecl pseudoStep(const StateVisit &v, int prompt);

}  // namespace wfc::workflow

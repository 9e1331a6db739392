// One visit of an internal or external state: what the conversation needs to know about where
// it runs. Shared by the state machine and the conversations it starts (InternalState.cpp).
#pragma once

#include "core/llm/Provider.h"
#include "wfc/program.h"

#include <string>

namespace wfc {
class Run;
}

namespace wfc::workflow {

class EventFile;

struct StateVisit {
  Run &run;
  const StateDecl &state;
  const Value &input;  // the workflow input
  unsigned visit;      // 1 for the first
  std::string path;    // visitPath(): "triage", "triage@2"
  const CancellationToken &cancel;
  std::string span;    // the visit's span: parent of its llm_call and tool_call lines
};

// An internal state: a conversation offered the prompt's tools, workflow__transition (unless
// the state is terminal) and workflow__set_artifact (when it declares artifacts), ended by the
// model's transition call — or, in a terminal state, by a reply without tool calls.
StateResult converse(const StateVisit &v, int prompt);

// An external state: its prompt runs once (the reply goes to stderr and the trace), then the
// next event comes from `events`.
StateResult askExternal(const StateVisit &v, int prompt, EventFile *events);

}  // namespace wfc::workflow

// The workflow state machine (docs/workflows.md): runs from the entry state until a terminal
// state, counting visits (max_visits / on_max_visits, engine.budget.max_total_visits), taking
// each state's event through the generated transition table, and keeping the workflow context
// and artifacts that compositions read as ${workflow…} and prompts as {{workflow_context}} /
// {{artifacts.NAME}}.
#pragma once

#include "wfc/cancellation.h"
#include "wfc/program.h"

#include <string>
#include <vector>

namespace wfc {
class Run;
}

namespace wfc::workflow {

class EventFile;

// What the report says of one visit of a state.
struct VisitRecord {
  std::string state;
  const char *kind = "";
  unsigned visit = 0;
  std::string status;  // "ok", "failed"
  std::string event;   // the event that left it ("" for a terminal state or a failure)
  std::string next;    // the state entered next ("" likewise)
  double durationMs = 0;
  std::string error;
  bool resumed = false;  // served from the journal: the visit completed before the run resumed
};

// Runs the program's workflow on `input` to the output of the terminal state it ends in.
// Throws wfc::Error; `visits` holds every visit, also when it throws. `events` (--events) may
// be null: an external state then has no event to take (exit 1).
Value runWorkflow(Run &run, const Value &input, const CancellationToken &cancel, const std::string &rootSpan,
                  EventFile *events, std::vector<VisitRecord> &visits);

// "intake", or "intake@2" from the second visit on: a state visit's name in step paths, record
// and replay keys, and idempotency keys.
std::string visitPath(const StateDecl &state, unsigned visit);

// Counts a visit of `state` — in `visits` (by state) and `total` — and returns its number (1 for
// the state's first). Throws wfc::Error(Exhausted) when engine.budget.max_total_visits would be
// passed.
unsigned countVisit(const WorkflowDecl &wf, std::vector<unsigned> &visits, unsigned &total, int state);

// The state a transition from `from` to `next` enters, given the visits so far (by state):
// `next`, or — when it has had max_visits — its on_max_visits state (traced as `max_visits`).
// Throws wfc::Error(Exhausted) when no state may be entered.
int stateToEnter(Run &run, const std::vector<unsigned> &visits, int from, int next);

// "composition", "internal", "external": the pack's `orchestration` spelling.
const char *spell(StateKind kind);

// "a, b or c": a state's events, for messages.
std::string eventList(const StateDecl &state);

}  // namespace wfc::workflow

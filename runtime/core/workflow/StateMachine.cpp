#include "core/workflow/StateMachine.h"

#include "core/journal/RunStore.h"
#include "core/workflow/Suspension.h"

#include "core/journal/RunJournal.h"
#include "core/run/Run.h"
#include "core/scheduler/Frame.h"
#include "core/workflow/EventFile.h"
#include "core/workflow/StateVisit.h"
#include "wfc/error.h"

#include <chrono>

namespace wfc::workflow {
namespace {

using Clock = std::chrono::steady_clock;

// The StateContext generated state functions run against: one per run, pointing at the visit
// in progress.
class StateMachine final : public StateContext {
 public:
  StateMachine(Run &run, const Value &input, const CancellationToken &cancel, const std::string &rootSpan,
               EventFile *events, std::vector<VisitRecord> &visits)
      : run_(run), wf_(*run.program().workflow), input_(input), cancel_(cancel), rootSpan_(rootSpan),
        events_(events), records_(visits), visits_(wf_.states.size(), 0) {}

  Value run() {
    int state = wf_.entry;
    for (;;) {
      cancel_.throwIfCancelled();
      const StateDecl &s = wf_.states[state];
      unsigned visit = countVisit(wf_, visits_, total_, state);
      run_.workflowProgress().state = s.name;
      run_.workflowProgress().terminal = s.terminal;
      StateResult result = visitState(state, visit);
      if (s.terminal) return result.output;
      int next = wf_.transition(state, result.event);
      if (next < 0) {
        std::string message = std::string(s.location) + ": state '" + s.name + "' got event '" + result.event +
                              "', which it has no transition for; its events are " + eventList(s);
        records_.back().status = "failed";
        records_.back().error = message;
        throw Error(ErrorKind::StepFailed, message);
      }
      next = stateToEnter(run_, visits_, state, next);
      records_.back().event = result.event;
      records_.back().next = wf_.states[next].name;
      if (Trace *trace = run_.trace())
        trace->write("transition", {{"from", s.name}, {"on_event", result.event}, {"to", wf_.states[next].name},
                                    {"visit", visit}});
      setContext(result.context);
      run_.workflowProgress().transitions.push_back({s.name, wf_.states[next].name, result.event});
      state = next;
    }
  }

  StateResult runComposition(int composition) override {
    const StateDecl &s = *current_;
    Value output = wfc::runComposition(run_, composition, input_, cancel_, path_ + ":", span_);
    StateResult result;
    result.output = output;
    if (s.terminal) return result;
    // The event is the output's string field `event` (docs/workflows.md); the context, the whole output.
    std::optional<Value> event = output.isObject() ? output.get("event") : std::nullopt;
    if (!event || !event->isString())
      throw Error(ErrorKind::StepFailed,
                  std::string(s.location) + ": state '" + s.name + "' takes its next event from the string field "
                      "'event' of the output of composition '" + run_.program().compositions[composition].name +
                      "', and " + (!output.isObject() ? "that output is not an object"
                                   : !event       ? "that output has no 'event' field"
                                                  : "its 'event' is " + event->dump() + ", not a string") +
                      "; its events are " + eventList(s));
    result.hasEvent = true;
    result.event = event->asString();
    result.context = std::move(output);
    return result;
  }

  StateResult converse(int prompt) override { return workflow::converse(visit(), prompt); }
  StateResult askExternal(int prompt) override { return workflow::askExternal(visit(), prompt, events_); }

 private:
  StateVisit visit() const { return {run_, *current_, input_, visit_, path_, cancel_, span_}; }

  StateResult visitState(int state, unsigned visit) {
    const StateDecl &s = wf_.states[state];
    current_ = &s;
    visit_ = visit;
    path_ = visitPath(s, visit);
    span_ = run_.newSpanId();
    Trace *trace = run_.trace();
    if (trace)
      trace->write("state_start", {{"state", s.name}, {"kind", spell(s.kind)}, {"visit", visit},
                                   {"span_id", span_}, {"parent_span_id", rootSpan_}});
    records_.push_back({s.name, spell(s.kind), visit, "ok", "", "", 0, ""});
    // A visit completed before the run resumed is not made again: the journal has what it
    // produced and the workflow's context and artifacts after it (docs/journal.md).
    journal::RunJournal *journal = run_.journal();
    if (journal && journal->resuming())
      if (const journal::VisitRow *done = journal->visit(path_)) {
        records_.back().resumed = true;
        run_.setWorkflow(Value::parse(done->workflow));
        StateResult result{Value::parse(done->output), done->hasEvent, done->event, Value::parse(done->context)};
        if (trace) {
          trace->write("state_resumed", {{"state", s.name}, {"visit", visit}, {"parent_span_id", rootSpan_},
                                         {"on_event", done->hasEvent ? nlohmann::ordered_json(done->event) : nullptr}});
          // The visit's span ends at once: its work was done before the run resumed.
          nlohmann::ordered_json end = {{"state", s.name}, {"visit", visit}, {"span_id", span_},
                                        {"status", "ok"},    {"duration_ms", 0},  {"resumed", true}};
          if (done->hasEvent) end["on_event"] = done->event;
          trace->write("state_end", end);
        }
        return result;
      }
    Clock::time_point start = Clock::now();
    auto millis = [&] { return std::chrono::duration<double, std::milli>(Clock::now() - start).count(); };
    try {
      StateResult result = s.run(*this);
      if (!s.terminal && !result.hasEvent)
        throw Error(ErrorKind::StepFailed, std::string("internal error: state '") + s.name + "' produced no event");
      records_.back().durationMs = millis();
      if (journal)
        journal->recordVisit(path_, s.name, visit,
                             {result.output.dump(), result.hasEvent, result.event, result.context.dump(),
                              run_.workflow().dump()});
      if (trace) {
        nlohmann::ordered_json end = {{"state", s.name}, {"visit", visit}, {"span_id", span_}, {"status", "ok"},
                                      {"duration_ms", millis()}};
        if (result.hasEvent) end["on_event"] = result.event;  // "event" names the trace line itself
        trace->write("state_end", end);
      }
      return result;
    } catch (const Suspension &) {
      // Waiting for its event: the visit's span ends here; a resume visits the state again.
      if (trace)
        trace->write("state_end", {{"state", s.name}, {"visit", visit}, {"span_id", span_}, {"status", "suspended"},
                                   {"duration_ms", millis()}});
      throw;
    } catch (const Error &e) {
      records_.back().status = "failed";
      records_.back().error = e.what();
      records_.back().durationMs = millis();
      if (trace)
        trace->write("state_end", {{"state", s.name}, {"visit", visit}, {"span_id", span_}, {"status", "failed"},
                                   {"duration_ms", millis()}, {"error", e.what()}});
      throw;
    }
  }

  void setContext(const Value &context) {
    nlohmann::ordered_json wf = run_.workflow().json();
    wf["context"] = context.json();
    run_.setWorkflow(Value::fromJson(std::move(wf)));
  }

  Run &run_;
  const WorkflowDecl &wf_;
  const Value &input_;
  const CancellationToken &cancel_;
  const std::string &rootSpan_;
  EventFile *events_;
  std::vector<VisitRecord> &records_;
  std::vector<unsigned> visits_;  // by state
  unsigned total_ = 0;
  // The visit in progress.
  const StateDecl *current_ = nullptr;
  unsigned visit_ = 0;
  std::string path_, span_;
};

}  // namespace

unsigned countVisit(const WorkflowDecl &wf, std::vector<unsigned> &visits, unsigned &total, int state) {
  if (wf.maxTotalVisits && total >= wf.maxTotalVisits)
    throw Error(ErrorKind::Exhausted, "engine.budget.max_total_visits (" + std::to_string(wf.maxTotalVisits) +
                                          ") exhausted: entering state '" + wf.states[state].name +
                                          "' would be visit " + std::to_string(total + 1));
  ++total;
  return ++visits[state];
}

// PromptKit's rule: a transition into a state that has had max_visits visits goes to its
// on_max_visits state instead — which is itself subject to the rule — and without one the
// run ends with exit 3.
int stateToEnter(Run &run, const std::vector<unsigned> &visits, int from, int next) {
  const WorkflowDecl &wf = *run.program().workflow;
  std::vector<bool> seen(wf.states.size(), false);
  for (;;) {
    const StateDecl &n = wf.states[next];
    if (!n.maxVisits || visits[next] < n.maxVisits) return next;
    if (n.onMaxVisits < 0 || seen[next])
      throw Error(ErrorKind::Exhausted,
                  std::string(n.location) + ": state '" + n.name + "' has reached max_visits (" +
                      std::to_string(n.maxVisits) + ")" +
                      (n.onMaxVisits < 0 ? " and has no on_max_visits to go to instead"
                                         : " and every on_max_visits state after it has too") +
                      " (entered from state '" + wf.states[from].name + "')");
    seen[next] = true;
    if (Trace *trace = run.trace())
      trace->write("max_visits", {{"state", n.name}, {"max_visits", n.maxVisits}, {"to", wf.states[n.onMaxVisits].name}});
    next = n.onMaxVisits;
  }
}

const char *spell(StateKind kind) {
  switch (kind) {
    case StateKind::Composition: return "composition";
    case StateKind::Internal: return "internal";
    case StateKind::External: return "external";
  }
  return "internal";
}

std::string visitPath(const StateDecl &state, unsigned visit) {
  return visit <= 1 ? std::string(state.name) : std::string(state.name) + "@" + std::to_string(visit);
}

std::string eventList(const StateDecl &state) {
  std::string out;
  size_t i = 0, n = state.events.size();
  for (const char *e : state.events) {
    out += (i == 0 ? "" : i + 1 == n ? " and " : ", ") + std::string("'") + e + "'";
    ++i;
  }
  return out.empty() ? "none" : out;
}

Value runWorkflow(Run &run, const Value &input, const CancellationToken &cancel, const std::string &rootSpan,
                  EventFile *events, std::vector<VisitRecord> &visits) {
  return StateMachine(run, input, cancel, rootSpan, events, visits).run();
}

}  // namespace wfc::workflow

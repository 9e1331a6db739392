// The runs a server runs (docs/serve.md): each a real run of the program (ExecuteRun.h) on a
// thread of its own, recorded in the journal, with a trace of its own whose lines make its
// timeline. At most maxRuns run at once — a start beyond that is refused (429), not queued — and
// while the server drains none starts. A restarted server resumes the runs a dead one left
// running or suspended by its drain; a suspended run continues when it gets its event.
//
// The journal is where a run's status, output, error and times are read from (GET /runs/{id});
// this class holds what only a running run has: its cancellation token, its timeline and events
// so far, and whoever waits for it to stop. Its events (RunEventLog.h) go to the journal as they
// happen, for GET /runs/{id}/events; since a client may watch any run, every served run's LLM
// calls stream (docs/streaming.md).
#pragma once

#include "core/journal/JournalFile.h"
#include "core/journal/RunStore.h"
#include "core/trace/TraceSink.h"
#include "core/workflow/EventFile.h"
#include "host/serve/EventRecorder.h"
#include "host/serve/RunEventLog.h"
#include "host/serve/RunTimeline.h"
#include "host/session/ExecuteRun.h"

#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace wfc::serve {

// A caller's W3C trace context (the traceparent header): the run's spans join that trace.
struct TraceParent {
  std::string traceId, spanId;
};

// "00-<32 hex>-<16 hex>-<2 hex>", or nullopt when it is not one (then the run starts a trace).
std::optional<TraceParent> parseTraceParent(const std::string &header);

class RunService {
 public:
  struct Options {
    unsigned maxRuns = 64;
    std::optional<workflow::EventFile> events;      // --events: each new run takes them from the start
    std::vector<std::shared_ptr<TraceSink>> sinks;  // every run's trace goes there too
  };

  // Why a run did not start.
  enum class Refusal { None, Full, Draining, Failed };
  struct Started {
    Refusal refusal = Refusal::None;
    std::string id;     // the run's, when it started
    std::string error;  // Failed: why (the journal could not record it …)
    std::shared_ptr<RunEventLog> events = nullptr;  // the run's, when it started
  };

  RunService(const RunEnvironment &env, journal::JournalFile &journal, Options options);
  ~RunService();  // drain(0)
  RunService(const RunService &) = delete;
  RunService &operator=(const RunService &) = delete;

  // A new run of `input` (checked against the input schema already); a chat program's `task`.
  // Returns once it is recorded in the journal (its id known) or could not be.
  // `body`, when given, runs instead of the program's entry (RunRequest::body: a chat completion's
  // turn after its earlier messages).
  Started start(Value input, const ChatTaskDecl *task, const std::optional<TraceParent> &parent,
                decltype(RunRequest::body) body = nullptr);
  // Continues suspended run `row`, `event` first (POST /runs/{id}/events).
  Started resume(const journal::RunRow &row, workflow::ExternalEvent event, const std::optional<TraceParent> &parent);
  // Blocks while run `id` runs here (returns at once when it does not).
  void waitUntilStopped(const std::string &id);
  // Cancels run `id` if it runs here; false when it does not. Then waits up to `wait` for it to stop.
  bool cancel(const std::string &id, const std::string &reason, std::chrono::milliseconds wait);
  bool running(const std::string &id) const;
  unsigned runningCount() const;
  unsigned maxRuns() const { return options_.maxRuns; }
  bool draining() const;

  // The events of run `id` while it runs here (docs/streaming.md), or null.
  std::shared_ptr<RunEventLog> eventLog(const std::string &id) const;

  // The trace lines of run `row` (JSON lines): those recorded in the journal, then those of its
  // run in progress here.
  std::string timeline(const journal::RunRow &row);

  // At start-up: resumes the runs of the journal that a server which is gone left running, or
  // suspended by its drain (awaiting no event) — as many at once as maxRuns allows, the others as
  // runs end. A chat turn is not resumed (its client has gone): it is recorded failed — a chat
  // pack's runs, and those `isTurn` says are turns. Returns how many it will resume; warns on
  // stderr of runs it cannot (written by another program).
  size_t resumeInterrupted(const std::function<bool(const journal::RunRow &)> &isTurn = nullptr);
  // Versions (docs/journal.md "Versions"): "" when this server may go on with unfinished run `row`
  // — its own program's, or another version's whose steps the run reached are unchanged here and
  // whose input fits this program's schema; otherwise why not (the run needs its own program:
  // the API shows it as needs_program). Worked out once per run and program.
  std::string whyNotResumable(const journal::RunRow &row);

  // The pack's agents as its runs' a2a__ tools (A2aAgents), given once they exist, before any run.
  void setAgentTools(llm::AgentTools *agents) { agentTools_ = agents; }

  // Starts no run from now on; lets the running ones finish for up to `timeout`, then stops the
  // others, which the journal records suspended (the next server resumes them).
  void drain(std::chrono::milliseconds timeout);

 private:
  // whyNotResumable()'s answers, by run id and the program that wrote the run.
  std::mutex versionsMutex_;
  std::map<std::pair<std::string, std::string>, std::string> notResumable_;
  struct Active;
  Started launch(RunRequest request, const std::optional<TraceParent> &parent, bool fromBacklog);
  void runThread(std::shared_ptr<Active> active, RunRequest request);
  void startBacklog();
  void joinFinished();

  const RunEnvironment &env_;
  journal::JournalFile &journal_;
  Options options_;
  EventRecorder recorder_;  // every run's events into the journal
  llm::AgentTools *agentTools_ = nullptr;

  mutable std::mutex mutex_;
  std::condition_variable changed_;                  // a run started or stopped (for drain)
  std::map<std::string, std::shared_ptr<Active>> running_;  // by run id
  unsigned starting_ = 0;                            // launched, id not known yet
  bool draining_ = false;
  std::deque<journal::RunRow> backlog_;              // interrupted runs waiting for a free slot
  std::vector<std::thread> finished_;                // threads of runs that stopped, to join
};

}  // namespace wfc::serve

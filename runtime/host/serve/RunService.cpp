#include "host/serve/RunService.h"

#include "core/journal/RunOwner.h"
#include "core/journal/RunStore.h"
#include "core/journal/TimelineStore.h"
#include "core/trace/Trace.h"
#include "host/chat/ChatMain.h"
#include "host/session/Resume.h"
#include "host/session/RunSetup.h"
#include "wfc/error.h"

#include <algorithm>
#include <cctype>
#include <iostream>
#include <system_error>

namespace wfc::serve {
namespace {

bool isLowerHex(const std::string &s, size_t n) {
  return s.size() == n && std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(c) || (c >= 'a' && c <= 'f'); });
}

}  // namespace

std::optional<TraceParent> parseTraceParent(const std::string &header) {
  // version-traceid-parentid-flags; an all-zero trace or span id is invalid (W3C Trace Context).
  if (header.size() != 55 || header[2] != '-' || header[35] != '-' || header[52] != '-') return std::nullopt;
  TraceParent p{header.substr(3, 32), header.substr(36, 16)};
  if (header.substr(0, 2) == "ff" || !isLowerHex(header.substr(0, 2), 2) || !isLowerHex(p.traceId, 32) ||
      !isLowerHex(p.spanId, 16) || !isLowerHex(header.substr(53, 2), 2))
    return std::nullopt;
  if (p.traceId == std::string(32, '0') || p.spanId == std::string(16, '0')) return std::nullopt;
  return p;
}

struct RunService::Active {
  std::string id;  // once the journal has the run
  CancellationToken cancel;
  std::shared_ptr<RunTimeline> timeline = std::make_shared<RunTimeline>();
  std::shared_ptr<RunEventLog> events;
  std::unique_ptr<Trace> trace;
  bool started = false, stopped = false;  // under the service's mutex
  // Told when this run starts or stops (with the service's mutex): each waiter for a run waits
  // on its run's, so that a run's end wakes its own waiters, not every client waiting for any
  // run — with 2,000 clients waiting (?wait=true), one shared condition woke 2,000 threads per
  // run start and stop.
  std::condition_variable changed;
  std::string error;                      // why it could not start
  // Held while the timeline moves to the journal, so that a reader sees it in one place.
  std::mutex timelineMutex;
  bool timelineRecorded = false;
  std::thread thread;
};

RunService::RunService(const RunEnvironment &env, journal::JournalFile &journal, Options options)
    : env_(env), journal_(journal), options_(std::move(options)), recorder_(journal, env.self) {}

RunService::~RunService() { drain(std::chrono::milliseconds(0)); }

RunService::Started RunService::start(Value input, const ChatTaskDecl *task, const std::optional<TraceParent> &parent,
                                     decltype(RunRequest::body) body) {
  joinFinished();
  RunRequest request;
  request.input = std::move(input);
  request.task = task;
  request.mediaFiles = chat::MediaFiles::Refused;  // a served run reads no files of the server's
  request.body = std::move(body);
  request.events = options_.events;
  return launch(std::move(request), parent, false);
}

RunService::Started RunService::resume(const journal::RunRow &row, workflow::ExternalEvent event,
                                       const std::optional<TraceParent> &parent) {
  joinFinished();
  RunRequest request;
  request.input = Value::parse(row.input);
  request.resumed = row;
  request.events = workflow::EventFile::none("POST /runs/" + row.id + "/events");
  request.events->prepend(std::move(event));
  return launch(std::move(request), parent, false);
}

RunService::Started RunService::launch(RunRequest request, const std::optional<TraceParent> &parent, bool fromBacklog) {
  auto active = std::make_shared<Active>();
  active->events = std::make_shared<RunEventLog>(recorder_);
  std::vector<std::shared_ptr<TraceSink>> sinks = options_.sinks;
  sinks.push_back(active->timeline);
  sinks.push_back(active->events);
  active->trace = parent ? std::make_unique<Trace>(std::move(sinks), parent->traceId, parent->spanId)
                         : std::make_unique<Trace>(std::move(sinks));
  request.cancel = active->cancel;
  request.agentTools = agentTools_;
  request.trace = active->trace.get();
  request.started = std::chrono::steady_clock::now();
  std::unique_lock lock(mutex_);
  if (draining_) return {Refusal::Draining, "", ""};
  // Runs resumed from the backlog take the slots first: they were accepted before.
  if (running_.size() + starting_ >= options_.maxRuns || (!fromBacklog && !backlog_.empty()))
    return {Refusal::Full, "", ""};
  ++starting_;
  try {
    active->thread = std::thread([this, active, request = std::move(request)]() mutable {
      runThread(active, std::move(request));
    });
  } catch (const std::system_error &e) {
    --starting_;
    return {Refusal::Failed, "", std::string("cannot start a thread for the run: ") + e.what()};
  }
  active->changed.wait(lock, [&] { return active->started || active->stopped; });
  if (!active->started) return {Refusal::Failed, "", active->error};
  return {Refusal::None, active->id, "", active->events};
}

void RunService::runThread(std::shared_ptr<Active> active, RunRequest request) {
  request.onStarted = [this, active](const std::string &id) {
    // Its events are numbered on from those of the earlier times it ran.
    if (std::optional<journal::RunRow> row = journal_.runs().find(id))
      active->events->begin(row->seq, journal_.timelines().lastEventId(row->seq));
    std::lock_guard lock(mutex_);
    active->id = id;
    active->started = true;
    --starting_;
    running_[id] = active;
    active->changed.notify_all();
    changed_.notify_all();
  };
  RunOutcome outcome;
  try {
    outcome = executeRun(env_, std::move(request));
  } catch (const std::exception &e) {  // a run that cannot start (no thread for its pool …)
    outcome.started = false;
    outcome.code = 1;
    outcome.status = journal::RunStatus::Failed;
    outcome.error = std::string("internal error: ") + e.what();
  }
  if (active->started)
    active->events->finish(outcome.output, outcome.code, outcome.error);
  else
    active->events->abandon();
  active->events->waitRecorded(std::chrono::seconds(60));
  if (active->started) {
    // Its timeline outlives it in the journal (one segment per time it ran).
    std::lock_guard timelineLock(active->timelineMutex);
    try {
      if (std::optional<journal::RunRow> row = journal_.runs().find(active->id))
        journal_.timelines().record(row->seq, active->timeline->text());
    } catch (const Error &e) {
      std::cerr << env_.self << ": warning: the timeline of run " << active->id << " is not recorded: " << e.what()
                << "\n";
    }
    active->timelineRecorded = true;
  }
  {
    std::lock_guard lock(mutex_);
    if (active->started) {
      running_.erase(active->id);
    } else {
      --starting_;
      active->error = outcome.error;
    }
    active->stopped = true;
    finished_.push_back(std::move(active->thread));
    active->changed.notify_all();
    changed_.notify_all();
  }
  startBacklog();
}

void RunService::startBacklog() {
  for (;;) {
    journal::RunRow row;
    {
      std::lock_guard lock(mutex_);
      if (draining_ || backlog_.empty() || running_.size() + starting_ >= options_.maxRuns) return;
      row = std::move(backlog_.front());
      backlog_.pop_front();
    }
    RunRequest request;
    request.input = Value::parse(row.input);
    request.resumed = row;
    request.events = workflow::EventFile::none("POST /runs/" + row.id + "/events");
    Started s = launch(std::move(request), std::nullopt, true);
    if (s.refusal == Refusal::Failed)
      std::cerr << env_.self << ": warning: cannot resume run " << row.id << ": " << s.error << "\n";
    else if (s.refusal == Refusal::None)
      std::cerr << env_.self << ": resumed run " << row.id << "\n";
  }
}

void RunService::joinFinished() {
  std::vector<std::thread> threads;
  {
    std::lock_guard lock(mutex_);
    threads.swap(finished_);
  }
  for (std::thread &t : threads) t.join();
}

void RunService::waitUntilStopped(const std::string &id) {
  std::unique_lock lock(mutex_);
  auto it = running_.find(id);
  if (it == running_.end()) return;
  std::shared_ptr<Active> active = it->second;
  active->changed.wait(lock, [&] { return active->stopped; });
}

bool RunService::cancel(const std::string &id, const std::string &reason, std::chrono::milliseconds wait) {
  std::shared_ptr<Active> active;
  {
    std::lock_guard lock(mutex_);
    auto it = running_.find(id);
    if (it == running_.end()) return false;
    active = it->second;
  }
  active->cancel.cancel(reason);  // outside the lock: cancelling runs callbacks that may block
  std::unique_lock lock(mutex_);
  active->changed.wait_for(lock, wait, [&] { return active->stopped; });
  return true;
}

bool RunService::running(const std::string &id) const {
  std::lock_guard lock(mutex_);
  return running_.count(id) > 0;
}

unsigned RunService::runningCount() const {
  std::lock_guard lock(mutex_);
  return unsigned(running_.size() + starting_);
}

bool RunService::draining() const {
  std::lock_guard lock(mutex_);
  return draining_;
}

std::shared_ptr<RunEventLog> RunService::eventLog(const std::string &id) const {
  std::lock_guard lock(mutex_);
  auto it = running_.find(id);
  return it == running_.end() ? nullptr : it->second->events;
}

std::string RunService::timeline(const journal::RunRow &row) {
  std::shared_ptr<Active> active;
  {
    std::lock_guard lock(mutex_);
    if (auto it = running_.find(row.id); it != running_.end()) active = it->second;
  }
  if (!active) return journal_.timelines().of(row.seq);
  std::lock_guard timelineLock(active->timelineMutex);
  std::string text = journal_.timelines().of(row.seq);
  if (!active->timelineRecorded) text += active->timeline->text();
  return text;
}

// How many stops without a drain a run may be in flight for before it is failed, not resumed.
constexpr int64_t kMaxInterruptions = 2;

size_t RunService::resumeInterrupted(const std::function<bool(const journal::RunRow &)> &isTurn) {
  size_t queued = 0;
  for (journal::RunRow &row : journal_.runs().all()) {
    bool interrupted = row.status == journal::RunStatus::Running && !journal::ownerAlive(row.owner);
    bool drained = row.status == journal::RunStatus::Suspended && !row.awaiting;
    if (!interrupted && !drained) continue;
    if (chat::isChatProgram(env_.program) || (isTurn && isTurn(row))) {
      // A chat turn's client has stopped waiting for its answer: it is not run again.
      journal_.runs().finish(row.seq, journal::RunStatus::Failed, std::nullopt, 1, "interrupted: the server stopped during the turn",
                         std::nullopt, journal::nowMs());
      continue;
    }
    std::string why = whyNotResumable(row);
    if (!why.empty()) {
      std::cerr << env_.self << ": warning: not resuming run " << row.id << ": it needs program " << row.identity.program
                << " (" << why << ")\n";
      continue;
    }
    // A run that was in flight when the server stopped without draining (a crash, a kill -9) is
    // resumed once; in flight at a second such stop, it may be what takes the server down, and
    // resuming it at every start would take every other run down with it (docs/serve.md).
    if (interrupted && journal_.runs().countInterruption(row.seq) >= kMaxInterruptions) {
      std::string why = "interrupted twice: the server stopped without finishing it (a crash or a kill) both times it ran it, "
                        "so it is not resumed again; resume it by hand with --resume " + row.id + " once the cause is known";
      journal_.runs().finish(row.seq, journal::RunStatus::Failed, std::nullopt, 1, why, std::nullopt, journal::nowMs());
      std::cerr << env_.self << ": warning: run " << row.id << " failed: " << why << "\n";
      continue;
    }
    std::lock_guard lock(mutex_);
    backlog_.push_back(std::move(row));
    ++queued;
  }
  startBacklog();
  return queued;
}

std::string RunService::whyNotResumable(const journal::RunRow &row) {
  if (journal::difference(row.identity, env_.identity).empty()) return "";
  // Keyed by how far the run got too: another server (the old executable) may take it further.
  std::pair<std::string, std::string> key{row.id, row.identity.program + "/" + spell(row.status) + "/" +
                                                      std::to_string(row.finishedMs.value_or(0))};
  {
    std::lock_guard lock(versionsMutex_);
    if (auto it = notResumable_.find(key); it != notResumable_.end()) return it->second;
  }
  std::string why = journal::whyNotResumable(journal_, row, env_.identity, env_.program.source);
  if (why.empty()) {
    try {
      checkRunInput(env_.program, Value::parse(row.input));
    } catch (const Error &e) {
      why = std::string("its input does not fit this version's input schema: ") + e.what();
    }
  }
  std::lock_guard lock(versionsMutex_);
  notResumable_[key] = why;
  return why;
}

void RunService::drain(std::chrono::milliseconds timeout) {
  std::vector<std::shared_ptr<Active>> left;
  {
    std::unique_lock lock(mutex_);
    draining_ = true;
    backlog_.clear();  // still recorded as they were: the next server resumes them
    changed_.wait_for(lock, timeout, [&] { return running_.empty() && starting_ == 0; });
    changed_.wait(lock, [&] { return starting_ == 0; });
    for (auto &[id, active] : running_) left.push_back(active);
  }
  for (const auto &active : left)
    active->cancel.cancel(std::string(kSuspendReason) + ": the server stopped before it ended (drain timeout); a "
                                                        "server started on journal '" + journal_.path() +
                          "' resumes it");
  {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return running_.empty(); });
  }
  joinFinished();
}

}  // namespace wfc::serve

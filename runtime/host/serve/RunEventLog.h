// One served run's events as it runs (docs/streaming.md): a trace sink that turns the run's trace
// records and reply pieces into events (core/trace/RunEvents.h), numbers them on from the last
// one the journal holds for the run, and hands them to the journal (EventRecorder.h). Readers
// of GET /runs/{id}/events are given only the events the journal has recorded: a client that
// resumes after the last event it saw finds the next one in the journal, even when this server
// was killed before the client reconnected. Readers that cannot resume (a streamed chat
// completion, AG-UI: their run ends with their connection) read every event as it is made,
// without waiting for the journal's commit.
//
// Bounded (docs/limits.md): past kMaxRunEvents events a run's reply pieces are no longer kept
// (one "truncated" event says so); its steps' events and its last event still are.
#pragma once

#include "core/trace/TraceSink.h"
#include "wfc/value.h"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace wfc::serve {

class EventRecorder;

// How many events a run keeps (over all the times it ran) before its reply pieces are dropped.
inline constexpr int64_t kMaxRunEvents = 100'000;

class RunEventLog final : public TraceSink, public std::enable_shared_from_this<RunEventLog> {
 public:
  struct Event {
    int64_t id = 0;
    std::string text;  // the event's JSON
  };

  explicit RunEventLog(EventRecorder &recorder) : recorder_(recorder) {}

  // The run is known: its seq in the journal, and the id of the last event the journal has of
  // it (its earlier times). Events before this are not kept (there are none: a run's first event
  // follows it).
  void begin(int64_t runSeq, int64_t lastId);
  // The run's last event; the log ends once it is recorded.
  void finish(const std::optional<Value> &output, int exitCode, const std::string &error);
  // The run stopped without a last event (it never started): the log ends.
  void abandon();
  // Blocks until every event so far is recorded (at most `limit`): the run's next time — a
  // resume at once, by POST /runs/{id}/events — numbers its events on from the journal's last.
  void waitRecorded(std::chrono::milliseconds limit);

  void record(const TraceRecord &record) override;
  bool wantsOutputs() const override { return true; }
  bool wantsDeltas() const override { return true; }
  void delta(const DeltaRecord &record) override;

  // The id this log's first event has (or will have): the earlier ones are in the journal.
  int64_t firstId() const;
  // The tokens the run's LLM calls used so far (from its llm_call trace events).
  uint64_t promptTokens() const;
  uint64_t completionTokens() const;

  // For readers. The events after `afterId` — those recorded, or with Live all of them — waiting
  // up to `wait` for one when there is none yet; `ended`: the log has ended and nothing after
  // `afterId` is left.
  enum class Reading { Recorded, Live };
  struct Read {
    std::vector<Event> events;
    bool ended = false;
  };
  Read after(int64_t afterId, std::chrono::milliseconds wait, Reading reading = Reading::Recorded);
  // Wakes every reader waiting in after() (the server stops).
  void wake();

  // For the recorder: the events not yet handed to it, and that it recorded them up to `id`.
  int64_t runSeq() const { return runSeq_; }
  std::vector<Event> takeUnrecorded();
  void recorded(size_t count);

 private:
  void add(const nlohmann::ordered_json &event, bool piece);

  EventRecorder &recorder_;
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  int64_t runSeq_ = 0;
  int64_t firstId_ = 1, nextId_ = 1;
  bool begun_ = false, finished_ = false, truncated_ = false, woken_ = false;
  std::vector<Event> events_;  // every event, from firstId_ on
  size_t taken_ = 0;           // events_[0, taken_) were handed to the recorder …
  size_t recorded_ = 0;        // … and events_[0, recorded_) are in the journal
  bool queued_ = false;        // the recorder has been woken for this log
  uint64_t promptTokens_ = 0, completionTokens_ = 0;
};

}  // namespace wfc::serve

#include "host/serve/RunEventLog.h"

#include "core/trace/RunEvents.h"
#include "host/serve/EventRecorder.h"

#include <algorithm>
#include <string_view>

namespace wfc::serve {

void RunEventLog::begin(int64_t runSeq, int64_t lastId) {
  std::lock_guard lock(mutex_);
  runSeq_ = runSeq;
  firstId_ = nextId_ = lastId + 1;
  truncated_ = lastId >= kMaxRunEvents;  // said in an earlier time it ran
  begun_ = true;
}

void RunEventLog::record(const TraceRecord &record) {
  if (std::string_view(record.event) == "llm_call") {
    std::lock_guard lock(mutex_);
    promptTokens_ += record.line.value("prompt_tokens", uint64_t(0));
    completionTokens_ += record.line.value("completion_tokens", uint64_t(0));
    return;
  }
  if (std::optional<nlohmann::ordered_json> event = runEventOf(record)) add(*event, false);
}

void RunEventLog::delta(const DeltaRecord &record) { add(runEventOf(record), true); }

void RunEventLog::finish(const std::optional<Value> &output, int exitCode, const std::string &error) {
  add(finalRunEvent(output, exitCode, error), false);
  std::lock_guard lock(mutex_);
  finished_ = true;
  changed_.notify_all();
}

void RunEventLog::abandon() {
  std::lock_guard lock(mutex_);
  finished_ = true;
  changed_.notify_all();
}

void RunEventLog::add(const nlohmann::ordered_json &event, bool piece) {
  std::string text = runEventText(event);
  {
    std::lock_guard lock(mutex_);
    if (!begun_ || finished_) return;
    if (piece && nextId_ > kMaxRunEvents) {
      if (truncated_) return;
      truncated_ = true;
      text = runEventText({{"event", "truncated"},
                           {"message", "the run has " + std::to_string(kMaxRunEvents) +
                                           " events: the pieces of its replies are no longer sent (docs/limits.md)"}});
    }
    events_.push_back({nextId_++, std::move(text)});
    changed_.notify_all();  // live readers
    if (queued_) return;
    queued_ = true;
  }
  recorder_.wake(shared_from_this());
}

void RunEventLog::waitRecorded(std::chrono::milliseconds limit) {
  std::unique_lock lock(mutex_);
  changed_.wait_for(lock, limit, [&] { return recorded_ == events_.size(); });
}

int64_t RunEventLog::firstId() const {
  std::lock_guard lock(mutex_);
  return firstId_;
}

uint64_t RunEventLog::promptTokens() const {
  std::lock_guard lock(mutex_);
  return promptTokens_;
}

uint64_t RunEventLog::completionTokens() const {
  std::lock_guard lock(mutex_);
  return completionTokens_;
}

RunEventLog::Read RunEventLog::after(int64_t afterId, std::chrono::milliseconds wait, Reading reading) {
  std::unique_lock lock(mutex_);
  auto firstAfter = [&] { return size_t(std::max<int64_t>(0, afterId + 1 - firstId_)); };
  auto readable = [&] { return reading == Reading::Live ? events_.size() : recorded_; };
  auto done = [&] { return finished_ && readable() == events_.size(); };
  changed_.wait_for(lock, wait, [&] { return firstAfter() < readable() || done() || woken_; });
  Read out;
  size_t from = firstAfter(), to = readable();
  if (from < to) out.events.assign(events_.begin() + std::ptrdiff_t(from), events_.begin() + std::ptrdiff_t(to));
  out.ended = out.events.empty() && (done() || woken_);
  return out;
}

void RunEventLog::wake() {
  std::lock_guard lock(mutex_);
  woken_ = true;
  changed_.notify_all();
}

std::vector<RunEventLog::Event> RunEventLog::takeUnrecorded() {
  std::lock_guard lock(mutex_);
  queued_ = false;
  std::vector<Event> out(events_.begin() + std::ptrdiff_t(taken_), events_.end());
  taken_ = events_.size();
  return out;
}

void RunEventLog::recorded(size_t count) {
  std::lock_guard lock(mutex_);
  recorded_ += count;
  changed_.notify_all();
}

}  // namespace wfc::serve

// Records served runs' events in the journal (docs/streaming.md), on a thread of its own so that
// a run never waits for it: each time it wakes it records every run's new events in one
// transaction, then tells each run's log how far its events are recorded — only then are they
// sent to clients. Under load, more events share a transaction; alone, an event is recorded
// (and sent) as soon as the journal commits it.
#pragma once

#include "core/journal/JournalFile.h"

#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace wfc::serve {

class RunEventLog;

class EventRecorder {
 public:
  // `self`: the executable's name, for warnings.
  EventRecorder(journal::JournalFile &journal, std::string self);
  ~EventRecorder();  // records what is left, then stops
  EventRecorder(const EventRecorder &) = delete;
  EventRecorder &operator=(const EventRecorder &) = delete;

  // `log` has events to record.
  void wake(std::shared_ptr<RunEventLog> log);

 private:
  void loop();

  journal::JournalFile &journal_;
  std::string self_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<std::shared_ptr<RunEventLog>> waiting_;
  bool stopping_ = false;
  bool warned_ = false;
  std::thread thread_;
};

}  // namespace wfc::serve

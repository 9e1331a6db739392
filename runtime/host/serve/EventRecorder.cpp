#include "host/serve/EventRecorder.h"

#include "core/journal/TimelineStore.h"
#include "host/serve/RunEventLog.h"
#include "wfc/error.h"

#include <iostream>

namespace wfc::serve {

EventRecorder::EventRecorder(journal::JournalFile &journal, std::string self)
    : journal_(journal), self_(std::move(self)), thread_([this] { loop(); }) {}

EventRecorder::~EventRecorder() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    changed_.notify_all();
  }
  thread_.join();
}

void EventRecorder::wake(std::shared_ptr<RunEventLog> log) {
  std::lock_guard lock(mutex_);
  waiting_.push_back(std::move(log));
  changed_.notify_all();
}

void EventRecorder::loop() {
  std::vector<std::shared_ptr<RunEventLog>> logs;
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      changed_.wait(lock, [&] { return stopping_ || !waiting_.empty(); });
      if (waiting_.empty()) return;  // stopping, nothing left
      logs.swap(waiting_);
    }
    std::vector<std::vector<RunEventLog::Event>> taken;
    std::vector<journal::TimelineStore::Event> rows;
    for (const auto &log : logs) {
      taken.push_back(log->takeUnrecorded());
      for (const RunEventLog::Event &e : taken.back()) rows.push_back({log->runSeq(), e.id, e.text});
    }
    try {
      journal_.timelines().recordEvents(rows);
    } catch (const Error &e) {
      // Sent all the same: a client that is watching loses nothing; one that reconnects later may
      // not find them (the run itself fails on the same journal soon enough).
      if (!warned_) std::cerr << self_ << ": warning: runs' events are not recorded in the journal: " << e.what() << "\n";
      warned_ = true;
    }
    for (size_t i = 0; i < logs.size(); ++i) logs[i]->recorded(taken[i].size());
    logs.clear();
  }
}

}  // namespace wfc::serve

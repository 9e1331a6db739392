#include "host/serve/RunEventFeed.h"

#include "core/journal/TimelineStore.h"
#include "host/serve/RunService.h"

#include <limits>

namespace wfc::serve {

RunEventFeed::RunEventFeed(RunService &runs, journal::JournalFile &journal, std::string runId, int64_t runSeq,
                           int64_t afterId)
    : runs_(runs), journal_(journal), runId_(std::move(runId)), runSeq_(runSeq), last_(afterId) {}

void RunEventFeed::send(int64_t id, const std::string &event, std::string &out) {
  out += "id: " + std::to_string(id) + "\ndata: " + event + "\n\n";
  last_ = id;
}

bool RunEventFeed::next(std::string &out) {
  if (closed_) return false;
  std::shared_ptr<RunEventLog> live;
  if (!caughtUp_) {
    live = runs_.eventLog(runId_);  // null: the run does not run here; all it has is in the journal
    {
      std::lock_guard lock(liveMutex_);
      live_ = live;
    }
    int64_t journalEnd = live ? live->firstId() - 1 : std::numeric_limits<int64_t>::max();
    if (last_ < journalEnd) {
      for (const auto &e : journal_.timelines().eventsAfter(runSeq_, last_, 256))
        if (e.id <= journalEnd) send(e.id, e.text, out);
      if (!out.empty()) return true;
    }
    caughtUp_ = true;
    if (!live) return false;
    if (closed_) return false;  // closed before live_ was set: nothing woke it
  } else {
    std::lock_guard lock(liveMutex_);
    live = live_;
  }
  RunEventLog::Read read = live->after(last_, kEventKeepAlive);
  if (closed_ || read.ended) return false;
  for (const auto &e : read.events) send(e.id, e.text, out);
  if (out.empty()) out = ": keep-alive\n\n";
  return true;
}

void RunEventFeed::close() {
  closed_ = true;
  std::lock_guard lock(liveMutex_);
  if (live_) live_->wake();
}

}  // namespace wfc::serve

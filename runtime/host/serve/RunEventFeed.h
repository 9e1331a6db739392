// GET /runs/{id}/events (docs/streaming.md): a run's events as server-sent events, from the
// first one after `afterId` (the client's Last-Event-ID) — those the journal holds, then, while
// the run runs here, each as soon as it is recorded — until its last event. Each is
// "id: N\ndata: {event}\n\n"; a comment keeps an idle stream open through proxies and finds
// clients that went away.
#pragma once

#include "core/journal/JournalFile.h"
#include "host/serve/HttpServer.h"
#include "host/serve/RunEventLog.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>

namespace wfc::serve {

class RunService;

// How long a stream may be silent before a keep-alive comment.
inline constexpr std::chrono::seconds kEventKeepAlive{15};

class RunEventFeed final : public BodyStream {
 public:
  RunEventFeed(RunService &runs, journal::JournalFile &journal, std::string runId, int64_t runSeq, int64_t afterId);
  bool next(std::string &out) override;
  void close() override;

 private:
  void send(int64_t id, const std::string &event, std::string &out);

  RunService &runs_;
  journal::JournalFile &journal_;
  std::string runId_;
  int64_t runSeq_;
  int64_t last_;              // the id of the last event sent
  bool caughtUp_ = false;     // the journal's events before the live log's are sent
  std::mutex liveMutex_;
  std::shared_ptr<RunEventLog> live_;
  std::atomic<bool> closed_{false};
};

}  // namespace wfc::serve

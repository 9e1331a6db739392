// Per-attempt timeouts (wfc.timeout_ms): one timer thread cancels a token when its deadline
// passes, so a timed step costs no thread of its own.
#pragma once

#include "wfc/cancellation.h"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <thread>

namespace wfc {

class Deadlines {
 public:
  using Clock = std::chrono::steady_clock;

  Deadlines() = default;
  ~Deadlines();
  Deadlines(const Deadlines &) = delete;
  Deadlines &operator=(const Deadlines &) = delete;

  // Cancels `token` with `reason` at `when`, unless cancel(id) comes first.
  uint64_t schedule(Clock::time_point when, CancellationToken token, std::string reason);
  void cancel(uint64_t id);

 private:
  struct Entry {
    uint64_t id;
    CancellationToken token;
    std::string reason;
  };
  void work();

  std::mutex mutex_;
  std::condition_variable wake_;
  std::multimap<Clock::time_point, Entry> entries_;
  std::thread thread_;
  uint64_t nextId_ = 1;
  bool stopping_ = false;
};

}  // namespace wfc

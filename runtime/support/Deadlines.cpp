#include "support/Deadlines.h"

#include <vector>

namespace wfc {

Deadlines::~Deadlines() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

uint64_t Deadlines::schedule(Clock::time_point when, CancellationToken token, std::string reason) {
  std::lock_guard lock(mutex_);
  uint64_t id = nextId_++;
  entries_.emplace(when, Entry{id, std::move(token), std::move(reason)});
  if (!thread_.joinable()) thread_ = std::thread([this] { work(); });
  wake_.notify_all();
  return id;
}

void Deadlines::cancel(uint64_t id) {
  std::lock_guard lock(mutex_);
  for (auto it = entries_.begin(); it != entries_.end(); ++it) {
    if (it->second.id == id) {
      entries_.erase(it);
      return;
    }
  }
}

void Deadlines::work() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    if (entries_.empty()) {
      wake_.wait(lock);
      continue;
    }
    auto first = entries_.begin();
    if (Clock::now() < first->first) {
      // A copy: cancel() may erase the entry (and its key) while we wait.
      Clock::time_point when = first->first;
      wake_.wait_until(lock, when);
      continue;
    }
    Entry due = std::move(first->second);
    entries_.erase(first);
    lock.unlock();
    due.token.cancel(due.reason);  // callbacks run here, outside our lock
    lock.lock();
  }
}

}  // namespace wfc

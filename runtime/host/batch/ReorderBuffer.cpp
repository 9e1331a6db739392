#include "host/batch/ReorderBuffer.h"

namespace wfc::batch {

void ReorderBuffer::put(uint64_t seq, std::string line) {
  std::lock_guard lock(mutex_);
  if (seq < next_ || held_.count(seq)) return;  // put twice: the first one stands
  held_.emplace(seq, std::move(line));
  writeReady();
}

void ReorderBuffer::flushOverGaps() {
  std::lock_guard lock(mutex_);
  while (!held_.empty()) {
    next_ = held_.begin()->first;
    writeReady();
  }
}

void ReorderBuffer::writeReady() {
  pending_.clear();
  for (auto it = held_.begin(); it != held_.end() && it->first == next_; it = held_.erase(it), ++next_) {
    pending_ += it->second;
    pending_ += '\n';
  }
  if (!pending_.empty() && ok_) ok_ = sink_(pending_);
}

uint64_t ReorderBuffer::next() const {
  std::lock_guard lock(mutex_);
  return next_;
}

size_t ReorderBuffer::held() const {
  std::lock_guard lock(mutex_);
  return held_.size();
}

bool ReorderBuffer::ok() const {
  std::lock_guard lock(mutex_);
  return ok_;
}

}  // namespace wfc::batch

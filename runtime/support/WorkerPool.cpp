#include "support/WorkerPool.h"

#include <system_error>

namespace wfc {

WorkerPool::~WorkerPool() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  for (std::thread &t : threads_) t.join();
}

void WorkerPool::submit(std::function<void()> task) {
  if (maxThreads_ == 0) return;
  std::unique_lock lock(mutex_);
  tasks_.push_back(std::move(task));
  if (idle_ > 0) {
    lock.unlock();
    wake_.notify_one();
  } else if (threads_.size() < maxThreads_) {
    try {
      threads_.emplace_back([this] { work(); });
    } catch (const std::system_error &) {
      // No thread to be had. With threads at work, the task waits for the first that frees up,
      // as at the maximum; with none, nothing would ever run it: it is not kept, and the caller
      // learns that it did not start.
      if (threads_.empty()) {
        tasks_.pop_back();
        throw;
      }
    }
  }
}

void WorkerPool::work() {
  std::unique_lock lock(mutex_);
  for (;;) {
    while (tasks_.empty() && !stopping_) {
      ++idle_;
      wake_.wait(lock);
      --idle_;
    }
    if (tasks_.empty()) return;  // stopping, nothing left
    std::function<void()> task = std::move(tasks_.front());
    tasks_.pop_front();
    lock.unlock();
    task();
    lock.lock();
  }
}

}  // namespace wfc

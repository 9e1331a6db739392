// The threads that run steps beside the thread driving a composition. Threads start lazily, up
// to a maximum (--max-concurrency minus the driving thread), and stay until the pool is
// destroyed, so a run that never fans out never starts one.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace wfc {

class WorkerPool {
 public:
  explicit WorkerPool(unsigned maxThreads) : maxThreads_(maxThreads) {}
  ~WorkerPool();
  WorkerPool(const WorkerPool &) = delete;
  WorkerPool &operator=(const WorkerPool &) = delete;

  // Runs `task` on an idle thread, on a new one while fewer than the maximum exist, or — when
  // every thread is busy — queues it for the first that frees up. Tasks must not throw.
  // With a maximum of 0 the task is dropped: the caller's own thread does all the work.
  // Throws std::system_error, the task not kept, only when no thread exists and none can be
  // started (a thread that cannot be started beside busy ones leaves the task queued for them).
  void submit(std::function<void()> task);

  unsigned maxThreads() const { return maxThreads_; }

 private:
  void work();

  const unsigned maxThreads_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> tasks_;
  std::vector<std::thread> threads_;
  unsigned idle_ = 0;
  bool stopping_ = false;
};

}  // namespace wfc

#include "host/mcp_server/JsonRpc.h"

#include <cerrno>
#include <csignal>
#include <iostream>

#include <pthread.h>
#include <unistd.h>

namespace wfc::mcp {

Json resultMessage(const Json &id, Json result) {
  return {{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}};
}

Json errorMessage(const Json &id, int code, const std::string &message) {
  return {{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}};
}

Json notificationMessage(const std::string &method, Json params) {
  return {{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}};
}

LineWriter::LineWriter(int fd) : fd_(fd) { thread_ = std::thread([this] { loop(); }); }

LineWriter::~LineWriter() { close(); }

void LineWriter::send(const Json &message) {
  // dump() escapes control characters, so a message is always one line.
  std::string line = message.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n";
  std::lock_guard lock(mutex_);
  if (closing_ || broken_) return;
  queue_.push_back(std::move(line));
  cv_.notify_one();
}

void LineWriter::close() {
  {
    std::lock_guard lock(mutex_);
    closing_ = true;
    cv_.notify_one();
  }
  if (thread_.joinable()) thread_.join();
}

bool LineWriter::broken() const {
  std::lock_guard lock(mutex_);
  return broken_;
}

void LineWriter::loop() {
  // A write to a pipe whose reader is gone fails with EPIPE here instead of killing the process.
  sigset_t pipe;
  sigemptyset(&pipe);
  sigaddset(&pipe, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe, nullptr);
  std::unique_lock lock(mutex_);
  for (;;) {
    cv_.wait(lock, [&] { return closing_ || !queue_.empty(); });
    if (queue_.empty()) return;  // closing, and everything is written
    std::string line = std::move(queue_.front());
    queue_.pop_front();
    lock.unlock();
    size_t done = 0;
    bool failed = false;
    while (done < line.size()) {
      ssize_t n = ::write(fd_, line.data() + done, line.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        failed = true;
        break;
      }
      done += size_t(n);
    }
    lock.lock();
    if (failed) {
      broken_ = true;
      queue_.clear();
      return;
    }
  }
}

}  // namespace wfc::mcp

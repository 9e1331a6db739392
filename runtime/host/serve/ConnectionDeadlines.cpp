#include "host/serve/ConnectionDeadlines.h"

#include <sys/socket.h>

namespace wfc::serve {

ConnectionDeadlines::ConnectionDeadlines(Options options) : options_(options), watcher_([this] { watch(); }) {}

ConnectionDeadlines::~ConnectionDeadlines() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  watcher_.join();
}

ConnectionDeadlines::Clock::time_point ConnectionDeadlines::deadline(const Connection &c) const {
  switch (c.phase) {
    case Phase::Headers: return c.since + options_.headers;
    case Phase::Body: return c.since + options_.body;
    case Phase::Answering: break;
  }
  return Clock::time_point::max();
}

void ConnectionDeadlines::shut(Connection &c) {
  // Not close(): the socket stays libmicrohttpd's, which closes it once its thread sees the end
  // of the stream. The entry stays until then, so the descriptor cannot have been reused.
  ::shutdown(c.fd, SHUT_RDWR);
  c.shut = true;
  --open_;
}

void ConnectionDeadlines::connected(const void *connection, int fd) {
  std::lock_guard lock(mutex_);
  Connection &c = connections_[connection];
  c = {fd, Phase::Headers, Clock::now(), false};
  ++open_;
  if (options_.limit > options_.headroom && open_ >= options_.limit - options_.headroom) {
    // The connection that has waited longest for its headers (never this new one) makes room.
    Connection *oldest = nullptr;
    for (auto &[key, other] : connections_)
      if (key != connection && !other.shut && other.phase == Phase::Headers && (!oldest || other.since < oldest->since))
        oldest = &other;
    if (oldest) shut(*oldest);
    // Past the limit with nobody to make room (every other connection has sent its request):
    // this one is refused.
    else if (open_ > options_.limit) shut(c);
  }
  changed_.notify_all();
}

void ConnectionDeadlines::enter(const void *connection, Phase phase) {
  std::lock_guard lock(mutex_);
  auto it = connections_.find(connection);
  if (it == connections_.end() || it->second.shut) return;
  it->second.phase = phase;
  it->second.since = Clock::now();
  if (phase != Phase::Answering) changed_.notify_all();
}

void ConnectionDeadlines::headersReceived(const void *connection) { enter(connection, Phase::Body); }

void ConnectionDeadlines::requestReceived(const void *connection) { enter(connection, Phase::Answering); }

void ConnectionDeadlines::answered(const void *connection) { enter(connection, Phase::Headers); }

void ConnectionDeadlines::disconnected(const void *connection) {
  std::lock_guard lock(mutex_);
  auto it = connections_.find(connection);
  if (it == connections_.end()) return;
  if (!it->second.shut) --open_;
  connections_.erase(it);
}

void ConnectionDeadlines::watch() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    Clock::time_point now = Clock::now(), next = Clock::time_point::max();
    for (auto &[key, c] : connections_) {
      if (c.shut) continue;
      Clock::time_point due = deadline(c);
      if (due <= now) shut(c);
      else if (due < next) next = due;
    }
    if (next == Clock::time_point::max()) changed_.wait(lock);
    else changed_.wait_until(lock, next);
  }
}

}  // namespace wfc::serve

// How long a client of --serve may take to send a request, and who makes room when the server is
// full (docs/serve.md "Slow clients").
//
// libmicrohttpd's own timeout is an idle timeout: every byte resets it, so a client that sends a
// header line every few seconds holds its connection — and its thread — forever, and enough of
// them fill the connection limit: the server, /healthz included, answers nobody (slowloris). Here
// each connection has deadlines that bytes do not move:
//   - its request's headers within `headers` of connecting, or of its previous response (so an
//     idle keep-alive connection is closed after `headers` too);
//   - its body within `body` of the headers' end.
// A connection past its deadline is shut down (shutdown(2): its thread sees the end of the stream
// and libmicrohttpd closes it). Once the request is whole there is no deadline: a handler may
// take as long as its run (POST /runs?wait=true).
//
// And so that a full server still answers a new client at once: when the open connections come
// within `headroom` of `limit`, each new one shuts down the connection that has waited longest
// for its request's headers. A client that sends its headers at once (a health check, any real
// client) is never that one; slow ones make room for it.
//
// `limit` counts the connections not shut down. One that is shut down stays libmicrohttpd's until
// its thread wakes and closes it, which under load (a burst of connections on a busy machine) is
// later than the next accept: libmicrohttpd's own limit must leave room for those (it is twice
// `limit`, host/serve/HttpServer.cpp), or a burst of slow connections that each made
// room here fills libmicrohttpd's count with shut ones and it drops the health check.
//
// The connections are libmicrohttpd's, told here by its callbacks (host/serve/HttpServer.cpp);
// this class knows them only as a key and a socket. Thread-safe.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <map>
#include <mutex>
#include <thread>

namespace wfc::serve {

class ConnectionDeadlines {
 public:
  using Clock = std::chrono::steady_clock;
  struct Options {
    std::chrono::milliseconds headers{30'000};
    std::chrono::milliseconds body{60'000};
    size_t limit = 1024;   // the server's connection limit, not counting those shut down
    size_t headroom = 0;   // connections kept free by closing the slowest ones
  };

  explicit ConnectionDeadlines(Options options);
  ~ConnectionDeadlines();  // stops the watch; shuts nothing down
  ConnectionDeadlines(const ConnectionDeadlines &) = delete;
  ConnectionDeadlines &operator=(const ConnectionDeadlines &) = delete;

  // A connection accepted, on socket `fd`: its request's headers are due.
  void connected(const void *connection, int fd);
  // Its request's headers have arrived: the body is due.
  void headersReceived(const void *connection);
  // The whole request has arrived (or is refused unread): no deadline while it is answered.
  void requestReceived(const void *connection);
  // Its response has been sent: the next request's headers are due (keep-alive).
  void answered(const void *connection);
  // Closed: forgotten. After this returns the socket is never touched again here.
  void disconnected(const void *connection);

 private:
  enum class Phase { Headers, Body, Answering };
  struct Connection {
    int fd = -1;
    Phase phase = Phase::Headers;
    Clock::time_point since;  // when the phase began
    bool shut = false;        // shut down already: counts no more
  };

  Clock::time_point deadline(const Connection &c) const;
  void enter(const void *connection, Phase phase);
  void shut(Connection &c);
  void watch();

  const Options options_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::map<const void *, Connection> connections_;
  size_t open_ = 0;  // connections not shut down
  bool stopping_ = false;
  std::thread watcher_;
};

}  // namespace wfc::serve

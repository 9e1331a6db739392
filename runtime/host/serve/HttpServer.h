// The HTTP side of serve mode (docs/serve.md): a listening socket and a thread per connection
// (libmicrohttpd, host/serve/MicrohttpdLibrary.h), each complete request handed to one handler as an
// HttpRequest and answered with the HttpResponse it returns. Before a body is read, a screen may
// answer the request from its headers alone (a refusal: the body is never read), and bodies over
// the limit are refused with 413 (without reading them when Content-Length says so). Slow
// clients are cut off (host/serve/ConnectionDeadlines.h).
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

struct MHD_Daemon;

namespace wfc::serve {

class ConnectionDeadlines;

struct HttpRequest {
  std::string method;  // "GET", "POST", …
  std::string path;    // decoded, without the query: "/runs/abc" (a "%00" is a NUL character in it)
  std::vector<std::pair<std::string, std::string>> query;    // decoded, in order
  std::vector<std::pair<std::string, std::string>> headers;  // as sent
  std::string body;
  std::string remoteAddress;  // the peer's IP address

  // The first header of that name (case-insensitive), or nullopt.
  std::optional<std::string> header(std::string_view name) const;
  // The first query parameter of that name, or nullopt.
  std::optional<std::string> param(std::string_view name) const;
};

// A body sent as it is made (server-sent events: docs/streaming.md), in chunks. next() is called
// on the connection's thread, one call at a time, and may block until there is more; close() is
// called from another thread when the server stops, and makes a blocked next() return soon.
class BodyStream {
 public:
  virtual ~BodyStream() = default;
  // Appends the next piece of the body to `out` (blocking until there is one); false once the
  // body has ended (after appending its last piece, if any). The stream is destroyed when the
  // response is over — at its end, or when the client went away before it.
  virtual bool next(std::string &out) = 0;
  virtual void close() = 0;
};

struct HttpResponse {
  int status = 200;
  std::string contentType = "application/json";
  std::vector<std::pair<std::string, std::string>> headers;
  std::string body;
  // When set, the body is this stream's (`body` is not sent): chunked, until it ends.
  std::shared_ptr<BodyStream> stream = nullptr;
};

// Where to listen: an IPv4 or IPv6 address (as text) and a port (0: any free one).
struct ListenAddress {
  std::string host = "127.0.0.1";
  uint16_t port = 0;
  bool ipv6 = false;
  // Whether only this machine can connect (127.0.0.0/8, ::1): then no token is needed.
  bool loopback() const;
  // "127.0.0.1:8080", "[::1]:8080".
  std::string str() const;
};

// "[ADDR:]PORT" as --serve takes it: "8080", "0.0.0.0:8080", "[::1]:8080", "localhost:8080".
// Throws wfc::Error(Usage) naming what is wrong.
ListenAddress parseListenAddress(const std::string &text);

class HttpServer {
 public:
  struct Options {
    ListenAddress address;
    size_t maxBodyBytes = size_t(1) << 20;
    unsigned maxConnections = 1024;
    unsigned idleTimeoutSeconds = 60;
    // A request's headers are due this long after its connection opens (or the previous
    // response is sent), its body this long after its headers (host/serve/ConnectionDeadlines.h).
    std::chrono::milliseconds headerTimeout{30'000};
    std::chrono::milliseconds bodyTimeout{60'000};
  };
  // What a request is answered with on its headers alone, its body unread (empty in `request`):
  // a refusal. nullopt: the body is read, then the handler answers.
  using Screen = std::function<std::optional<HttpResponse>(const HttpRequest &)>;
  // The request's body is the handler's to take.
  using Handler = std::function<HttpResponse(HttpRequest &)>;
  // What a refused body (413) is answered with.
  using TooLarge = std::function<HttpResponse(const HttpRequest &, size_t limit)>;

  HttpServer(Options options, Screen screen, Handler handler, TooLarge tooLarge);
  ~HttpServer();  // stop()
  HttpServer(const HttpServer &) = delete;
  HttpServer &operator=(const HttpServer &) = delete;

  // Binds and starts accepting. Throws wfc::Error(Usage) naming the address and why it cannot
  // listen there (in use, not an address of this machine, …).
  void start();
  // The port it listens on (the one chosen, for port 0).
  uint16_t port() const { return port_; }
  // Closes the listening socket: no new connection is accepted; open ones are still served.
  void stopAccepting();
  // Stops: closes every connection once its request in progress has been answered.
  void stop();

 private:
  struct Callbacks;  // libmicrohttpd's callbacks, with its exact signatures
  friend struct Callbacks;
  struct Streaming;  // a streamed body being sent

  Options options_;
  Screen screen_;
  Handler handler_;
  TooLarge tooLarge_;
  std::unique_ptr<ConnectionDeadlines> deadlines_;  // while it serves
  MHD_Daemon *daemon_ = nullptr;
  uint16_t port_ = 0;
  bool accepting_ = false;
  // The streamed bodies being sent, closed by stop() so that no connection waits on one.
  std::mutex streamsMutex_;
  std::set<BodyStream *> streams_;
  bool stopping_ = false;
};

}  // namespace wfc::serve

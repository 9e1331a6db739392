// An HTTP server for tests, in process: 127.0.0.1 at a port the kernel picks, every method on
// every path, each request remembered. Handlers are per path (`on`), or one for every path; each
// is given the 0-based index of the request among those it answers. A handler can hold the
// server's answer (a slow peer) until the test releases it or ends.
#pragma once

#include <httplib.h>

#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace wfc::test {

class HttpTestServer {
 public:
  struct Seen {
    std::string method, path, body;
    httplib::Headers headers;
    httplib::Params params;
    int remotePort = 0;
    std::string header(const std::string &name) const {
      auto it = headers.find(name);
      return it == headers.end() ? "<absent>" : it->second;
    }
    bool has(const std::string &name) const { return headers.find(name) != headers.end(); }
  };
  using Handler = std::function<void(const httplib::Request &, httplib::Response &, size_t)>;

  // Paths without a handler (`on`) answer 404.
  HttpTestServer();
  // `everyPath` answers every request; its index counts all of them.
  explicit HttpTestServer(Handler everyPath);
  ~HttpTestServer();
  HttpTestServer(const HttpTestServer &) = delete;
  HttpTestServer &operator=(const HttpTestServer &) = delete;

  void on(const std::string &path, Handler handler);
  int port() const { return port_; }
  std::string url(const std::string &path) const { return "http://127.0.0.1:" + std::to_string(port_) + path; }
  std::vector<Seen> seen() const;
  std::vector<Seen> seen(const std::string &path) const;
  // For a handler: answer late, until the test releases the server (or ends) or `limit` passes.
  void hold(std::chrono::milliseconds limit);
  void release();

 private:
  void start();

  httplib::Server server_;
  int port_ = 0;
  std::thread thread_;
  mutable std::mutex mutex_;
  std::condition_variable released_;
  bool isReleased_ = false;
  Handler everyPath_;
  std::map<std::string, Handler> handlers_;
  std::vector<Seen> seen_;
};

// A loopback port nothing listens on: bound once by the kernel's choice, then closed.
int closedPort();

}  // namespace wfc::test

// What the LLM provider tests share: a real HTTP server in the test process that answers with a
// test's handler and remembers every request, the options that point a provider at it, and the
// helpers that run an exchange on a thread of its own and catch its error.
#pragma once

#include "core/llm/Endpoint.h"
#include "core/llm/Provider.h"

#include "wfc/cancellation.h"
#include "wfc/error.h"

#include <gtest/gtest.h>
#include <httplib.h>

#include <chrono>
#include <condition_variable>
#include <functional>
#include <future>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace wfc::llm::provider_test {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

inline const std::string kKey = "sk-test-SECRET-4f9a1c";

inline int64_t msSince(Clock::time_point start) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
}

// An HTTP server on 127.0.0.1 at an ephemeral port, answering POST /v1/chat/completions,
// /v1/messages, /v1/embeddings and /other with `handler` (given the 0-based index of the request) and remembering
// every request it got.
class TestServer {
 public:
  struct Seen {
    std::string path, body;
    std::optional<std::string> authorization;
    std::string contentType;
    int remotePort = 0;
    Clock::time_point at;
    httplib::Headers headers;
  };
  using Handler = std::function<void(const httplib::Request &, httplib::Response &, size_t index)>;

  explicit TestServer(Handler handler) : handler_(std::move(handler)) {
    auto record = [this](const httplib::Request &request, httplib::Response &response) {
      Seen seen{request.path, request.body, std::nullopt, request.get_header_value("Content-Type"),
                request.remote_port, Clock::now(), request.headers};
      if (request.has_header("Authorization")) seen.authorization = request.get_header_value("Authorization");
      size_t index;
      {
        std::lock_guard lock(mutex_);
        index = seen_.size();
        seen_.push_back(std::move(seen));
      }
      handler_(request, response, index);
    };
    server_.Post("/v1/chat/completions", record);
    server_.Post("/v1/messages", record);
    server_.Post("/v1/embeddings", record);
    server_.Post("/other", record);
    port_ = server_.bind_to_any_port("127.0.0.1");
    if (port_ <= 0) throw std::runtime_error("cannot bind a test server");
    thread_ = std::thread([this] { server_.listen_after_bind(); });
    // stop() is a no-op until the accept loop runs.
    while (!server_.is_running()) std::this_thread::sleep_for(1ms);
  }

  ~TestServer() {
    release();
    server_.stop();
    thread_.join();
  }

  std::string url(const std::string &path = "/v1") const {
    return "http://127.0.0.1:" + std::to_string(port_) + path;
  }

  std::vector<Seen> seen() const {
    std::lock_guard lock(mutex_);
    return seen_;
  }

  // For a handler: blocks until release() (the test's end) or `limit`, a model that is slow.
  void hold(std::chrono::milliseconds limit) {
    std::unique_lock lock(mutex_);
    released_.wait_for(lock, limit, [this] { return isReleased_; });
  }
  void release() {
    std::lock_guard lock(mutex_);
    isReleased_ = true;
    released_.notify_all();
  }

 private:
  Handler handler_;
  httplib::Server server_;
  int port_ = 0;
  std::thread thread_;
  mutable std::mutex mutex_;
  std::condition_variable released_;
  bool isReleased_ = false;
  std::vector<Seen> seen_;
};

inline void answer(httplib::Response &response, int status, const std::string &body) {
  response.status = status;
  response.set_content(body, "application/json");
}

// Quick retries and short timeouts, the key set.
inline EndpointOptions options(const TestServer &server) {
  EndpointOptions o;
  o.baseUrl = server.url("/v1/");
  o.model = "test-model";
  o.apiKey = kKey;
  o.timeoutMs = 5000;
  o.connectTimeoutMs = 2000;
  o.maxTransportAttempts = 3;
  o.backoffBaseMs = 5;
  o.maxBackoffMs = 50;
  return o;
}

inline Request userRequest(const std::string &text) {
  Request r;
  r.messages.push_back({Message::Role::User, text, {}, ""});
  return r;
}

inline const ExchangeKey kExchange{"call__summarize", std::nullopt, 1, 1, "summarize"};

// Runs `f` on a thread of its own: the client keeps its connections per thread, and that thread's
// exit closes them, so a test server's teardown never waits out a keep-alive connection (5 s).
template <class F>
auto onOwnThread(F &&f) -> decltype(f()) {
  std::packaged_task<decltype(f())()> task(std::forward<F>(f));
  auto result = task.get_future();
  std::thread(std::move(task)).join();
  return result.get();
}

inline Reply complete(Provider &provider, const Request &request, const CancellationToken &cancel = {}) {
  return onOwnThread([&] { return provider.complete(request, kExchange, cancel, nullptr); });
}

template <class F>
Error errorOf(F &&f) {
  try {
    onOwnThread(std::forward<F>(f));
  } catch (const Error &e) {
    return e;
  }
  ADD_FAILURE() << "expected a wfc::Error";
  return Error(ErrorKind::StepFailed, "<no error>");
}

inline void expectNoKey(const std::string &text) { EXPECT_EQ(text.find(kKey), std::string::npos) << text; }

// A port nothing listens on: bound once by the kernel's choice, then closed.
inline int closedPort() {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = 0;
  socklen_t length = sizeof address;
  if (::bind(fd, reinterpret_cast<sockaddr *>(&address), sizeof address) != 0 ||
      ::getsockname(fd, reinterpret_cast<sockaddr *>(&address), &length) != 0)
    throw std::runtime_error("cannot find a free port");
  ::close(fd);
  return ntohs(address.sin_port);
}

}  // namespace wfc::llm::provider_test

#include "HttpTestServer.h"

#include <stdexcept>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace wfc::test {

HttpTestServer::HttpTestServer() { start(); }

HttpTestServer::HttpTestServer(Handler everyPath) : everyPath_(std::move(everyPath)) { start(); }

void HttpTestServer::start() {
  auto record = [this](const httplib::Request &request, httplib::Response &response) {
    Handler handler;
    size_t index = 0;
    {
      std::lock_guard lock(mutex_);
      if (everyPath_) {
        index = seen_.size();
        handler = everyPath_;
      } else {
        for (const Seen &s : seen_) index += s.path == request.path;
        if (auto it = handlers_.find(request.path); it != handlers_.end()) handler = it->second;
      }
      seen_.push_back({request.method, request.path, request.body, request.headers, request.params,
                       request.remote_port});
    }
    if (handler) handler(request, response, index);
    else response.status = 404;
  };
  server_.Get(".*", record);
  server_.Post(".*", record);
  server_.Put(".*", record);
  server_.Patch(".*", record);
  server_.Delete(".*", record);
  port_ = server_.bind_to_any_port("127.0.0.1");
  if (port_ <= 0) throw std::runtime_error("cannot bind a test server");
  thread_ = std::thread([this] { server_.listen_after_bind(); });
  while (!server_.is_running()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

HttpTestServer::~HttpTestServer() {
  release();
  server_.stop();
  thread_.join();
}

void HttpTestServer::on(const std::string &path, Handler handler) {
  std::lock_guard lock(mutex_);
  handlers_[path] = std::move(handler);
}

std::vector<HttpTestServer::Seen> HttpTestServer::seen() const {
  std::lock_guard lock(mutex_);
  return seen_;
}

std::vector<HttpTestServer::Seen> HttpTestServer::seen(const std::string &path) const {
  std::lock_guard lock(mutex_);
  std::vector<Seen> out;
  for (const Seen &s : seen_)
    if (s.path == path) out.push_back(s);
  return out;
}

void HttpTestServer::hold(std::chrono::milliseconds limit) {
  std::unique_lock lock(mutex_);
  released_.wait_for(lock, limit, [this] { return isReleased_; });
}

void HttpTestServer::release() {
  std::lock_guard lock(mutex_);
  isReleased_ = true;
  released_.notify_all();
}

int closedPort() {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof address;
  if (::bind(fd, reinterpret_cast<sockaddr *>(&address), sizeof address) != 0 ||
      ::getsockname(fd, reinterpret_cast<sockaddr *>(&address), &length) != 0) {
    ::close(fd);
    throw std::runtime_error("cannot find a free port");
  }
  ::close(fd);
  return ntohs(address.sin_port);
}

}  // namespace wfc::test

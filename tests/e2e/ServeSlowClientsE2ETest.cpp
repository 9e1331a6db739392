// Slow clients against --serve (docs/serve.md "Slow clients"): a connection that sends its
// request a line at a time is closed at --header-timeout, one that sends its body a byte at a
// time at --body-timeout, whatever each byte does to libmicrohttpd's idle timeout; a request
// that has arrived is not cut however long it is answered; and a server full of slow
// connections still answers a health check at once. Raw sockets, as such clients are.
#include "CurlClient.h"
#include "ServeFlowServer.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <chrono>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace wfc::test;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

namespace {

// Whether the server has closed `fd`: the end of the stream, or a reset, once what it sent (an
// answer) has been read. (A send may still succeed on a half-closed socket: it tells nothing.)
bool closedByServer(int fd) {
  char buffer[4096];
  for (;;) {
    ssize_t n = ::recv(fd, buffer, sizeof buffer, MSG_DONTWAIT);
    if (n > 0) continue;
    return n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK);
  }
}

// Connections to 127.0.0.1:port, each sent `start` at once and then `drip` every `interval`,
// watched until the server closes them.
class SlowClients {
 public:
  SlowClients(int port, size_t count, const std::string &start) : opened_(Clock::now()) {
    for (size_t i = 0; i < count; ++i) {
      int fd = ::socket(AF_INET, SOCK_STREAM, 0);
      sockaddr_in addr{};
      addr.sin_family = AF_INET;
      addr.sin_port = htons(uint16_t(port));
      addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
      EXPECT_EQ(::connect(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr), 0) << "connection " << i;
      ::send(fd, start.data(), start.size(), MSG_NOSIGNAL);
      sockets_.push_back({fd, std::nullopt});
    }
  }
  ~SlowClients() {
    for (const Socket &s : sockets_) ::close(s.fd);
  }

  // Sends `drip` every `interval` on the connections still open until all are closed or `limit`
  // passes; true when all were.
  bool dripUntilClosed(const std::string &drip, std::chrono::milliseconds interval, std::chrono::seconds limit) {
    Clock::time_point end = Clock::now() + limit;
    while (Clock::now() < end) {
      if (open() == 0) return true;
      for (Socket &s : sockets_) {
        if (s.closedAfter) continue;
        if (closedByServer(s.fd)) {
          s.closedAfter = Clock::now() - opened_;
          continue;
        }
        if (!drip.empty()) ::send(s.fd, drip.data(), drip.size(), MSG_NOSIGNAL);
      }
      std::this_thread::sleep_for(interval);
    }
    return open() == 0;
  }

  size_t open() const {
    size_t n = 0;
    for (const Socket &s : sockets_) n += s.closedAfter ? 0 : 1;
    return n;
  }
  // How long after they were opened the first of them was closed.
  Clock::duration firstClosedAfter() const {
    Clock::duration first = Clock::duration::max();
    for (const Socket &s : sockets_)
      if (s.closedAfter && *s.closedAfter < first) first = *s.closedAfter;
    return first;
  }

 private:
  struct Socket {
    int fd;
    std::optional<Clock::duration> closedAfter;
  };
  Clock::time_point opened_;
  std::vector<Socket> sockets_;
};

int portOf(const std::string &base) { return std::stoi(base.substr(base.rfind(':') + 1)); }

const std::string kRequestLine = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n";

// A header line every 300 ms resets libmicrohttpd's idle timeout (60 s) each time; the headers'
// deadline (2 s here) is from when the connection opened, and no byte moves it. A connection
// left open after its answer (keep-alive) has the same time to start its next request.
TEST(ServeSlowClientsE2ETest, SlowHeadersAreCutOffAtTheHeaderTimeout) {
  ServeFlowServer server;
  std::string base = server.start({"--header-timeout", "2s"});
  SlowClients slow(portOf(base), 5, kRequestLine);
  SlowClients idle(portOf(base), 1, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");  // then nothing
  EXPECT_TRUE(slow.dripUntilClosed("X-Slow: 1\r\n", 300ms, 60s)) << slow.open() << " still open";
  EXPECT_GE(slow.firstClosedAfter(), 2s) << "not before the deadline";
  EXPECT_TRUE(idle.dripUntilClosed("", 300ms, 60s)) << "an idle keep-alive connection";
  EXPECT_EQ(httpGet(base + "/healthz").status, 200);
}

// Headers at once, then a body of 100 bytes a byte at a time: closed at --body-timeout (2 s
// here), and no run started.
TEST(ServeSlowClientsE2ETest, SlowBodiesAreCutOffAtTheBodyTimeout) {
  ServeFlowServer server;
  std::string base = server.start({"--body-timeout", "2s"});
  SlowClients slow(portOf(base), 3,
                   "POST /runs HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                   "Content-Length: 100\r\n\r\n{");
  EXPECT_TRUE(slow.dripUntilClosed(" ", 300ms, 60s)) << slow.open() << " still open";
  EXPECT_GE(slow.firstClosedAfter(), 2s) << "not before the deadline";
  EXPECT_EQ(httpGet(base + "/runs").json()["runs"].size(), 0u);
}

// The deadlines are for receiving a request: one that has arrived is answered however long its
// run takes (3 s here, past both 1 s deadlines).
TEST(ServeSlowClientsE2ETest, ARequestThatHasArrivedIsNotCutWhileItIsAnswered) {
  ServeFlowServer server;
  std::string base = server.start({"--header-timeout", "1s", "--body-timeout", "1s"});
  HttpReply waited = httpPostJson(base + "/runs?wait=true", R"({"topic": "slow", "next": "done"})");
  ASSERT_EQ(waited.status, 200) << waited.error << waited.body;
  EXPECT_EQ(waited.json()["status"], "succeeded");
}

// More slow connections than the server takes (2 × --max-runs + 64 = 66 here), each stuck in its
// headers, with the headers' deadline far off (the default 30 s): a health check still gets in at
// once — each new connection closes the one that has waited longest for its headers.
TEST(ServeSlowClientsE2ETest, AServerFullOfSlowClientsStillAnswersHealthChecks) {
  ServeFlowServer server;
  std::string base = server.start({"--max-runs", "1"});
  SlowClients slow(portOf(base), 100, kRequestLine);
  for (int i = 0; i < 3; ++i) {
    Clock::time_point before = Clock::now();
    HttpReply health = httpCall({"GET", base + "/healthz", std::nullopt, {}, false, 10000});
    EXPECT_EQ(health.status, 200) << health.error;
    EXPECT_LT(Clock::now() - before, 10s);
  }
  EXPECT_EQ(httpPostJson(base + "/runs?wait=true", R"({"topic": "x", "next": "done"})").status, 200);
}

}  // namespace

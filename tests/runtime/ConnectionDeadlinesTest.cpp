// Who makes room when --serve is full (host/serve/ConnectionDeadlines.h): the connection that has
// waited longest for its headers, never one that has sent its request; and past the limit with
// nobody to make room, the new one. Socket pairs stand for the connections: a shut-down one reads
// as the end of the stream on its peer.
#include "host/serve/ConnectionDeadlines.h"

#include <gtest/gtest.h>

#include <chrono>
#include <deque>
#include <thread>
#include <vector>

#include <sys/socket.h>
#include <unistd.h>

using wfc::serve::ConnectionDeadlines;
using namespace std::chrono_literals;

namespace {

struct Pair {
  int server = -1, client = -1;
};

class ConnectionDeadlinesTest : public ::testing::Test {
 protected:
  ~ConnectionDeadlinesTest() override {
    for (Pair &p : pairs_) {
      ::close(p.server);
      ::close(p.client);
    }
  }
  // A new connection's server end; `key` is its libmicrohttpd handle here.
  int open() {
    int fds[2];
    EXPECT_EQ(::socketpair(AF_UNIX, SOCK_STREAM, 0, fds), 0);
    pairs_.push_back({fds[0], fds[1]});
    return int(pairs_.size()) - 1;
  }
  const void *key(int i) const { return &pairs_[size_t(i)]; }
  int fd(int i) const { return pairs_[size_t(i)].server; }
  bool shut(int i) const {
    char c;
    return ::recv(pairs_[size_t(i)].client, &c, 1, MSG_DONTWAIT) == 0;
  }

  std::deque<Pair> pairs_;  // a deque: the addresses, the connections' keys, stay put
};

ConnectionDeadlines::Options roomy(size_t limit, size_t headroom) {
  return {std::chrono::milliseconds(60'000), std::chrono::milliseconds(60'000), limit, headroom};
}

TEST_F(ConnectionDeadlinesTest, TheConnectionWaitingLongestForItsHeadersMakesRoom) {
  ConnectionDeadlines deadlines(roomy(8, 2));  // room is made from the 6th connection on
  std::vector<int> c;
  for (int i = 0; i < 5; ++i) {
    c.push_back(open());
    deadlines.connected(key(c.back()), fd(c.back()));
    std::this_thread::sleep_for(1ms);
  }
  deadlines.headersReceived(key(c[0]));  // sending its body: not waiting for headers
  for (int i : c) EXPECT_FALSE(shut(i)) << i;
  int sixth = open();
  deadlines.connected(key(sixth), fd(sixth));
  EXPECT_FALSE(shut(c[0])) << "its headers are in";
  EXPECT_TRUE(shut(c[1])) << "waited longest for its headers";
  EXPECT_FALSE(shut(sixth)) << "never the new one";
  for (auto &p : pairs_) deadlines.disconnected(&p);
}

TEST_F(ConnectionDeadlinesTest, PastTheLimitWithNobodyToMakeRoomTheNewOneIsRefused) {
  ConnectionDeadlines deadlines(roomy(4, 1));
  std::vector<int> c;
  for (int i = 0; i < 4; ++i) {
    c.push_back(open());
    deadlines.connected(key(c.back()), fd(c.back()));
    deadlines.headersReceived(key(c.back()));
    deadlines.requestReceived(key(c.back()));  // each is being answered: none is closed for room
  }
  for (int i : c) EXPECT_FALSE(shut(i)) << i;
  int fifth = open();
  deadlines.connected(key(fifth), fd(fifth));
  EXPECT_TRUE(shut(fifth));
  for (int i : c) EXPECT_FALSE(shut(i)) << i;
  // Once one is closed there is room again.
  deadlines.disconnected(key(c[0]));
  deadlines.disconnected(key(fifth));
  int sixth = open();
  deadlines.connected(key(sixth), fd(sixth));
  EXPECT_FALSE(shut(sixth));
  for (auto &p : pairs_) deadlines.disconnected(&p);
}

}  // namespace

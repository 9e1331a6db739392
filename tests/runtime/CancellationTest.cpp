// wfc::CancellationToken: flag, reason, waits, callbacks, the poll fd, child tokens; and
// SignalCancellation with real signals.
#include "wfc/cancellation.h"
#include "wfc/error.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <thread>
#include <vector>

#include <poll.h>
#include <unistd.h>

namespace wfc {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

int64_t msSince(Clock::time_point start) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
}

bool readable(int fd, int timeoutMs) {
  struct pollfd p {
    fd, POLLIN, 0
  };
  return ::poll(&p, 1, timeoutMs) == 1 && (p.revents & POLLIN);
}

TEST(CancellationTest, CancelsOnceAndKeepsTheFirstReason) {
  CancellationToken token;
  CancellationToken copy = token;
  EXPECT_FALSE(token.cancelled());
  EXPECT_EQ(token.reason(), "");
  EXPECT_NO_THROW(token.throwIfCancelled());
  EXPECT_TRUE(copy.cancel("timeout"));
  EXPECT_FALSE(token.cancel("SIGINT"));
  EXPECT_TRUE(token.cancelled());
  EXPECT_EQ(token.reason(), "timeout");
  EXPECT_TRUE(token == copy);
  EXPECT_FALSE(token == CancellationToken());
  try {
    token.throwIfCancelled();
    FAIL() << "no exception";
  } catch (const Error &e) {
    EXPECT_EQ(e.kind(), ErrorKind::Cancelled);
    EXPECT_EQ(std::string(e.what()), "timeout");
    EXPECT_EQ(e.exitCode(), 130);
  }
  CancellationToken unnamed;
  unnamed.cancel("");
  EXPECT_EQ(unnamed.reason(), "cancelled");
}

TEST(CancellationTest, WaitTimesOutWhenNotCancelled) {
  CancellationToken token;
  auto start = Clock::now();
  EXPECT_FALSE(token.waitFor(60ms));
  int64_t elapsed = msSince(start);
  EXPECT_GE(elapsed, 60);
  EXPECT_LT(elapsed, 500);
  EXPECT_FALSE(token.waitUntil(Clock::now() - 1s));  // a deadline in the past returns at once
}

TEST(CancellationTest, WaitWakesWhenAnotherThreadCancels) {
  CancellationToken token;
  auto start = Clock::now();
  std::thread canceller([token] {
    std::this_thread::sleep_for(50ms);
    token.cancel("sibling failed");
  });
  EXPECT_TRUE(token.waitFor(5s));
  int64_t elapsed = msSince(start);
  canceller.join();
  EXPECT_GE(elapsed, 45);
  EXPECT_LT(elapsed, 1000);
  EXPECT_TRUE(token.waitFor(0ms));
  token.wait();  // returns at once
}

TEST(CancellationTest, PollFdBecomesReadableAndStaysSo) {
  CancellationToken token;
  int fd = token.pollFd();
  ASSERT_GE(fd, 0);
  EXPECT_EQ(token.pollFd(), fd);  // one per token
  EXPECT_FALSE(readable(fd, 0));
  std::thread canceller([token] {
    std::this_thread::sleep_for(50ms);
    token.cancel();
  });
  auto start = Clock::now();
  EXPECT_TRUE(readable(fd, 5000));  // a blocked poll() is woken
  EXPECT_LT(msSince(start), 1000);
  canceller.join();
  EXPECT_TRUE(readable(fd, 0));
  EXPECT_TRUE(readable(fd, 0));

  CancellationToken late;
  late.cancel();
  EXPECT_TRUE(readable(late.pollFd(), 0));  // created after the cancel: readable at once
}

TEST(CancellationTest, CallbacksRunOnceInOrderAndCanBeUnregistered) {
  CancellationToken token;
  std::vector<int> calls;
  auto r1 = token.onCancel([&] { calls.push_back(1); });
  auto r2 = token.onCancel([&] { calls.push_back(2); });
  auto r3 = token.onCancel([&] { calls.push_back(3); });
  r2.reset();
  {
    auto r4 = token.onCancel([&] { calls.push_back(4); });
  }  // unregistered by its destructor
  token.cancel();
  token.cancel();
  EXPECT_EQ(calls, (std::vector<int>{1, 3}));
  auto r5 = token.onCancel([&] { calls.push_back(5); });  // already cancelled: runs now
  EXPECT_EQ(calls, (std::vector<int>{1, 3, 5}));
}

TEST(CancellationTest, CallbackMayCancelAgainAndRegister) {
  CancellationToken token;
  CancellationToken other;
  int inner = 0;
  CancellationToken::Registration nested;
  auto r = token.onCancel([&] {
    EXPECT_FALSE(token.cancel("again"));  // no deadlock, no second round
    other.cancel("from callback");
    nested = token.onCancel([&] { ++inner; });  // already cancelled: runs inline
  });
  EXPECT_TRUE(token.cancel("first"));
  EXPECT_EQ(inner, 1);
  EXPECT_EQ(other.reason(), "from callback");
  EXPECT_EQ(token.reason(), "first");
}

TEST(CancellationTest, UnregisteringWaitsForARunningCallback) {
  CancellationToken token;
  std::atomic<bool> started{false}, finished{false};
  auto reg = token.onCancel([&] {
    started = true;
    std::this_thread::sleep_for(150ms);
    finished = true;
  });
  std::thread canceller([token] { token.cancel(); });
  while (!started) std::this_thread::yield();
  reg.reset();  // must not return while the callback still runs (it may use what reg guards)
  EXPECT_TRUE(finished.load());
  canceller.join();
}

TEST(CancellationTest, ChildFollowsParentButNotTheOtherWay) {
  CancellationToken run;
  CancellationToken block = run.child();
  CancellationToken branch = block.child();
  EXPECT_TRUE(block.cancel("branch b failed"));
  EXPECT_TRUE(branch.cancelled());
  EXPECT_EQ(branch.reason(), "branch b failed");
  EXPECT_FALSE(run.cancelled());

  CancellationToken step = run.child();
  int woken = readable(step.pollFd(), 0);
  EXPECT_EQ(woken, 0);
  run.cancel("SIGTERM");
  EXPECT_TRUE(step.cancelled());
  EXPECT_EQ(step.reason(), "SIGTERM");
  EXPECT_TRUE(readable(step.pollFd(), 0));
  EXPECT_EQ(block.reason(), "branch b failed");  // already cancelled: keeps its own reason

  CancellationToken late = run.child();  // the parent is cancelled already
  EXPECT_TRUE(late.cancelled());
  EXPECT_EQ(late.reason(), "SIGTERM");
}

TEST(CancellationTest, ManyShortLivedChildrenOfALongLivedParent) {
  CancellationToken run;
  for (int i = 0; i < 10000; ++i) {
    CancellationToken child = run.child();
    if (i % 2) child.cancel("done");
  }  // each child unregisters from the parent when it dies
  CancellationToken survivor = run.child();
  int calls = 0;
  auto reg = run.onCancel([&] { ++calls; });
  run.cancel();
  EXPECT_TRUE(survivor.cancelled());
  EXPECT_EQ(calls, 1);
}

TEST(CancellationTest, ConcurrentCancelAndWaitFromManyThreads) {
  CancellationToken token;
  std::atomic<int> woke{0}, callbacks{0};
  std::vector<CancellationToken::Registration> regs;
  for (int i = 0; i < 8; ++i) regs.push_back(token.onCancel([&] { ++callbacks; }));
  std::vector<std::thread> waiters;
  for (int i = 0; i < 8; ++i)
    waiters.emplace_back([&] {
      if (token.waitFor(5s)) ++woke;
    });
  std::vector<std::thread> cancellers;
  std::atomic<int> winners{0};
  for (int i = 0; i < 4; ++i)
    cancellers.emplace_back([&, i] {
      if (token.cancel("c" + std::to_string(i))) ++winners;
    });
  for (auto &t : cancellers) t.join();
  for (auto &t : waiters) t.join();
  EXPECT_EQ(winners.load(), 1);
  EXPECT_EQ(woke.load(), 8);
  EXPECT_EQ(callbacks.load(), 8);
}

// --- SignalCancellation ---------------------------------------------------------------------

extern "C" void testPreviousHandler(int) {}

TEST(SignalCancellationTest, SigtermCancelsAndPreviousHandlerIsRestored) {
  struct sigaction mine {};
  mine.sa_handler = testPreviousHandler;
  sigemptyset(&mine.sa_mask);
  struct sigaction saved {};
  ASSERT_EQ(::sigaction(SIGTERM, &mine, &saved), 0);
  {
    CancellationToken token;
    SignalCancellation signals(token);
    EXPECT_EQ(signals.signal(), 0);
    EXPECT_THROW(SignalCancellation second(token), std::logic_error);
    auto start = Clock::now();
    ASSERT_EQ(::raise(SIGTERM), 0);
    EXPECT_TRUE(token.waitFor(2s));
    EXPECT_LT(msSince(start), 1000);
    EXPECT_EQ(token.reason(), "SIGTERM");
    EXPECT_EQ(signals.signal(), SIGTERM);
  }
  struct sigaction now {};
  ::sigaction(SIGTERM, nullptr, &now);
  EXPECT_EQ(now.sa_handler, &testPreviousHandler);
  ::sigaction(SIGTERM, &saved, nullptr);

  // A new instance after the first one is gone works, with a fresh count.
  CancellationToken again;
  SignalCancellation signals(again);
  ASSERT_EQ(::raise(SIGINT), 0);
  EXPECT_TRUE(again.waitFor(2s));
  EXPECT_EQ(again.reason(), "SIGINT");
  EXPECT_EQ(signals.signal(), SIGINT);
}

TEST(SignalCancellationDeathTest, SecondSignalKillsTheProcess) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        CancellationToken token;
        SignalCancellation signals(token);
        ::raise(SIGINT);
        if (!token.waitFor(2s)) std::_Exit(10);  // the first one only cancels
        ::raise(SIGINT);
        std::this_thread::sleep_for(2s);
        std::_Exit(11);
      },
      testing::KilledBySignal(SIGINT), "");
}

}  // namespace
}  // namespace wfc

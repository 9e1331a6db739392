// The timer behind wfc.timeout_ms: deadlines cancel their token on time, cancelled deadlines
// never fire, and entries erased while the timer thread waits on them are safe (this exact
// pattern was a use-after-free under AddressSanitizer).
#include "support/Deadlines.h"

#include <gtest/gtest.h>

#include <chrono>
#include <vector>

namespace wfc {
namespace {

using namespace std::chrono_literals;
using Clock = Deadlines::Clock;

TEST(DeadlinesTest, ADeadlineCancelsItsTokenWithTheReason) {
  Deadlines d;
  CancellationToken token;
  auto start = Clock::now();
  d.schedule(start + 50ms, token, "wfc.timeout_ms");
  EXPECT_TRUE(token.waitFor(2000ms));
  EXPECT_GE(Clock::now() - start, 45ms);
  EXPECT_EQ(token.reason(), "wfc.timeout_ms");
}

TEST(DeadlinesTest, ACancelledDeadlineNeverFires) {
  Deadlines d;
  CancellationToken token;
  uint64_t id = d.schedule(Clock::now() + 30ms, token, "late");
  d.cancel(id);
  EXPECT_FALSE(token.waitFor(120ms));
}

TEST(DeadlinesTest, CancellingTheEntryTheTimerWaitsOnIsSafe) {
  Deadlines d;
  // The timer thread waits for the earliest entry; erase it while it waits, many times over,
  // then check that a later deadline still fires.
  for (int i = 0; i < 200; ++i) {
    CancellationToken t;
    uint64_t id = d.schedule(Clock::now() + 5ms, t, "x");
    std::this_thread::sleep_for(std::chrono::microseconds(i % 7 * 100));
    d.cancel(id);
  }
  CancellationToken last;
  d.schedule(Clock::now() + 10ms, last, "last");
  EXPECT_TRUE(last.waitFor(2000ms));
}

TEST(DeadlinesTest, EarlierDeadlinesFireFirst) {
  Deadlines d;
  CancellationToken slow, fast;
  d.schedule(Clock::now() + 300ms, slow, "slow");
  d.schedule(Clock::now() + 20ms, fast, "fast");
  EXPECT_TRUE(fast.waitFor(200ms));
  EXPECT_FALSE(slow.cancelled());
  EXPECT_TRUE(slow.waitFor(2000ms));
}

}  // namespace
}  // namespace wfc

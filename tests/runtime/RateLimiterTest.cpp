// The LLM rate limits a batch's runs share (docs/batch.md "Rate limits"): RateSchedule's
// arithmetic on made-up times — pacing by requests and by tokens, estimates corrected by usage,
// a 429's pause — and RateLimiter under threads (which the sanitizer builds run): every request
// admitted and charged once, the waits bounded below by the pacing, a wait cancelled at once.
#include "core/llm/RateLimiter.h"

#include "wfc/error.h"

#include <gtest/gtest.h>

#include <atomic>
#include <future>
#include <random>
#include <thread>
#include <vector>

namespace wfc::llm {
namespace {

using namespace std::chrono_literals;
using Clock = RateSchedule::Clock;

const Clock::time_point t0 = Clock::time_point() + 1000h;

TEST(RateScheduleTest, RequestsPerMinutePaceRequestsEvenly) {
  RateSchedule s(60, 0);  // one a second
  EXPECT_EQ(s.reserve(t0, 0), t0);
  EXPECT_EQ(s.reserve(t0, 0), t0 + 1s);
  EXPECT_EQ(s.reserve(t0 + 100ms, 0), t0 + 2s) << "places are handed out in order";
  // After a quiet spell the next request goes at once: no burst is saved up.
  EXPECT_EQ(s.reserve(t0 + 10s, 0), t0 + 10s);
  EXPECT_EQ(s.reserve(t0 + 10s, 0), t0 + 11s);
}

TEST(RateScheduleTest, NoCapAdmitsEveryRequestAtOnce) {
  RateSchedule s(0, 0);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(s.reserve(t0, 1000000), t0);
}

TEST(RateScheduleTest, TokensPerMinuteHoldTheNextRequestBackByWhatThisOneCosts) {
  RateSchedule s(0, 6000);  // 100 tokens a second
  EXPECT_EQ(s.reserve(t0, 250), t0);
  EXPECT_EQ(s.reserve(t0, 100), t0 + 2500ms);
  EXPECT_EQ(s.reserve(t0, 0), t0 + 3500ms);
}

TEST(RateScheduleTest, UsageCorrectsTheEstimateBothWays) {
  RateSchedule s(0, 6000);
  EXPECT_EQ(s.reserve(t0, 100), t0);
  s.correct(100, 400);  // used 300 more: 3 s more
  EXPECT_EQ(s.reserve(t0, 100), t0 + 4s);
  s.correct(100, 0);  // the last one used nothing: its second back
  EXPECT_EQ(s.reserve(t0, 0), t0 + 4s);
}

TEST(RateScheduleTest, BothCapsHoldARequestUntilBothAllowIt) {
  RateSchedule s(60, 60000);  // 1 request and 1000 tokens a second
  EXPECT_EQ(s.reserve(t0, 3000), t0);
  EXPECT_EQ(s.reserve(t0, 10), t0 + 3s) << "the tokens decide";
  EXPECT_EQ(s.reserve(t0, 10), t0 + 4s) << "the requests decide";
}

TEST(RateScheduleTest, APauseHoldsEveryRequestAndALaterOneExtendsIt) {
  RateSchedule s(0, 0);
  s.pauseUntil(t0 + 5s);
  EXPECT_TRUE(s.paused(t0 + 4s));
  EXPECT_FALSE(s.paused(t0 + 5s));
  EXPECT_EQ(s.reserve(t0, 0), t0 + 5s);
  s.pauseUntil(t0 + 2s);  // an earlier end does not shorten it
  EXPECT_EQ(s.pausedUntil(), t0 + 5s);
  s.pauseUntil(t0 + 8s);
  EXPECT_EQ(s.reserve(t0 + 6s, 0), t0 + 8s);
}

TEST(RateScheduleTest, AfterAPauseRequestsResumePaced) {
  RateSchedule s(600, 0);  // one every 100 ms
  s.pauseUntil(t0 + 2s);
  EXPECT_EQ(s.reserve(t0, 0), t0 + 2s);
  EXPECT_EQ(s.reserve(t0, 0), t0 + 2100ms);
  EXPECT_EQ(s.reserve(t0, 0), t0 + 2200ms);
}

TEST(RateLimiterTest, ManyThreadsAreAdmittedOnceEachAndNoFasterThanThePace) {
  RateLimiter limiter(600000, 0);  // one request every 100 µs
  const int threads = 8, each = 50;
  CancellationToken never;
  auto start = Clock::now();
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&] {
      for (int i = 0; i < each; ++i) limiter.acquire(10, never);
    });
  for (std::thread &t : pool) t.join();
  // The last of 400 places is 399 intervals after the first: no run of the pool can beat that.
  EXPECT_GE(Clock::now() - start, 399 * 100us);
  RateLimiter::Stats stats = limiter.stats();
  EXPECT_EQ(stats.requests, uint64_t(threads * each));
  EXPECT_EQ(stats.tokens, uint64_t(threads * each * 10));
}

TEST(RateLimiterTest, SettlingChargesTheRepliesUsage) {
  RateLimiter limiter(0, 0);
  CancellationToken never;
  std::atomic<uint64_t> used{0};
  std::vector<std::thread> pool;
  for (int t = 0; t < 6; ++t)
    pool.emplace_back([&, t] {
      std::mt19937 random{unsigned(t)};
      for (int i = 0; i < 200; ++i) {
        uint64_t estimate = random() % 500, actual = random() % 500;
        limiter.acquire(estimate, never);
        limiter.settle(estimate, actual);
        used += actual;
      }
    });
  // A 429 every now and then, while the others go on (the pauses are short: nothing waits long).
  std::thread pauser([&] {
    for (int i = 0; i < 20; ++i) {
      limiter.pause(1ms);
      std::this_thread::sleep_for(1ms);
    }
  });
  for (std::thread &t : pool) t.join();
  pauser.join();
  RateLimiter::Stats stats = limiter.stats();
  EXPECT_EQ(stats.requests, 1200u);
  EXPECT_EQ(stats.tokens, used.load());
  EXPECT_EQ(stats.pauses, 20u);
}

TEST(RateLimiterTest, AWaitEndsAtOnceWhenItsTokenIsCancelled) {
  RateLimiter limiter(0, 0);
  limiter.pause(1h);  // a Retry-After of an hour
  CancellationToken cancel;
  auto waiting = std::async(std::launch::async, [&] {
    try {
      limiter.acquire(10, cancel);
      return std::string("admitted");
    } catch (const Error &e) {
      return std::string(e.kind() == ErrorKind::Cancelled ? "cancelled: " : "other: ") + e.what();
    }
  });
  EXPECT_EQ(waiting.wait_for(100ms), std::future_status::timeout) << "admitted during a pause";
  cancel.cancel("SIGINT");
  ASSERT_EQ(waiting.wait_for(30s), std::future_status::ready) << "the wait did not end when cancelled";
  EXPECT_EQ(waiting.get(), "cancelled: SIGINT");
  EXPECT_EQ(limiter.stats().requests, 0u);
}

TEST(RateLimiterTest, ARequestWaitingForItsPlaceWaitsOutAPauseThatStartsMeanwhile) {
  RateLimiter limiter(60, 0);  // one a second
  CancellationToken never;
  limiter.acquire(0, never);  // the first goes; the next one's place is a second away
  auto start = Clock::now();
  auto second = std::async(std::launch::async, [&] { limiter.acquire(0, never); });
  std::this_thread::sleep_for(50ms);
  limiter.pause(1500ms);  // a 429 while it waits: it goes after the pause, not at its place
  second.get();
  EXPECT_GE(Clock::now() - start, 1500ms);
}

TEST(EstimateTokensTest, BodyBytesOverFourPlusTheCompletionAllowed) {
  EXPECT_EQ(estimateTokens(0, 0), 0u);
  EXPECT_EQ(estimateTokens(400, 0), 100u);
  EXPECT_EQ(estimateTokens(401, 20), 121u);
}

}  // namespace
}  // namespace wfc::llm

#include "core/llm/RateLimiter.h"

#include "wfc/error.h"

#include <algorithm>

namespace wfc::llm {

using namespace std::chrono;

RateSchedule::RateSchedule(uint64_t requestsPerMinute, uint64_t tokensPerMinute) : tokensPerMinute_(tokensPerMinute) {
  if (requestsPerMinute) requestInterval_ = duration_cast<Clock::duration>(minutes(1)) / requestsPerMinute;
}

RateSchedule::Clock::duration RateSchedule::tokensDuration(uint64_t tokens) const {
  if (!tokensPerMinute_ || !tokens) return Clock::duration(0);
  // tokens · 60 s / tpm, in the clock's ticks, without overflowing for large counts.
  long double ticks = (long double)tokens * (long double)duration_cast<Clock::duration>(minutes(1)).count() /
                      (long double)tokensPerMinute_;
  return Clock::duration(Clock::rep(ticks));
}

RateSchedule::TimePoint RateSchedule::reserve(TimePoint now, uint64_t estimatedTokens) {
  TimePoint at = std::max({now, pausedUntil_, nextRequest_, nextTokens_});
  nextRequest_ = at + requestInterval_;
  nextTokens_ = at + tokensDuration(estimatedTokens);
  return at;
}

void RateSchedule::correct(uint64_t estimatedTokens, uint64_t actualTokens) {
  if (!tokensPerMinute_ || estimatedTokens == actualTokens) return;
  // The tokens schedule moves by the difference: later for a request that used more than its
  // estimate, earlier for one that used less (capacity it held back and did not use).
  if (actualTokens > estimatedTokens) nextTokens_ += tokensDuration(actualTokens - estimatedTokens);
  else nextTokens_ -= tokensDuration(estimatedTokens - actualTokens);
}

void RateSchedule::pauseUntil(TimePoint until) { pausedUntil_ = std::max(pausedUntil_, until); }

RateLimiter::RateLimiter(uint64_t requestsPerMinute, uint64_t tokensPerMinute)
    : schedule_(requestsPerMinute, tokensPerMinute) {}

void RateLimiter::acquire(uint64_t estimatedTokens, const CancellationToken &cancel) {
  const Clock::time_point asked = Clock::now();
  std::unique_lock lock(mutex_);
  Clock::time_point at = schedule_.reserve(asked, estimatedTokens);
  for (;;) {
    if (at > Clock::now()) {
      lock.unlock();
      // Cancellable: SIGINT/SIGTERM (or a run's --timeout) ends the wait at once.
      if (cancel.waitUntil(at)) {
        lock.lock();
        schedule_.correct(estimatedTokens, 0);  // never sent: gives its tokens back
        throw Error(ErrorKind::Cancelled, cancel.reason());
      }
      lock.lock();
    }
    // A 429 arrived while this request waited for its place: it waits for the pause's end, and
    // takes a new place after it (keeping the order: those that waited longest reserve first).
    if (!schedule_.paused(Clock::now())) break;
    schedule_.correct(estimatedTokens, 0);
    at = schedule_.reserve(Clock::now(), estimatedTokens);
  }
  ++stats_.requests;
  stats_.tokens += estimatedTokens;
  stats_.waitedMs += duration<double, std::milli>(Clock::now() - asked).count();
}

void RateLimiter::settle(uint64_t estimatedTokens, uint64_t actualTokens) {
  std::lock_guard lock(mutex_);
  schedule_.correct(estimatedTokens, actualTokens);
  stats_.tokens = stats_.tokens - estimatedTokens + actualTokens;
}

void RateLimiter::pause(milliseconds delay) {
  std::lock_guard lock(mutex_);
  schedule_.pauseUntil(Clock::now() + delay);
  ++stats_.pauses;
}

RateLimiter::Stats RateLimiter::stats() const {
  std::lock_guard lock(mutex_);
  return stats_;
}

uint64_t estimateTokens(size_t bodyBytes, uint64_t maxTokens) { return (uint64_t(bodyBytes) + 3) / 4 + maxTokens; }

}  // namespace wfc::llm

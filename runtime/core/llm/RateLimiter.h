// The LLM rate limits one process shares (docs/batch.md "Rate limits"): --rpm requests and --tpm
// tokens per minute across every run of a batch (or of an MCP server, or the steps of one run),
// and the pause a provider's 429 asks of all of them.
//
// Every HTTP attempt of every exchange asks the limiter first (core/llm/Endpoint.h), so what is counted
// is what the provider counts: requests as they leave, retries included. Requests are paced, not
// burst: one request every 60/rpm seconds, and a request of T tokens holds the next back by
// T·60/tpm seconds — so any minute holds at most rpm requests (and tpm tokens, give or take the
// last request's), and the first minute of a batch does not spend the budget in its first second
// and then stall. A request's tokens are estimated before it is sent (its body's bytes / 4, plus
// the max_tokens it asks for) and corrected once the reply's usage is known: a reply that used
// more than estimated holds the following requests back by the difference, one that used less
// gives the difference back. A 429 answer pauses every request, of every run, until its
// Retry-After has passed (or the transport's backoff, without one); requests resume paced.
//
// RateSchedule is the arithmetic alone (no clock, no threads: the unit tests drive it with made-up
// times); RateLimiter puts it behind a mutex and waits, cancellably, for the time it names.
#pragma once

#include "wfc/cancellation.h"

#include <chrono>
#include <cstdint>
#include <mutex>

namespace wfc::llm {

class RateSchedule {
 public:
  using Clock = std::chrono::steady_clock;
  using TimePoint = Clock::time_point;

  // 0: no cap.
  RateSchedule(uint64_t requestsPerMinute, uint64_t tokensPerMinute);

  // Reserves the next place for a request of `estimatedTokens` asked for at `now`: the time it
  // may be sent (`now` itself when nothing holds it back). Places are handed out in the order
  // they are asked for.
  TimePoint reserve(TimePoint now, uint64_t estimatedTokens);
  // A request that was sent with `estimatedTokens` turned out to use `actualTokens`.
  void correct(uint64_t estimatedTokens, uint64_t actualTokens);
  // No request may be sent before `until` (a 429's Retry-After); a later pause extends it.
  void pauseUntil(TimePoint until);
  // Whether `now` is inside a pause, and until when.
  bool paused(TimePoint now) const { return now < pausedUntil_; }
  TimePoint pausedUntil() const { return pausedUntil_; }

 private:
  Clock::duration tokensDuration(uint64_t tokens) const;

  Clock::duration requestInterval_{0};  // 60 s / rpm
  uint64_t tokensPerMinute_;
  TimePoint nextRequest_{}, nextTokens_{}, pausedUntil_{};
};

class RateLimiter {
 public:
  using Clock = RateSchedule::Clock;

  // 0: no cap (a limiter with neither still pauses everyone on a 429).
  RateLimiter(uint64_t requestsPerMinute, uint64_t tokensPerMinute);

  // What the limiter did, for the batch's summary and the benchmark.
  struct Stats {
    uint64_t requests = 0;       // admitted
    uint64_t tokens = 0;         // charged: estimates, corrected by the replies' usage
    uint64_t pauses = 0;         // 429s that paused everyone
    double waitedMs = 0;         // time requests spent waiting for their place, summed
  };

  // Blocks until a request of about `estimatedTokens` may be sent. Throws wfc::Error(Cancelled)
  // with the token's reason when `cancel` fires first.
  void acquire(uint64_t estimatedTokens, const CancellationToken &cancel);
  // The request admitted with `estimatedTokens` used `actualTokens` (0 for one the server
  // refused: a 429 costs no tokens).
  void settle(uint64_t estimatedTokens, uint64_t actualTokens);
  // The provider answered 429: no request leaves before `delay` has passed.
  void pause(std::chrono::milliseconds delay);

  Stats stats() const;

 private:
  mutable std::mutex mutex_;
  RateSchedule schedule_;
  Stats stats_;
};

// A request's tokens before it is sent: its JSON body's bytes / 4 (about a token per four bytes of
// English, and the body's syntax makes it an overestimate) plus the completion it allows
// (`maxTokens`: the body's max_tokens or max_completion_tokens, 0 when it sets none).
uint64_t estimateTokens(size_t bodyBytes, uint64_t maxTokens);

}  // namespace wfc::llm

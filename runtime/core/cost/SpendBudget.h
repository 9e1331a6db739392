// A run's (or a batch's) spending limits and what has been spent against them (docs/cost.md
// "Budgets"): before each LLM request goes out, its worst case (RequestBound) is reserved against
// what is left, and the request is refused when it does not fit; when the reply comes, the
// reservation settles to what the provider reports it used. Requests in flight at once — parallel
// branches, a batch's lines — reserve under one lock, so that together they can never take the
// spend past the limit.
#pragma once

#include "common/BindingsFile.h"
#include "core/cost/RequestBound.h"

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>

namespace wfc::cost {

struct BudgetLimits {
  std::optional<double> maxCostUsd;    // --max-cost
  std::optional<uint64_t> maxTokens;   // --max-tokens: input and output tokens together
  std::string scope = "run";           // what they bound, for messages: "run", "batch", "shard"
  bool any() const { return maxCostUsd || maxTokens; }
};

// What has been spent: tokens always, dollars for the calls whose model has a price.
struct Spend {
  // Input tokens, of which those the provider's prompt cache served and those written to it.
  uint64_t inputTokens = 0, cachedInputTokens = 0, cacheWriteInputTokens = 0, outputTokens = 0;
  double costUsd = 0;
  uint64_t unpricedCalls = 0;  // calls whose model has no price: `costUsd` leaves them out
  uint64_t tokens() const { return inputTokens + outputTokens; }
  Spend &operator+=(const Spend &other);
};

class SpendBudget {
 public:
  // `before`: what a resumed run (or batch) had spent already, from the journal.
  explicit SpendBudget(BudgetLimits limits, Spend before = {});

  // What one request holds while it is in flight.
  struct Reservation {
    uint64_t tokens = 0;
    double costUsd = 0;
    bool held = false;
  };

  // Reserves `bound` at `price` (null: the model has no price) for step `step`. Throws
  // wfc::Error(Exhausted) naming the step, the spend and the budget when it does not fit — an
  // unbounded request fits no limit — and wfc::Error(Usage) when a dollar limit is set and the
  // model has no price.
  Reservation reserve(const std::string &step, const std::string &model, const RequestBound &bound,
                      const PriceSettings *price);
  // The request is answered: its reservation becomes `used`.
  void settle(Reservation &reservation, const Spend &used);
  // The request failed before the provider took it: its reservation is released.
  void release(Reservation &reservation);

  Spend spent() const;
  const BudgetLimits &limits() const { return limits_; }

 private:
  BudgetLimits limits_;
  mutable std::mutex mutex_;
  Spend spent_;
  uint64_t reservedTokens_ = 0;
  double reservedUsd_ = 0;
};

}  // namespace wfc::cost

#include "core/cost/SpendBudget.h"

#include "common/Dollars.h"
#include "core/cost/PriceTable.h"
#include "wfc/error.h"

#include <fmt/format.h>

#include <algorithm>

namespace wfc::cost {

Spend &Spend::operator+=(const Spend &other) {
  inputTokens += other.inputTokens;
  cachedInputTokens += other.cachedInputTokens;
  cacheWriteInputTokens += other.cacheWriteInputTokens;
  outputTokens += other.outputTokens;
  costUsd += other.costUsd;
  unpricedCalls += other.unpricedCalls;
  return *this;
}

SpendBudget::SpendBudget(BudgetLimits limits, Spend before) : limits_(std::move(limits)), spent_(before) {}

SpendBudget::Reservation SpendBudget::reserve(const std::string &step, const std::string &model,
                                              const RequestBound &bound, const PriceSettings *price) {
  Reservation r;
  if (!limits_.any()) return r;
  if (limits_.maxCostUsd && !price)
    throw Error(ErrorKind::Usage, "step '" + step + "': --max-cost needs the price of model '" + model +
                                      "'; add it under 'prices' in --prices or --bindings (docs/cost.md)");
  auto refuse = [&](const std::string &why) {
    Spend s = spent();
    std::string budget;
    if (limits_.maxTokens)
      budget += fmt::format("{} of --max-tokens {} tokens", s.tokens(), *limits_.maxTokens);
    if (limits_.maxCostUsd)
      budget += (budget.empty() ? "" : ", ") + formatUsd(s.costUsd) + " of --max-cost " + formatUsd(*limits_.maxCostUsd);
    throw Error(ErrorKind::Exhausted, "step '" + step + "': budget exhausted: its LLM request was not sent: " + why +
                                          " (the " + limits_.scope + " has spent " + budget + ")");
  };
  if (!bound.bounded()) refuse(bound.unbounded + ", which no budget can hold; set max_tokens on the prompt");
  r.tokens = bound.inputTokens + *bound.outputTokens;
  if (price) r.costUsd = worstCostUsd(*price, bound.inputTokens, *bound.outputTokens);
  std::string why;
  {
    std::lock_guard lock(mutex_);
    uint64_t committed = spent_.tokens() + reservedTokens_;
    double committedUsd = spent_.costUsd + reservedUsd_;
    if (limits_.maxTokens && committed + r.tokens > *limits_.maxTokens)
      why = fmt::format("it may use up to {} tokens ({} in, {} out), and {} are left", r.tokens, bound.inputTokens,
                        *bound.outputTokens, *limits_.maxTokens - std::min(committed, *limits_.maxTokens));
    // Sums of dollars are not exact: a nano-dollar of slack keeps a request that fits exactly.
    else if (limits_.maxCostUsd && committedUsd + r.costUsd > *limits_.maxCostUsd + 1e-9)
      why = "it may cost up to " + formatUsd(r.costUsd) + ", and " +
            formatUsd(std::max(0.0, *limits_.maxCostUsd - committedUsd)) + " is left";
    else {
      reservedTokens_ += r.tokens;
      reservedUsd_ += r.costUsd;
      r.held = true;
    }
  }
  if (!r.held) refuse(why);
  return r;
}

void SpendBudget::settle(Reservation &reservation, const Spend &used) {
  std::lock_guard lock(mutex_);
  if (reservation.held) {
    reservedTokens_ -= reservation.tokens;
    reservedUsd_ -= reservation.costUsd;
    reservation.held = false;
  }
  spent_ += used;
}

void SpendBudget::release(Reservation &reservation) {
  if (!reservation.held) return;
  std::lock_guard lock(mutex_);
  reservedTokens_ -= reservation.tokens;
  reservedUsd_ -= reservation.costUsd;
  reservation.held = false;
}

Spend SpendBudget::spent() const {
  std::lock_guard lock(mutex_);
  return spent_;
}

}  // namespace wfc::cost

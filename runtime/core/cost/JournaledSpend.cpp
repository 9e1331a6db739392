#include "core/cost/JournaledSpend.h"

#include "common/Dollars.h"
#include "core/cost/PriceTable.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace wfc::cost {

Spend spendOf(const llm::Usage &usage, const PriceSettings *price) {
  Spend spend;
  spend.inputTokens = usage.promptTokens;
  spend.cachedInputTokens = std::min(usage.cachedPromptTokens, usage.promptTokens);
  spend.cacheWriteInputTokens = std::min(usage.cacheWritePromptTokens, usage.promptTokens - spend.cachedInputTokens);
  spend.outputTokens = usage.completionTokens;
  if (price)
    spend.costUsd = costUsd(*price, spend.inputTokens, spend.cachedInputTokens, spend.cacheWriteInputTokens,
                            spend.outputTokens);
  else
    spend.unpricedCalls = 1;
  return spend;
}

llm::Json spendToJson(const Spend &spend) {
  llm::Json out = {{"input_tokens", spend.inputTokens},
                   {"cached_input_tokens", spend.cachedInputTokens},
                   {"output_tokens", spend.outputTokens}};
  if (spend.cacheWriteInputTokens > 0) out["cache_write_input_tokens"] = spend.cacheWriteInputTokens;
  if (spend.unpricedCalls == 0) out["cost_usd"] = spend.costUsd;
  return out;
}

llm::Json spendReport(const Spend &spend) {
  llm::Json out = {{"input_tokens", spend.inputTokens},
                   {"cached_input_tokens", spend.cachedInputTokens},
                   {"output_tokens", spend.outputTokens}};
  if (spend.cacheWriteInputTokens > 0) out["cache_write_input_tokens"] = spend.cacheWriteInputTokens;
  // No figure without a price: a sum that leaves calls out is not the run's cost.
  if (spend.unpricedCalls == 0) {
    out["cost_usd"] = spend.costUsd;
  } else {
    out["unpriced_calls"] = spend.unpricedCalls;
    if (spend.costUsd > 0) out["priced_cost_usd"] = spend.costUsd;
  }
  return out;
}

std::string spendSummary(const Spend &spend) {
  std::string text = "spent " + std::to_string(spend.tokens()) + " tokens (" + std::to_string(spend.inputTokens) +
                     " in" + (spend.cachedInputTokens ? ", " + std::to_string(spend.cachedInputTokens) + " of them cached" : "") +
                     ", " + std::to_string(spend.outputTokens) + " out)";
  if (spend.unpricedCalls == 0) return text + ", " + formatUsd(spend.costUsd);
  return text + "; " + std::to_string(spend.unpricedCalls) + (spend.unpricedCalls == 1 ? " call" : " calls") +
         " without a price (docs/cost.md)";
}

}  // namespace wfc::cost

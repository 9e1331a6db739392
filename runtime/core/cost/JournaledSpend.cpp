#include "core/cost/JournaledSpend.h"

#include "common/Dollars.h"
#include "common/JsonReader.h"
#include "core/cost/PriceTable.h"
#include "core/llm/Endpoint.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace wfc::cost {
namespace {

// A count as the journal keeps it, read as a provider's usage is: a count that is not one is 0.
uint64_t count(const llm::Json &object, const char *name) { return llm::tokenCount(object, name); }

}  // namespace

Spend spendOf(const llm::Usage &usage, const PriceSettings *price) {
  Spend spend;
  spend.inputTokens = usage.promptTokens;
  spend.cachedInputTokens = std::min(usage.cachedPromptTokens, usage.promptTokens);
  spend.outputTokens = usage.completionTokens;
  if (price)
    spend.costUsd = costUsd(*price, spend.inputTokens, spend.cachedInputTokens, spend.outputTokens);
  else
    spend.unpricedCalls = 1;
  return spend;
}

llm::Json spendToJson(const Spend &spend) {
  llm::Json out = {{"input_tokens", spend.inputTokens},
                   {"cached_input_tokens", spend.cachedInputTokens},
                   {"output_tokens", spend.outputTokens}};
  if (spend.unpricedCalls == 0) out["cost_usd"] = spend.costUsd;
  return out;
}

Spend journaledSpend(const std::unordered_map<std::string, std::string> &exchanges) {
  Spend total;
  for (const auto &[key, text] : exchanges) {
    llm::Json row = readJsonOrDiscarded(text);
    if (!row.is_object()) continue;
    Spend one;
    if (auto s = row.find("spend"); s != row.end() && s->is_object()) {
      one.inputTokens = count(*s, "input_tokens");
      one.cachedInputTokens = count(*s, "cached_input_tokens");
      one.outputTokens = count(*s, "output_tokens");
      if (auto c = s->find("cost_usd"); c != s->end() && c->is_number() && c->get<double>() >= 0)
        one.costUsd = c->get<double>();
      else
        one.unpricedCalls = 1;
    } else if (auto u = row.find("usage"); u != row.end() && u->is_object()) {
      one.inputTokens = count(*u, "prompt_tokens");
      one.outputTokens = count(*u, "completion_tokens");
      one.unpricedCalls = 1;
    }
    total += one;
  }
  return total;
}

llm::Json spendReport(const Spend &spend) {
  llm::Json out = {{"input_tokens", spend.inputTokens},
                   {"cached_input_tokens", spend.cachedInputTokens},
                   {"output_tokens", spend.outputTokens}};
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

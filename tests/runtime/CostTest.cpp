// Cost (docs/cost.md): prices as bindings files give them, the bound of a request, and a budget
// that reserves, settles and releases — under contention too.
#include "common/BindingsFile.h"
#include "core/cost/JournaledSpend.h"
#include "core/cost/PriceTable.h"
#include "core/cost/RequestBound.h"
#include "core/cost/SpendBudget.h"

#include "TestSupport.h"
#include "wfc/error.h"

#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

namespace wfc {
namespace {

using test::errorOf;

std::string parseError(const std::string &text) {
  return errorOf([&] { BindingsFile::parse(text, "b.yaml"); }, ErrorKind::Usage);
}

TEST(PricesTest, ModelsAndProviderKeysArePricedPerMillionTokens) {
  BindingsFile file = BindingsFile::parse(
      "prices:\n"
      "  gpt-4o-mini: {input: 0.15, output: 0.6, cached_input: 0.075, batch: 0.5}\n"
      "providers:\n"
      "  default: {provider: openai, model: m, price: {input: 1, output: 2}}\n",
      "b.yaml");
  ASSERT_EQ(file.prices().size(), 1u);
  EXPECT_EQ(file.prices()[0].where, "b.yaml:2:3");
  EXPECT_DOUBLE_EQ(*file.prices()[0].settings.cachedInput, 0.075);
  EXPECT_DOUBLE_EQ(*file.prices()[0].settings.batch, 0.5);
  cost::PriceTable table;
  table.add(file);
  // A key's own price first, then the model's.
  EXPECT_DOUBLE_EQ(table.find("", "gpt-4o-mini")->input, 1);
  EXPECT_DOUBLE_EQ(table.find("drafter", "gpt-4o-mini")->input, 0.15);
  EXPECT_EQ(table.find("drafter", "unknown"), nullptr);
  // Later files override earlier ones model by model.
  table.add(BindingsFile::parse("prices: {gpt-4o-mini: {input: 9, output: 9}}", "c.yaml"));
  EXPECT_DOUBLE_EQ(table.find("drafter", "gpt-4o-mini")->input, 9);
  // Compiled-in bindings keep their prices.
  EXPECT_EQ(BindingsFile::fromJsonText(toJsonText(file), "<compiled-in bindings>"), file);
}

TEST(PricesTest, AMalformedPriceIsLocated) {
  EXPECT_EQ(parseError("prices:\n  m: {input: 1}\n"), "b.yaml:2:6: the price of model 'm' needs 'output'; add 'output: USD'");
  EXPECT_EQ(parseError("prices:\n  m: {input: -1, output: 1}\n"),
            "b.yaml:2:14: 'input' of the price of model 'm' must be a number of US dollars per million tokens, 0 or "
            "more, not an integer (-1)");
  EXPECT_EQ(parseError("prices:\n  m: {input: 1, output: '2'}\n"),
            "b.yaml:2:25: 'output' of the price of model 'm' must be a number of US dollars per million tokens, 0 or "
            "more, not a string ('2')");
  EXPECT_EQ(parseError("prices:\n  m: {input: 1, output: 2, batch: 2}\n"),
            "b.yaml:2:35: 'batch' of the price of model 'm' is a multiplier of the price, at most 1 (0.5: half price)");
  EXPECT_EQ(parseError("prices:\n  m: {input: 1, output: 2, cache: 1}\n"),
            "b.yaml:2:28: unknown field 'cache' in the price of model 'm'; the fields are 'input', 'output', "
            "'cached_input', 'cache_write' and 'batch'");
  EXPECT_EQ(parseError("prices:\n  m: {input: 1, output: 2}\n  m: {input: 1, output: 2}\n"),
            "b.yaml:3:3: model 'm' is priced twice (first at b.yaml:2:3); remove one of the entries");
}

TEST(PricesTest, CostCountsCachedInputAtItsOwnPrice) {
  PriceSettings price{2, 8, 0.5, std::nullopt, std::nullopt};
  EXPECT_DOUBLE_EQ(cost::costUsd(price, 1'000'000, 0, 0, 0), 2);
  EXPECT_DOUBLE_EQ(cost::costUsd(price, 1'000'000, 400'000, 0, 500'000), 0.6 * 2 + 0.4 * 0.5 + 0.5 * 8);
  price.cachedInput.reset();  // none: as any input token
  EXPECT_DOUBLE_EQ(cost::costUsd(price, 1'000'000, 400'000, 0, 0), 2);
}

llm::Request request(const std::string &system, const std::string &user, llm::Json parameters = llm::Json::object()) {
  llm::Request r;
  r.model = "m";
  r.messages.push_back({llm::Message::Role::System, system, {}, {}, {}});
  r.messages.push_back({llm::Message::Role::User, user, {}, {}, {}});
  r.parameters = std::move(parameters);
  return r;
}

TEST(PricesTest, CacheWritesCostTheirOwnPriceAndTheWorstCaseTheDearestInput) {
  PriceSettings price{3, 15, 0.3, 3.75, std::nullopt};  // Anthropic's: a write 1.25x, a read 0.1x
  // 1M input: 200k read, 300k written, 500k neither.
  EXPECT_DOUBLE_EQ(cost::costUsd(price, 1'000'000, 200'000, 300'000, 0), 0.5 * 3 + 0.2 * 0.3 + 0.3 * 3.75);
  // Counts past the input are cut to it: what was read first, then what was written.
  EXPECT_DOUBLE_EQ(cost::costUsd(price, 1'000, 800, 5'000, 0), (800 * 0.3 + 200 * 3.75) / 1e6);
  EXPECT_DOUBLE_EQ(price.worstInput(), 3.75);
  EXPECT_DOUBLE_EQ(cost::worstCostUsd(price, 1'000'000, 1'000'000), 3.75 + 15);
  price.cacheWrite.reset();
  EXPECT_DOUBLE_EQ(price.worstInput(), 3);
  // A budget of exactly the worst case at the write price runs; a cent less refuses.
  price.cacheWrite = 3.75;
  llm::Request r = request(std::string(1000, 's'), "", {{"max_tokens", 10}});
  cost::RequestBound bound = cost::requestBound(r, 0);
  double worst = cost::worstCostUsd(price, bound.inputTokens, *bound.outputTokens);
  cost::SpendBudget exact({worst, std::nullopt, "run"});
  EXPECT_NO_THROW(exact.reserve("s", "m", bound, &price));
  cost::SpendBudget less({worst - 0.000001, std::nullopt, "run"});
  EXPECT_NE(errorOf([&] { less.reserve("s", "m", bound, &price); }, ErrorKind::Exhausted).find("budget exhausted"),
            std::string::npos);
}

TEST(RequestBoundTest, InputIsBytesAndOverheadsOutputIsTheTokenLimit) {
  cost::RequestBound b = cost::requestBound(request("abc", "héllo", {{"max_tokens", 40}}), 0);
  ASSERT_TRUE(b.bounded()) << b.unbounded;
  EXPECT_EQ(b.inputTokens, 16u + (16 + 3) + (16 + 6));  // "héllo" is 6 bytes
  EXPECT_EQ(*b.outputTokens, 40u);
  EXPECT_EQ(*cost::requestBound(request("", "", {{"max_completion_tokens", 7}}), 0).outputTokens, 7u);
  // A provider's own limit when the prompt sets none; else no bound.
  EXPECT_EQ(*cost::requestBound(request("", ""), 4096).outputTokens, 4096u);
  cost::RequestBound open = cost::requestBound(request("", ""), 0);
  EXPECT_FALSE(open.bounded());
  EXPECT_EQ(open.unbounded, "its prompt sets no max_tokens, so its reply has no limit");
}

TEST(RequestBoundTest, ToolsAndStructuredOutputCountTheirDefinitionsAndTheToolUsePrompt) {
  llm::Request r = request("", "", {{"max_tokens", 1}});
  uint64_t plain = cost::requestBound(r, 0).inputTokens;
  r.tools.push_back({"lookup", "find it", {{"type", "object"}}});
  EXPECT_EQ(cost::requestBound(r, 0).inputTokens,
            plain + 16 + 6 + 7 + std::string(R"({"type":"object"})").size() + kToolUseOverheadTokens);
  llm::Request s = request("", "", {{"max_tokens", 1}});
  s.structured = llm::StructuredOutput{"step", {{"type", "object"}}, true};
  EXPECT_EQ(cost::requestBound(s, 0).inputTokens, plain + 16 + 17 + kToolUseOverheadTokens);
}

TEST(RequestBoundTest, MediaByUrlHaveNoBound) {
  llm::Request r = request("", "look", {{"max_tokens", 1}});
  r.messages[1].media.push_back({"image", "image/png", "", "https://example.com/a.png", "", "", ""});
  cost::RequestBound b = cost::requestBound(r, 0);
  EXPECT_FALSE(b.bounded());
  EXPECT_NE(b.unbounded.find("by URL (https://example.com/a.png)"), std::string::npos) << b.unbounded;
}

cost::RequestBound bound(uint64_t in, uint64_t out) {
  cost::RequestBound b;
  b.inputTokens = in;
  b.outputTokens = out;
  return b;
}

TEST(SpendBudgetTest, ReservesTheWorstCaseAndSettlesToTheUsage) {
  cost::SpendBudget budget({std::nullopt, 100, "run"});
  cost::SpendBudget::Reservation a = budget.reserve("a", "m", bound(30, 30), nullptr);
  // 60 held: 40 left, so 41 does not fit and 40 does.
  std::string refused = errorOf([&] { budget.reserve("b", "m", bound(21, 20), nullptr); }, ErrorKind::Exhausted);
  EXPECT_EQ(refused,
            "step 'b': budget exhausted: its LLM request was not sent: it may use up to 41 tokens (21 in, 20 out), and "
            "40 are left (the run has spent 0 of --max-tokens 100 tokens)");
  cost::SpendBudget::Reservation b = budget.reserve("b", "m", bound(20, 20), nullptr);
  budget.settle(a, {.inputTokens = 10, .outputTokens = 5, .unpricedCalls = 1});  // a used 15 of its 60
  EXPECT_EQ(budget.spent().tokens(), 15u);
  budget.release(b);  // b failed before a reply
  cost::SpendBudget::Reservation c = budget.reserve("c", "m", bound(45, 40), nullptr);
  EXPECT_TRUE(c.held);
  budget.release(c);
  budget.release(c);  // twice is once
  EXPECT_TRUE(budget.reserve("d", "m", bound(45, 40), nullptr).held);
}

TEST(SpendBudgetTest, DollarsNeedAPriceAndAnUnboundedRequestFitsNoBudget) {
  cost::SpendBudget dollars({0.01, std::nullopt, "batch"});
  EXPECT_EQ(errorOf([&] { dollars.reserve("s", "gpt-x", bound(1, 1), nullptr); }, ErrorKind::Usage),
            "step 's': --max-cost needs the price of model 'gpt-x'; add it under 'prices' in --prices or --bindings "
            "(docs/cost.md)");
  PriceSettings price{1000, 1000, std::nullopt, std::nullopt, std::nullopt};  // $0.001 a token
  EXPECT_TRUE(dollars.reserve("s", "gpt-x", bound(5, 5), &price).held);
  std::string refused = errorOf([&] { dollars.reserve("t", "gpt-x", bound(1, 0), &price); }, ErrorKind::Exhausted);
  EXPECT_NE(refused.find("it may cost up to $0.001000, and $0 is left (the batch has spent $0 of "
                         "--max-cost $0.01000)"),
            std::string::npos)
      << refused;
  cost::SpendBudget tokens({std::nullopt, 1000000, "run"});
  cost::RequestBound open;
  open.unbounded = "its prompt sets no max_tokens, so its reply has no limit";
  EXPECT_NE(errorOf([&] { tokens.reserve("u", "m", open, nullptr); }, ErrorKind::Exhausted)
                .find("no limit, which no budget can hold; set max_tokens on the prompt"),
            std::string::npos);
}

TEST(SpendBudgetTest, ConcurrentReservationsNeverTogetherPassTheLimit) {
  cost::SpendBudget budget({std::nullopt, 1000, "run"});
  std::atomic<int> held{0}, refused{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < 50; ++i) {
        try {
          cost::SpendBudget::Reservation r = budget.reserve("s", "m", bound(7, 10), nullptr);
          ++held;
          budget.settle(r, {.inputTokens = 7, .outputTokens = 10, .unpricedCalls = 1});  // every reply uses its whole worst case
        } catch (const Error &) {
          ++refused;
        }
      }
    });
  for (std::thread &t : threads) t.join();
  EXPECT_EQ(held.load(), 1000 / 17);
  EXPECT_EQ(refused.load(), 400 - 1000 / 17);
  EXPECT_EQ(budget.spent().tokens(), uint64_t(1000 / 17 * 17));
}

TEST(SpendReportTest, DollarsOnlyWhenEveryCallWasPriced) {
  cost::Spend spend{.inputTokens = 13, .cachedInputTokens = 4, .outputTokens = 6, .costUsd = 0.5, .unpricedCalls = 1};
  llm::Json report = cost::spendReport(spend);
  EXPECT_FALSE(report.contains("cost_usd"));
  EXPECT_EQ(report["unpriced_calls"], 1);
  EXPECT_EQ(report["priced_cost_usd"], 0.5);
  spend.unpricedCalls = 0;
  EXPECT_EQ(cost::spendReport(spend)["cost_usd"], 0.5);
}

}  // namespace
}  // namespace wfc

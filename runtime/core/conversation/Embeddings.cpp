#include "core/conversation/Embeddings.h"

#include "common/JsonReader.h"
#include "common/RequestOverhead.h"
#include "core/cost/JournaledSpend.h"
#include "core/journal/RunJournal.h"
#include "core/llm/Recording.h"
#include "core/run/Run.h"
#include "support/Elapsed.h"
#include "wfc/error.h"

#include <chrono>

namespace wfc::llm {

std::vector<std::vector<double>> embedTexts(const StepAttempt &a, const std::string &prompt, const std::string &model,
                                            const std::vector<std::string> &texts) {
  Provider *provider = a.run.provider();
  if (!provider) throw Error(ErrorKind::Usage, "no LLM provider is configured");
  EmbeddingRequest request{"", model, texts};
  ExchangeKey key{a.path, a.item, 1, a.attempt, prompt};
  Trace *trace = a.run.trace();
  journal::RunJournal *journal = a.run.journal();
  auto traceLine = [&](const char *status, double durationMs) {
    return Json{{"step", a.path}, {"prompt", prompt},         {"operation", "embeddings"},
                {"span_id", trace->newSpanId()}, {"parent_span_id", a.span}, {"attempt", a.attempt},
                {"round", 1},        {"model", model},          {"inputs", texts.size()},
                {"status", status},  {"duration_ms", durationMs}};
  };
  // Embedded before the run resumed: the journal answers, and nothing is paid again.
  if (journal && journal->resuming())
    if (const std::string *recorded = journal->exchange(key.str())) {
      EmbeddingReply reply = embeddingReplyFromJson(readJson(*recorded));
      if (reply.vectors.size() != texts.size())
        throw Error(ErrorKind::StepFailed, "the journal holds " + std::to_string(reply.vectors.size()) +
                                               " embeddings for " + std::to_string(texts.size()) + " texts at '" +
                                               a.path + "'");
      if (trace) {
        Json line = traceLine("ok", 0);
        line["journal"] = true;
        trace->write("llm_call", line);
      }
      return std::move(reply.vectors);
    }

  // The input's worst case, as a chat request's: every token covers at least one byte.
  cost::SpendBudget *budget = a.run.budget();
  const PriceSettings *price = a.run.prices() ? a.run.prices()->find(request.provider, model) : nullptr;
  cost::SpendBudget::Reservation reservation;
  cost::RequestBound bound;
  if (budget && budget->limits().any()) {
    bound.inputTokens = kRequestOverheadTokens;
    for (const std::string &text : texts) bound.inputTokens += text.size() + kMessageOverheadTokens;
    bound.outputTokens = 0;
    reservation = budget->reserve(a.path, model, bound, price);
  }
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
  try {
    EmbeddingReply reply = provider->embed(request, key, a.cancel);
    if (reply.vectors.size() != texts.size())
      throw Error(ErrorKind::StepFailed, "the provider returned " + std::to_string(reply.vectors.size()) +
                                             " embeddings for " + std::to_string(texts.size()) + " texts");
    cost::Spend spend = cost::spendOf(reply.usage, price);
    // A reply without usage counts as the worst case it reserved (docs/cost.md "Budgets").
    if (reservation.held && reply.usage.promptTokens == 0) spend = cost::spendOf({bound.inputTokens, 0, 0, 0}, price);
    if (budget) budget->settle(reservation, spend);
    if (journal) {
      Json row = embeddingReplyToJson(reply);
      row["spend"] = cost::spendToJson(spend);
      journal->recordExchange(key.str(), key.step, key.item, 1, a.attempt, prompt, row.dump());
    }
    a.tokens.promptTokens += spend.inputTokens;
    if (a.spend) *a.spend += spend;
    a.run.addSpend(spend);
    if (trace) {
      Json line = traceLine("ok", millisSince(start));
      line["prompt_tokens"] = spend.inputTokens;
      line["dimensions"] = reply.vectors.empty() ? 0 : reply.vectors[0].size();
      if (price) line["cost_usd"] = spend.costUsd;
      if (!reply.model.empty()) line["response_model"] = reply.model;
      trace->write("llm_call", line);
    }
    return std::move(reply.vectors);
  } catch (const Error &e) {
    if (budget) budget->release(reservation);
    if (trace) {
      Json line = traceLine("failed", millisSince(start));
      line["error"] = e.what();
      trace->write("llm_call", line);
    }
    throw;
  } catch (...) {
    if (budget) budget->release(reservation);
    throw;
  }
}

}  // namespace wfc::llm

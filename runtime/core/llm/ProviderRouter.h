// The run's LLM when a bindings file binds some of the pack's provider keys (RFC 0012/0017;
// docs/bindings.md "Providers"): each call goes to the provider bound to its key (Request::
// provider), and every other call — "default", or a key nothing binds — to the default provider,
// the one flags and environment choose.
#pragma once

#include "core/llm/Provider.h"

#include <map>
#include <memory>
#include <string>

namespace wfc::llm {

class ProviderRouter final : public Provider {
 public:
  explicit ProviderRouter(std::unique_ptr<Provider> fallback) : default_(std::move(fallback)) {}

  // Calls of provider key `key` go to `provider`, naming `model`.
  void route(const std::string &key, std::unique_ptr<Provider> provider, std::string model);

  Reply complete(const Request &request, const ExchangeKey &key, const CancellationToken &cancel,
                 const DeltaSink *deltas) override;
  EmbeddingReply embed(const EmbeddingRequest &request, const ExchangeKey &key, const CancellationToken &cancel) override;
  // "openai gpt-4o at …; drafter: openai gpt-4o-mini at …".
  std::string describe() const override;
  const std::string *boundModel(std::string_view key) const override;
  uint64_t defaultMaxTokens(std::string_view key) const override;

 private:
  struct Route {
    std::unique_ptr<Provider> provider;
    std::string model;
  };
  std::unique_ptr<Provider> default_;
  std::map<std::string, Route, std::less<>> routes_;
};

}  // namespace wfc::llm

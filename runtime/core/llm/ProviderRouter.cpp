#include "core/llm/ProviderRouter.h"

namespace wfc::llm {

void ProviderRouter::route(const std::string &key, std::unique_ptr<Provider> provider, std::string model) {
  routes_[key] = Route{std::move(provider), std::move(model)};
}

Reply ProviderRouter::complete(const Request &request, const ExchangeKey &key, const CancellationToken &cancel,
                               const DeltaSink *deltas) {
  auto it = routes_.find(request.provider);
  return (it == routes_.end() ? *default_ : *it->second.provider).complete(request, key, cancel, deltas);
}

EmbeddingReply ProviderRouter::embed(const EmbeddingRequest &request, const ExchangeKey &key,
                                     const CancellationToken &cancel) {
  auto it = routes_.find(request.provider);
  return (it == routes_.end() ? *default_ : *it->second.provider).embed(request, key, cancel);
}

std::string ProviderRouter::describe() const {
  std::string out = default_->describe();
  for (const auto &[key, route] : routes_) out += "; " + key + ": " + route.provider->describe();
  return out;
}

const std::string *ProviderRouter::boundModel(std::string_view key) const {
  auto it = routes_.find(key);
  return it == routes_.end() ? nullptr : &it->second.model;
}

uint64_t ProviderRouter::defaultMaxTokens(std::string_view key) const {
  auto it = routes_.find(key);
  return (it == routes_.end() ? *default_ : *it->second.provider).defaultMaxTokens(key);
}

}  // namespace wfc::llm

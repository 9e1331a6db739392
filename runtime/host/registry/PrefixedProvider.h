// The LLM provider one workflow of a registry runs on (docs/registry.md): the registry's, with
// the workflow's id in front of every exchange's step path ("DesignDocs/draft"), so that the
// registry's one recording keeps apart the steps its workflows name alike.
#pragma once

#include "core/llm/Provider.h"

#include <string>

namespace wfc::registry {

class PrefixedProvider final : public llm::Provider {
 public:
  PrefixedProvider(llm::Provider &inner, std::string workflow) : inner_(inner), prefix_(std::move(workflow) + "/") {}

  llm::Reply complete(const llm::Request &request, const llm::ExchangeKey &key, const CancellationToken &cancel,
                      const llm::DeltaSink *deltas) override {
    llm::ExchangeKey prefixed = key;
    prefixed.step = prefix_ + key.step;
    return inner_.complete(request, prefixed, cancel, deltas);
  }
  llm::EmbeddingReply embed(const llm::EmbeddingRequest &request, const llm::ExchangeKey &key,
                            const CancellationToken &cancel) override {
    llm::ExchangeKey prefixed = key;
    prefixed.step = prefix_ + key.step;
    return inner_.embed(request, prefixed, cancel);
  }
  std::string describe() const override { return inner_.describe(); }
  const std::string *boundModel(std::string_view key) const override { return inner_.boundModel(key); }
  uint64_t defaultMaxTokens(std::string_view key) const override { return inner_.defaultMaxTokens(key); }

 private:
  llm::Provider &inner_;
  std::string prefix_;
};

}  // namespace wfc::registry

// What each model's tokens cost (docs/cost.md "Prices"): the prices the bindings files and
// --prices give, looked up per call by the pack's provider key and the model the call names.
// No price is made up: a model nobody priced has none, and its calls report tokens only.
#pragma once

#include "common/BindingsFile.h"

#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace wfc::cost {

class PriceTable {
 public:
  // Later sources override earlier ones: the compiled-in bindings, --bindings, then --prices
  // (a file whose only section is `prices`). A provider key's `price` applies to that key's calls;
  // the `prices` table to any call naming its model.
  void add(const BindingsFile &file);
  // The price of a call on provider key `key` ("" or "default": the run's own) naming `model`;
  // null when none is known.
  const PriceSettings *find(std::string_view key, std::string_view model) const;
  bool empty() const { return byKey_.empty() && byModel_.empty(); }

 private:
  std::map<std::string, PriceSettings, std::less<>> byKey_, byModel_;
};

// The US dollars of `input` input tokens (of which `cachedInput` were served from the provider's
// prompt cache and `cacheWrite` written to it) and `output` output tokens at `price`.
double costUsd(const PriceSettings &price, uint64_t input, uint64_t cachedInput, uint64_t cacheWrite, uint64_t output);
// The most `input` input tokens and `output` output tokens can cost at `price`, however the
// provider's cache serves them: every input token at the dearest input price.
double worstCostUsd(const PriceSettings &price, uint64_t input, uint64_t output);

// Reads --prices FILE: a bindings-format document with a `prices` section and nothing else.
// Throws wfc::Error(Usage) "FILE:LINE:COL: …" for a malformed one.
BindingsFile loadPricesFile(const std::string &path);

}  // namespace wfc::cost

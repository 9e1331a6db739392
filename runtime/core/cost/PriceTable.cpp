#include "core/cost/PriceTable.h"

#include "wfc/error.h"

#include <algorithm>

namespace wfc::cost {

void PriceTable::add(const BindingsFile &file) {
  for (const BindingsFile::ProviderBinding &p : file.providers())
    if (p.settings.price) byKey_[p.key] = *p.settings.price;
  for (const BindingsFile::ModelPrice &p : file.prices()) byModel_[p.model] = p.settings;
}

const PriceSettings *PriceTable::find(std::string_view key, std::string_view model) const {
  if (key.empty()) key = "default";
  if (auto it = byKey_.find(key); it != byKey_.end()) return &it->second;
  if (auto it = byModel_.find(model); it != byModel_.end()) return &it->second;
  return nullptr;
}

double costUsd(const PriceSettings &price, uint64_t input, uint64_t cachedInput, uint64_t cacheWrite, uint64_t output) {
  cachedInput = std::min(cachedInput, input);
  cacheWrite = std::min(cacheWrite, input - cachedInput);
  double perMillion = double(input - cachedInput - cacheWrite) * price.input +
                      double(cachedInput) * price.cachedInput.value_or(price.input) +
                      double(cacheWrite) * price.cacheWrite.value_or(price.input) + double(output) * price.output;
  return perMillion / 1e6;
}

double worstCostUsd(const PriceSettings &price, uint64_t input, uint64_t output) {
  return (double(input) * price.worstInput() + double(output) * price.output) / 1e6;
}

BindingsFile loadPricesFile(const std::string &path) {
  BindingsFile file = BindingsFile::load(path);
  if (!file.entries().empty() || !file.providers().empty() || !file.mcpServers().empty())
    throw Error(ErrorKind::Usage, path + ": a --prices file holds only a 'prices' section (MODEL: {input: USD, "
                                         "output: USD}); tools and providers belong in --bindings");
  return file;
}

}  // namespace wfc::cost

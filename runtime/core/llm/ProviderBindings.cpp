#include "core/llm/ProviderBindings.h"

#include "common/BindingsFile.h"
#include "common/DidYouMean.h"
#include "wfc/error.h"

#include <algorithm>
#include <vector>

namespace wfc::llm {
namespace {

BoundProvider bound(const BindingsFile::ProviderBinding &b) {
  BoundProvider out;
  out.key = b.key;
  out.where = b.where;
  out.provider = b.settings.provider;
  out.model = b.settings.model;
  if (b.settings.baseUrl) out.baseUrl = *b.settings.baseUrl;
  if (b.settings.apiKeyEnv) out.apiKeyEnv = *b.settings.apiKeyEnv;
  if (b.settings.timeoutMs) out.timeoutMs = long(*b.settings.timeoutMs);
  out.promptCacheKey = b.settings.promptCacheKey;
  return out;
}

}  // namespace

std::map<std::string, BoundProvider> providerBindings(const ProgramDecl &program, const BindingsFile *compiledIn,
                                                      const BindingsFile *overrides) {
  std::map<std::string, BoundProvider> out;
  std::vector<std::string> keys = {"default"};
  for (const ProviderKeyDecl &p : program.providers) keys.push_back(p.key);
  auto take = [&](const BindingsFile &file) {
    for (const BindingsFile::ProviderBinding &b : file.providers()) {
      if (std::find(keys.begin(), keys.end(), b.key) == keys.end()) {
        std::string hint = didYouMean(b.key, keys);
        std::string declared;
        for (size_t i = 1; i < keys.size(); ++i) declared += (i > 1 ? ", " : "") + keys[i];
        throw Error(ErrorKind::Usage,
                    b.where + ": provider '" + b.key + "' is not one pack '" + program.name + "' requires" +
                        (hint.empty() ? (declared.empty() ? std::string(" (it requires none but 'default')")
                                                          : " (requires.providers: " + declared + ")")
                                      : hint));
      }
      out[b.key] = bound(b);
    }
  };
  if (compiledIn) take(*compiledIn);
  if (overrides) take(*overrides);
  return out;
}

}  // namespace wfc::llm

// The provider bindings in effect for a program (docs/bindings.md "Providers"): which concrete
// provider runs the calls of each of the pack's provider keys (requires.providers, RFC 0012;
// a prompt's or step's `provider`, RFC 0017). The compiled-in bindings' `providers`, each key's
// entry replaced by --bindings' entry for the same key.
#pragma once

#include "common/BindingsFile.h"
#include "wfc/program.h"

#include <map>
#include <optional>
#include <string>

namespace wfc::llm {

struct BoundProvider {
  std::string key;
  std::string where;     // "FILE:LINE:COL" of the key, for messages
  std::string provider;  // openai or anthropic
  std::string model;
  std::optional<std::string> baseUrl;
  std::optional<std::string> apiKeyEnv;  // the environment variable holding the key
  std::optional<long> timeoutMs;
  std::optional<bool> promptCacheKey;  // openai: send prompt_cache_key (absent: yes; docs/cost.md)
};

// Throws wfc::Error(Usage) for a key the pack does not require (with a did-you-mean).
// `compiledIn`: the program's compiled-in bindings, or null; `overrides`: --bindings' file, or
// null — both already read (loadTools reads them once for the tools and the providers).
std::map<std::string, BoundProvider> providerBindings(const ProgramDecl &program, const BindingsFile *compiledIn,
                                                      const BindingsFile *overrides);

}  // namespace wfc::llm

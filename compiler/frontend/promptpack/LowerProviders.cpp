// Provider requirements and references (RFC 0012, 0017; docs/promptkit.md "Providers"). A pack
// declares the providers it needs by key and role; prompts and prompt/agent steps name the key
// that runs them ("default", the primary LLM, when absent). The executable binds keys to concrete
// providers when it starts (flags and environment) and refuses to start when a required key is
// unbound. Here: the declarations are well formed and every reference names a declared key of a
// role wfc can call.
#include "frontend/promptpack/Lowering.h"

#include "support/DidYouMean.h"

namespace wfc::promptpack {

void Lowering::lowerProviderRequirements() {
  if (!pack_.requirements) return;
  const DocNode &requires_ = *pack_.requirements.node;
  const DocNode *providers = requires_.isMapping() ? requires_.get("providers") : nullptr;
  if (!providers || !providers->isSequence()) return;  // the shape checker reported anything else
  std::map<std::string, llvm::SMLoc> seen;
  for (const auto &item : providers->items) {
    ir::ProviderRequirement r;
    r.loc = item->loc;
    if (item->isString()) {
      r.key = item->stringValue;  // RFC 0012: a string is {key, role: llm, required: true}
      r.role = "llm";
    } else if (item->isMapping()) {
      const DocNode *key = item->get("key"), *role = item->get("role");
      if (!key || !key->isString() || !role || !role->isString()) continue;  // reported
      r.key = key->stringValue;
      r.role = role->stringValue;
      if (const DocNode *required = item->get("required"); required && required->isBool())
        r.required = required->boolValue;
      if (const DocNode *d = item->get("description"); d && d->isString()) r.description = d->stringValue;
      if (const DocNode *c = item->get("capabilities")) r.capabilities = toJson(*c);
    } else {
      continue;  // reported
    }
    if (auto [it, fresh] = seen.emplace(r.key, r.loc); !fresh) {
      diags_.error(r.loc, "duplicate provider key '" + r.key + "' in 'requires.providers' (RFC 0012: keys are unique)")
          .note(it->second, "'" + r.key + "' first declared here");
      continue;
    }
    if (r.key == "default" && r.role != "llm")
      diags_.error(r.loc, "provider key 'default' is reserved for the primary LLM (RFC 0012); it cannot have role '" +
                              r.role + "'");
    static const std::vector<std::string> kRoles = {"llm", "embedding", "tts", "stt", "image", "inference"};
    if (std::find(kRoles.begin(), kRoles.end(), r.role) == kRoles.end())
      diags_.warning(r.loc, "provider '" + r.key + "' has role '" + r.role + "', which is not one RFC 0012 suggests (" +
                                "llm, embedding, tts, stt, image, inference)" + didYouMeanSuffix(r.role, kRoles));
    module_->providers.push_back(std::move(r));
  }
}

// RFC 0017: a `provider` names a declared key or "default"; wfc's call sites are LLM calls.
void Lowering::checkProviderReference(const std::string &key, llvm::SMLoc loc, const std::string &context) {
  if (key == "default") return;
  const ir::ProviderRequirement *found = nullptr;
  std::vector<std::string> keys = {"default"};
  for (const ir::ProviderRequirement &r : module_->providers) {
    keys.push_back(r.key);
    if (r.key == key) found = &r;
  }
  if (!found) {
    std::string suffix = didYouMeanSuffix(key, keys);
    diags_.error(loc, "provider '" + key + "' of " + context + " is not declared" +
                          (suffix.empty() ? "; declare it in 'requires.providers' (RFC 0017), or leave 'provider' out "
                                            "to use the default provider"
                                          : suffix));
    return;
  }
  // A prompt runs on a model: an 'llm' provider, or an 'inference' one (a hosted model endpoint,
  // as the spec's own examples use for a classifying prompt).
  if (found->role != "llm" && found->role != "inference")
    diags_.error(loc, "provider '" + key + "' of " + context + " has role '" + found->role +
                          "', but it runs a prompt: only an 'llm' or 'inference' provider can (RFC 0012, 0017)")
        .note(found->loc, "'" + key + "' declared here");
}

}  // namespace wfc::promptpack

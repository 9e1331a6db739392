// The out-of-line parts of the provider interface (Provider.h).
#include "core/llm/Provider.h"

#include "wfc/error.h"

namespace wfc::llm {

const char *Message::spell(Role role) {
  switch (role) {
    case Role::System: return "system";
    case Role::User: return "user";
    case Role::Assistant: return "assistant";
    case Role::Tool: return "tool";
  }
  return "user";
}

std::string ExchangeKey::str() const {
  return step + "|" + (item ? std::to_string(*item) : "-") + "|" + std::to_string(round) + "|" +
         std::to_string(attempt);
}

EmbeddingReply Provider::embed(const EmbeddingRequest &, const ExchangeKey &, const CancellationToken &) {
  throw Error(ErrorKind::StepFailed, describe() + " has no embeddings endpoint: embeddings need an OpenAI-compatible "
                                                  "provider (docs/evals.md \"cosine_similarity\")");
}

}  // namespace wfc::llm

// The `openai` provider (docs/executable.md): chat completions, the API that OpenAI, vLLM, llama.cpp,
// Ollama, LM Studio and most gateways speak. POSTs to <baseUrl>/chat/completions, and embeddings
// to <baseUrl>/embeddings.
//
// Transport retries, timeouts, cancellation and the key's scrubbing are Endpoint's (Endpoint.h).
// The API key goes only into the Authorization header.
#pragma once

#include "core/llm/Endpoint.h"
#include "core/llm/Provider.h"

#include <string>

namespace wfc::llm {

class OpenAiProvider : public Provider {
 public:
  // apiKey is sent as "Authorization: Bearer"; none (or empty): no header.
  using Options = EndpointOptions;

  explicit OpenAiProvider(Options options);

  // Streams (stream: true, usage included) when given `deltas`.
  Reply complete(const Request &request, const ExchangeKey &key, const CancellationToken &cancel,
                 const DeltaSink *deltas) override;
  // One POST /embeddings of every input (encoding_format float).
  EmbeddingReply embed(const EmbeddingRequest &request, const ExchangeKey &key, const CancellationToken &cancel) override;
  // "openai gpt-4o-mini at http://127.0.0.1:8080/v1"
  std::string describe() const override;

 private:
  Endpoint endpoint_;    // <baseUrl>/chat/completions
  Endpoint embeddings_;  // <baseUrl>/embeddings
};

// The chat-completions request body for `request` (its model as given, even when empty); with
// `promptCacheKey`, its PromptCache's key as prompt_cache_key (docs/cost.md "Prompt caching").
Json toOpenAiBody(const Request &request, bool promptCacheKey = false);

// Whether an endpoint's requests carry prompt_cache_key: unless its provider binding turns it off.
bool sendsPromptCacheKey(const EndpointOptions &options);

// Reads a chat-completions reply: choices[0]'s message and finish_reason, and usage. Throws
// wfc::Error (StepFailed) naming what is wrong when the body is not such a reply.
Reply parseOpenAiReply(const std::string &body);
// The same, from the reply's JSON (a streamed reply, assembled).
Reply openAiReply(const Json &reply);

// Reads an /embeddings reply: `inputs` vectors (data[], in its `index` order), all of one
// non-zero length, and usage. Throws wfc::Error (StepFailed) naming what is wrong otherwise.
EmbeddingReply parseOpenAiEmbeddings(const std::string &body, size_t inputs);

// What an {"error": …} says: its message, else its JSON (in a reply or a stream's chunk).
std::string openAiErrorText(const Json &error);

}  // namespace wfc::llm

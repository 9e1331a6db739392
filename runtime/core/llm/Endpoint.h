// What the HTTP providers (OpenAiProvider, AnthropicProvider) share: one JSON endpoint reached
// through HttpClient, with the transport retries below the step's own retry policy, and the key
// scrubbed from everything that leaves.
//
// Transport failures are retried here: 429, 5xx (Anthropic's 529 "overloaded" among them) and lost
// connections say nothing about the request, so retrying them is always safe and never consumes
// one of the step's attempts. The wait is exponential and jittered (many workers hitting one rate
// limit must not retry in lockstep) unless the server names it with Retry-After. Other answers
// are final: the error quotes the head of the server's body, which names the problem.
#pragma once

#include "core/llm/Provider.h"
#include "core/llm/RateLimiter.h"
#include "wfc/error.h"

#include <string_view>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace wfc::llm {

class ReplyStream;

// How an exchange streams (docs/streaming.md): where the deltas go, and a new decoder of the
// provider's events for each attempt.
struct Streaming {
  const DeltaSink *deltas = nullptr;  // null: the plain request
  std::function<std::unique_ptr<ReplyStream>(const DeltaSink &deltas)> decoder;
};

struct EndpointOptions {
  std::string baseUrl;  // "http://127.0.0.1:8080/v1"; a trailing slash is ignored
  std::string model;    // used when the request names none
  std::optional<std::string> apiKey;  // sent in the provider's own header; none (or empty): no header
  long timeoutMs = 120000;            // one HTTP exchange, connect included
  long connectTimeoutMs = 10000;
  unsigned maxTransportAttempts = 4;  // in total, the first included
  uint64_t backoffBaseMs = 500;       // before retry n: base * 2^(n-1), jittered to 50–150%
  uint64_t maxBackoffMs = 30000;      // caps the backoff and Retry-After alike
  // Called before each transport retry's wait, on the thread calling complete() (so concurrently
  // from several workers): the exchange, the attempt that failed (1-based), why ("HTTP 503", a
  // transport message; never the key), and the wait before the next attempt.
  std::function<void(const ExchangeKey &key, unsigned attempt, const std::string &reason, long delayMs)> onRetry;
  // --rpm / --tpm and the batch's shared 429 pause (docs/batch.md "Rate limits"): every HTTP
  // attempt waits for its place first, and a 429 pauses every request sharing the limiter.
  std::shared_ptr<RateLimiter> limiter;
  // The openai provider: whether requests carry OpenAI's prompt_cache_key (docs/cost.md "Prompt
  // caching"); absent: they do. A binding turns it off for a server that refuses unknown fields.
  std::optional<bool> promptCacheKey;
};

class Endpoint {
 public:
  // POSTs go to <options.baseUrl><path> ("/chat/completions", "/messages").
  Endpoint(EndpointOptions options, const std::string &path);

  const EndpointOptions &options() const { return options_; }
  // "<provider> <model> at <base URL without user info>", scrubbed.
  std::string describe(const std::string &provider) const;
  // `message` with every occurrence of the key replaced by "[redacted]".
  std::string scrub(std::string message) const;

  // POSTs `body` with `headers` besides Content-Type and Accept, retrying as above, and returns
  // what `parse` makes of the first 2xx answer's body. With a limiter, each attempt waits for its
  // place, charged with the body's estimated tokens (its max_tokens or max_completion_tokens
  // included) and corrected by the reply's usage. Throws wfc::Error: StepFailed for an HTTP error
  // or a reply `parse` rejects, Exhausted for a timeout, Cancelled when `cancel` fires. Every
  // message is scrubbed, `parse`'s too (a server may echo the key anywhere).
  //
  // With `streaming.deltas` (the body asks for a stream), a 2xx answer of server-sent events goes
  // through the decoder, which hands each piece on as it arrives. A stream that breaks, ends
  // early or sends a provider error is retried like a lost connection while nothing has been
  // handed on; after that the attempt fails (StepFailed: the step's own retry policy decides).
  // A server that answers with plain JSON all the same is parsed by `parse`, its text handed on
  // in one piece.
  Reply exchange(const std::vector<std::string> &headers, const Json &body, const ExchangeKey &key,
                 const CancellationToken &cancel, const std::function<Reply(const std::string &body)> &parse,
                 const Streaming &streaming = {}) const;

 private:
  EndpointOptions options_;
  std::string url_;
};

// Helpers for the providers' request bodies and reply parsers.

// Copies the prompt's `parameters` (temperature, max_tokens, …) into `body`. They never replace a
// key the provider has set, and `stream` is never copied: the providers read one JSON reply, not
// server-sent events.
void addParameters(Json &body, const Json &parameters);

// Error(StepFailed, "the LLM reply " + problem).
Error malformedReply(const std::string &problem);

// The reply body as a JSON object, or malformedReply: "is empty", "is not valid JSON: …",
// "is not a JSON object".
Json parseReplyObject(const std::string &body);

// usage[name] as a count: 0 when absent, negative or not a number.
uint64_t tokenCount(const Json &usage, const char *name);

// The completion a request body allows: its max_tokens or max_completion_tokens, else 0.
uint64_t maxTokens(const Json &body);

}  // namespace wfc::llm

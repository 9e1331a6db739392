// The `openai` provider (SPEC §5): chat completions, the API that OpenAI, vLLM, llama.cpp,
// Ollama, LM Studio and most gateways speak. POSTs to <baseUrl>/chat/completions.
//
// Transport failures are retried here, below the step's own retry policy: 429, 5xx and lost
// connections say nothing about the request, so retrying them is always safe and never consumes
// one of the step's attempts. The wait is exponential and jittered (many workers hitting one rate
// limit must not retry in lockstep) unless the server names it with Retry-After.
//
// The API key goes only into the Authorization header; every message this provider produces is
// scrubbed of it, so neither traces, reports nor errors can carry it.
#pragma once

#include "llm/Provider.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace wfc::llm {

class OpenAiProvider : public Provider {
 public:
  struct Options {
    std::string baseUrl;  // "http://127.0.0.1:8080/v1"; a trailing slash is ignored
    std::string model;    // used when the request names none
    std::optional<std::string> apiKey;  // sent as "Authorization: Bearer"; none (or empty): no header
    long timeoutMs = 120000;            // one HTTP exchange, connect included
    long connectTimeoutMs = 10000;
    unsigned maxTransportAttempts = 4;  // in total, the first included
    uint64_t backoffBaseMs = 500;       // before retry n: base * 2^(n-1), jittered to 50–150%
    uint64_t maxBackoffMs = 30000;      // caps the backoff and Retry-After alike
    // Called before each transport retry's wait, on the thread calling complete() (so concurrently
    // from several workers): the exchange, the attempt that failed (1-based), why ("HTTP 503", a
    // transport message; never the key), and the wait before the next attempt.
    std::function<void(const ExchangeKey &key, unsigned attempt, const std::string &reason, long delayMs)> onRetry;
  };

  explicit OpenAiProvider(Options options);

  Reply complete(const Request &request, const ExchangeKey &key, const CancellationToken &cancel) override;
  // "openai gpt-4o-mini at http://127.0.0.1:8080/v1"
  std::string describe() const override;

 private:
  std::string scrub(std::string message) const;

  Options options_;
  std::string endpoint_;  // <baseUrl>/chat/completions
};

// The chat-completions request body for `request` (its model as given, even when empty).
Json toOpenAiBody(const Request &request);

// Reads a chat-completions reply: choices[0]'s message and finish_reason, and usage. Throws
// wfc::Error (StepFailed) naming what is wrong when the body is not such a reply.
Reply parseOpenAiReply(const std::string &body);

}  // namespace wfc::llm

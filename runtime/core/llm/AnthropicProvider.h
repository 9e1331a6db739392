// The `anthropic` provider (docs/executable.md): Anthropic's Messages API. POSTs to <baseUrl>/messages with
// the key as `x-api-key` and `anthropic-version: 2023-06-01`.
//
// The neutral Request maps onto the Messages API like this (docs/llm.md, "Anthropic"):
//  - the system message is the top-level `system`; user text, assistant text and tool calls are
//    content blocks (`text`, `tool_use` with the parsed arguments as `input`); the tool results
//    of one round go back together in one user message of `tool_result` blocks;
//  - `max_tokens`, which the API requires, is the prompt's parameter or 4096;
//  - structured output has no dedicated field: it is asked for through an "answer tool" named
//    after the schema (the step id) whose input_schema is the schema. Without other tools the
//    answer tool is forced (tool_choice {type: tool}); beside an agent's tools it is offered
//    unforced. A call to it is the reply's content (its input as JSON text) and ends the agent
//    loop, so LlmStep parses and validates it as it would a chat-completions JSON reply.
//
// Transport retries (429, 5xx — 529 "overloaded" too — and lost connections), timeouts,
// cancellation and the key's scrubbing are Endpoint's (Endpoint.h), shared with OpenAiProvider.
#pragma once

#include "core/llm/Endpoint.h"
#include "core/llm/Provider.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace wfc::llm {

inline constexpr const char *kAnthropicVersion = "2023-06-01";
// max_tokens when the prompt's parameters do not set it: the API requires one.
inline constexpr int64_t kAnthropicDefaultMaxTokens = 4096;

class AnthropicProvider : public Provider {
 public:
  // apiKey is sent as "x-api-key"; none (or empty): no header (a local gateway).
  using Options = EndpointOptions;

  explicit AnthropicProvider(Options options);

  // Streams (stream: true) when given `deltas`.
  Reply complete(const Request &request, const ExchangeKey &key, const CancellationToken &cancel,
                 const DeltaSink *deltas) override;
  // "anthropic claude-sonnet-4-5 at https://api.anthropic.com/v1"
  std::string describe() const override;
  uint64_t defaultMaxTokens(std::string_view) const override { return uint64_t(kAnthropicDefaultMaxTokens); }

 private:
  Endpoint endpoint_;  // <baseUrl>/messages
};

// The Messages API request body for `request` (its model as given, even when empty), with cache
// breakpoints where its PromptCache says the static prefix ends (docs/cost.md "Prompt caching").
Json toAnthropicBody(const Request &request);

// The fewest tokens a prompt cache entry of `model` holds (Anthropic's documented minimums).
uint64_t anthropicCacheMinimumTokens(std::string_view model);

// Reads a Messages API reply to `request`: the text blocks joined as the content, tool_use blocks
// as tool calls (a call to the answer tool of a structured request as the content instead),
// stop_reason and usage. Throws wfc::Error (StepFailed) naming what is wrong when the body is not
// such a reply.
Reply parseAnthropicReply(const std::string &body, const Request &request);
// The same, from the reply's JSON (a streamed reply, assembled).
Reply anthropicReply(const Json &reply, const Request &request);

// What the API's error shape ({"type": "error", "error": {"type", "message"}}, in a reply or a
// stream's `error` event) says: "TYPE: MESSAGE", or its JSON when it has no message.
std::string anthropicErrorText(const Json &body);

// The name of the answer tool through which a structured `request` asks for its answer.
std::string anthropicAnswerToolName(const Request &request);

}  // namespace wfc::llm

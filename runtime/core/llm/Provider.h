// The LLM provider interface (docs/executable.md): one chat exchange — a conversation, the tools offered,
// an optional structured-output schema — answered by a reply with text and/or tool calls.
//
// Providers: OpenAiProvider (chat completions over libcurl), AnthropicProvider (the Messages
// API), ReplayProvider (answers from a --record file, offline), and RecordingProvider (wraps
// another and saves every exchange). These neutral types are what lets them all fit: nothing
// here is one API's wire format.
#pragma once

#include "wfc/cancellation.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace wfc::llm {

using Json = nlohmann::ordered_json;

// A tool call the model asked for. `arguments` is the model's text, not yet parsed: a model may
// send broken JSON, and that goes back to it as a tool error, not a crash.
struct ToolCallRequest {
  std::string id;         // the provider's call id, echoed in the tool result
  std::string name;       // the provider name ("doc_parse" for tool "doc.parse")
  std::string arguments;  // JSON text
};

// An image, audio clip, video or document in a user message (RFC 0004; docs/promptkit.md
// "Media"): its bytes as base64, or a URL the provider fetches. Each provider writes it in its own
// content-part shape, or refuses what its API does not take.
struct MediaPart {
  std::string type;      // image, audio, video, document
  std::string mimeType;  // image/png, audio/wav, application/pdf, …
  std::string data;      // base64 (standard alphabet, padded); empty when `url` is set
  std::string url;
  std::string detail;   // images: low, high or auto; "" leaves it to the provider
  std::string caption;  // kept in recordings; not sent, as PromptKit does not
  std::string name;     // the file's name when it came from one: OpenAI's `filename` of a document
  // The decoded size in bytes (0 for a URL: its size is the server's), without reading the data.
  uint64_t bytes() const;
};

struct Message {
  enum class Role { System, User, Assistant, Tool };
  // "system", "user", "assistant", "tool": as OpenAI and recordings spell a role.
  static const char *spell(Role role);
  Role role = Role::User;
  std::string content;                    // text (an assistant message with tool calls may have none)
  std::vector<ToolCallRequest> toolCalls;  // assistant
  std::string toolCallId;                 // tool: the call this answers
  std::vector<MediaPart> media = {};      // user: after the text, in order
};

// A function offered to the model.
struct ToolSpec {
  std::string name;  // provider name: dots mapped to underscores
  std::string description;
  Json parameters = Json::object();  // JSON Schema
};

// The tools as a request sends them (docs/promptkit.md "The request"): by name, as PromptKit
// sorts them — a step's, the skill tools and a workflow's alike — so that the same tools are the
// same bytes in every request, and a prompt cache's prefix holds.
inline std::vector<const ToolSpec *> toolsByName(const std::vector<ToolSpec> &tools) {
  std::vector<const ToolSpec *> out;
  out.reserve(tools.size());
  for (const ToolSpec &tool : tools) out.push_back(&tool);
  std::stable_sort(out.begin(), out.end(), [](const ToolSpec *a, const ToolSpec *b) { return a->name < b->name; });
  return out;
}

// Ask for JSON matching `schema` (OpenAI: response_format json_schema).
struct StructuredOutput {
  std::string name;  // ^[a-zA-Z0-9_-]+$: the step id
  Json schema;
  bool strict = false;  // only when the schema fits the provider's strict subset
};

// Where a request's static prefix ends (docs/cost.md "Prompt caching"), for the provider to place
// its prompt cache on: the tools, then the system text's first `staticSystemBytes` bytes (the
// literal text before the template's first variable, as the compiler split it) are the same in
// every request of the step, whatever its input.
struct PromptCache {
  bool enabled = false;        // the step's wfc.prompt_cache (on unless the pack turns it off)
  size_t staticSystemBytes = 0;
  // An agent: each round sends the last round's conversation again, so the conversation so far is
  // a prefix the next round reads from the cache.
  bool conversation = false;
  std::string key;  // stable per step across runs: OpenAI's prompt_cache_key
};

struct Request {
  // The pack's provider key that runs this call (RFC 0017; docs/promptkit.md "Providers"): ""
  // for "default". Routing reads it (ProviderRouter); no provider sends it.
  std::string provider;
  std::string model;
  std::vector<Message> messages;
  std::vector<ToolSpec> tools;
  std::string toolChoice;  // "", "auto", "required", "none"
  std::optional<StructuredOutput> structured;
  Json parameters = Json::object();  // the prompt's parameters: temperature, max_tokens, …
  PromptCache cache;
  // A PromptPack prompt's request: built as PromptKit's providers build it (docs/promptkit.md
  // "The request"): OpenAI's max_completion_tokens and top_p 1, strict tools, named tool results.
  bool promptKitWire = false;
};

struct Usage {
  uint64_t promptTokens = 0, completionTokens = 0;
  // Of promptTokens, those the provider served from its prompt cache (docs/cost.md "Prompt caching").
  uint64_t cachedPromptTokens = 0;
  // Of promptTokens, those written to the provider's prompt cache (Anthropic's
  // cache_creation_input_tokens), which it bills above an input token.
  uint64_t cacheWritePromptTokens = 0;
};

struct Reply {
  std::string content;  // "" when the model only called tools
  std::vector<ToolCallRequest> toolCalls;
  std::string finishReason;
  Usage usage;
  // What the API says answered (its "model" and "id"), for traces (docs/observability.md); empty
  // when it does not say (a replay, some local servers).
  std::string model, id;
};

// Where an exchange sits in the run, independent of timing: what record/replay keys on
// (docs/executable.md) and what errors and traces name.
struct ExchangeKey {
  std::string step;           // the step path after inlining: "call__summarize"
  std::optional<int64_t> item;  // wfc.foreach item index
  unsigned round = 1;         // agent round (1 for a prompt step)
  unsigned attempt = 1;       // the step's attempt
  std::string prompt;         // the prompt_task: for messages, not part of the key
  // "summarize|-|1|1": the lookup string of a recording.
  std::string str() const;
};

// A piece of a reply as it arrives, when the reply streams (docs/streaming.md): text, the start of
// a tool call, or the next piece of a call's arguments (JSON text, complete only at the end).
struct Delta {
  enum class Kind { Text, ToolCall, ToolArguments };
  Kind kind = Kind::Text;
  std::string_view text;   // Text: the next text; ToolArguments: the next piece of the arguments
  size_t toolIndex = 0;    // ToolCall, ToolArguments: which call of the reply, from 0
  std::string_view toolId, toolName;  // ToolCall

  static Delta textPiece(std::string_view text) { return {Kind::Text, text, 0, {}, {}}; }
  static Delta callStart(size_t index, std::string_view id, std::string_view name) {
    return {Kind::ToolCall, {}, index, id, name};
  }
  static Delta argumentsPiece(size_t index, std::string_view piece) { return {Kind::ToolArguments, piece, index, {}, {}}; }
};

// Takes a streamed reply's deltas, in order, on the thread that called complete(), and says
// whether to go on. false stops the reply there (a validator stopping a banned word mid-stream):
// the exchange ends at once and its reply is the text handed on so far, the piece just taken
// included, with finish reason "stopped" and no tool calls or usage. What it throws ends the
// exchange with that exception.
using DeltaSink = std::function<bool(const Delta &delta)>;

// Texts to embed (docs/evals.md "cosine_similarity"): one request to an OpenAI-compatible
// /embeddings endpoint, all texts at once.
struct EmbeddingRequest {
  std::string provider;  // the pack's provider key, as Request::provider; "" for "default"
  std::string model;     // the embedding model ("text-embedding-3-small")
  std::vector<std::string> inputs;
};

struct EmbeddingReply {
  std::vector<std::vector<double>> vectors;  // one per input, in the inputs' order, all of one length
  Usage usage;                               // promptTokens only
  std::string model;                         // what the API says answered; "" when it does not say
};

class Provider {
 public:
  virtual ~Provider() = default;
  // One exchange. With `deltas` (not null), the reply is streamed and each piece goes to it as it
  // arrives; the returned reply is the whole of it either way. Throws wfc::Error: StepFailed for a
  // reply that cannot be used (after the transport's own retries), Exhausted for a timeout,
  // Cancelled when `cancel` fires.
  virtual Reply complete(const Request &request, const ExchangeKey &key, const CancellationToken &cancel,
                         const DeltaSink *deltas) = 0;
  // The texts' embeddings. Throws as complete() does; the default — a provider whose API has no
  // embeddings endpoint (Anthropic's) — throws StepFailed saying so.
  virtual EmbeddingReply embed(const EmbeddingRequest &request, const ExchangeKey &key, const CancellationToken &cancel);
  // "openai gpt-4o-mini at http://127.0.0.1:8080/v1": for traces and --dry-run. No credentials.
  virtual std::string describe() const = 0;
  // The model the calls of provider key `key` name when a binding routes that key elsewhere than
  // the default provider (ProviderRouter, a replay of such a run); null: the run's model.
  virtual const std::string *boundModel(std::string_view key) const {
    (void)key;
    return nullptr;
  }
  // The token limit sent for a call of provider key `key` whose parameters set none (the Messages
  // API requires one); 0 when none is sent. A budget reserves it as the reply's worst case
  // (docs/cost.md "Budgets").
  virtual uint64_t defaultMaxTokens(std::string_view key) const {
    (void)key;
    return 0;
  }
};

}  // namespace wfc::llm

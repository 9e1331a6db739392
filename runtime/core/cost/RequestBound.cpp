#include "core/cost/RequestBound.h"

#include "core/llm/Endpoint.h"

namespace wfc::cost {
namespace {

// The token limit `parameters` set (max_tokens or max_completion_tokens, as the rate limiter reads
// them), if any.
std::optional<uint64_t> maxTokensOf(const llm::Json &parameters) {
  if (!parameters.is_object()) return std::nullopt;
  if (uint64_t limit = llm::maxTokens(parameters)) return limit;
  return std::nullopt;
}

}  // namespace

RequestBound requestBound(const llm::Request &request, uint64_t defaultMaxTokens) {
  RequestBound bound;
  uint64_t tokens = kRequestOverheadTokens;
  for (const llm::Message &m : request.messages) {
    tokens += kMessageOverheadTokens + m.content.size() + m.toolCallId.size();
    for (const llm::ToolCallRequest &call : m.toolCalls)
      tokens += kMessageOverheadTokens + call.id.size() + call.name.size() + call.arguments.size();
    for (const llm::MediaPart &media : m.media) {
      if (!media.url.empty() && bound.unbounded.empty())
        bound.unbounded = "it sends a " + media.type + " by URL (" + media.url + "), whose size is the server's";
      tokens += kMessageOverheadTokens + media.bytes();
    }
  }
  for (const llm::ToolSpec &tool : request.tools)
    tokens += kMessageOverheadTokens + tool.name.size() + tool.description.size() + tool.parameters.dump().size();
  // Anthropic asks for structured output with a forced tool, which brings the same system prompt.
  if (!request.tools.empty() || request.structured) tokens += kToolUseOverheadTokens;
  if (request.structured) tokens += kMessageOverheadTokens + request.structured->schema.dump().size();
  bound.inputTokens = tokens;
  bound.outputTokens = maxTokensOf(request.parameters);
  if (!bound.outputTokens && defaultMaxTokens > 0) bound.outputTokens = defaultMaxTokens;
  if (!bound.outputTokens && bound.unbounded.empty())
    bound.unbounded = "its prompt sets no max_tokens, so its reply has no limit";
  return bound;
}

}  // namespace wfc::cost

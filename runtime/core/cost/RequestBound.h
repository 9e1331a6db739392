// The most an LLM request can use (docs/cost.md "The bound"): its input tokens, from the bytes it
// sends, and its output tokens, from the token limit it sends. A budget reserves this before the
// request goes out, so that no reply can take a run past its budget.
//
// Input: every byte-level BPE token covers at least one byte, so the tokens of a text are at most
// its bytes; each message, each tool definition and the request itself add a fixed overhead for
// the provider's chat template, and a request offering tools adds what Anthropic's tool-use system
// prompt costs. Media sent inline count as their decoded bytes (an image or a clip is billed far
// fewer tokens than it has bytes at every provider); a medium sent by URL has no size here.
#pragma once

#include "common/RequestOverhead.h"
#include "core/llm/Provider.h"

#include <cstdint>
#include <optional>
#include <string>

namespace wfc::cost {

struct RequestBound {
  uint64_t inputTokens = 0;
  std::optional<uint64_t> outputTokens;  // absent: the request sets no token limit
  std::string unbounded;  // why the request has no bound, when it has none ("" when it has one)
  bool bounded() const { return unbounded.empty(); }
};

// `defaultMaxTokens`: the token limit the provider sends when the request's parameters set none
// (the Messages API requires one); 0 when it sends none.
RequestBound requestBound(const llm::Request &request, uint64_t defaultMaxTokens);

}  // namespace wfc::cost

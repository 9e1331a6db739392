// The tokens an LLM request costs beyond the bytes of its text (docs/cost.md "The worst case of a
// request"): what the provider's chat template adds per message, per tool definition and per
// request, and what Anthropic's tool-use system prompt adds when tools or structured output are
// offered. One set of figures, so that the compiler's static bound (wfc check --cost) and the
// executable's budgets count a request alike.
#pragma once

#include <cstdint>

namespace wfc {

inline constexpr uint64_t kMessageOverheadTokens = 16;
inline constexpr uint64_t kRequestOverheadTokens = 16;
inline constexpr uint64_t kToolUseOverheadTokens = 600;

}  // namespace wfc

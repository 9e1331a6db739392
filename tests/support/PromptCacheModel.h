// The test LLM server's prompt caches (docs/test-llm-server.md "Prompt caching"): for a reply whose
// usage is measured (one token per byte), how many of the request's input tokens each provider's
// cache would have served, and how many it would have written, following each provider's rule:
//  - Messages API (Anthropic): only what a `cache_control` breakpoint marks is cached. A
//    breakpoint whose prefix (tools, system blocks, message blocks, in that order) holds at least
//    the model's minimum writes that prefix; a later request reads the longest cached prefix that
//    ends at one of its breakpoints or at one of the 20 blocks before one, and writes the rest up
//    to its last breakpoint.
//  - Chat completions (OpenAI): automatic. A prompt of at least 1024 tokens reads the longest prefix
//    it shares with an earlier prompt of the same model, in whole steps of 128 tokens once that
//    prefix holds 1024; nothing is billed as written.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <mutex>
#include <set>
#include <string>

namespace wfc::test {

class PromptCacheModel {
 public:
  struct Usage {
    int64_t read = 0, written = 0;
  };
  // `promptTokens`: the request's measured input tokens, which the result never exceeds.
  Usage messages(const nlohmann::ordered_json &body, int64_t promptTokens);
  Usage chat(const nlohmann::ordered_json &body, int64_t promptTokens);

  // Anthropic's documented minimum of a cache entry for `model`, in tokens.
  static int64_t messagesMinimum(const std::string &model);

 private:
  std::mutex mutex_;
  std::set<std::string> messagesPrefixes_;  // model and canonical text of each cached prefix
  std::set<std::string> chatPrompts_;       // model and canonical text of each prompt seen
};

// The measured tokens of a JSON value's text: the bytes of its strings, but those of roles, part
// types, ids and other names the providers do not bill, base64 data at its decoded size.
int64_t measuredTextTokens(const nlohmann::ordered_json &value, const std::string &key = "");

}  // namespace wfc::test

#include "PromptCacheModel.h"

#include <algorithm>
#include <vector>

namespace wfc::test {
namespace {

using Json = nlohmann::ordered_json;

// A block of a Messages API request, in the order the API caches them.
struct Block {
  std::string text;   // canonical: the block's JSON without its cache_control
  int64_t tokens = 0;
  bool breakpoint = false;
};

Block block(const Json &value, int64_t tokens, const std::string &prefix = "") {
  Json canonical = value;
  bool breakpoint = false;
  if (canonical.is_object() && canonical.contains("cache_control")) {
    canonical.erase("cache_control");
    breakpoint = true;
  }
  return {prefix + canonical.dump(), tokens, breakpoint};
}

std::vector<Block> messagesBlocks(const Json &body) {
  std::vector<Block> blocks;
  if (auto tools = body.find("tools"); tools != body.end() && tools->is_array())
    for (const Json &tool : *tools) {
      int64_t tokens = 0;
      for (const char *key : {"name", "description"})
        if (tool.contains(key) && tool[key].is_string()) tokens += int64_t(tool[key].get<std::string>().size());
      if (tool.contains("input_schema")) tokens += int64_t(tool["input_schema"].dump().size());
      blocks.push_back(block(tool, tokens, "tool:"));
    }
  if (auto system = body.find("system"); system != body.end()) {
    if (system->is_array())
      for (const Json &b : *system) blocks.push_back(block(b, measuredTextTokens(b, "system"), "system:"));
    else
      blocks.push_back(block(*system, measuredTextTokens(*system, "system"), "system:"));
  }
  for (const Json &m : body["messages"]) {
    const std::string role = m.value("role", "") + ":";
    const Json &content = m.contains("content") ? m["content"] : Json();
    int64_t overhead = 4;  // per message, counted with its first block
    if (content.is_array() && !content.empty()) {
      for (const Json &b : content) {
        blocks.push_back(block(b, measuredTextTokens(b, "") + overhead, role));
        overhead = 0;
      }
    } else {
      blocks.push_back(block(content, measuredTextTokens(content, "content") + overhead, role));
    }
  }
  return blocks;
}

size_t commonPrefix(const std::string &a, const std::string &b) {
  auto [i, j] = std::mismatch(a.begin(), a.end(), b.begin(), b.end());
  (void)j;
  return size_t(i - a.begin());
}

}  // namespace

int64_t measuredTextTokens(const Json &value, const std::string &key) {
  if (value.is_string()) {
    if (key == "role" || key == "type" || key == "id" || key == "tool_call_id" || key == "tool_use_id" ||
        key == "media_type" || key == "detail" || key == "format")
      return 0;
    size_t n = value.get<std::string>().size();
    if (key == "data" || (key == "url" && value.get<std::string>().rfind("data:", 0) == 0))
      n = n / 4 * 3;  // base64: the decoded bytes
    return int64_t(n);
  }
  int64_t tokens = 0;
  if (value.is_object())
    for (const auto &item : value.items())
      tokens += measuredTextTokens(item.value(), item.key());
  else if (value.is_array())
    for (const Json &item : value)
      tokens += measuredTextTokens(item, key);
  return tokens;
}

int64_t PromptCacheModel::messagesMinimum(const std::string &model) {
  auto has = [&](const char *part) { return model.find(part) != std::string::npos; };
  if (has("opus-4-5") || has("opus-4-6") || has("haiku-4"))
    return 4096;
  if (has("haiku"))
    return 2048;
  return 1024;
}

PromptCacheModel::Usage PromptCacheModel::messages(const Json &body, int64_t promptTokens) {
  const std::string model = body.value("model", "") + "\n";
  const int64_t minimum = messagesMinimum(body.value("model", ""));
  std::vector<Block> blocks = messagesBlocks(body);
  std::vector<std::string> prefixes;
  std::vector<int64_t> tokens;
  std::string text = model;
  int64_t sum = 0;
  for (const Block &b : blocks) {
    text += b.text + "\n";
    sum += b.tokens;
    prefixes.push_back(text);
    tokens.push_back(sum);
  }
  Usage usage;
  std::lock_guard lock(mutex_);
  int64_t last = -1;  // the last breakpoint whose prefix reaches the minimum
  for (size_t i = 0; i < blocks.size(); ++i) {
    if (!blocks[i].breakpoint)
      continue;
    for (size_t j = i + 1; j-- > 0 && i - j < 20;)
      if (tokens[j] >= minimum && messagesPrefixes_.count(prefixes[j]))
        usage.read = std::max(usage.read, tokens[j]);
    if (tokens[i] >= minimum)
      last = int64_t(i);
  }
  if (last >= 0) {
    usage.written = std::max<int64_t>(0, tokens[size_t(last)] - usage.read);
    for (size_t i = 0; i <= size_t(last); ++i)
      if (blocks[i].breakpoint && tokens[i] >= minimum)
        messagesPrefixes_.insert(prefixes[i]);
  }
  usage.read = std::min(usage.read, promptTokens);
  usage.written = std::min(usage.written, promptTokens - usage.read);
  return usage;
}

PromptCacheModel::Usage PromptCacheModel::chat(const Json &body, int64_t promptTokens) {
  // The prompt as the model reads it: the tools and the output schema, then the messages.
  std::string text = body.value("model", "") + "\n";
  if (auto tools = body.find("tools"); tools != body.end())
    text += tools->dump() + "\n";
  if (auto format = body.find("response_format"); format != body.end())
    text += format->dump() + "\n";
  for (const Json &m : body["messages"])
    text += m.value("role", "") + ":" + (m.contains("content") ? m["content"].dump() : "") + "\n";
  Usage usage;
  std::lock_guard lock(mutex_);
  size_t shared = 0;
  auto next = chatPrompts_.lower_bound(text);
  if (next != chatPrompts_.end())
    shared = std::max(shared, commonPrefix(text, *next));
  if (next != chatPrompts_.begin())
    shared = std::max(shared, commonPrefix(text, *std::prev(next)));
  chatPrompts_.insert(text);
  // The model's name is not the prompt's.
  const int64_t sharedTokens = int64_t(shared) - int64_t(body.value("model", "").size() + 1);
  if (promptTokens >= 1024 && sharedTokens >= 1024)
    usage.read = std::min(sharedTokens / 128 * 128, promptTokens);
  return usage;
}

}  // namespace wfc::test

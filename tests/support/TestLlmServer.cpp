// wfc_test_llm_server: a scripted LLM server for the tests, speaking OpenAI's chat completions
// and Anthropic's Messages API from the same script.
//
//   wfc_test_llm_server --script FILE --log FILE [--port N] [--workers N] [--watch-stdin]
//
// It speaks real HTTP on 127.0.0.1 so the runtime's LLM clients are tested through their real
// transport (libcurl, timeouts, retries, concurrency). Every answer comes from the script and
// every request is logged as one JSON line; a request with "stream": true is answered as a stream
// of server-sent events in its API's format. Both providers' batch endpoints answer batches of
// requests from the same script (ProviderBatches.h). docs/test-llm-server.md has all the formats.
#include "PromptCacheModel.h"
#include "ProviderBatches.h"

#include <httplib.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <functional>
#include <map>
#include <future>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <variant>
#include <vector>

#include <csignal>

#include <pthread.h>
#include <sys/socket.h>
#include <unistd.h>

namespace {

// ordered_json keeps keys in the order they were written: content_json replies come out as
// the script spells them and logged bodies as the client sent them.
using Json = nlohmann::ordered_json;
using Clock = std::chrono::steady_clock;

constexpr const char *kProgram = "wfc_test_llm_server";
// Enough workers that a client's own concurrency bound, not the server, limits how many
// requests are in flight (tests check bounds up to 64); --workers N for more (a keep-alive
// connection holds its worker between requests, so a client of N connections needs N).
constexpr size_t kWorkerThreads = 64;

// ---------------------------------------------------------------------------------------------
// The script
// ---------------------------------------------------------------------------------------------

class ScriptError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

struct Match {
  std::optional<std::string> systemContains;
  std::optional<std::string> userContains;
  std::optional<std::string> lastUserContains;
  std::optional<std::string> toolResultContains;
  std::optional<std::string> lastToolResultContains;
  std::optional<int64_t> toolResults;
  std::optional<int64_t> rounds;
  std::optional<bool> hasTools;
  std::optional<bool> hasResponseFormat;
  std::optional<std::string> model;
  std::optional<std::vector<std::string>> lastUserMedia;
};

struct ToolCall {
  std::string name;
  std::string arguments;  // sent verbatim as function.arguments (Messages API: parsed, as input)
};

struct Reply {
  std::optional<std::string> content;  // nullopt: "content": null (tool calls only)
  std::vector<ToolCall> toolCalls;
  std::optional<std::string> finishReason;  // nullopt: the API's own for the reply
  int64_t promptTokens = 10;
  int64_t completionTokens = 5;
  // "usage": "measured": the counts are measured from the request and the reply, one token per
  // byte (a tokenizer's worst case), and the reply stops at the request's token limit.
  bool measured = false;
  // Of promptTokens, those a measured reply's provider cache served and wrote (PromptCacheModel.h).
  int64_t cachedTokens = 0, cacheWriteTokens = 0;
};

struct Entry {
  Match match;
  std::optional<Reply> reply;
  std::optional<int64_t> timesLeft;  // nullopt: unlimited; guarded by LlmServer::scriptMutex_
  int64_t delayMs = 0;
  int status = 200;
  std::optional<std::string> body;
  std::string contentType = "application/json";
  std::vector<std::pair<std::string, std::string>> headers;
  // How a streamed reply (a request with "stream": true) goes out; a plain reply ignores them.
  std::optional<int64_t> chunkBytes;        // text pieces of at most this many bytes; nullopt: words
  int64_t chunkDelayMs = 0;                 // between consecutive events
  std::optional<int64_t> breakAfterChunks;  // drop the connection after this many deltas
  std::optional<std::string> streamError;   // an error event instead of the closing events
};

// Unknown keys are errors: a misspelled matcher would otherwise silently match everything.
void checkKeys(const Json &object, std::initializer_list<std::string_view> known, const std::string &where) {
  for (const auto &item : object.items()) {
    if (std::find(known.begin(), known.end(), item.key()) == known.end())
      throw ScriptError(where + ": unknown key '" + item.key() + "'");
  }
}

const Json &requireObject(const Json &value, const std::string &where) {
  if (!value.is_object())
    throw ScriptError(where + ": must be an object");
  return value;
}

std::string requireString(const Json &value, const std::string &where) {
  if (!value.is_string())
    throw ScriptError(where + ": must be a string");
  return value.get<std::string>();
}

int64_t requireCount(const Json &value, const std::string &where) {
  if (!value.is_number_integer() || value.get<int64_t>() < 0)
    throw ScriptError(where + ": must be a non-negative integer");
  return value.get<int64_t>();
}

bool requireBool(const Json &value, const std::string &where) {
  if (!value.is_boolean())
    throw ScriptError(where + ": must be true or false");
  return value.get<bool>();
}

Match parseMatch(const Json &json, const std::string &where) {
  requireObject(json, where);
  checkKeys(json,
            {"system_contains", "user_contains", "last_user_contains", "tool_result_contains",
             "last_tool_result_contains", "tool_results", "rounds", "has_tools", "has_response_format", "model",
             "last_user_media"},
            where);
  Match m;
  auto text = [&](const char *key, std::optional<std::string> &out) {
    if (auto it = json.find(key); it != json.end())
      out = requireString(*it, where + "." + key);
  };
  auto count = [&](const char *key, std::optional<int64_t> &out) {
    if (auto it = json.find(key); it != json.end())
      out = requireCount(*it, where + "." + key);
  };
  auto flag = [&](const char *key, std::optional<bool> &out) {
    if (auto it = json.find(key); it != json.end())
      out = requireBool(*it, where + "." + key);
  };
  text("system_contains", m.systemContains);
  text("user_contains", m.userContains);
  text("last_user_contains", m.lastUserContains);
  text("tool_result_contains", m.toolResultContains);
  text("last_tool_result_contains", m.lastToolResultContains);
  count("tool_results", m.toolResults);
  count("rounds", m.rounds);
  flag("has_tools", m.hasTools);
  flag("has_response_format", m.hasResponseFormat);
  text("model", m.model);
  if (auto it = json.find("last_user_media"); it != json.end()) {
    if (!it->is_array())
      throw ScriptError(where + ".last_user_media: must be an array of strings");
    m.lastUserMedia.emplace();
    for (const Json &item : *it)
      m.lastUserMedia->push_back(requireString(item, where + ".last_user_media[]"));
  }
  return m;
}

ToolCall parseToolCall(const Json &json, const std::string &where) {
  requireObject(json, where);
  checkKeys(json, {"name", "arguments", "arguments_text"}, where);
  if (!json.contains("name"))
    throw ScriptError(where + ": needs 'name'");
  if (json.contains("arguments") && json.contains("arguments_text"))
    throw ScriptError(where + ": 'arguments' and 'arguments_text' are exclusive");
  ToolCall call;
  call.name = requireString(json["name"], where + ".name");
  if (auto it = json.find("arguments_text"); it != json.end())
    call.arguments = requireString(*it, where + ".arguments_text");
  else if (it = json.find("arguments"); it != json.end())
    call.arguments = it->dump();
  else
    call.arguments = "{}";
  return call;
}

Reply parseReply(const Json &json, const std::string &where) {
  requireObject(json, where);
  checkKeys(json, {"content", "content_json", "tool_calls", "finish_reason", "usage"}, where);
  if (json.contains("content") && json.contains("content_json"))
    throw ScriptError(where + ": 'content' and 'content_json' are exclusive");
  if (!json.contains("content") && !json.contains("content_json") && !json.contains("tool_calls"))
    throw ScriptError(where + ": needs 'content', 'content_json' or 'tool_calls'");
  Reply reply;
  if (auto it = json.find("content"); it != json.end())
    reply.content = requireString(*it, where + ".content");
  if (auto it = json.find("content_json"); it != json.end())
    reply.content = it->dump();
  if (auto it = json.find("tool_calls"); it != json.end()) {
    if (!it->is_array() || it->empty())
      throw ScriptError(where + ".tool_calls: must be a non-empty array");
    for (size_t i = 0; i < it->size(); ++i)
      reply.toolCalls.push_back(parseToolCall((*it)[i], where + ".tool_calls[" + std::to_string(i) + "]"));
  }
  if (auto it = json.find("finish_reason"); it != json.end())
    reply.finishReason = requireString(*it, where + ".finish_reason");
  if (auto it = json.find("usage"); it != json.end() && it->is_string()) {
    if (*it != "measured")
      throw ScriptError(where + ".usage: a string usage must be \"measured\"");
    reply.measured = true;
  } else if (it != json.end()) {
    const std::string at = where + ".usage";
    requireObject(*it, at);
    checkKeys(*it, {"prompt_tokens", "completion_tokens"}, at);
    if (auto p = it->find("prompt_tokens"); p != it->end())
      reply.promptTokens = requireCount(*p, at + ".prompt_tokens");
    if (auto c = it->find("completion_tokens"); c != it->end())
      reply.completionTokens = requireCount(*c, at + ".completion_tokens");
  }
  return reply;
}

Entry parseEntry(const Json &json, const std::string &where) {
  requireObject(json, where);
  checkKeys(json,
            {"match", "reply", "times", "delay_ms", "status", "body", "content_type", "headers", "chunk_bytes",
             "chunk_delay_ms", "break_after_chunks", "stream_error"},
            where);
  Entry entry;
  if (auto it = json.find("match"); it != json.end())
    entry.match = parseMatch(*it, where + ".match");
  if (auto it = json.find("reply"); it != json.end())
    entry.reply = parseReply(*it, where + ".reply");
  if (auto it = json.find("times"); it != json.end())
    entry.timesLeft = requireCount(*it, where + ".times");
  if (auto it = json.find("delay_ms"); it != json.end())
    entry.delayMs = requireCount(*it, where + ".delay_ms");
  if (auto it = json.find("status"); it != json.end()) {
    int64_t status = requireCount(*it, where + ".status");
    if (status < 100 || status > 599)
      throw ScriptError(where + ".status: must be an HTTP status between 100 and 599");
    entry.status = static_cast<int>(status);
  }
  if (auto it = json.find("body"); it != json.end())
    entry.body = requireString(*it, where + ".body");
  if (auto it = json.find("content_type"); it != json.end()) {
    if (!entry.body)
      throw ScriptError(where + ".content_type: only applies with 'body'");
    entry.contentType = requireString(*it, where + ".content_type");
  }
  if (auto it = json.find("headers"); it != json.end()) {
    requireObject(*it, where + ".headers");
    for (const auto &header : it->items()) {
      const Json &value = header.value();
      if (!value.is_string() && !value.is_number())
        throw ScriptError(where + ".headers." + header.key() + ": must be a string or a number");
      entry.headers.emplace_back(header.key(), value.is_string() ? value.get<std::string>() : value.dump());
    }
  }
  if (auto it = json.find("chunk_bytes"); it != json.end()) {
    entry.chunkBytes = requireCount(*it, where + ".chunk_bytes");
    if (*entry.chunkBytes == 0)
      throw ScriptError(where + ".chunk_bytes: must be a positive integer");
  }
  if (auto it = json.find("chunk_delay_ms"); it != json.end())
    entry.chunkDelayMs = requireCount(*it, where + ".chunk_delay_ms");
  if (auto it = json.find("break_after_chunks"); it != json.end())
    entry.breakAfterChunks = requireCount(*it, where + ".break_after_chunks");
  if (auto it = json.find("stream_error"); it != json.end())
    entry.streamError = requireString(*it, where + ".stream_error");
  // Without a reply, a 200 would have nothing to say.
  if (!entry.reply && !entry.body && entry.status == 200)
    throw ScriptError(where + ": needs 'reply', 'body' or a non-200 'status'");
  return entry;
}

// An /embeddings rule (docs/test-llm-server.md "Embeddings"): an input containing `inputContains`
// embeds as `vector`, or the request fails with `status` and `body`. Inputs no rule pins embed as
// their words do (embeddingOf).
struct EmbeddingRule {
  std::string inputContains;
  std::optional<std::vector<double>> vector;
  int status = 200;
  std::optional<std::string> body;
};

struct Script {
  std::vector<Entry> replies;
  std::vector<EmbeddingRule> embeddings;
  wfc::test::BatchSettings batches;
};

EmbeddingRule parseEmbeddingRule(const Json &j, const std::string &where) {
  requireObject(j, where);
  checkKeys(j, {"input_contains", "vector", "status", "body"}, where);
  EmbeddingRule rule;
  if (!j.contains("input_contains")) throw ScriptError(where + ": needs \"input_contains\"");
  rule.inputContains = requireString(j["input_contains"], where + ".input_contains");
  if (j.contains("vector")) {
    if (!j["vector"].is_array() || j["vector"].empty()) throw ScriptError(where + ".vector: must be a list of numbers");
    std::vector<double> v;
    for (const Json &x : j["vector"]) {
      if (!x.is_number()) throw ScriptError(where + ".vector: must be a list of numbers");
      v.push_back(x.get<double>());
    }
    rule.vector = std::move(v);
  }
  if (j.contains("status")) rule.status = int(requireCount(j["status"], where + ".status"));
  if (j.contains("body")) rule.body = requireString(j["body"], where + ".body");
  if (!rule.vector && rule.status == 200 && !rule.body) throw ScriptError(where + ": needs \"vector\", \"status\" or \"body\"");
  return rule;
}

Script loadScript(const std::string &path) {
  std::ifstream in(path);
  if (!in)
    throw ScriptError("cannot read " + path + ": " + std::strerror(errno));
  Json script;
  try {
    script = Json::parse(in);
  } catch (const Json::parse_error &e) {
    throw ScriptError(path + ": not valid JSON: " + e.what());
  }
  requireObject(script, path);
  checkKeys(script, {"replies", "embeddings", "batches"}, path);
  if (!script.contains("replies") || !script["replies"].is_array())
    throw ScriptError(path + ": needs \"replies\": [...]");
  Script out;
  const Json &replies = script["replies"];
  for (size_t i = 0; i < replies.size(); ++i)
    out.replies.push_back(parseEntry(replies[i], "replies[" + std::to_string(i) + "]"));
  if (script.contains("embeddings")) {
    if (!script["embeddings"].is_array()) throw ScriptError(path + ": \"embeddings\" must be a list");
    for (size_t i = 0; i < script["embeddings"].size(); ++i)
      out.embeddings.push_back(parseEmbeddingRule(script["embeddings"][i], "embeddings[" + std::to_string(i) + "]"));
  }
  if (script.contains("batches")) {
    try {
      out.batches = wfc::test::parseBatchSettings(script["batches"], "batches");
    } catch (const std::invalid_argument &e) {
      throw ScriptError(path + ": " + e.what());
    }
  }
  return out;
}

// The embedding of a text no rule pins: its words (runs of letters and digits, lower-cased), each
// hashed (FNV-1a) into one of `dimensions` counts, the vector then scaled to length 1. Texts that
// share words point the same way, so similar texts have a high cosine and unrelated ones 0.
std::vector<double> embeddingOf(const std::string &text, size_t dimensions) {
  std::vector<double> v(dimensions, 0.0);
  std::string word;
  auto flush = [&] {
    if (word.empty()) return;
    uint64_t hash = 1469598103934665603ull;
    for (unsigned char c : word) hash = (hash ^ c) * 1099511628211ull;
    v[hash % dimensions] += 1;
    word.clear();
  };
  for (char c : text) {
    if (std::isalnum(static_cast<unsigned char>(c))) word += char(std::tolower(static_cast<unsigned char>(c)));
    else flush();
  }
  flush();
  double norm = 0;
  for (double x : v) norm += x * x;
  if (norm > 0)
    for (double &x : v) x /= std::sqrt(norm);
  return v;
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

// The two APIs this server speaks, on their own routes.
enum class Api { ChatCompletions, Messages };

// A content's text: a string, or the "text" of each part of a multi-part content array.
std::string contentText(const Json &content) {
  if (content.is_string())
    return content.get<std::string>();
  std::string text;
  if (content.is_array()) {
    for (const Json &part : content) {
      if (part.is_object() && part.contains("text") && part["text"].is_string())
        text += part["text"].get<std::string>();
    }
  }
  return text;
}

// A message's (or a tool_result block's) text: its content's.
std::string messageText(const Json &message) {
  auto it = message.find("content");
  return it == message.end() ? std::string() : contentText(*it);
}

// What the matchers look at, computed once per request.
struct Conversation {
  std::string system;  // every system message's text, joined by newlines
  std::optional<std::string> firstUser;
  std::optional<std::string> lastUser;
  std::vector<std::string> lastUserMedia;  // the last user message's media: MIME types (inline) or URLs
  std::vector<std::string> toolResults;
  int64_t assistants = 0;
  size_t messages = 0;
  bool hasTools = false;
  bool hasResponseFormat = false;  // Messages API: a forced tool, how it asks for structured output
  std::optional<std::string> forcedTool;  // Messages API: tool_choice {type: tool, name}
  std::optional<std::string> model;
};

// What both APIs spell alike: the tools and the model.
void summarizeCommon(const Json &body, Conversation &c) {
  auto tools = body.find("tools");
  c.hasTools = tools != body.end() && tools->is_array() && !tools->empty();
  if (auto model = body.find("model"); model != body.end() && model->is_string())
    c.model = model->get<std::string>();
}

// Whether `text` is base64 (RFC 4648, padded): what both APIs reject inline data for not being.
bool isBase64(const std::string &text) {
  if (text.size() % 4 != 0)
    return false;
  size_t end = text.size();
  for (int pad = 0; pad < 2 && end > 0 && text[end - 1] == '='; ++pad)
    --end;
  return std::all_of(text.begin(), text.begin() + static_cast<long>(end),
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '+' || c == '/'; });
}

// A data: URL's MIME type, or nullopt when `url` is not a base64 data: URL.
std::optional<std::string> dataUrlMime(const std::string &url) {
  size_t comma = url.find(',');
  if (!url.starts_with("data:") || comma == std::string::npos)
    return std::nullopt;
  std::string head = url.substr(5, comma - 5);
  if (!head.ends_with(";base64") || !isBase64(url.substr(comma + 1)))
    return std::nullopt;
  return head.substr(0, head.size() - 7);
}

// A chat-completions content part that carries media: what the matchers see of it (its MIME type,
// or its URL), or the 400 the API answers it with. A text part: nullopt either way.
std::variant<std::monostate, std::string, std::pair<int, std::string>> chatMedia(const Json &part, const std::string &at) {
  auto problem = [&](const std::string &message) { return std::pair<int, std::string>(400, at + ": " + message); };
  std::string type = part.is_object() ? part.value("type", "") : "";
  if (type == "image_url") {
    const Json image = part.value("image_url", Json());
    if (!image.is_object() || !image.contains("url") || !image["url"].is_string())
      return problem("image_url.url is required");
    std::string url = image["url"].get<std::string>();
    if (image.contains("detail") && image["detail"] != "low" && image["detail"] != "high" && image["detail"] != "auto")
      return problem("image_url.detail must be low, high or auto");
    if (url.starts_with("http://") || url.starts_with("https://"))
      return url;
    if (std::optional<std::string> mime = dataUrlMime(url))
      return *mime;
    return problem("Invalid image URL: expected an http(s) URL or a base64 data URL");
  }
  if (type == "input_audio") {
    const Json audio = part.value("input_audio", Json());
    if (!audio.is_object() || !audio.contains("data") || !audio["data"].is_string() || !isBase64(audio["data"]))
      return problem("input_audio.data must be base64");
    std::string format = audio.value("format", "");
    if (format != "wav" && format != "mp3")
      return problem("input_audio.format must be wav or mp3");
    return format == "wav" ? "audio/wav" : "audio/mpeg";
  }
  if (type == "file") {
    const Json file = part.value("file", Json());
    if (!file.is_object() || !file.contains("file_data") || !file["file_data"].is_string())
      return problem("file.file_data is required");
    if (!file.contains("filename") || !file["filename"].is_string())
      return problem("file.filename is required with file_data");
    if (std::optional<std::string> mime = dataUrlMime(file["file_data"].get<std::string>()))
      return *mime;
    return problem("file.file_data must be a base64 data URL");
  }
  if (type != "text")
    return problem("unknown content part type '" + type + "'");
  return std::monostate();
}

// A Messages API image or document block: what the matchers see of it, or the API's 400.
std::variant<std::monostate, std::string, std::pair<int, std::string>> messagesMedia(const Json &block,
                                                                                     const std::string &at) {
  auto problem = [&](const std::string &message) { return std::pair<int, std::string>(400, at + ": " + message); };
  std::string type = block.is_object() ? block.value("type", "") : "";
  if (type != "image" && type != "document")
    return std::monostate();
  const Json source = block.value("source", Json());
  std::string kind = source.is_object() ? source.value("type", "") : "";
  if (kind == "url") {
    if (!source.contains("url") || !source["url"].is_string())
      return problem("source.url: Field required");
    return source["url"].get<std::string>();
  }
  if (kind != "base64")
    return problem("source.type: Input should be 'base64' or 'url'");
  std::string mime = source.value("media_type", "");
  bool known = type == "image" ? (mime == "image/jpeg" || mime == "image/png" || mime == "image/gif" || mime == "image/webp")
                               : mime == "application/pdf";
  if (!known)
    return problem("source.media_type: Input should be " +
                   std::string(type == "image" ? "'image/jpeg', 'image/png', 'image/gif' or 'image/webp'" : "'application/pdf'"));
  if (!source.contains("data") || !source["data"].is_string() || !isBase64(source["data"]))
    return problem("source.data: invalid base64 data");
  return mime;
}

Conversation summarizeChat(const Json &body) {
  Conversation c;
  for (const Json &message : body["messages"]) {
    ++c.messages;
    if (!message.is_object())
      continue;
    std::string role = message.value("role", "");
    std::string text = messageText(message);
    if (role == "system") {
      c.system += (c.system.empty() ? "" : "\n") + text;
    } else if (role == "user") {
      if (!c.firstUser)
        c.firstUser = text;
      c.lastUser = text;
      c.lastUserMedia.clear();
      if (const Json content = message.value("content", Json()); content.is_array())
        for (const Json &part : content)
          if (auto media = chatMedia(part, ""); std::holds_alternative<std::string>(media))
            c.lastUserMedia.push_back(std::get<std::string>(media));
    } else if (role == "assistant") {
      ++c.assistants;
    } else if (role == "tool") {
      c.toolResults.push_back(text);
    }
  }
  summarizeCommon(body, c);
  auto format = body.find("response_format");
  c.hasResponseFormat = format != body.end() && !format->is_null();
  return c;
}

// The Messages API: the top-level `system`; a user message's text blocks are its text and its
// tool_result blocks tool results (a user message of tool results only is not a user message).
Conversation summarizeMessages(const Json &body) {
  Conversation c;
  if (auto system = body.find("system"); system != body.end())
    c.system = contentText(*system);
  for (const Json &message : body["messages"]) {
    ++c.messages;
    if (!message.is_object())
      continue;
    std::string role = message.value("role", "");
    if (role == "assistant") {
      ++c.assistants;
    } else if (role == "user") {
      const Json content = message.value("content", Json());
      bool hasText = content.is_string();
      std::vector<std::string> media;
      if (content.is_array()) {
        for (const Json &block : content) {
          std::string type = block.is_object() ? block.value("type", "") : "";
          if (type == "tool_result")
            c.toolResults.push_back(messageText(block));
          if (auto part = messagesMedia(block, ""); std::holds_alternative<std::string>(part))
            media.push_back(std::get<std::string>(part));
          hasText = hasText || type == "text" || type == "image" || type == "document";
        }
      }
      if (hasText) {
        if (!c.firstUser)
          c.firstUser = contentText(content);
        c.lastUser = contentText(content);
        c.lastUserMedia = std::move(media);
      }
    }
  }
  summarizeCommon(body, c);
  auto choice = body.find("tool_choice");
  if (choice != body.end() && choice->is_object() && choice->value("type", "") == "tool" &&
      choice->contains("name") && (*choice)["name"].is_string())
    c.forcedTool = (*choice)["name"].get<std::string>();
  c.hasResponseFormat = c.forcedTool.has_value();
  return c;
}

// The `idKey` of each block of type `type` in a message's content: the ids of its tool_use blocks,
// or those its tool_result blocks answer.
std::vector<std::string> blockIds(const Json &message, const char *type, const char *idKey) {
  std::vector<std::string> ids;
  const Json content = message.is_object() ? message.value("content", Json()) : Json();
  if (content.is_array()) {
    for (const Json &block : content) {
      if (block.is_object() && block.value("type", "") == type && block.contains(idKey) && block[idKey].is_string())
        ids.push_back(block[idKey].get<std::string>());
    }
  }
  return ids;
}

// What the Messages API itself rejects with a 400 (its messages, shortened), so that a client
// breaking its rules fails here as it would there: no max_tokens, a role other than user and
// assistant, and tool_use blocks not answered by tool_result blocks in the very next message.
std::optional<std::string> messagesProblem(const Json &body) {
  auto maxTokens = body.find("max_tokens");
  if (maxTokens == body.end())
    return "max_tokens: Field required";
  if (!maxTokens->is_number_integer() || maxTokens->get<int64_t>() < 1)
    return "max_tokens: Input should be a positive integer";
  const Json &messages = body["messages"];
  if (messages.empty())
    return "messages: at least one message is required";
  for (size_t i = 0; i < messages.size(); ++i) {
    const Json &message = messages[i];
    const std::string at = "messages." + std::to_string(i);
    std::string role = message.is_object() ? message.value("role", "") : "";
    if (role != "user" && role != "assistant")
      return at + ".role: Input should be 'user' or 'assistant'";
    if (!message.contains("content") || !(message["content"].is_string() || message["content"].is_array()))
      return at + ".content: Input should be a string or a list of content blocks";
    if (message["content"].is_array()) {
      for (size_t b = 0; b < message["content"].size(); ++b) {
        auto media = messagesMedia(message["content"][b], at + ".content." + std::to_string(b));
        if (auto *problem = std::get_if<std::pair<int, std::string>>(&media))
          return problem->second;
      }
    }
    std::vector<std::string> uses = i > 0 ? blockIds(messages[i - 1], "tool_use", "id") : std::vector<std::string>();
    std::vector<std::string> results = blockIds(message, "tool_result", "tool_use_id");
    for (const std::string &use : uses) {
      if (std::find(results.begin(), results.end(), use) == results.end())
        return at + ": `tool_use` ids were found without `tool_result` blocks immediately after: " + use +
               ". Each `tool_use` block must have a corresponding `tool_result` block in the next message.";
    }
    for (const std::string &result : results) {
      if (std::find(uses.begin(), uses.end(), result) == uses.end())
        return at + ": unexpected `tool_use_id` found in `tool_result` blocks: " + result +
               ". Each `tool_result` block must have a corresponding `tool_use` block in the previous message.";
    }
  }
  return std::nullopt;
}

// What chat completions rejects with a 400 in the media parts of the messages (shortened).
std::optional<std::string> chatMediaProblem(const Json &body) {
  const Json &messages = body["messages"];
  for (size_t i = 0; i < messages.size(); ++i) {
    const Json content = messages[i].is_object() ? messages[i].value("content", Json()) : Json();
    if (!content.is_array())
      continue;
    for (size_t p = 0; p < content.size(); ++p) {
      auto media = chatMedia(content[p], "messages[" + std::to_string(i) + "].content[" + std::to_string(p) + "]");
      if (auto *problem = std::get_if<std::pair<int, std::string>>(&media))
        return problem->second;
    }
  }
  return std::nullopt;
}

bool holds(const Match &m, const Conversation &c) {
  // An absent matcher holds; a present one needs its text present and containing the needle.
  auto contains = [](const std::optional<std::string> &haystack, const std::optional<std::string> &needle) {
    return !needle || (haystack && haystack->find(*needle) != std::string::npos);
  };
  if (!contains(c.system, m.systemContains) || !contains(c.firstUser, m.userContains) ||
      !contains(c.lastUser, m.lastUserContains))
    return false;
  if (m.toolResultContains &&
      std::none_of(c.toolResults.begin(), c.toolResults.end(),
                   [&](const std::string &result) { return result.find(*m.toolResultContains) != std::string::npos; }))
    return false;
  std::optional<std::string> lastTool;
  if (!c.toolResults.empty())
    lastTool = c.toolResults.back();
  if (!contains(lastTool, m.lastToolResultContains))
    return false;
  if (m.toolResults && *m.toolResults != static_cast<int64_t>(c.toolResults.size()))
    return false;
  if (m.rounds && *m.rounds != c.assistants)
    return false;
  if (m.hasTools && *m.hasTools != c.hasTools)
    return false;
  if (m.hasResponseFormat && *m.hasResponseFormat != c.hasResponseFormat)
    return false;
  if (m.model && m.model != c.model)
    return false;
  if (m.lastUserMedia && *m.lastUserMedia != c.lastUserMedia)
    return false;
  return true;
}

// The head of a text for one-line messages: at most 60 characters, newlines escaped.
std::string head(const std::string &text) {
  constexpr size_t kMax = 60;
  std::string out;
  for (char ch : text.substr(0, kMax))
    out += ch == '\n' ? std::string("\\n") : std::string(1, ch);
  if (text.size() > kMax)
    out += "...";
  return out;
}

// Enough of a request to see why no entry matched it.
std::string describe(const Conversation &c) {
  std::ostringstream out;
  out << "system=\"" << head(c.system) << "\", messages=" << c.messages << ", rounds=" << c.assistants
      << ", last_user=\"" << head(c.lastUser.value_or("")) << "\", tool_results=" << c.toolResults.size();
  if (!c.toolResults.empty())
    out << ", last_tool_result=\"" << head(c.toolResults.back()) << "\"";
  return out.str();
}

// An error in the API's shape.
Json errorBody(Api api, const std::string &message, const std::string &type) {
  if (api == Api::Messages)
    return Json{{"type", "error"}, {"error", {{"type", type}, {"message", message}}}};
  return Json{{"error", {{"message", message}, {"type", type}}}};
}

// "usage": "measured" (docs/test-llm-server.md): a tokenizer's worst case, one token per byte.
// The request's tokens are the bytes of its text — every string in its messages but their roles,
// part types and ids, inline media at their decoded size — plus 4 per message, and each tool's
// name, description and parameters (compact JSON), and a structured output's schema.
int64_t measuredPromptTokens(const Json &body) {
  int64_t tokens = 0;
  auto strings = [&](const Json &value, const std::string &key) { tokens += wfc::test::measuredTextTokens(value, key); };
  for (const Json &m : body["messages"]) {
    tokens += 4;
    strings(m, "");
  }
  if (auto system = body.find("system"); system != body.end())
    strings(*system, "system");
  if (auto tools = body.find("tools"); tools != body.end() && tools->is_array())
    for (const Json &tool : *tools) {
      const Json &f = tool.contains("function") ? tool["function"] : tool;
      for (const char *key : {"name", "description"})
        if (f.contains(key) && f[key].is_string())
          tokens += int64_t(f[key].get<std::string>().size());
      for (const char *key : {"parameters", "input_schema"})
        if (f.contains(key))
          tokens += int64_t(f[key].dump().size());
    }
  if (auto format = body.find("response_format"); format != body.end() && format->is_object())
    if (auto schema = format->find("json_schema"); schema != format->end() && schema->is_object() &&
                                                  schema->contains("schema"))
      tokens += int64_t((*schema)["schema"].dump().size());
  return tokens;
}

// The reply as a model stopped at the request's token limit would give it: its text cut to that
// many bytes (at a character's start), its tool calls dropped when the text leaves no room, the
// finish reason "length" ("max_tokens" on the Messages API); usage measured.
Reply measuredReply(Reply reply, const Json &body, bool messagesApi) {
  std::optional<int64_t> limit;
  for (const char *key : {"max_tokens", "max_completion_tokens"})
    if (auto it = body.find(key); it != body.end() && it->is_number_integer())
      limit = it->get<int64_t>();
  int64_t used = 0;
  bool cut = false;
  if (reply.content) {
    std::string &text = *reply.content;
    if (limit && int64_t(text.size()) > *limit) {
      size_t end = size_t(std::max<int64_t>(*limit, 0));
      while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80)
        --end;
      text.resize(end);
      cut = true;
    }
    used += int64_t(text.size());
  }
  std::vector<ToolCall> kept;
  for (ToolCall &call : reply.toolCalls) {
    int64_t size = int64_t(call.name.size() + call.arguments.size());
    if (limit && used + size > *limit) {
      cut = true;
      break;
    }
    used += size;
    kept.push_back(std::move(call));
  }
  reply.toolCalls = std::move(kept);
  if (cut)
    reply.finishReason = messagesApi ? "max_tokens" : "length";
  reply.promptTokens = measuredPromptTokens(body);
  reply.completionTokens = std::max<int64_t>(used, 1);
  return reply;
}

// A reply's usage as chat completions report it: cached tokens among the prompt's, when measured.
Json chatUsage(const Reply &reply) {
  Json usage = {{"prompt_tokens", reply.promptTokens},
                {"completion_tokens", reply.completionTokens},
                {"total_tokens", reply.promptTokens + reply.completionTokens}};
  if (reply.measured)
    usage["prompt_tokens_details"] = {{"cached_tokens", reply.cachedTokens}};
  return usage;
}

// A reply's usage as the Messages API reports it: input_tokens leaves out what the cache read and
// wrote, which come apart.
Json messagesUsage(const Reply &reply, int64_t outputTokens) {
  Json usage = {{"input_tokens", reply.promptTokens - reply.cachedTokens - reply.cacheWriteTokens},
                {"output_tokens", outputTokens}};
  if (reply.measured) {
    usage["cache_creation_input_tokens"] = reply.cacheWriteTokens;
    usage["cache_read_input_tokens"] = reply.cachedTokens;
  }
  return usage;
}

Json completion(const Reply &reply, int64_t seq, const Conversation &c) {
  const std::string finishReason = reply.finishReason.value_or(reply.toolCalls.empty() ? "stop" : "tool_calls");
  Json message = {{"role", "assistant"}, {"content", nullptr}};
  if (reply.content)
    message["content"] = *reply.content;
  if (!reply.toolCalls.empty()) {
    Json calls = Json::array();
    for (size_t i = 0; i < reply.toolCalls.size(); ++i) {
      const ToolCall &call = reply.toolCalls[i];
      calls.push_back({{"id", "call_" + std::to_string(seq) + "_" + std::to_string(i)},
                       {"type", "function"},
                       {"function", {{"name", call.name}, {"arguments", call.arguments}}}});
    }
    message["tool_calls"] = std::move(calls);
  }
  return Json{{"id", "chatcmpl-test-" + std::to_string(seq)},
              {"object", "chat.completion"},
              {"created", static_cast<int64_t>(std::time(nullptr))},
              {"model", c.model.value_or("test-model")},
              {"choices", Json::array({{{"index", 0}, {"message", message}, {"finish_reason", finishReason}}})},
              {"usage", chatUsage(reply)}};
}

// A reply as the Messages API gives it: its text block, if any, and its tool_use blocks. When the
// request forces a tool and the reply calls none, content that is JSON is that tool's input
// instead: forcing a tool is how structured output is asked for, so the same script answers both
// APIs.
struct MessagesReply {
  std::optional<std::string> text;
  std::vector<ToolCall> calls;
  std::string stopReason;
};

MessagesReply messagesReply(const Reply &reply, const Conversation &c) {
  MessagesReply out{reply.content, reply.toolCalls, ""};
  if (c.forcedTool && out.calls.empty() && out.text &&
      !Json::parse(*out.text, nullptr, /*allow_exceptions=*/false).is_discarded()) {
    out.calls.push_back({*c.forcedTool, *out.text});
    out.text.reset();
  }
  out.stopReason = reply.finishReason.value_or(out.calls.empty() ? "end_turn" : "tool_use");
  return out;
}

std::string toolUseId(int64_t seq, size_t i) { return "toolu_" + std::to_string(seq) + "_" + std::to_string(i); }

// A Messages API reply: a text block for the content, a tool_use block per call (the arguments
// parsed as its input; arguments_text that is not JSON goes as a string).
Json messageResponse(const Reply &reply, int64_t seq, const Conversation &c) {
  const MessagesReply m = messagesReply(reply, c);
  Json content = Json::array();
  if (m.text)
    content.push_back({{"type", "text"}, {"text", *m.text}});
  for (size_t i = 0; i < m.calls.size(); ++i) {
    Json input = Json::parse(m.calls[i].arguments, nullptr, /*allow_exceptions=*/false);
    content.push_back({{"type", "tool_use"},
                       {"id", toolUseId(seq, i)},
                       {"name", m.calls[i].name},
                       {"input", input.is_discarded() ? Json(m.calls[i].arguments) : input}});
  }
  return Json{{"id", "msg_test_" + std::to_string(seq)},
              {"type", "message"},
              {"role", "assistant"},
              {"model", c.model.value_or("test-model")},
              {"content", std::move(content)},
              {"stop_reason", m.stopReason},
              {"stop_sequence", nullptr},
              {"usage", messagesUsage(reply, reply.completionTokens)}};
}

// ---------------------------------------------------------------------------------------------
// Streaming
// ---------------------------------------------------------------------------------------------

// Whether byte `i` of `text` begins a character: UTF-8 continuation bytes are 10xxxxxx.
bool beginsCharacter(const std::string &text, size_t i) {
  return i >= text.size() || (static_cast<unsigned char>(text[i]) & 0xC0) != 0x80;
}

// `text` in pieces of at most `maxBytes` bytes, never splitting a character (one longer than
// `maxBytes` is a piece of its own).
std::vector<std::string> bytePieces(const std::string &text, size_t maxBytes) {
  std::vector<std::string> pieces;
  for (size_t begin = 0; begin < text.size();) {
    size_t end = std::min(text.size(), begin + maxBytes);
    while (end > begin && !beginsCharacter(text, end))
      --end;
    if (end == begin) {
      end = begin + 1;
      while (!beginsCharacter(text, end))
        ++end;
    }
    pieces.push_back(text.substr(begin, end - begin));
    begin = end;
  }
  return pieces;
}

// `text` in words: each piece a run of non-space characters and the whitespace after it (leading
// whitespace goes with the first word). Whitespace is ASCII, so no character is split.
std::vector<std::string> wordPieces(const std::string &text) {
  auto space = [](char ch) { return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\f' || ch == '\v'; };
  std::vector<std::string> pieces;
  size_t begin = 0;
  for (size_t i = 1; i < text.size(); ++i) {
    if (space(text[i - 1]) && !space(text[i])) {
      pieces.push_back(text.substr(begin, i - begin));
      begin = i;
    }
  }
  if (begin < text.size())
    pieces.push_back(text.substr(begin));
  return pieces;
}

// Tool call arguments stream in pieces of this many bytes, about what the APIs send.
constexpr size_t kArgumentPieceBytes = 8;

std::vector<std::string> textPieces(const std::string &text, const Entry &entry) {
  return entry.chunkBytes ? bytePieces(text, static_cast<size_t>(*entry.chunkBytes)) : wordPieces(text);
}

// One piece of a streamed reply as it goes on the wire; `delta`: a piece of the content or of a
// tool call's arguments, what break_after_chunks counts.
struct StreamEvent {
  std::string text;
  bool delta = false;
};

// A streamed reply: the opening events (before any content block), the content blocks (their
// starts, deltas and stops), the closing events (or the scripted error), and how to send them.
struct StreamPlan {
  std::vector<StreamEvent> opening;
  std::vector<StreamEvent> blocks;
  std::vector<StreamEvent> closing;
  int64_t delayMs = 0;
  std::optional<int64_t> breakAfter;
};

std::string sseData(const Json &data) { return "data: " + data.dump() + "\n\n"; }
std::string sseEvent(const std::string &name, const Json &data) { return "event: " + name + "\n" + sseData(data); }

// Whether a request asks for a streamed reply: "stream": true, as both APIs spell it.
bool wantsStream(const Json &body) {
  auto it = body.find("stream");
  return it != body.end() && it->is_boolean() && it->get<bool>();
}

// Chat completions' stream_options.include_usage.
bool wantsUsage(const Json &body) {
  auto options = body.find("stream_options");
  if (options == body.end() || !options->is_object())
    return false;
  auto include = options->find("include_usage");
  return include != options->end() && include->is_boolean() && include->get<bool>();
}

// A chat completion as chat.completion.chunk events: the role, the content in pieces, each tool
// call (its id and name, then its arguments in pieces), the finish reason, the usage when asked
// for, [DONE].
StreamPlan completionStream(const Entry &entry, int64_t seq, const Conversation &c, bool includeUsage) {
  const Reply &reply = *entry.reply;
  const std::string id = "chatcmpl-test-" + std::to_string(seq);
  const int64_t created = static_cast<int64_t>(std::time(nullptr));
  const std::string model = c.model.value_or("test-model");
  auto chunk = [&](Json delta, Json finishReason) {
    Json out = {{"id", id},
                {"object", "chat.completion.chunk"},
                {"created", created},
                {"model", model},
                {"choices",
                 Json::array({{{"index", 0}, {"delta", std::move(delta)}, {"finish_reason", std::move(finishReason)}}})}};
    // With include_usage every chunk has a usage, null but in the last (the API's rule).
    if (includeUsage)
      out["usage"] = nullptr;
    return sseData(out);
  };
  StreamPlan plan{{}, {}, {}, entry.chunkDelayMs, entry.breakAfterChunks};
  plan.opening.push_back({chunk({{"role", "assistant"}, {"content", ""}}, nullptr)});
  if (reply.content) {
    for (const std::string &piece : textPieces(*reply.content, entry))
      plan.blocks.push_back({chunk({{"content", piece}}, nullptr), true});
  }
  for (size_t i = 0; i < reply.toolCalls.size(); ++i) {
    const ToolCall &call = reply.toolCalls[i];
    Json head = {{"index", i},
                 {"id", "call_" + std::to_string(seq) + "_" + std::to_string(i)},
                 {"type", "function"},
                 {"function", {{"name", call.name}, {"arguments", ""}}}};
    plan.blocks.push_back({chunk({{"tool_calls", Json::array({head})}}, nullptr)});
    for (const std::string &piece : bytePieces(call.arguments, kArgumentPieceBytes)) {
      Json part = {{"index", i}, {"function", {{"arguments", piece}}}};
      plan.blocks.push_back({chunk({{"tool_calls", Json::array({part})}}, nullptr), true});
    }
  }
  if (entry.streamError) {
    plan.closing.push_back({sseData({{"error", {{"message", *entry.streamError}, {"type", "server_error"}}}})});
    return plan;
  }
  const std::string finishReason = reply.finishReason.value_or(reply.toolCalls.empty() ? "stop" : "tool_calls");
  plan.closing.push_back({chunk(Json::object(), finishReason)});
  if (includeUsage) {
    plan.closing.push_back({sseData({{"id", id},
                                     {"object", "chat.completion.chunk"},
                                     {"created", created},
                                     {"model", model},
                                     {"choices", Json::array()},
                                     {"usage", chatUsage(reply)}})});
  }
  plan.closing.push_back({"data: [DONE]\n\n"});
  return plan;
}

// A Messages API reply as its events: message_start, a ping, each content block (start, deltas,
// stop) in the order the plain reply has them, message_delta, message_stop.
StreamPlan messagesStream(const Entry &entry, int64_t seq, const Conversation &c) {
  const Reply &reply = *entry.reply;
  const MessagesReply m = messagesReply(reply, c);
  StreamPlan plan{{}, {}, {}, entry.chunkDelayMs, entry.breakAfterChunks};
  Json message = {{"id", "msg_test_" + std::to_string(seq)},
                  {"type", "message"},
                  {"role", "assistant"},
                  {"model", c.model.value_or("test-model")},
                  {"content", Json::array()},
                  {"stop_reason", nullptr},
                  {"stop_sequence", nullptr},
                  {"usage", messagesUsage(reply, 1)}};
  plan.opening.push_back({sseEvent("message_start", {{"type", "message_start"}, {"message", std::move(message)}})});
  plan.opening.push_back({sseEvent("ping", {{"type", "ping"}})});

  size_t index = 0;
  auto block = [&](Json start, const std::vector<std::string> &pieces, const char *deltaType, const char *key) {
    Json opened = {{"type", "content_block_start"}, {"index", index}, {"content_block", std::move(start)}};
    plan.blocks.push_back({sseEvent("content_block_start", opened)});
    for (const std::string &piece : pieces) {
      Json delta = {{"type", "content_block_delta"}, {"index", index}, {"delta", {{"type", deltaType}, {key, piece}}}};
      plan.blocks.push_back({sseEvent("content_block_delta", delta), true});
    }
    plan.blocks.push_back({sseEvent("content_block_stop", {{"type", "content_block_stop"}, {"index", index}})});
    ++index;
  };
  if (m.text)
    block({{"type", "text"}, {"text", ""}}, textPieces(*m.text, entry), "text_delta", "text");
  // The arguments text goes as it is: partial_json pieces that join to the text, broken or not.
  for (size_t i = 0; i < m.calls.size(); ++i)
    block({{"type", "tool_use"}, {"id", toolUseId(seq, i)}, {"name", m.calls[i].name}, {"input", Json::object()}},
          bytePieces(m.calls[i].arguments, kArgumentPieceBytes), "input_json_delta", "partial_json");

  if (entry.streamError) {
    plan.closing.push_back(
        {sseEvent("error", {{"type", "error"}, {"error", {{"type", "overloaded_error"}, {"message", *entry.streamError}}}})});
    return plan;
  }
  plan.closing.push_back({sseEvent("message_delta", {{"type", "message_delta"},
                                                     {"delta", {{"stop_reason", m.stopReason}, {"stop_sequence", nullptr}}},
                                                     {"usage", {{"output_tokens", reply.completionTokens}}}})});
  plan.closing.push_back({sseEvent("message_stop", {{"type", "message_stop"}})});
  return plan;
}

// Sends a plan through httplib's chunked writer, each event a chunk of its own (written to the
// socket at once). Returns false to drop the connection: httplib then ends the response without
// its terminating zero-length chunk and closes the socket, so the client sees a transfer cut
// short — a scripted break, or a client that went away. `ending` is called just before the client
// can see the end (the last event, or the break), so that a request it sends next does not find
// this one still in flight.
bool writeStream(const StreamPlan &plan, httplib::DataSink &sink, const std::function<void()> &ending) {
  bool first = true;
  auto send = [&](const StreamEvent &event, bool last) {
    if (!first && plan.delayMs > 0)
      std::this_thread::sleep_for(std::chrono::milliseconds(plan.delayMs));
    first = false;
    if (last)
      ending();
    return sink.write(event.text.data(), event.text.size());
  };
  auto cut = [&] {
    ending();
    return false;
  };
  for (const StreamEvent &event : plan.opening) {
    if (!send(event, false))
      return false;
  }
  if (plan.breakAfter && *plan.breakAfter == 0)
    return cut();
  int64_t deltas = 0;
  for (const StreamEvent &event : plan.blocks) {
    if (!send(event, false))
      return false;
    if (event.delta && plan.breakAfter && ++deltas == *plan.breakAfter)
      return cut();
  }
  // Fewer deltas than break_after_chunks: the break comes before the closing events.
  if (plan.breakAfter)
    return cut();
  for (size_t i = 0; i < plan.closing.size(); ++i) {
    if (!send(plan.closing[i], i + 1 == plan.closing.size()))
      return false;
  }
  sink.done();
  return true;
}

// ---------------------------------------------------------------------------------------------
// The server
// ---------------------------------------------------------------------------------------------

class LlmServer {
public:
  LlmServer(Script script, std::ofstream log)
      : entries_(std::move(script.replies)), embeddingRules_(std::move(script.embeddings)), log_(std::move(log)),
        batches_(script.batches, [this](bool messagesApi, const Json &body, const std::string &batchId,
                                        const std::string &customId) {
          return answerInBatch(messagesApi, body, batchId, customId);
        }) {}

  wfc::test::ProviderBatches &batches() { return batches_; }

  // A batch endpoint (ProviderBatches.h), logged like every request.
  void batchEndpoint(const httplib::Request &req, httplib::Response &res,
                     const std::function<wfc::test::ProviderBatches::Response(const Json &body)> &call) {
    serve(req, res, [&](int64_t, const std::optional<Json> &body, bool &) {
      wfc::test::ProviderBatches::Response answer = call(body ? *body : Json());
      res.status = answer.status;
      res.set_content(answer.body, answer.contentType.c_str());
      return std::optional<size_t>();
    });
  }

  // OpenAI's /embeddings: {model, input: string or [strings], dimensions?} answered with one
  // vector per input (docs/test-llm-server.md "Embeddings").
  void embeddings(const httplib::Request &req, httplib::Response &res) {
    serve(req, res, [&](int64_t, const std::optional<Json> &body, bool &) {
      auto fail = [&](int status, const std::string &message) {
        res.status = status;
        setJson(res, errorBody(Api::ChatCompletions, message, "invalid_request_error"));
        return std::optional<size_t>();
      };
      if (!body || !body->is_object()) return fail(400, "the request body is not a JSON object");
      if (!body->contains("model") || !(*body)["model"].is_string()) return fail(400, "the request has no \"model\"");
      std::vector<std::string> inputs;
      const Json input = body->value("input", Json());
      if (input.is_string()) {
        inputs.push_back(input.get<std::string>());
      } else if (input.is_array() && !input.empty()) {
        for (const Json &item : input) {
          if (!item.is_string()) return fail(400, "\"input\" holds an item that is not a string");
          inputs.push_back(item.get<std::string>());
        }
      } else {
        return fail(400, "the request has no \"input\" (a string or a non-empty list of strings)");
      }
      size_t dimensions = 32;
      if (body->contains("dimensions")) {
        const Json &d = (*body)["dimensions"];
        if (!d.is_number_unsigned() || d.get<uint64_t>() == 0 || d.get<uint64_t>() > 4096)
          return fail(400, "\"dimensions\" must be a whole number from 1 to 4096");
        dimensions = d.get<size_t>();
      }
      Json data = Json::array();
      int64_t tokens = 0;
      for (size_t i = 0; i < inputs.size(); ++i) {
        if (inputs[i].empty()) return fail(400, "input " + std::to_string(i) + " is empty");
        std::optional<std::vector<double>> vector;
        for (const EmbeddingRule &rule : embeddingRules_) {
          if (inputs[i].find(rule.inputContains) == std::string::npos) continue;
          if (!rule.vector) {
            res.status = rule.status;
            res.set_content(rule.body.value_or(errorBody(Api::ChatCompletions, "scripted failure", "test").dump()),
                            "application/json");
            return std::optional<size_t>();
          }
          vector = rule.vector;
          break;
        }
        data.push_back({{"object", "embedding"}, {"index", i}, {"embedding", vector ? *vector : embeddingOf(inputs[i], dimensions)}});
        tokens += int64_t((inputs[i].size() + 3) / 4);
      }
      setJson(res, {{"object", "list"}, {"data", std::move(data)}, {"model", (*body)["model"]},
                    {"usage", {{"prompt_tokens", tokens}, {"total_tokens", tokens}}}});
      return std::optional<size_t>();
    });
  }

  void chat(Api api, const httplib::Request &req, httplib::Response &res) {
    serve(req, res, [&](int64_t seq, const std::optional<Json> &body, bool &streamed) {
      return answer(api, seq, body, res, streamed);
    });
  }

  void notFound(const httplib::Request &req, httplib::Response &res) {
    serve(req, res, [&](int64_t, const std::optional<Json> &, bool &) {
      res.status = 404;
      setJson(res, errorBody(Api::ChatCompletions,
                             "not found: " + req.method + " " + req.path +
                                 " (this server answers POST /v1/chat/completions, /chat/completions, /v1/messages, "
                                 "/messages, /v1/embeddings and /embeddings, and the batch endpoints /v1/files, "
                                 "/v1/batches and /v1/messages/batches)",
                             "test"));
      return std::optional<size_t>();
    });
  }

private:
  // `streamed`: set when the answer is a stream, which then ends the request's in-flight count
  // itself, when its last event is written.
  using Answer = std::function<std::optional<size_t>(int64_t seq, const std::optional<Json> &body, bool &streamed)>;

  // One request of a provider batch, answered as the synchronous endpoint would be (no scripted
  // delay: the batch's completion_ms is its latency; no stream) and logged with its batch and
  // custom_id.
  wfc::test::ProviderBatches::Answer answerInBatch(bool messagesApi, const Json &body, const std::string &batchId,
                                                   const std::string &customId) {
    const Api api = messagesApi ? Api::Messages : Api::ChatCompletions;
    httplib::Request req;
    req.method = "POST";
    req.path = messagesApi ? "/v1/messages" : "/v1/chat/completions";
    req.body = body.dump();
    httplib::Response res;
    serve(
        req, res,
        [&](int64_t seq, const std::optional<Json> &parsed, bool &streamed) {
          if (parsed && parsed->is_object() && wantsStream(*parsed)) {
            res.status = 400;
            setJson(res, errorBody(api, "a batch request cannot stream (\"stream\": true)", "invalid_request_error"));
            return std::optional<size_t>();
          }
          return answer(api, seq, parsed, res, streamed, /*inBatch=*/true);
        },
        Json{{"batch", batchId}, {"custom_id", customId}});
    Json answered = Json::parse(res.body, nullptr, false);
    return {res.status, answered.is_discarded() ? Json(res.body) : std::move(answered)};
  }

  // The bookkeeping every request gets: its sequence number, the in-flight count, the log line
  // (with `extra`'s fields: a batch request's batch and custom_id).
  void serve(const httplib::Request &req, httplib::Response &res, const Answer &answer, const Json &extra = Json()) {
    const int64_t arrivedMs = sinceStart();
    int64_t seq = 0;
    int64_t inFlight = 0;
    {
      std::lock_guard lock(stateMutex_);
      seq = ++lastSeq_;
      inFlight = ++inFlight_;
      maxInFlight_ = std::max(maxInFlight_, inFlight_);
    }
    std::optional<Json> body;
    if (Json parsed = Json::parse(req.body, nullptr, /*allow_exceptions=*/false); !parsed.is_discarded())
      body = std::move(parsed);

    std::optional<size_t> matched;
    bool streamed = false;
    try {
      matched = answer(seq, body, streamed);
    } catch (const std::exception &e) {
      // A bug here must still produce an answer and a log line, or the test would hang or lie.
      res.status = 500;
      setJson(res, errorBody(Api::ChatCompletions, std::string("test server failure: ") + e.what(), "test"));
      matched.reset();
    }

    Json line;
    line["seq"] = seq;
    line["path"] = req.path;
    line["authorization"] = req.has_header("Authorization") ? Json(req.get_header_value("Authorization")) : Json();
    line["headers"] = headers(req);
    line["body"] = body ? *body : Json(req.body);
    line["matched"] = matched ? Json(*matched) : Json();
    line["status"] = res.status;
    line["in_flight"] = inFlight;
    if (extra.is_object())
      for (const auto &item : extra.items())
        line[item.key()] = item.value();
    {
      std::lock_guard lock(stateMutex_);
      if (auto it = measuredUsage_.find(seq); it != measuredUsage_.end()) {
        line["usage"] = std::move(it->second);  // what a measured reply reported
        measuredUsage_.erase(it);
      }
    }
    {
      std::lock_guard logLock(logMutex_);
      {
        std::lock_guard lock(stateMutex_);
        // Read at write time, so the last line of the log holds the maximum of the whole run.
        line["max_in_flight"] = maxInFlight_;
      }
      line["arrived_ms"] = arrivedMs;
      line["answered_ms"] = sinceStart();
      // replace: a non-UTF-8 body must not keep its request out of the log.
      log_ << line.dump(-1, ' ', false, Json::error_handler_t::replace) << '\n';
      log_.flush();
    }
    if (!streamed)
      finished();
  }

  // A request is no longer in flight: answered, or its stream over (sent, broken or dropped).
  void finished() {
    std::lock_guard lock(stateMutex_);
    --inFlight_;
  }

  std::optional<size_t> answer(Api api, int64_t seq, const std::optional<Json> &body, httplib::Response &res,
                               bool &streamed, bool inBatch = false) {
    auto fail = [&](int status, const std::string &message, const std::string &type) {
      res.status = status;
      setJson(res, errorBody(api, message, type));
      return std::optional<size_t>();
    };
    if (!body || !body->is_object())
      return fail(400, "the request body is not a JSON object", "invalid_request_error");
    if (!body->contains("messages") || !(*body)["messages"].is_array())
      return fail(400, "the request has no \"messages\" array", "invalid_request_error");
    if (api == Api::Messages) {
      if (std::optional<std::string> problem = messagesProblem(*body))
        return fail(400, *problem, "invalid_request_error");
    } else if (std::optional<std::string> problem = chatMediaProblem(*body)) {
      return fail(400, *problem, "invalid_request_error");
    }
    const Conversation conversation = api == Api::Messages ? summarizeMessages(*body) : summarizeChat(*body);

    std::optional<size_t> matched;
    {
      // Matching and using up `times` is one step, so concurrent requests never share a use.
      std::lock_guard lock(scriptMutex_);
      for (size_t i = 0; i < entries_.size() && !matched; ++i) {
        Entry &entry = entries_[i];
        if ((entry.timesLeft && *entry.timesLeft == 0) || !holds(entry.match, conversation))
          continue;
        if (entry.timesLeft)
          --*entry.timesLeft;
        matched = i;
      }
    }
    if (!matched) {
      std::string message = "no scripted reply matches this request: " + describe(conversation);
      std::cerr << kProgram << ": request " << seq << ": " << message << std::endl;
      return fail(500, message, "test");
    }

    // Only timesLeft changes after loading, and only under scriptMutex_: the rest is read freely.
    // A measured reply is this request's own copy of its entry.
    std::optional<Entry> measured;
    // Only a reply that is sent is measured: a scripted error status or raw body has no usage.
    if (entries_[*matched].reply && entries_[*matched].reply->measured && entries_[*matched].status == 200 &&
        !entries_[*matched].body) {
      measured = entries_[*matched];
      measured->reply = measuredReply(*measured->reply, *body, api == Api::Messages);
      const wfc::test::PromptCacheModel::Usage cache = api == Api::Messages
                                                          ? caches_.messages(*body, measured->reply->promptTokens)
                                                          : caches_.chat(*body, measured->reply->promptTokens);
      measured->reply->cachedTokens = cache.read;
      measured->reply->cacheWriteTokens = api == Api::Messages ? cache.written : 0;
      std::lock_guard lock(stateMutex_);
      measuredUsage_[seq] = {{"prompt_tokens", measured->reply->promptTokens},
                             {"completion_tokens", measured->reply->completionTokens}};
      if (measured->reply->cachedTokens > 0)
        measuredUsage_[seq]["cached_tokens"] = measured->reply->cachedTokens;
      if (measured->reply->cacheWriteTokens > 0)
        measuredUsage_[seq]["cache_write_tokens"] = measured->reply->cacheWriteTokens;
    }
    const Entry &entry = measured ? *measured : entries_[*matched];
    // Sleeps this worker thread only; the other workers keep answering.
    if (entry.delayMs > 0 && !inBatch)
      std::this_thread::sleep_for(std::chrono::milliseconds(entry.delayMs));
    res.status = entry.status;
    if (entry.reply && !entry.body && entry.status == 200 && wantsStream(*body)) {
      // Built here, where a failure is still a 500 with a log line; httplib calls the provider
      // once this handler has returned, and the releaser when the response is done with.
      auto plan = std::make_shared<const StreamPlan>(api == Api::Messages
                                                         ? messagesStream(entry, seq, conversation)
                                                         : completionStream(entry, seq, conversation, wantsUsage(*body)));
      // Out of flight once: when the end is about to be sent, or else (a client gone, a provider
      // never run) when httplib releases the response.
      auto over = std::make_shared<std::atomic<bool>>(false);
      std::function<void()> end = [this, over] {
        if (!over->exchange(true))
          finished();
      };
      res.set_chunked_content_provider(
          "text/event-stream", [plan, end](size_t, httplib::DataSink &sink) { return writeStream(*plan, sink, end); },
          [end](bool) { end(); });
      streamed = true;
    } else if (entry.body)
      res.set_content(*entry.body, entry.contentType);
    else if (entry.status != 200)
      setJson(res, errorBody(api, "scripted status " + std::to_string(entry.status), "test"));
    else if (api == Api::Messages)
      setJson(res, messageResponse(*entry.reply, seq, conversation));
    else
      setJson(res, completion(*entry.reply, seq, conversation));
    for (const auto &[name, value] : entry.headers)
      res.set_header(name, value);
    return matched;
  }

  static void setJson(httplib::Response &res, const Json &json) { res.set_content(json.dump(), "application/json"); }

  // The request's headers, names lowercased; repeated headers joined by ", " as HTTP allows.
  static Json headers(const httplib::Request &req) {
    Json out = Json::object();
    for (const auto &[name, value] : req.headers) {
      // httplib files the peer's and its own address among the headers; the client sent none.
      if (name == "REMOTE_ADDR" || name == "REMOTE_PORT" || name == "LOCAL_ADDR" || name == "LOCAL_PORT")
        continue;
      std::string lower = name;
      std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char ch) { return std::tolower(ch); });
      if (out.contains(lower))
        out[lower] = out[lower].get<std::string>() + ", " + value;
      else
        out[lower] = value;
    }
    return out;
  }

  int64_t sinceStart() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start_).count();
  }

  const Clock::time_point start_ = Clock::now();

  wfc::test::PromptCacheModel caches_;  // measured replies' prompt caches
  std::mutex scriptMutex_;
  std::vector<Entry> entries_;
  const std::vector<EmbeddingRule> embeddingRules_;

  std::mutex stateMutex_;
  int64_t lastSeq_ = 0;
  int64_t inFlight_ = 0;
  int64_t maxInFlight_ = 0;
  std::map<int64_t, Json> measuredUsage_;  // by seq, until the request's log line takes it

  std::mutex logMutex_;
  std::ofstream log_;

  wfc::test::ProviderBatches batches_;  // last: its answers use everything above
};

// httplib 0.11 listens with a backlog of 5: a burst of 64 connections would overflow it and
// some clients would only get in after a SYN retransmission, a second later. Calling listen()
// again on the bound socket raises the backlog; svr_sock_ is protected, hence the subclass.
class HttpServer : public httplib::Server {
public:
  void widenBacklog() { ::listen(svr_sock_, 512); }
};

struct Options {
  std::string script;
  std::string log;
  int port = 0;
  bool watchStdin = false;
  bool keepAlive = true;
  size_t workers = kWorkerThreads;
};

[[noreturn]] void usage(const std::string &problem) {
  std::cerr << kProgram << ": " << problem << "\n"
            << "usage: " << kProgram << " --script FILE --log FILE [--port N] [--workers N] [--watch-stdin] [--no-keep-alive]\n";
  std::exit(2);
}

Options parseArguments(int argc, char **argv) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc)
        usage(arg + " needs a value");
      return argv[++i];
    };
    if (arg == "--script") {
      options.script = value();
    } else if (arg == "--log") {
      options.log = value();
    } else if (arg == "--port") {
      std::string text = value();
      char *end = nullptr;
      long port = std::strtol(text.c_str(), &end, 10);
      if (text.empty() || *end != '\0' || port < 0 || port > 65535)
        usage("--port: not a port number: " + text);
      options.port = static_cast<int>(port);
    } else if (arg == "--workers") {
      std::string text = value();
      char *end = nullptr;
      long workers = std::strtol(text.c_str(), &end, 10);
      if (text.empty() || *end != '\0' || workers < 1 || workers > 4096)
        usage("--workers: not a number from 1 to 4096: " + text);
      options.workers = static_cast<size_t>(workers);
    } else if (arg == "--watch-stdin") {
      options.watchStdin = true;
    } else if (arg == "--no-keep-alive") {
      options.keepAlive = false;
    } else if (arg == "--help" || arg == "-h") {
      std::cout << "usage: " << kProgram << " --script FILE --log FILE [--port N] [--workers N] [--watch-stdin] [--no-keep-alive]\n"
                << "A scripted LLM server on 127.0.0.1 for tests, speaking chat completions and the\n"
                << "Messages API; see docs/test-llm-server.md. --workers: requests handled at once\n"
                << "(default 64); --watch-stdin: exit when stdin reaches end of file; --no-keep-alive:\n"
                << "close each connection after its answer.\n";
      std::exit(0);
    } else {
      usage("unknown argument: " + arg);
    }
  }
  if (options.script.empty() || options.log.empty())
    usage("--script and --log are required");
  return options;
}

}  // namespace

int main(int argc, char **argv) {
  const Options options = parseArguments(argc, argv);

  Script script;
  try {
    script = loadScript(options.script);
  } catch (const ScriptError &e) {
    std::cerr << kProgram << ": bad script: " << e.what() << std::endl;
    return 2;
  }
  std::ofstream log(options.log, std::ios::app);
  if (!log) {
    std::cerr << kProgram << ": cannot open log " << options.log << ": " << std::strerror(errno) << std::endl;
    return 2;
  }

  // Block the stop signals in every thread (threads inherit the mask, so before creating any);
  // main takes them with sigwait, where stopping the server is safe, unlike in a handler.
  sigset_t stopSignals;
  sigemptyset(&stopSignals);
  sigaddset(&stopSignals, SIGTERM);
  sigaddset(&stopSignals, SIGINT);
  pthread_sigmask(SIG_BLOCK, &stopSignals, nullptr);
  // A client that hangs up early must not kill the server.
  std::signal(SIGPIPE, SIG_IGN);

  LlmServer llm(std::move(script), std::move(log));
  HttpServer server;
  server.new_task_queue = [workers = options.workers] { return new httplib::ThreadPool(workers); };
  // SO_REUSEADDR alone: a server restarted on a fixed port binds despite connections of its
  // predecessor in TIME_WAIT, but a port another server listens on stays busy (httplib's
  // default adds SO_REUSEPORT, which would let two servers share it).
  server.set_socket_options([](socket_t sock) {
    int yes = 1;
    ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  // TCP_NODELAY, as real providers' servers send: httplib writes a response's headers and body
  // apart, and with Nagle on, the body of every request after the first on a keep-alive
  // connection waited for the client's delayed ACK — about 44 ms a request, which the
  // benchmark's LLM rows measured as if it were the client's. (Accepted sockets inherit it from
  // the listening one.)
  server.set_tcp_nodelay(true);
  // httplib waits for a kept-alive connection's next request by polling it every 10 ms: with
  // thousands of connections open (a served load test) that polling takes a core. Without
  // keep-alive each request has a connection of its own, and an idle one costs nothing.
  if (!options.keepAlive) server.set_keep_alive_max_count(1);
  auto chat = [&](const httplib::Request &req, httplib::Response &res) { llm.chat(Api::ChatCompletions, req, res); };
  auto messages = [&](const httplib::Request &req, httplib::Response &res) { llm.chat(Api::Messages, req, res); };
  auto notFound = [&](const httplib::Request &req, httplib::Response &res) { llm.notFound(req, res); };
  server.Post("/v1/chat/completions", chat);
  server.Post("/chat/completions", chat);
  server.Post("/v1/messages", messages);
  auto embeddings = [&](const httplib::Request &req, httplib::Response &res) { llm.embeddings(req, res); };
  server.Post("/v1/embeddings", embeddings);
  server.Post("/embeddings", embeddings);
  server.Post("/messages", messages);
  // Provider batches (ProviderBatches.h), with and without the /v1 prefix as the endpoints above.
  using Batches = wfc::test::ProviderBatches;
  auto batchRoute = [&](auto method, const char *pattern, auto call) {
    (server.*method)(pattern, [&llm, call](const httplib::Request &req, httplib::Response &res) {
      llm.batchEndpoint(req, res, [&](const Json &body) { return call(llm.batches(), req, body); });
    });
  };
  using Method = httplib::Server &(httplib::Server::*)(const std::string &, httplib::Server::Handler);
  const Method post = &httplib::Server::Post, get = &httplib::Server::Get, del = &httplib::Server::Delete;
  batchRoute(post, R"((?:/v1)?/files)", [](Batches &b, const httplib::Request &req, const Json &) {
    if (!req.is_multipart_form_data() || !req.has_file("file"))
      return Batches::Response{400, errorBody(Api::ChatCompletions, "upload a file as multipart/form-data: "
                                                                    "fields \"purpose\" and \"file\"",
                                              "invalid_request_error").dump()};
    const httplib::MultipartFormData file = req.get_file_value("file");
    return b.uploadFile(req.has_file("purpose") ? req.get_file_value("purpose").content : "", file.filename,
                        file.content);
  });
  batchRoute(get, R"((?:/v1)?/files/([^/]+))",
             [](Batches &b, const httplib::Request &req, const Json &) { return b.file(req.matches[1]); });
  batchRoute(del, R"((?:/v1)?/files/([^/]+))",
             [](Batches &b, const httplib::Request &req, const Json &) { return b.deleteFile(req.matches[1]); });
  batchRoute(del, R"((?:/v1)?/messages/batches/([^/]+))", [](Batches &b, const httplib::Request &req, const Json &) {
    return b.deleteMessageBatch(req.matches[1]);
  });
  batchRoute(get, R"((?:/v1)?/files/([^/]+)/content)",
             [](Batches &b, const httplib::Request &req, const Json &) { return b.fileContent(req.matches[1]); });
  batchRoute(post, R"((?:/v1)?/batches)",
             [](Batches &b, const httplib::Request &, const Json &body) { return b.createBatch(body); });
  batchRoute(get, R"((?:/v1)?/batches/([^/]+))",
             [](Batches &b, const httplib::Request &req, const Json &) { return b.batch(req.matches[1]); });
  batchRoute(post, R"((?:/v1)?/batches/([^/]+)/cancel)",
             [](Batches &b, const httplib::Request &req, const Json &) { return b.cancelBatch(req.matches[1]); });
  batchRoute(post, R"((?:/v1)?/messages/batches)",
             [](Batches &b, const httplib::Request &req, const Json &body) {
               return b.createMessageBatch(body, req.body.size());
             });
  batchRoute(get, R"((?:/v1)?/messages/batches/([^/]+))",
             [](Batches &b, const httplib::Request &req, const Json &) { return b.messageBatch(req.matches[1]); });
  batchRoute(get, R"((?:/v1)?/messages/batches/([^/]+)/results)", [](Batches &b, const httplib::Request &req,
                                                                     const Json &) {
    return b.messageBatchResults(req.matches[1]);
  });
  batchRoute(post, R"((?:/v1)?/messages/batches/([^/]+)/cancel)", [](Batches &b, const httplib::Request &req,
                                                                     const Json &) {
    return b.cancelMessageBatch(req.matches[1]);
  });
  // Routes are tried in order: everything else, with any method, is a logged JSON 404.
  server.Post(".*", notFound);
  server.Get(".*", notFound);
  server.Put(".*", notFound);
  server.Patch(".*", notFound);
  server.Delete(".*", notFound);
  server.Options(".*", notFound);

  int port = options.port;
  if (port == 0) {
    port = server.bind_to_any_port("127.0.0.1");
  } else if (!server.bind_to_port("127.0.0.1", port)) {
    port = -1;
  }
  if (port <= 0) {
    std::cerr << kProgram << ": cannot listen on 127.0.0.1:" << options.port << std::endl;
    return 3;
  }
  server.widenBacklog();
  llm.batches().setOrigin("http://127.0.0.1:" + std::to_string(port));

  std::promise<void> listenDone;
  std::future<void> listenFinished = listenDone.get_future();
  std::thread listener([&] {
    server.listen_after_bind();
    listenDone.set_value();
  });

  if (options.watchStdin) {
    // The parent holds the other end of our stdin: end of file means it is gone (even killed),
    // and an orphaned server would keep the test's output pipes open.
    std::thread([] {
      char buffer[256];
      for (;;) {
        ssize_t n = ::read(STDIN_FILENO, buffer, sizeof buffer);
        if (n == 0 || (n < 0 && errno != EINTR))
          break;
      }
      ::kill(::getpid(), SIGTERM);
    }).detach();
  }

  // The socket is already listening (connections queue in the backlog), so this is ready.
  std::printf("listening on 127.0.0.1:%d\n", port);
  std::fflush(stdout);

  int received = 0;
  while (sigwait(&stopSignals, &received) != 0) {
  }
  server.stop();  // closes the listening socket: new connections are refused from here on
  // A stopped server is gone, as a crashed one would be: requests still sleeping in a delay get
  // no answer (their connections close) and no log line. Idle keep-alive connections would hold
  // their workers for up to 5 s, so after a moment for answers being written, just leave;
  // every log line is flushed already.
  if (listenFinished.wait_for(std::chrono::milliseconds(100)) != std::future_status::ready) {
    std::fflush(nullptr);
    std::_Exit(0);
  }
  listener.join();
  return 0;
}

#include "core/llm/AnthropicProvider.h"

#include "common/JsonReader.h"
#include "support/http/HttpClient.h"

#include "core/llm/Media.h"
#include "core/llm/ReplyStream.h"
#include "wfc/error.h"

#include <algorithm>
#include <optional>
#include <utility>

namespace wfc::llm {
namespace {

// The tool through which a structured request asks for its answer (see the header).
struct AnswerTool {
  std::string name;  // the StructuredOutput's name, unless an offered tool has it
  bool wrapped;      // the schema is not an object's: the input is {"value": <the answer>}
};

std::optional<AnswerTool> answerTool(const Request &request) {
  if (!request.structured) return std::nullopt;
  std::string name = request.structured->name;
  auto taken = [&](const std::string &candidate) {
    for (const ToolSpec &tool : request.tools)
      if (tool.name == candidate) return true;
    return false;
  };
  while (taken(name)) name += "_answer";
  const Json &schema = request.structured->schema;
  bool object = schema.is_object() && schema.contains("type") && schema["type"] == "object";
  return AnswerTool{name, !object};
}

// A tool's input must be an object: any other schema becomes the `value` property of one, its
// definitions staying at the root so that "#/$defs/…" references still resolve.
Json answerSchema(const Json &schema, bool wrapped) {
  if (!wrapped) return schema;
  Json inner = schema;
  Json root = {{"type", "object"}, {"properties", {{"value", Json()}}}, {"required", {"value"}},
               {"additionalProperties", false}};
  for (const char *defs : {"$defs", "definitions"})
    if (inner.is_object() && inner.contains(defs)) {
      root[defs] = inner[defs];
      inner.erase(defs);
    }
  root["properties"]["value"] = std::move(inner);
  return root;
}

Json textBlock(const std::string &text) { return {{"type", "text"}, {"text", text}}; }

// A tool call's arguments as a tool_use input, which must be an object. Replies of this API always
// carry one; anything else (a conversation from elsewhere) is sent as {}.
Json toolInput(const std::string &arguments) {
  Json input = readJsonOrDiscarded(arguments);
  return input.is_object() ? input : Json::object();
}

Json toolChoice(const std::string &choice) {
  if (choice == "auto" || choice == "none") return {{"type", choice}};
  if (choice == "required") return {{"type", "any"}};
  return {{"type", "tool"}, {"name", choice}};  // a tool's name
}

[[noreturn]] void refuse(const MediaPart &part, const std::string &why) {
  refuseMedia("an Anthropic provider", part, why);
}

// A user message's media as Messages API blocks: images (base64 or URL) and PDF documents, as
// PromptKit's Claude provider sends them. Audio, video and other documents are refused before
// anything is sent: the API takes none.
Json mediaBlock(const MediaPart &part) {
  Json source = part.url.empty() ? Json{{"type", "base64"}, {"media_type", part.mimeType}, {"data", part.data}}
                                 : Json{{"type", "url"}, {"url", part.url}};
  if (part.type == "image") {
    if (!isSendableImage(part.mimeType)) refuse(part, "images go as JPEG, PNG, GIF or WebP");
    return {{"type", "image"}, {"source", std::move(source)}};
  }
  if (part.type == "document") {
    if (part.mimeType != "application/pdf") refuse(part, "documents go as PDF");
    return {{"type", "document"}, {"source", std::move(source)}};
  }
  refuse(part, "the Messages API takes images and PDF documents");
}

// A cache breakpoint (docs/cost.md "Prompt caching"): the provider caches the request up to the
// block that carries it.
void markBreakpoint(Json &block) { block["cache_control"] = {{"type", "ephemeral"}}; }

// The system text as two blocks: its first `staticBytes` (no run changes them), then the rest, if any.
Json splitStatic(const std::string &text, size_t staticBytes) {
  Json blocks = Json::array({textBlock(text.substr(0, staticBytes))});
  if (staticBytes < text.size()) blocks.push_back(textBlock(text.substr(staticBytes)));
  return blocks;
}

// Places the compiler's cache breakpoints on a Messages API body: one at the end of the static
// prefix (the tools, then the system text's static part) and, for an agent, one at the end of the
// conversation, which the next round sends again. A breakpoint goes only where the prefix before it
// can reach the model's minimum: every token covers at least one byte, so a prefix of fewer bytes
// than the minimum has fewer tokens, and the API would ignore it. `systemAsUser`: the system text
// went as the first user message (a step without input). Without a breakpoint the body is as it
// would be without caching.
void placeBreakpoints(Json &body, const Request &request, bool systemAsUser) {
  const PromptCache &cache = request.cache;
  if (!cache.enabled) return;
  const uint64_t minimum = anthropicCacheMinimumTokens(request.model);
  uint64_t prefix = 0;  // the static prefix's bytes
  Json *tools = body.contains("tools") && !body["tools"].empty() ? &body["tools"] : nullptr;
  if (tools)
    for (const Json &tool : *tools) prefix += tool.dump().size();
  // Where the system text is: the top-level `system`, or the first user message's only block.
  Json *system = body.contains("system") ? &body["system"] : systemAsUser ? &body["messages"][0]["content"] : nullptr;
  std::string text;
  size_t staticBytes = 0;
  if (system) {
    text = system->is_string() ? system->get<std::string>() : (*system)[0]["text"].get<std::string>();
    staticBytes = std::min(cache.staticSystemBytes, text.size());
    // Cut back to a character's start: a block is valid UTF-8.
    while (staticBytes > 0 && staticBytes < text.size() &&
           (static_cast<unsigned char>(text[staticBytes]) & 0xC0) == 0x80)
      --staticBytes;
    prefix += staticBytes;
  }
  const bool placed = prefix >= minimum && (staticBytes > 0 || tools);
  if (placed) {
    if (staticBytes > 0) {
      *system = splitStatic(text, staticBytes);
      markBreakpoint((*system)[0]);
    } else {
      markBreakpoint(tools->back());
    }
  }
  if (!cache.conversation || body["messages"].empty()) return;
  Json &last = body["messages"].back()["content"];
  if (!last.is_array() || last.empty() || last.back().contains("cache_control")) return;
  if (!placed && body.dump().size() < minimum) return;  // the whole request is below the minimum
  markBreakpoint(last.back());
}

}  // namespace

uint64_t anthropicCacheMinimumTokens(std::string_view model) {
  // Anthropic's documented minimums. A model this does not know gets the smallest: a breakpoint on
  // a prefix below a model's minimum is ignored, and costs nothing.
  auto has = [&](std::string_view part) { return model.find(part) != std::string_view::npos; };
  if (has("opus-4-5") || has("opus-4-6") || has("haiku-4")) return 4096;
  if (has("haiku")) return 2048;
  return 1024;
}

Json toAnthropicBody(const Request &request) {
  Json body = Json::object();
  body["model"] = request.model;
  const Json *maxTokens = request.parameters.is_object() && request.parameters.contains("max_tokens")
                              ? &request.parameters["max_tokens"]
                              : nullptr;
  body["max_tokens"] = maxTokens ? *maxTokens : Json(kAnthropicDefaultMaxTokens);

  std::string system;
  bool conversation = false;
  for (const Message &m : request.messages) {
    if (m.role == Message::Role::System) system += (system.empty() ? "" : "\n\n") + m.content;
    else conversation = true;
  }
  Json messages = Json::array();
  const bool systemAsUser = !conversation && !system.empty();
  if (systemAsUser) {
    // The API needs a message: a step without input sends its instructions as the user's.
    messages.push_back({{"role", "user"}, {"content", Json::array({textBlock(system)})}});
    system.clear();
  }
  if (!system.empty()) body["system"] = system;
  bool afterToolResult = false;
  for (const Message &m : request.messages) {
    switch (m.role) {
      case Message::Role::System: break;
      case Message::Role::User: {
        Json content = Json::array();
        if (!m.content.empty() || m.media.empty()) content.push_back(textBlock(m.content));
        for (const MediaPart &part : m.media) content.push_back(mediaBlock(part));
        messages.push_back({{"role", "user"}, {"content", std::move(content)}});
        break;
      }
      case Message::Role::Assistant: {
        Json content = Json::array();
        if (!m.content.empty()) content.push_back(textBlock(m.content));
        for (const ToolCallRequest &call : m.toolCalls)
          content.push_back(
              {{"type", "tool_use"}, {"id", call.id}, {"name", call.name}, {"input", toolInput(call.arguments)}});
        messages.push_back({{"role", "assistant"}, {"content", std::move(content)}});
        break;
      }
      case Message::Role::Tool: {
        // The results of one round answer one assistant message: they go back in one user message.
        Json result = {{"type", "tool_result"}, {"tool_use_id", m.toolCallId}, {"content", m.content}};
        if (afterToolResult) messages.back()["content"].push_back(std::move(result));
        else messages.push_back({{"role", "user"}, {"content", Json::array({std::move(result)})}});
        break;
      }
    }
    if (m.role != Message::Role::System) afterToolResult = m.role == Message::Role::Tool;
  }
  body["messages"] = std::move(messages);

  std::optional<AnswerTool> answer = answerTool(request);
  Json tools = Json::array();
  for (const ToolSpec *tool : toolsByName(request.tools)) {
    Json spec = {{"name", tool->name}};
    if (!tool->description.empty()) spec["description"] = tool->description;
    spec["input_schema"] = tool->parameters;
    tools.push_back(std::move(spec));
  }
  if (answer)
    tools.push_back({{"name", answer->name},
                     {"description", answer->wrapped ? "Gives your final answer as this tool's `value`."
                                                     : "Gives your final answer as this tool's input."},
                     {"input_schema", answerSchema(request.structured->schema, answer->wrapped)}});
  if (!tools.empty()) {
    body["tools"] = std::move(tools);
    if (answer && request.tools.empty()) body["tool_choice"] = toolChoice(answer->name);
    else if (!request.toolChoice.empty()) body["tool_choice"] = toolChoice(request.toolChoice);
  }

  addParameters(body, request.parameters);
  placeBreakpoints(body, request, systemAsUser);
  return body;
}

std::string anthropicErrorText(const Json &body) {
  const Json &error = body.contains("error") ? body["error"] : body;
  std::string text = error.is_object() && error.contains("message") && error["message"].is_string()
                         ? error["message"].get<std::string>()
                         : error.dump();
  if (error.is_object() && error.contains("type") && error["type"].is_string())
    text = error["type"].get<std::string>() + ": " + text;
  return text;
}

std::string anthropicAnswerToolName(const Request &request) {
  std::optional<AnswerTool> answer = answerTool(request);
  return answer ? answer->name : std::string();
}

Reply parseAnthropicReply(const std::string &body, const Request &request) {
  return anthropicReply(parseReplyObject(body), request);
}

Reply anthropicReply(const Json &reply, const Request &request) {
  // `type` compared as a JSON value: value("type", "") would throw on a `type` that is not a string.
  if (reply.contains("type") && reply["type"] == "error") {
    // The API's error shape, should a server send it with status 200.
    throw malformedReply("is an error: " + http::textHead(anthropicErrorText(reply), 300));
  }
  auto content = reply.find("content");
  if (content == reply.end() || content->is_null()) throw malformedReply("has no content");
  if (!content->is_array()) throw malformedReply("has a content that is not an array");

  std::optional<AnswerTool> answer = answerTool(request);
  std::optional<Json> answered;
  Reply result;
  for (size_t i = 0; i < content->size(); ++i) {
    const Json &block = (*content)[i];
    std::string where = "content[" + std::to_string(i) + "]";
    if (!block.is_object()) throw malformedReply("has a " + where + " that is not an object");
    std::string type = block.contains("type") && block["type"].is_string() ? block["type"].get<std::string>() : "";
    if (type == "text") {
      if (auto text = block.find("text"); text != block.end() && text->is_string())
        result.content += text->get<std::string>();
    } else if (type == "tool_use") {
      auto name = block.find("name");
      if (name == block.end() || !name->is_string() || name->get<std::string>().empty())
        throw malformedReply("has no " + where + ".name");
      auto input = block.find("input");
      Json arguments = input == block.end() || input->is_null() ? Json::object() : *input;
      if (answer && *name == answer->name) {
        if (!answered)
          answered = answer->wrapped && arguments.is_object() && arguments.contains("value") ? arguments["value"]
                                                                                             : arguments;
        continue;
      }
      auto id = block.find("id");
      std::string callId = id != block.end() && id->is_string() && !id->get<std::string>().empty()
                               ? id->get<std::string>()
                               : "toolu_" + std::to_string(i);
      result.toolCalls.push_back({callId, name->get<std::string>(), arguments.dump()});
    }
    // Other blocks (thinking, …) carry nothing the step reads.
  }
  if (answered) {
    // The answer is final: calls beside it are dropped (their results could not change it).
    result.content = answered->dump();
    result.toolCalls.clear();
  }
  if (auto stop = reply.find("stop_reason"); stop != reply.end() && stop->is_string())
    result.finishReason = stop->get<std::string>();
  if (auto usage = reply.find("usage"); usage != reply.end() && usage->is_object()) {
    // Cached input is input too: the API counts it apart from input_tokens.
    result.usage.promptTokens = tokenCount(*usage, "input_tokens") + tokenCount(*usage, "cache_creation_input_tokens") +
                                tokenCount(*usage, "cache_read_input_tokens");
    result.usage.completionTokens = tokenCount(*usage, "output_tokens");
    result.usage.cachedPromptTokens = tokenCount(*usage, "cache_read_input_tokens");
    result.usage.cacheWritePromptTokens = tokenCount(*usage, "cache_creation_input_tokens");
  }
  if (auto model = reply.find("model"); model != reply.end() && model->is_string()) result.model = model->get<std::string>();
  if (auto id = reply.find("id"); id != reply.end() && id->is_string()) result.id = id->get<std::string>();
  return result;
}

AnthropicProvider::AnthropicProvider(Options options) : endpoint_(std::move(options), "/messages") {}

std::string AnthropicProvider::describe() const { return endpoint_.describe("anthropic"); }

Reply AnthropicProvider::complete(const Request &request, const ExchangeKey &key, const CancellationToken &cancel,
                                  const DeltaSink *deltas) {
  const Options &options = endpoint_.options();
  std::vector<std::string> headers = {std::string("anthropic-version: ") + kAnthropicVersion};
  if (options.apiKey && !options.apiKey->empty()) headers.push_back("x-api-key: " + *options.apiKey);
  Json body = toAnthropicBody(request);
  if (request.model.empty()) body["model"] = options.model;
  auto parse = [&](const std::string &reply) { return parseAnthropicReply(reply, request); };
  if (!deltas) return endpoint_.exchange(headers, body, key, cancel, parse);
  body["stream"] = true;
  return endpoint_.exchange(headers, body, key, cancel, parse,
                            {deltas, [&](const DeltaSink &sink) { return anthropicStream(sink, request); }});
}

}  // namespace wfc::llm

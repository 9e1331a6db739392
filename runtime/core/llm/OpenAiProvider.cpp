#include "core/llm/OpenAiProvider.h"

#include "support/http/HttpClient.h"

#include "core/llm/Media.h"
#include "core/llm/PromptKitWire.h"
#include "core/llm/ReplyStream.h"
#include "wfc/error.h"

#include <algorithm>
#include <utility>

namespace wfc::llm {
namespace {

// Text content: a string, null, or (some servers) an array of {type: "text", text} parts.
std::string contentText(const Json &message) {
  auto it = message.find("content");
  if (it == message.end() || it->is_null()) return "";
  if (it->is_string()) return it->get<std::string>();
  if (it->is_array()) {
    std::string text;
    for (const Json &part : *it)
      if (part.is_object() && part.contains("text") && part["text"].is_string()) text += part["text"].get<std::string>();
    return text;
  }
  throw malformedReply("has a choices[0].message.content that is neither a string nor null");
}

std::vector<ToolCallRequest> toolCalls(const Json &message) {
  std::vector<ToolCallRequest> calls;
  auto it = message.find("tool_calls");
  if (it == message.end() || it->is_null()) return calls;
  if (!it->is_array()) throw malformedReply("has a choices[0].message.tool_calls that is not an array");
  for (size_t i = 0; i < it->size(); ++i) {
    const Json &call = (*it)[i];
    std::string where = "choices[0].message.tool_calls[" + std::to_string(i) + "]";
    if (!call.is_object()) throw malformedReply("has a " + where + " that is not an object");
    auto function = call.find("function");
    if (function == call.end() || !function->is_object()) throw malformedReply("has no " + where + ".function");
    auto name = function->find("name");
    if (name == function->end() || !name->is_string() || name->get<std::string>().empty())
      throw malformedReply("has no " + where + ".function.name");
    ToolCallRequest request;
    request.name = name->get<std::string>();
    // Some local servers omit the id; the tool result still needs one to answer.
    auto id = call.find("id");
    request.id = id != call.end() && id->is_string() && !id->get<std::string>().empty() ? id->get<std::string>()
                                                                                        : "call_" + std::to_string(i);
    // Kept as the model's text: broken JSON goes back to the model as a tool error. A server that
    // sends an object (not text) or nothing gets that object's text or "{}".
    auto arguments = function->find("arguments");
    if (arguments == function->end() || arguments->is_null()) request.arguments = "{}";
    else if (arguments->is_string()) request.arguments = arguments->get<std::string>();
    else request.arguments = arguments->dump();
    calls.push_back(std::move(request));
  }
  return calls;
}

[[noreturn]] void refuse(const MediaPart &part, const std::string &why) {
  refuseMedia("an OpenAI-compatible provider", part, why);
}

std::string dataUrl(const MediaPart &part) { return "data:" + part.mimeType + ";base64," + part.data; }

// A user message's media as chat-completions content parts: images as image_url (a URL, or the
// bytes as a data: URL), wav and mp3 audio as input_audio, PDFs as file. What the API does not
// take (video, other documents, audio by URL) is refused before anything is sent.
Json contentPart(const MediaPart &part) {
  if (part.type == "image") {
    if (!isSendableImage(part.mimeType)) refuse(part, "images go as JPEG, PNG, GIF or WebP");
    Json image = {{"url", part.url.empty() ? dataUrl(part) : part.url}};
    if (!part.detail.empty()) image["detail"] = part.detail;
    return {{"type", "image_url"}, {"image_url", std::move(image)}};
  }
  if (part.type == "audio") {
    std::string format = mediaFormat(part.mimeType);
    if (format != "wav" && format != "mp3") refuse(part, "audio goes as wav or mp3");
    if (!part.url.empty()) refuse(part, "audio goes as its bytes, not a URL: give the file or its base64");
    return {{"type", "input_audio"}, {"input_audio", {{"data", part.data}, {"format", format}}}};
  }
  if (part.type == "document") {
    if (part.mimeType != "application/pdf") refuse(part, "documents go as PDF");
    if (!part.url.empty()) refuse(part, "a document goes as its bytes, not a URL: give the file or its base64");
    return {{"type", "file"}, {"file", {{"filename", part.name.empty() ? "document.pdf" : part.name}, {"file_data", dataUrl(part)}}}};
  }
  refuse(part, "the chat completions API takes images, audio and PDF documents");
}

}  // namespace

Json toOpenAiBody(const Request &request, bool promptCacheKey) {
  Json body = Json::object();
  body["model"] = request.model;

  Json messages = Json::array();
  for (const Message &m : request.messages) {
    Json message = {{"role", Message::spell(m.role)}};
    if (m.role == Message::Role::Tool) message["tool_call_id"] = m.toolCallId;
    if (m.role == Message::Role::Assistant && !m.toolCalls.empty()) {
      // OpenAI wants null, not "", beside tool calls.
      message["content"] = m.content.empty() ? Json(nullptr) : Json(m.content);
      Json calls = Json::array();
      for (const ToolCallRequest &call : m.toolCalls)
        calls.push_back({{"id", call.id},
                         {"type", "function"},
                         {"function", {{"name", call.name}, {"arguments", call.arguments}}}});
      message["tool_calls"] = std::move(calls);
    } else if (!m.media.empty()) {
      Json content = Json::array();
      if (!m.content.empty()) content.push_back({{"type", "text"}, {"text", m.content}});
      for (const MediaPart &part : m.media) content.push_back(contentPart(part));
      message["content"] = std::move(content);
    } else {
      message["content"] = m.content;
    }
    messages.push_back(std::move(message));
  }
  body["messages"] = std::move(messages);

  if (!request.tools.empty()) {
    Json tools = Json::array();
    for (const ToolSpec *tool : toolsByName(request.tools))
      tools.push_back({{"type", "function"},
                       {"function",
                        {{"name", tool->name}, {"description", tool->description}, {"parameters", tool->parameters}}}});
    body["tools"] = std::move(tools);
    if (!request.toolChoice.empty()) body["tool_choice"] = request.toolChoice;
  }

  if (request.structured) {
    const StructuredOutput &s = *request.structured;
    body["response_format"] = {
        {"type", "json_schema"},
        {"json_schema", {{"name", s.name}, {"schema", s.schema}, {"strict", s.strict}}}};
  }

  addParameters(body, request.parameters);
  if (request.promptKitWire) applyPromptKitOpenAi(body, request);
  // The messages already come static part first (the system text, then the input); the key routes
  // the step's requests to the machines that hold its prefix.
  if (promptCacheKey && request.cache.enabled && !request.cache.key.empty())
    body["prompt_cache_key"] = request.cache.key;
  return body;
}

bool sendsPromptCacheKey(const EndpointOptions &options) { return options.promptCacheKey.value_or(true); }

std::string openAiErrorText(const Json &error) {
  const Json *message = error.is_object() && error.contains("message") ? &error["message"] : nullptr;
  return message && message->is_string() ? message->get<std::string>() : error.dump();
}

Reply parseOpenAiReply(const std::string &body) { return openAiReply(parseReplyObject(body)); }

Reply openAiReply(const Json &reply) {
  auto choices = reply.find("choices");
  if (choices == reply.end() || choices->is_null()) {
    // Some servers answer an error with status 200.
    if (auto error = reply.find("error"); error != reply.end())
      throw malformedReply("is an error: " + http::textHead(openAiErrorText(*error), 300));
    throw malformedReply("has no choices");
  }
  if (!choices->is_array()) throw malformedReply("has a choices that is not an array");
  if (choices->empty()) throw malformedReply("has no choices (an empty array)");
  const Json &choice = (*choices)[0];
  if (!choice.is_object()) throw malformedReply("has a choices[0] that is not an object");
  auto message = choice.find("message");
  if (message == choice.end() || !message->is_object()) throw malformedReply("has no choices[0].message");

  Reply result;
  result.content = contentText(*message);
  result.toolCalls = toolCalls(*message);
  if (auto finish = choice.find("finish_reason"); finish != choice.end() && finish->is_string())
    result.finishReason = finish->get<std::string>();
  if (auto usage = reply.find("usage"); usage != reply.end() && usage->is_object()) {
    result.usage.promptTokens = tokenCount(*usage, "prompt_tokens");
    result.usage.completionTokens = tokenCount(*usage, "completion_tokens");
    // Of the prompt's tokens, those the prompt cache served (docs/cost.md "Spend").
    if (auto details = usage->find("prompt_tokens_details"); details != usage->end() && details->is_object())
      result.usage.cachedPromptTokens = std::min(tokenCount(*details, "cached_tokens"), result.usage.promptTokens);
  }
  if (auto model = reply.find("model"); model != reply.end() && model->is_string()) result.model = model->get<std::string>();
  if (auto id = reply.find("id"); id != reply.end() && id->is_string()) result.id = id->get<std::string>();
  return result;
}

OpenAiProvider::OpenAiProvider(Options options)
    : endpoint_(options, "/chat/completions"), embeddings_(std::move(options), "/embeddings") {}

std::string OpenAiProvider::describe() const { return endpoint_.describe("openai"); }

Reply OpenAiProvider::complete(const Request &request, const ExchangeKey &key, const CancellationToken &cancel,
                               const DeltaSink *deltas) {
  const Options &options = endpoint_.options();
  std::vector<std::string> headers;
  if (options.apiKey && !options.apiKey->empty()) headers.push_back("Authorization: Bearer " + *options.apiKey);
  Json body = toOpenAiBody(request, sendsPromptCacheKey(options));
  if (request.model.empty()) body["model"] = options.model;
  if (!deltas) return endpoint_.exchange(headers, body, key, cancel, parseOpenAiReply);
  // Usage comes in a last chunk of its own only when asked for.
  body["stream"] = true;
  body["stream_options"] = {{"include_usage", true}};
  return endpoint_.exchange(headers, body, key, cancel, parseOpenAiReply,
                            {deltas, [](const DeltaSink &sink) { return openAiStream(sink); }});
}

}  // namespace wfc::llm

namespace wfc::llm {

EmbeddingReply OpenAiProvider::embed(const EmbeddingRequest &request, const ExchangeKey &key,
                                     const CancellationToken &cancel) {
  const Options &options = embeddings_.options();
  std::vector<std::string> headers;
  if (options.apiKey && !options.apiKey->empty()) headers.push_back("Authorization: Bearer " + *options.apiKey);
  Json body = {{"model", request.model}, {"input", request.inputs}, {"encoding_format", "float"}};
  // The endpoint's transport (retries, the rate limiter, cancellation) hands back a Reply: the
  // vectors travel beside it.
  EmbeddingReply out;
  embeddings_.exchange(headers, body, key, cancel, [&](const std::string &text) {
    out = parseOpenAiEmbeddings(text, request.inputs.size());
    Reply usage;
    usage.usage = out.usage;
    return usage;
  });
  return out;
}

EmbeddingReply parseOpenAiEmbeddings(const std::string &body, size_t inputs) {
  auto bad = [](const std::string &problem) { return Error(ErrorKind::StepFailed, "the embeddings reply " + problem); };
  Json reply = parseReplyObject(body);
  auto data = reply.find("data");
  if (data == reply.end() || !data->is_array()) {
    if (auto error = reply.find("error"); error != reply.end())
      throw bad("is an error: " + http::textHead(openAiErrorText(*error), 300));
    throw bad("has no \"data\" array");
  }
  if (data->size() != inputs)
    throw bad("has " + std::to_string(data->size()) + " embeddings for " + std::to_string(inputs) + " inputs");
  EmbeddingReply out;
  out.vectors.resize(inputs);
  std::vector<bool> seen(inputs, false);
  for (size_t i = 0; i < data->size(); ++i) {
    const Json &item = (*data)[i];
    const std::string where = "data[" + std::to_string(i) + "]";
    if (!item.is_object()) throw bad("has a " + where + " that is not an object");
    size_t index = i;
    if (auto at = item.find("index"); at != item.end()) {
      if (!at->is_number_unsigned() || at->get<uint64_t>() >= inputs)
        throw bad("has a " + where + ".index that is not an input's position (0 to " + std::to_string(inputs - 1) + ")");
      index = size_t(at->get<uint64_t>());
    }
    if (seen[index]) throw bad("has two embeddings for input " + std::to_string(index));
    seen[index] = true;
    auto embedding = item.find("embedding");
    if (embedding == item.end() || !embedding->is_array() || embedding->empty())
      throw bad("has a " + where + " without an \"embedding\" array of numbers (a base64 one needs "
                "encoding_format float, which wfc asks for)");
    std::vector<double> &vector = out.vectors[index];
    vector.reserve(embedding->size());
    for (const Json &x : *embedding) {
      if (!x.is_number()) throw bad("has a " + where + ".embedding with an item that is not a number");
      vector.push_back(x.get<double>());
    }
  }
  for (const std::vector<double> &v : out.vectors)
    if (v.size() != out.vectors[0].size())
      throw bad("has embeddings of different lengths (" + std::to_string(out.vectors[0].size()) + " and " +
                std::to_string(v.size()) + ")");
  if (auto usage = reply.find("usage"); usage != reply.end() && usage->is_object())
    out.usage.promptTokens = tokenCount(*usage, "prompt_tokens");
  if (auto model = reply.find("model"); model != reply.end() && model->is_string()) out.model = model->get<std::string>();
  return out;
}

}  // namespace wfc::llm

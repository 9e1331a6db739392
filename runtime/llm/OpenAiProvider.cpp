#include "llm/OpenAiProvider.h"

#include "llm/HttpClient.h"
#include "wfc/error.h"

#include <algorithm>
#include <chrono>
#include <random>
#include <utility>

namespace wfc::llm {
namespace {

const char *const kRedacted = "[redacted]";

// Keys the client itself sets; a prompt parameter never replaces them. `stream` is reserved too:
// this client reads one JSON reply, not server-sent events.
bool reservedKey(const Json &body, const std::string &key) { return key == "stream" || body.contains(key); }

const char *role(Message::Role role) {
  switch (role) {
    case Message::Role::System: return "system";
    case Message::Role::User: return "user";
    case Message::Role::Assistant: return "assistant";
    case Message::Role::Tool: return "tool";
  }
  return "user";
}

// The start of a server's text for an error message: whitespace runs collapsed (error bodies are
// often pretty-printed JSON), at most `limit` bytes, never cutting a UTF-8 sequence.
std::string head(const std::string &text, size_t limit) {
  std::string flat;
  for (char c : text) {
    bool space = c == ' ' || c == '\n' || c == '\r' || c == '\t';
    if (!space) flat += c;
    else if (!flat.empty() && flat.back() != ' ') flat += ' ';
  }
  while (!flat.empty() && flat.back() == ' ') flat.pop_back();
  if (flat.size() <= limit) return flat;
  size_t cut = limit;
  while (cut > 0 && (static_cast<unsigned char>(flat[cut]) & 0xC0) == 0x80) --cut;
  return flat.substr(0, cut) + "…";
}

std::string attempts(unsigned n) { return std::to_string(n) + (n == 1 ? " attempt" : " attempts"); }

Error malformed(const std::string &problem) { return Error(ErrorKind::StepFailed, "the LLM reply " + problem); }

uint64_t tokenCount(const Json &usage, const char *name) {
  auto it = usage.find(name);
  if (it == usage.end() || !it->is_number()) return 0;
  if (it->is_number_unsigned()) return it->get<uint64_t>();
  if (it->is_number_integer()) return uint64_t(std::max<int64_t>(0, it->get<int64_t>()));
  return uint64_t(std::max(0.0, it->get<double>()));
}

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
  throw malformed("has a choices[0].message.content that is neither a string nor null");
}

std::vector<ToolCallRequest> toolCalls(const Json &message) {
  std::vector<ToolCallRequest> calls;
  auto it = message.find("tool_calls");
  if (it == message.end() || it->is_null()) return calls;
  if (!it->is_array()) throw malformed("has a choices[0].message.tool_calls that is not an array");
  for (size_t i = 0; i < it->size(); ++i) {
    const Json &call = (*it)[i];
    std::string where = "choices[0].message.tool_calls[" + std::to_string(i) + "]";
    if (!call.is_object()) throw malformed("has a " + where + " that is not an object");
    auto function = call.find("function");
    if (function == call.end() || !function->is_object()) throw malformed("has no " + where + ".function");
    auto name = function->find("name");
    if (name == function->end() || !name->is_string() || name->get<std::string>().empty())
      throw malformed("has no " + where + ".function.name");
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

// Before retry n (after failed attempt n): base * 2^(n-1), jittered to 50–150%, capped.
long backoffMs(uint64_t baseMs, uint64_t maxMs, unsigned failedAttempt) {
  if (baseMs == 0) return 0;
  thread_local std::mt19937_64 random(std::random_device{}());
  double delay = double(baseMs) * double(uint64_t(1) << std::min(failedAttempt - 1, 30u));
  delay *= std::uniform_real_distribution<double>(0.5, 1.5)(random);
  return long(std::min(delay, double(maxMs)));
}

}  // namespace

Json toOpenAiBody(const Request &request) {
  Json body = Json::object();
  body["model"] = request.model;

  Json messages = Json::array();
  for (const Message &m : request.messages) {
    Json message = {{"role", role(m.role)}};
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
    } else {
      message["content"] = m.content;
    }
    messages.push_back(std::move(message));
  }
  body["messages"] = std::move(messages);

  if (!request.tools.empty()) {
    Json tools = Json::array();
    for (const ToolSpec &tool : request.tools)
      tools.push_back({{"type", "function"},
                       {"function",
                        {{"name", tool.name}, {"description", tool.description}, {"parameters", tool.parameters}}}});
    body["tools"] = std::move(tools);
    if (!request.toolChoice.empty()) body["tool_choice"] = request.toolChoice;
  }

  if (request.structured) {
    const StructuredOutput &s = *request.structured;
    body["response_format"] = {
        {"type", "json_schema"},
        {"json_schema", {{"name", s.name}, {"schema", s.schema}, {"strict", s.strict}}}};
  }

  if (request.parameters.is_object())
    for (const auto &[key, value] : request.parameters.items())
      if (!reservedKey(body, key)) body[key] = value;
  return body;
}

Reply parseOpenAiReply(const std::string &body) {
  if (body.find_first_not_of(" \t\r\n") == std::string::npos) throw malformed("is empty");
  Json reply;
  try {
    reply = Json::parse(body);
  } catch (const Json::parse_error &e) {
    // "[json.exception.parse_error.101] parse error at line 1, column 2: …": the tag says nothing.
    std::string what = e.what();
    if (size_t tag = what.find("] "); what.starts_with("[json.exception") && tag != std::string::npos)
      what.erase(0, tag + 2);
    throw malformed("is not valid JSON: " + head(what, 300));
  }
  if (!reply.is_object()) throw malformed("is not a JSON object");

  auto choices = reply.find("choices");
  if (choices == reply.end() || choices->is_null()) {
    // Some servers answer an error with status 200.
    if (auto error = reply.find("error"); error != reply.end()) {
      const Json *message = error->is_object() && error->contains("message") ? &(*error)["message"] : nullptr;
      throw malformed("is an error: " + head(message && message->is_string() ? message->get<std::string>()
                                                                               : error->dump(),
                                             300));
    }
    throw malformed("has no choices");
  }
  if (!choices->is_array()) throw malformed("has a choices that is not an array");
  if (choices->empty()) throw malformed("has no choices (an empty array)");
  const Json &choice = (*choices)[0];
  if (!choice.is_object()) throw malformed("has a choices[0] that is not an object");
  auto message = choice.find("message");
  if (message == choice.end() || !message->is_object()) throw malformed("has no choices[0].message");

  Reply result;
  result.content = contentText(*message);
  result.toolCalls = toolCalls(*message);
  if (auto finish = choice.find("finish_reason"); finish != choice.end() && finish->is_string())
    result.finishReason = finish->get<std::string>();
  if (auto usage = reply.find("usage"); usage != reply.end() && usage->is_object()) {
    result.usage.promptTokens = tokenCount(*usage, "prompt_tokens");
    result.usage.completionTokens = tokenCount(*usage, "completion_tokens");
  }
  return result;
}

OpenAiProvider::OpenAiProvider(Options options) : options_(std::move(options)) {
  std::string base = options_.baseUrl;
  while (!base.empty() && base.back() == '/') base.pop_back();
  endpoint_ = base + "/chat/completions";
  if (options_.maxTransportAttempts == 0) options_.maxTransportAttempts = 1;
}

std::string OpenAiProvider::describe() const {
  return scrub("openai " + options_.model + " at " + redactUrl(options_.baseUrl));
}

std::string OpenAiProvider::scrub(std::string message) const {
  if (!options_.apiKey || options_.apiKey->empty()) return message;
  const std::string &key = *options_.apiKey;
  const std::string redacted = kRedacted;
  for (size_t at = message.find(key); at != std::string::npos; at = message.find(key, at + redacted.size()))
    message.replace(at, key.size(), redacted);
  return message;
}

Reply OpenAiProvider::complete(const Request &request, const ExchangeKey &key, const CancellationToken &cancel) {
  HttpRequest http;
  http.url = endpoint_;
  http.connectTimeoutMs = options_.connectTimeoutMs;
  http.timeoutMs = options_.timeoutMs;
  http.headers.push_back("Content-Type: application/json");
  http.headers.push_back("Accept: application/json");
  if (options_.apiKey && !options_.apiKey->empty()) http.headers.push_back("Authorization: Bearer " + *options_.apiKey);
  Json body = toOpenAiBody(request);
  if (request.model.empty()) body["model"] = options_.model;
  http.body = body.dump();

  const unsigned maxAttempts = options_.maxTransportAttempts;
  try {
    for (unsigned attempt = 1;; ++attempt) {
      std::string reason;
      long delayMs = 0;
      try {
        HttpResponse response = post(http, cancel);
        if (response.status >= 200 && response.status < 300) return parseOpenAiReply(response.body);
        bool retryable = response.status == 429 || (response.status >= 500 && response.status < 600);
        if (!retryable || attempt >= maxAttempts)
          throw Error(ErrorKind::StepFailed, "the LLM endpoint answered HTTP " + std::to_string(response.status) +
                                                 " after " + attempts(attempt) + ": " + head(response.body, 300));
        reason = "HTTP " + std::to_string(response.status);
        std::optional<long> asked = response.retryAfter ? retryAfterMs(*response.retryAfter) : std::nullopt;
        delayMs = asked ? std::min<long>(*asked, long(options_.maxBackoffMs))
                        : backoffMs(options_.backoffBaseMs, options_.maxBackoffMs, attempt);
      } catch (const TransportError &e) {
        if (!e.retryable()) throw;
        if (attempt >= maxAttempts)
          throw Error(e.kind(), "the LLM endpoint could not be reached after " + attempts(attempt) + ": " + e.what());
        reason = e.what();
        delayMs = backoffMs(options_.backoffBaseMs, options_.maxBackoffMs, attempt);
      }
      if (options_.onRetry) options_.onRetry(key, attempt, scrub(reason), delayMs);
      if (cancel.waitFor(std::chrono::milliseconds(delayMs))) throw Error(ErrorKind::Cancelled, cancel.reason());
    }
  } catch (const Error &e) {
    // The one place every message leaves through: a server may echo the key in its error body.
    std::string message = scrub(e.what());
    if (message != e.what()) throw Error(e.kind(), message);
    throw;
  }
}

}  // namespace wfc::llm

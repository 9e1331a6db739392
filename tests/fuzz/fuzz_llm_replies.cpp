// The LLM reply parsers (docs/llm.md): one HTTP response body read by both
// parseOpenAiReply (chat completions) and parseAnthropicReply (the Messages API; to a plain
// request, and to structured requests whose answer comes back as a tool call — an object schema,
// and a wrapped non-object one beside an offered tool), then what a step does with a reply:
// its content parsed as the structured answer, each tool call's arguments parsed as JSON, and
// the reply saved the way --record saves it.
//
// Invariants checked besides crashes: a parser throws only wfc::Error (a reply a step cannot use
// fails the attempt; anything else would escape the retry logic); a reply read back from its
// recording (replyFromJson ∘ replyToJson, core/llm/Recording.h) is the reply, so --replay answers
// exactly as the model did.
#include "FuzzTarget.h"

#include "core/llm/AnthropicProvider.h"
#include "core/llm/OpenAiProvider.h"
#include "core/llm/Recording.h"
#include "wfc/error.h"
#include "wfc/value.h"

#include <exception>
#include <functional>
#include <string>
#include <vector>

namespace {

using wfc::llm::Reply;
using wfc::llm::Request;

Request structuredRequest(const char *name, wfc::llm::Json schema, bool withTool) {
  Request request;
  request.structured = wfc::llm::StructuredOutput{name, std::move(schema), false};
  if (withTool) request.tools.push_back({"lookup", "finds a document", wfc::llm::Json::object()});
  return request;
}

const std::vector<Request> &anthropicRequests() {
  static const std::vector<Request> requests = {
      Request(),
      structuredRequest("answer", {{"type", "object"}, {"properties", {{"type", {{"type", "string"}}}}}}, false),
      structuredRequest("lookup", {{"type", "array"}, {"items", {{"type", "string"}}}}, true),
  };
  return requests;
}

bool sameReply(const Reply &a, const Reply &b) {
  if (a.content != b.content || a.finishReason != b.finishReason || a.usage.promptTokens != b.usage.promptTokens ||
      a.usage.completionTokens != b.usage.completionTokens || a.toolCalls.size() != b.toolCalls.size())
    return false;
  for (size_t i = 0; i < a.toolCalls.size(); ++i)
    if (a.toolCalls[i].id != b.toolCalls[i].id || a.toolCalls[i].name != b.toolCalls[i].name ||
        a.toolCalls[i].arguments != b.toolCalls[i].arguments)
      return false;
  return true;
}

void useReply(const Reply &reply) {
  std::string recorded = wfc::llm::replyToJson(reply).dump();
  if (!sameReply(wfc::llm::replyFromJson(wfc::llm::Json::parse(recorded)), reply))
    wfc::fuzz::fail("a reply reads back differently from its recording: " + recorded);
  try {
    (void)wfc::Value::parse(reply.content);  // a structured answer
  } catch (const wfc::Error &) {
  }
  for (const wfc::llm::ToolCallRequest &call : reply.toolCalls) {
    try {
      (void)wfc::Value::parse(call.arguments);  // an agent's tool call
    } catch (const wfc::Error &) {
    }
  }
}

void parse(const char *parser, const std::function<Reply()> &run) {
  Reply reply;
  try {
    reply = run();
  } catch (const wfc::Error &) {
    return;  // a reply the step cannot use: the attempt fails
  } catch (const std::exception &e) {
    wfc::fuzz::fail(std::string(parser) + " threw something other than wfc::Error: " + e.what());
  }
  useReply(reply);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string body(wfc::fuzz::asText(data, size));
  parse("parseOpenAiReply", [&] { return wfc::llm::parseOpenAiReply(body); });
  for (const Request &request : anthropicRequests())
    parse("parseAnthropicReply", [&] { return wfc::llm::parseAnthropicReply(body, request); });
  return 0;
}

// POST /v1/chat/completions for chat packs (docs/serve.md "Chat packs"): an OpenAI-compatible
// request becomes one turn of a task — `model` names the task, the last message (a user's) is the
// turn's message, the user and assistant messages before it are the conversation so far, and
// `metadata` holds the prompt's template variables — and the turn's reply becomes a
// chat.completion. The pack's prompt is the system message: a request's own system (or
// developer) messages are not sent to the model.
#pragma once

#include "core/llm/Provider.h"
#include "wfc/program.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <variant>
#include <string>
#include <vector>

namespace wfc::serve {

struct ChatCompletionRequest {
  const ChatTaskDecl *task = nullptr;
  std::string model;  // as asked (the task's name)
  Value input;        // the turn's {"message", "variables"}
  std::vector<llm::Message> earlier;
  bool stream = false;
  bool includeUsage = false;  // stream_options.include_usage: a last chunk with the usage
};

// What is wrong with a request: OpenAI's error fields.
struct ChatCompletionProblem {
  int status = 400;
  std::string message, param, code;
};

// Reads a request body (parsed JSON) for `program`; a problem when it cannot be answered.
std::variant<ChatCompletionRequest, ChatCompletionProblem> readChatCompletionRequest(const nlohmann::ordered_json &body,
                                                                                      const ProgramDecl &program);

// The chat.completion object of a reply (`id` from the run's id), with the tokens used.
std::string chatCompletionBody(const ChatCompletionRequest &request, const std::string &runId, const std::string &reply,
                               uint64_t promptTokens, uint64_t completionTokens, int64_t createdSeconds);

// A streamed reply's pieces (host/serve/ChatCompletionStream.h), each a server-sent event
// "data: {chat.completion.chunk}\n\n": a piece of the reply (`delta`, finish reason null) or its
// end (an empty delta and the finish reason) ...
std::string chatCompletionChunk(const std::string &model, const std::string &runId, int64_t createdSeconds,
                                const nlohmann::ordered_json &delta, const nlohmann::ordered_json &finishReason);
// ... the usage chunk (no choices) when the request asked for it ...
std::string chatCompletionUsageChunk(const std::string &model, const std::string &runId, int64_t createdSeconds,
                                     uint64_t promptTokens, uint64_t completionTokens);
// ... or an error, which ends the stream: {"error": {"message", "type", "param", "code"}}.
std::string chatCompletionErrorEvent(const std::string &message, const std::string &type);

}  // namespace wfc::serve

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
};

// What is wrong with a request: OpenAI's error fields.
struct ChatCompletionProblem {
  int status = 400;
  std::string message, param, code;
};

// Reads a request body (parsed JSON) for `program`; a problem when it cannot be answered.
std::variant<ChatCompletionRequest, ChatCompletionProblem> readChatCompletionRequest(const nlohmann::ordered_json &body,
                                                                                      const ProgramDecl &program);

// The chat.completion object of a reply (`id` from the run's id), with the tokens used; as
// server-sent events (one chunk, then [DONE]) when the request asked to stream.
std::string chatCompletionBody(const ChatCompletionRequest &request, const std::string &runId, const std::string &reply,
                               uint64_t promptTokens, uint64_t completionTokens, int64_t createdSeconds);

}  // namespace wfc::serve

// Chat-completions streaming (docs/streaming.md "OpenAI"): `data: {chunk}` events, each chunk's
// choices[0].delta carrying the next text or pieces of tool calls (by `index`: the id and name in
// a call's first piece, the arguments' text spread over the rest), the finish_reason in the last
// choice chunk, usage in a chunk of its own when stream_options.include_usage asks for it, and
// `data: [DONE]` at the end. Some servers end without [DONE]: a stream that gave its
// finish_reason is complete.
#include "core/llm/Endpoint.h"
#include "core/llm/OpenAiProvider.h"
#include "core/llm/ReplyStream.h"
#include "support/Limits.h"
#include "support/http/HttpClient.h"
#include "support/http/ServerSentEvents.h"

#include <string>
#include <vector>

namespace wfc::llm {
namespace {

struct StreamedCall {
  std::string id, name, arguments;
  bool announced = false;  // its ToolCall delta has gone out
};

class OpenAiStream final : public ReplyStream {
 public:
  using ReplyStream::ReplyStream;

  void onEvent(const http::ServerSentEvent &event) override {
    if (done_) return;
    if (event.data == "[DONE]") {
      done_ = true;
      return;
    }
    if (event.data.find_first_not_of(" \t\r\n") == std::string::npos) return;
    Json chunk = parseReplyObject(event.data);
    if (auto error = chunk.find("error"); error != chunk.end() && !error->is_null())
      throw StreamedError("the LLM stream sent an error: " + http::textHead(openAiErrorText(*error), 300), true);
    if (auto id = chunk.find("id"); id != chunk.end() && id->is_string() && id_.empty()) id_ = id->get<std::string>();
    if (auto model = chunk.find("model"); model != chunk.end() && model->is_string() && model_.empty())
      model_ = model->get<std::string>();
    if (auto usage = chunk.find("usage"); usage != chunk.end() && usage->is_object()) usage_ = *usage;
    auto choices = chunk.find("choices");
    if (choices == chunk.end() || choices->is_null()) return;
    if (!choices->is_array()) throw malformedReply("stream has a chunk whose choices is not an array");
    for (const Json &choice : *choices) {
      if (!choice.is_object()) throw malformedReply("stream has a chunk whose choice is not an object");
      if (auto index = choice.find("index"); index != choice.end() && *index != 0) continue;  // n > 1: the first
      if (auto delta = choice.find("delta"); delta != choice.end() && delta->is_object()) takeDelta(*delta);
      if (auto finish = choice.find("finish_reason"); finish != choice.end() && finish->is_string())
        finish_ = finish->get<std::string>();
    }
  }

  bool finished() const override { return done_ || !finish_.empty(); }

  Reply reply() override {
    const std::string &content = handedOnText();  // every content piece is handed on
    Json message = {{"role", "assistant"}, {"content", content.empty() && !calls_.empty() ? Json() : Json(content)}};
    if (!calls_.empty()) {
      Json calls = Json::array();
      for (const StreamedCall &call : calls_) {
        Json entry = {{"type", "function"}, {"function", {{"name", call.name}, {"arguments", call.arguments}}}};
        if (!call.id.empty()) entry["id"] = call.id;
        calls.push_back(std::move(entry));
      }
      message["tool_calls"] = std::move(calls);
    }
    Json completion = {{"choices", Json::array({{{"index", 0}, {"message", std::move(message)}}})}};
    if (!finish_.empty()) completion["choices"][0]["finish_reason"] = finish_;
    if (!usage_.is_null()) completion["usage"] = usage_;
    if (!model_.empty()) completion["model"] = model_;
    if (!id_.empty()) completion["id"] = id_;
    return openAiReply(completion);
  }

 private:
  void takeDelta(const Json &delta) {
    if (auto content = delta.find("content"); content != delta.end() && content->is_string() &&
        !content->get_ref<const std::string &>().empty()) {
      deliver(Delta::textPiece(content->get_ref<const std::string &>()));
    }
    auto calls = delta.find("tool_calls");
    if (calls == delta.end() || calls->is_null()) return;
    if (!calls->is_array()) throw malformedReply("stream has a delta whose tool_calls is not an array");
    for (size_t position = 0; position < calls->size(); ++position) {
      const Json &piece = (*calls)[position];
      if (!piece.is_object()) throw malformedReply("stream has a tool call piece that is not an object");
      // Pieces say which call they continue. A server that sends whole calls may not: then a piece
      // with an id or a name begins a call, and one without continues the last.
      const Json *function = piece.contains("function") && piece["function"].is_object() ? &piece["function"] : nullptr;
      size_t index;
      if (auto at = piece.find("index"); at != piece.end()) {
        if (!at->is_number_unsigned()) throw malformedReply("stream has a tool call piece whose index is not a count");
        index = at->get<size_t>();
      } else {
        bool begins = piece.contains("id") || (function && function->contains("name"));
        index = calls_.empty() || begins ? calls_.size() : calls_.size() - 1;
      }
      if (index > limits::kMaxToolCallsPerReply)
        throw malformedReply("stream has a tool call index past " + std::to_string(limits::kMaxToolCallsPerReply));
      if (index >= calls_.size()) calls_.resize(index + 1);
      StreamedCall &call = calls_[index];
      if (auto id = piece.find("id"); id != piece.end() && id->is_string() && call.id.empty()) call.id = id->get<std::string>();
      std::string argumentsText;  // a server that sends an object, not text: its JSON text
      std::string_view arguments;
      if (function) {
        if (auto name = function->find("name"); name != function->end() && name->is_string() && call.name.empty())
          call.name = name->get<std::string>();
        if (auto args = function->find("arguments"); args != function->end() && !args->is_null()) {
          if (args->is_string()) {
            arguments = args->get_ref<const std::string &>();
          } else {
            argumentsText = args->dump();
            arguments = argumentsText;
          }
        }
      }
      call.arguments.append(arguments);
      if (!call.announced && !call.name.empty()) {
        call.announced = true;
        // The id the reply gives a call that has none (openAiReply's): the reader's is the same.
        std::string id = call.id.empty() ? "call_" + std::to_string(index) : call.id;
        deliver(Delta::callStart(index, id, call.name));
        arguments = call.arguments;  // what came before the name, if anything
      }
      if (call.announced && !arguments.empty()) {
        deliver(Delta::argumentsPiece(index, arguments));
      }
    }
  }

  bool done_ = false;
  std::string finish_, id_, model_;
  std::vector<StreamedCall> calls_;
  Json usage_;
};

}  // namespace

std::unique_ptr<ReplyStream> openAiStream(const DeltaSink &deltas) { return std::make_unique<OpenAiStream>(deltas); }

}  // namespace wfc::llm

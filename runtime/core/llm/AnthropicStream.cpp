// Messages API streaming (docs/streaming.md "Anthropic"): message_start (the message without
// content, its input usage), then per content block content_block_start, content_block_delta
// (text_delta, input_json_delta: the tool input's JSON in pieces) and content_block_stop, then
// message_delta (stop_reason, the output usage so far) and message_stop. ping is a keep-alive, an
// `error` event is the provider failing mid-stream, and event types this does not know are
// skipped, as the API asks of clients.
#include "common/JsonReader.h"
#include "core/llm/AnthropicProvider.h"
#include "core/llm/Endpoint.h"
#include "core/llm/ReplyStream.h"
#include "support/Limits.h"
#include "support/http/HttpClient.h"
#include "support/http/ServerSentEvents.h"

#include <map>
#include <string>

namespace wfc::llm {
namespace {

// obj[name] when it is a string, else "".
std::string stringField(const Json &obj, const char *name) {
  auto it = obj.find(name);
  return it != obj.end() && it->is_string() ? it->get<std::string>() : std::string();
}

struct StreamedBlock {
  Json block;             // as content_block_start gave it; text blocks grow their "text"
  std::string input;      // tool_use: the input's JSON so far
  int toolIndex = -1;     // tool_use: which call of the reply (the answer tool's: -1)
};

class AnthropicStream final : public ReplyStream {
 public:
  AnthropicStream(const DeltaSink &deltas, const Request &request) : ReplyStream(deltas), request_(request) {
    if (request.structured) answerTool_ = anthropicAnswerToolName(request);
  }

  void onEvent(const http::ServerSentEvent &event) override {
    if (done_) return;
    Json data = parseReplyObject(event.data);
    auto typeField = data.find("type");
    std::string type = typeField != data.end() && typeField->is_string() ? typeField->get<std::string>() : event.event;
    if (type == "message_start") {
      auto message = data.find("message");
      if (message == data.end() || !message->is_object()) throw malformedReply("stream's message_start has no message");
      message_ = *message;
      started_ = true;
    } else if (type == "content_block_start") {
      StreamedBlock &b = blockAt(data, true);
      auto block = data.find("content_block");
      if (block == data.end() || !block->is_object()) throw malformedReply("stream's content_block_start has no content_block");
      b.block = *block;
      std::string kind = stringField(b.block, "type");
      if (kind == "text") {
        if (auto text = b.block.find("text"); answerTool_.empty() && text != b.block.end() && text->is_string() &&
            !text->get_ref<const std::string &>().empty())
          deliver(Delta::textPiece(text->get_ref<const std::string &>()));
      } else if (kind == "tool_use") {
        std::string name = stringField(b.block, "name");
        if (answerTool_.empty() || name != answerTool_) {
          b.toolIndex = tools_++;
          std::string id = stringField(b.block, "id");
          deliver(Delta::callStart(size_t(b.toolIndex), id, name));
        } else {
          answered_ = true;
        }
      }
    } else if (type == "content_block_delta") {
      StreamedBlock &b = blockAt(data, false);
      auto delta = data.find("delta");
      if (delta == data.end() || !delta->is_object()) throw malformedReply("stream's content_block_delta has no delta");
      std::string kind = stringField(*delta, "type");
      if (kind == "text_delta") {
        if (stringField(b.block, "type") != "text") throw malformedReply("stream has a text_delta for a block that is not text");
        auto text = delta->find("text");
        if (text == delta->end() || !text->is_string()) throw malformedReply("stream has a text_delta without text");
        Json &have = b.block["text"];
        if (!have.is_string()) have = "";
        have.get_ref<std::string &>() += text->get_ref<const std::string &>();
        // A structured reply's text is not its answer (Claude may write a sentence before calling
        // the answer tool): it is handed on whole at the end, as the reply has it.
        if (answerTool_.empty() && !text->get_ref<const std::string &>().empty())
          deliver(Delta::textPiece(text->get_ref<const std::string &>()));
      } else if (kind == "input_json_delta") {
        if (stringField(b.block, "type") != "tool_use")
          throw malformedReply("stream has an input_json_delta for a block that is not a tool_use");
        auto piece = delta->find("partial_json");
        if (piece == delta->end() || !piece->is_string()) throw malformedReply("stream has an input_json_delta without partial_json");
        b.input += piece->get_ref<const std::string &>();
        if (b.toolIndex >= 0 && !piece->get_ref<const std::string &>().empty()) {
          deliver(Delta::argumentsPiece(size_t(b.toolIndex), piece->get_ref<const std::string &>()));
        }
      }
      // thinking, signature and citations deltas carry nothing the step reads
    } else if (type == "message_delta") {
      if (auto delta = data.find("delta"); delta != data.end() && delta->is_object())
        for (const char *name : {"stop_reason", "stop_sequence"})
          if (auto value = delta->find(name); value != delta->end() && !value->is_null()) message_[name] = *value;
      // Counts here are cumulative: they replace the start's.
      if (auto usage = data.find("usage"); usage != data.end() && usage->is_object()) {
        if (!message_["usage"].is_object()) message_["usage"] = Json::object();
        for (const auto &[name, value] : usage->items())
          if (!value.is_null()) message_["usage"][name] = value;
      }
    } else if (type == "message_stop") {
      done_ = true;
    } else if (type == "error") {
      const Json &error = data.contains("error") ? data["error"] : data;
      std::string kind = error.is_object() ? stringField(error, "type") : "";
      // The provider's side failed (as a 5xx or 529 says): worth another attempt.
      bool retryable = kind == "overloaded_error" || kind == "api_error" || kind == "rate_limit_error";
      throw StreamedError("the LLM stream sent an error: " + http::textHead(anthropicErrorText(data), 300), retryable);
    }
    // ping, and event types added after this was written: nothing to take
  }

  bool finished() const override { return done_; }

  Reply reply() override {
    if (!started_) throw malformedReply("stream ended without a message_start");
    Json content = Json::array();
    for (auto &[index, b] : blocks_) {
      if (stringField(b.block, "type") == "tool_use") {
        Json input = Json::object();
        if (b.input.find_first_not_of(" \t\r\n") != std::string::npos) {
          try {
            input = readJson(b.input);
          } catch (const Error &) {
            throw malformedReply("stream's tool_use block " + std::to_string(index) + " has an input that is not valid JSON");
          }
        }
        b.block["input"] = std::move(input);
      }
      content.push_back(b.block);
    }
    message_["content"] = std::move(content);
    Reply reply = anthropicReply(message_, request_);
    // A structured reply — the answer tool's input, or text when the model answered without it —
    // is whole only now: it goes out in one piece.
    if (!answerTool_.empty() && !reply.content.empty()) deliver(Delta::textPiece(reply.content));
    return reply;
  }

 private:
  // The block an event names. Blocks start in order, 0, 1, 2, …, once each (as the API sends
  // them): what was handed on then adds up to the reply, whose blocks join in index order.
  StreamedBlock &blockAt(const Json &data, bool starting) {
    auto index = data.find("index");
    if (index == data.end() || !index->is_number_unsigned()) throw malformedReply("stream has a content block event without an index");
    size_t at = index->get<size_t>();
    if (starting) {
      if (at != blocks_.size())
        throw malformedReply("stream starts content block " + std::to_string(at) + " where block " +
                             std::to_string(blocks_.size()) + " was due");
      if (at > 4 * limits::kMaxToolCallsPerReply) throw malformedReply("stream has more content blocks than it may");
      return blocks_[at];
    }
    auto it = blocks_.find(at);
    if (it == blocks_.end()) throw malformedReply("stream continues content block " + std::to_string(at) + ", which never started");
    return it->second;
  }

  const Request &request_;
  std::string answerTool_;  // the structured request's answer tool, "" for none
  bool started_ = false, done_ = false, answered_ = false;
  int tools_ = 0;
  Json message_ = Json::object();
  std::map<size_t, StreamedBlock> blocks_;
};

}  // namespace

std::unique_ptr<ReplyStream> anthropicStream(const DeltaSink &deltas, const Request &request) {
  return std::make_unique<AnthropicStream>(deltas, request);
}

}  // namespace wfc::llm

#include "host/serve/ChatCompletions.h"

#include "core/chat/TurnMedia.h"
#include "wfc/error.h"

namespace wfc::serve {
namespace {

using Json = nlohmann::ordered_json;

// A message's content: a string, or an array of parts — "text" parts joined into its text, and
// media parts (image_url, input_audio, file) as the turn input's "media" items take them
// (docs/promptkit.md "Media").
struct Content {
  std::string text;
  Json media = Json::array();
};

std::optional<Content> readContent(const Json &content) {
  Content out;
  if (content.is_string()) out.text = content.get<std::string>();
  if (content.is_string() || content.is_null()) return out;
  if (!content.is_array()) return std::nullopt;
  for (const Json &part : content) {
    std::string type = part.is_object() && part.contains("type") && part["type"].is_string() ? part["type"].get<std::string>() : "";
    auto field = [&](const char *object, const char *key) -> const Json * {
      if (!part.contains(object) || !part[object].is_object()) return nullptr;
      auto it = part[object].find(key);
      return it != part[object].end() && it->is_string() ? &*it : nullptr;
    };
    if (type == "text" && part.contains("text") && part["text"].is_string()) {
      out.text += part["text"].get<std::string>();
    } else if (const Json *url = type == "image_url" ? field("image_url", "url") : nullptr) {
      Json item = {{"type", "image"}, {"url", *url}};
      if (const Json *detail = field("image_url", "detail")) item["detail"] = *detail;
      out.media.push_back(std::move(item));
    } else if (const Json *data = type == "input_audio" ? field("input_audio", "data") : nullptr) {
      const Json *format = field("input_audio", "format");
      out.media.push_back({{"type", "audio"}, {"data", *data},
                           {"mime_type", format && *format == "mp3" ? "audio/mpeg" : "audio/" + (format ? format->get<std::string>() : std::string("wav"))}});
    } else if (const Json *file = type == "file" ? field("file", "file_data") : nullptr) {
      out.media.push_back({{"url", *file}});
    } else {
      return std::nullopt;
    }
  }
  return out;
}

}  // namespace

std::variant<ChatCompletionRequest, ChatCompletionProblem> readChatCompletionRequest(const Json &body,
                                                                                      const ProgramDecl &program) {
  auto problem = [](std::string message, std::string param, int status = 400, std::string code = "") {
    return ChatCompletionProblem{status, std::move(message), std::move(param), std::move(code)};
  };
  if (!body.is_object()) return problem("the request body must be a JSON object", "");
  ChatCompletionRequest out;
  std::string names;
  for (const ChatTaskDecl &t : program.tasks) names += (names.empty() ? "'" : ", '") + std::string(t.name) + "'";
  if (auto model = body.find("model"); model != body.end() && !model->is_null()) {
    if (!model->is_string()) return problem("'model' must be a string: the task's name (" + names + ")", "model");
    out.model = model->get<std::string>();
    for (const ChatTaskDecl &t : program.tasks)
      if (out.model == t.name) out.task = &t;
    if (!out.task && program.tasks.size() == 1 && out.model.empty()) out.task = &program.tasks[0];
    if (!out.task)
      return problem("The model '" + out.model + "' does not exist: this server's models are its tasks, " + names,
                     "model", 404, "model_not_found");
  } else if (program.tasks.size() == 1) {
    out.task = &program.tasks[0];
    out.model = out.task->name;
  } else {
    return problem("'model' is required: it names the task that answers (" + names + ")", "model");
  }
  if (auto stream = body.find("stream"); stream != body.end() && !stream->is_null()) {
    if (!stream->is_boolean()) return problem("'stream' must be true or false", "stream");
    out.stream = stream->get<bool>();
  }
  if (auto options = body.find("stream_options"); options != body.end() && !options->is_null()) {
    if (!options->is_object()) return problem("'stream_options' must be an object {\"include_usage\": BOOL}", "stream_options");
    if (!out.stream) return problem("'stream_options' is only allowed with \"stream\": true", "stream_options");
    if (auto usage = options->find("include_usage"); usage != options->end() && !usage->is_null()) {
      if (!usage->is_boolean()) return problem("'stream_options.include_usage' must be true or false", "stream_options.include_usage");
      out.includeUsage = usage->get<bool>();
    }
  }
  Json variables = Json::object();
  if (auto metadata = body.find("metadata"); metadata != body.end() && !metadata->is_null()) {
    if (!metadata->is_object()) return problem("'metadata' must be an object: the prompt's template variables", "metadata");
    variables = *metadata;
  }
  auto messages = body.find("messages");
  if (messages == body.end() || !messages->is_array() || messages->empty())
    return problem("'messages' must be a non-empty array of {role, content}", "messages");
  std::optional<Content> last;
  for (size_t i = 0; i < messages->size(); ++i) {
    const Json &m = (*messages)[i];
    std::string param = "messages[" + std::to_string(i) + "]";
    if (!m.is_object() || !m.contains("role") || !m["role"].is_string())
      return problem(param + " must be an object with a string 'role'", param);
    std::string role = m["role"];
    std::optional<Content> content = readContent(m.value("content", Json()));
    if (!content)
      return problem(param + ".content must be a string or an array of text, image_url, input_audio and file parts",
                     param + ".content");
    if (role == "system" || role == "developer") continue;  // the pack's prompt is the system message
    if (role != "user" && role != "assistant")
      return problem(param + " has role '" + role + "': this endpoint takes system, user and assistant messages", param + ".role");
    if (!content->media.empty() && role != "user")
      return problem(param + " has media: only a user's message may", param + ".content");
    if (i + 1 == messages->size()) {
      if (role != "user") return problem("the last message must be the user's: it is the turn to answer", param + ".role");
      last = std::move(*content);
    } else {
      llm::Message earlier;
      earlier.role = role == "user" ? llm::Message::Role::User : llm::Message::Role::Assistant;
      earlier.content = std::move(content->text);
      if (!content->media.empty()) {
        // Read and checked as the turn's own media are: an earlier image goes back to the model.
        try {
          earlier.media = chat::readTaskMedia(Value::fromJson(content->media), chat::MediaFiles::Refused, program, *out.task);
        } catch (const Error &e) {
          return problem(param + ": " + e.what(), param + ".content");
        }
      }
      out.earlier.push_back(std::move(earlier));
    }
  }
  if (!last || (last->text.empty() && last->media.empty())) return problem("the last message has no text or media", "messages");
  Json input = {{"message", last->text}, {"variables", variables}};
  if (!last->media.empty()) input["media"] = std::move(last->media);
  out.input = Value::fromJson(std::move(input));
  return out;
}

std::string chatCompletionBody(const ChatCompletionRequest &request, const std::string &runId, const std::string &reply,
                               uint64_t promptTokens, uint64_t completionTokens, int64_t createdSeconds) {
  Json out = {{"id", "chatcmpl-" + runId},
              {"object", "chat.completion"},
              {"created", createdSeconds},
              {"model", request.model},
              {"choices",
               {{{"index", 0}, {"message", {{"role", "assistant"}, {"content", reply}}}, {"finish_reason", "stop"}}}},
              {"usage",
               {{"prompt_tokens", promptTokens},
                {"completion_tokens", completionTokens},
                {"total_tokens", promptTokens + completionTokens}}}};
  return out.dump(-1, ' ', false, Json::error_handler_t::replace);
}

namespace {

std::string event(const Json &data) { return "data: " + data.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n\n"; }

Json chunkOf(const std::string &model, const std::string &runId, int64_t createdSeconds, Json choices) {
  return {{"id", "chatcmpl-" + runId},
          {"object", "chat.completion.chunk"},
          {"created", createdSeconds},
          {"model", model},
          {"choices", std::move(choices)}};
}

}  // namespace

std::string chatCompletionChunk(const std::string &model, const std::string &runId, int64_t createdSeconds,
                                const Json &delta, const Json &finishReason) {
  return event(chunkOf(model, runId, createdSeconds,
                       Json::array({{{"index", 0}, {"delta", delta}, {"finish_reason", finishReason}}})));
}

std::string chatCompletionUsageChunk(const std::string &model, const std::string &runId, int64_t createdSeconds,
                                     uint64_t promptTokens, uint64_t completionTokens) {
  Json chunk = chunkOf(model, runId, createdSeconds, Json::array());
  chunk["usage"] = {{"prompt_tokens", promptTokens},
                    {"completion_tokens", completionTokens},
                    {"total_tokens", promptTokens + completionTokens}};
  return event(chunk);
}

std::string chatCompletionErrorEvent(const std::string &message, const std::string &type) {
  return event({{"error", {{"message", message}, {"type", type}, {"param", nullptr}, {"code", nullptr}}}});
}

}  // namespace wfc::serve

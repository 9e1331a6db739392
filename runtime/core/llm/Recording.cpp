#include "core/llm/Recording.h"

#include "core/llm/ReplyStream.h"

#include "common/JsonReader.h"
#include "core/llm/Endpoint.h"
#include "core/llm/Media.h"
#include "support/Base64.h"
#include "support/Limits.h"
#include "support/Sha256.h"
#include "wfc/error.h"

#include <algorithm>
#include <cstdint>
#include <fstream>

namespace wfc::llm {
namespace {

// A whole number of an exchange's key in [min, max]: anything else (a fraction, 1e20) makes the
// recording malformed, never a value converted out of range.
int64_t keyNumber(const Json &value, const char *name, int64_t min, int64_t max) {
  bool inRange = value.is_number_unsigned()  ? value.get<uint64_t>() <= uint64_t(max) && int64_t(value.get<uint64_t>()) >= min
                 : value.is_number_integer() ? value.get<int64_t>() >= min && value.get<int64_t>() <= max
                                             : false;
  if (!inRange)
    throw Error(ErrorKind::Usage, std::string("the key's \"") + name + "\" must be a whole number from " +
                                      std::to_string(min) + " to " + std::to_string(max) + ", not " + value.dump());
  return value.is_number_unsigned() ? int64_t(value.get<uint64_t>()) : value.get<int64_t>();
}

Json toolCallsToJson(const std::vector<ToolCallRequest> &calls) {
  Json out = Json::array();
  for (const ToolCallRequest &c : calls) out.push_back({{"id", c.id}, {"name", c.name}, {"arguments", c.arguments}});
  return out;
}

// The "tool_calls" of a recorded message or reply (none when it has no such key). Throws
// Json::exception on a malformed call; the callers say which document was malformed.
std::vector<ToolCallRequest> toolCallsFromJson(const Json &owner) {
  std::vector<ToolCallRequest> calls;
  if (owner.contains("tool_calls"))
    for (const Json &c : owner.at("tool_calls"))
      calls.push_back({c.at("id").get<std::string>(), c.at("name").get<std::string>(),
                       c.at("arguments").get<std::string>()});
  return calls;
}

Json keyToJson(const ExchangeKey &key) {
  return {{"step", key.step}, {"item", key.item ? Json(*key.item) : Json()}, {"round", key.round},
          {"attempt", key.attempt}};
}

const char *kindName(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::Exhausted: return "exhausted";
    case ErrorKind::Usage: return "usage";
    default: return "failed";
  }
}

}  // namespace

Json messagesToJson(const std::vector<Message> &messages) {
  Json out = Json::array();
  for (const Message &m : messages) {
    Json j = {{"role", Message::spell(m.role)}, {"content", m.content}};
    if (!m.toolCalls.empty()) j["tool_calls"] = toolCallsToJson(m.toolCalls);
    if (!m.toolCallId.empty()) j["tool_call_id"] = m.toolCallId;
    if (!m.media.empty()) {
      // Kept whole, bytes too: a replay needs none of the files or URLs (docs/promptkit.md "Media").
      Json media = Json::array();
      for (const MediaPart &part : m.media) media.push_back(mediaToJson(part));
      j["media"] = std::move(media);
    }
    out.push_back(std::move(j));
  }
  return out;
}

std::vector<Message> messagesFromJson(const Json &json) {
  std::vector<Message> out;
  try {
    for (const Json &j : json) {
      Message m;
      std::string role = j.at("role").get<std::string>();
      bool known = false;
      for (Message::Role r : {Message::Role::System, Message::Role::User, Message::Role::Assistant, Message::Role::Tool})
        if (role == Message::spell(r)) {
          m.role = r;
          known = true;
        }
      if (!known) throw Error(ErrorKind::Usage, "malformed message: unknown role '" + role + "'");
      m.content = j.value("content", "");
      m.toolCalls = toolCallsFromJson(j);
      m.toolCallId = j.value("tool_call_id", "");
      if (j.contains("media"))
        for (const Json &part : j.at("media")) m.media.push_back(mediaFromJson(part));
      out.push_back(std::move(m));
    }
  } catch (const Json::exception &e) {
    throw Error(ErrorKind::Usage, std::string("malformed message: ") + e.what());
  }
  return out;
}

Json requestToJson(const Request &request) {
  Json out = {{"model", request.model}, {"messages", messagesToJson(request.messages)}};
  if (!request.tools.empty()) {
    Json tools = Json::array();
    for (const ToolSpec &t : request.tools) tools.push_back(t.name);
    out["tools"] = std::move(tools);
  }
  if (request.structured)
    out["structured_output"] = {{"name", request.structured->name}, {"strict", request.structured->strict}};
  return out;
}

Json replyToJson(const Reply &reply) {
  Json out = {{"content", reply.content}};
  if (!reply.toolCalls.empty()) out["tool_calls"] = toolCallsToJson(reply.toolCalls);
  out["finish_reason"] = reply.finishReason;
  out["usage"] = {{"prompt_tokens", reply.usage.promptTokens}, {"completion_tokens", reply.usage.completionTokens}};
  if (reply.usage.cachedPromptTokens > 0) out["usage"]["cached_prompt_tokens"] = reply.usage.cachedPromptTokens;
  if (reply.usage.cacheWritePromptTokens > 0)
    out["usage"]["cache_write_prompt_tokens"] = reply.usage.cacheWritePromptTokens;
  return out;
}

Json embeddingRequestToJson(const EmbeddingRequest &request) {
  return {{"model", request.model}, {"input", request.inputs}};
}

Json embeddingReplyToJson(const EmbeddingReply &reply) {
  Json out = {{"embeddings", reply.vectors}, {"usage", {{"prompt_tokens", reply.usage.promptTokens}}}};
  if (!reply.model.empty()) out["model"] = reply.model;
  return out;
}

EmbeddingReply embeddingReplyFromJson(const Json &json) {
  EmbeddingReply reply;
  const Json *vectors = json.is_object() && json.contains("embeddings") ? &json["embeddings"] : nullptr;
  if (!vectors || !vectors->is_array()) throw Error(ErrorKind::Usage, "malformed embeddings: no \"embeddings\" array");
  for (const Json &vector : *vectors) {
    if (!vector.is_array()) throw Error(ErrorKind::Usage, "malformed embeddings: an embedding that is not an array");
    std::vector<double> &out = reply.vectors.emplace_back();
    for (const Json &x : vector) {
      if (!x.is_number()) throw Error(ErrorKind::Usage, "malformed embeddings: an item that is not a number");
      out.push_back(x.get<double>());
    }
  }
  if (auto usage = json.find("usage"); usage != json.end() && usage->is_object())
    reply.usage.promptTokens = tokenCount(*usage, "prompt_tokens");
  if (auto model = json.find("model"); model != json.end() && model->is_string()) reply.model = model->get<std::string>();
  return reply;
}

Reply replyFromJson(const Json &json) {
  Reply reply;
  try {
    reply.content = json.value("content", "");
    reply.toolCalls = toolCallsFromJson(json);
    reply.finishReason = json.value("finish_reason", "");
    if (json.contains("usage")) {
      // As a provider's reply is read: a count that is not a count is 0, a huge one capped
      // (found by tests/fuzz: fuzz_recording, regression input usage-count-out-of-range.jsonl).
      reply.usage.promptTokens = tokenCount(json["usage"], "prompt_tokens");
      reply.usage.completionTokens = tokenCount(json["usage"], "completion_tokens");
      reply.usage.cachedPromptTokens = std::min(tokenCount(json["usage"], "cached_prompt_tokens"), reply.usage.promptTokens);
      reply.usage.cacheWritePromptTokens = std::min(tokenCount(json["usage"], "cache_write_prompt_tokens"),
                                                    reply.usage.promptTokens - reply.usage.cachedPromptTokens);
    }
  } catch (const Json::exception &e) {
    throw Error(ErrorKind::Usage, std::string("malformed reply: ") + e.what());
  }
  return reply;
}

RecordingProvider::RecordingProvider(std::unique_ptr<Provider> inner, const std::string &path, const Json &header)
    : inner_(std::move(inner)), path_(path) {
  file_ = std::fopen(path.c_str(), "wb");
  if (!file_) throw Error(ErrorKind::Usage, "cannot write recording file '" + path + "'");
  Json h = header;
  h["wfc_recording"] = kRecordingFormat;
  write(h);
}

RecordingProvider::~RecordingProvider() {
  if (file_) std::fclose(file_);
}

void RecordingProvider::write(const Json &line) {
  std::string text = line.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n";
  std::lock_guard lock(mutex_);
  std::fwrite(text.data(), 1, text.size(), file_);
  std::fflush(file_);  // a killed run keeps every exchange it finished
}

// A media item's bytes go into a recording once, the first time an exchange sends them; later
// exchanges — a conversation sends its earlier turns' media again with every request — name them
// by their SHA-256 (docs/recording.md), so a recording grows with the media, not with the
// conversation's length times them.
void RecordingProvider::recordMediaOnce(Json &request) {
  for (Json &message : request["messages"]) {
    if (!message.contains("media")) continue;
    for (Json &part : message["media"]) {
      if (!part.contains("data")) continue;
      // The digest of the bytes, as sha256sum prints it for the file they came from.
      const std::string &data = part["data"].get_ref<const std::string &>();
      std::string digest = Sha256().update(decodeBase64(data).value_or(data)).hex();
      bool seen;
      {
        std::lock_guard lock(mutex_);
        seen = !recordedMedia_.insert(digest).second;
      }
      if (seen) part.erase("data");
      part["sha256"] = std::move(digest);
    }
  }
}

namespace {

// Runs `exchange` and writes `line` with what it returned under `field` (as `toJson` makes it),
// or with its error. A cancelled exchange says nothing about the endpoint: replaying it would be
// wrong, so it is not written.
template <typename Exchange, typename ToJson, typename Write>
auto recorded(Json line, const char *field, Exchange &&exchange, ToJson &&toJson, Write &&write) -> decltype(exchange()) {
  try {
    auto result = exchange();
    line[field] = toJson(result);
    write(line);
    return result;
  } catch (const Error &e) {
    if (e.kind() != ErrorKind::Cancelled) {
      line["error"] = {{"kind", kindName(e.kind())}, {"message", e.what()}};
      write(line);
    }
    throw;
  }
}

}  // namespace

Reply RecordingProvider::complete(const Request &request, const ExchangeKey &key, const CancellationToken &cancel,
                                  const DeltaSink *deltas) {
  Json line = {{"key", keyToJson(key)}, {"prompt", key.prompt}, {"request", requestToJson(request)}};
  recordMediaOnce(line["request"]);
  return recorded(
      std::move(line), "reply", [&] { return inner_->complete(request, key, cancel, deltas); }, replyToJson,
      [this](const Json &l) { write(l); });
}

EmbeddingReply RecordingProvider::embed(const EmbeddingRequest &request, const ExchangeKey &key,
                                        const CancellationToken &cancel) {
  Json line = {{"key", keyToJson(key)}, {"prompt", key.prompt}, {"embeddings_request", embeddingRequestToJson(request)}};
  return recorded(
      std::move(line), "embeddings", [&] { return inner_->embed(request, key, cancel); }, embeddingReplyToJson,
      [this](const Json &l) { write(l); });
}

ReplayProvider::ReplayProvider(const std::string &path) : path_(path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(ErrorKind::Usage, "cannot read replay file '" + path + "'");
  std::string text;
  for (unsigned line = 1;
       limits::readLineAtMost(in, text, limits::kMaxFileLineBytes, path + ":" + std::to_string(line)); ++line) {
    if (text.empty()) continue;
    std::string where = path + ":" + std::to_string(line);
    Json j;
    try {
      j = readJson(text);
    } catch (const Error &e) {
      throw Error(ErrorKind::Usage, where + ": not a JSON line of a recording: " + e.what());
    }
    if (line == 1) {
      if (!j.is_object() || !j.contains("wfc_recording"))
        throw Error(ErrorKind::Usage, where + ": not a wfc recording (its first line has no \"wfc_recording\")");
      if (j["wfc_recording"] != kRecordingFormat)
        throw Error(ErrorKind::Usage, where + ": recording format " + j["wfc_recording"].dump() +
                                          " is not the one this executable reads (" +
                                          std::to_string(kRecordingFormat) + ")");
      header_ = std::move(j);
      // What a malformed "providers" holds is left out: a replay answers every call anyway.
      if (auto providers = header_.find("providers"); providers != header_.end() && providers->is_object())
        for (const auto &[key, model] : providers->items())
          if (model.is_string()) boundModels_[key] = model.get<std::string>();
      continue;
    }
    try {
      const Json &k = j.at("key");
      ExchangeKey key;
      key.step = k.at("step").get<std::string>();
      if (k.contains("item") && !k["item"].is_null()) key.item = keyNumber(k["item"], "item", 0, INT64_MAX);
      key.round = unsigned(keyNumber(k.at("round"), "round", 1, UINT32_MAX));
      key.attempt = unsigned(keyNumber(k.at("attempt"), "attempt", 1, UINT32_MAX));
      Entry entry;
      if (j.contains("reply")) {
        entry.reply = replyFromJson(j["reply"]);
      } else if (j.contains("embeddings")) {
        entry.embeddings = embeddingReplyFromJson(j["embeddings"]);
      } else {
        entry.errorKind = j.at("error").at("kind").get<std::string>();
        entry.errorMessage = j.at("error").at("message").get<std::string>();
      }
      entries_[key.str()] = std::move(entry);
    } catch (const Json::exception &e) {
      throw Error(ErrorKind::Usage, where + ": malformed exchange: " + e.what());
    } catch (const Error &e) {
      throw Error(ErrorKind::Usage, where + ": " + e.what());
    }
  }
  if (header_.is_null()) throw Error(ErrorKind::Usage, "replay file '" + path + "' is empty");
}

const ReplayProvider::Entry &ReplayProvider::find(const ExchangeKey &key, const char *what) const {
  auto it = entries_.find(key.str());
  if (it == entries_.end())
    throw Error(ErrorKind::StepFailed,
                "replay file '" + path_ + "' has no " + what + " for step '" + key.step + "' (prompt '" + key.prompt +
                    "'" + (key.item ? ", item " + std::to_string(*key.item) : "") + ", round " +
                    std::to_string(key.round) + ", attempt " + std::to_string(key.attempt) +
                    "); record it again with --record");
  const Entry &e = it->second;
  if (!e.reply && !e.embeddings)
    throw Error(e.errorKind == "exhausted" ? ErrorKind::Exhausted : ErrorKind::StepFailed,
                e.errorMessage + " (replayed)");
  return e;
}

Reply ReplayProvider::complete(const Request &, const ExchangeKey &key, const CancellationToken &cancel,
                               const DeltaSink *deltas) {
  cancel.throwIfCancelled();
  const Entry &e = find(key, "exchange");
  if (!e.reply)
    throw Error(ErrorKind::StepFailed, "replay file '" + path_ + "' holds an embeddings exchange for step '" + key.step +
                                           "' where the run asks the model; record it again with --record");
  return deltas ? deliverInPieces(*e.reply, *deltas) : *e.reply;
}

EmbeddingReply ReplayProvider::embed(const EmbeddingRequest &request, const ExchangeKey &key,
                                     const CancellationToken &cancel) {
  cancel.throwIfCancelled();
  const Entry &e = find(key, "embeddings exchange");
  if (!e.embeddings || e.embeddings->vectors.size() != request.inputs.size())
    throw Error(ErrorKind::StepFailed, "replay file '" + path_ + "' holds no embeddings of " +
                                           std::to_string(request.inputs.size()) + " texts for step '" + key.step +
                                           "'; record it again with --record");
  return *e.embeddings;
}

const std::string *ReplayProvider::boundModel(std::string_view key) const {
  auto it = boundModels_.find(std::string(key));
  return it == boundModels_.end() ? nullptr : &it->second;
}

}  // namespace wfc::llm

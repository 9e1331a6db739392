#include "ProviderBatches.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <ctime>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <utility>

namespace wfc::test {
namespace {

using Json = nlohmann::ordered_json;

// The providers' own limits per batch (their batch guides and API references): a client must split
// a larger batch.
constexpr int64_t kOpenAiMaxRequests = 50'000;
constexpr int64_t kOpenAiMaxBytes = 200'000'000;  // decimal: the smaller reading of "200 MB"
constexpr int64_t kAnthropicMaxRequests = 100'000;
constexpr int64_t kAnthropicMaxBytes = 256'000'000;
constexpr int64_t kWindowSeconds = 24 * 3600;

int64_t epochSeconds() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

// RFC 3339 with microseconds, as Anthropic writes its batches' times ("…T18:37:24.100435Z"): a
// client's parser must take the fraction.
std::string rfc3339(int64_t seconds) {
  std::time_t t = std::time_t(seconds);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%S", &tm);
  return std::string(text) + ".100435Z";
}

// Anthropic's rule for a custom_id: 1 to 64 letters, digits, '-' or '_'.
bool anthropicCustomId(const std::string &id) {
  if (id.empty() || id.size() > 64) return false;
  for (char c : id)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_')) return false;
  return true;
}

int64_t count(const Json &json, const char *key, const std::string &where) {
  const Json &value = json[key];
  if (!value.is_number_integer() || value.get<int64_t>() < 0)
    throw std::invalid_argument(where + "." + key + ": must be a whole number, 0 or more");
  return value.get<int64_t>();
}

}  // namespace

BatchSettings parseBatchSettings(const Json &json, const std::string &where) {
  if (!json.is_object()) throw std::invalid_argument(where + ": must be an object");
  BatchSettings settings;
  for (const auto &item : json.items()) {
    const std::string &key = item.key();
    if (key == "completion_ms") settings.completionMs = count(json, "completion_ms", where);
    else if (key == "expire_requests") settings.expireRequests = count(json, "expire_requests", where);
    else if (key == "max_requests") settings.maxRequests = count(json, "max_requests", where);
    else if (key == "max_bytes") settings.maxBytes = count(json, "max_bytes", where);
    else if (key == "results_order") {
      const Json &order = json["results_order"];
      if (order != "input" && order != "reversed")
        throw std::invalid_argument(where + ".results_order: must be \"input\" or \"reversed\"");
      settings.resultsInInputOrder = order == "input";
    } else
      throw std::invalid_argument(where + ": unknown key \"" + key +
                                  "\" (known: completion_ms, expire_requests, max_requests, max_bytes, results_order)");
  }
  return settings;
}

ProviderBatches::ProviderBatches(BatchSettings settings, AnswerOne answerOne)
    : settings_(settings), answerOne_(std::move(answerOne)), expireLeft_(settings.expireRequests) {}

int64_t ProviderBatches::nowMs() const {
  static const auto start = std::chrono::steady_clock::now();
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
}

ProviderBatches::Response ProviderBatches::openAiError(int status, const std::string &message,
                                                       const std::string &type) const {
  return {status, Json{{"error", {{"message", message}, {"type", type}, {"param", nullptr}, {"code", nullptr}}}}.dump()};
}

ProviderBatches::Response ProviderBatches::anthropicError(int status, const std::string &message,
                                                          const std::string &type) const {
  return {status, Json{{"type", "error"}, {"error", {{"type", type}, {"message", message}}}}.dump()};
}

std::string ProviderBatches::storeFile(const std::string &filename, const std::string &purpose, std::string content) {
  StoredFile file;
  file.id = "file-" + std::to_string(++lastId_);
  file.filename = filename;
  file.purpose = purpose;
  file.content = std::move(content);
  file.createdAt = epochSeconds();
  std::string id = file.id;
  files_.emplace(id, std::move(file));
  return id;
}

// ---- OpenAI: files ------------------------------------------------------------------------------

namespace {
Json fileObject(const std::string &id, size_t bytes, int64_t createdAt, const std::string &filename,
                const std::string &purpose) {
  return {{"id", id}, {"object", "file"}, {"bytes", bytes}, {"created_at", createdAt}, {"expires_at", nullptr},
          {"filename", filename}, {"purpose", purpose}, {"status", "processed"}};
}
}  // namespace

ProviderBatches::Response ProviderBatches::uploadFile(const std::string &purpose, const std::string &filename,
                                                      const std::string &content) {
  std::lock_guard lock(mutex_);
  if (purpose != "batch")
    return openAiError(400, "this server keeps files for \"purpose\": \"batch\" only, not \"" + purpose + "\"");
  if (content.empty()) return openAiError(400, "the file is empty");
  // The provider refuses an oversized batch file at upload.
  const int64_t maxBytes = settings_.maxBytes > 0 ? settings_.maxBytes : kOpenAiMaxBytes;
  if (int64_t(content.size()) > maxBytes)
    return openAiError(400, "the file has " + std::to_string(content.size()) + " bytes: a batch file may have at most " +
                                std::to_string(maxBytes));
  std::string id = storeFile(filename, purpose, content);
  const StoredFile &file = files_.at(id);
  return {200, fileObject(id, file.content.size(), file.createdAt, file.filename, file.purpose).dump()};
}

ProviderBatches::Response ProviderBatches::file(const std::string &id) {
  std::lock_guard lock(mutex_);
  auto it = files_.find(id);
  if (it == files_.end()) return openAiError(404, "No such File object: " + id);
  const StoredFile &file = it->second;
  return {200, fileObject(id, file.content.size(), file.createdAt, file.filename, file.purpose).dump()};
}

ProviderBatches::Response ProviderBatches::deleteFile(const std::string &id) {
  std::lock_guard lock(mutex_);
  if (files_.erase(id) == 0) return openAiError(404, "No such File object: " + id);
  return {200, Json{{"id", id}, {"object", "file"}, {"deleted", true}}.dump()};
}

ProviderBatches::Response ProviderBatches::fileContent(const std::string &id) {
  std::lock_guard lock(mutex_);
  auto it = files_.find(id);
  if (it == files_.end()) return openAiError(404, "No such File object: " + id);
  if (it->second.purpose == "batch")
    return openAiError(400, "Not allowed to download files of purpose: batch");
  return {200, it->second.content, "application/jsonl"};
}

// ---- OpenAI: batches ----------------------------------------------------------------------------

ProviderBatches::Response ProviderBatches::createBatch(const Json &body) {
  std::lock_guard lock(mutex_);
  if (!body.is_object()) return openAiError(400, "the request body is not a JSON object");
  for (const char *key : {"input_file_id", "endpoint", "completion_window"})
    if (!body.contains(key) || !body[key].is_string())
      return openAiError(400, std::string("Missing required parameter: '") + key + "'");
  const std::string endpoint = body["endpoint"];
  if (endpoint != "/v1/chat/completions")
    return openAiError(400, "this server batches \"/v1/chat/completions\" only, not \"" + endpoint + "\"");
  if (body["completion_window"] != "24h")
    return openAiError(400, "Invalid value for 'completion_window': it must be '24h'");
  auto input = files_.find(body["input_file_id"].get<std::string>());
  if (input == files_.end() || input->second.purpose != "batch")
    return openAiError(400, "No batch input file " + body["input_file_id"].get<std::string>());

  Batch batch;
  batch.id = "batch_" + std::to_string(++lastId_);
  batch.endpoint = endpoint;
  batch.inputFileId = input->first;
  batch.metadata = body.value("metadata", Json());
  batch.createdAt = epochSeconds();
  batch.dueMs = nowMs() + settings_.completionMs;

  // Validation: a bad line fails the whole batch, as the provider's validating phase does.
  auto fail = [&](const std::string &code, const std::string &message, std::optional<size_t> line) {
    batch.failed = true;
    Json error = {{"code", code}, {"message", message}, {"param", nullptr}, {"line", line ? Json(*line) : Json()}};
    batch.errors = {{"object", "list"}, {"data", Json::array({error})}};
  };
  const std::string &content = input->second.content;
  const int64_t maxBytes = settings_.maxBytes > 0 ? settings_.maxBytes : kOpenAiMaxBytes;
  const int64_t maxRequests = settings_.maxRequests > 0 ? settings_.maxRequests : kOpenAiMaxRequests;
  std::map<std::string, size_t> seen;
  if (int64_t(content.size()) > maxBytes) {
    fail("file_too_large", "the input file has " + std::to_string(content.size()) + " bytes, more than the " +
                               std::to_string(maxBytes) + " a batch may hold", std::nullopt);
  } else {
    std::istringstream lines(content);
    std::string text;
    for (size_t number = 1; std::getline(lines, text) && !batch.failed; ++number) {
      if (text.empty() || text == "\r") continue;
      Json line = Json::parse(text, nullptr, false);
      if (line.is_discarded() || !line.is_object()) {
        fail("invalid_json_line", "line " + std::to_string(number) + " is not a JSON object", number);
      } else if (!line.contains("custom_id") || !line["custom_id"].is_string()) {
        fail("missing_required_parameter", "line " + std::to_string(number) + " has no \"custom_id\"", number);
      } else if (line.value("method", "") != "POST") {
        fail("invalid_method", "line " + std::to_string(number) + ": \"method\" must be \"POST\"", number);
      } else if (line.value("url", "") != endpoint) {
        fail("mismatched_endpoint", "line " + std::to_string(number) + ": \"url\" must be the batch's endpoint " + endpoint,
             number);
      } else if (!line.contains("body") || !line["body"].is_object()) {
        fail("missing_required_parameter", "line " + std::to_string(number) + " has no \"body\" object", number);
      } else if (auto [it, fresh] = seen.emplace(line["custom_id"].get<std::string>(), number); !fresh) {
        fail("duplicate_custom_id", "line " + std::to_string(number) + " repeats the custom_id \"" + it->first +
                                        "\" of line " + std::to_string(it->second), number);
      } else {
        batch.items.push_back({line["custom_id"], line["body"], Outcome::Pending, {}});
      }
    }
    if (!batch.failed && batch.items.empty()) fail("empty_file", "the input file holds no requests", std::nullopt);
    if (!batch.failed && int64_t(batch.items.size()) > maxRequests)
      fail("too_many_requests", "the batch has " + std::to_string(batch.items.size()) + " requests, more than the " +
                                    std::to_string(maxRequests) + " a batch may hold", std::nullopt);
  }
  if (batch.failed) {
    batch.items.clear();
    batch.endedAt = batch.createdAt;
  }
  Json object = openAiObject(batch);
  // As at the provider, a new batch is validating: a failed validation shows at the next look.
  object["status"] = "validating";
  object["errors"] = nullptr;
  object["failed_at"] = nullptr;
  object["in_progress_at"] = nullptr;
  batches_.emplace(batch.id, std::move(batch));
  return {200, object.dump()};
}

ProviderBatches::Response ProviderBatches::batch(const std::string &id) {
  std::lock_guard lock(mutex_);
  Batch *found = findBatch(id, /*messagesApi=*/false);
  if (!found) return openAiError(404, "No such Batch object: " + id);
  Batch &batch = *found;
  const bool wasProcessed = batch.processed;
  processIfDue(batch);
  Json object = openAiObject(batch);
  if (!wasProcessed && batch.processed) {
    // The look that completes a batch sees it finalizing: counts known, files not yet written.
    object["status"] = "finalizing";
    for (const char *key : {"output_file_id", "error_file_id", "completed_at", "expired_at"}) object[key] = nullptr;
  }
  return {200, object.dump()};
}

ProviderBatches::Response ProviderBatches::cancelBatch(const std::string &id) {
  std::lock_guard lock(mutex_);
  Batch *found = findBatch(id, /*messagesApi=*/false);
  if (!found) return openAiError(404, "No such Batch object: " + id);
  Batch &batch = *found;
  processIfDue(batch);
  if (batch.processed || batch.failed || batch.cancelled) {
    std::string status = openAiObject(batch)["status"];
    return openAiError(409, "Cannot cancel a batch with status '" + status + "'.");
  }
  // As the provider answers a cancel: the batch as it was, "cancelling"; a later look says
  // "cancelled", with the counts and the error file.
  Json object = openAiObject(batch);
  batch.cancelled = true;
  process(batch);
  object["status"] = "cancelling";
  object["cancelling_at"] = batch.endedAt;
  return {200, object.dump()};
}

Json ProviderBatches::openAiObject(const Batch &batch) const {
  int64_t completed = 0, failed = 0;
  bool expired = false;
  for (const Item &item : batch.items) {
    if (item.outcome == Outcome::Succeeded) ++completed;
    else if (item.outcome != Outcome::Pending) ++failed;
    expired = expired || item.outcome == Outcome::Expired;
  }
  std::string status = batch.failed      ? "failed"
                       : batch.cancelled ? "cancelled"
                       : !batch.processed ? "in_progress"
                       : expired          ? "expired"
                                          : "completed";
  Json endedAt = batch.processed || batch.failed ? Json(batch.endedAt) : Json();
  auto whenStatus = [&](const char *s) { return status == s ? endedAt : Json(); };
  return {{"id", batch.id},
          {"object", "batch"},
          {"endpoint", batch.endpoint},
          {"errors", batch.failed ? batch.errors : Json()},
          {"input_file_id", batch.inputFileId},
          {"completion_window", "24h"},
          {"status", status},
          {"output_file_id", batch.outputFileId.empty() ? Json() : Json(batch.outputFileId)},
          {"error_file_id", batch.errorFileId.empty() ? Json() : Json(batch.errorFileId)},
          {"created_at", batch.createdAt},
          {"in_progress_at", batch.failed ? Json() : Json(batch.createdAt)},
          {"expires_at", batch.createdAt + kWindowSeconds},
          {"finalizing_at", batch.processed && !batch.cancelled ? endedAt : Json()},
          {"completed_at", whenStatus("completed")},
          {"failed_at", whenStatus("failed")},
          {"expired_at", whenStatus("expired")},
          {"cancelling_at", batch.cancelled ? endedAt : Json()},
          {"cancelled_at", whenStatus("cancelled")},
          {"request_counts", {{"total", batch.items.size()}, {"completed", completed}, {"failed", failed}}},
          {"metadata", batch.metadata}};
}

// ---- Anthropic: message batches -----------------------------------------------------------------

ProviderBatches::Response ProviderBatches::createMessageBatch(const Json &body, size_t bytes) {
  std::lock_guard lock(mutex_);
  if (!body.is_object() || !body.contains("requests") || !body["requests"].is_array() || body["requests"].empty())
    return anthropicError(400, "requests: a non-empty list of {custom_id, params} is required");
  const Json &requests = body["requests"];
  const int64_t maxRequests = settings_.maxRequests > 0 ? settings_.maxRequests : kAnthropicMaxRequests;
  const int64_t maxBytes = settings_.maxBytes > 0 ? settings_.maxBytes : kAnthropicMaxBytes;
  if (int64_t(requests.size()) > maxRequests)
    return anthropicError(400, "requests: " + std::to_string(requests.size()) + " requests, more than the " +
                                   std::to_string(maxRequests) + " a batch may hold");
  if (int64_t(bytes) > maxBytes)
    return anthropicError(413, "the batch is " + std::to_string(bytes) + " bytes, more than the " +
                                   std::to_string(maxBytes) + " a batch may hold", "request_too_large");
  Batch batch;
  batch.messagesApi = true;
  std::map<std::string, size_t> seen;
  for (size_t i = 0; i < requests.size(); ++i) {
    const Json &request = requests[i];
    const std::string at = "requests." + std::to_string(i);
    if (!request.is_object() || !request.contains("custom_id") || !request["custom_id"].is_string())
      return anthropicError(400, at + ".custom_id: Field required");
    const std::string customId = request["custom_id"];
    if (!anthropicCustomId(customId))
      return anthropicError(400, at + ".custom_id: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'");
    if (auto [it, fresh] = seen.emplace(customId, i); !fresh)
      return anthropicError(400, at + ".custom_id: \"" + customId + "\" is also requests." + std::to_string(it->second) +
                                     "'s; custom_id must be unique within a batch");
    if (!request.contains("params") || !request["params"].is_object())
      return anthropicError(400, at + ".params: Field required");
    batch.items.push_back({customId, request["params"], Outcome::Pending, {}});
  }
  batch.id = "msgbatch_" + std::to_string(++lastId_);
  batch.createdAt = epochSeconds();
  batch.dueMs = nowMs() + settings_.completionMs;
  Json object = anthropicObject(batch);
  batches_.emplace(batch.id, std::move(batch));
  return {200, object.dump()};
}

ProviderBatches::Response ProviderBatches::messageBatch(const std::string &id) {
  std::lock_guard lock(mutex_);
  Batch *found = findBatch(id, /*messagesApi=*/true);
  if (!found) return anthropicError(404, "message batch not found: " + id, "not_found_error");
  processIfDue(*found);
  return {200, anthropicObject(*found).dump()};
}

ProviderBatches::Response ProviderBatches::cancelMessageBatch(const std::string &id) {
  std::lock_guard lock(mutex_);
  Batch *found = findBatch(id, /*messagesApi=*/true);
  if (!found) return anthropicError(404, "message batch not found: " + id, "not_found_error");
  Batch &batch = *found;
  processIfDue(batch);
  if (!batch.processed) {
    // As the provider answers a cancel: the batch as it was, "canceling"; a later look says
    // "ended", with the counts and the results.
    Json object = anthropicObject(batch);
    batch.cancelled = true;
    process(batch);
    object["processing_status"] = "canceling";
    object["cancel_initiated_at"] = rfc3339(batch.endedAt);
    return {200, object.dump()};
  }
  return {200, anthropicObject(batch).dump()};
}

ProviderBatches::Response ProviderBatches::deleteMessageBatch(const std::string &id) {
  std::lock_guard lock(mutex_);
  Batch *found = findBatch(id, /*messagesApi=*/true);
  if (!found) return anthropicError(404, "message batch not found: " + id, "not_found_error");
  processIfDue(*found);
  if (!found->processed)
    return anthropicError(400, "message batch " + id + " is still in_progress: cancel it first; a batch is deleted once it has ended");
  batches_.erase(id);
  return {200, Json{{"id", id}, {"type", "message_batch_deleted"}}.dump()};
}

ProviderBatches::Response ProviderBatches::messageBatchResults(const std::string &id) {
  std::lock_guard lock(mutex_);
  Batch *found = findBatch(id, /*messagesApi=*/true);
  if (!found) return anthropicError(404, "message batch not found: " + id, "not_found_error");
  Batch &batch = *found;
  processIfDue(batch);
  if (!batch.processed)
    return anthropicError(400, "message batch " + id + " is still in_progress: its results are available once it has ended");
  std::string out;
  for (const Item &item : ordered(batch.items)) {
    Json result;
    switch (item.outcome) {
    case Outcome::Succeeded: result = {{"type", "succeeded"}, {"message", item.answer.body}}; break;
    case Outcome::Errored: result = {{"type", "errored"}, {"error", item.answer.body}}; break;
    case Outcome::Expired: result = {{"type", "expired"}}; break;
    case Outcome::Canceled: result = {{"type", "canceled"}}; break;
    case Outcome::Pending: break;
    }
    out += Json{{"custom_id", item.customId}, {"result", std::move(result)}}.dump() + "\n";
  }
  return {200, out, "application/x-jsonl"};
}

Json ProviderBatches::anthropicObject(const Batch &batch) const {
  int64_t processing = 0, succeeded = 0, errored = 0, canceled = 0, expired = 0;
  for (const Item &item : batch.items) {
    switch (item.outcome) {
    case Outcome::Pending: ++processing; break;
    case Outcome::Succeeded: ++succeeded; break;
    case Outcome::Errored: ++errored; break;
    case Outcome::Expired: ++expired; break;
    case Outcome::Canceled: ++canceled; break;
    }
  }
  Json endedAt = batch.processed ? Json(rfc3339(batch.endedAt)) : Json();
  return {{"id", batch.id},
          {"type", "message_batch"},
          {"processing_status", batch.processed ? "ended" : "in_progress"},
          {"request_counts",
           {{"processing", processing}, {"succeeded", succeeded}, {"errored", errored}, {"canceled", canceled},
            {"expired", expired}}},
          {"ended_at", endedAt},
          {"created_at", rfc3339(batch.createdAt)},
          {"expires_at", rfc3339(batch.createdAt + kWindowSeconds)},
          {"archived_at", nullptr},
          {"cancel_initiated_at", batch.cancelled ? Json(rfc3339(batch.endedAt)) : Json()},
          {"results_url", batch.processed ? Json(origin_ + "/v1/messages/batches/" + batch.id + "/results") : Json()}};
}

// A batch of the API asking (`messagesApi`: Anthropic's), or null: one API never sees the other's.
ProviderBatches::Batch *ProviderBatches::findBatch(const std::string &id, bool messagesApi) {
  auto it = batches_.find(id);
  return it == batches_.end() || it->second.messagesApi != messagesApi ? nullptr : &it->second;
}

// ---- processing ---------------------------------------------------------------------------------

// The order results are written in: the providers promise none, and a client must match them by
// custom_id, so by default they come back reversed (a client that pairs them by position fails).
std::vector<std::reference_wrapper<const ProviderBatches::Item>> ProviderBatches::ordered(const std::vector<Item> &items) const {
  std::vector<std::reference_wrapper<const Item>> out(items.begin(), items.end());
  if (!settings_.resultsInInputOrder) std::reverse(out.begin(), out.end());
  return out;
}

void ProviderBatches::processIfDue(Batch &batch) {
  if (!batch.processed && !batch.failed && nowMs() >= batch.dueMs) process(batch);
}

// Answers (or, for a cancelled batch, cancels) every request in order, then files an OpenAI
// batch's results as its output and error files.
void ProviderBatches::process(Batch &batch) {
  for (Item &item : batch.items) {
    if (batch.cancelled) {
      item.outcome = Outcome::Canceled;
    } else if (expireLeft_ > 0) {
      --expireLeft_;
      item.outcome = Outcome::Expired;
    } else {
      item.answer = answerOne_(batch.messagesApi, item.body, batch.id, item.customId);
      item.outcome = item.answer.status == 200 ? Outcome::Succeeded : Outcome::Errored;
    }
  }
  batch.processed = true;
  batch.endedAt = epochSeconds();
  if (batch.messagesApi) return;
  std::string output, errors;
  for (const Item &item : ordered(batch.items)) {
    const size_t number = size_t(&item - batch.items.data()) + 1;
    Json line = {{"id", batch.id + "_req_" + std::to_string(number)}, {"custom_id", item.customId}};
    if (item.outcome == Outcome::Succeeded || item.outcome == Outcome::Errored) {
      line["response"] = {{"status_code", item.answer.status},
                          {"request_id", "req_" + batch.id + "_" + std::to_string(number)},
                          {"body", item.answer.body}};
      line["error"] = nullptr;
    } else if (item.outcome == Outcome::Expired) {
      line["response"] = nullptr;
      line["error"] = {{"code", "batch_expired"},
                       {"message", "This request could not be executed before the completion window expired."}};
    } else {
      line["response"] = nullptr;
      line["error"] = {{"code", "batch_cancelled"}, {"message", "This request was not executed: the batch was cancelled."}};
    }
    (item.outcome == Outcome::Succeeded ? output : errors) += line.dump() + "\n";
  }
  if (!output.empty()) batch.outputFileId = storeFile(batch.id + "_output.jsonl", "batch_output", std::move(output));
  if (!errors.empty()) batch.errorFileId = storeFile(batch.id + "_error.jsonl", "batch_output", std::move(errors));
}

}  // namespace wfc::test

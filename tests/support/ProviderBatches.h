// The test LLM server's provider batch endpoints (docs/test-llm-server.md "Provider batches"):
// OpenAI's Files and Batch API and Anthropic's Message Batches, over the same script as the
// synchronous endpoints. A batch's requests are answered when it completes — `completion_ms`
// after it was created, at the first look after that — one by one through the server's own
// answer, so each is matched, uses up its entry's `times` and gets a log line like a synchronous
// request. A batch cancelled before then answers none; `expire_requests` lets the first requests
// processed expire instead, as a provider's 24-hour window would.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace wfc::test {

// The script's "batches" object; every field is optional.
struct BatchSettings {
  int64_t completionMs = 0;     // from creation until the batch completes
  int64_t expireRequests = 0;   // so many requests, counted across batches in order, expire
  int64_t maxRequests = 0;      // per batch; 0: the provider's own (OpenAI 50,000, Anthropic 100,000)
  int64_t maxBytes = 0;         // per batch; 0: the provider's own (OpenAI 200 MB, Anthropic 256 MB)
  bool resultsInInputOrder = false;  // "results_order": "input"; by default results come reversed
};

// Reads the script's "batches" object; throws std::invalid_argument naming `where`.
BatchSettings parseBatchSettings(const nlohmann::ordered_json &json, const std::string &where);

class ProviderBatches {
public:
  using Json = nlohmann::ordered_json;

  // One request of a batch answered as the synchronous endpoint would: its status and body.
  struct Answer {
    int status = 200;
    Json body;
  };
  using AnswerOne = std::function<Answer(bool messagesApi, const Json &body, const std::string &batchId,
                                         const std::string &customId)>;

  // What an endpoint sends back.
  struct Response {
    int status = 200;
    std::string body;
    std::string contentType = "application/json";
  };

  ProviderBatches(BatchSettings settings, AnswerOne answerOne);
  // Where the server listens ("http://127.0.0.1:PORT"): Anthropic's results_url is absolute.
  void setOrigin(std::string origin) { origin_ = std::move(origin); }

  // OpenAI: POST /v1/files (multipart: purpose, file), GET /v1/files/ID, GET /v1/files/ID/content.
  Response uploadFile(const std::string &purpose, const std::string &filename, const std::string &content);
  Response file(const std::string &id);
  Response deleteFile(const std::string &id);
  Response fileContent(const std::string &id);
  // OpenAI: POST /v1/batches, GET /v1/batches/ID, POST /v1/batches/ID/cancel.
  Response createBatch(const Json &body);
  Response batch(const std::string &id);
  Response cancelBatch(const std::string &id);

  // Anthropic: POST /v1/messages/batches, GET /v1/messages/batches/ID, GET …/ID/results,
  // POST …/ID/cancel.
  // `bytes`: the request's size as received, what the provider's limit counts.
  Response createMessageBatch(const Json &body, size_t bytes);
  Response messageBatch(const std::string &id);
  Response messageBatchResults(const std::string &id);
  Response cancelMessageBatch(const std::string &id);
  Response deleteMessageBatch(const std::string &id);  // an ended batch only

private:
  // What became of one request.
  enum class Outcome { Pending, Succeeded, Errored, Expired, Canceled };
  struct Item {
    std::string customId;
    Json body;
    Outcome outcome = Outcome::Pending;
    Answer answer;
  };
  struct Batch {
    std::string id;
    bool messagesApi = false;
    std::string endpoint;       // OpenAI
    std::string inputFileId;    // OpenAI
    Json metadata;              // OpenAI
    int64_t createdAt = 0;      // seconds since the epoch
    int64_t endedAt = 0;        // when it was processed, cancelled or failed
    int64_t dueMs = 0;          // the server's clock when it completes
    bool processed = false;
    bool cancelled = false;     // cancelled before it was processed
    bool failed = false;        // OpenAI: its input did not validate
    Json errors;                // OpenAI: why it failed
    std::string outputFileId, errorFileId;  // OpenAI
    std::vector<Item> items;
  };
  struct StoredFile {
    std::string id, filename, purpose, content;
    int64_t createdAt = 0;
  };

  std::vector<std::reference_wrapper<const Item>> ordered(const std::vector<Item> &items) const;
  Batch *findBatch(const std::string &id, bool messagesApi);
  // Answers a due batch's requests, once (under mutex_).
  void processIfDue(Batch &batch);
  void process(Batch &batch);
  Json openAiObject(const Batch &batch) const;
  Json anthropicObject(const Batch &batch) const;
  Response openAiError(int status, const std::string &message, const std::string &type = "invalid_request_error") const;
  Response anthropicError(int status, const std::string &message, const std::string &type = "invalid_request_error") const;
  std::string storeFile(const std::string &filename, const std::string &purpose, std::string content);
  int64_t nowMs() const;

  const BatchSettings settings_;
  const AnswerOne answerOne_;
  std::string origin_;
  std::mutex mutex_;
  int64_t lastId_ = 0;
  int64_t expireLeft_ = 0;
  std::map<std::string, StoredFile> files_;
  std::map<std::string, Batch> batches_;
};

}  // namespace wfc::test

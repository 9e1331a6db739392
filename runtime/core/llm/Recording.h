// Record and replay (docs/executable.md). `--record FILE` wraps the run's provider and appends every
// exchange to FILE as it completes; `--replay FILE` answers from such a file, offline.
//
// The file is JSON Lines (docs/recording.md): a header line, then one line per exchange, keyed
// by its logical position — step path, foreach item, agent round, attempt — never by arrival
// order or a request hash, so a recording replays identically at any -O level and concurrency.
// Requests are saved in a provider-neutral form without credentials (keys travel in headers,
// which are never recorded). A failed exchange (a timeout, an HTTP error after the transport's
// retries) is recorded too, so a run whose first attempt failed replays the same way.
#pragma once

#include "core/llm/Provider.h"

#include <cstdio>
#include <map>
#include <memory>
#include <mutex>
#include <unordered_set>

namespace wfc::llm {

inline constexpr int kRecordingFormat = 1;

// The provider-neutral JSON of a request and a reply, as recordings hold them.
Json requestToJson(const Request &request);
Json replyToJson(const Reply &reply);
Reply replyFromJson(const Json &json);  // throws wfc::Error on a malformed entry
// An embeddings exchange's request ({model, input}) and reply ({embeddings, usage, model}), as
// recordings and the journal hold them.
Json embeddingRequestToJson(const EmbeddingRequest &request);
Json embeddingReplyToJson(const EmbeddingReply &reply);
EmbeddingReply embeddingReplyFromJson(const Json &json);  // throws wfc::Error on a malformed entry
// Messages as requestToJson writes them ({role, content, tool_calls, tool_call_id}); what a
// persistent workflow state keeps of its conversation between visits (docs/workflows.md).
Json messagesToJson(const std::vector<Message> &messages);
std::vector<Message> messagesFromJson(const Json &json);  // throws wfc::Error on a malformed one

class RecordingProvider final : public Provider {
 public:
  // Opens (truncates) `path` and writes the header; throws wfc::Error(Usage) when it cannot.
  RecordingProvider(std::unique_ptr<Provider> inner, const std::string &path, const Json &header);
  ~RecordingProvider() override;

  Reply complete(const Request &request, const ExchangeKey &key, const CancellationToken &cancel,
                 const DeltaSink *deltas) override;
  EmbeddingReply embed(const EmbeddingRequest &request, const ExchangeKey &key, const CancellationToken &cancel) override;
  std::string describe() const override { return inner_->describe() + ", recorded to " + path_; }
  const std::string *boundModel(std::string_view key) const override { return inner_->boundModel(key); }
  uint64_t defaultMaxTokens(std::string_view key) const override { return inner_->defaultMaxTokens(key); }

 private:
  void write(const Json &line);
  void recordMediaOnce(Json &request);

  std::unique_ptr<Provider> inner_;
  std::string path_;
  std::mutex mutex_;
  std::unordered_set<std::string> recordedMedia_;  // SHA-256 of the media bytes written so far
  std::FILE *file_ = nullptr;
};

class ReplayProvider final : public Provider {
 public:
  // Loads `path`; throws wfc::Error(Usage) naming the line when the file is unreadable or not a
  // recording.
  explicit ReplayProvider(const std::string &path);

  // With `deltas`, the recorded reply streams in pieces (docs/recording.md): its text word by word,
  // each tool call's start and then its arguments.
  Reply complete(const Request &request, const ExchangeKey &key, const CancellationToken &cancel,
                 const DeltaSink *deltas) override;
  EmbeddingReply embed(const EmbeddingRequest &request, const ExchangeKey &key, const CancellationToken &cancel) override;
  std::string describe() const override { return "replay of " + path_; }
  const Json &header() const { return header_; }
  // The recorded run's provider keys and their models (its header's "providers"), so a replayed
  // call names the model it named when it was recorded.
  const std::string *boundModel(std::string_view key) const override;

 private:
  struct Entry {
    std::optional<Reply> reply;
    std::optional<EmbeddingReply> embeddings;
    std::string errorKind, errorMessage;  // a recorded failure
  };
  std::string path_;
  Json header_;
  std::map<std::string, std::string> boundModels_;  // the header's "providers"
  std::map<std::string, Entry> entries_;

  // The entry at `key`, or a miss naming it (what `what` is: "exchange", "embeddings exchange").
  const Entry &find(const ExchangeKey &key, const char *what) const;
};

}  // namespace wfc::llm

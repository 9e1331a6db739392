// POST /v1/chat/completions with "stream": true (docs/streaming.md): the turn's reply as OpenAI's
// chat.completion.chunk events, token by token as the model writes it — a first chunk with the
// assistant's role, a chunk per piece of the reply, a last chunk with the finish reason, the
// usage chunk when stream_options.include_usage asks for it, then "data: [DONE]". A turn that
// fails after the stream began ends it with an error event ({"error": …}), as OpenAI's own API
// does. A client that goes away before the end cancels the turn.
#pragma once

#include "host/serve/ChatCompletions.h"
#include "host/serve/HttpServer.h"
#include "host/serve/RunEventLog.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

namespace wfc::serve {

class RunService;

class ChatCompletionStream final : public BodyStream {
 public:
  ChatCompletionStream(RunService &runs, std::shared_ptr<RunEventLog> events, const ChatCompletionRequest &request,
                       std::string runId, int64_t createdSeconds);
  ~ChatCompletionStream() override;
  bool next(std::string &out) override;
  void close() override;

 private:
  // What an event of the turn adds to the stream.
  void add(const std::string &eventText, std::string &out);

  RunService &runs_;
  std::shared_ptr<RunEventLog> events_;
  std::string model_, runId_;
  int64_t created_;
  bool includeUsage_;
  int64_t last_;             // the id of the last event read
  bool begun_ = false;       // the role chunk is sent
  bool ended_ = false;       // the last chunk (or an error) is sent
  std::string sent_;         // the reply's text sent so far
  std::atomic<bool> closed_{false};
};

}  // namespace wfc::serve

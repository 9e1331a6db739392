// message/stream (docs/serve.md "A2A agents"): the task as A2A 0.3's server-sent events, each
// `data: {"jsonrpc": "2.0", "id", "result": <event>}` — the task (submitted), a status update
// (working), an artifact update per piece of the reply as the model writes it, and a last status
// update (completed, failed or canceled) with "final": true, after which the stream ends. A client
// that goes away does not cancel the task (A2A: a task outlives its streams); tasks/get finds it.
#pragma once

#include "host/serve/HttpServer.h"
#include "host/serve/RunEventLog.h"

#include <nlohmann/json.hpp>

#include <atomic>
#include <memory>
#include <string>

namespace wfc::serve {

class A2aAgents;

class A2aStream final : public BodyStream {
 public:
  A2aStream(A2aAgents &agents, std::shared_ptr<RunEventLog> events, nlohmann::ordered_json rpcId, std::string taskId,
            std::string contextId);
  bool next(std::string &out) override;
  void close() override;

 private:
  void add(const std::string &eventText, std::string &out);
  std::string frame(const nlohmann::ordered_json &result) const;
  nlohmann::ordered_json artifact(const std::string &text, bool lastChunk);
  nlohmann::ordered_json status(const char *state, bool final, const std::string &message = "") const;

  A2aAgents &agents_;
  std::shared_ptr<RunEventLog> events_;
  nlohmann::ordered_json rpcId_;
  std::string taskId_, contextId_;
  int64_t last_;
  bool begun_ = false, ended_ = false, appended_ = false;
  std::string sent_;
  std::atomic<bool> closed_{false};
};

}  // namespace wfc::serve

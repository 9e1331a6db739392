// POST /agui (docs/streaming.md "AG-UI"): a run as AG-UI events (the Agent-User Interaction
// protocol's, https://docs.ag-ui.com) for agent front ends, as server-sent events
// "data: {event}\n\n". The run's own events (RunEventLog.h) become the protocol's:
//   RUN_STARTED (the client's threadId and runId), then CUSTOM "wfc.run" (the run's id here);
//   a state or a step starting / ending                → STEP_STARTED / STEP_FINISHED
//   an LLM call's text                                 → TEXT_MESSAGE_START, _CONTENT…, _END
//   an LLM call's tool calls                           → TOOL_CALL_START, _ARGS…, _END
//   a native tool's custom event, a transition, …      → CUSTOM
//   the output                                         → RUN_FINISHED {result}
//   a failure, a suspension                            → RUN_ERROR {message, code}
// Every message, tool call and step that started is ended before the run's last event, as the
// protocol's verifier demands. A client that hangs up cancels the run.
#pragma once

#include "host/serve/HttpServer.h"
#include "host/serve/RunEventLog.h"

#include <nlohmann/json.hpp>

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>

namespace wfc::serve {

class RunService;

class AguiStream final : public BodyStream {
 public:
  AguiStream(RunService &runs, std::shared_ptr<RunEventLog> events, std::string threadId, std::string clientRunId,
             std::string runId);
  ~AguiStream() override;
  bool next(std::string &out) override;
  void close() override;

 private:
  using Json = nlohmann::ordered_json;
  // One LLM call's reply being told: its text message, its tool calls by index.
  struct Reply {
    std::string messageId;  // empty until its first text
    std::map<size_t, std::string> toolCalls;
  };
  void translate(const Json &event, std::string &out);
  // The reply of the exchange `event` belongs to (a new exchange of a step ends the step's last).
  Reply &replyOf(const Json &event, std::string &out);
  void endReply(Reply &reply, std::string &out);
  void endStep(const std::string &step, std::string &out);
  void endEverything(std::string &out);
  void emit(Json event, std::string &out);

  RunService &runs_;
  std::shared_ptr<RunEventLog> events_;
  std::string threadId_, clientRunId_, runId_;
  int64_t last_;
  bool begun_ = false, ended_ = false;
  size_t made_ = 0;  // ids made for messages and tool calls without one
  std::set<std::string> openSteps_;
  std::map<std::string, std::string> stepExchange_;  // step (with its item) → its current exchange
  std::map<std::string, Reply> replies_;             // open replies by exchange
  std::atomic<bool> closed_{false};
};

}  // namespace wfc::serve

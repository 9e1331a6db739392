#include "host/serve/A2aStream.h"

#include "common/JsonReader.h"
#include "host/serve/A2aAgents.h"
#include "host/serve/RunEventFeed.h"

namespace wfc::serve {

using Json = nlohmann::ordered_json;

A2aStream::A2aStream(A2aAgents &agents, std::shared_ptr<RunEventLog> events, Json rpcId, std::string taskId,
                     std::string contextId)
    : agents_(agents),
      events_(std::move(events)),
      rpcId_(std::move(rpcId)),
      taskId_(std::move(taskId)),
      contextId_(std::move(contextId)),
      last_(events_->firstId() - 1) {}

std::string A2aStream::frame(const Json &result) const {
  return "data: " + Json{{"jsonrpc", "2.0"}, {"id", rpcId_}, {"result", result}}.dump(-1, ' ', false, Json::error_handler_t::replace) +
         "\n\n";
}

Json A2aStream::status(const char *state, bool final, const std::string &message) const {
  Json s = {{"state", state}};
  if (!message.empty())
    s["message"] = {{"kind", "message"},
                    {"messageId", taskId_ + "-error"},
                    {"role", "agent"},
                    {"parts", Json::array({{{"kind", "text"}, {"text", message}}})},
                    {"contextId", contextId_},
                    {"taskId", taskId_}};
  return {{"kind", "status-update"}, {"taskId", taskId_}, {"contextId", contextId_}, {"status", s}, {"final", final}};
}

// A piece of the reply: the first starts the artifact, the others append to it.
Json A2aStream::artifact(const std::string &text, bool lastChunk) {
  Json update = {{"kind", "artifact-update"},
                 {"taskId", taskId_},
                 {"contextId", contextId_},
                 {"artifact",
                  {{"artifactId", "artifact-1"}, {"parts", Json::array({{{"kind", "text"}, {"text", text}}})}}},
                 {"append", appended_},
                 {"lastChunk", lastChunk}};
  appended_ = true;
  return update;
}

bool A2aStream::next(std::string &out) {
  if (ended_ || closed_) return false;
  if (!begun_) {
    begun_ = true;
    Json task = agents_.taskJson(taskId_);
    task["status"] = {{"state", "submitted"}};
    out = frame(task) + frame(status("working", false));
    return true;
  }
  for (;;) {  // until the turn's events add something: most of them (its steps) add nothing
    RunEventLog::Read read = events_->after(last_, kEventKeepAlive, RunEventLog::Reading::Live);
    if (closed_) return false;
    for (const RunEventLog::Event &e : read.events) {
      last_ = e.id;
      if (!ended_) add(e.text, out);
    }
    if (read.ended && !ended_) {  // the turn stopped without a last event: it never started
      out += frame(status("failed", true, "the turn stopped before it began"));
      ended_ = true;
    }
    if (!out.empty()) return true;
    if (ended_) return false;
    if (read.events.empty()) {  // quiet for a while
      out = ": keep-alive\n\n";
      return true;
    }
  }
}

void A2aStream::add(const std::string &eventText, std::string &out) {
  Json event = readJsonOrDiscarded(eventText);
  if (!event.is_object()) return;
  std::string kind = event.value("event", "");
  if (kind == "token") {
    std::string text = event.value("text", "");
    if (text.empty()) return;
    sent_ += text;
    out += frame(artifact(text, false));
  } else if (kind == "output" && !event.contains("status")) {
    // The reply as the turn returned it: whatever of it was not streamed (a reply replayed or
    // answered whole) is the last piece.
    const Json &reply = event["output"];
    std::string text = reply.is_string() ? reply.get<std::string>() : reply.dump();
    if (text.size() >= sent_.size() && text.compare(0, sent_.size(), sent_) == 0) {
      out += frame(artifact(text.substr(sent_.size()), true));
    } else {
      // What streamed is not the reply (text before a tool round, a validator's replacement): the
      // reply replaces it (append: false).
      appended_ = false;
      out += frame(artifact(text, true));
    }
    out += frame(status("completed", true));
    ended_ = true;
  } else if (kind == "output" || kind == "error" || kind == "suspended") {
    std::string why = kind == "suspended" ? event.value("message", "") : event.value("error", "");
    bool cancelled = event.value("status", "") == "cancelled";
    out += frame(status(cancelled ? "canceled" : "failed", true, cancelled ? "" : why));
    ended_ = true;
  }
}

void A2aStream::close() {
  closed_ = true;
  events_->wake();
}

}  // namespace wfc::serve

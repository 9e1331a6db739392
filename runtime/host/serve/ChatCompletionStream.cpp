#include "host/serve/ChatCompletionStream.h"

#include "common/JsonReader.h"
#include "host/serve/RunEventFeed.h"
#include "host/serve/RunService.h"

namespace wfc::serve {

using Json = nlohmann::ordered_json;

ChatCompletionStream::ChatCompletionStream(RunService &runs, std::shared_ptr<RunEventLog> events,
                                           const ChatCompletionRequest &request, std::string runId, int64_t createdSeconds)
    : runs_(runs),
      events_(std::move(events)),
      model_(request.model),
      runId_(std::move(runId)),
      created_(createdSeconds),
      includeUsage_(request.includeUsage),
      last_(events_->firstId() - 1) {}

ChatCompletionStream::~ChatCompletionStream() {
  // The client went away (or the server stops) before the reply ended: nobody waits for the turn.
  if (!ended_) runs_.cancel(runId_, "the client closed the stream before the reply ended", std::chrono::milliseconds(0));
}

bool ChatCompletionStream::next(std::string &out) {
  if (ended_ || closed_) return false;
  if (!begun_) {
    begun_ = true;
    out = chatCompletionChunk(model_, runId_, created_, {{"role", "assistant"}, {"content", ""}}, nullptr);
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
      out += chatCompletionErrorEvent("the turn stopped before it began", "server_error");
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

void ChatCompletionStream::add(const std::string &eventText, std::string &out) {
  Json event = readJsonOrDiscarded(eventText);
  if (!event.is_object()) return;
  std::string kind = event.value("event", "");
  if (kind == "token") {
    std::string text = event.value("text", "");
    if (text.empty()) return;
    sent_ += text;
    out += chatCompletionChunk(model_, runId_, created_, {{"content", text}}, nullptr);
  } else if (kind == "output" && !event.contains("status")) {
    // The reply as the turn returned it: whatever of it was not streamed (a reply replayed or
    // answered whole) goes in one last piece.
    const Json &reply = event["output"];
    std::string text = reply.is_string() ? reply.get<std::string>() : reply.dump();
    if (text.size() > sent_.size() && text.compare(0, sent_.size(), sent_) == 0)
      out += chatCompletionChunk(model_, runId_, created_, {{"content", text.substr(sent_.size())}}, nullptr);
    out += chatCompletionChunk(model_, runId_, created_, Json::object(), "stop");
    if (includeUsage_)
      out += chatCompletionUsageChunk(model_, runId_, created_, events_->promptTokens(), events_->completionTokens());
    out += "data: [DONE]\n\n";
    ended_ = true;
  } else if (kind == "output" || kind == "error" || kind == "suspended") {
    std::string why = kind == "suspended" ? event.value("message", "") : event.value("error", "");
    out += chatCompletionErrorEvent("run " + runId_ + " failed: " + why, "server_error");
    ended_ = true;
  }
}

void ChatCompletionStream::close() {
  closed_ = true;
  events_->wake();
}

}  // namespace wfc::serve

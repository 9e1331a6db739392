#include "host/serve/AguiStream.h"

#include "common/JsonReader.h"
#include "host/serve/RunEventFeed.h"
#include "host/serve/RunService.h"

namespace wfc::serve {
namespace {

using Json = nlohmann::ordered_json;

// A step's name in AG-UI's events: its path, with the wfc.foreach item it ran for.
std::string stepName(const Json &event) {
  std::string name = event.value("step", "");
  if (event.contains("item") && event["item"].is_number_integer()) name += "[" + std::to_string(event["item"].get<int64_t>()) + "]";
  return name;
}

// The exchange a reply's piece belongs to: its step, item, round and attempt.
std::string exchangeOf(const Json &event) {
  return stepName(event) + "|" + std::to_string(event.value("round", 1)) + "|" + std::to_string(event.value("attempt", 1));
}

// The event's own fields, without its kind and time: a CUSTOM event's value.
Json fieldsOf(const Json &event) {
  Json value = Json::object();
  for (auto it = event.begin(); it != event.end(); ++it)
    if (it.key() != "event" && it.key() != "ts_ms") value[it.key()] = it.value();
  return value;
}

}  // namespace

AguiStream::AguiStream(RunService &runs, std::shared_ptr<RunEventLog> events, std::string threadId,
                       std::string clientRunId, std::string runId)
    : runs_(runs),
      events_(std::move(events)),
      threadId_(std::move(threadId)),
      clientRunId_(std::move(clientRunId)),
      runId_(std::move(runId)),
      last_(events_->firstId() - 1) {}

AguiStream::~AguiStream() {
  if (!ended_) runs_.cancel(runId_, "the client closed the stream before the run ended", std::chrono::milliseconds(0));
}

void AguiStream::emit(Json event, std::string &out) {
  out += "data: " + event.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n\n";
}

bool AguiStream::next(std::string &out) {
  if (ended_ || closed_) return false;
  if (!begun_) {
    begun_ = true;
    emit({{"type", "RUN_STARTED"}, {"threadId", threadId_}, {"runId", clientRunId_}}, out);
    emit({{"type", "CUSTOM"}, {"name", "wfc.run"}, {"value", {{"id", runId_}}}}, out);
    return true;
  }
  for (;;) {
    RunEventLog::Read read = events_->after(last_, kEventKeepAlive, RunEventLog::Reading::Live);
    if (closed_) return false;
    for (const RunEventLog::Event &e : read.events) {
      last_ = e.id;
      Json event = readJsonOrDiscarded(e.text);
      if (!ended_ && event.is_object()) translate(event, out);
    }
    if (read.ended && !ended_) {  // no last event: the run never started
      endEverything(out);
      emit({{"type", "RUN_ERROR"}, {"message", "the run stopped before it began"}}, out);
      ended_ = true;
    }
    if (!out.empty()) return true;
    if (ended_) return false;
    if (read.events.empty()) {
      out = ": keep-alive\n\n";
      return true;
    }
  }
}

AguiStream::Reply &AguiStream::replyOf(const Json &event, std::string &out) {
  std::string step = stepName(event), exchange = exchangeOf(event);
  auto current = stepExchange_.find(step);
  if (current != stepExchange_.end() && current->second != exchange) {
    if (auto open = replies_.find(current->second); open != replies_.end()) {
      endReply(open->second, out);
      replies_.erase(open);
    }
  }
  stepExchange_[step] = exchange;
  return replies_[exchange];
}

void AguiStream::endReply(Reply &reply, std::string &out) {
  if (!reply.messageId.empty()) emit({{"type", "TEXT_MESSAGE_END"}, {"messageId", reply.messageId}}, out);
  for (const auto &[index, id] : reply.toolCalls) emit({{"type", "TOOL_CALL_END"}, {"toolCallId", id}}, out);
  reply = Reply{};
}

void AguiStream::endStep(const std::string &step, std::string &out) {
  if (auto current = stepExchange_.find(step); current != stepExchange_.end()) {
    if (auto open = replies_.find(current->second); open != replies_.end()) {
      endReply(open->second, out);
      replies_.erase(open);
    }
    stepExchange_.erase(current);
  }
  if (openSteps_.erase(step)) emit({{"type", "STEP_FINISHED"}, {"stepName", step}}, out);
}

void AguiStream::endEverything(std::string &out) {
  for (auto &[exchange, reply] : replies_) endReply(reply, out);
  replies_.clear();
  stepExchange_.clear();
  // Steps before the states they ran in: a state's name has no ':', its steps' paths do.
  for (auto it = openSteps_.rbegin(); it != openSteps_.rend(); ++it) emit({{"type", "STEP_FINISHED"}, {"stepName", *it}}, out);
  openSteps_.clear();
}

void AguiStream::translate(const Json &event, std::string &out) {
  std::string kind = event.value("event", "");
  if (kind == "run_start") return;  // RUN_STARTED went first
  if (kind == "step_start" || kind == "state_start") {
    std::string step = kind == "step_start" ? stepName(event) : event.value("state", "");
    if (openSteps_.insert(step).second) emit({{"type", "STEP_STARTED"}, {"stepName", step}}, out);
  } else if (kind == "step_end") {
    endStep(stepName(event), out);
  } else if (kind == "state_end") {
    endStep(event.value("state", ""), out);
  } else if (kind == "token") {
    std::string text = event.value("text", "");
    if (text.empty()) return;
    Reply &reply = replyOf(event, out);
    if (reply.messageId.empty()) {
      reply.messageId = runId_ + "-m" + std::to_string(++made_);
      emit({{"type", "TEXT_MESSAGE_START"}, {"messageId", reply.messageId}, {"role", "assistant"}}, out);
    }
    emit({{"type", "TEXT_MESSAGE_CONTENT"}, {"messageId", reply.messageId}, {"delta", text}}, out);
  } else if (kind == "tool_call") {
    Reply &reply = replyOf(event, out);
    size_t index = event.value("index", size_t(0));
    if (reply.toolCalls.count(index)) return;
    std::string id = event.value("id", "");
    if (id.empty()) id = runId_ + "-c" + std::to_string(++made_);
    reply.toolCalls[index] = id;
    Json start = {{"type", "TOOL_CALL_START"}, {"toolCallId", id}, {"toolCallName", event.value("name", "")}};
    if (!reply.messageId.empty()) start["parentMessageId"] = reply.messageId;
    emit(std::move(start), out);
  } else if (kind == "tool_arguments") {
    Reply &reply = replyOf(event, out);
    auto call = reply.toolCalls.find(event.value("index", size_t(0)));
    std::string text = event.value("text", "");
    if (call == reply.toolCalls.end() || text.empty()) return;
    emit({{"type", "TOOL_CALL_ARGS"}, {"toolCallId", call->second}, {"delta", text}}, out);
  } else if (kind == "custom") {
    Json value = event.contains("data") && !event["data"].is_null() ? event["data"] : Json::object();
    emit({{"type", "CUSTOM"}, {"name", event.value("name", "custom")}, {"value", value}}, out);
  } else if (kind == "output" && !event.contains("status")) {
    endEverything(out);
    Json finished = {{"type", "RUN_FINISHED"}, {"threadId", threadId_}, {"runId", clientRunId_}};
    if (event.contains("output") && !event["output"].is_null()) finished["result"] = event["output"];
    emit(std::move(finished), out);
    ended_ = true;
  } else if (kind == "output" || kind == "error" || kind == "suspended") {
    endEverything(out);
    std::string message = kind == "suspended" ? event.value("message", "") : event.value("error", "");
    emit({{"type", "RUN_ERROR"}, {"message", message}, {"code", "exit_" + std::to_string(event.value("exit_code", 1))}}, out);
    ended_ = true;
  } else {  // transition, step_skip, truncated: wfc's own
    emit({{"type", "CUSTOM"}, {"name", "wfc." + kind}, {"value", fieldsOf(event)}}, out);
  }
}

void AguiStream::close() {
  closed_ = true;
  events_->wake();
}

}  // namespace wfc::serve

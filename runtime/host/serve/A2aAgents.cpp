#include "host/serve/A2aAgents.h"

#include "common/JsonReader.h"
#include "core/journal/RunStore.h"
#include "host/session/Resume.h"
#include "host/serve/A2aStream.h"

#include <fmt/format.h>

#include <chrono>
#include <random>

namespace wfc::serve {
namespace {

using Json = nlohmann::ordered_json;

// How long tasks/cancel waits for the run to stop before it answers.
constexpr std::chrono::seconds kCancelWait{10};

std::string randomId() {
  thread_local std::mt19937_64 random(std::random_device{}());
  return fmt::format("{:016x}{:016x}", random(), random());
}

HttpResponse jsonRpc(const Json &id, Json result) {
  Json body = {{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}};
  return {200, "application/json", {}, body.dump(-1, ' ', false, Json::error_handler_t::replace)};
}

HttpResponse rpcError(const Json &id, int code, const std::string &message) {
  return {200, "application/json", {}, A2aAgents::error(id, code, message)};
}

// The message's text: its text parts, one per line, as PromptKit and a2a_eval join them.
// nullopt (and `problem`) when a part is not text.
std::optional<std::string> messageText(const Json &message, std::string &problem) {
  const Json &parts = message.contains("parts") ? message["parts"] : Json();
  if (!parts.is_array() || parts.empty()) {
    problem = "params.message.parts must be a list of parts";
    return std::nullopt;
  }
  std::string text;
  for (size_t i = 0; i < parts.size(); ++i) {
    const Json &part = parts[i];
    auto kindIt = part.is_object() ? part.find("kind") : part.end();
    auto textIt = part.is_object() ? part.find("text") : part.end();
    std::string kind = kindIt != part.end() ? (kindIt->is_string() ? kindIt->get<std::string>() : "?")
                       : textIt != part.end() ? "text" : "";
    if (kind != "text" || textIt == part.end() || !textIt->is_string()) {
      problem = fmt::format("params.message.parts[{}] is a{} part: wfc's agents take text parts (docs/serve.md "
                            "\"A2A agents\")",
                            i, kind.empty() ? "n unknown" : " " + kind);
      return std::nullopt;
    }
    text += (i ? "\n" : "") + textIt->get<std::string>();
  }
  return text;
}

}  // namespace

A2aAgents::A2aAgents(const ProgramDecl &program, RunService &runs, journal::JournalFile &journal, StartTurn start)
    : runs_(runs), journal_(journal), start_(std::move(start)) {
  Json agents = readJson(program.agents);
  entry_ = agents.value("entry", "");
  for (const Json &m : agents["members"]) {
    Member member{m.value("key", ""), nullptr, m["card"]};
    for (const ChatTaskDecl &t : program.tasks)
      if (member.key == t.name) member.task = &t;
    members_.push_back(std::move(member));
  }
}

const A2aAgents::Member *A2aAgents::find(const std::string &member) const {
  const std::string &key = member.empty() ? entry_ : member;
  for (const Member &m : members_)
    if (m.key == key && m.task) return &m;
  return nullptr;
}

bool A2aAgents::has(const std::string &member) const { return find(member) != nullptr; }

std::string A2aAgents::card(const std::string &member, const std::string &baseUrl) const {
  const Member &m = *find(member);
  // PromptKit's card, then what the serving host adds: the endpoint, A2A 0.3, streaming.
  Json card = Json::object();
  card["name"] = m.card["name"];
  card["description"] = m.card["description"];
  card["url"] = baseUrl + "/agents/" + m.key + "/a2a";
  card["version"] = m.card["version"];
  card["protocolVersion"] = "0.3.0";
  card["preferredTransport"] = "JSONRPC";
  card["capabilities"] = {{"streaming", true}, {"pushNotifications", false}};
  card["defaultInputModes"] = m.card["defaultInputModes"];
  card["defaultOutputModes"] = m.card["defaultOutputModes"];
  card["skills"] = m.card["skills"];
  return card.dump(2) + "\n";
}

std::string A2aAgents::error(const Json &id, int code, const std::string &message) {
  return Json{{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}}.dump(
      -1, ' ', false, Json::error_handler_t::replace);
}

HttpResponse A2aAgents::call(const std::string &memberName, const Json &request) {
  const Member &member = *find(memberName);
  Json id = request.is_object() && request.contains("id") ? request["id"] : Json();
  if (!request.is_object() || !request.contains("jsonrpc") || request["jsonrpc"] != "2.0" ||
      !request.contains("method") || !request["method"].is_string())
    return rpcError(id, -32600, "Invalid Request: a JSON-RPC 2.0 request {\"jsonrpc\": \"2.0\", \"id\", \"method\", "
                                "\"params\"} is expected");
  const std::string method = request["method"];
  const Json &params = request.contains("params") ? request["params"] : Json();
  static const char *const kA2a1[] = {"SendMessage", "SendStreamingMessage", "GetTask", "CancelTask", "ListTasks",
                                      "SubscribeToTask"};
  for (const char *v1 : kA2a1)
    if (method == v1)
      return rpcError(id, -32601, "method '" + method + "' is A2A 1.0's; this agent speaks A2A 0.3: message/send, "
                                  "message/stream, tasks/get, tasks/cancel");
  if (method != "message/send" && method != "message/stream" && method != "tasks/get" && method != "tasks/cancel")
    return rpcError(id, -32601, "Method not found: '" + method + "' (message/send, message/stream, tasks/get, "
                                "tasks/cancel)");
  if (!params.is_object()) return rpcError(id, -32602, "Invalid params: params must be an object");
  if (method == "tasks/get") return getTask(member, id, params);
  if (method == "tasks/cancel") return cancelTask(member, id, params);
  return send(member, id, params, method == "message/stream");
}

std::vector<llm::Message> A2aAgents::earlierTurns(const std::vector<std::string> &tasks) {
  std::vector<llm::Message> out;
  for (const std::string &id : tasks) {
    runs_.waitUntilStopped(id);
    std::optional<journal::RunRow> row = journal_.runs().find(id);
    if (!row || row->status != journal::RunStatus::Succeeded || !row->output) continue;  // a failed turn left nothing
    std::string text;
    {
      std::lock_guard lock(mutex_);
      text = tasks_[id].text;
    }
    Json reply = journal::storedJson(*row->output);
    out.push_back({llm::Message::Role::User, text, {}, {}});
    out.push_back({llm::Message::Role::Assistant, reply.is_string() ? reply.get<std::string>() : reply.dump(), {}, {}});
  }
  return out;
}

HttpResponse A2aAgents::send(const Member &member, const Json &id, const Json &params, bool stream) {
  if (runs_.draining()) return rpcError(id, -32000, "the server is shutting down");
  const Json &message = params.contains("message") ? params["message"] : Json();
  if (!message.is_object()) return rpcError(id, -32602, "Invalid params: params.message must be a message object");
  if (message.contains("role") && message["role"] != "user")
    return rpcError(id, -32602, "Invalid params: params.message.role must be \"user\"");
  std::string problem;
  std::optional<std::string> text = messageText(message, problem);
  if (!text) return rpcError(id, -32602, "Invalid params: " + problem);
  // A task of this server is done when it answers: none takes more input.
  if (message.contains("taskId") && message["taskId"].is_string() && !message["taskId"].get<std::string>().empty()) {
    std::lock_guard lock(mutex_);
    if (!tasks_.count(message["taskId"].get<std::string>()))
      return rpcError(id, -32001, "Task not found: " + message["taskId"].get<std::string>());
    return rpcError(id, -32004, "Task " + message["taskId"].get<std::string>() +
                                    " takes no more messages: send a new message in its contextId to go on");
  }
  std::string contextId = message.contains("contextId") && message["contextId"].is_string() &&
                                  !message["contextId"].get<std::string>().empty()
                              ? message["contextId"].get<std::string>()
                              : randomId();
  std::shared_ptr<std::mutex> turn;
  std::vector<std::string> before;
  {
    std::lock_guard lock(mutex_);
    Context &context = contexts_[contextId];
    if (context.member.empty()) context.member = member.key;
    if (context.member != member.key)
      return rpcError(id, -32602, "Invalid params: context " + contextId + " is a conversation with agent '" +
                                      context.member + "', not '" + member.key + "'");
    if (!context.turn) context.turn = std::make_shared<std::mutex>();
    turn = context.turn;
  }
  // The turns of a context are taken one at a time, in the order they arrive: each sees those
  // before it.
  std::unique_lock turnLock(*turn);
  {
    std::lock_guard lock(mutex_);
    before = contexts_[contextId].tasks;
  }
  ChatCompletionRequest chat;
  chat.task = member.task;
  chat.model = member.key;
  std::vector<std::pair<std::string, Value>> input = {{"message", Value::string(*text)}};
  // wfc's extension: the prompt's template variables in the message's or the request's metadata.
  for (const Json *metadata : {&message, &params})
    if (metadata->contains("metadata") && (*metadata)["metadata"].is_object() &&
        (*metadata)["metadata"].contains("variables") && (*metadata)["metadata"]["variables"].is_object()) {
      input.push_back({"variables", Value::fromJson((*metadata)["metadata"]["variables"])});
      break;
    }
  chat.input = Value::object(std::move(input));
  chat.earlier = earlierTurns(before);
  RunService::Started started = start_(chat);
  if (started.refusal == RunService::Refusal::Full) {
    HttpResponse r = rpcError(id, -32000, "the server runs " + std::to_string(runs_.maxRuns()) +
                                              " runs already (--max-runs): retry later");
    r.status = 429;
    r.headers.emplace_back("Retry-After", "1");
    return r;
  }
  if (started.refusal != RunService::Refusal::None)
    return rpcError(id, started.refusal == RunService::Refusal::Draining ? -32000 : -32603,
                    started.refusal == RunService::Refusal::Draining ? "the server is shutting down" : started.error);
  Json history = message;
  history["kind"] = "message";
  history["role"] = "user";
  history["contextId"] = contextId;
  history["taskId"] = started.id;
  if (!history.contains("messageId")) history["messageId"] = "";
  {
    std::lock_guard lock(mutex_);
    tasks_[started.id] = Task{member.key, contextId, std::move(history), *text};
    contexts_[contextId].tasks.push_back(started.id);
  }
  turnLock.unlock();
  if (stream) {
    HttpResponse r{200, "text/event-stream", {{"Cache-Control", "no-cache"}, {"X-Accel-Buffering", "no"}}, ""};
    r.stream = std::make_shared<A2aStream>(*this, started.events, id, started.id, contextId);
    return r;
  }
  // Blocking unless the client asks otherwise (A2A's configuration.blocking; true by default).
  const Json &configuration = params.contains("configuration") ? params["configuration"] : Json();
  bool blocking = !(configuration.is_object() && configuration.contains("blocking") &&
                    configuration["blocking"] == false);
  if (blocking) runs_.waitUntilStopped(started.id);
  Json task = taskJson(started.id);
  if (configuration.is_object() && configuration.contains("historyLength") &&
      configuration["historyLength"] == 0)
    task.erase("history");
  return jsonRpc(id, std::move(task));
}

Json A2aAgents::taskJson(const std::string &id) {
  Task task;
  {
    std::lock_guard lock(mutex_);
    task = tasks_.at(id);
  }
  std::optional<journal::RunRow> row = journal_.runs().find(id);
  const char *state = "submitted";
  Json status = Json::object();
  if (row) {
    switch (row->status) {
      case journal::RunStatus::Running: state = "working"; break;
      case journal::RunStatus::Succeeded: state = "completed"; break;
      case journal::RunStatus::Cancelled: state = "canceled"; break;
      case journal::RunStatus::Failed:
      case journal::RunStatus::Suspended: state = "failed"; break;
    }
  }
  status["state"] = state;
  if (row && std::string(state) == "failed")
    status["message"] = {{"kind", "message"},
                         {"messageId", id + "-error"},
                         {"role", "agent"},
                         {"parts", Json::array({{{"kind", "text"}, {"text", row->error}}})},
                         {"contextId", task.contextId},
                         {"taskId", id}};
  if (row) status["timestamp"] = journal::iso8601(row->finishedMs.value_or(row->startedMs));
  Json out = {{"kind", "task"}, {"id", id}, {"contextId", task.contextId}, {"status", status}};
  if (row && row->status == journal::RunStatus::Succeeded && row->output) {
    Json reply = journal::storedJson(*row->output);
    std::string text = reply.is_string() ? reply.get<std::string>() : reply.dump();
    out["artifacts"] = Json::array(
        {{{"artifactId", "artifact-1"}, {"parts", Json::array({{{"kind", "text"}, {"text", text}}})}}});
  }
  out["history"] = Json::array({task.message});
  return out;
}

HttpResponse A2aAgents::getTask(const Member &member, const Json &id, const Json &params) {
  if (!params.contains("id") || !params["id"].is_string()) return rpcError(id, -32602, "Invalid params: params.id (the task's) is required");
  const std::string taskId = params["id"];
  {
    std::lock_guard lock(mutex_);
    auto it = tasks_.find(taskId);
    if (it == tasks_.end() || it->second.member != member.key) return rpcError(id, -32001, "Task not found: " + taskId);
  }
  Json task = taskJson(taskId);
  if (params.contains("historyLength") && params["historyLength"] == 0) task.erase("history");
  return jsonRpc(id, std::move(task));
}

HttpResponse A2aAgents::cancelTask(const Member &member, const Json &id, const Json &params) {
  if (!params.contains("id") || !params["id"].is_string()) return rpcError(id, -32602, "Invalid params: params.id (the task's) is required");
  const std::string taskId = params["id"];
  {
    std::lock_guard lock(mutex_);
    auto it = tasks_.find(taskId);
    if (it == tasks_.end() || it->second.member != member.key) return rpcError(id, -32001, "Task not found: " + taskId);
  }
  runs_.cancel(taskId, "cancelled by tasks/cancel", kCancelWait);
  Json task = taskJson(taskId);
  const std::string state = task["status"]["state"];
  if (state != "canceled") return rpcError(id, -32002, "Task not cancelable: " + taskId + " is " + state);
  return jsonRpc(id, std::move(task));
}

}  // namespace wfc::serve

#include "host/serve/A2aAgents.h"

#include "common/JsonReader.h"
#include "core/chat/TurnMedia.h"
#include "core/journal/RunStore.h"
#include "host/session/Resume.h"
#include "host/serve/A2aStream.h"
#include "wfc/error.h"

#include <fmt/format.h>

#include <chrono>
#include <random>

namespace wfc::serve {
namespace {

using Json = nlohmann::ordered_json;

// How long tasks/cancel waits for the run to stop before it answers.
constexpr std::chrono::seconds kCancelWait{10};
// How many agents deep agents may call agents (a2a__ tools): a loop of delegations ends here.
constexpr unsigned kMaxAgentDepth = 8;

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

// What a message says: its text parts, one per line, as PromptKit and a2a_eval join them, and its
// file parts as the turn's media items (docs/promptkit.md "Media"), as PromptKit's
// PartToContentPart converts them: A2A 0.3's {"kind": "file", "file": {"bytes" | "uri",
// "mimeType"}}, and PromptKit's own {"raw" | "url", "mediaType"}. A data part is refused, as
// PromptKit refuses it.
}  // namespace

std::optional<A2aAgents::MessageContent> A2aAgents::messageContent(const Json &message, std::string &problem) {
  const Json &parts = message.contains("parts") ? message["parts"] : Json();
  if (!parts.is_array() || parts.empty()) {
    problem = "params.message.parts must be a list of parts";
    return std::nullopt;
  }
  MessageContent out;
  bool firstText = true;
  for (size_t i = 0; i < parts.size(); ++i) {
    const Json &part = parts[i];
    auto refuse = [&](const std::string &why) {
      problem = fmt::format("params.message.parts[{}] {}", i, why);
      return std::nullopt;
    };
    if (!part.is_object()) return refuse("must be an object: a text, file or data part");
    auto field = [&](const Json &object, const char *key) -> std::optional<std::string> {
      auto it = object.find(key);
      if (it == object.end() || it->is_null()) return std::string();
      if (!it->is_string()) return std::nullopt;
      return it->get<std::string>();
    };
    std::string kind;
    if (auto k = part.find("kind"); k != part.end()) {
      if (!k->is_string()) return refuse("has a \"kind\" that is not a string");
      kind = k->get<std::string>();
    } else {
      kind = part.contains("text") ? "text" : part.contains("data") ? "data" : part.contains("raw") || part.contains("url") ? "file" : "";
    }
    if (kind == "text") {
      std::optional<std::string> text = field(part, "text");
      if (!text || !part.contains("text")) return refuse("is a text part without a string \"text\"");
      out.text += (firstText ? "" : "\n") + *text;
      firstText = false;
    } else if (kind == "file") {
      // A2A 0.3 nests the file; PromptKit's wire has it in the part.
      const bool nested = part.contains("file");
      const Json &file = nested ? part["file"] : part;
      if (!file.is_object()) return refuse("is a file part whose \"file\" is not an object {\"bytes\" | \"uri\", \"mimeType\"}");
      std::optional<std::string> bytes = field(file, nested ? "bytes" : "raw"), uri = field(file, nested ? "uri" : "url"),
                                 mime = field(file, nested ? "mimeType" : "mediaType");
      if (!bytes || !uri || !mime) return refuse("is a file part with a field that is not a string");
      if (bytes->empty() == uri->empty())
        return refuse(std::string("is a file part with ") + (bytes->empty() ? "neither" : "both") + " \"" +
                      (nested ? "bytes" : "raw") + "\" (base64) and \"" + (nested ? "uri" : "url") + "\": give one");
      Json item = bytes->empty() ? Json{{"url", *uri}} : Json{{"data", *bytes}};
      if (!mime->empty()) item["mime_type"] = *mime;
      out.media.push_back(std::move(item));
    } else if (kind == "data") {
      return refuse("is a data part: structured data parts are not supported, as PromptKit's agents do not take "
                    "them (send the JSON as a text part)");
    } else {
      return refuse(kind.empty() ? "is not a text, file or data part" : "is a part of kind '" + kind + "', not text, file or data");
    }
  }
  if (out.text.empty() && out.media.empty()) {
    problem = "params.message has neither text nor a file";
    return std::nullopt;
  }
  return out;
}

A2aAgents::A2aAgents(const ProgramDecl &program, RunService &runs, journal::JournalFile &journal, StartTurn start)
    : program_(program), runs_(runs), journal_(journal), start_(std::move(start)) {
  Json agents = readJson(program.agents);
  entry_ = agents.value("entry", "");
  for (const Json &m : agents["members"]) {
    Member member{m.value("key", ""), nullptr, -1, m["card"], nullptr};
    if (m.contains("state") && program.workflow) {
      // The compiler refuses a workflow whose states are not all internal (a chat in each): an
      // agent of one is not served rather than run into a state without a prompt.
      const std::string state = m["state"];
      bool internal = true;
      for (const StateDecl &s : program.workflow->states) internal &= s.kind == StateKind::Internal;
      for (size_t i = 0; i < program.workflow->states.size() && internal; ++i)
        if (state == program.workflow->states[i].name) member.state = int(i);
    } else if (chat::isChatProgram(program)) {
      for (const ChatTaskDecl &t : program.tasks)
        if (member.key == t.name) member.task = &t;
    } else {
      // The task a chat pack would have for the prompt: its tools are those an internal state that
      // runs it offers (the compiler makes sure there is one when it has tools).
      for (size_t p = 0; p < program.prompts.size() && !member.task; ++p) {
        if (member.key != program.prompts[p].key) continue;
        member.own = std::make_unique<OwnTask>();
        StepDecl &turn = member.own->turn;
        turn.id = program.prompts[p].key;
        turn.kind = StepKind::Agent;
        turn.location = program.prompts[p].location;
        turn.prompt = int(p);
        turn.maxSteps = m.value("max_rounds", program.prompts[p].maxRounds);
        if (program.workflow)
          for (const StateDecl &s : program.workflow->states)
            if (s.kind == StateKind::Internal && s.prompt == int(p)) {
              turn.tools = s.tools;
              turn.promptCacheKey = s.promptCacheKey;
              break;
            }
        member.own->task.name = program.prompts[p].key;
        member.own->task.turn = &member.own->turn;
        member.task = &member.own->task;
      }
    }
    members_.push_back(std::move(member));
  }
  // The agent tools, as PromptKit's AgentToolResolver describes them: the agent's skill's
  // description, one string parameter `query`.
  if (agents.contains("offers") && agents["offers"].is_object())
    for (const auto &[prompt, offered] : agents["offers"].items())
      for (size_t p = 0; p < program.prompts.size(); ++p) {
        if (prompt != program.prompts[p].key) continue;
        for (const Json &name : offered) {
          const Member *member = find(name.get<std::string>());
          if (!member) continue;
          Json parameters = {{"type", "object"},
                             {"properties", {{"query", {{"type", "string"}, {"description", "The message to send to the agent"}}}}},
                             {"required", {"query"}}};
          offers_[int(p)].push_back({std::string(llm::kAgentToolPrefix) + member->key,
                                     member->card["skills"][0].value("description", ""), std::move(parameters)});
        }
      }
}

bool A2aAgents::isTurn(const journal::RunRow &row) {
  Json input = readJsonOrDiscarded(row.input);
  return input.is_object() && input.contains("a2a") && input["a2a"].is_object() && input["a2a"].contains("agent");
}

const A2aAgents::Member *A2aAgents::find(const std::string &member) const {
  const std::string &key = member.empty() ? entry_ : member;
  for (const Member &m : members_)
    if (m.key == key && (m.task || m.state >= 0)) return &m;
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

RunService::Started A2aAgents::startWorkflowTurn(const Member &member, const std::string &contextId,
                                                const std::string &text, const Json &media, const Json *variables,
                                                const std::vector<std::string> &before, Value recorded) {
  std::shared_ptr<ChatPosition> chat;
  {
    std::lock_guard lock(mutex_);
    Context &context = contexts_[contextId];
    if (!context.chat) context.chat = std::make_shared<ChatPosition>();
    chat = context.chat;
  }
  // The chat goes on from where the context's last turn left it: once that turn has stopped.
  for (const std::string &task : before) runs_.waitUntilStopped(task);
  Value input;
  std::optional<chat::WorkflowChat::Position> position;
  bool first = false;  // this turn sets the context's workflow input
  {
    std::lock_guard lock(chat->mutex);
    first = !chat->input;
    if (first) chat->input = variables ? Value::fromJson(*variables) : Value::object({});
    input = *chat->input;
    position = chat->position;
  }
  const int state = member.state;
  Value mediaList = Value::fromJson(media);
  RunService::Started started = runs_.start(std::move(recorded), nullptr, std::nullopt,
                     [chat, input, text, mediaList, position, state](Run &run, const CancellationToken &cancel,
                                                                    const std::string &rootSpan) -> std::optional<Value> {
                       std::unique_ptr<chat::WorkflowChat> conversation =
                           position ? std::make_unique<chat::WorkflowChat>(run, input, cancel, rootSpan, *position)
                                    : std::make_unique<chat::WorkflowChat>(run, input, cancel, rootSpan, state);
                       chat::TurnInput turn;
                       turn.message = text;
                       // The current state's prompt must take them: the turn checks (and fails the task).
                       turn.media = chat::readTurnMedia(mediaList, chat::MediaFiles::Refused);
                       std::string reply = conversation->turn(turn);
                       conversation->finish();
                       std::lock_guard lock(chat->mutex);
                       chat->position = conversation->position();
                       return Value::string(reply);
                     });
  if (first && started.refusal != RunService::Refusal::None) {
    std::lock_guard lock(chat->mutex);  // refused (a full server): the retry's variables set the input
    chat->input.reset();
  }
  return started;
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
  std::optional<MessageContent> content = messageContent(message, problem);
  if (!content) return rpcError(id, -32602, "Invalid params: " + problem);
  // A task of this server is done when it answers: none takes more input.
  if (message.contains("taskId") && message["taskId"].is_string() && !message["taskId"].get<std::string>().empty()) {
    std::lock_guard lock(mutex_);
    if (!tasks_.count(message["taskId"].get<std::string>()))
      return rpcError(id, -32001, "Task not found: " + message["taskId"].get<std::string>());
    return rpcError(id, -32004, "Task " + message["taskId"].get<std::string>() +
                                    " takes no more messages: send a new message in its contextId to go on");
  }
  const std::string contextId = message.contains("contextId") && message["contextId"].is_string() &&
                                        !message["contextId"].get<std::string>().empty()
                                    ? message["contextId"].get<std::string>()
                                    : randomId();
  // wfc's extension: the prompt's template variables (a workflow's input) in the message's or the
  // request's metadata.
  const Json *variables = nullptr;
  for (const Json *metadata : {&message, &params})
    if (metadata->contains("metadata") && (*metadata)["metadata"].is_object() &&
        (*metadata)["metadata"].contains("variables") && (*metadata)["metadata"]["variables"].is_object()) {
      variables = &(*metadata)["metadata"]["variables"];
      break;
    }
  Begun begun = begin(member, contextId, *content, variables, message, "");
  if (!begun.problem.empty()) return rpcError(id, -32602, "Invalid params: " + begun.problem);
  const RunService::Started &started = begun.started;
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

A2aAgents::Begun A2aAgents::begin(const Member &member, const std::string &contextId, const MessageContent &content,
                                  const Json *variables, const Json &message, const std::string &caller) {
  Begun out;
  std::shared_ptr<std::mutex> turn;
  {
    std::lock_guard lock(mutex_);
    Context &context = contexts_[contextId];
    if (context.member.empty()) context.member = member.key;
    if (context.member != member.key) {
      out.problem = "context " + contextId + " is a conversation with agent '" + context.member + "', not '" +
                    member.key + "'";
      return out;
    }
    if (!context.turn) context.turn = std::make_shared<std::mutex>();
    turn = context.turn;
  }
  // The turns of a context are taken one at a time, in the order they arrive: each sees those
  // before it.
  std::unique_lock turnLock(*turn);
  std::vector<std::string> before;
  {
    std::lock_guard lock(mutex_);
    before = contexts_[contextId].tasks;
  }
  // What the journal records of a turn in a pack that is not a chat pack: the turn, marked as an
  // agent's (isTurn), so that a restarted server does not take it for a run of the workflow.
  Json recorded = Json::object();
  recorded["a2a"] = {{"agent", member.key}, {"contextId", contextId}};
  if (!caller.empty()) recorded["a2a"]["caller"] = caller;
  recorded["message"] = content.text;
  recorded["variables"] = variables ? *variables : Json::object();
  if (!content.media.empty()) recorded["media"] = content.media;
  if (member.state >= 0) {
    if (variables && !before.empty()) {
      out.problem = "metadata.variables is the workflow's input, which the first message of context " + contextId +
                    " set: later messages carry none";
      return out;
    }
    out.started = startWorkflowTurn(member, contextId, content.text, content.media, variables, before,
                                    Value::fromJson(recorded));
  } else {
    ChatCompletionRequest chat;
    chat.task = member.task;
    chat.model = member.key;
    std::vector<std::pair<std::string, Value>> input = {{"message", Value::string(content.text)}};
    if (variables) input.push_back({"variables", Value::fromJson(*variables)});
    if (!content.media.empty()) input.push_back({"media", Value::fromJson(content.media)});
    chat.input = Value::object(std::move(input));
    // Media the prompt does not take are refused before anything runs, as a chat completion's are.
    if (!content.media.empty()) try {
        chat::readTaskMedia(Value::fromJson(content.media), chat::MediaFiles::Refused, program_, *member.task);
      } catch (const Error &e) {
        out.problem = e.what();
        return out;
      }
    chat.earlier = earlierTurns(before);
    out.started = start_(chat, Value::fromJson(recorded));
  }
  if (out.started.refusal != RunService::Refusal::None) return out;
  Json history = message;
  history["kind"] = "message";
  history["role"] = "user";
  history["contextId"] = contextId;
  history["taskId"] = out.started.id;
  if (!history.contains("messageId")) history["messageId"] = "";
  std::lock_guard lock(mutex_);
  tasks_[out.started.id] = Task{member.key, contextId, std::move(history), content.text, caller};
  contexts_[contextId].tasks.push_back(out.started.id);
  return out;
}

std::vector<llm::ToolSpec> A2aAgents::offered(int prompt) const {
  auto it = offers_.find(prompt);
  return it == offers_.end() ? std::vector<llm::ToolSpec>{} : it->second;
}

std::string A2aAgents::ask(const std::string &memberName, const std::string &query, const std::string &callerRunId,
                           const CancellationToken &cancel) {
  const Member *member = find(memberName);
  if (!member) throw Error(ErrorKind::StepFailed, "this server has no agent '" + memberName + "'");
  // The chain of agents answering: the caller's task, its caller's, … An agent already in it is
  // not asked again (it would wait for itself), and the chain is bounded.
  std::string context;
  {
    std::lock_guard lock(mutex_);
    std::string chain = memberName;
    unsigned depth = 0;
    for (std::string run = callerRunId; !run.empty();) {
      auto it = tasks_.find(run);
      if (it == tasks_.end()) break;
      chain = it->second.member + " → " + chain;
      if (it->second.member == memberName)
        throw Error(ErrorKind::StepFailed, "agent '" + memberName + "' is already answering in this chain of calls (" +
                                               chain + "): an agent does not wait for itself");
      if (++depth >= kMaxAgentDepth)
        throw Error(ErrorKind::StepFailed, "the chain of agents calling agents is " + std::to_string(depth) +
                                               " deep (" + chain + "): at most " + std::to_string(kMaxAgentDepth));
      run = it->second.caller;
    }
    // Successive calls from one conversation continue one conversation with the agent, as
    // PromptKit keeps one per session: the caller's context's, else the caller's run's.
    auto caller = tasks_.find(callerRunId);
    if (caller != tasks_.end()) context = caller->second.contextId + "/" + memberName;
  }
  if (context.empty()) {
    // A turn that asks before begin() has recorded its task (its run started first): the journal
    // has its context, in the turn's recorded input.
    std::optional<journal::RunRow> row = journal_.runs().find(callerRunId);
    Json recorded = row ? readJsonOrDiscarded(row->input) : Json();
    const Json a2a = recorded.is_object() && recorded.contains("a2a") ? recorded["a2a"] : Json();
    if (a2a.is_object() && a2a.value("agent", "") == memberName)
      throw Error(ErrorKind::StepFailed, "agent '" + memberName + "' is already answering in this chain of calls: "
                                             "an agent does not wait for itself");
    context = (a2a.is_object() && a2a.contains("contextId") ? a2a["contextId"].get<std::string>() : callerRunId) + "/" +
              memberName;
  }
  MessageContent content{query, Json::array()};
  Json message = {{"kind", "message"}, {"messageId", ""}, {"role", "user"},
                  {"parts", Json::array({{{"kind", "text"}, {"text", query}}})}};
  Begun begun = begin(*member, context, content, nullptr, message, callerRunId);
  if (!begun.problem.empty()) throw Error(ErrorKind::StepFailed, begun.problem);
  if (begun.started.refusal == RunService::Refusal::Full)
    throw Error(ErrorKind::StepFailed, "the server runs " + std::to_string(runs_.maxRuns()) +
                                           " runs already (--max-runs), and an agent's turn is a run of its own");
  if (begun.started.refusal != RunService::Refusal::None)
    throw Error(ErrorKind::StepFailed, begun.started.refusal == RunService::Refusal::Draining
                                           ? "the server is shutting down"
                                           : begun.started.error);
  const std::string &id = begun.started.id;
  {
    // The caller's cancellation (its run cancelled, a sibling failing, a deadline) cancels the
    // turn; the canceller does not wait for it to stop, this thread does.
    CancellationToken::Registration stop = cancel.onCancel(
        [this, id] { runs_.cancel(id, "cancelled: the conversation that asked for it was", std::chrono::milliseconds(0)); });
    runs_.waitUntilStopped(id);
  }
  std::optional<journal::RunRow> row = journal_.runs().find(id);
  if (!row) throw Error(ErrorKind::StepFailed, "its task " + id + " was lost");
  if (row->status != journal::RunStatus::Succeeded || !row->output)
    throw Error(ErrorKind::StepFailed, "task " + id + " " + std::string(spell(row->status)) +
                                           (row->error.empty() ? "" : ": " + row->error));
  Json reply = journal::storedJson(*row->output);
  return reply.is_string() ? reply.get<std::string>() : reply.dump();
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

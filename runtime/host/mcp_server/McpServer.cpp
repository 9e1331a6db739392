#include "host/mcp_server/McpServer.h"

#include "common/JsonReader.h"
#include "host/session/RunSetup.h"
#include "wfc/error.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <system_error>
#include <iostream>

#include <poll.h>
#include <unistd.h>

namespace wfc::mcp {
namespace {

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.back() == '\r' || text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  return text;
}

// A JSON-RPC request id: a string or an integer (MCP: never null). Numbers with fractions are
// JSON-RPC's "SHOULD NOT", and taken as well.
bool validId(const Json &id) { return id.is_string() || id.is_number(); }

std::string quoted(const std::string &s) { return "'" + s + "'"; }

}  // namespace

struct McpServer::Call {
  Json id;
  std::string key;  // id.dump(): 1 and "1" are different requests
  const ServedTool *tool = nullptr;
  Value input;
  std::optional<Json> progressToken;
  CancellationToken cancel;
  // Set when nobody awaits the answer any more: the client cancelled the request, or the session
  // ended. (Not the token alone: a run's budget cancels it too, and that run is answered.)
  std::atomic<bool> abandoned{false};
  std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
  std::thread thread;
};

McpServer::McpServer(const RunEnvironment &env, std::vector<ServedTool> tools, Options options)
    : env_(env), tools_(std::move(tools)), options_(std::move(options)), writer_(options_.outputFd) {}

McpServer::~McpServer() {
  cancelCalls("the MCP server is shutting down");
  writer_.close();
}

const ServedTool *McpServer::findTool(const std::string &name) const {
  for (const ServedTool &t : tools_)
    if (t.name == name) return &t;
  return nullptr;
}

void McpServer::serve(const CancellationToken &stop) {
  session_ = stop.child();
  std::string buffer;
  bool skipping = false;  // the rest of a line that was too long
  char chunk[65536];
  bool endOfInput = false;
  while (!endOfInput) {
    pollfd fds[2] = {{options_.inputFd, POLLIN, 0}, {stop.pollFd(), POLLIN, 0}};
    int ready = ::poll(fds, 2, -1);
    if (ready < 0) {
      if (errno == EINTR) continue;
      std::cerr << env_.self << ": error: cannot wait for MCP messages: " << std::strerror(errno) << "\n";
      break;
    }
    if (fds[1].revents & POLLIN) break;  // a signal
    if (!(fds[0].revents & (POLLIN | POLLHUP | POLLERR | POLLNVAL))) continue;
    ssize_t got = ::read(options_.inputFd, chunk, sizeof chunk);
    if (got < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      std::cerr << env_.self << ": error: cannot read MCP messages: " << std::strerror(errno) << "\n";
      break;
    }
    if (got == 0) {
      endOfInput = true;  // a last line without its newline is still a message
      if (!skipping && !buffer.empty()) handleLine(buffer);
      break;
    }
    // What the buffer held before this read has no newline (every line found was taken out), so
    // only the new bytes are searched: a 64 MiB line read a chunk at a time is not rescanned
    // from its start at every chunk.
    const size_t unscanned = buffer.size();
    buffer.append(chunk, size_t(got));
    size_t start = 0;
    for (size_t nl, from = unscanned; (nl = buffer.find('\n', from)) != std::string::npos; start = from = nl + 1) {
      if (skipping) skipping = false;
      else handleLine(buffer.substr(start, nl - start));
    }
    buffer.erase(0, start);
    if (!skipping && buffer.size() > options_.maxMessageBytes) {
      writer_.send(errorMessage(nullptr, rpc::kInvalidRequest,
                                "a message longer than " + std::to_string(options_.maxMessageBytes) +
                                    " bytes was skipped"));
      skipping = true;
    }
    if (skipping) buffer.clear();
    joinFinished();
  }
  cancelCalls(stop.cancelled() ? "interrupted by " + stop.reason() : "the MCP client closed the connection");
  writer_.close();
}

void McpServer::cancelCalls(const std::string &reason) {
  std::unique_lock lock(mutex_);
  for (auto &[key, call] : calls_) {
    call->abandoned = true;
    call->cancel.cancel(reason);
  }
  // A call that ends from here on — or ended on a signal before the loop noticed it — is not
  // answered: the session is over.
  session_.cancel(reason);
  callsDone_.wait(lock, [&] { return calls_.empty(); });
  std::vector<std::thread> threads = std::move(finished_);
  finished_.clear();
  lock.unlock();
  for (std::thread &t : threads) t.join();
}

void McpServer::joinFinished() {
  std::vector<std::thread> threads;
  {
    std::lock_guard lock(mutex_);
    threads = std::move(finished_);
    finished_.clear();
  }
  for (std::thread &t : threads) t.join();
}

void McpServer::handleLine(const std::string &line) {
  std::string_view text = trim(line);
  if (text.empty()) return;
  Json message;
  try {
    message = readJson(text);  // bounded nesting (docs/limits.md)
  } catch (const Error &e) {
    writer_.send(errorMessage(nullptr, rpc::kParseError, std::string("Parse error: ") + e.what()));
    return;
  }
  if (message.is_array()) {
    // JSON-RPC batches were removed from MCP in 2025-06-18.
    writer_.send(errorMessage(nullptr, rpc::kInvalidRequest,
                              "Invalid Request: JSON-RPC batches are not part of MCP (since 2025-06-18); send one "
                              "message per line"));
    return;
  }
  if (!message.is_object()) {
    writer_.send(errorMessage(nullptr, rpc::kInvalidRequest, "Invalid Request: a message is a JSON object, not " +
                                                                  message.dump().substr(0, 100)));
    return;
  }
  auto id = message.find("id");
  auto method = message.find("method");
  if (method == message.end()) {
    // A response: this server sends no requests, so there is nothing to match it with.
    if (message.contains("result") || message.contains("error")) return;
    writer_.send(errorMessage(id != message.end() && validId(*id) ? *id : Json(nullptr), rpc::kInvalidRequest,
                              "Invalid Request: no \"method\""));
    return;
  }
  Json replyId = id != message.end() && validId(*id) ? *id : Json(nullptr);
  if (message.value("jsonrpc", Json()) != "2.0") {
    if (id != message.end()) writer_.send(errorMessage(replyId, rpc::kInvalidRequest, "Invalid Request: \"jsonrpc\" must be \"2.0\""));
    return;
  }
  if (!method->is_string()) {
    if (id != message.end()) writer_.send(errorMessage(replyId, rpc::kInvalidRequest, "Invalid Request: \"method\" must be a string"));
    return;
  }
  Json params = message.value("params", Json::object());
  if (!params.is_object()) {
    if (id != message.end())
      writer_.send(errorMessage(replyId, rpc::kInvalidParams, "Invalid params: \"params\" must be an object"));
    return;
  }
  if (id == message.end()) {
    handleNotification(method->get<std::string>(), params);
    return;
  }
  if (!validId(*id)) {
    writer_.send(errorMessage(nullptr, rpc::kInvalidRequest, "Invalid Request: \"id\" must be a string or a number"));
    return;
  }
  try {
    handleRequest(*id, method->get<std::string>(), params);
  } catch (const std::exception &e) {
    writer_.send(errorMessage(*id, rpc::kInternalError, std::string("Internal error: ") + e.what()));
  }
}

void McpServer::handleRequest(const Json &id, const std::string &method, const Json &params) {
  if (method == "ping") return writer_.send(resultMessage(id, Json::object()));
  if (method == "initialize") {
    if (initialized_)
      return writer_.send(errorMessage(id, rpc::kInvalidRequest, "Invalid Request: the session is initialized already"));
    if (!params.contains("protocolVersion") || !params["protocolVersion"].is_string())
      return writer_.send(errorMessage(id, rpc::kInvalidParams, "Invalid params: initialize needs \"protocolVersion\""));
    writer_.send(resultMessage(id, initialize(params)));
    initialized_ = true;
    return;
  }
  if (method != "tools/list" && method != "tools/call")
    return writer_.send(errorMessage(id, rpc::kMethodNotFound, "Method not found: " + method));
  if (!initialized_)
    return writer_.send(errorMessage(id, rpc::kInvalidRequest, "Invalid Request: send initialize first"));
  if (method == "tools/list") {
    if (params.contains("cursor") && !params["cursor"].is_null())
      return writer_.send(errorMessage(id, rpc::kInvalidParams,
                                       "Invalid params: no such cursor (every tool is on the first page)"));
    Json list = Json::array();
    for (const ServedTool &t : tools_) list.push_back(listEntry(t));
    return writer_.send(resultMessage(id, {{"tools", list}}));
  }
  startCall(id, params);
}

Json McpServer::initialize(const Json &params) {
  // The client's version when this server speaks it, else the newest it does: the client then
  // decides whether it can go on (MCP's version negotiation).
  std::string asked = params["protocolVersion"];
  std::string version = kProtocolVersions[0];
  for (const char *v : kProtocolVersions)
    if (asked == v) version = v;
  const ProgramDecl &program = env_.program;
  Json serverInfo = {{"name", program.name}};
  if (*program.description) serverInfo["title"] = program.description;  // the pack's `name`
  serverInfo["version"] = program.version;
  return {{"protocolVersion", version}, {"capabilities", {{"tools", {{"listChanged", false}}}}}, {"serverInfo", serverInfo}};
}

void McpServer::handleNotification(const std::string &method, const Json &params) {
  if (method == "notifications/cancelled") {
    auto requestId = params.find("requestId");
    if (requestId == params.end() || !validId(*requestId)) return;
    std::string reason = "cancelled by the MCP client";
    if (params.contains("reason") && params["reason"].is_string())
      reason += ": " + params["reason"].get<std::string>();
    std::shared_ptr<Call> call;
    {
      std::lock_guard lock(mutex_);
      auto it = calls_.find(requestId->dump());
      if (it == calls_.end()) return;  // answered already, or never a call: MCP says ignore it
      call = it->second;
      call->abandoned = true;
    }
    call->cancel.cancel(reason);  // outside the lock: cancelling runs callbacks that may block
  }
  // notifications/initialized and every other notification need nothing from this server.
}

void McpServer::startCall(const Json &id, const Json &params) {
  auto name = params.find("name");
  if (name == params.end() || !name->is_string())
    return writer_.send(errorMessage(id, rpc::kInvalidParams, "Invalid params: tools/call needs the tool's \"name\""));
  const ServedTool *tool = findTool(*name);
  if (!tool) {
    std::string names;
    for (const ServedTool &t : tools_) names += (names.empty() ? "" : ", ") + quoted(t.name);
    return writer_.send(errorMessage(id, rpc::kInvalidParams,
                                     "Unknown tool " + quoted(*name) + "; this server's tools: " + names));
  }
  Json arguments = params.value("arguments", Json::object());
  if (arguments.is_null()) arguments = Json::object();
  if (!arguments.is_object())
    return writer_.send(errorMessage(id, rpc::kInvalidParams, "Invalid params: \"arguments\" must be an object"));
  auto call = std::make_shared<Call>();
  call->id = id;
  call->key = id.dump();
  call->tool = tool;
  call->input = Value::fromJson(std::move(arguments));
  if (auto meta = params.find("_meta"); meta != params.end() && meta->is_object()) {
    auto token = meta->find("progressToken");
    if (token != meta->end() && validId(*token)) call->progressToken = *token;
  }
  // Arguments that do not match the inputSchema are the tool's error, not the protocol's, so a
  // model calling the tool sees what to fix (MCP 2025-11-25).
  if (!tool->task) {
    try {
      checkRunInput(env_.program, call->input);
    } catch (const Error &e) {
      return writer_.send(resultMessage(id, inputErrorResult(e.what())));
    }
  }
  std::lock_guard lock(mutex_);
  if (calls_.count(call->key))
    return writer_.send(errorMessage(id, rpc::kInvalidRequest,
                                     "Invalid Request: request id " + call->key + " is in use by a call in flight"));
  call->cancel = session_.child();
  calls_.emplace(call->key, call);
  // Under the lock: the call's thread takes its std::thread out of `call` under it when it ends.
  try {
    call->thread = std::thread([this, call] { runCall(call); });
  } catch (const std::system_error &e) {  // no thread to be had: the call never started
    calls_.erase(call->key);
    writer_.send(errorMessage(id, rpc::kInternalError, std::string("Internal error: cannot start the run: ") + e.what()));
  }
}

void McpServer::runCall(const std::shared_ptr<Call> &call) {
  RunRequest request;
  request.input = call->input;
  request.cancel = call->cancel;
  request.started = call->started;
  request.task = call->tool->task;
  // The arguments are the client's — a model's, often: they name no file of this machine's.
  request.mediaFiles = chat::MediaFiles::Refused;
  request.events = options_.events;
  if (call->progressToken) {
    request.onStep = [this, call](const StepRecord &record, size_t stepsDone) {
      if (call->abandoned) return;
      writer_.send(notificationMessage("notifications/progress",
                                       {{"progressToken", *call->progressToken},
                                        {"progress", stepsDone},
                                        {"message", "step '" + record.step + "' " + record.status}}));
    };
  }
  RunOutcome outcome;
  try {
    outcome = executeRun(env_, std::move(request));
  } catch (const std::exception &e) {  // a run that cannot start (no thread for its pool …)
    outcome.code = 1;
    outcome.status = journal::RunStatus::Failed;
    outcome.error = std::string("internal error: ") + e.what();
  }
  std::lock_guard lock(mutex_);
  calls_.erase(call->key);
  // A cancelled request is not answered (MCP: the client has stopped waiting for it), nor is one
  // the end of the session cancelled.
  if (!call->abandoned && !session_.cancelled()) writer_.send(resultMessage(call->id, callResult(*call->tool, outcome)));
  finished_.push_back(std::move(call->thread));
  callsDone_.notify_all();
}

}  // namespace wfc::mcp

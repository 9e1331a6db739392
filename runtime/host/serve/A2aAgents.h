// A pack's agents over A2A (docs/serve.md "A2A agents"; RFC 0007): each member of `agents` is an
// agent with PromptKit's card, answering A2A 0.3's JSON-RPC methods — message/send,
// message/stream, tasks/get, tasks/cancel — at its own endpoint. An agent is a conversation on its
// prompt: a message is one chat turn of that prompt's task, run as any served run (journaled, in
// the run list, under --max-runs), and a task is that run (task id = run id). Messages that share
// a contextId are one conversation, taken in order: a turn sees the turns of its context before
// it. Tasks and contexts live in memory; their runs stay in the journal.
#pragma once

#include "core/journal/JournalFile.h"
#include "host/serve/ChatCompletions.h"
#include "host/serve/HttpServer.h"
#include "host/serve/RunService.h"
#include "wfc/program.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace wfc::serve {

class A2aAgents {
 public:
  // Starts a chat turn as a run (RestApi::startTurn).
  using StartTurn = std::function<RunService::Started(const ChatCompletionRequest &)>;

  A2aAgents(const ProgramDecl &program, RunService &runs, journal::JournalFile &journal, StartTurn start);

  // The agent named `member`, "" naming the entry; false when the pack has no such agent.
  bool has(const std::string &member) const;
  // Its agent card, reached at `baseUrl` ("http://127.0.0.1:8080"): PromptKit's card with the
  // endpoint, the protocol version and streaming added.
  std::string card(const std::string &member, const std::string &baseUrl) const;
  // Answers a JSON-RPC request (`request`, parsed) to the agent's endpoint.
  HttpResponse call(const std::string &member, const nlohmann::ordered_json &request);

  // A JSON-RPC error response: {"jsonrpc", "id", "error": {"code", "message"}}.
  static std::string error(const nlohmann::ordered_json &id, int code, const std::string &message);

  // What message/stream and tasks/get report: the task of run `id` as A2A 0.3 spells it.
  nlohmann::ordered_json taskJson(const std::string &id);

 private:
  struct Member {
    std::string key;
    const ChatTaskDecl *task = nullptr;
    nlohmann::ordered_json card;
  };
  struct Task {
    std::string member, contextId;
    nlohmann::ordered_json message;  // the user's, as the task's history holds it
    std::string text;                // its text: the turn's message
  };
  struct Context {
    std::string member;
    std::vector<std::string> tasks;     // in the order they were sent
    std::shared_ptr<std::mutex> turn;  // held while a turn of the context starts
  };

  const Member *find(const std::string &member) const;
  HttpResponse send(const Member &member, const nlohmann::ordered_json &id, const nlohmann::ordered_json &params,
                    bool stream);
  HttpResponse getTask(const Member &member, const nlohmann::ordered_json &id, const nlohmann::ordered_json &params);
  HttpResponse cancelTask(const Member &member, const nlohmann::ordered_json &id, const nlohmann::ordered_json &params);
  // The conversation before a new turn of `context`: each earlier task's message and reply,
  // waiting for the ones still running.
  std::vector<llm::Message> earlierTurns(const std::vector<std::string> &tasks);

  RunService &runs_;
  journal::JournalFile &journal_;
  StartTurn start_;
  std::vector<Member> members_;
  std::string entry_;
  std::mutex mutex_;
  std::map<std::string, Task> tasks_;
  std::map<std::string, Context> contexts_;
};

}  // namespace wfc::serve

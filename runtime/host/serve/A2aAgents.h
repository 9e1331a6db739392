// A pack's agents over A2A (docs/serve.md "A2A agents"; RFC 0007): each member of `agents` is an
// agent with PromptKit's card, answering A2A 0.3's JSON-RPC methods — message/send,
// message/stream, tasks/get, tasks/cancel — at its own endpoint. An agent is a conversation on its
// prompt, or (a member with a `state`) the pack's workflow chat entered at that state: a message is
// one turn, run as any served run (journaled, in the run list, under --max-runs), and a task is
// that run (task id = run id). Messages that share a contextId are one conversation, taken in
// order: a turn sees the turns of its context before it (a workflow chat: continues where the
// last one left it). Tasks and contexts live in memory; their runs stay in the journal.
#pragma once

#include "core/chat/WorkflowChat.h"
#include "core/conversation/AgentTools.h"
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

class A2aAgents final : public llm::AgentTools {
 public:
  // Starts a chat turn as a run (RestApi::startTurn); `recordedInput`, when given, is what the
  // journal records as the run's input instead of the turn's (a turn of a workflow pack's agent).
  using StartTurn = std::function<RunService::Started(const ChatCompletionRequest &, const std::optional<Value> &recordedInput)>;

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

  // The pack's agents as a2a__ tools of its served runs (core/conversation/AgentTools.h): the
  // agents prompt `prompt`'s `tools` name, each asked as a message in a context of the caller's.
  std::vector<llm::ToolSpec> offered(int prompt) const override;
  std::string ask(const std::string &member, const std::string &query, const std::string &callerRunId,
                  const CancellationToken &cancel) override;

  // Whether a journaled run is an agent's turn in a pack that is not a chat pack (its input says
  // so): a server that restarts does not resume it as a run of the workflow (its client has gone).
  static bool isTurn(const journal::RunRow &row);

 private:
  // A member of a pack with a workflow or compositions that is a conversation on its prompt: the
  // chat task a chat pack would have for it (codegen's ChatTaskDecl), made from the prompt and the
  // tools a state that runs it offers.
  struct OwnTask {
    StepDecl turn;
    ChatTaskDecl task;
  };
  struct Member {
    std::string key;
    const ChatTaskDecl *task = nullptr;  // a conversation on its prompt
    int state = -1;                      // or the workflow's chat entered at this state
    nlohmann::ordered_json card;
    std::unique_ptr<OwnTask> own;
  };
  // Where a workflow chat's context stands after its last turn (none yet: at the member's state),
  // written by the turn's run when it ends.
  struct ChatPosition {
    std::mutex mutex;
    std::optional<chat::WorkflowChat::Position> position;
    std::optional<Value> input;  // the workflow input: the context's first message's variables
  };
  struct Task {
    std::string member, contextId;
    nlohmann::ordered_json message;  // the user's, as the task's history holds it
    std::string text;                // its text: the turn's message (its media are not read again)
    std::string caller;              // the run whose a2a__ tool call sent it; "" for a client's
  };
  // What a message says: its text parts joined, its file parts as the turn's media items.
  struct MessageContent {
    std::string text;
    nlohmann::ordered_json media = nlohmann::ordered_json::array();
  };
  // A turn started (or refused: `problem`, an invalid-params error, else started.refusal).
  struct Begun {
    RunService::Started started;
    std::string problem;
  };
  struct Context {
    std::string member;
    std::vector<std::string> tasks;     // in the order they were sent
    std::shared_ptr<std::mutex> turn;  // held while a turn of the context starts
    std::shared_ptr<ChatPosition> chat;  // a workflow chat's
  };

  const Member *find(const std::string &member) const;
  // The message's parts as PromptKit's PartToContentPart reads them; nullopt (and `problem`).
  static std::optional<MessageContent> messageContent(const nlohmann::ordered_json &message, std::string &problem);
  // Starts a turn of `member` in `contextId` once the context's earlier turns have started, and
  // records its task; `message` is the user's (the task's history), `caller` the asking run's id.
  Begun begin(const Member &member, const std::string &contextId, const MessageContent &content,
              const nlohmann::ordered_json *variables, const nlohmann::ordered_json &message, const std::string &caller);
  HttpResponse send(const Member &member, const nlohmann::ordered_json &id, const nlohmann::ordered_json &params,
                    bool stream);
  // A turn of a member with a `state` in context `contextId`, once its earlier turns have stopped.
  // `before`: the context's earlier tasks; `recorded`: the run's input as the journal keeps it.
  RunService::Started startWorkflowTurn(const Member &member, const std::string &contextId, const std::string &text,
                                        const nlohmann::ordered_json &media, const nlohmann::ordered_json *variables, const std::vector<std::string> &before,
                                        Value recorded);
  HttpResponse getTask(const Member &member, const nlohmann::ordered_json &id, const nlohmann::ordered_json &params);
  HttpResponse cancelTask(const Member &member, const nlohmann::ordered_json &id, const nlohmann::ordered_json &params);
  // The conversation before a new turn of `context`: each earlier task's message and reply,
  // waiting for the ones still running.
  std::vector<llm::Message> earlierTurns(const std::vector<std::string> &tasks);

  const ProgramDecl &program_;
  RunService &runs_;
  journal::JournalFile &journal_;
  StartTurn start_;
  std::vector<Member> members_;
  std::string entry_;
  std::mutex mutex_;
  std::map<std::string, Task> tasks_;
  std::map<std::string, Context> contexts_;
  std::map<int, std::vector<llm::ToolSpec>> offers_;  // by prompt: its agent tools
};

}  // namespace wfc::serve

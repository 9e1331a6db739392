// A pack's agents served over A2A (docs/serve.md "A2A agents"): packs/serve-agents.yaml served as
// a real process, its LLM the scripted test server. The cards as PromptKit builds them; message/send,
// tasks/get and tasks/cancel read raw over HTTP with libcurl — blocking and not, the JSON-RPC
// errors, a context's turns seeing the ones before them (the model's requests prove it); and
// A2A's official JavaScript client (@a2a-js/sdk, tests/serve/a2a-client.mjs) reading the card,
// sending, streaming and getting tasks as any A2A client would. packs/serve-workflow-agents.yaml:
// the agents of a workflow pack — a member entered at a state, whose context follows the
// workflow's transitions from one task to the next, and a member that is a conversation on its
// prompt with the tools its state offers.
#include "CurlClient.h"
#include "ExeDir.h"
#include "LlmServerProcess.h"
#include "Process.h"
#include "ServeProcess.h"
#include "TestFiles.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <csignal>
#include <filesystem>
#include <thread>

namespace fs = std::filesystem;
using Json = nlohmann::json;
using namespace wfc::test;

namespace {

const std::string kServeNpm = std::string(WFC_SOURCE_DIR) + "/tests/serve";

// The planner's two answers (the second, to "again", streamed word by word), the writer's; SLOW
// takes five seconds, FAIL is refused.
Json script() {
  return {{"replies",
           {{{"match", {{"last_user_contains", "SLOW"}}}, {"delay_ms", 5000}, {"reply", {{"content", "a b c d e"}}}},
            {{"match", {{"last_user_contains", "FAIL"}}}, {"status", 400}, {"body", R"({"error": {"message": "bad request"}})"}},
            // The planner asks the writer through its a2a__writer tool; the writer, asked to loop
            // back, asks the planner, which is already answering.
            {{"match", {{"system_contains", "PLANNER"}, {"last_user_contains", "slowly"}, {"tool_results", 0}}},
             {"reply", {{"tool_calls", {{{"name", "a2a__writer"}, {"arguments", {{"query", "SLOW write"}}}}}}}}},
            {{"match", {{"system_contains", "PLANNER"}, {"last_user_contains", "writer"}, {"tool_results", 0}}},
             {"reply", {{"tool_calls", {{{"name", "a2a__writer"}, {"arguments", {{"query", "Write about Lisbon"}}}}}}}}},
            {{"match", {{"system_contains", "PLANNER"}, {"last_user_contains", "loop"}, {"tool_results", 0}}},
             {"reply", {{"tool_calls", {{{"name", "a2a__writer"}, {"arguments", {{"query", "loop back to the planner"}}}}}}}}},
            {{"match", {{"system_contains", "PLANNER"}, {"last_tool_result_contains", "Written."}}},
             {"reply", {{"content", "The writer wrote it."}}}},
            {{"match", {{"system_contains", "PLANNER"}, {"last_tool_result_contains", "Could not"}}},
             {"reply", {{"content", "No loop."}}}},
            {{"match", {{"system_contains", "WRITER"}, {"last_user_contains", "loop"}, {"tool_results", 0}}},
             {"reply", {{"tool_calls", {{{"name", "a2a__planner"}, {"arguments", {{"query", "back"}}}}}}}}},
            {{"match", {{"system_contains", "WRITER"}, {"last_tool_result_contains", "already answering"}}},
             {"reply", {{"content", "Could not."}}}},
            {{"match", {{"system_contains", "PLANNER"}, {"last_user_contains", "again"}}},
             {"chunk_delay_ms", 20},
             {"reply", {{"content", "Day two: the museum."}}}},
            {{"match", {{"system_contains", "PLANNER"}}}, {"reply", {{"content", "Day one: the old town."}}}},
            {{"match", {{"system_contains", "WRITER"}}}, {"reply", {{"content", "Written."}}}}}}};
}

class ServeA2aE2ETest : public ::testing::Test {
 protected:
  void SetUp() override { serve("serve-agents", script()); }

  // Serves packs/PACK.yaml on the journal runs.db, its model scripted by `script`.
  void serve(const std::string &pack, const Json &script, std::vector<std::string> more = {}) {
    if (!llm_) llm_ = std::make_unique<LlmServerProcess>(script);
    std::string exe = e2eExeDir() + "/" + pack;
    ASSERT_TRUE(fs::exists(exe)) << exe << " was not built";
    std::vector<std::string> args = {"--serve", "127.0.0.1:0", "--journal", (dir_ / "runs.db").string(),
                                     "--llm-base-url", llm_->baseUrl(), "--model", "test-model"};
    args.insert(args.end(), more.begin(), more.end());
    server_.reset();
    static int started = 0;  // each server's stderr its own: the "serving" line read is its own
    server_ = std::make_unique<ServeProcess>(exe, args, dir_ / ("serve" + std::to_string(++started) + ".err"),
                                             std::map<std::string, std::string>{}, dir_.str());
    std::optional<std::string> base = server_->waitReady();
    ASSERT_TRUE(base) << "the server did not come up:\n" << server_->stderrText();
    base_ = *base;
  }

  std::string url(const std::string &path) const { return base_ + path; }

  // A JSON-RPC call to `path`: the reply's body, parsed.
  Json rpc(const std::string &path, const std::string &method, const Json &params, long *status = nullptr) {
    static int id = 0;
    HttpReply r = httpPostJson(url(path), Json{{"jsonrpc", "2.0"}, {"id", ++id}, {"method", method}, {"params", params}}.dump());
    if (status) *status = r.status;
    EXPECT_TRUE(r.error.empty()) << r.error;
    Json body = Json::parse(r.body, nullptr, false);
    EXPECT_FALSE(body.is_discarded()) << r.body;
    EXPECT_EQ(body["jsonrpc"], "2.0") << r.body;
    EXPECT_EQ(body["id"], id) << r.body;
    return body;
  }
  static Json message(const std::string &text, const Json &extra = Json::object()) {
    Json m = {{"kind", "message"}, {"messageId", "m-" + text}, {"role", "user"},
              {"parts", Json::array({{{"kind", "text"}, {"text", text}}})}};
    m.update(extra);
    return m;
  }

  TempDir dir_;
  std::unique_ptr<LlmServerProcess> llm_;
  std::unique_ptr<ServeProcess> server_;
  std::string base_;
};

TEST_F(ServeA2aE2ETest, EachMemberHasPromptKitsCardAndTheEntryIsAtTheRoot) {
  HttpReply planner = httpGet(url("/agents/planner/.well-known/agent-card.json"));
  ASSERT_EQ(planner.status, 200) << planner.body;
  Json card = planner.json();
  EXPECT_EQ(card["name"], "Trip planner");                          // the prompt's name
  EXPECT_EQ(card["description"], "Plans a trip in three steps.");  // the member's, over the prompt's
  EXPECT_EQ(card["version"], "2.1.0");                              // the pack's
  EXPECT_EQ(card["url"], url("/agents/planner/a2a"));
  EXPECT_EQ(card["protocolVersion"], "0.3.0");
  EXPECT_EQ(card["capabilities"]["streaming"], true);
  EXPECT_EQ(card["defaultInputModes"], Json::array({"text/plain"}));
  ASSERT_EQ(card["skills"].size(), 1u);
  EXPECT_EQ(card["skills"][0]["id"], "planner");
  EXPECT_EQ(card["skills"][0]["tags"], Json::array({"travel", "planning"}));

  Json writer = httpGet(url("/agents/writer/.well-known/agent-card.json")).json();
  EXPECT_EQ(writer["description"], "Writes.");  // the prompt's, the member giving none
  EXPECT_EQ(writer["defaultOutputModes"], Json::array({"text/plain", "text/markdown"}));
  EXPECT_EQ(httpGet(url("/.well-known/agent-card.json")).json()["skills"][0]["id"], "planner");
  EXPECT_EQ(httpGet(url("/.well-known/agent.json")).json()["skills"][0]["id"], "planner");
  EXPECT_EQ(httpGet(url("/agents/nobody/.well-known/agent-card.json")).status, 404);
  // The OpenAPI document lists the A2A routes.
  Json openapi = httpGet(url("/openapi.json")).json();
  EXPECT_TRUE(openapi["paths"].contains("/agents/{id}/a2a"));
}

TEST_F(ServeA2aE2ETest, AMessageIsATurnAndAContextIsAConversation) {
  Json sent = rpc("/agents/planner/a2a", "message/send", {{"message", message("Plan Lisbon")}});
  const Json &task = sent["result"];
  ASSERT_EQ(task["kind"], "task") << sent;
  EXPECT_EQ(task["status"]["state"], "completed");
  EXPECT_EQ(task["artifacts"][0]["parts"][0]["text"], "Day one: the old town.");
  EXPECT_EQ(task["history"][0]["parts"][0]["text"], "Plan Lisbon");
  EXPECT_EQ(task["history"][0]["taskId"], task["id"]);
  // The task is the run: the run list has it.
  EXPECT_EQ(httpGet(url("/runs/" + task["id"].get<std::string>())).json()["status"], "succeeded");

  // The same context: the model sees the first exchange before the new message.
  Json again = rpc("/agents/planner/a2a", "message/send",
                   {{"message", message("Plan it again", {{"contextId", task["contextId"]}})}});
  EXPECT_EQ(again["result"]["contextId"], task["contextId"]);
  EXPECT_EQ(again["result"]["artifacts"][0]["parts"][0]["text"], "Day two: the museum.");
  std::vector<Json> requests = llm_->requests();
  ASSERT_EQ(requests.size(), 2u);
  const Json &messages = requests[1]["body"]["messages"];
  ASSERT_EQ(messages.size(), 4u) << messages;
  EXPECT_EQ(messages[1]["content"], "Plan Lisbon");
  EXPECT_EQ(messages[2]["content"], "Day one: the old town.");
  EXPECT_EQ(messages[3]["content"], "Plan it again");

  // tasks/get reads it back; another agent does not have it.
  Json got = rpc("/agents/planner/a2a", "tasks/get", {{"id", task["id"]}});
  EXPECT_EQ(got["result"], task);
  EXPECT_EQ(rpc("/agents/writer/a2a", "tasks/get", {{"id", task["id"]}})["error"]["code"], -32001);
  // A finished task cannot be cancelled; a context belongs to its agent.
  EXPECT_EQ(rpc("/agents/planner/a2a", "tasks/cancel", {{"id", task["id"]}})["error"]["code"], -32002);
  EXPECT_EQ(rpc("/agents/writer/a2a", "message/send", {{"message", message("x", {{"contextId", task["contextId"]}})}})
                ["error"]["code"],
            -32602);
  // The root endpoint is the entry's; metadata.variables are the prompt's variables (wfc's).
  Json root = rpc("/a2a", "message/send", {{"message", message("Plan Porto")}, {"metadata", {{"variables", {{"traveller", "Ada"}}}}}});
  EXPECT_EQ(root["result"]["status"]["state"], "completed") << root;
  EXPECT_NE(llm_->requests().back()["body"]["messages"][0]["content"].get<std::string>().find("for Ada"), std::string::npos);
}

TEST_F(ServeA2aE2ETest, ANonBlockingTaskCanBeCancelledAndAFailedTurnIsAFailedTask) {
  Json sent = rpc("/agents/planner/a2a", "message/send",
                  {{"message", message("SLOW please")}, {"configuration", {{"blocking", false}}}});
  const Json &task = sent["result"];
  ASSERT_TRUE(task["status"]["state"] == "working" || task["status"]["state"] == "submitted") << sent;
  Json cancelled = rpc("/agents/planner/a2a", "tasks/cancel", {{"id", task["id"]}});
  EXPECT_EQ(cancelled["result"]["status"]["state"], "canceled") << cancelled;
  EXPECT_EQ(rpc("/agents/planner/a2a", "tasks/get", {{"id", task["id"]}})["result"]["status"]["state"], "canceled");

  Json failed = rpc("/agents/planner/a2a", "message/send", {{"message", message("FAIL now")}});
  EXPECT_EQ(failed["result"]["status"]["state"], "failed") << failed;
  EXPECT_NE(failed["result"]["status"]["message"]["parts"][0]["text"].get<std::string>().find("400"), std::string::npos)
      << failed;
}

TEST_F(ServeA2aE2ETest, BadRequestsGetJsonRpcErrors) {
  auto post = [&](const std::string &body) { return Json::parse(httpPostJson(url("/agents/planner/a2a"), body).body); };
  EXPECT_EQ(post("{not json")["error"]["code"], -32700);
  EXPECT_EQ(post(R"({"jsonrpc": "2.0", "id": 1})")["error"]["code"], -32600);
  Json v1 = post(R"({"jsonrpc": "2.0", "id": "x", "method": "SendMessage", "params": {}})");
  EXPECT_EQ(v1["id"], "x");
  EXPECT_EQ(v1["error"]["code"], -32601);
  EXPECT_NE(v1["error"]["message"].get<std::string>().find("A2A 0.3"), std::string::npos);
  EXPECT_EQ(rpc("/agents/planner/a2a", "message/send", {{"message", {{"role", "user"}, {"parts", Json::array()}}}})["error"]["code"],
            -32602);
  Json file = rpc("/agents/planner/a2a", "message/send",
                  {{"message", {{"role", "user"}, {"parts", {{{"kind", "file"}, {"file", {{"uri", "http://x/y.png"}}}}}}}}});
  EXPECT_EQ(file["error"]["code"], -32602) << file;  // the planner's prompt takes no media
  EXPECT_NE(file["error"]["message"].get<std::string>().find("media"), std::string::npos) << file;
  Json data = rpc("/agents/planner/a2a", "message/send",
                  {{"message", {{"role", "user"}, {"parts", {{{"kind", "data"}, {"data", {{"a", 1}}}}}}}}});
  EXPECT_EQ(data["error"]["code"], -32602);
  EXPECT_NE(data["error"]["message"].get<std::string>().find("data part"), std::string::npos) << data;
  EXPECT_EQ(rpc("/agents/planner/a2a", "tasks/get", {{"id", "nope"}})["error"]["code"], -32001);
  // Fields of the wrong type or missing are errors, never a crash or a 500.
  EXPECT_EQ(post(R"({"jsonrpc": 2, "id": 1, "method": "tasks/get"})")["error"]["code"], -32600);
  EXPECT_EQ(rpc("/agents/planner/a2a", "message/send", {{"message", {{"parts", {{{"kind", "text"}}}}}}})["error"]["code"], -32602);
  EXPECT_EQ(rpc("/agents/planner/a2a", "message/send", {{"message", {{"parts", {{{"kind", 5}, {"text", "x"}}}}}}})["error"]["code"],
            -32602);
  EXPECT_TRUE(llm_->requests().empty()) << "no bad request reached the model";
}

TEST_F(ServeA2aE2ETest, TheOfficialA2aClientSendsStreamsAndGets) {
  std::string node = findInPath("node");
  if (node.empty() || !fs::exists(kServeNpm + "/node_modules/@a2a-js/sdk/package.json"))
    GTEST_SKIP() << "node or @a2a-js/sdk is not installed (tests/serve/: scripts/setup.sh runs npm ci there)";
  ProcessResult r = runProcess(node, {kServeNpm + "/a2a-client.mjs", url("/agents/planner/.well-known/agent-card.json"),
                                      "Plan Lisbon", "Plan it again"},
                               60);
  ASSERT_EQ(r.exitCode, 0) << r.out << r.err;
  Json out = Json::parse(r.out);
  EXPECT_EQ(out["card"]["skills"][0]["id"], "planner");
  EXPECT_EQ(out["task"]["status"]["state"], "completed");
  EXPECT_EQ(out["got"]["id"], out["task"]["id"]);
  // The stream: the task, working, the reply's pieces, and the final completed status.
  const Json &events = out["events"];
  ASSERT_GE(events.size(), 4u) << events;
  EXPECT_EQ(events.front()["kind"], "task");
  EXPECT_EQ(events[1]["status"]["state"], "working");
  std::string text;
  for (const Json &e : events)
    if (e["kind"] == "artifact-update") text += e["artifact"]["parts"][0]["text"].get<std::string>();
  EXPECT_EQ(text, "Day two: the museum.");
  EXPECT_EQ(events.back()["kind"], "status-update");
  EXPECT_EQ(events.back()["status"]["state"], "completed");
  EXPECT_EQ(events.back()["final"], true);
  EXPECT_EQ(out["cancel"]["code"], -32002);
  EXPECT_EQ(out["unknown"]["code"], -32001);
}

// A prompt that names an agent is offered it as the tool a2a__NAME (PromptKit's A2A capability):
// the call is a message to that agent — a task of its own, in a context of the caller's — and
// the tool's result is {"response": its reply}. An agent already answering in the chain is not
// asked again: the model reads why.
TEST_F(ServeA2aE2ETest, AnAgentNamedInAPromptsToolsIsItsA2aTool) {
  Json sent = rpc("/agents/planner/a2a", "message/send", {{"message", message("Ask the writer")}});
  ASSERT_EQ(sent["result"]["status"]["state"], "completed") << sent;
  EXPECT_EQ(sent["result"]["artifacts"][0]["parts"][0]["text"], "The writer wrote it.");
  std::vector<Json> requests = llm_->requests();
  ASSERT_EQ(requests.size(), 3u);
  const Json &tools = requests[0]["body"]["tools"];
  ASSERT_EQ(tools.size(), 1u) << tools;
  EXPECT_EQ(tools[0]["function"]["name"], "a2a__writer");
  EXPECT_EQ(tools[0]["function"]["description"], "Writes.");  // the writer's skill's
  EXPECT_EQ(tools[0]["function"]["parameters"]["required"], Json::array({"query"}));
  EXPECT_NE(requests[1]["body"]["messages"][0]["content"].get<std::string>().find("WRITER"), std::string::npos);
  EXPECT_EQ(requests[1]["body"]["messages"].back()["content"], "Write about Lisbon");
  const Json &answer = requests[2]["body"]["messages"].back();
  EXPECT_EQ(answer["role"], "tool");
  EXPECT_EQ(Json::parse(answer["content"].get<std::string>()), Json({{"response", "Written."}})) << answer;
  // The writer's turn was a task of its own, a run the server lists.
  Json runs = httpGet(url("/runs")).json();
  EXPECT_EQ(runs["runs"].size(), 2u) << runs;

  Json loop = rpc("/agents/planner/a2a", "message/send", {{"message", message("Make a loop")}});
  ASSERT_EQ(loop["result"]["status"]["state"], "completed") << loop;
  EXPECT_EQ(loop["result"]["artifacts"][0]["parts"][0]["text"], "No loop.");
  std::string refused;
  for (const Json &r : llm_->requests())
    for (const Json &m : r["body"]["messages"])
      if (m["role"] == "tool" && m["content"].get<std::string>().find("already answering") != std::string::npos)
        refused = m["content"];
  EXPECT_NE(refused.find("planner → writer → planner"), std::string::npos) << refused;
}

// Cancelling a task cancels the task its agent tool started, which is still running.
TEST_F(ServeA2aE2ETest, CancellingATaskCancelsTheAgentItAsked) {
  Json sent = rpc("/agents/planner/a2a", "message/send",
                  {{"message", message("Ask the writer slowly")}, {"configuration", {{"blocking", false}}}});
  const std::string planner = sent["result"]["id"];
  std::string writer;
  for (int i = 0; i < 100 && writer.empty(); ++i) {
    const Json runs = httpGet(url("/runs")).json()["runs"];
    for (const Json &run : runs)
      if (run["id"] != planner && run["status"] == "running") writer = run["id"];
    if (writer.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ASSERT_FALSE(writer.empty()) << "the writer's task never started";
  Json cancelled = rpc("/agents/planner/a2a", "tasks/cancel", {{"id", planner}});
  EXPECT_EQ(cancelled["result"]["status"]["state"], "canceled") << cancelled;
  Json run = httpGet(url("/runs/" + writer + "?wait=true")).json();
  EXPECT_EQ(run["status"], "cancelled") << run;
  EXPECT_EQ(rpc("/agents/writer/a2a", "tasks/get", {{"id", writer}})["result"]["status"]["state"], "canceled");
}

// The support desk: intake routes an invoice question to billing (a transition with a hand-off),
// billing looks the invoice up; SLOW takes five seconds.
Json deskScript() {
  return {{"replies",
           {{{"match", {{"last_user_contains", "SLOW"}}}, {"delay_ms", 5000}, {"reply", {{"content", "slow"}}}},
            {{"match", {{"system_contains", "INTAKE"}, {"last_user_contains", "invoice"}, {"rounds", 0}}},
             {"reply", {{"tool_calls", {{{"name", "workflow__transition"},
                                         {"arguments", {{"event", "billing"}, {"context", "invoice 42"}}}}}}}}},
            {{"match", {{"system_contains", "INTAKE"}, {"rounds", 1}}}, {"reply", {{"content", "Passing you to billing."}}}},
            {{"match", {{"system_contains", "INTAKE"}}}, {"reply", {{"content", "How can I help?"}}}},
            {{"match", {{"system_contains", "BILLING"}, {"tool_results", 0}}},
             {"reply", {{"tool_calls", {{{"name", "invoice_lookup"}, {"arguments", {{"number", "42"}}}}}}}}},
            {{"match", {{"system_contains", "BILLING"}, {"last_tool_result_contains", "10 EUR"}}},
             {"reply", {{"content", "Invoice 42: 10 EUR due."}}}}}}};
}

class ServeWorkflowAgentsE2ETest : public ServeA2aE2ETest {
 protected:
  void SetUp() override {
    std::string bindings = (dir_ / "bindings.yaml").string();
    writeText(dir_ / "invoice.json", R"({"due": "10 EUR"})");
    writeText(bindings, "tools:\n  invoice.lookup: {exec: {argv: [cat, " + (dir_ / "invoice.json").string() + "]}}\n");
    bindings_ = {"--bindings", bindings};
    serve("serve-workflow-agents", deskScript(), bindings_);
  }
  std::string text(const Json &response) {
    const Json &artifacts = response["result"]["artifacts"];
    return artifacts.is_array() && !artifacts.empty() ? artifacts[0]["parts"][0]["text"].get<std::string>() : response.dump();
  }
  static std::vector<std::string> toolNames(const Json &request) {
    std::vector<std::string> names;
    for (const Json &t : request["body"].value("tools", Json::array())) names.push_back(t["function"]["name"]);
    return names;
  }
  std::vector<std::string> bindings_;
};

TEST_F(ServeWorkflowAgentsE2ETest, AStateMemberIsTheWorkflowsChatEnteredThereOnePerContext) {
  Json card = httpGet(url("/.well-known/agent-card.json")).json();
  EXPECT_EQ(card["name"], "Front desk");
  EXPECT_EQ(card["skills"][0]["id"], "intake");
  EXPECT_EQ(card["description"], "The support desk, from intake to closing.");

  // The first task: intake, which routes the customer to billing with a hand-off.
  Json first = rpc("/a2a", "message/send", {{"message", message("I have an invoice question")},
                                            {"metadata", {{"variables", {{"customer", "Ada"}}}}}});
  ASSERT_EQ(first["result"]["status"]["state"], "completed") << first;
  EXPECT_EQ(text(first), "Passing you to billing.");
  std::vector<Json> requests = llm_->requests();
  ASSERT_EQ(requests.size(), 2u);
  EXPECT_NE(requests[0]["body"]["messages"][0]["content"].get<std::string>().find("INTAKE for Ada"), std::string::npos);
  EXPECT_EQ(toolNames(requests[0]), std::vector<std::string>{"workflow__transition"});

  // The next task of the context talks to billing, which reads the hand-off and runs its tool.
  const Json context = first["result"]["contextId"];
  Json second = rpc("/a2a", "message/send", {{"message", message("What is due?", {{"contextId", context}})}});
  ASSERT_EQ(second["result"]["status"]["state"], "completed") << second;
  EXPECT_EQ(text(second), "Invoice 42: 10 EUR due.");
  requests = llm_->requests();
  ASSERT_EQ(requests.size(), 4u);
  const Json &billing = requests[2]["body"]["messages"];
  EXPECT_NE(billing[0]["content"].get<std::string>().find("Context: [invoice 42]"), std::string::npos) << billing;
  ASSERT_EQ(billing.size(), 2u) << "a state's conversation of its own";
  EXPECT_EQ(billing[1]["content"], "What is due?");
  std::vector<std::string> tools = toolNames(requests[2]);
  EXPECT_NE(std::find(tools.begin(), tools.end(), "invoice_lookup"), tools.end());
  EXPECT_NE(std::find(tools.begin(), tools.end(), "workflow__transition"), tools.end());

  // A third task stays in billing (persistent: its conversation goes on).
  Json third = rpc("/a2a", "message/send", {{"message", message("And again, what is due?", {{"contextId", context}})}});
  ASSERT_EQ(third["result"]["status"]["state"], "completed") << third;
  requests = llm_->requests();
  const Json &again = requests[4]["body"]["messages"];
  EXPECT_NE(again[0]["content"].get<std::string>().find("BILLING"), std::string::npos);
  EXPECT_GT(again.size(), 4u) << "the state's earlier turn is in its conversation: " << again;

  // The workflow input is the context's first message's: later ones carry none.
  EXPECT_EQ(rpc("/a2a", "message/send", {{"message", message("x", {{"contextId", context}})},
                                         {"metadata", {{"variables", {{"customer", "Bob"}}}}}})["error"]["code"],
            -32602);
  // Another context starts at intake again, with the template's default.
  Json other = rpc("/agents/intake/a2a", "message/send", {{"message", message("Hello")}});
  EXPECT_EQ(text(other), "How can I help?");
  EXPECT_NE(llm_->requests().back()["body"]["messages"][0]["content"].get<std::string>().find("INTAKE for a customer"),
            std::string::npos);
  // The task is a run.
  EXPECT_EQ(httpGet(url("/runs/" + other["result"]["id"].get<std::string>())).json()["status"], "succeeded");
}

TEST_F(ServeWorkflowAgentsE2ETest, APromptMemberIsAConversationOnItsPromptWithItsStatesTools) {
  Json card = httpGet(url("/agents/billing/.well-known/agent-card.json")).json();
  EXPECT_EQ(card["description"], "Answers billing questions.");
  Json sent = rpc("/agents/billing/a2a", "message/send", {{"message", message("What is due?")}});
  ASSERT_EQ(sent["result"]["status"]["state"], "completed") << sent;
  EXPECT_EQ(text(sent), "Invoice 42: 10 EUR due.");
  std::vector<Json> requests = llm_->requests();
  ASSERT_EQ(requests.size(), 2u);
  EXPECT_EQ(toolNames(requests[0]), std::vector<std::string>{"invoice_lookup"}) << "no workflow tools";
  EXPECT_NE(requests[0]["body"]["messages"][0]["content"].get<std::string>().find("BILLING"), std::string::npos);
}

TEST_F(ServeWorkflowAgentsE2ETest, ATurnInFlightWhenTheServerDiesIsFailedNotRunAsTheWorkflow) {
  Json sent = rpc("/a2a", "message/send", {{"message", message("SLOW please")}, {"configuration", {{"blocking", false}}}});
  const std::string id = sent["result"]["id"];
  ASSERT_EQ(httpGet(url("/runs/" + id)).json()["status"], "running");
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // its request is at the model
  server_->signal(SIGKILL);
  server_->wait(std::chrono::seconds(10));
  serve("serve-workflow-agents", deskScript(), bindings_);
  HttpReply reply = httpGet(url("/runs/" + id));
  ASSERT_EQ(reply.status, 200) << reply.body << server_->stderrText();
  Json run = reply.json();
  EXPECT_EQ(run["status"], "failed") << run;
  EXPECT_NE(run["error"].get<std::string>().find("interrupted"), std::string::npos) << run;
}

TEST_F(ServeWorkflowAgentsE2ETest, TheOfficialA2aClientFollowsTheWorkflowAcrossTasks) {
  std::string node = findInPath("node");
  if (node.empty() || !fs::exists(kServeNpm + "/node_modules/@a2a-js/sdk/package.json"))
    GTEST_SKIP() << "node or @a2a-js/sdk is not installed (tests/serve/: scripts/setup.sh runs npm ci there)";
  ProcessResult r = runProcess(node, {kServeNpm + "/a2a-client.mjs", url("/.well-known/agent-card.json"),
                                      "I have an invoice question", "What is due?"},
                               60);
  ASSERT_EQ(r.exitCode, 0) << r.out << r.err;
  Json out = Json::parse(r.out);
  EXPECT_EQ(out["task"]["artifacts"][0]["parts"][0]["text"], "Passing you to billing.");
  // The second message, streamed in the same context, is answered by the billing state.
  std::string text;
  for (const Json &e : out["events"])
    if (e["kind"] == "artifact-update") text += e["artifact"]["parts"][0]["text"].get<std::string>();
  EXPECT_EQ(text, "Invoice 42: 10 EUR due.");
  EXPECT_EQ(out["events"].back()["status"]["state"], "completed");
}

// A file part is an image of the turn, as PromptKit converts it: A2A 0.3's nested file and
// PromptKit's own {raw, mediaType}; a prompt member whose prompt takes no media refuses it first.
TEST_F(ServeWorkflowAgentsE2ETest, FilePartsAreTheTurnsMedia) {
  const std::string png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
  Json parts = Json::array({{{"kind", "text"}, {"text", "Here is my receipt"}},
                            {{"kind", "file"}, {"file", {{"bytes", png}, {"mimeType", "image/png"}, {"name", "r.png"}}}},
                            {{"raw", png}, {"mediaType", "image/png"}}});
  Json sent = rpc("/a2a", "message/send", {{"message", {{"kind", "message"}, {"messageId", "f1"}, {"role", "user"}, {"parts", parts}}}});
  ASSERT_TRUE(sent.contains("result")) << sent;
  ASSERT_EQ(sent["result"]["status"]["state"], "completed") << sent;
  const Json user = llm_->requests().back()["body"]["messages"].back();
  ASSERT_TRUE(user["content"].is_array()) << user;
  int images = 0;
  for (const Json &part : user["content"]) images += part["type"] == "image_url";
  EXPECT_EQ(images, 2) << user;

  size_t before = llm_->requests().size();
  Json refused = rpc("/agents/billing/a2a", "message/send",
                     {{"message", {{"role", "user"}, {"parts", Json::array({parts[1]})}}}});
  EXPECT_EQ(refused["error"]["code"], -32602) << refused;
  Json both = rpc("/a2a", "message/send",
                  {{"message", {{"role", "user"}, {"parts", {{{"kind", "file"}, {"file", {{"bytes", png}, {"uri", "https://x/y.png"}}}}}}}}});
  EXPECT_EQ(both["error"]["code"], -32602) << both;
  EXPECT_EQ(llm_->requests().size(), before) << "nothing refused reached the model";
}

}  // namespace

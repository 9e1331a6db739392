// A pack's agents served over A2A (docs/serve.md "A2A agents"): packs/serve-agents.yaml served as
// a real process, its LLM the scripted test server. The cards as PromptKit builds them; message/send,
// tasks/get and tasks/cancel read raw over HTTP with libcurl — blocking and not, the JSON-RPC
// errors, a context's turns seeing the ones before them (the model's requests prove it); and
// A2A's official JavaScript client (@a2a-js/sdk, tests/serve/a2a-client.mjs) reading the card,
// sending, streaming and getting tasks as any A2A client would.
#include "CurlClient.h"
#include "ExeDir.h"
#include "LlmServerProcess.h"
#include "Process.h"
#include "ServeProcess.h"
#include "TestFiles.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>

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
            {{"match", {{"system_contains", "PLANNER"}, {"last_user_contains", "again"}}},
             {"chunk_delay_ms", 20},
             {"reply", {{"content", "Day two: the museum."}}}},
            {{"match", {{"system_contains", "PLANNER"}}}, {"reply", {{"content", "Day one: the old town."}}}},
            {{"match", {{"system_contains", "WRITER"}}}, {"reply", {{"content", "Written."}}}}}}};
}

class ServeA2aE2ETest : public ::testing::Test {
 protected:
  void SetUp() override {
    llm_ = std::make_unique<LlmServerProcess>(script());
    std::string exe = e2eExeDir() + "/serve-agents";
    ASSERT_TRUE(fs::exists(exe)) << exe << " was not built";
    std::vector<std::string> args = {"--serve", "127.0.0.1:0", "--journal", (dir_ / "runs.db").string(),
                                     "--llm-base-url", llm_->baseUrl(), "--model", "test-model"};
    server_ = std::make_unique<ServeProcess>(exe, args, dir_ / "serve.err", std::map<std::string, std::string>{},
                                             dir_.str());
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
  EXPECT_EQ(file["error"]["code"], -32602);
  EXPECT_NE(file["error"]["message"].get<std::string>().find("text parts"), std::string::npos);
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

}  // namespace

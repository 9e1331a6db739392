// --mcp end to end (docs/mcp-server.md): packs/mcp-server.yaml's executable as an MCP server.
// The official TypeScript SDK's client drives it (tests/mcp/client/drive-server.mjs: the tool
// listed, called, failing, cancelled); the protocol's edges are tested here line by line
// (version negotiation, malformed lines, unknown methods, concurrent calls, cancellation, EOF);
// a chat pack serves one tool per task; and packs/mcp-caller.yaml calls the compiled mcp-server
// workflow through its mcp binding.
#include "ExeDir.h"
#include "LlmServerProcess.h"
#include "PipedProcess.h"
#include "Process.h"
#include "TestFiles.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <optional>
#include <sstream>
#include <thread>

namespace wfc::test {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;
using namespace std::chrono_literals;

const std::string kPacks = std::string(WFC_SOURCE_DIR) + "/tests/e2e/packs";
const std::string kBindings = kPacks + "/mcp-server-bindings.yaml";
const std::string kSdkClient = std::string(WFC_SOURCE_DIR) + "/tests/mcp/client/drive-server.mjs";
const std::string kSdk = std::string(WFC_SOURCE_DIR) + "/tests/mcp/node_modules/@modelcontextprotocol/sdk/package.json";
constexpr const char *kTool = "e2e-mcp-server";

// One MCP session with an executable's --mcp server, spoken in JSON lines.
class McpSession {
 public:
  // `args` include --mcp.
  McpSession(const std::string &exe, const std::vector<std::string> &args, const std::string &stderrPath)
      : process_(exe, args, stderrPath) {}

  void send(const Json &message) { ASSERT_TRUE(process_.sendLine(message.dump())) << "the server stopped reading"; }
  void sendRaw(const std::string &line) { ASSERT_TRUE(process_.sendLine(line)) << "the server stopped reading"; }
  void request(const Json &id, const std::string &method, const Json &params = Json::object()) {
    send({{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", params}});
  }
  void notify(const std::string &method, const Json &params) {
    send({{"jsonrpc", "2.0"}, {"method", method}, {"params", params}});
  }

  // The next message, or null after `timeout`.
  Json next(std::chrono::milliseconds timeout = 20s) {
    std::optional<std::string> line = process_.readLine(timeout);
    if (!line) return nullptr;
    Json message = Json::parse(*line, nullptr, false);
    EXPECT_FALSE(message.is_discarded()) << "not JSON on stdout: " << *line;
    return message;
  }
  // The response to request `id`; notifications before it are kept in `notifications`, other
  // responses in `others`.
  Json response(const Json &id, std::chrono::milliseconds timeout = 20s) {
    auto deadline = std::chrono::steady_clock::now() + timeout;
    for (;;) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) break;
      Json message = next(left);
      if (message.is_null()) break;
      if (message.contains("id") && message["id"] == id) return message;
      (message.contains("method") ? notifications : others).push_back(message);
    }
    ADD_FAILURE() << "no response to request " << id;
    return Json::object();
  }
  Json call(const Json &id, const Json &arguments, const Json &meta = nullptr) {
    Json params = {{"name", kTool}, {"arguments", arguments}};
    if (!meta.is_null()) params["_meta"] = meta;
    request(id, "tools/call", params);
    return response(id);
  }
  Json initialize(const std::string &version = "2025-06-18") {
    request(0, "initialize",
            {{"protocolVersion", version},
             {"capabilities", Json::object()},
             {"clientInfo", {{"name", "wfc-e2e"}, {"version", "1"}}}});
    Json answer = response(0);
    notify("notifications/initialized", Json::object());
    return answer;
  }

  PipedProcess &process() { return process_; }
  std::vector<Json> notifications, others;

 private:
  PipedProcess process_;
};

class McpServerE2ETest : public ::testing::Test {
 protected:
  void SetUp() override {
    exe_ = e2eExeDir() + "/mcp-server";
    ASSERT_TRUE(fs::exists(exe_)) << exe_ << " was not built";
  }
  std::string path(const std::string &name) const { return dir_.str() + "/" + name; }
  std::string stderrText() const { return readText(path("server.stderr")); }
  std::unique_ptr<McpSession> start(std::vector<std::string> more = {}) {
    std::vector<std::string> args = {"--mcp", "--bindings", kBindings, "--trace", path("trace.jsonl")};
    args.insert(args.end(), more.begin(), more.end());
    return std::make_unique<McpSession>(exe_, args, path("server.stderr"));
  }
  // The run_end lines of the trace.
  // The trace's run_end lines so far (a line still being written is not one yet).
  std::vector<Json> runEnds() const {
    std::vector<Json> out;
    for (const std::string &line : splitLines(readText(path("trace.jsonl")))) {
      Json event = Json::parse(line, nullptr, false);
      if (!event.is_discarded() && event.value("event", "") == "run_end") out.push_back(event);
    }
    return out;
  }
  // Waits up to `limit` for a run_end with `status`.
  std::optional<Json> awaitRunEnd(const std::string &status, std::chrono::milliseconds limit) {
    auto until = std::chrono::steady_clock::now() + limit;
    do {
      for (const Json &e : runEnds())
        if (e["status"] == status) return e;
      std::this_thread::sleep_for(20ms);
    } while (std::chrono::steady_clock::now() < until);
    return std::nullopt;
  }

  std::string exe_;
  TempDir dir_;
};

// The SDK's client (tests/mcp/client/drive-server.mjs) lists the tool, calls it, gets
// structured output, progress, an error, input and unknown-tool errors, two calls at once and a
// cancellation.
TEST_F(McpServerE2ETest, TheOfficialSdkClientListsCallsAndCancels) {
  std::string node = findInPath("node");
  if (node.empty() || !fs::exists(kSdk))
    GTEST_SKIP() << "node or the MCP SDK is not installed (tests/mcp/: scripts/setup.sh runs npm ci there)";
  ProcessResult r = runProcess(node, {kSdkClient, exe_, kBindings, path("sdk-trace.jsonl")}, 90);
  EXPECT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.out << "\n" << r.err;
  EXPECT_NE(r.out.find("ok - an aborted call stops its run promptly, and the server keeps serving"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\ndone\n"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("not ok"), std::string::npos) << r.out;
}

TEST_F(McpServerE2ETest, InitializeNegotiatesTheProtocolVersion) {
  auto session = start();
  Json answer = session->initialize("2025-06-18");
  EXPECT_EQ(answer["result"]["protocolVersion"], "2025-06-18") << answer;
  EXPECT_EQ(answer["result"]["serverInfo"], Json({{"name", kTool}, {"title", "e2e mcp server"}, {"version", "1.2.3"}}));
  EXPECT_EQ(answer["result"]["capabilities"], Json::parse(R"({"tools": {"listChanged": false}})"));
  session->request(1, "initialize", {{"protocolVersion", "2025-06-18"}});
  EXPECT_EQ(session->response(1)["error"]["code"], -32600) << "a second initialize";

  // A version this server does not speak: it answers with the newest it does.
  auto older = start();
  EXPECT_EQ(older->initialize("2024-11-05")["result"]["protocolVersion"], "2025-11-25");
  auto newest = start();
  EXPECT_EQ(newest->initialize("2025-11-25")["result"]["protocolVersion"], "2025-11-25");
}

TEST_F(McpServerE2ETest, ToolsListDescribesTheCompositionAsOneTool) {
  auto session = start();
  session->initialize();
  session->request(1, "tools/list");
  Json tools = session->response(1)["result"]["tools"];
  ASSERT_EQ(tools.size(), 1u) << tools;
  EXPECT_EQ(tools[0]["name"], kTool);
  EXPECT_EQ(tools[0]["inputSchema"], Json::parse(readText(kPacks + "/schemas/mcp-server-input.json")));
  EXPECT_EQ(tools[0]["outputSchema"], Json::parse(readText(kPacks + "/schemas/mcp-server-output.json")));
  EXPECT_EQ(tools[0]["title"], "e2e mcp server");
  EXPECT_EQ(tools[0]["description"], "Runs composition 'main' of e2e-mcp-server 1.2.3.");
  session->request(2, "tools/list", {{"cursor", "next"}});
  EXPECT_EQ(session->response(2)["error"]["code"], -32602) << "a cursor this server never gave";
}

TEST_F(McpServerE2ETest, MalformedLinesGetErrorsAndTheSessionGoesOn) {
  auto session = start();
  session->initialize();
  auto expectError = [&](const std::string &line, int code, const std::string &fragment) {
    session->sendRaw(line);
    Json answer = session->next();
    ASSERT_TRUE(answer.contains("error")) << line << " → " << answer;
    EXPECT_EQ(answer["error"]["code"], code) << line << " → " << answer;
    EXPECT_NE(answer["error"]["message"].get<std::string>().find(fragment), std::string::npos)
        << line << " → " << answer;
  };
  expectError("this is not JSON", -32700, "Parse error");
  expectError("{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"ping\"", -32700, "Parse error");
  expectError(std::string(600, '[') + std::string(600, ']'), -32700, "deeper than 512");
  expectError("{\"jsonrpc\": \"2.0\", \"id\": \"\xff\xfe\", \"method\": \"ping\"}", -32700, "Parse error");
  expectError("[{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"ping\"}]", -32600, "batches");
  expectError("42", -32600, "a JSON object");
  expectError(R"({"jsonrpc": "2.0", "id": 2})", -32600, "no \"method\"");
  expectError(R"({"jsonrpc": "1.0", "id": 3, "method": "ping"})", -32600, "\"jsonrpc\" must be \"2.0\"");
  expectError(R"({"jsonrpc": "2.0", "id": null, "method": "ping"})", -32600, "\"id\" must be a string or a number");
  expectError(R"({"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": [1]})", -32602, "\"params\"");
  expectError(R"({"jsonrpc": "2.0", "id": 5, "method": "resources/list"})", -32601, "Method not found: resources/list");
  expectError(R"({"jsonrpc": "2.0", "id": 6, "method": "tools/call", "params": {"name": "nope"}})", -32602,
              "Unknown tool 'nope'; this server's tools: 'e2e-mcp-server'");
  expectError(R"({"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": "e2e-mcp-server", "arguments": 3}})",
              -32602, "\"arguments\" must be an object");
  // Blank lines, unknown notifications and responses need no answer: the next answer is the ping's.
  session->sendRaw("");
  session->sendRaw("   ");
  session->notify("notifications/unknown", Json::object());
  session->sendRaw(R"({"jsonrpc": "2.0", "id": 99, "result": {}})");
  session->request("ping-1", "ping");
  EXPECT_EQ(session->next(), Json::parse(R"({"jsonrpc": "2.0", "id": "ping-1", "result": {}})"));
  Json answer = session->call(8, {{"text", "still fine"}});
  EXPECT_EQ(answer["result"]["structuredContent"], Json({{"text", "still fine"}})) << answer;
}

TEST_F(McpServerE2ETest, ToolsNeedInitializeFirst) {
  auto session = start();
  session->request(1, "tools/list");
  Json answer = session->response(1);
  EXPECT_EQ(answer["error"]["code"], -32600) << answer;
  EXPECT_NE(answer["error"]["message"].get<std::string>().find("send initialize first"), std::string::npos) << answer;
  session->request(2, "ping");
  EXPECT_EQ(session->response(2)["result"], Json::object()) << "ping works at any time";
}

TEST_F(McpServerE2ETest, CallsAnswerStructuredContentOrIsError) {
  auto session = start();
  session->initialize();
  Json ok = session->call(1, {{"text", "héllo"}})["result"];
  EXPECT_EQ(ok["structuredContent"], Json({{"text", "héllo"}})) << ok;
  EXPECT_EQ(ok["content"], Json::parse(R"([{"type": "text", "text": "{\"text\":\"héllo\"}"}])")) << ok;
  EXPECT_EQ(ok["isError"], false);
  EXPECT_EQ(ok["_meta"]["wfc/exit_code"], 0);

  Json failed = session->call(2, {{"text", "x"}, {"fail", "asked to"}})["result"];
  EXPECT_EQ(failed["isError"], true) << failed;
  EXPECT_FALSE(failed.contains("structuredContent")) << failed;
  ASSERT_EQ(failed["content"].size(), 1u) << failed;
  std::string message = failed["content"][0]["text"];
  EXPECT_NE(message.find("step 'boom' failed"), std::string::npos) << message;
  EXPECT_NE(message.find("boom: asked to"), std::string::npos) << message;
  EXPECT_EQ(failed["_meta"]["wfc/exit_code"], 1);

  Json bad = session->call(3, {{"txt", "x"}})["result"];
  EXPECT_EQ(bad["isError"], true) << bad;
  EXPECT_NE(bad["content"][0]["text"].get<std::string>().find(
                "the input does not match the input_schema of composition 'main'"),
            std::string::npos)
      << bad;
  EXPECT_EQ(bad["_meta"]["wfc/exit_code"], 2);
}

TEST_F(McpServerE2ETest, ProgressNotificationsCountTheFinishedSteps) {
  auto session = start();
  session->initialize();
  Json answer = session->call(1, {{"text", "hi"}, {"wait_ms", 50}}, {{"progressToken", "p-1"}});
  EXPECT_EQ(answer["result"]["structuredContent"], Json({{"text", "hi"}})) << answer;
  std::vector<Json> &progress = session->notifications;
  ASSERT_EQ(progress.size(), 5u) << Json(progress);
  for (size_t i = 0; i < progress.size(); ++i) {
    EXPECT_EQ(progress[i]["method"], "notifications/progress");
    EXPECT_EQ(progress[i]["params"]["progressToken"], "p-1");
    EXPECT_EQ(progress[i]["params"]["progress"], i + 1);
  }
  // Without a token, none.
  session->notifications.clear();
  session->call(2, {{"text", "hi"}});
  EXPECT_TRUE(session->notifications.empty()) << Json(session->notifications);
}

TEST_F(McpServerE2ETest, TwoCallsRunAtOnceAndAnswerAsTheyFinish) {
  auto session = start();
  session->initialize();
  auto started = std::chrono::steady_clock::now();
  session->request(1, "tools/call", {{"name", kTool}, {"arguments", {{"text", "slow"}, {"wait_ms", 1500}}}});
  session->request(2, "tools/call", {{"name", kTool}, {"arguments", {{"text", "fast"}}}});
  Json first = session->next(), second = session->next();
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  EXPECT_EQ(first["id"], 2) << "the fast call is answered while the slow one runs: " << first;
  EXPECT_EQ(first["result"]["structuredContent"], Json({{"text", "fast"}}));
  EXPECT_EQ(second["id"], 1) << second;
  EXPECT_EQ(second["result"]["structuredContent"], Json({{"text", "slow"}}));
  EXPECT_LT(seconds, 10) << "the slow call takes 1.5 s";
  session->request(3, "tools/call", {{"name", kTool}, {"arguments", {{"text", "a"}, {"wait_ms", 3000}}}});
  session->request(3, "tools/call", {{"name", kTool}, {"arguments", {{"text", "b"}}}});
  Json reused = session->next();
  EXPECT_EQ(reused["id"], 3);
  EXPECT_EQ(reused["error"]["code"], -32600) << "an id in use by a call in flight: " << reused;
  EXPECT_EQ(session->response(3)["result"]["structuredContent"], Json({{"text", "a"}}));
}

TEST_F(McpServerE2ETest, CancelledCallStopsItsRunAndGetsNoAnswer) {
  auto session = start();
  session->initialize();
  auto started = std::chrono::steady_clock::now();
  session->request(7, "tools/call",
                   {{"name", kTool}, {"arguments", {{"text", "x"}, {"wait_ms", 60000}}}, {"_meta", {{"progressToken", 7}}}});
  // should_wait's progress: the run has started its 60 s pause.
  Json progress = session->next();
  ASSERT_EQ(progress["method"], "notifications/progress") << progress;
  session->notify("notifications/cancelled", {{"requestId", 7}, {"reason", "changed my mind"}});
  std::optional<Json> end = awaitRunEnd("cancelled", 10s);
  ASSERT_TRUE(end) << "the run did not end within 10 s of its cancellation\n" << stderrText();
  EXPECT_EQ((*end)["exit_code"], 130);
  EXPECT_EQ((*end)["error"], "cancelled by the MCP client: changed my mind");
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count(), 15);
  // No answer to request 7: the next message is the ping's (a late progress may come first).
  session->request(8, "ping");
  Json answer = session->response(8);
  EXPECT_EQ(answer["result"], Json::object());
  for (const Json &other : session->others) ADD_FAILURE() << "a cancelled call was answered: " << other;
  // Cancelling what is not in flight is ignored.
  session->notify("notifications/cancelled", {{"requestId", 12345}});
  EXPECT_EQ(session->call(9, {{"text", "after"}})["result"]["structuredContent"], Json({{"text", "after"}}));
}

TEST_F(McpServerE2ETest, EndOfInputCancelsRunsAndExitsZero) {
  auto session = start();
  session->initialize();
  session->request(1, "tools/call", {{"name", kTool}, {"arguments", {{"text", "x"}, {"wait_ms", 60000}}},
                                     {"_meta", {{"progressToken", 1}}}});
  ASSERT_EQ(session->next()["method"], "notifications/progress");
  auto closed = std::chrono::steady_clock::now();
  session->process().closeInput();
  std::optional<int> code = session->process().wait(15s);
  ASSERT_TRUE(code) << "the server did not exit after EOF\n" << stderrText();
  EXPECT_EQ(*code, 0) << stderrText();
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - closed).count(), 10);
  std::optional<Json> end = awaitRunEnd("cancelled", 1s);
  ASSERT_TRUE(end) << "the in-flight run did not end cancelled";
  EXPECT_EQ((*end)["error"], "the MCP client closed the connection");
  // Nothing after the progress: a run cancelled at EOF is not answered.
  for (Json message = session->next(1s); !message.is_null(); message = session->next(1s))
    EXPECT_EQ(message["method"], "notifications/progress") << message;
}

TEST_F(McpServerE2ETest, SigtermStopsTheServer) {
  auto session = start();
  session->initialize();
  session->request(1, "tools/call", {{"name", kTool}, {"arguments", {{"text", "x"}, {"wait_ms", 60000}}},
                                     {"_meta", {{"progressToken", 1}}}});
  ASSERT_EQ(session->next()["method"], "notifications/progress");
  session->process().signal(SIGTERM);
  std::optional<int> code = session->process().wait(15s);
  ASSERT_TRUE(code) << "the server did not exit after SIGTERM\n" << stderrText();
  EXPECT_EQ(*code, 143) << stderrText();
}

TEST_F(McpServerE2ETest, OptionsThatBelongToOneRunAreUsageErrors) {
  struct Case {
    std::vector<std::string> args;
    const char *message;
  };
  for (const Case &c : std::vector<Case>{
           {{"--input-json", "{}"}, "--input-json gives one run's input; with --mcp every tools/call is a run of its own"},
           {{"--output", "out.json"}, "--output names where one run's output goes"},
           {{"--dry-run"}, "--dry-run plans one run without running it; it cannot be combined with --mcp"},
           {{"--report", "r.json"}, "--report summarizes one run"},
           {{"--record", "rec.jsonl"}, "--record keys each exchange by its place in one run"},
           {{"--journal", "j.db", "--resume", "abc"}, "--resume continues one run of the journal"},
           {{"--runs", "--journal", "j.db"}, "--runs lists the runs of a journal and exits"},
           {{"--chat"}, "--chat holds a conversation over stdin, where --mcp reads MCP messages"},
       }) {
    std::vector<std::string> args = {"--mcp"};
    args.insert(args.end(), c.args.begin(), c.args.end());
    ProcessResult r = runProcess(exe_, args);
    EXPECT_EQ(r.exitCode, 2) << c.message << ": " << r.describe() << "\n" << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
    EXPECT_EQ(r.out, "");
  }
  // A bad bindings file is the usual exit 2, before serving anything.
  ProcessResult r = runProcess(exe_, {"--mcp", "--bindings", path("missing.yaml")});
  EXPECT_EQ(r.exitCode, 2) << r.err;
  EXPECT_NE(r.err.find("cannot read bindings file"), std::string::npos) << r.err;
}

// With --journal each call is a run of the journal, as --runs lists them.
TEST_F(McpServerE2ETest, JournalRecordsEachCallAsARun) {
  std::string journal = path("runs.db");
  auto session = start({"--journal", journal});
  session->initialize();
  EXPECT_EQ(session->call(1, {{"text", "kept"}})["result"]["isError"], false);
  Json failed = session->call(2, {{"text", "x"}, {"fail", "recorded"}})["result"];
  EXPECT_EQ(failed["isError"], true);
  session->process().closeInput();
  ASSERT_EQ(session->process().wait(15s), std::optional<int>(0)) << stderrText();
  ProcessResult runs = runProcess(exe_, {"--journal", journal, "--runs"});
  ASSERT_EQ(runs.exitCode, 0) << runs.err;
  std::vector<std::string> lines = splitLines(runs.out);
  ASSERT_EQ(lines.size(), 2u) << runs.out;
  std::map<std::string, Json> byStatus;
  for (const std::string &line : lines) byStatus[Json::parse(line)["status"]] = Json::parse(line);
  EXPECT_EQ(byStatus["succeeded"]["exit_code"], 0) << runs.out;
  EXPECT_EQ(byStatus["failed"]["id"], failed["_meta"]["wfc/run_id"]) << "the result names the journal's run";
}

// A workflow pack is one tool too, its input the states' workflow input.
TEST_F(McpServerE2ETest, AWorkflowPackIsOneToolWithTheWorkflowInput) {
  std::string workflow = e2eExeDir() + "/workflow-states";
  ASSERT_TRUE(fs::exists(workflow)) << workflow << " was not built";
  McpSession session(workflow, {"--mcp", "--model", "unused"}, path("workflow.stderr"));
  session.initialize();
  session.request(1, "tools/list");
  Json tools = session.response(1)["result"]["tools"];
  ASSERT_EQ(tools.size(), 1u) << tools;
  EXPECT_EQ(tools[0]["name"], "e2e-workflow-states");
  EXPECT_EQ(tools[0]["description"], "Runs the workflow of e2e-workflow-states 1.0.0 from state 'intake'.");
  EXPECT_EQ(tools[0]["inputSchema"], Json::parse(readText(kPacks + "/schemas/workflow-input.json")));
  EXPECT_FALSE(tools[0].contains("outputSchema")) << "a workflow's output has no one schema";
}

// A chat pack serves one tool per task; a call is one turn, its reply the structured result.
TEST_F(McpServerE2ETest, AChatPackServesOneToolPerTask) {
  std::string chat = e2eExeDir() + "/chat-support";
  ASSERT_TRUE(fs::exists(chat)) << chat << " was not built";
  LlmServerProcess llm(Json::parse(R"({"replies": [
      {"match": {"system_contains": "Greet", "last_user_contains": "hi"}, "reply": {"content": "Hello!"}}]})"));
  // Through /usr/bin/env: none of the LLM variables of the test's environment reach the server.
  McpSession session("/usr/bin/env",
                     {"-u", "OPENAI_API_KEY", "-u", "WFC_MODEL", "-u", "WFC_LLM_BASE_URL", "-u", "OPENAI_BASE_URL", chat,
                      "--mcp", "--llm-base-url", llm.baseUrl(), "--model", "test-model"},
                     path("chat.stderr"));
  session.initialize();
  session.request(1, "tools/list");
  Json tools = session.response(1)["result"]["tools"];
  ASSERT_EQ(tools.size(), 2u) << tools;
  EXPECT_EQ(tools[0]["name"], "support");
  EXPECT_EQ(tools[1]["name"], "greeter");
  EXPECT_EQ(tools[0]["inputSchema"]["required"], Json::array({"message"}));
  EXPECT_EQ(tools[0]["inputSchema"]["properties"]["variables"]["required"], Json::array({"customer"})) << tools[0];
  EXPECT_EQ(tools[1]["outputSchema"]["required"], Json::array({"result"})) << tools[1];
  EXPECT_EQ(tools[1]["outputSchema"]["properties"]["result"]["type"], "string") << tools[1];

  session.request(2, "tools/call", {{"name", "greeter"}, {"arguments", {{"message", "hi"}}}});
  Json reply = session.response(2)["result"];
  EXPECT_EQ(reply["structuredContent"], Json({{"result", "Hello!"}})) << reply << "\n" << readText(path("chat.stderr"));
  EXPECT_EQ(reply["content"][0]["text"], R"({"result":"Hello!"})") << reply;
  EXPECT_EQ(llm.requests().size(), 1u);

  // The support task needs its customer variable: the turn fails before anything is sent.
  session.request(3, "tools/call", {{"name", "support"}, {"arguments", {{"message", "hello"}}}});
  Json missing = session.response(3)["result"];
  EXPECT_EQ(missing["isError"], true) << missing;
  EXPECT_EQ(missing["_meta"]["wfc/exit_code"], 2) << missing;
  EXPECT_NE(missing["content"][0]["text"].get<std::string>().find("customer"), std::string::npos) << missing;
  EXPECT_EQ(llm.requests().size(), 1u);
}

// A task whose prompt takes media lists them in its inputSchema — URLs and bytes, no files — and
// a call's media go to the model; a call that names a file of this machine's is refused (the
// arguments are the client's, often a model's: docs/mcp-server.md).
TEST_F(McpServerE2ETest, ChatToolsTakeMediaButNoFilesOfTheHost) {
  std::string chat = e2eExeDir() + "/chat-media";
  ASSERT_TRUE(fs::exists(chat)) << chat << " was not built";
  LlmServerProcess llm(Json::parse(R"({"replies": [
      {"match": {"last_user_media": ["image/png"]}, "reply": {"content": "A cat."}}]})"));
  McpSession session("/usr/bin/env",
                     {"-u", "OPENAI_API_KEY", "-u", "WFC_MODEL", "-u", "WFC_LLM_BASE_URL", "-u", "OPENAI_BASE_URL", chat,
                      "--mcp", "--llm-base-url", llm.baseUrl(), "--model", "test-model"},
                     path("media.stderr"));
  session.initialize();
  session.request(1, "tools/list");
  Json tools = session.response(1)["result"]["tools"];
  ASSERT_EQ(tools.size(), 3u) << tools;
  EXPECT_EQ(tools[0]["name"], "describe");
  Json media = tools[0]["inputSchema"]["properties"]["media"];
  EXPECT_EQ(media["items"]["properties"]["type"]["enum"], Json::array({"image"})) << media;
  EXPECT_FALSE(media["items"]["properties"].contains("file_path")) << media;
  EXPECT_FALSE(tools[2]["inputSchema"]["properties"].contains("media")) << "plain takes no media: " << tools[2];

  Json image = {{"data", "iVBORw0KGgpjYXQgcGl4ZWxz"}, {"mime_type", "image/png"}};
  session.request(2, "tools/call", {{"name", "describe"}, {"arguments", {{"message", "What is it?"}, {"media", Json::array({image})}}}});
  EXPECT_EQ(session.response(2)["result"]["structuredContent"], Json({{"result", "A cat."}})) << readText(path("media.stderr"));
  std::string secret = path("secret.png");
  writeText(secret, "not for clients");
  session.request(3, "tools/call", {{"name", "describe"}, {"arguments", {{"message", "And this?"}, {"media", Json::array({{{"file_path", secret}}})}}}});
  Json refused = session.response(3)["result"];
  EXPECT_EQ(refused["isError"], true) << refused;
  EXPECT_EQ(refused["_meta"]["wfc/exit_code"], 2) << refused;
  EXPECT_EQ(llm.requests().size(), 1u);
}

// A workflow calls the compiled mcp-server workflow as a tool, through its mcp binding: the
// child's structured output is the step's output, and the child's failure the step's.
TEST_F(McpServerE2ETest, AWorkflowCallsACompiledWorkflowThroughItsMcpBinding) {
  std::string caller = e2eExeDir() + "/mcp-caller";
  ASSERT_TRUE(fs::exists(caller)) << caller << " was not built";
  std::string bindings = dir_.write("caller-bindings.yaml",
                                    "mcp_servers:\n"
                                    "  child: {command: " + exe_ + ", args: [--mcp, --bindings, " + kBindings +
                                        ", --trace, " + path("child-trace.jsonl") + "]}\n"
                                    "tools:\n"
                                    "  child.echo: {mcp: {server: child, tool: e2e-mcp-server}}\n");
  std::string trace = path("caller-trace.jsonl");
  ProcessResult r = runProcess(caller, {"--bindings", bindings, "--trace", trace, "--input-json", R"({"text": "hi"})"});
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  EXPECT_EQ(Json::parse(r.out), Json({{"text", "again: hi"}}));
  std::vector<Json> calls = events(jsonLines(trace), "tool_call");
  ASSERT_EQ(calls.size(), 2u);
  for (const Json &call : calls) EXPECT_EQ(call["binding"], "mcp: child/e2e-mcp-server") << call;
  // The child ran a run per call, and exited when the caller was done with it.
  std::vector<Json> childRuns = events(jsonLines(path("child-trace.jsonl")), "run_end");
  ASSERT_EQ(childRuns.size(), 2u);
  for (const Json &end : childRuns) EXPECT_EQ(end["status"], "succeeded");

  ProcessResult failed =
      runProcess(caller, {"--bindings", bindings, "--input-json", R"({"text": "hi", "fail": "the child says no"})"});
  EXPECT_EQ(failed.exitCode, 1) << failed.describe() << "\n" << failed.err;
  EXPECT_EQ(failed.out, "");
  EXPECT_NE(failed.err.find("tool 'child.echo' (mcp: child/e2e-mcp-server) failed: "), std::string::npos) << failed.err;
  EXPECT_NE(failed.err.find("boom: the child says no"), std::string::npos) << failed.err;
}

// A compiled tool composition is the seed's `composition_execute` for that composition
// (docs/tool-composition.md, docs/mcp-server.md): its tool takes the inferred input, answers the
// result object as structuredContent, and a failure is isError with the result object still
// there — what completed, the error, what was rolled back.
TEST_F(McpServerE2ETest, AToolCompositionIsItsOwnCompositionExecute) {
  std::string tool = std::string(WFC_SOURCE_DIR) + "/tests/e2e/tools/toolcomp-tool.sh";
  std::string yaml = "tools:\n";
  for (const char *t : {"make", "unmake", "attach", "detach", "note", "publish", "unpublish"})
    yaml += std::string("  ") + t + ": {exec: {argv: [sh, '" + tool + "', " + t + ", '" + dir_.str() + "']}}\n";
  std::string bindings = dir_.write("toolcomp-bindings.yaml", yaml);
  McpSession session(e2eExeDir() + "/toolcomp-rollback", {"--mcp", "--bindings", bindings}, path("server.stderr"));
  session.initialize();
  session.request(1, "tools/list");
  Json tools = session.response(1)["result"]["tools"];
  ASSERT_EQ(tools.size(), 1u) << tools;
  EXPECT_EQ(tools[0]["name"], "toolcomp-rollback");
  EXPECT_EQ(tools[0]["inputSchema"]["required"], Json({"name"})) << tools[0];

  auto call = [&](int id, const Json &arguments) {
    session.request(id, "tools/call", {{"name", "toolcomp-rollback"}, {"arguments", arguments}});
    return session.response(id)["result"];
  };
  Json ok = call(2, {{"name", "widget"}});
  EXPECT_EQ(ok["isError"], false) << ok;
  EXPECT_EQ(ok["structuredContent"]["success"], true) << ok;
  EXPECT_EQ(ok["structuredContent"]["steps_executed"], 4) << ok;

  dir_.write("publish.fail", "9\n");  // publish.count is 1 already: fail from now on
  Json failed = call(3, {{"name", "gadget"}});
  EXPECT_EQ(failed["isError"], true) << failed;
  EXPECT_EQ(failed["_meta"]["wfc/exit_code"], 1) << failed;
  Json result = failed["structuredContent"];
  EXPECT_EQ(result["success"], false) << failed;
  EXPECT_EQ(result["rolled_back"], Json({"link", "create"})) << failed;
  EXPECT_EQ(result["errors"][0]["step"], "publish") << failed;
  EXPECT_NE(failed["content"][0]["text"].get<std::string>().find("step 'publish' failed"), std::string::npos) << failed;
}

}  // namespace
}  // namespace wfc::test

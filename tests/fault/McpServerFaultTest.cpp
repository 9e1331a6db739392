// --mcp under faults (docs/mcp-server.md): a client that stops reading in the middle of a call, a
// storm of calls cancelled at once, garbage and an over-long line between requests. The pack is
// tests/e2e/packs/mcp-server.yaml, compiled here with this build's flags so that a sanitizer
// build (scripts/sanitize.sh) runs the server's threads — one per call, the writer, the runs'
// workers — under ASan and TSan.
#include "FaultSupport.h"
#include "PipedProcess.h"

namespace wfc::test {
namespace {

using namespace std::chrono_literals;

const std::string kBindings = std::string(WFC_SOURCE_DIR) + "/tests/e2e/packs/mcp-server-bindings.yaml";

class McpServerFaultTest : public ::testing::Test {
 protected:
  std::unique_ptr<PipedProcess> start() {
    auto server = std::make_unique<PipedProcess>(
        WFC_FAULT_MCP_SERVER,
        std::vector<std::string>{"--mcp", "--bindings", kBindings, "--trace", dir_.str() + "/trace.jsonl"},
        dir_.str() + "/stderr.txt");
    send(*server, {{"jsonrpc", "2.0"}, {"id", "init"}, {"method", "initialize"},
                   {"params", {{"protocolVersion", "2025-06-18"}, {"capabilities", Json::object()},
                               {"clientInfo", {{"name", "fault"}, {"version", "1"}}}}}});
    Json answer = Json::parse(server->readLine(20s).value_or("null"));
    EXPECT_EQ(answer["result"]["protocolVersion"], "2025-06-18") << answer;
    return server;
  }
  static void send(PipedProcess &server, const Json &message) { EXPECT_TRUE(server.sendLine(message.dump())); }
  static Json call(const Json &id, const Json &arguments, bool progress = false) {
    Json params = {{"name", "e2e-mcp-server"}, {"arguments", arguments}};
    if (progress) params["_meta"] = {{"progressToken", id}};
    return {{"jsonrpc", "2.0"}, {"id", id}, {"method", "tools/call"}, {"params", params}};
  }
  // The trace's run_end lines so far (a line still being written is not one yet).
  std::vector<Json> runEnds() const {
    std::vector<Json> out;
    for (const std::string &line : splitLines(readText(dir_.str() + "/trace.jsonl"))) {
      Json event = Json::parse(line, nullptr, false);
      if (!event.is_discarded() && event.value("event", "") == "run_end") out.push_back(event);
    }
    return out;
  }
  std::string stderrText() const { return readText(dir_.str() + "/stderr.txt"); }

  TempDir dir_;
};

// The client closes its end of stdout while a call runs and reports progress: the server's
// writes fail (no SIGPIPE death), and at EOF it cancels the call and exits 0.
TEST_F(McpServerFaultTest, AClientThatStopsReadingLeavesACleanExit) {
  auto server = start();
  send(*server, call(1, {{"text", "x"}, {"wait_ms", 60000}}, true));
  ASSERT_TRUE(server->readLine(20s)) << "no progress from the slow call";
  server->closeOutput();
  send(*server, call(2, {{"text", "answered into the void"}}, true));
  std::this_thread::sleep_for(200ms);
  server->closeInput();
  std::optional<int> code = server->wait(20s);
  ASSERT_TRUE(code) << "the server did not exit\n" << stderrText();
  EXPECT_EQ(*code, 0) << stderrText();
  std::vector<Json> ends = runEnds();
  ASSERT_EQ(ends.size(), 2u);
  std::set<std::string> statuses;
  for (const Json &e : ends) statuses.insert(e["status"]);
  EXPECT_EQ(statuses, (std::set<std::string>{"succeeded", "cancelled"}));
}

// Twenty slow calls, each cancelled as soon as it started: every run ends cancelled within
// seconds, none is answered, and the server answers the next request.
TEST_F(McpServerFaultTest, AStormOfCancelledCallsEndsEveryRun) {
  auto server = start();
  constexpr int kCalls = 20;
  for (int i = 0; i < kCalls; ++i) send(*server, call(i, {{"text", "x"}, {"wait_ms", 60000}}, true));
  std::set<int> started;
  auto deadline = Clock::now() + 30s;
  while (started.size() < kCalls && Clock::now() < deadline) {
    std::optional<std::string> line = server->readLine(5s);
    ASSERT_TRUE(line) << "only " << started.size() << " calls started\n" << stderrText();
    Json message = Json::parse(*line);
    ASSERT_EQ(message["method"], "notifications/progress") << message;
    int token = message["params"]["progressToken"];
    if (started.insert(token).second)
      send(*server, {{"jsonrpc", "2.0"}, {"method", "notifications/cancelled"}, {"params", {{"requestId", token}}}});
  }
  auto ended = Clock::now() + 20s;
  while (runEnds().size() < kCalls && Clock::now() < ended) std::this_thread::sleep_for(20ms);
  std::vector<Json> ends = runEnds();
  ASSERT_EQ(ends.size(), size_t(kCalls)) << stderrText();
  for (const Json &e : ends) EXPECT_EQ(e["status"], "cancelled") << e;
  send(*server, {{"jsonrpc", "2.0"}, {"id", "ping"}, {"method", "ping"}});
  for (;;) {
    std::optional<std::string> line = server->readLine(20s);
    ASSERT_TRUE(line) << "no answer to ping\n" << stderrText();
    Json message = Json::parse(*line);
    if (message.contains("method")) continue;  // a progress sent before its call was cancelled
    EXPECT_EQ(message["id"], "ping") << "a cancelled call was answered: " << message;
    break;
  }
  server->closeInput();
  EXPECT_EQ(server->wait(20s), std::optional<int>(0)) << stderrText();
}

// Binary garbage, a line past the 64 MiB bound and a truncated message: each is answered with an
// error and the session goes on.
TEST_F(McpServerFaultTest, GarbageAndAnOverlongLineAreAnsweredAndSkipped) {
  auto server = start();
  std::string garbage;
  for (int i = 0; i < 4096; ++i) garbage += char((i * 7919) % 251 + 1 == '\n' ? 'x' : (i * 7919) % 251 + 1);
  ASSERT_TRUE(server->sendLine(garbage));
  Json first = Json::parse(server->readLine(20s).value_or("null"));
  EXPECT_EQ(first["error"]["code"], -32700) << first;
  // 65 MiB of one string, in pieces, then its newline.
  std::string piece(1 << 20, 'a');
  ASSERT_TRUE(server->write("{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"ping\", \"params\": {\"x\": \""));
  for (int i = 0; i < 65; ++i) ASSERT_TRUE(server->write(piece)) << "the server stopped reading at MiB " << i;
  ASSERT_TRUE(server->write("\"}}\n"));
  Json tooLong = Json::parse(server->readLine(20s).value_or("null"));
  EXPECT_EQ(tooLong["error"]["code"], -32600) << tooLong;
  EXPECT_TRUE(contains(tooLong["error"]["message"], "longer than 67108864 bytes")) << tooLong;
  send(*server, call(2, {{"text", "after the flood"}}));
  Json answer = Json::parse(server->readLine(20s).value_or("null"));
  EXPECT_EQ(answer["result"]["structuredContent"], Json({{"text", "after the flood"}})) << answer;
  ASSERT_TRUE(server->write("{\"jsonrpc\": \"2.0\", \"id\": 3, \"method\": \"pi"));
  server->closeInput();  // a last line without its newline is still read, and is not JSON
  Json last = Json::parse(server->readLine(20s).value_or("null"));
  EXPECT_EQ(last["error"]["code"], -32700) << last;
  EXPECT_EQ(server->wait(20s), std::optional<int>(0)) << stderrText();
}

}  // namespace
}  // namespace wfc::test

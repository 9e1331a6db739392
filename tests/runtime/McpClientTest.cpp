// The mcp binding (docs/bindings.md): an MCP client over stdio, run against real MCP servers from npm
// (@modelcontextprotocol/server-filesystem and server-everything, installed into tests/mcp/ by
// scripts/setup.sh) and, for the fault cases, against tests/runtime/fixtures/fake_mcp_server.py.
#include "core/tools/ToolTable.h"
#include "TestSupport.h"
#include "core/tools/McpClient.h"
#include "core/tools/McpTool.h"
#include "wfc/error.h"
#include "wfc/tool.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace wfc {
namespace {

namespace fs = std::filesystem;
using test::errorOf;
using test::TempDir;
using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

const std::string kSource = WFC_SOURCE_DIR;
const std::string kFilesystemServer =
    kSource + "/tests/mcp/node_modules/@modelcontextprotocol/server-filesystem/dist/index.js";
const std::string kEverythingServer =
    kSource + "/tests/mcp/node_modules/@modelcontextprotocol/server-everything/dist/index.js";
const std::string kFakeServer = kSource + "/tests/runtime/fixtures/fake_mcp_server.py";

#define SKIP_WITHOUT_NPM_SERVERS()                                                                           \
  if (!fs::exists(kFilesystemServer) || !fs::exists(kEverythingServer) ||                                    \
      std::system("node --version >/dev/null 2>&1") != 0)                                                    \
  GTEST_SKIP() << "the npm MCP servers are not installed: run scripts/setup.sh (npm ci in tests/mcp)"

Value json(const char *text) { return Value::parse(text); }

Value call(const ToolTable &table, std::string_view tool, const Value &args,
           const CancellationToken &cancel = CancellationToken()) {
  const tools::ToolBinding *binding = table.find(tool);
  if (!binding) throw std::runtime_error("tool '" + std::string(tool) + "' is unbound");
  return binding->call(args, ToolCall{tool, "run-1/s/1", cancel});
}

// A YAML flow list of the fake server's command line.
std::string fakeCommand(const std::vector<std::string> &options = {}) {
  std::string out = "{command: python3, args: ['" + kFakeServer + "'";
  for (const std::string &o : options) out += ", '" + o + "'";
  return out + "]}";
}

tools::McpServerSpec fakeSpec(const std::vector<std::string> &options = {}) {
  tools::McpServerSpec spec;
  spec.name = "fake";
  spec.command = "python3";
  spec.args = {kFakeServer};
  spec.args.insert(spec.args.end(), options.begin(), options.end());
  return spec;
}

// A table of the fake server's tools, each bound to the tool of the same name.
struct FakeTable {
  BindingsFile file;
  std::unique_ptr<ToolTable> table;
  FakeTable(const std::vector<std::string> &tools, const std::vector<std::string> &options = {},
            std::map<std::string, std::string> parameters = {}, const std::string &extra = "") {
    std::string yaml = "mcp_servers:\n  fake: " + fakeCommand(options) + "\ntools:\n";
    for (const std::string &t : tools) yaml += "  " + t + ": {mcp: {server: fake" + extra + "}}\n";
    file = BindingsFile::parse(yaml, "b.yaml");
    ToolTable::Options o;
    o.parameters = std::move(parameters);
    table = std::make_unique<ToolTable>(tools, &file, nullptr, o);
  }
  Value operator()(std::string_view tool, const Value &args, const CancellationToken &cancel = CancellationToken()) {
    return call(*table, tool, args, cancel);
  }
};

// ---- the compatibility rule (pure)

std::string problems(const char *pack, const char *server) {
  std::string out;
  for (const std::string &p : tools::mcpSchemaProblems(json(pack), json(server))) out += (out.empty() ? "" : " | ") + p;
  return out;
}

TEST(McpSchemaRuleTest, CompatibleSchemas) {
  const char *server = R"({"type": "object", "properties": {"path": {"type": "string"}, "head": {"type": "number"}},
                           "required": ["path"]})";
  EXPECT_EQ(problems(R"({"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]})", server), "");
  // integer is a number; a property without a type is not compared.
  EXPECT_EQ(problems(R"({"type": "object", "properties": {"path": {}, "head": {"type": "integer"}},
                         "required": ["path", "head"]})",
                     server),
            "");
  // No type at all for the pack's parameters is an object schema too.
  EXPECT_EQ(problems(R"({"properties": {"path": {"type": "string"}}, "required": ["path"]})", server), "");
  // A server schema without properties takes anything.
  EXPECT_EQ(problems(R"({"type": "object", "properties": {"x": {"type": "string"}}})", R"({"type": "object"})"), "");
  // additionalProperties: a schema is checked like a property.
  EXPECT_EQ(problems(R"({"type": "object", "properties": {"x": {"type": "string"}}})",
                     R"({"type": "object", "properties": {}, "additionalProperties": {"type": "string"}})"),
            "");
  EXPECT_EQ(problems(R"({"type": "object", "properties": {"x": {"type": "integer"}}})",
                     R"({"type": "object", "properties": {}, "additionalProperties": {"type": "string"}})"),
            "'x' is integer in the pack but string on the server");
}

TEST(McpSchemaRuleTest, EachProblemIsNamed) {
  const char *server = R"({"type": "object", "properties": {"path": {"type": "string"}, "mode": {"type": "string"}},
                           "required": ["path", "mode"]})";
  EXPECT_EQ(problems(R"({"type": "object", "properties": {"pth": {"type": "string"}, "mode": {"type": ["string", "null"]}}})",
                     server),
            "the server requires 'mode', which the pack declares but does not require | the server requires 'path', "
            "which the pack does not declare | the pack declares 'pth', which is not a parameter of the server's tool; "
            "did you mean 'path'? | 'mode' is null or string in the pack but string on the server");
  EXPECT_EQ(problems(R"({"type": "object", "properties": {"zzz": {}}})", R"({"type": "object", "properties": {}})"),
            "the pack declares 'zzz', which is not a parameter of the server's tool (it takes none)");
  EXPECT_EQ(problems(R"({"type": "object", "properties": {"zzz": {}}})",
                     R"({"type": "object", "properties": {"a": {}, "b": {}}})"),
            "the pack declares 'zzz', which is not a parameter of the server's tool (its parameters: 'a', 'b')");
  EXPECT_EQ(problems(R"({"type": "object", "properties": {"n": {"type": "number"}}})",
                     R"({"type": "object", "properties": {"n": {"type": "integer"}}})"),
            "'n' is number in the pack but integer on the server");
  EXPECT_EQ(problems(R"({"type": "string"})", R"({"type": "object"})"),
            "the pack's parameters are string, not an object (MCP arguments are an object)");
  EXPECT_EQ(problems(R"({"type": "object", "properties": {"x": {}}})",
                     R"({"type": "object", "additionalProperties": false})"),
            "the pack declares 'x', which is not a parameter of the server's tool (it takes none)");
}

// ---- the output rule (pure)

TEST(McpOutputRuleTest, StructuredContentThenSingleTextThenContent) {
  EXPECT_EQ(tools::mcpToolOutput(json(R"({"content": [{"type": "text", "text": "{}"}], "structuredContent": {"a": 1}})"), "t")
                .dump(),
            R"({"a":1})");
  EXPECT_EQ(tools::mcpToolOutput(json(R"({"content": [{"type": "text", "text": "hi"}]})"), "t").dump(), R"("hi")");
  EXPECT_EQ(tools::mcpToolOutput(json(R"({"content": []})"), "t").dump(), "[]");
  EXPECT_EQ(tools::mcpToolOutput(json(R"({"content": [{"type": "image", "data": "AA==", "mimeType": "image/png"}]})"), "t")
                .dump(),
            R"([{"type":"image","data":"AA==","mimeType":"image/png"}])");
  EXPECT_EQ(errorOf([] {
              tools::mcpToolOutput(json(R"({"content": [{"type": "text", "text": "no such file"},
                                                        {"type": "text", "text": "really"}], "isError": true})"),
                                   "tool 'fs.read' (mcp: files/read_file)");
            }),
            "tool 'fs.read' (mcp: files/read_file) failed: no such file\nreally");
  EXPECT_EQ(errorOf([] { tools::mcpToolOutput(json(R"({"isError": false})"), "tool 't'"); }),
            R"(tool 't': the server's tools/call result has no 'content' list: {"isError":false})");
}

// ---- @modelcontextprotocol/server-filesystem

class FilesystemServerTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    if (!fs::exists(kFilesystemServer)) return;
    dir_ = new TempDir();
    test::writeText(*dir_ / "a.txt", "hello\n");
    fs::create_directory(*dir_ / "sub");
    std::string yaml = "mcp_servers:\n  files: {command: node, args: ['" + kFilesystemServer + "', '" +
                       dir_->path().string() + "']}\n" +
                       "tools:\n"
                       "  fs.read: {mcp: {server: files, tool: read_text_file}}\n"
                       "  fs.list: {mcp: {server: files, tool: list_directory, timeout_ms: 20000}}\n";
    file_ = new BindingsFile(BindingsFile::parse(yaml, "b.yaml"));
    ToolTable::Options options;
    const char *pathOnly = R"({"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]})";
    options.parameters = {{"fs.read", pathOnly}, {"fs.list", pathOnly}};
    table_ = new ToolTable({"fs.read", "fs.list"}, file_, nullptr, options);
  }
  static void TearDownTestSuite() {
    delete table_;
    delete file_;
    delete dir_;
  }
  void SetUp() override { SKIP_WITHOUT_NPM_SERVERS(); }

  static TempDir *dir_;
  static BindingsFile *file_;
  static ToolTable *table_;
};
TempDir *FilesystemServerTest::dir_ = nullptr;
BindingsFile *FilesystemServerTest::file_ = nullptr;
ToolTable *FilesystemServerTest::table_ = nullptr;

TEST_F(FilesystemServerTest, ReadsAFileAsStructuredContent) {
  EXPECT_EQ(call(*table_, "fs.read", Value::object({{"path", Value::string((*dir_ / "a.txt").string())}})).dump(),
            R"({"content":"hello\n"})");
  // Relative paths are the server's business: it resolves them against its allowed directory.
  EXPECT_EQ(call(*table_, "fs.read", json(R"({"path": "a.txt"})")).dump(), R"({"content":"hello\n"})");
  EXPECT_EQ(table_->describe("fs.read"), "mcp: files/read_text_file");
}

TEST_F(FilesystemServerTest, ListsADirectory) {
  Value out = call(*table_, "fs.list", Value::object({{"path", Value::string(dir_->path().string())}}));
  ASSERT_TRUE(out.get("content") && out.get("content")->isString()) << out.dump();
  // One line per entry, in the directory's order.
  std::vector<std::string> lines;
  std::istringstream text(out.get("content")->asString());
  for (std::string line; std::getline(text, line);) lines.push_back(line);
  std::sort(lines.begin(), lines.end());
  EXPECT_EQ(lines, (std::vector<std::string>{"[DIR] sub", "[FILE] a.txt"}));
}

TEST_F(FilesystemServerTest, IsErrorIsAStepError) {
  std::string message = errorOf([&] { call(*table_, "fs.read", json(R"({"path": "/etc/passwd"})")); });
  EXPECT_EQ(message.rfind("tool 'fs.read' (mcp: files/read_text_file) failed: Access denied - path outside allowed "
                          "directories: /etc/passwd",
                          0),
            0u)
      << message;
}

// ---- @modelcontextprotocol/server-everything

class EverythingServerTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    if (!fs::exists(kEverythingServer)) return;
    std::string yaml = "mcp_servers:\n  everything: {command: node, args: ['" + kEverythingServer + "', stdio]}\n" +
                       "tools:\n"
                       "  echo: {mcp: {server: everything}}\n"
                       "  add: {mcp: {server: everything, tool: get-sum}}\n"
                       "  weather: {mcp: {server: everything, tool: get-structured-content}}\n"
                       "  image: {mcp: {server: everything, tool: get-tiny-image}}\n"
                       "  slow: {mcp: {server: everything, tool: trigger-long-running-operation, timeout_ms: 300}}\n";
    file_ = new BindingsFile(BindingsFile::parse(yaml, "b.yaml"));
    ToolTable::Options options;
    options.parameters = {
        {"echo", R"({"type": "object", "properties": {"message": {"type": "string"}}, "required": ["message"]})"},
        {"add", R"({"type": "object", "properties": {"a": {"type": "integer"}, "b": {"type": "number"}},
                    "required": ["a", "b"]})"}};
    table_ = new ToolTable({"echo", "add", "weather", "image", "slow"}, file_, nullptr, options);
  }
  static void TearDownTestSuite() {
    delete table_;
    delete file_;
  }
  void SetUp() override { SKIP_WITHOUT_NPM_SERVERS(); }

  static BindingsFile *file_;
  static ToolTable *table_;
};
BindingsFile *EverythingServerTest::file_ = nullptr;
ToolTable *EverythingServerTest::table_ = nullptr;

TEST_F(EverythingServerTest, EchoAndAddGiveTheirSingleTextBlock) {
  EXPECT_EQ(call(*table_, "echo", json(R"({"message": "hi"})")).dump(), R"("Echo: hi")");
  EXPECT_EQ(call(*table_, "add", json(R"({"a": 2, "b": 3.5})")).dump(), R"("The sum of 2 and 3.5 is 5.5.")");
}

TEST_F(EverythingServerTest, StructuredContentIsTheOutput) {
  Value out = call(*table_, "weather", json(R"({"location": "Chicago"})"));
  ASSERT_TRUE(out.isObject()) << out.dump();
  EXPECT_TRUE(out.get("temperature") && out.get("conditions") && out.get("humidity")) << out.dump();
}

TEST_F(EverythingServerTest, ContentThatIsNotOneTextBlockIsTheArray) {
  Value out = call(*table_, "image", Value::object({}));
  ASSERT_TRUE(out.isArray()) << out.dump();
  bool image = false;
  for (size_t i = 0; i < out.size(); ++i) image |= out.at(i)->get("type")->asString() == "image";
  EXPECT_TRUE(image) << out.dump().substr(0, 300);
}

TEST_F(EverythingServerTest, ArgumentsTheServerRejectsAreAStepError) {
  std::string message = errorOf([&] { call(*table_, "echo", json(R"({"message": 5})")); });
  EXPECT_NE(message.find("tool 'echo' (mcp: everything/echo) failed: "), std::string::npos) << message;
  EXPECT_NE(message.find("expected string"), std::string::npos) << message;
}

TEST_F(EverythingServerTest, ConcurrentCallsShareOneProcess) {
  std::vector<std::thread> threads;
  std::atomic<int> right{0};
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 5; ++i) {
        std::string text = "t" + std::to_string(t) + "-" + std::to_string(i);
        Value out = call(*table_, "echo", Value::object({{"message", Value::string(text)}}));
        if (out.isString() && out.asString() == "Echo: " + text) ++right;
      }
    });
  for (std::thread &t : threads) t.join();
  EXPECT_EQ(right.load(), 40);
}

TEST_F(EverythingServerTest, TimeoutIsExhausted) {
  auto start = Clock::now();
  std::string message = errorOf([&] { call(*table_, "slow", json(R"({"duration": 5, "steps": 2})")); },
                                ErrorKind::Exhausted);
  EXPECT_EQ(message, "tool 'slow' timed out after 300 ms: MCP server 'everything' did not answer 'tools/call' in time");
  EXPECT_LT(Clock::now() - start, milliseconds(3000));
  // The server lives on.
  EXPECT_EQ(call(*table_, "echo", json(R"({"message": "still here"})")).dump(), R"("Echo: still here")");
}

// ---- the fake server: faults

TEST(McpFakeServerTest, ResultsAndIsError) {
  FakeTable fake({"echo", "structured", "multi", "fail"});
  EXPECT_EQ(fake("echo", json(R"({"text": "hello"})")).dump(), R"("hello")");
  EXPECT_EQ(fake("structured", json(R"({"n": 21})")).dump(), R"({"n":21,"doubled":42})");
  EXPECT_EQ(fake("multi", json("{}")).dump(), R"([{"type":"text","text":"one"},{"type":"text","text":"two"}])");
  EXPECT_EQ(errorOf([&] { fake("fail", json(R"({"message": "quota exceeded"})")); }),
            "tool 'fail' (mcp: fake/fail) failed: quota exceeded");
}

TEST(McpFakeServerTest, DeathMidCallNamesTheServerItsStatusAndStderr) {
  FakeTable fake({"echo", "die"});
  EXPECT_EQ(fake("echo", json(R"({"text": "x"})")).dump(), R"("x")");
  EXPECT_EQ(errorOf([&] { fake("die", json(R"({"status": 7})")); }),
            "tool 'die' (mcp: fake/die): MCP server 'fake' exited with status 7; its stderr ends: dying now: the disk "
            "is on fire");
  // The server is not restarted within the run: later calls fail the same way.
  EXPECT_EQ(errorOf([&] { fake("echo", json(R"({"text": "x"})")); }),
            "tool 'echo' (mcp: fake/echo): MCP server 'fake' exited with status 7; its stderr ends: dying now: the "
            "disk is on fire");
}

// A server that breaks the protocol is reported with what it sent, at once — not as a server that
// said nothing, after the call's timeout (docs/bindings.md "MCP servers that misbehave").
TEST(McpFakeServerTest, BrokenAnswersFailTheCallAtOnceSayingWhatCame) {
  FakeTable fake({"bad_utf8", "wrong_id", "empty_answer", "echo"}, {}, {}, ", timeout_ms: 20000");
  auto start = Clock::now();
  EXPECT_EQ(errorOf([&] { fake("bad_utf8", json("{}")); }),
            "tool 'bad_utf8' (mcp: fake/bad_utf8): MCP server 'fake' answered 'tools/call' with a message that is not "
            "valid JSON (byte 81 is not UTF-8): {\"jsonrpc\": \"2.0\", \"id\": 3, "
            "\"result\": {\"content\": [{\"type\": \"text\", \"text\": \"caf\xEF\xBF\xBD\"}]}}");
  EXPECT_EQ(errorOf([&] { fake("wrong_id", json("{}")); }),
            "tool 'wrong_id' (mcp: fake/wrong_id): MCP server 'fake' answered 'tools/call' with a message that "
            "answers no request: {\"jsonrpc\":\"2.0\",\"id\":\"call-4\",\"result\":{\"content\":[]}}");
  EXPECT_EQ(errorOf([&] { fake("empty_answer", json("{}")); }),
            "tool 'empty_answer' (mcp: fake/empty_answer): MCP server 'fake' answered 'tools/call' with an answer that "
            "has neither 'result' nor 'error': {\"jsonrpc\":\"2.0\",\"id\":5}");
  EXPECT_LT(Clock::now() - start, milliseconds(10000)) << "a call waited for its timeout";
  // The server itself is fine: the next call works.
  EXPECT_EQ(fake("echo", json(R"({"text": "still here"})")).dump(), R"("still here")");
}

// A line of text where the answer was due is tolerated (servers log to stdout; the SDKs' clients
// go on) but named when the call times out.
TEST(McpFakeServerTest, TextInsteadOfAnAnswerIsNamedWhenTheCallTimesOut) {
  FakeTable fake({"text_answer"}, {}, {}, ", timeout_ms: 300");
  EXPECT_EQ(errorOf([&] { fake("text_answer", json("{}")); }, ErrorKind::Exhausted),
            "tool 'text_answer' timed out after 300 ms: MCP server 'fake' did not answer 'tools/call' in time; the last "
            "line it wrote on stdout was not a protocol message: OK, done");
}

TEST(McpFakeServerTest, NotificationsAndServerRequestsInterleaved) {
  // Before answering, the server logs, reports progress, asks roots/list (wfc has no roots:
  // "method not found") and pings (wfc answers), and only answers once the ping is answered.
  FakeTable fake({"chatty", "echo"}, {"--noise"});
  EXPECT_EQ(fake("chatty", json(R"({"text": "a"})")).dump(), R"("pong: a roots:-32601")");
  EXPECT_EQ(fake("echo", json(R"({"text": "after"})")).dump(), R"("after")");
}

TEST(McpFakeServerTest, UnknownToolListsTheServersToolsWithDidYouMean) {
  std::string yaml = "mcp_servers:\n  fake: " + fakeCommand({"--page-size", "2"}) +
                     "\ntools:\n  kv.get: {mcp: {server: fake, tool: ecko}}\n";
  BindingsFile file = BindingsFile::parse(yaml, "b.yaml");
  ToolTable table({"kv.get"}, &file, nullptr, {});
  std::string expected =
      "tool 'kv.get' is bound to MCP tool 'ecko' (b.yaml:4:3), which MCP server 'fake' does not have; did you mean "
      "'echo'? (its tools: 'echo', 'structured', 'multi', 'fail', 'die', 'sleep', 'chatty', 'cancelled', 'pid', "
      "'bad_utf8', 'wrong_id', 'empty_answer', 'text_answer')";
  EXPECT_EQ(errorOf([&] { call(table, "kv.get", json("{}")); }), expected);
  EXPECT_EQ(errorOf([&] { call(table, "kv.get", json("{}")); }), expected) << "the verdict is kept";
}

TEST(McpFakeServerTest, SchemaMismatchAtStartNamesBothTools) {
  FakeTable fake({"echo", "structured"}, {},
                 {{"echo", R"({"type": "object", "properties": {"txt": {"type": "string"}}})"},
                  {"structured", R"({"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]})"}});
  EXPECT_EQ(errorOf([&] { fake("echo", json(R"({"txt": "x"})")); }),
            "tool 'echo' does not match MCP tool 'echo' of MCP server 'fake' (b.yaml:4:3): the server requires 'text', "
            "which the pack does not declare; the pack declares 'txt', which is not a parameter of the server's tool; "
            "did you mean 'text'?; fix the tool's parameters in the pack, or bind it to another MCP tool");
  // Another tool of the same server is not held back by it.
  EXPECT_EQ(fake("structured", json(R"({"n": 2})")).dump(), R"({"n":2,"doubled":4})");
}

TEST(McpFakeServerTest, ToolsListChangedIsFollowed) {
  FakeTable fake({"echo", "late"}, {"--tools-changed"});
  EXPECT_EQ(fake("echo", json(R"({"text": "x"})")).dump(), R"("x")");
  // 'late' appeared after the first call, with notifications/tools/list_changed.
  EXPECT_EQ(fake("late", json("{}")).dump(), R"("late tool")");
}

TEST(McpFakeServerTest, TimeoutSendsCancelledAndIsExhausted) {
  FakeTable fake({"sleep", "cancelled"}, {}, {}, ", timeout_ms: 200");
  auto start = Clock::now();
  EXPECT_EQ(errorOf([&] { fake("sleep", json(R"({"ms": 3000})")); }, ErrorKind::Exhausted),
            "tool 'sleep' timed out after 200 ms: MCP server 'fake' did not answer 'tools/call' in time");
  EXPECT_LT(Clock::now() - start, milliseconds(2000));
  // Request ids: 1 initialize, 2 tools/list, 3 the call that timed out.
  EXPECT_EQ(fake("cancelled", json("{}")).dump(), R"({"ids":[3]})");
}

TEST(McpFakeServerTest, CancellationFailsTheCallPromptly) {
  FakeTable fake({"sleep", "cancelled", "echo"});
  EXPECT_EQ(fake("echo", json(R"({"text": "up"})")).dump(), R"("up")");
  CancellationToken cancel;
  std::thread canceller([&] {
    std::this_thread::sleep_for(milliseconds(150));
    cancel.cancel("a sibling failed");
  });
  auto start = Clock::now();
  EXPECT_EQ(errorOf([&] { fake("sleep", json(R"({"ms": 5000})"), cancel); }, ErrorKind::Cancelled),
            "tool 'sleep' cancelled: a sibling failed");
  EXPECT_LT(Clock::now() - start, milliseconds(1500));
  canceller.join();
  EXPECT_EQ(fake("cancelled", json("{}")).dump(), R"({"ids":[4]})");
}

TEST(McpFakeServerTest, StartFailuresAreClearAndFinal) {
  FakeTable dies({"echo"}, {"--exit-at-start", "4"});
  std::string expected =
      "tool 'echo' (mcp: fake/echo): cannot start MCP server 'fake': it exited with status 4; its stderr ends: cannot "
      "start: broken config";
  EXPECT_EQ(errorOf([&] { dies("echo", json(R"({"text": "x"})")); }), expected);
  EXPECT_EQ(errorOf([&] { dies("echo", json(R"({"text": "x"})")); }), expected);

  FakeTable old({"echo"}, {"--protocol", "2023-01-01"});
  EXPECT_EQ(errorOf([&] { old("echo", json(R"({"text": "x"})")); }),
            "tool 'echo' (mcp: fake/echo): cannot start MCP server 'fake': it speaks MCP protocol version "
            "'2023-01-01', which wfc does not (it speaks 2025-06-18, 2025-03-26 and 2024-11-05)");

  BindingsFile missing = BindingsFile::parse(
      "mcp_servers:\n  gone: {command: wfc-no-such-mcp-server}\ntools:\n  t: {mcp: {server: gone}}\n", "b.yaml");
  ToolTable table({"t"}, &missing, nullptr, {});
  EXPECT_EQ(errorOf([&] { call(table, "t", json("{}")); }),
            "tool 't' (mcp: gone/t): cannot start MCP server 'gone' (b.yaml:2:3): command 'wfc-no-such-mcp-server' "
            "not found in PATH");
}

TEST(McpFakeServerTest, OneProcessStartedLazilyByConcurrentFirstCalls) {
  FakeTable fake({"pid", "echo"});
  std::vector<std::thread> threads;
  std::vector<int64_t> pids(6, -1);
  for (int t = 0; t < 6; ++t)
    threads.emplace_back([&, t] { pids[t] = fake("pid", json("{}")).get("pid")->asInteger(); });
  for (std::thread &t : threads) t.join();
  for (int64_t pid : pids) EXPECT_EQ(pid, pids[0]);
  ASSERT_GT(pids[0], 0);
  EXPECT_TRUE(test::processAlive(pid_t(pids[0])));
  fake.table.reset();  // the end of the run
  EXPECT_FALSE(test::processAlive(pid_t(pids[0]))) << "the server is stopped with the tool table";
}

// ---- the client alone: shutdown

TEST(McpClientTest, ShutdownEscalatesToSigtermAndSigkill) {
  for (bool ignoreTerm : {false, true}) {
    std::vector<std::string> options = {"--ignore-eof"};
    if (ignoreTerm) options.push_back("--ignore-term");
    tools::McpServerSpec spec = fakeSpec(options);
    spec.shutdownGraceMs = 100;
    spec.killGraceMs = 100;
    tools::McpClient client(spec);
    client.start(CancellationToken(), Clock::now() + milliseconds(10000));
    int pid = client.pid();
    ASSERT_GT(pid, 0);
    auto start = Clock::now();
    client.shutdown();
    EXPECT_LT(Clock::now() - start, milliseconds(1500));
    EXPECT_FALSE(test::processAlive(pid));
    EXPECT_EQ(client.pid(), -1);
    EXPECT_EQ(errorOf([&] { client.request("ping", Value(), CancellationToken(), Clock::time_point::max()); }),
              "MCP server 'fake' was shut down");
  }
}

TEST(McpClientTest, ToolsListPagesAreFollowed) {
  tools::McpClient client(fakeSpec({"--page-size", "2"}));
  CancellationToken cancel;
  client.start(cancel, Clock::time_point::max());
  std::vector<std::string> names;
  for (const tools::McpToolInfo &t : client.tools(cancel, Clock::time_point::max())) names.push_back(t.name);
  EXPECT_EQ(names, (std::vector<std::string>{"echo", "structured", "multi", "fail", "die", "sleep", "chatty",
                                             "cancelled", "pid", "bad_utf8", "wrong_id", "empty_answer",
                                             "text_answer"}));
  EXPECT_EQ(client.request("ping", Value(), cancel, Clock::time_point::max()).dump(), "{}");
  EXPECT_EQ(errorOf([&] { client.request("no/such", Value(), cancel, Clock::time_point::max()); }),
            "MCP server 'fake' answered 'no/such' with error -32601: Method not found");
}

}  // namespace
}  // namespace wfc

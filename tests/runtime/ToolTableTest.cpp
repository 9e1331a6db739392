// The tool table: declared tools bound to real implementations (processes, files, functions),
// the run-time bindings overriding the compiled-in ones, and the located refusals.
#include "core/tools/ToolTable.h"

#include "TestSupport.h"
#include "wfc/error.h"
#include "wfc/tool.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <unistd.h>

namespace wfc {
namespace {

namespace fs = std::filesystem;
using test::errorOf;
using test::TempDir;

BindingsFile parse(const std::string &text, const std::string &origin = "b.yaml") {
  return BindingsFile::parse(text, origin);
}

Value call(const ToolTable &table, std::string_view tool, const Value &args, std::string_view key = "run-1/s/1",
           const CancellationToken &cancel = CancellationToken()) {
  const tools::ToolBinding *binding = table.find(tool);
  if (!binding) throw std::runtime_error("tool '" + std::string(tool) + "' is unbound");
  return binding->call(args, ToolCall{tool, key, cancel});
}

std::string tableError(const std::vector<std::string> &declared, const BindingsFile *defaults,
                       const BindingsFile *overrides, ToolTable::Options options = {}) {
  return errorOf([&] { ToolTable table(declared, defaults, overrides, options); }, ErrorKind::Usage);
}

ToolTable::Options withWorkspace(const std::string &workspace) {
  ToolTable::Options options;
  options.workspace = workspace;
  return options;
}
ToolTable::Options allowingUnbound() {
  ToolTable::Options options;
  options.allowUnbound = true;
  return options;
}

Value citations(const Value &args, const ToolCall &call) {
  return Value::object({{"text", *args.get("text")},
                        {"tool", Value::string(call.tool)},
                        {"key", Value::string(call.idempotencyKey)}});
}
Value other(const Value &, const ToolCall &) { return Value(); }

// ---- real calls

TEST(ToolTableTest, ExecToolGetsArgumentsOnStdinAndTheIdempotencyKey) {
  BindingsFile file = parse(R"yaml(tools:
  echo:
    exec:
      argv: [/bin/sh, -c, 'printf "{\"args\":%s,\"key\":\"%s\",\"mode\":\"%s\"}" "$(cat)" "$WFC_IDEMPOTENCY_KEY" "$MODE"']
      env: {MODE: fast}
      timeout_ms: 5000
)yaml");
  ToolTable table({"echo"}, &file, nullptr, {});
  Value result = call(table, "echo", Value::parse(R"({"q":"hi","n":[1,2]})"), "run-7/parse/2");
  EXPECT_EQ(result.dump(), R"({"args":{"q":"hi","n":[1,2]},"key":"run-7/parse/2","mode":"fast"})");
  EXPECT_EQ(table.describe("echo").rfind("exec: /bin/sh -c 'printf ", 0), 0u) << table.describe("echo");
  EXPECT_NE(table.describe("echo").find("\"$MODE\"' (timeout 5000 ms)"), std::string::npos) << table.describe("echo");
}

TEST(ToolTableTest, ExecToolRunsPython) {
  if (std::system("python3 -c '' >/dev/null 2>&1") != 0) GTEST_SKIP() << "python3 is not available";
  BindingsFile file = parse(R"yaml(tools:
  py: {exec: {argv: [python3, -c, "import json, os, sys; print(json.dumps({'echo': json.load(sys.stdin), 'key': os.environ['WFC_IDEMPOTENCY_KEY']}))"]}}
)yaml");
  ToolTable table({"py"}, &file, nullptr, {});
  EXPECT_EQ(call(table, "py", Value::parse(R"({"a":"é"})"), "r/py/1").dump(), R"({"echo":{"a":"é"},"key":"r/py/1"})");
  EXPECT_EQ(table.describe("py").rfind("exec: python3 -c 'import json, os, sys; ", 0), 0u) << table.describe("py");
}

TEST(ToolTableTest, ExecCwdIsRelativeToTheCurrentDirectory) {
  TempDir dir;
  fs::create_directory(dir / "sub");
  BindingsFile file = parse("tools:\n  pwd: {exec: {argv: [/bin/sh, -c, 'printf \"\\\"%s\\\"\" \"$(pwd -P)\"'], cwd: sub}}\n");
  ToolTable table({"pwd"}, &file, nullptr, {});
  EXPECT_EQ(table.describe("pwd"), "exec: /bin/sh -c 'printf \"\\\"%s\\\"\" \"$(pwd -P)\"' (in sub)");
  fs::path saved = fs::current_path();
  fs::current_path(dir.path());
  Value result;
  EXPECT_NO_THROW(result = call(table, "pwd", Value::object({})));
  fs::current_path(saved);
  EXPECT_EQ(result.dump(), "\"" + (dir / "sub").string() + "\"");
}

TEST(ToolTableTest, ExecTimeoutAndCancellationComeFromTheBinding) {
  BindingsFile file = parse("tools:\n  slow: {exec: {argv: [sleep, '5'], timeout_ms: 100}}\n");
  ToolTable table({"slow"}, &file, nullptr, {});
  EXPECT_EQ(errorOf([&] { call(table, "slow", Value::object({})); }, ErrorKind::Exhausted),
            "tool 'slow' timed out after 100 ms");
  CancellationToken cancel;
  cancel.cancel("a sibling failed");
  EXPECT_NE(errorOf([&] { call(table, "slow", Value::object({}), "k", cancel); }, ErrorKind::Cancelled), "<no error>");
}

TEST(ToolTableTest, MockResultAndTemplate) {
  BindingsFile file = parse(
      "tools:\n  fixed: {mock: {result: {hits: []}}}\n  echo: {mock: {template: {text: '{{args.text}}', n: 1}}}\n");
  ToolTable table({"fixed", "echo"}, &file, nullptr, {});
  EXPECT_EQ(call(table, "fixed", Value::parse(R"({"q":"x"})")).dump(), R"({"hits":[]})");
  EXPECT_EQ(call(table, "echo", Value::parse(R"({"text":{"a":1}})")).dump(), R"({"text":{"a":1},"n":1})");
  EXPECT_EQ(table.describe("fixed"), "mock");
  EXPECT_EQ(table.describe("echo"), "mock (template)");
  EXPECT_EQ(errorOf([&] { call(table, "echo", Value::object({})); }, ErrorKind::StepFailed).find("args.text") !=
                std::string::npos,
            true);
}

TEST(ToolTableTest, BuiltinFileToolsWorkInTheWorkspace) {
  TempDir dir;
  BindingsFile file = parse("tools:\n  put: {builtin: write_file}\n  get: {builtin: read_file}\n  clock: {builtin: now}\n");
  ToolTable table({"put", "get", "clock"}, &file, nullptr, withWorkspace(dir.path().string()));
  EXPECT_EQ(call(table, "put", Value::parse(R"({"path":"out/a.txt","content":"héllo"})")).dump(), R"({"bytes":6})");
  EXPECT_EQ(test::readText(dir / "out/a.txt"), "héllo");
  EXPECT_EQ(call(table, "get", Value::parse(R"({"path":"out/a.txt"})")).dump(), R"({"content":"héllo"})");
  EXPECT_EQ(errorOf([&] { call(table, "get", Value::parse(R"({"path":"../x"})")); }),
            "read_file: path '../x' is outside the workspace");
  EXPECT_TRUE(call(table, "clock", Value::object({})).get("unix_ms"));
  EXPECT_EQ(table.describe("put"), "builtin write_file");
  EXPECT_EQ(table.describe("get"), "builtin read_file");
  CancellationToken cancel;
  cancel.cancel();
  EXPECT_NE(errorOf([&] { call(table, "clock", Value::object({}), "k", cancel); }, ErrorKind::Cancelled), "<no error>");
}

TEST(ToolTableTest, MissingWorkspaceIsAUsageError) {
  BindingsFile file = parse("tools:\n  get: {builtin: read_file}\n");
  EXPECT_NE(tableError({"get"}, &file, nullptr, withWorkspace("/nonexistent/wfc-ws")).find("'/nonexistent/wfc-ws'"),
            std::string::npos);
}

TEST(ToolTableTest, NativeFunctionGetsTheCall) {
  BindingsFile file = parse("tools:\n  doc.extract_citations: {native: extract_citations}\n");
  ToolTable table({"doc.extract_citations"}, &file, nullptr,
                  {.natives = {{"other", &other}, {"extract_citations", &citations}}});
  EXPECT_EQ(call(table, "doc.extract_citations", Value::parse(R"({"text":"see [1]"})"), "r/cite/3").dump(),
            R"({"text":"see [1]","tool":"doc.extract_citations","key":"r/cite/3"})");
  EXPECT_EQ(table.describe("doc.extract_citations"), "native extract_citations");
}

// ---- which binding wins

TEST(ToolTableTest, OverridesReplaceDefaultsToolByTool) {
  BindingsFile defaults = parse(
      toJsonText(parse("tools:\n  a: {mock: {result: 1}}\n  b: {mock: {result: 2}}\n  c: {native: other}\n")),
      "<compiled-in bindings>");
  BindingsFile overrides = parse("tools:\n  b: {mock: {result: 20}}\n  c: {builtin: now}\n", "run.yaml");
  ToolTable table({"a", "b", "c"}, &defaults, &overrides, {.natives = {{"other", &other}}});
  EXPECT_EQ(call(table, "a", Value()).dump(), "1");
  EXPECT_EQ(call(table, "b", Value()).dump(), "20");
  EXPECT_EQ(table.describe("c"), "builtin now");
  ToolTable onlyOverrides({"a", "b", "c"}, {"b"}, nullptr, &overrides, {});
  EXPECT_EQ(call(onlyOverrides, "b", Value()).dump(), "20");
  EXPECT_EQ(onlyOverrides.find("a"), nullptr);
}

TEST(ToolTableTest, AnOverrideCanReplaceAnUnsupportedDefault) {
  BindingsFile defaults = parse("tools:\n  kb: {http: {url: 'http://127.0.0.1:1/kb'}}\n", "<compiled-in bindings>");
  BindingsFile overrides = parse("tools:\n  kb: {mock: {result: {}}}\n", "run.yaml");
  ToolTable table({"kb"}, &defaults, &overrides, {});
  EXPECT_EQ(table.describe("kb"), "mock");
}

TEST(ToolTableTest, UnboundTools) {
  BindingsFile file = parse("tools:\n  a: {mock: {result: 1}}\n");
  EXPECT_EQ(tableError({"a", "b"}, &file, nullptr), "tool 'b' has no binding; bind it in a file given with --bindings");
  EXPECT_EQ(tableError({"a"}, nullptr, nullptr), "tool 'a' has no binding; bind it in a file given with --bindings");
  ToolTable allowed({"a", "b"}, &file, nullptr, allowingUnbound());
  EXPECT_EQ(allowed.find("b"), nullptr);
  EXPECT_EQ(allowed.describe("b"), "unbound");
  EXPECT_EQ(allowed.describe("a"), "mock");
  // Declared but never called: no binding needed.
  ToolTable required({"a", "b"}, {"a"}, &file, nullptr, {});
  EXPECT_EQ(required.find("b"), nullptr);
  EXPECT_EQ(errorOf([&] { ToolTable table({"a", "b"}, {"a", "b"}, &file, nullptr, {}); }, ErrorKind::Usage),
            "tool 'b' has no binding; bind it in a file given with --bindings");
}

// ---- located refusals

TEST(ToolTableTest, AnUndeclaredToolIsAMisspellingOrAnotherPacks) {
  BindingsFile file = parse("tools:\n  fs.read: {builtin: read_file}\n  fs.reed: {builtin: read_file}\n");
  EXPECT_EQ(tableError({"fs.read", "fs.write"}, &file, nullptr),
            "b.yaml:3:3: the bindings bind tool 'fs.reed', which the workflow does not declare; did you mean "
            "'fs.read'?");
  EXPECT_EQ(tableError({"fs.read", "fs.write"}, nullptr, &file),
            "b.yaml:3:3: the bindings bind tool 'fs.reed', which the workflow does not declare; did you mean "
            "'fs.read'?");
  // Unlike every declared name: another pack's tool, skipped — with a warning from --bindings, in
  // silence from the compiled-in file (the compiler warned).
  ToolTable shared({"x"}, {}, nullptr, &file, allowingUnbound());
  EXPECT_EQ(shared.warnings(),
            (std::vector<std::string>{
                "b.yaml:2:3: the bindings bind tool 'fs.read', which the workflow does not declare; the entry is not used",
                "b.yaml:3:3: the bindings bind tool 'fs.reed', which the workflow does not declare; the entry is not used"}));
  EXPECT_EQ(shared.find("fs.read"), nullptr);
  ToolTable compiledIn({"x"}, {}, &file, nullptr, allowingUnbound());
  EXPECT_TRUE(compiledIn.warnings().empty());
  EXPECT_EQ(errorOf([&] { ToolTable table({"fs.read"}, {}, &file, nullptr, allowingUnbound()); }, ErrorKind::Usage)
                .rfind("b.yaml:3:3: ", 0),
            0u);
}

TEST(ToolTableTest, NativeFunctionMustBeLinkedIn) {
  BindingsFile file = parse("tools:\n  cite: {native: extract_citation}\n", "run.yaml");
  EXPECT_EQ(tableError({"cite"}, nullptr, &file, {.natives = {{"extract_citations", &citations}}}),
            "run.yaml:2:3: native function 'extract_citation' is not linked into this executable; bind it at compile "
            "time (wfc --bindings) and add its source; did you mean 'extract_citations'?");
  EXPECT_EQ(tableError({"cite"}, nullptr, &file),
            "run.yaml:2:3: native function 'extract_citation' is not linked into this executable; bind it at compile "
            "time (wfc --bindings) and add its source");
}

TEST(ToolTableTest, HttpBindingsAreMadeWithTheTable) {
  BindingsFile http = parse("tools:\n  kb.lookup: {http: {url: 'http://127.0.0.1:8080/kb', method: get}}\n");
  ToolTable table({"kb.lookup"}, &http, nullptr, {});
  EXPECT_EQ(table.describe("kb.lookup"), "http: GET http://127.0.0.1:8080/kb (timeout 30000 ms)");
  // headers_from_env is read then: an unset variable is located.
  ::unsetenv("WFC_TOOL_TABLE_TEST_UNSET");
  BindingsFile env = parse("tools:\n  kb.lookup: {http: {url: 'http://h/kb', headers_from_env: {X-Key: "
                           "WFC_TOOL_TABLE_TEST_UNSET}}}\n");
  EXPECT_EQ(tableError({"kb.lookup"}, &env, nullptr),
            "b.yaml:2:3: header 'X-Key' of the http binding of tool 'kb.lookup' comes from environment variable "
            "WFC_TOOL_TABLE_TEST_UNSET, which is not set; set it before the run");
  // http calls: tests/runtime/HttpToolTest.cpp.
  // mcp bindings run: tests/runtime/McpClientTest.cpp.
}

TEST(ToolTableTest, CompiledInJsonBindsLikeTheFile) {
  TempDir dir;
  BindingsFile file = parse(
      "tools:\n  put: {builtin: write_file}\n  echo: {exec: {argv: [cat], timeout_ms: 5000}}\n"
      "  m: {mock: {template: {v: '{{args.v}}'}}}\n");
  BindingsFile baked = parse(toJsonText(file), "<compiled-in bindings>");
  ASSERT_TRUE(baked == file);
  ToolTable table({"put", "echo", "m"}, &baked, nullptr, withWorkspace(dir.path().string()));
  EXPECT_EQ(call(table, "echo", Value::parse(R"({"x":[1,"y"]})")).dump(), R"({"x":[1,"y"]})");
  EXPECT_EQ(call(table, "m", Value::parse(R"({"v":true})")).dump(), R"({"v":true})");
  EXPECT_EQ(table.describe("echo"), "exec: cat (timeout 5000 ms)");
}

}  // namespace
}  // namespace wfc

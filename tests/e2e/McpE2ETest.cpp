// mcp bindings end to end (docs/bindings.md `mcp`, docs/executable.md exit codes): packs/mcp-*.yaml, compiled at build
// time with --allow-unbound (tests/e2e/CMakeLists.txt), run with bindings that give their tools
// to a real MCP server — @modelcontextprotocol/server-filesystem, installed into tests/mcp/ by
// scripts/setup.sh.
#include "ExeDir.h"
#include "Process.h"
#include "TestFiles.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace wfc::test {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

const std::string kFilesystemServer =
    std::string(WFC_SOURCE_DIR) + "/tests/mcp/node_modules/@modelcontextprotocol/server-filesystem/dist/index.js";

class McpE2ETest : public ::testing::Test {
 protected:
  void SetUp() override {
    exe_ = e2eExeDir() + "/mcp-files";
    ASSERT_TRUE(fs::exists(exe_)) << exe_ << " was not built";
    std::string pattern = (fs::temp_directory_path() / "wfc-mcp-e2e-XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    dir_ = fs::canonical(pattern);
    fs::create_directory(dir_ / "docs");
    writeText(dir_ / "docs" / "notes.txt", "MCP works.\n");
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  bool haveServer() const {
    return fs::exists(kFilesystemServer) && std::system("node --version >/dev/null 2>&1") == 0;
  }
  // A bindings file giving fs.list and fs.read to the filesystem server's tools.
  std::string bindings(const std::string &readTool, const std::string &command = "node") {
    std::string yaml = "mcp_servers:\n  files: {command: " + command + ", args: ['" + kFilesystemServer + "', '" +
                       (dir_ / "docs").string() + "']}\n" +
                       "tools:\n"
                       "  fs.list: {mcp: {server: files, tool: list_directory}}\n"
                       "  fs.read: {mcp: {server: files, tool: " + readTool + "}}\n"
                       "  collect: {mock: {template: '{{args}}'}}\n";
    fs::path p = dir_ / "bindings.yaml";
    writeText(p, yaml);
    return p.string();
  }
  std::string input() const {
    return Json{{"dir", (dir_ / "docs").string()}, {"file", "notes.txt"}}.dump();
  }

  std::string exe_;
  fs::path dir_;
};

#define SKIP_WITHOUT_SERVER() \
  if (!haveServer()) GTEST_SKIP() << "the npm MCP servers are not installed: run scripts/setup.sh"

TEST_F(McpE2ETest, ToolStepsReadFilesThroughTheFilesystemServer) {
  SKIP_WITHOUT_SERVER();
  std::string trace = (dir_ / "trace.jsonl").string();
  ProcessResult r = runProcess(exe_, {"--bindings", bindings("read_text_file"), "--trace", trace, "--input-json", input()});
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  EXPECT_EQ(Json::parse(r.out), Json::parse(R"({"listing": "[FILE] notes.txt", "text": "MCP works.\n"})"));
  std::map<std::string, std::string> bindingOf;
  std::istringstream lines(readText(trace));
  for (std::string line; std::getline(lines, line);) {
    Json e = Json::parse(line);
    if (e["event"] == "tool_call") bindingOf[e["step"]] = e["binding"];
  }
  EXPECT_EQ(bindingOf["list"], "mcp: files/list_directory");
  EXPECT_EQ(bindingOf["read"], "mcp: files/read_text_file");
}

TEST_F(McpE2ETest, SchemaMismatchIsExitOneNamingTheTool) {
  SKIP_WITHOUT_SERVER();
  ProcessResult r = runProcess(exe_, {"--bindings", bindings("move_file"), "--input-json", input()});
  EXPECT_EQ(r.exitCode, 1) << r.describe() << "\n" << r.err;
  EXPECT_NE(r.err.find("tool 'fs.read' does not match MCP tool 'move_file' of MCP server 'files' ("), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("the server requires 'destination', which the pack does not declare"), std::string::npos) << r.err;
}

TEST_F(McpE2ETest, DryRunStartsNoServer) {
  ProcessResult r =
      runProcess(exe_, {"--bindings", bindings("read_text_file", "wfc-no-such-mcp-server"), "--dry-run", "--input-json", input()});
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  EXPECT_NE(r.out.find("mcp: files/read_text_file"), std::string::npos) << r.out;
}

TEST_F(McpE2ETest, AServerThatCannotStartIsExitOne) {
  ProcessResult r = runProcess(exe_, {"--bindings", bindings("read_text_file", "wfc-no-such-mcp-server"), "--input-json", input()});
  EXPECT_EQ(r.exitCode, 1) << r.describe() << "\n" << r.err;
  EXPECT_NE(r.err.find("cannot start MCP server 'files' ("), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("command 'wfc-no-such-mcp-server' not found in PATH"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace wfc::test

// The tool-composition template library (examples/templates/README.md, docs/tool-composition.md):
// every template, compiled by the build at -O1 (build/bin/template-<name>) and -O0
// (template-<name>-O0), runs against the real tools its bindings name — the filesystem and memory
// MCP servers from npm (tests/mcp/, installed by scripts/setup.sh) and the library's exec tools —
// in a fresh copy of examples/templates/workspace/. Its output must equal its expected.json
// (`duration` aside: it is a measurement), and what it changed in the workspace is checked too.
// remember-facts also runs with an input whose last step fails: the memory server's entity it
// created is deleted again by the rollback.
#include "Process.h"
#include "TestFiles.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>

namespace wfc::test {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

const fs::path kTemplates = fs::path(WFC_SOURCE_DIR) / "examples" / "templates";
const fs::path kMcpServers = fs::path(WFC_SOURCE_DIR) / "tests" / "mcp" / "node_modules" / "@modelcontextprotocol";

class TemplateLibraryTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    if (std::system("node --version >/dev/null 2>&1") != 0) GTEST_SKIP() << "node is not installed (scripts/setup.sh installs it)";
    for (const char *server : {"server-filesystem", "server-memory"})
      if (!fs::exists(kMcpServers / server / "dist" / "index.js"))
        GTEST_SKIP() << "@modelcontextprotocol/" << server << " is not installed in tests/mcp (scripts/setup.sh runs npm ci there)";
    fs::copy(kTemplates / "workspace", workspace_.path(), fs::copy_options::recursive);
  }

  // Runs template `name` (at -O1, or at -O0 with `o0`) on `input` in its directory, with the
  // test's workspace; the result object, `duration` checked and left out.
  Json run(const std::string &name, const std::string &input, int expectedExit, bool o0) {
    std::string exe = std::string(WFC_BIN_DIR) + "/template-" + name + (o0 ? "-O0" : "");
    EXPECT_TRUE(fs::exists(exe)) << exe << " was not built";
    std::string command = "cd '" + (kTemplates / name).string() + "' && TEMPLATE_WORKSPACE='" + workspace_.str() +
                          "' '" + exe + "' --input " + input + " > '" + workspace_.str() + "/.out.json' 2> '" +
                          workspace_.str() + "/.err.txt'";
    int status = std::system(command.c_str());
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    std::string err = readText(workspace_ / ".err.txt");
    EXPECT_EQ(code, expectedExit) << name << " " << input << "\n" << err;
    Json out;
    try {
      out = Json::parse(readText(workspace_ / ".out.json"));
    } catch (const std::exception &e) {
      ADD_FAILURE() << name << ": the output is not JSON (" << e.what() << ")\n" << err;
      return out;
    }
    EXPECT_TRUE(out["duration"].is_number()) << out.dump();
    out.erase("duration");
    fs::remove(workspace_ / ".out.json");
    fs::remove(workspace_ / ".err.txt");
    return out;
  }

  static Json expected(const std::string &name, const std::string &file) {
    return Json::parse(readText(kTemplates / name / file));
  }
  std::string file(const std::string &relative) const { return readText(workspace_ / relative); }
  // The memory server's graph file: one JSON object per line.
  std::vector<Json> graph() const { return jsonLines(workspace_ / ".memory.jsonl"); }
  bool hasEntity(const std::string &name) const {
    for (const Json &line : graph())
      if (line["type"] == "entity" && line["name"] == name) return true;
    return false;
  }

  TempDir workspace_;
};

TEST_P(TemplateLibraryTest, RunsAndChangesWhatItShould) {
  const std::string name = GetParam();
  for (bool o0 : {false, true}) {
    SCOPED_TRACE(o0 ? "-O0" : "-O1");
    // Each level in a fresh workspace.
    fs::remove_all(workspace_.path());
    fs::create_directories(workspace_.path());
    fs::copy(kTemplates / "workspace", workspace_.path(), fs::copy_options::recursive);
    Json out = run(name, "input.json", 0, o0);
    EXPECT_EQ(out, expected(name, "expected.json")) << out.dump(2);
    // What the run left in the workspace.
    if (name == "search-fold-store") {
      EXPECT_NE(file(".checkpoints.json").find("\"cp-5\""), std::string::npos);
    }
    if (name == "remember-facts") {
      EXPECT_TRUE(hasEntity("Ada"));
    }
    if (name == "diagnose-log") {
      EXPECT_TRUE(hasEntity("incident 2026-11-20-db"));
    }
    if (name == "find-config-drift") {
      EXPECT_NE(file("drift.md").find("`database.host`"), std::string::npos);
    }
    if (name == "directory-report") {
      EXPECT_NE(file("docs-report.md").find("| md | 2 |"), std::string::npos);
    }
    if (name == "notes-digest") {
      EXPECT_FALSE(file("notes/digest.txt").empty());
    }
    if (name == "backup-files") {
      EXPECT_EQ(file("backup/docs/README.md"), file("docs/README.md"));
      EXPECT_EQ(Json::parse(file("backup/docs/MANIFEST.json")), (Json{"backup/docs/README.md", "backup/docs/guide.md"}));
    }
    if (name == "archive-checkpoints") {
      Json store = Json::parse(file(".checkpoints.json"));
      std::vector<std::string> ids;
      for (const Json &c : store["checkpoints"]) ids.push_back(c["id"]);
      EXPECT_EQ(ids, (std::vector<std::string>{"cp-1", "cp-4", "cp-5"}));
    }
    if (name == "notes-to-graph") {
      EXPECT_TRUE(hasEntity("Grace"));
    }
    if (name == "graph-to-markdown") {
      EXPECT_NE(file("graph.md").find("## wfc (project)"), std::string::npos);
    }
    if (name == "checkpoints-to-graph") {
      EXPECT_TRUE(hasEntity("cp-2"));
    }
  }
}

std::vector<std::string> templates() {
  std::vector<std::string> names;
  for (const fs::directory_entry &e : fs::directory_iterator(kTemplates))
    if (fs::exists(e.path() / "template.json")) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

INSTANTIATE_TEST_SUITE_P(Templates, TemplateLibraryTest, ::testing::ValuesIn(templates()),
                         [](const ::testing::TestParamInfo<std::string> &info) {
                           std::string id = info.param;
                           std::replace(id.begin(), id.end(), '-', '_');
                           return id;
                         });

// A failure rolls back: the entity remember-facts created in the memory server is gone again,
// and so is the observation it added, latest first.
class TemplateRollbackTest : public TemplateLibraryTest {};

TEST_F(TemplateRollbackTest, AFailedCheckDeletesTheEntityTheTemplateCreated) {
  for (bool o0 : {false, true}) {
    SCOPED_TRACE(o0 ? "-O0" : "-O1");
    Json out = run("remember-facts", "input-rolls-back.json", 1, o0);
    EXPECT_EQ(out, expected("remember-facts", "expected-rolls-back.json")) << out.dump(2);
    EXPECT_EQ(out["rolled_back"], (Json{"add", "create"}));
    EXPECT_FALSE(hasEntity("Ada")) << readText(workspace_ / ".memory.jsonl");
    EXPECT_TRUE(hasEntity("wfc"));  // what was there before is untouched
  }
}

}  // namespace
}  // namespace wfc::test

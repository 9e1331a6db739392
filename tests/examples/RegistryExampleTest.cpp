// The example workflow registry (examples/registry/README.md): build/bin/appfactory (and its -O0
// twin) runs the build sequence offline on its recording as the README shows — started, then
// resumed with the two choices its transitions await — and its output equals expected.json.
#include "Process.h"
#include "TestFiles.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>

namespace wfc::test {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

const fs::path kExample = fs::path(WFC_SOURCE_DIR) / "examples" / "registry";

TEST(RegistryExampleTest, TheBuildSequenceRunsOfflineThroughBothChoices) {
  for (const char *suffix : {"", "-O0"}) {
    SCOPED_TRACE(suffix);
    TempDir dir;
    std::string exe = std::string(WFC_BIN_DIR) + "/appfactory" + suffix;
    ASSERT_TRUE(fs::exists(exe)) << exe << " was not built";
    std::vector<std::string> common = {"--journal", (dir / "runs.db").string(), "--replay",
                                       (kExample / "recording.jsonl").string()};
    auto run = [&](std::vector<std::string> args) {
      args.insert(args.begin(), common.begin(), common.end());
      return runProcess(exe, args, 60);
    };
    ProcessResult start = run({"--sequence", "build", "--scope", "demo", "--user", "ada", "--input",
                               (kExample / "input.json").string()});
    ASSERT_EQ(start.exitCode, 4) << start.err;
    EXPECT_NE(start.err.find("transition 'app_type_selector' is waiting for 'new_app' or 'existing_app'"),
              std::string::npos)
        << start.err;
    ProcessResult runs = run({"--runs"});
    std::string id = Json::parse(splitLines(runs.out).at(0))["id"];
    ProcessResult middle = run({"--resume", id, "--event", "new_app"});
    ASSERT_EQ(middle.exitCode, 4) << middle.err;
    EXPECT_NE(middle.err.find("transition 'coding_journey_selector'"), std::string::npos) << middle.err;
    ProcessResult done = run({"--resume", id, "--event", "autonomous"});
    ASSERT_EQ(done.exitCode, 0) << done.err;
    EXPECT_EQ(Json::parse(done.out), Json::parse(readText(kExample / "expected.json")));
    // The app's own runs now gate the workflows: AppGenerator may run again alone in scope demo,
    // not in another scope.
    EXPECT_EQ(run({"--workflow", "AppGenerator", "--scope", "demo", "--input", (kExample / "input.json").string()}).exitCode, 0);
    ProcessResult elsewhere =
        run({"--workflow", "AppGenerator", "--scope", "other", "--input", (kExample / "input.json").string()});
    EXPECT_EQ(elsewhere.exitCode, 1);
    EXPECT_NE(elsewhere.err.find("AppGenerator requires DesignDocs to be completed first."), std::string::npos)
        << elsewhere.err;
  }
}

}  // namespace
}  // namespace wfc::test

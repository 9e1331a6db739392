// The AWL seed's three workflows (examples/awl/README.md), compiled unchanged (build/bin/awl-*,
// and their -O0 twins) and run offline on their recordings through examples/awl/run.sh: each in a
// fresh git worktree, its shell commands running for real (git, and the stand-in toolchain for
// cargo, uv, ruff, pytest, mypy and taskdaemon). The output, durations aside, equals the recorded
// run's; the worktree shows what the commands did — and, in the Rust example, what the agents
// wrote there with their file tools (docs/awl.md "Agents' file tools"): the stand-in cargo passes
// only once they have.
#include "Process.h"
#include "TestFiles.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>

namespace wfc::test {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

const fs::path kExamples = fs::path(WFC_SOURCE_DIR) / "examples" / "awl";

// Durations differ from run to run: they are set to 0 on both sides (as record.sh does).
Json normalized(Json v) {
  if (v.is_object()) {
    for (auto &[key, value] : v.items()) value = key == "duration-ms" ? Json(0) : normalized(value);
  } else if (v.is_array()) {
    for (Json &item : v) item = normalized(item);
  }
  return v;
}

class AwlExampleTest : public ::testing::TestWithParam<std::string> {
 protected:
  // Runs the example's executable (`suffix`: "" or "-O0") in `work`; returns the process.
  ProcessResult run(const std::string &suffix, const TempDir &work) {
    std::string exe = std::string(WFC_BIN_DIR) + "/awl-" + GetParam() + suffix;
    EXPECT_TRUE(fs::exists(exe)) << exe << " was not built";
    return runProcess("/usr/bin/env",
                      {"-u", "OPENAI_API_KEY", "WFC_AWL_WORK=" + work.str(), (kExamples / "run.sh").string(), exe,
                       GetParam(), "--replay", (kExamples / "recordings" / (GetParam() + ".jsonl")).string()},
                      120);
  }
};

TEST_P(AwlExampleTest, RunsOfflineAndMatchesTheRecordedRun) {
  for (const char *suffix : {"", "-O0"}) {
    SCOPED_TRACE(suffix);
    TempDir work;
    ProcessResult r = run(suffix, work);
    ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
    EXPECT_EQ(normalized(Json::parse(r.out)),
              Json::parse(readText(kExamples / "expected" / (GetParam() + ".json"))));
    fs::path worktree = work / "worktree";
    if (GetParam() == "prd-generation") {
      // The draft went through four review passes (range(1, 5)) and was imported.
      EXPECT_NE(readText("/tmp/prd-draft.md").find("## Success Criteria"), std::string::npos);
      continue;
    }
    // One commit per phase, its message built from the phase's fields (run-time values, passed to
    // git as data), after a validation loop that failed once and passed.
    ProcessResult log = runProcess("/usr/bin/env", {"git", "-C", worktree.string(), "log", "--format=%s"});
    EXPECT_EQ(log.out, GetParam() == "rust-development"
                           ? "feat: Phase 2 - Endpoints\nfeat: Phase 1 - Database schema\nStart\n"
                           : "feat: Endpoints\nfeat: Database schema\nStart\n");
    if (GetParam() == "python-development") {
      EXPECT_EQ(readText(worktree / ".toolchain-ruff-checks"), "4\n");
      continue;
    }
    // Each phase's agent declared a module in src/lib.rs (after reading it, or listing src/);
    // cargo check failed on the missing file; the fix agent wrote it. Both phases are committed.
    ProcessResult files = runProcess("/usr/bin/env", {"git", "-C", worktree.string(), "show", "--name-only",
                                                      "--format=", "HEAD~1"});
    EXPECT_EQ(files.out, "src/db.rs\nsrc/lib.rs\n");
    EXPECT_EQ(readText(worktree / "src" / "lib.rs"), "pub mod db;\npub mod oauth;\n\npub fn answer() -> u32 {\n    42\n}\n");
    EXPECT_NE(readText(worktree / "src" / "oauth.rs").find("pub fn authorize_url"), std::string::npos);
  }
}

INSTANTIATE_TEST_SUITE_P(Seed003, AwlExampleTest,
                         ::testing::Values("rust-development", "python-development", "prd-generation"));

}  // namespace
}  // namespace wfc::test

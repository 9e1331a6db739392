// The `wfc` command line (docs/cli.md): exit codes, usage errors, and output formats.
#include "Process.h"
#include "TestUtil.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

namespace wfc {
namespace {

using test::ProcessResult;
using test::splitLines;
using test::TempDir;

const std::string kExample = std::string(WFC_SOURCE_DIR) + "/examples/document-analyzer/pack.yaml";

ProcessResult wfc(const std::vector<std::string> &args) {
  // 20 s finds a hung check or graph; `wfc compile` runs the C++ compiler, which on a 2-core
  // machine busy with a parallel test run (or a sanitizer build) can take longer than that.
  const double limit = !args.empty() && args[0] == "compile" ? 100.0 : 20.0;
  ProcessResult r = test::runProcess(WFC_BINARY, args, limit);
  EXPECT_TRUE(r.started) << r.err;
  EXPECT_FALSE(r.timedOut) << "wfc hung: " << r.describe();
  if (!r.timedOut) {
    EXPECT_EQ(r.termSignal, 0) << "wfc crashed: " << r.describe() << "\n" << r.err;
  }
  return r;
}

// A small pack with two errors: a duplicate key (with its note) and an unknown field. Without
// them it is a complete, valid pack.
const char *kBadPack =
    "id: bad\n"
    "name: Bad\n"
    "version: 1.0.0\n"
    "template_engine: {version: v1, syntax: \"{{variable}}\"}\n"
    "tools:\n"
    "  t: {name: t, description: A tool., parameters: {type: object, properties: {}}}\n"
    "workflow:\n"
    "  version: 1\n"
    "  entry: main\n"
    "  states:\n"
    "    main: {orchestration: composition, composition: main, terminal: true}\n"
    "compositions:\n"
    "  main:\n"
    "    version: 1\n"
    "    stpes: []\n"
    "    steps: [{id: a, kind: tool, tool: t}]\n"
    "id: again\n";

// A valid pack whose only diagnostic is a warning: tool 'unused' (line 10) is never used.
const char *kWarningPack =
    "id: warn\n"
    "name: Warn\n"
    "version: 1.0.0\n"
    "template_engine: {version: v1, syntax: \"{{variable}}\"}\n"
    "tools:\n"
    "  t:\n"
    "    name: t\n"
    "    description: A tool.\n"
    "    parameters: {type: object, properties: {}}\n"
    "  unused:\n"
    "    name: unused\n"
    "    description: Never called.\n"
    "    parameters: {type: object, properties: {}}\n"
    "workflow:\n"
    "  version: 1\n"
    "  entry: main\n"
    "  states:\n"
    "    main: {orchestration: composition, composition: main, terminal: true}\n"
    "compositions:\n"
    "  main:\n"
    "    version: 1\n"
    "    steps: [{id: s0, kind: tool, tool: t}]\n";

TEST(CliTest, NoArgumentsIsUsageError) {
  ProcessResult r = wfc({});
  EXPECT_EQ(r.exitCode, 2) << r.describe();
  EXPECT_NE(r.err.find("no command given"), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
}

TEST(CliTest, UnknownCommand) {
  ProcessResult r = wfc({"frob"});
  EXPECT_EQ(r.exitCode, 2) << r.describe();
  EXPECT_NE(r.err.find("unknown command 'frob'"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("did you mean"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("'check'"), std::string::npos) << "lists the commands: " << r.err;
}

TEST(CliTest, MisspelledCommandSuggestsCheck) {
  ProcessResult r = wfc({"chekc", "x.yaml"});
  EXPECT_EQ(r.exitCode, 2) << r.describe();
  EXPECT_NE(r.err.find("unknown command 'chekc'"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("did you mean 'check'?"), std::string::npos) << r.err;
}

TEST(CliTest, CheckWithoutFilesIsUsageError) {
  ProcessResult r = wfc({"check"});
  EXPECT_EQ(r.exitCode, 2) << r.describe();
  EXPECT_FALSE(r.err.empty());
}

TEST(CliTest, UnknownOptionIsUsageError) {
  ProcessResult r = wfc({"check", "--no-such-flag", "x.yaml"});
  EXPECT_EQ(r.exitCode, 2) << r.describe();
  EXPECT_NE(r.err.find("no-such-flag"), std::string::npos) << r.err;
}

TEST(CliTest, InvalidOptionValueIsUsageError) {
  ProcessResult r = wfc({"check", "--diagnostics-format=xml", kExample});
  EXPECT_EQ(r.exitCode, 2) << r.describe();
  ProcessResult limit = wfc({"check", "--error-limit=many", kExample});
  EXPECT_EQ(limit.exitCode, 2) << limit.describe();
}

TEST(CliTest, Help) {
  ProcessResult r = wfc({"--help"});
  EXPECT_EQ(r.exitCode, 0) << r.describe();
  std::string all = r.out + r.err;
  EXPECT_NE(all.find("check"), std::string::npos) << all;
  EXPECT_NE(r.out.find("check"), std::string::npos) << "help goes to standard output";
}

TEST(CliTest, Version) {
  ProcessResult r = wfc({"--version"});
  EXPECT_EQ(r.exitCode, 0) << r.describe();
  EXPECT_NE((r.out + r.err).find("wfc 0.1.0"), std::string::npos) << r.out << r.err;
  EXPECT_EQ(r.out, "wfc 0.1.0\n");
}

TEST(CliTest, CheckValidExampleIsSilent) {
  ProcessResult r = wfc({"check", kExample});
  EXPECT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, "");
}

TEST(CliTest, CheckValidExampleWithEveryCommonOption) {
  ProcessResult r = wfc({"check", "-Werror", "--diagnostics-format=json",
                         "--error-limit", "3", "--dialect=promptpack", "--composition=deep_analyze",
                         kExample});
  EXPECT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, "");
}

TEST(CliTest, OptimizationLevelOptions) {
  for (const char *level : {"-O0", "-O1"}) {
    ProcessResult r = wfc({"check", level, kExample});
    EXPECT_EQ(r.exitCode, 0) << level << ": " << r.describe() << "\n" << r.err;
    EXPECT_EQ(r.err, "") << level;
  }
}

TEST(CliTest, BadPackExitsOneWithLocatedErrors) {
  TempDir dir;
  std::string pack = dir.write("bad.yaml", kBadPack);
  ProcessResult r = wfc({"check", pack});
  EXPECT_EQ(r.exitCode, 1) << r.describe();
  EXPECT_EQ(r.out, "") << "diagnostics go to standard error";
  EXPECT_NE(r.err.find(pack + ":17:1: error: duplicate key 'id'\nid: again\n^\n" + pack +
                       ":1:1: note: 'id' first defined here\nid: bad\n^\n"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find(pack + ":15:5: error: unknown field 'stpes' in composition 'main'; did you "
                              "mean 'steps'?\n    stpes: []\n    ^\n"),
            std::string::npos)
      << r.err;
}

TEST(CliTest, JsonDiagnostics) {
  TempDir dir;
  std::string pack = dir.write("bad.yaml", kBadPack);
  ProcessResult r = wfc({"check", "--diagnostics-format=json", pack});
  EXPECT_EQ(r.exitCode, 1) << r.describe();
  std::vector<std::string> lines = splitLines(r.err);
  ASSERT_EQ(lines.size(), 2u) << r.err;
  std::vector<nlohmann::json> objects;
  for (const std::string &line : lines) {
    nlohmann::json j = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
    ASSERT_FALSE(j.is_discarded()) << "not JSON: " << line;
    ASSERT_TRUE(j.is_object()) << line;
    EXPECT_EQ(j.size(), 6u) << line;
    for (const char *field : {"severity", "file", "line", "column", "message", "notes"})
      EXPECT_TRUE(j.contains(field)) << field << " missing in " << line;
    EXPECT_TRUE(j["severity"].is_string());
    EXPECT_TRUE(j["file"].is_string());
    EXPECT_TRUE(j["line"].is_number_unsigned());
    EXPECT_TRUE(j["column"].is_number_unsigned());
    EXPECT_TRUE(j["message"].is_string());
    EXPECT_TRUE(j["notes"].is_array());
    objects.push_back(j);
  }
  auto find = [&](const std::string &message) -> const nlohmann::json * {
    for (const nlohmann::json &j : objects)
      if (j["message"] == message) return &j;
    return nullptr;
  };
  const nlohmann::json *dup = find("duplicate key 'id'");
  ASSERT_NE(dup, nullptr) << r.err;
  EXPECT_EQ((*dup)["severity"], "error");
  EXPECT_EQ((*dup)["file"], pack);
  EXPECT_EQ((*dup)["line"], 17);
  EXPECT_EQ((*dup)["column"], 1);
  ASSERT_EQ((*dup)["notes"].size(), 1u);
  const nlohmann::json &note = (*dup)["notes"][0];
  EXPECT_EQ(note, nlohmann::json::parse(R"({"severity":"note","file":")" + pack +
                                        R"(","line":1,"column":1,"message":"'id' first defined here"})"));
  const nlohmann::json *unknown =
      find("unknown field 'stpes' in composition 'main'; did you mean 'steps'?");
  ASSERT_NE(unknown, nullptr) << r.err;
  EXPECT_EQ((*unknown)["line"], 15);
  EXPECT_EQ((*unknown)["column"], 5);
  EXPECT_TRUE((*unknown)["notes"].empty());
}

TEST(CliTest, JsonDiagnosticsForAMissingFile) {
  ProcessResult r = wfc({"check", "--diagnostics-format", "json", "/nonexistent/wfc/pack.yaml"});
  EXPECT_EQ(r.exitCode, 1) << r.describe();
  std::vector<std::string> lines = splitLines(r.err);
  ASSERT_EQ(lines.size(), 1u) << r.err;
  nlohmann::json j = nlohmann::json::parse(lines[0], nullptr, false);
  ASSERT_TRUE(j.is_object()) << lines[0];
  EXPECT_EQ(j["file"], "/nonexistent/wfc/pack.yaml");
  EXPECT_EQ(j["line"], 0);
  EXPECT_EQ(j["column"], 0);
  EXPECT_EQ(j["message"], "cannot open pack: No such file or directory");
}

TEST(CliTest, WarningAloneExitsZero) {
  TempDir dir;
  std::string pack = dir.write("warn.yaml", kWarningPack);
  ProcessResult r = wfc({"check", pack});
  EXPECT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  EXPECT_EQ(r.err, pack + ":10:3: warning: tool 'unused' is never used\n  unused:\n  ^\n");
}

TEST(CliTest, WerrorMakesAWarningFail) {
  TempDir dir;
  std::string pack = dir.write("warn.yaml", kWarningPack);
  ProcessResult r = wfc({"check", "-Werror", pack});
  EXPECT_EQ(r.exitCode, 1) << r.describe() << "\n" << r.err;
  EXPECT_EQ(r.err, pack + ":10:3: error: tool 'unused' is never used [-Werror]\n  unused:\n  ^\n");
  ProcessResult json = wfc({"check", "--Werror", "--diagnostics-format=json", pack});
  EXPECT_EQ(json.exitCode, 1) << json.describe();
  nlohmann::json j = nlohmann::json::parse(json.err, nullptr, false);
  ASSERT_TRUE(j.is_object()) << json.err;
  EXPECT_EQ(j["severity"], "error");
  EXPECT_EQ(j["message"], "tool 'unused' is never used [-Werror]");
  EXPECT_EQ(j["line"], 10);
  EXPECT_EQ(j["column"], 3);
}

TEST(CliTest, WerrorWithoutWarningsKeepsExitCodes) {
  TempDir dir;
  std::string pack = dir.write("bad.yaml", kBadPack);
  EXPECT_EQ(wfc({"check", "-Werror", kExample}).exitCode, 0);
  EXPECT_EQ(wfc({"check", "--Werror", pack}).exitCode, 1);
}

TEST(CliTest, UnknownComposition) {
  ProcessResult r = wfc({"check", "--composition", "nope", kExample});
  EXPECT_EQ(r.exitCode, 1) << r.describe();
  EXPECT_NE(r.err.find("no composition named 'nope'"), std::string::npos) << r.err;
  EXPECT_EQ(r.err, kExample + ": error: no composition named 'nope' in this pack; it has "
                              "'deep_analyze'\n");
}

TEST(CliTest, MisspelledCompositionSuggests) {
  ProcessResult r = wfc({"check", "--composition=deep_analyse", kExample});
  EXPECT_EQ(r.exitCode, 1) << r.describe();
  EXPECT_NE(r.err.find("no composition named 'deep_analyse' in this pack; did you mean "
                       "'deep_analyze'?"),
            std::string::npos)
      << r.err;
}

TEST(CliTest, BogusDialectIsUsageError) {
  ProcessResult r = wfc({"check", "--dialect=bogus", kExample});
  EXPECT_EQ(r.exitCode, 2) << r.describe();
  EXPECT_NE(r.err.find("unknown dialect 'bogus'"), std::string::npos) << r.err;
}

TEST(CliTest, AForcedDialectReadsTheFileAsThatDialect) {
  TempDir dir;
  std::string pack = dir.write("pack.yaml", "id: p\nname: P\nversion: 1.0.0\n");
  ProcessResult r = wfc({"check", "--dialect=awl", pack});
  EXPECT_EQ(r.exitCode, 1) << r.describe();
  EXPECT_NE(r.err.find("an AWL file holds its workflow under a top-level 'workflow' mapping"), std::string::npos) << r.err;
}

TEST(CliTest, MissingFile) {
  TempDir dir;
  std::string missing = dir.str() + "/missing.yaml";
  ProcessResult r = wfc({"check", missing});
  EXPECT_EQ(r.exitCode, 1) << r.describe();
  EXPECT_NE(r.err.find("cannot open pack"), std::string::npos) << r.err;
  EXPECT_EQ(r.err, missing + ": error: cannot open pack: No such file or directory\n");
}

TEST(CliTest, EveryFileIsChecked) {
  TempDir dir;
  std::string bad = dir.write("bad.yaml", kBadPack);
  std::string missing = dir.str() + "/missing.yaml";
  ProcessResult r = wfc({"check", missing, kExample, bad});
  EXPECT_EQ(r.exitCode, 1) << r.describe();
  EXPECT_NE(r.err.find("cannot open pack"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("duplicate key 'id'"), std::string::npos) << r.err;
}

TEST(CliTest, ErrorLimitOption) {
  TempDir dir;
  std::string pack = dir.write("bad.yaml", kBadPack);
  ProcessResult r = wfc({"check", "--error-limit=1", pack});
  EXPECT_EQ(r.exitCode, 1) << r.describe();
  size_t errors = 0;
  for (const std::string &line : splitLines(r.err))
    if (line.find(": error: ") != std::string::npos) ++errors;
  EXPECT_EQ(errors, 1u) << r.err;
  EXPECT_NE(r.err.find("note: too many errors emitted"), std::string::npos) << r.err;
}

TEST(CliTest, VerifyDiagnostics) {
  TempDir dir;
  std::string good = dir.write("good.yaml", std::string(kBadPack) +
                                                "# expected-error@17 {{duplicate key 'id'}}\n"
                                                "# expected-note@1 {{first defined here}}\n"
                                                "# expected-error@15 {{unknown field 'stpes'}}\n");
  ProcessResult ok = wfc({"check", "--verify-diagnostics", good});
  EXPECT_EQ(ok.exitCode, 0) << ok.describe() << "\n" << ok.err;
  EXPECT_EQ(ok.err, "");
  std::string bad = dir.write("missing-note.yaml", std::string(kBadPack) +
                                                       "# expected-error@17 {{duplicate key 'id'}}\n"
                                                       "# expected-error@15 {{unknown field}}\n");
  ProcessResult fail = wfc({"check", "--verify-diagnostics", bad});
  EXPECT_EQ(fail.exitCode, 1) << fail.describe();
  EXPECT_NE(fail.err.find("unexpected note: 'id' first defined here"), std::string::npos)
      << fail.err;
}


// Issue rule: three unrelated errors print three located errors and exit 1.
TEST(CliTest, ThreeUnrelatedErrorsAreThreeLocatedErrors) {
  const std::string pack = std::string(WFC_SOURCE_DIR) + "/tests/diagnostics/sema/three-errors.yaml";
  ProcessResult r = wfc({"check", pack});
  EXPECT_EQ(r.exitCode, 1) << r.describe();
  std::vector<std::string> errors;
  for (const std::string &line : splitLines(r.err))
    if (line.find(": error: ") != std::string::npos) errors.push_back(line);
  ASSERT_EQ(errors.size(), 3u) << r.err;
  for (const std::string &line : errors)
    EXPECT_EQ(line.rfind(pack + ":", 0), 0u) << "not located in the pack: " << line;
  // Printed in source order, whichever phase found them (shape, then sema, found 16 first).
  EXPECT_NE(errors[0].find(":14:"), std::string::npos) << r.err;
  EXPECT_NE(errors[1].find(":15:"), std::string::npos) << r.err;
  EXPECT_NE(errors[2].find(":16:"), std::string::npos) << r.err;
}

// A caret points at the occurrence that is wrong, not at an earlier look-alike.
TEST(CliTest, CaretsPointAtTheBadOccurrence) {
  ProcessResult r = wfc({"check", std::string(WFC_SOURCE_DIR) + "/tests/diagnostics/review/carets.yaml"});
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find("carets.yaml:12:43: error: unterminated template variable"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("carets.yaml:17:121: error: unterminated reference"), std::string::npos) << r.err;
}

TEST(CliTest, BuildEmitIrPrintsTheIr) {
  ProcessResult r = wfc({"build", kExample, "--emit=ir"});
  EXPECT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out.rfind("// wfc IR of ", 0), 0u) << r.out;
  EXPECT_NE(r.out.find("composition \"deep_analyze\""), std::string::npos) << r.out;
  // Stable: the same input prints the same bytes.
  EXPECT_EQ(wfc({"build", kExample, "--emit=ir"}).out, r.out);
}

TEST(CliTest, BuildEmitIrToAFileOnlyWhenClean) {
  TempDir dir;
  std::string out = (dir.path() / "out.ir").string();
  ProcessResult ok = wfc({"build", kExample, "--emit=ir", "-o", out});
  EXPECT_EQ(ok.exitCode, 0) << ok.err;
  EXPECT_TRUE(std::filesystem::exists(out));
  std::string bad = dir.write("bad.yaml", kBadPack);
  std::string out2 = (dir.path() / "bad.ir").string();
  ProcessResult fail = wfc({"build", bad, "--emit=ir", "-o", out2});
  EXPECT_EQ(fail.exitCode, 1);
  EXPECT_EQ(fail.out, "");
  EXPECT_FALSE(std::filesystem::exists(out2)) << "output written although the pack has errors";
}

TEST(CliTest, BuildEmitIrToAnUnwritablePathFails) {
  ProcessResult r = wfc({"build", kExample, "--emit=ir", "-o", "/nonexistent-dir/out.ir"});
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find("cannot write '/nonexistent-dir/out.ir'"), std::string::npos) << r.err;
}

TEST(CliTest, BuildWithoutOutputDirectoryIsUsageError) {
  ProcessResult r = wfc({"build", kExample});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("'wfc build' needs -o DIR"), std::string::npos) << r.err;
}

TEST(CliTest, CompileWithoutOutputIsUsageError) {
  ProcessResult r = wfc({"compile", kExample});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("'wfc compile' needs -o EXE"), std::string::npos) << r.err;
}

// wfc deploy (docs/deploy.md): its usage errors exit 2 before anything is compiled or written.
TEST(CliTest, DeployUsageErrors) {
  TempDir dir;
  const std::string pack = std::string(WFC_SOURCE_DIR) + "/examples/review-gate/pack.yaml";
  const std::string out = (dir.path() / "out").string();
  struct Case {
    std::vector<std::string> args;
    std::string message;
  };
  const Case cases[] = {
      {{"-o", out}, "'wfc deploy' needs --target=k8s-job or --target=argo: where the shards run"},
      {{"--target=k8sjob", "-o", out},
       "unknown target 'k8sjob'; did you mean 'k8s-job'?; the targets are 'k8s-job' and 'argo'"},
      {{"--target=kubernetes", "-o", out}, "unknown target 'kubernetes'; the targets are 'k8s-job' and 'argo'"},
      {{"--target=argo"}, "'wfc deploy' needs -o DIR: the directory for the container recipe and the manifests"},
      {{"--target=argo", "-o", out, "--shards", "0"}, "--shards takes a whole number from 1 to 100000, not '0'"},
      {{"--target=argo", "-o", out, "--shards", "-2"}, "--shards takes a whole number from 1 to 100000, not '-2'"},
      {{"--target=k8s-job", "-o", out, "--shards", "4", "--parallelism", "8"},
       "--parallelism 8 is more than the 4 shards (--shards): each shard is one pod, so at most 4 run at once"},
      {{"--target=k8s-job", "-o", out, "--retries", "x"}, "--retries takes a whole number from 0 to 100, not 'x'"},
      {{"--target=k8s-job", "-o", out, "--shards", "8", "--rpm", "5"},
       "--rpm 5 leaves less than one request per minute to each of the 8 shards that run at once (--parallelism)"},
      {{"--target=k8s-job", "-o", out, "--memory", "lots"},
       "--memory takes a Kubernetes quantity such as 500m, 2, 512Mi or 10Gi, not 'lots'"},
      {{"--target=k8s-job", "-o", out, "--provider", "gemini"}, "--provider takes openai or anthropic, not 'gemini'"},
      {{"--target=k8s-job", "-o", out, "--name", "Review_Gate"},
       "--name 'Review_Gate' cannot name Kubernetes resources: it may hold only lowercase letters, digits and '-'"},
      {{"--target=k8s-job", "-o", out, "--secret", "-key"}, "--secret '-key' is not a Kubernetes name"},
      {{"--target=k8s-job", "-o", out, "--image", "my image"}, "--image 'my image' is not an image name"},
      {{"--target=k8s-job", "-o", std::string(WFC_SOURCE_DIR) + "/examples/review-gate"},
       "-o '" + std::string(WFC_SOURCE_DIR) +
           "/examples/review-gate' is not empty and holds no earlier 'wfc deploy' output; give a new or empty "
           "directory"},
  };
  for (const Case &c : cases) {
    std::vector<std::string> args = {"deploy", pack};
    args.insert(args.end(), c.args.begin(), c.args.end());
    ProcessResult r = wfc(args);
    EXPECT_EQ(r.exitCode, 2) << nlohmann::json(c.args).dump() << "\n" << r.err;
    EXPECT_NE(r.err.find("wfc: error: " + c.message), std::string::npos) << nlohmann::json(c.args).dump() << "\n" << r.err;
  }
  EXPECT_FALSE(std::filesystem::exists(out)) << "a refused deployment wrote something";
}

// What `wfc deploy` cannot deploy is a located error (exit 1): a pack whose name leaves nothing for
// a Kubernetes name (fixed by --name), a workflow registry (it runs no batches), a pack with errors.
TEST(CliTest, DeployLocatedErrors) {
  TempDir dir;
  std::string comp = dir.write("comp.json", R"({
  "name": "数据",
  "steps": [{"id": "a", "tool": "text.echo", "parameters": {"text": "x"}}]
}
)");
  std::string bindings = dir.write("bindings.yaml", "tools:\n  text.echo: { mock: { result: {} } }\n");
  ProcessResult r = wfc({"deploy", comp, "--bindings", bindings, "--target=k8s-job", "-o", (dir.path() / "a").string()});
  EXPECT_EQ(r.exitCode, 1) << r.err;
  EXPECT_NE(r.err.find("comp.json:1:1: error: the pack's id '数据' cannot name Kubernetes resources: it has no ASCII "
                       "letter or digit; name them with --name NAME"),
            std::string::npos)
      << r.err;
  r = wfc({"deploy", comp, "--bindings", bindings, "--target=k8s-job", "-o", (dir.path() / "b").string(), "--name",
           "echo"});
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_TRUE(std::filesystem::exists(dir.path() / "b" / "job.yaml"));

  const std::string registry =
      std::string(WFC_SOURCE_DIR) + "/examples/registry/workflows/extended_orchestration/extension_registry.json";
  r = wfc({"deploy", registry, "--bindings", std::string(WFC_SOURCE_DIR) + "/examples/registry/bindings.yaml",
           "--target=argo", "-o", (dir.path() / "c").string()});
  EXPECT_EQ(r.exitCode, 1) << r.err;
  EXPECT_NE(r.err.find("error: 'wfc deploy' runs each shard as a batch, and a workflow registry's executable runs no "
                       "batches"),
            std::string::npos)
      << r.err;

  std::string bad = dir.write("bad.yaml", kBadPack);
  r = wfc({"deploy", bad, "--target=argo", "-o", (dir.path() / "d").string()});
  EXPECT_EQ(r.exitCode, 1) << r.err;
  EXPECT_NE(r.err.find("unknown field 'stpes'"), std::string::npos) << r.err;
  for (const char *sub : {"a", "c", "d"}) EXPECT_FALSE(std::filesystem::exists(dir.path() / sub)) << sub;
}

// A chat pack's batch runs one task (docs/deploy.md "Options"): with several, --task chooses it and
// each shard runs with it; without it, or naming none of them, wfc deploy says which there are.
TEST(CliTest, DeployChoosesAChatPacksTask) {
  TempDir dir;
  std::string pack = dir.write("chat.yaml",
                               "id: two-tasks\n"
                               "name: Two tasks\n"
                               "version: 1.0.0\n"
                               "template_engine: {version: v1, syntax: \"{{variable}}\"}\n"
                               "prompts:\n"
                               "  support: {id: support, name: Support, version: 1.0.0, system_template: Help.}\n"
                               "  greeter: {id: greeter, name: Greeter, version: 1.0.0, system_template: Greet.}\n"
                               "tools: {}\n");
  const std::string out = (dir.path() / "out").string();
  ProcessResult r = wfc({"deploy", pack, "--target=k8s-job", "-o", out});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("this pack has 2 tasks ('support' and 'greeter'), and a batch runs one: choose it with --task "
                       "NAME"),
            std::string::npos)
      << r.err;
  r = wfc({"deploy", pack, "--target=k8s-job", "-o", out, "--task", "greter"});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("no task 'greter'; did you mean 'greeter'?; this pack's tasks are 'support' and 'greeter'"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(std::filesystem::exists(out));
  r = wfc({"deploy", pack, "--target=k8s-job", "-o", out, "--task", "greeter"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  std::ifstream job(dir.path() / "out" / "job.yaml");
  std::string text((std::istreambuf_iterator<char>(job)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("        - \"--task\"\n        - greeter\n"), std::string::npos) << text;

  r = wfc({"deploy", std::string(WFC_SOURCE_DIR) + "/examples/review-gate/pack.yaml", "--target=k8s-job", "-o",
           (dir.path() / "other").string(), "--task", "x"});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("--task names a chat pack's task, and this pack runs a workflow or a composition"),
            std::string::npos)
      << r.err;
}

TEST(CliTest, SchemaPrintsTheEditorSchema) {
  ProcessResult r = wfc({"schema"});
  EXPECT_EQ(r.exitCode, 0);
  nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["$schema"], "http://json-schema.org/draft-07/schema#");
  EXPECT_TRUE(j["definitions"].contains("step"));
}

TEST(CliTest, OptimizationLevelAboveOneIsUsageError) {
  ProcessResult r = wfc({"check", "-O2", kExample});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("use -O0 or -O1"), std::string::npos) << r.err;
}


// ---- bindings files given to the compiler (docs/bindings.md): bad ones are exit 2

const std::string kTextStats = std::string(WFC_SOURCE_DIR) + "/examples/text-stats/pack.yaml";

TEST(CliTest, CheckAcceptsTheExampleBindings) {
  ProcessResult r = wfc({"check", kTextStats, "--bindings", std::string(WFC_SOURCE_DIR) + "/examples/text-stats/bindings.yaml"});
  EXPECT_EQ(r.exitCode, 0) << r.err;
}

TEST(CliTest, BindingOfAnUndeclaredToolIsExitTwoWithDidYouMean) {
  TempDir dir;
  std::string bindings = dir.write("b.yaml", "tools:\n  fs.reed: {builtin: read_file}\n");
  for (const char *command : {"check", "build"}) {
    std::vector<std::string> args = {command, kTextStats, "--bindings", bindings};
    if (std::string(command) == "build") args.insert(args.end(), {"--allow-unbound", "-o", (dir.path() / "out").string()});
    ProcessResult r = wfc(args);
    EXPECT_EQ(r.exitCode, 2) << command;
    EXPECT_NE(r.err.find("b.yaml:2:3: error: the bindings bind tool 'fs.reed', which the pack does not declare; did you mean "
                         "'fs.read'?"),
              std::string::npos)
        << r.err;
  }
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "out")) << "nothing is written after an error";
}

// One bindings file for several packs (docs/bindings.md "Tools the pack does not declare"): a tool
// unlike any the pack declares is another pack's — a warning, and the entry is not used.
TEST(CliTest, BindingAToolOfAnotherPackIsAWarning) {
  TempDir dir;
  std::ifstream in(std::string(WFC_SOURCE_DIR) + "/examples/text-stats/bindings.yaml");
  std::string shared((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::string bindings = dir.write("b.yaml", shared + "  deploy.release: {exec: {argv: ['true']}}\n");
  ProcessResult r = wfc({"check", kTextStats, "--bindings", bindings});
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.err.find("warning: the bindings bind tool 'deploy.release', which the pack does not declare; the entry is "
                       "not used"),
            std::string::npos)
      << r.err;
}

// providers: binds the pack's provider keys (docs/bindings.md "Providers"); text-stats requires
// none but 'default'.
TEST(CliTest, BindingOfAProviderThePackDoesNotRequireIsExitTwo) {
  TempDir dir;
  std::string bindings = dir.write("b.yaml", "providers:\n  default: {provider: openai, model: m}\n"
                                             "  defualt: {provider: openai, model: m}\n");
  ProcessResult r = wfc({"check", kTextStats, "--bindings", bindings});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("b.yaml:3:3: error: the bindings bind provider 'defualt', which the pack does not require "
                       "(requires.providers); did you mean 'default'?"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.err.find("b.yaml:2:"), std::string::npos) << "'default' may always be bound: " << r.err;
}

TEST(CliTest, MalformedBindingsFileIsExitTwoLocated) {
  TempDir dir;
  std::string bindings = dir.write("b.yaml", "tools:\n  fs.read: {exce: {argv: [cat]}}\n");
  ProcessResult r = wfc({"check", kTextStats, "--bindings", bindings});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("b.yaml:2:13: error: unknown binding kind 'exce' for tool 'fs.read'; did you mean 'exec'?"),
            std::string::npos)
      << r.err;
}

TEST(CliTest, EveryProblemOfABindingsFileIsReportedLocated) {
  TempDir dir;
  std::string bindings = dir.write("b.yaml",
                                   "tools:\n"
                                   "  fs.read: {exce: {argv: [cat]}}\n"
                                   "  text.echo: {mock: {result: 1, template: 2}}\n"
                                   "  text.excerpt: {builtin: read_fil}\n");
  ProcessResult r = wfc({"check", kTextStats, "--bindings", bindings});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("b.yaml:2:13: error: unknown binding kind 'exce'"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("b.yaml:3:21: error: the mock binding of tool 'text.echo' has both 'result' and 'template'"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("b.yaml:4:27: error: unknown builtin 'read_fil' for tool 'text.excerpt'; did you mean 'read_file'?"),
            std::string::npos)
      << r.err;
  // The source line and a caret, as for any diagnostic.
  EXPECT_NE(r.err.find("  fs.read: {exce: {argv: [cat]}}"), std::string::npos) << r.err;
}

TEST(CliTest, BindingsProblemsComeAsJsonDiagnostics) {
  TempDir dir;
  std::string bindings = dir.write("b.yaml", "tools:\n  fs.reed: {builtin: read_file}\n");
  ProcessResult r = wfc({"check", "--diagnostics-format=json", kTextStats, "--bindings", bindings});
  EXPECT_EQ(r.exitCode, 2);
  nlohmann::json d = nlohmann::json::parse(r.err.substr(0, r.err.find('\n')));
  EXPECT_EQ(d["severity"], "error") << r.err;
  EXPECT_EQ(d["line"], 2) << r.err;
  EXPECT_EQ(d["column"], 3) << r.err;
  EXPECT_NE(d["message"].get<std::string>().find("which the pack does not declare"), std::string::npos) << r.err;
}

TEST(CliTest, CheckWithBindingsReportsUnboundToolsAsBuildDoes) {
  TempDir dir;
  std::string bindings = dir.write("b.yaml", "tools:\n  fs.read: {builtin: read_file}\n");
  ProcessResult check = wfc({"check", kTextStats, "--bindings", bindings});
  EXPECT_EQ(check.exitCode, 1);
  EXPECT_NE(check.err.find("error: tool 'text.count_words' has no binding"), std::string::npos) << check.err;
  ProcessResult build = wfc({"build", kTextStats, "--bindings", bindings, "-o", dir.str()});
  EXPECT_EQ(build.exitCode, 1);
  EXPECT_EQ(check.err, build.err);
  // Without bindings, check needs none (docs/bindings.md).
  EXPECT_EQ(wfc({"check", kTextStats}).exitCode, 0);
}

TEST(CliTest, NativeFunctionNamedByAKeywordIsRejected) {
  TempDir dir;
  std::string bindings = dir.write("b.yaml", "tools:\n  fs.read: {native: delete}\n");
  ProcessResult r = wfc({"build", kTextStats, "--bindings", bindings, "--allow-unbound", "-o", dir.str()});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("native function name 'delete' cannot name a C++ function"), std::string::npos) << r.err;
}

TEST(CliTest, BuildWritesSourceAndDepfileOnlyWhenChanged) {
  TempDir dir;
  std::string bindings = std::string(WFC_SOURCE_DIR) + "/examples/text-stats/bindings.yaml";
  ASSERT_EQ(wfc({"build", kTextStats, "--bindings", bindings, "-o", dir.str()}).exitCode, 0);
  auto cpp = dir.path() / "text-stats.wfc.cpp", dep = dir.path() / "text-stats.wfc.d";
  ASSERT_TRUE(std::filesystem::exists(cpp));
  std::string depText = test::readText(dep.string());
  EXPECT_NE(depText.find("examples/text-stats/pack.yaml"), std::string::npos) << depText;
  EXPECT_NE(depText.find("examples/text-stats/schemas/input.json"), std::string::npos) << depText;
  EXPECT_NE(depText.find("examples/text-stats/bindings.yaml"), std::string::npos) << depText;
  std::string first = test::readText(cpp.string());
  auto stamp = std::filesystem::last_write_time(cpp);
  std::filesystem::last_write_time(cpp, stamp - std::chrono::hours(1));  // so a rewrite would show
  ASSERT_EQ(wfc({"build", kTextStats, "--bindings", bindings, "-o", dir.str()}).exitCode, 0);
  EXPECT_EQ(test::readText(cpp.string()), first) << "same input, byte-identical output";
  EXPECT_EQ(std::filesystem::last_write_time(cpp), stamp - std::chrono::hours(1)) << "unchanged file rewritten";
}

// Build systems (wfc_add_workflow) name the outputs themselves: they cannot read the pack's id.
TEST(CliTest, BuildOutputNameNamesTheSourceAndDepfile) {
  TempDir dir;
  std::string bindings = std::string(WFC_SOURCE_DIR) + "/examples/text-stats/bindings.yaml";
  ASSERT_EQ(wfc({"build", kTextStats, "--bindings", bindings, "--line-directives", "--output-name", "my_stats",
                 "-o", dir.str()})
                .exitCode,
            0);
  auto cpp = dir.path() / "my_stats.wfc.cpp", dep = dir.path() / "my_stats.wfc.d";
  ASSERT_TRUE(std::filesystem::exists(cpp));
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "text-stats.wfc.cpp"));
  EXPECT_EQ(test::readText(dep.string()).rfind(cpp.string() + ":", 0), 0u) << test::readText(dep.string());
  EXPECT_NE(test::readText(cpp.string()).find("\"my_stats.wfc.cpp\""), std::string::npos)
      << "#line directives return to the file by its real name";

  ProcessResult r = wfc({"build", kTextStats, "--bindings", bindings, "--output-name", "sub/x", "-o", dir.str()});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("--output-name 'sub/x' must be a file name"), std::string::npos) << r.err;
}


TEST(CliTest, CompileReportsTheCxxCompilersErrors) {
  TempDir dir;
  std::string native = dir.write("bad.cpp", "wfc::Value count_words(const wfc::Value &a) { return a }\n");
  ProcessResult r = wfc({"compile", kTextStats, "--bindings",
                         std::string(WFC_SOURCE_DIR) + "/examples/text-stats/bindings.yaml", "--native", native, "-o",
                         (dir.path() / "exe").string()});
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find("bad.cpp:1:"), std::string::npos) << "the C++ compiler's own message: " << r.err;
  EXPECT_NE(r.err.find("the C++ compiler failed"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "exe"));
}

// Native tools the bindings name but no --native source defines fail at the link, which says so.
TEST(CliTest, CompileNamesAMissingNativeFunctionAtTheLink) {
  TempDir dir;
  ProcessResult r = wfc({"compile", kTextStats, "--bindings",
                         std::string(WFC_SOURCE_DIR) + "/examples/text-stats/bindings.yaml", "-o",
                         (dir.path() / "exe").string()});
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find("count_words"), std::string::npos) << "the linker's own message: " << r.err;
  EXPECT_NE(r.err.find("linking the executable failed"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("in one of the --native sources"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "exe"));
}

// `wfc compile` compiles each source apart and links the objects: a --native object file goes
// to the link as it is.
TEST(CliTest, CompileLinksANativeObjectFile) {
  TempDir dir;
  const std::string object = (dir.path() / "native_tools.o").string();
  ProcessResult cc = test::runProcess(
      "/bin/sh", {"-c", "c++ -std=c++20 -O1 -I \"$1\" -c \"$2\" -o \"$0\"", object,
                  std::string(WFC_SOURCE_DIR) + "/include", std::string(WFC_SOURCE_DIR) + "/examples/text-stats/native_tools.cpp"},
      60.0);
  ASSERT_EQ(cc.exitCode, 0) << cc.err;
  const std::string exe = (dir.path() / "exe").string();
  ProcessResult r = wfc({"compile", kTextStats, "--bindings",
                         std::string(WFC_SOURCE_DIR) + "/examples/text-stats/bindings.yaml", "--native", object, "-o", exe});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  ProcessResult run = test::runProcess(exe, {"--input-json", R"({"path": "sample.md"})", "--workspace",
                                             std::string(WFC_SOURCE_DIR) + "/examples/text-stats"});
  EXPECT_EQ(run.exitCode, 0) << run.err;
  EXPECT_NE(run.out.find("\"words\":69"), std::string::npos) << run.out;
}

// A GCC build precompiles <wfc/program.h> and <wfc/tool.h> with the options `wfc compile` uses
// (cmake/PrecompiledHeaders.cmake): both compiles load them instead of reading the headers. GCC's
// -H marks a precompiled header it used with '!'; a compiler that wraps the build's own adds it.
TEST(CliTest, CompileLoadsThePrecompiledHeaders) {
  if (std::string(WFC_TEST_PRECOMPILED_DIR).empty()) GTEST_SKIP() << "this build's compiler is not GCC";
  TempDir dir;
  const std::string trace = (dir.path() / "includes.txt").string();
  const std::string wrapper = dir.write("cxx.sh", "#!/bin/sh\n"
                                                  "case \" $* \" in *\" -c \"*) exec \"" WFC_TEST_CXX "\" \"$@\" -H 2>>\"" + trace +
                                                      "\" ;; esac\n"
                                                      "exec \"" WFC_TEST_CXX "\" \"$@\"\n");
  std::filesystem::permissions(wrapper, std::filesystem::perms::owner_all);
  std::string script = "CXX=\"$0\" \"$1\" compile \"$2\" --bindings \"$3\" --native \"$4\" -o \"$5\"";
  ProcessResult r = test::runProcess(
      "/bin/sh",
      {"-c", script, wrapper, WFC_BINARY, kTextStats, std::string(WFC_SOURCE_DIR) + "/examples/text-stats/bindings.yaml",
       std::string(WFC_SOURCE_DIR) + "/examples/text-stats/native_tools.cpp", (dir.path() / "exe").string()},
      60.0);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  std::string includes = test::readText(trace);
  EXPECT_NE(includes.find("! " WFC_TEST_PRECOMPILED_DIR "/wfc/program.h.gch"), std::string::npos) << includes;
  EXPECT_NE(includes.find("! " WFC_TEST_PRECOMPILED_DIR "/wfc/tool.h.gch"), std::string::npos) << includes;
}

// An executable leaves the runtime's debug information out unless --debug asks for it
// (docs/cli.md "wfc compile"): a few MB, not a hundred.
TEST(CliTest, CompileLeavesDebugInformationOutUnlessAsked) {
  TempDir dir;
  const std::string bindings = std::string(WFC_SOURCE_DIR) + "/examples/text-stats/bindings.yaml";
  const std::string natives = std::string(WFC_SOURCE_DIR) + "/examples/text-stats/native_tools.cpp";
  auto debugSections = [](const std::string &exe) {
    ProcessResult sections = test::runProcess("/bin/sh", {"-c", "readelf -S --wide \"$0\" | grep -c '\\.debug_info'", exe});
    return sections.out.empty() ? 0 : std::stoi(sections.out);
  };
  const std::string lean = (dir.path() / "lean").string(), debug = (dir.path() / "debug").string();
  ProcessResult r = wfc({"compile", kTextStats, "--bindings", bindings, "--native", natives, "-o", lean});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(debugSections(lean), 0);
  EXPECT_LT(std::filesystem::file_size(lean), uintmax_t(16) << 20);
  r = wfc({"compile", kTextStats, "--bindings", bindings, "--native", natives, "--debug", "-o", debug});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(debugSections(debug), 1);
  // Both run the same.
  const std::string workspace = std::string(WFC_SOURCE_DIR) + "/examples/text-stats";
  ProcessResult a = test::runProcess(lean, {"--input-json", R"({"path": "sample.md"})", "--workspace", workspace});
  ProcessResult b = test::runProcess(debug, {"--input-json", R"({"path": "sample.md"})", "--workspace", workspace});
  EXPECT_EQ(a.exitCode, 0) << a.err;
  EXPECT_EQ(a.out, b.out);
}

TEST(CliTest, CompileWithoutACxxCompilerIsUsageError) {
  TempDir dir;
  std::string script = "CXX=no-such-compiler-wfc \"$0\" compile \"$1\" --allow-unbound -o \"$2\"";
  ProcessResult r = test::runProcess("/bin/sh", {"-c", script, WFC_BINARY, kTextStats, (dir.path() / "exe").string()});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("cannot find the C++ compiler 'no-such-compiler-wfc' (set CXX to choose one)"),
            std::string::npos)
      << r.err;
}

// `wfc graph` (docs/cli.md): the formats parse as what they claim to be, the pack's errors stop
// it like `check`, and --after-passes says plainly that there are no passes yet.
TEST(CliTest, GraphPrintsEachFormatAndRejectsWhatItCannotDraw) {
  ProcessResult json = wfc({"graph", kExample, "--format=json"});
  ASSERT_EQ(json.exitCode, 0) << json.err;
  nlohmann::json g = nlohmann::json::parse(json.out);
  EXPECT_EQ(g["pack"], "document-analyzer");
  EXPECT_EQ(g["entry_state"], "main");
  bool sawParallel = false;
  for (const auto &c : g["clusters"]) sawParallel |= c["kind"] == "parallel";
  EXPECT_TRUE(sawParallel) << json.out;

  ProcessResult dot = wfc({"graph", kExample});
  ASSERT_EQ(dot.exitCode, 0) << dot.err;
  EXPECT_EQ(dot.out.rfind("digraph \"document-analyzer\" {", 0), 0u) << dot.out;
  ProcessResult mermaid = wfc({"graph", kExample, "--format=mermaid"});
  ASSERT_EQ(mermaid.exitCode, 0) << mermaid.err;
  EXPECT_EQ(mermaid.out.rfind("flowchart TD\n", 0), 0u) << mermaid.out;

  // After passes: the planned graph, each step of a list in a parallel group (classify and the
  // metadata block are independent: one group; synthesize reads both: the next).
  ProcessResult after = wfc({"graph", kExample, "--after-passes", "--format=json"});
  ASSERT_EQ(after.exitCode, 0) << after.err;
  std::map<std::string, int> groups;
  nlohmann::json planned = nlohmann::json::parse(after.out);
  for (const auto &n : planned["nodes"])
    if (n.contains("group")) groups[n["label"]] = n["group"];
  EXPECT_EQ(groups, (std::map<std::string, int>{{"classify", 0}, {"extract_metadata", 0}, {"synthesize", 1}}))
      << after.out;
  ProcessResult unplanned = wfc({"graph", kExample, "--after-passes", "--format=json", "-O0"});
  ASSERT_EQ(unplanned.exitCode, 0) << unplanned.err;
  EXPECT_EQ(unplanned.out, json.out) << "-O0 has no passes: the graph before them";

  ProcessResult format = wfc({"graph", kExample, "--format=png"});
  EXPECT_EQ(format.exitCode, 2);
  EXPECT_NE(format.err.find("png"), std::string::npos) << format.err;

  TempDir dir;
  std::string bad = dir.write("bad.yaml", kBadPack);
  ProcessResult errors = wfc({"graph", bad});
  EXPECT_EQ(errors.exitCode, 1);
  EXPECT_NE(errors.err.find("bad.yaml:15:5: error:"), std::string::npos) << errors.err;
  EXPECT_EQ(errors.out, "");
}

// ---- the optimizer's instrumentation (docs/optimizer.md)

TEST(CliTest, PassInstrumentationPrintsTheIRAndTimings) {
  ProcessResult all = wfc({"build", kExample, "--emit=ir", "--print-ir-after-all", "--verify-each"});
  ASSERT_EQ(all.exitCode, 0) << all.err;
  // inline-subflows has no call to inline in this pack; parallelize changes the plan.
  EXPECT_NE(all.err.find("; *** IR unchanged by inline-subflows ***"), std::string::npos) << all.err;
  EXPECT_NE(all.err.find("; *** IR after parallelize ***\n// wfc IR of"), std::string::npos) << all.err;
  EXPECT_NE(all.out.find(" scheduled "), std::string::npos) << "--emit=ir prints the IR after passes: " << all.out;

  ProcessResult one = wfc({"build", kExample, "--emit=ir", "--print-ir-after=fold-predicates,parallelize"});
  ASSERT_EQ(one.exitCode, 0) << one.err;
  EXPECT_EQ(one.err.find("inline-subflows"), std::string::npos) << one.err;
  EXPECT_NE(one.err.find("; *** IR after parallelize ***"), std::string::npos) << one.err;

  ProcessResult none = wfc({"build", kExample, "--emit=ir", "-O0", "--print-ir-after-all", "--time-passes"});
  ASSERT_EQ(none.exitCode, 0) << none.err;
  EXPECT_EQ(none.err.find("IR after"), std::string::npos) << "-O0 runs no pass: " << none.err;
  EXPECT_EQ(none.out.find(" scheduled "), std::string::npos) << none.out;

  ProcessResult timed = wfc({"build", kExample, "--emit=ir", "--time-passes"});
  ASSERT_EQ(timed.exitCode, 0) << timed.err;
  for (const char *pass : {"inline-subflows", "fold-predicates", "parallelize", "total"})
    EXPECT_NE(timed.err.find(pass), std::string::npos) << pass << " missing from: " << timed.err;

  ProcessResult bad = wfc({"build", kExample, "--emit=ir", "--print-ir-after=paralelize"});
  EXPECT_EQ(bad.exitCode, 2);
  EXPECT_NE(bad.err.find("--print-ir-after=paralelize: no pass is named 'paralelize'; did you mean 'parallelize'?"),
            std::string::npos)
      << bad.err;
  EXPECT_EQ(bad.out, "");
}

}  // namespace
}  // namespace wfc

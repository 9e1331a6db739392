// wfc deploy's YAML writer (compiler/deploy/YamlText.h, docs/deploy.md "The output"): strings that a
// YAML 1.1 or 1.2 reader would take for something else are quoted, the rest written plain, and
// whatever is written reads back (with yaml-cpp) as the same document.
#include "deploy/YamlText.h"

#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

namespace wfc::deploy {
namespace {

TEST(YamlTextTest, QuotesWhatAReaderWouldTakeForSomethingElse) {
  const std::vector<std::string> quoted = {
      "",     "true", "True", "yes",  "No",   "on",     "OFF",   "y",     "null",  "~",    "1",   "1.5",  "-2",
      "+3",   "0x1F", "1e3",  "1_000", ".inf", "-.Inf", ".NaN",  "12:30", "-p",    "--input-jsonl", "a: b", "#x",
      "x #y", "{a}",  "[1]",  "a,b",  "*ref", "&a",     "!tag",  "%x",    "@x",    "`x",   "'x",  "\"x",  "? x",
      "| x",  "> x",  "ends:", " lead", "trail ", "line\nbreak", "tab\there", "café",
      // Flow indicators anywhere (a plain scalar may hold them in block context, but not every
      // reader agrees): Argo's {{…}} parameters are quoted.
      "metadata.annotations['batch.kubernetes.io/job-completion-index']", "shard-{{inputs.parameters.shard}}"};
  for (const std::string &s : quoted) EXPECT_FALSE(plainYamlScalar(s)) << s;
  const std::vector<std::string> plain = {"review-gate",
                                          "/data/out/shard-$(JOB_COMPLETION_INDEX).jsonl",
                                          "$(JOB_COMPLETION_INDEX)/8",
                                          "500m",
                                          "512Mi",
                                          "batch/v1",
                                          "app.kubernetes.io/name",
                                          "registry.example.com/review-gate:1.0.0",
                                          "deadbeef",
                                          "a-b_c.d",
                                          "key:value"};
  for (const std::string &s : plain) EXPECT_TRUE(plainYamlScalar(s)) << s;
}

TEST(YamlTextTest, EveryStringReadsBackAsWritten) {
  const std::vector<std::string> strings = {"", "true", "yes", "1", "1e3", "-p", "a: b", "x #y", "[1]", "café",
                                            "line\nbreak", "quote \" and \\ backslash", "plain-text", "ends:"};
  for (const std::string &s : strings) {
    std::string text = yamlText(Manifest{{"key", s}, {"list", Manifest::array({s})}});
    YAML::Node node = YAML::Load(text);
    EXPECT_EQ(node["key"].as<std::string>(), s) << text;
    EXPECT_EQ(node["list"][0].as<std::string>(), s) << text;
    // Quoted exactly when it must be (yaml-cpp tags a quoted scalar "!", a plain one "?").
    EXPECT_EQ(node["key"].Tag(), plainYamlScalar(s) ? "?" : "!") << text;
  }
}

TEST(YamlTextTest, BlockStyleInInsertionOrder) {
  Manifest doc = {{"kind", "Job"},
                  {"spec",
                   {{"completions", 8},
                    {"suspend", false},
                    {"selector", nullptr},
                    {"empty", Manifest::object()},
                    {"none", Manifest::array()},
                    {"containers", Manifest::array({{{"name", "a"}, {"args", Manifest::array({"--x", "1"})}}})},
                    {"matrix", Manifest::array({Manifest::array({1, 2})})}}}};
  EXPECT_EQ(yamlText(doc),
            "kind: Job\n"
            "spec:\n"
            "  completions: 8\n"
            "  suspend: false\n"
            "  selector: null\n"
            "  empty: {}\n"
            "  none: []\n"
            "  containers:\n"
            "  - name: a\n"
            "    args:\n"
            "    - \"--x\"\n"
            "    - \"1\"\n"
            "  matrix:\n"
            "  -\n"
            "    - 1\n"
            "    - 2\n");
  YAML::Node back = YAML::Load(yamlText(doc));
  EXPECT_EQ(back["spec"]["containers"][0]["args"][1].as<std::string>(), "1");
  EXPECT_EQ(back["spec"]["matrix"][0][1].as<int>(), 2);
  EXPECT_EQ(back["spec"]["completions"].as<int>(), 8);
}

}  // namespace
}  // namespace wfc::deploy

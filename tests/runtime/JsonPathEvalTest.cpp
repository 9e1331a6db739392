// JMESPath (common/JmesPath.h) and PromptKit's json_path eval type on it (docs/evals.md
// "json_path"): expressions compiled and refused with where and why, values crossing between the
// JSON libraries intact, and the handler's checks in PromptKit's order with its messages — run by
// name, as a program runs it.
#include "common/JmesPath.h"
#include "NamedEvalFixture.h"
#include "core/evals/NamedEval.h"

#include <gtest/gtest.h>

#include <string>

namespace wfc::evals {
namespace {

using Json = nlohmann::ordered_json;

TEST(JmesPathTest, CompilesJmesPathAndSaysWhereItIsNot) {
  std::string error;
  EXPECT_TRUE(JmesPath::compile("order.items[?price > `10`].name | sort(@)", &error)) << error;
  EXPECT_TRUE(JmesPath::compile("length(items)", &error)) << error;
  EXPECT_FALSE(JmesPath::compile("order..status", &error));
  EXPECT_EQ(error, "Expected identifier at column 7");
  EXPECT_FALSE(JmesPath::compile("items[?price", &error));
  EXPECT_FALSE(error.empty());
  for (const char *jsonPath : {"$.order.status", "  $[0]", "$"}) {
    EXPECT_FALSE(JmesPath::compile(jsonPath, &error)) << jsonPath;
    EXPECT_NE(error.find("JMESPath has no '$' root"), std::string::npos) << error;
  }
}

TEST(JmesPathTest, SearchesKeepingTypesAndOrder) {
  std::string error;
  Json doc = Json::parse(R"({"b": 1, "a": {"z": [1, 2.5, -3, 18446744073709551615], "y": null, "x": true}, "s": "é"})");
  auto all = JmesPath::compile("@", &error);
  ASSERT_TRUE(all);
  std::optional<Json> same = all->search(doc, &error);
  ASSERT_TRUE(same) << error;
  EXPECT_EQ(same->dump(), doc.dump()) << "keys keep their order, numbers their kinds";
  EXPECT_EQ(JmesPath::compile("a.z[1]", &error)->search(doc, &error), Json(2.5));
  EXPECT_EQ(JmesPath::compile("missing.path", &error)->search(doc, &error), Json(nullptr));
  EXPECT_EQ(JmesPath::compile("keys(a)", &error)->search(doc, &error), Json::parse(R"(["z","y","x"])"));
  // A function given the wrong type fails when evaluated, not when compiled.
  auto wrong = JmesPath::compile("length(b)", &error);
  ASSERT_TRUE(wrong);
  EXPECT_FALSE(wrong->search(doc, &error));
  EXPECT_FALSE(error.empty());
}

struct Fixture : NamedEvalFixture {
  Verdict run(const std::string &reply, Json p) { return evaluate("json_path", std::move(p), reply); }
};

const std::string kOrder = R"({"order": {"status": "shipped", "total": 42.5, "items": [{"sku": "a", "qty": 2}, {"sku": "b", "qty": 1}]}})";

TEST(JsonPathEvalTest, EachCheckPassesAndFailsWithPromptKitsMessage) {
  Fixture f;
  EXPECT_TRUE(f.run(kOrder, {{"expression", "order.status"}}).passed) << "no check: evaluating is enough";
  EXPECT_TRUE(f.run(kOrder, {{"expression", "order.nothing"}}).passed) << "a missing path is null, not an error";
  EXPECT_TRUE(f.run(kOrder, {{"expression", "order.status"}, {"expected", "shipped"}}).passed);
  Verdict v = f.run(kOrder, {{"expression", "order.status"}, {"expected", "pending"}});
  EXPECT_FALSE(v.passed);
  EXPECT_EQ(v.score, 0);
  EXPECT_EQ(v.message, "result does not match expected value");
  EXPECT_TRUE(f.run(kOrder, {{"expression", "order.items[0]"}, {"expected", {{"qty", 2.0}, {"sku", "a"}}}}).passed)
      << "numbers compare as numbers, objects key by key";
  EXPECT_FALSE(f.run(kOrder, {{"expression", "order.items[0]"}, {"expected", {{"sku", "a"}}}}).passed);
  EXPECT_TRUE(f.run(kOrder, {{"expression", "order.nothing"}, {"expected", nullptr}}).passed) << "expected: null";

  EXPECT_TRUE(f.run(kOrder, {{"expression", "order.items[*].sku"}, {"contains", {"b", "a"}}}).passed);
  EXPECT_EQ(f.run(kOrder, {{"expression", "order.items[*].sku"}, {"contains", {"a", "c"}}}).message,
            "expected item c not found in result");
  EXPECT_EQ(f.run(kOrder, {{"expression", "order.status"}, {"contains", {"a"}}}).message,
            "result is not an array, cannot check contains");

  EXPECT_TRUE(f.run(kOrder, {{"expression", "order.total"}, {"min", 40}, {"max", 50}}).passed);
  EXPECT_EQ(f.run(kOrder, {{"expression", "order.total"}, {"min", 50}}).message, "value 42.50 is below minimum 50.00");
  EXPECT_EQ(f.run(kOrder, {{"expression", "sum(order.items[*].qty)"}, {"max", 2}}).message, "value 3.00 exceeds maximum 2.00");
  EXPECT_EQ(f.run(kOrder, {{"expression", "order.status"}, {"min", 1}}).message, "result is not a number for range check");

  EXPECT_TRUE(f.run(kOrder, {{"expression", "order.items"}, {"min_results", 1}, {"max_results", 2}}).passed);
  EXPECT_EQ(f.run(kOrder, {{"expression", "order.items"}, {"min_results", 3}}).message, "array has 2 items, minimum is 3");
  EXPECT_EQ(f.run(kOrder, {{"expression", "order.items"}, {"max_results", 1}}).message, "array has 2 items, maximum is 1");
  EXPECT_EQ(f.run(kOrder, {{"expression", "order"}, {"max_results", 1}}).message, "result is not an array for count check");

  // The first failing check decides, in PromptKit's order.
  EXPECT_EQ(f.run(kOrder, {{"expression", "order.items"}, {"expected", 1}, {"max_results", 1}}).message,
            "result does not match expected value");
}

TEST(JsonPathEvalTest, ReadsJsonWrappedInProseOrAFenceOnlyWhenAsked) {
  Fixture f;
  const std::string fenced = "Here you go:\n```json\n" + kOrder + "\n```\nAnything else?";
  Verdict v = f.run(fenced, {{"expression", "order.status"}});
  EXPECT_FALSE(v.passed);
  EXPECT_EQ(v.message.rfind("invalid JSON", 0), 0u) << v.message;
  EXPECT_TRUE(f.run(fenced, {{"expression", "order.status"}, {"expected", "shipped"}, {"allow_wrapped", true}}).passed);
  EXPECT_TRUE(f.run("```\n  " + kOrder + "  \n```", {{"expression", "order.status"}, {"expected", "shipped"}, {"allow_wrapped", true}}).passed)
      << "a bare fence, the block trimmed";
  // extract_json: the balanced object from the first '{', braces in strings not counted.
  const std::string prose = "The order {as JSON}: no. " + std::string(R"({"note": "a } in text", "n": [1, {"m": 2}]})") + " done }";
  EXPECT_FALSE(f.run(prose, {{"expression", "n[1].m"}, {"expected", 2}, {"extract_json", true}}).passed)
      << "the first '{' opens '{as JSON}', which is not JSON";
  const std::string later = "Result: " + std::string(R"({"note": "a } in text", "n": [1, {"m": 2}]})") + " done }";
  EXPECT_TRUE(f.run(later, {{"expression", "n[1].m"}, {"expected", 2}, {"extract_json", true}}).passed);
  EXPECT_TRUE(f.run("counts: [1, 2, 3] end", {{"expression", "length(@)"}, {"expected", 3}, {"extract_json", true}}).passed)
      << "no '{': the array from the first '['";
  // Go's regex gives back the fence's line breaks one by one: an empty block right after the
  // fence is a match, and extract_json is then not tried.
  v = f.run("```json\n\n```\n{\"a\": 1}", {{"expression", "a"}, {"allow_wrapped", true}, {"extract_json", true}});
  EXPECT_EQ(v.message.rfind("invalid JSON", 0), 0u) << v.message;
  // Nothing extracted: the text as it is.
  EXPECT_TRUE(f.run(kOrder, {{"expression", "order.status"}, {"expected", "shipped"}, {"allow_wrapped", true}}).passed);
}

TEST(JsonPathEvalTest, AnExpressionThatFailsOnTheValueFailsTheEval) {
  Fixture f;
  Verdict v = f.run(kOrder, {{"expression", "length(order.total)"}});
  EXPECT_FALSE(v.passed);
  EXPECT_EQ(v.message.rfind("JMESPath error: ", 0), 0u) << v.message;
}

}  // namespace
}  // namespace wfc::evals

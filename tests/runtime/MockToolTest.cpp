// The mock binding: a fixed result, or a template rendered with the arguments.
#include "TestSupport.h"
#include "core/tools/MockTool.h"

#include "wfc/error.h"

#include <gtest/gtest.h>

namespace wfc::tools {
namespace {

using test::errorOf;

TEST(MockToolTest, FixedResultIgnoresArgumentsAndPlaceholders) {
  MockTool mock = MockTool::fixed(Value::parse(R"({"hits":[],"note":"{{args.q}}"})"));
  EXPECT_FALSE(mock.isTemplate());
  EXPECT_EQ(mock.call(Value::parse(R"({"q":"x"})")).dump(), R"({"hits":[],"note":"{{args.q}}"})");
  EXPECT_EQ(MockTool::fixed(Value()).call(Value()).dump(), "null");
}

TEST(MockToolTest, WholePlaceholderKeepsTheValue) {
  MockTool mock = MockTool::fromTemplate(Value::parse(
      R"({"doc":"{{args.doc}}","n":"{{ args.count }}","first":"{{args.items[0]}}","second":"{{args.items.1.name}}","all":"{{args}}"})"));
  EXPECT_TRUE(mock.isTemplate());
  Value args = Value::parse(R"({"doc":{"title":"T","pages":3},"count":2.5,"items":[true,{"name":"b"}]})");
  EXPECT_EQ(
      mock.call(args).dump(),
      R"({"doc":{"title":"T","pages":3},"n":2.5,"first":true,"second":"b","all":{"doc":{"title":"T","pages":3},"count":2.5,"items":[true,{"name":"b"}]}})");
}

TEST(MockToolTest, PlaceholdersInsideTextAreInterpolated) {
  MockTool mock = MockTool::fromTemplate(Value::parse(
      R"({"summary":"{{args.title}} has {{args.pages}} pages: {{args.tags}}","list":["id-{{args.id}}",7,null],"{{args.title}}":"keys stay"})"));
  Value args = Value::parse(R"({"title":"Report","pages":12,"tags":["a","b"],"id":"x1"})");
  EXPECT_EQ(mock.call(args).dump(),
            R"({"summary":"Report has 12 pages: [\"a\",\"b\"]","list":["id-x1",7,null],"{{args.title}}":"keys stay"})");
}

TEST(MockToolTest, ScalarTemplateAndKeysThatLookLikeIndexes) {
  EXPECT_EQ(MockTool::fromTemplate(Value::string("{{args.0}}")).call(Value::parse(R"({"0":"zero"})")).dump(),
            R"("zero")");
  EXPECT_EQ(MockTool::fromTemplate(Value::string("{{args[1]}}")).call(Value::parse("[10,20]")).dump(), "20");
  EXPECT_EQ(MockTool::fromTemplate(Value::integer(5)).call(Value()).dump(), "5");
  EXPECT_EQ(MockTool::fromTemplate(Value::string("no placeholders")).call(Value()).dump(), R"("no placeholders")");
}

TEST(MockToolTest, MissingArgumentIsAStepError) {
  MockTool mock = MockTool::fromTemplate(Value::parse(R"({"a":"{{args.user.name}}"})"));
  EXPECT_EQ(errorOf([&] { mock.call(Value::parse(R"({"user":{}})")); }, ErrorKind::StepFailed),
            "mock template: the arguments have no value for {{args.user.name}}");
  EXPECT_EQ(errorOf([&] { MockTool::fromTemplate(Value::string("{{args[3]}}")).call(Value::parse("[1]")); },
                    ErrorKind::StepFailed),
            "mock template: the arguments have no value for {{args[3]}}");
}

TEST(MockToolTest, MalformedPlaceholdersAreRejectedWhenMade) {
  auto bad = [](const char *json) {
    return errorOf([&] { MockTool::fromTemplate(Value::parse(json)); }, ErrorKind::Usage);
  };
  EXPECT_EQ(bad(R"({"a":["{{input.x}}"]})"),
            "mock template: malformed placeholder '{{input.x}}': a placeholder starts with 'args'");
  EXPECT_EQ(bad(R"("{{args.}}")"), "mock template: malformed placeholder '{{args.}}': expected a key after '.'");
  EXPECT_EQ(bad(R"("{{args[x]}}")"), "mock template: malformed placeholder '{{args[x]}}': expected an index like [0]");
  EXPECT_EQ(bad(R"("{{args x}}")"), "mock template: malformed placeholder '{{args x}}': unexpected ' '");
  EXPECT_EQ(bad(R"("open {{args.a")"), "mock template: malformed placeholder '{{args.a': no closing '}}'");
}

}  // namespace
}  // namespace wfc::tools

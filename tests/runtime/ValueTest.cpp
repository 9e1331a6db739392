// wfc::Value: construction, access, paths, text, equality (1 == 1.0), and sharing.
#include "wfc/error.h"
#include "wfc/value.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace wfc {
namespace {

TEST(ValueTest, ScalarsAndTypes) {
  EXPECT_TRUE(Value().isNull());
  EXPECT_EQ(Value::boolean(true).type(), Value::Type::Boolean);
  EXPECT_EQ(Value::integer(3).asInteger(), 3);
  EXPECT_EQ(Value::number(2.0).asInteger(), 2);
  EXPECT_THROW(Value::number(2.5).asInteger(), Error);
  EXPECT_EQ(Value::string("hi").asString(), "hi");
  EXPECT_THROW(Value::integer(1).asString(), Error);
}

TEST(ValueTest, ObjectsKeepOrderAndPathsResolve) {
  Value v = Value::parse(R"({"b": 1, "a": {"items": [10, {"x": "y"}]}})");
  EXPECT_EQ(v.keys(), (std::vector<std::string>{"b", "a"}));
  EXPECT_EQ(v.find({"a", "items", 1, "x"})->asString(), "y");
  EXPECT_FALSE(v.find({"a", "items", 5}).has_value());
  EXPECT_FALSE(v.find({"b", "c"}).has_value());
  EXPECT_EQ(v.dump(), R"({"b":1,"a":{"items":[10,{"x":"y"}]}})");
}

TEST(ValueTest, BuildersAndText) {
  Value o = Value::object({{"n", Value::integer(1)}, {"s", Value::string("t")},
                           {"l", Value::array({Value::boolean(false), Value()})}});
  EXPECT_EQ(o.dump(), R"({"n":1,"s":"t","l":[false,null]})");
  EXPECT_EQ(o.get("s")->toText(), "t");
  EXPECT_EQ(o.get("l")->toText(), "[false,null]");
  EXPECT_EQ(o.size(), 3u);
}

TEST(ValueTest, DeepEqualityTreatsOneAsOnePointZero) {
  EXPECT_EQ(Value::parse("{\"a\":[1,2]}"), Value::parse("{\"a\":[1.0,2]}"));
  EXPECT_NE(Value::parse("{\"a\":1}"), Value::parse("{\"a\":\"1\"}"));
  EXPECT_EQ(Value::parse(R"({"x":1,"y":2})"), Value::parse(R"({"y":2,"x":1})"));
  EXPECT_NE(Value::parse("[1,2]"), Value::parse("[2,1]"));
}

TEST(ValueTest, InvalidJsonIsAnErrorWithAPosition) {
  try {
    Value::parse("{\"a\": }");
    FAIL() << "no error";
  } catch (const Error &e) {
    EXPECT_EQ(e.kind(), ErrorKind::InvalidJson);
    EXPECT_NE(std::string(e.what()).find("column"), std::string::npos) << e.what();
    EXPECT_EQ(e.exitCode(), 1);
  }
}

// JSON's grammar allows 1e400; a double cannot hold it. It is bad JSON like a syntax error, not
// another kind of exception (found by tests/fuzz: fuzz_input, fuzz_events).
TEST(ValueTest, NumberTooLargeIsInvalidJson) {
  for (const char *text : {"1e400", "{\"a\": [-1e400]}"}) {
    try {
      Value::parse(text);
      FAIL() << "no error for " << text;
    } catch (const Error &e) {
      EXPECT_EQ(e.kind(), ErrorKind::InvalidJson);
      EXPECT_NE(std::string(e.what()).find("number overflow parsing"), std::string::npos) << e.what();
    }
  }
}

TEST(ValueTest, MembersOutliveTheirParentValue) {
  std::optional<Value> member;
  {
    Value parent = Value::parse(R"({"deep": {"k": "v"}})");
    member = parent.get("deep");
  }
  EXPECT_EQ(member->get("k")->asString(), "v");
}

}  // namespace
}  // namespace wfc

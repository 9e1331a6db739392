// Patterns from a pack or a run run on RE2 (common/Pattern.h): ECMAScript spellings translated,
// what RE2 cannot express refused with a reason, and no pattern or text able to hang or crash —
// in `regex` evals and in JSON Schema `pattern` / `patternProperties` alike.
#include "common/Pattern.h"
#include "support/SchemaValidator.h"
#include "core/evals/Verdict.h"

#include "wfc/error.h"
#include "wfc/program.h"
#include "wfc/value.h"

#include <gtest/gtest.h>

#include <string>

namespace wfc {
namespace {

bool matches(const std::string &pattern, const std::string &text) {
  std::string error;
  std::shared_ptr<const Pattern> p = Pattern::compile(pattern, &error);
  EXPECT_TRUE(p) << pattern << ": " << error;
  return p && p->search(text);
}

std::string refusal(const std::string &pattern) {
  std::string error;
  EXPECT_FALSE(Pattern::compile(pattern, &error)) << pattern << " was accepted";
  return error;
}

TEST(PatternTest, SearchesAnywhereAsECMAScriptDoes) {
  EXPECT_TRUE(matches("\\d+", "ab12c"));
  EXPECT_FALSE(matches("^\\d+$", "ab12c"));
  EXPECT_TRUE(matches("(?i)HELLO", "well, hello"));
  // ECMAScript's spellings: \uXXXX, a named group, an escaped slash.
  EXPECT_TRUE(matches("\\u0041B", "xAB"));
  EXPECT_TRUE(matches("(?<word>\\w+)!", "hi!"));
  EXPECT_TRUE(matches("a\\/b", "a/b"));
}

TEST(PatternTest, WhatRE2CannotExpressIsRefusedWithAReason) {
  EXPECT_NE(refusal("^(?=x)").find("lookahead assertions"), std::string::npos);
  EXPECT_NE(refusal("(?<!a)b").find("lookbehind assertions"), std::string::npos);
  EXPECT_NE(refusal("(a)\\1").find("backreferences"), std::string::npos);
  EXPECT_EQ(refusal("(unclosed"), "missing ): (unclosed");
}

TEST(PatternTest, PathologicalPatternsOnLongTextsFinish) {
  // A backtracking engine takes exponential time here (and std::regex overflows its stack on
  // the megabyte): RE2 is linear. The test checks the answers; bench/ measures the time.
  std::string megabyte(1 << 20, 'a');
  EXPECT_TRUE(matches("^(a+)+$", megabyte));
  EXPECT_FALSE(matches("^(a+)+$", megabyte + "!"));
  EXPECT_FALSE(matches("(a|aa)*b", megabyte));
  EXPECT_TRUE(matches("(x+x+)+y|a$", megabyte));
}

TEST(PatternTest, RegexEvalsRunOnRE2) {
  EvalDecl eval{.id = "nested", .type = EvalType::Regex, .text = "^(a+)+$"};
  std::string reply(1 << 20, 'a');
  EXPECT_TRUE(evals::checkRegex(eval, reply).passed);
  EXPECT_FALSE(evals::checkRegex(eval, reply + "b").passed);
}

TEST(PatternTest, SchemaPatternsRunOnRE2) {
  SchemaValidator validator(Value::parse(R"({"type": "object", "properties": {"s": {"pattern": "^(a+)+$"}},
                                             "patternProperties": {"^(x+x+)+y$": {"type": "integer"}},
                                             "propertyNames": {"pattern": "^(a|x|s|y)+$"}})"));
  std::string long_a(1 << 20, 'a');
  EXPECT_EQ(validator.validate(Value::parse("{\"s\": \"" + long_a + "\"}")), std::nullopt);
  EXPECT_NE(validator.validate(Value::parse("{\"s\": \"" + long_a + "b\"}")), std::nullopt);
  std::string key(200, 'x');
  EXPECT_EQ(validator.validate(Value::parse("{\"" + key + "y\": 1}")), std::nullopt);
  EXPECT_NE(validator.validate(Value::parse("{\"" + key + "y\": \"no\"}")), std::nullopt);
  // propertyNames' pattern too.
  EXPECT_NE(validator.validate(Value::parse(R"({"b": 1})")), std::nullopt);
}

TEST(PatternTest, ASchemaPatternRE2CannotRunIsAnInvalidSchema) {
  try {
    SchemaValidator validator(Value::parse(R"({"pattern": "^(?!0)\\d+$"})"));
    ADD_FAILURE() << "accepted";
  } catch (const Error &e) {
    EXPECT_EQ(e.kind(), ErrorKind::Usage);
    EXPECT_NE(std::string(e.what()).find("invalid regular expression '^(?!0)\\d+$': lookahead assertions"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace wfc

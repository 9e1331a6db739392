// Which output schemas are sent with `strict: true` (docs/llm.md "Structured output").
#include "codegen/StrictSchema.h"

#include <gtest/gtest.h>

namespace wfc::codegen {
namespace {

bool strict(const char *json) { return fitsStrictSubset(ir::Json::parse(json)); }

TEST(StrictSchemaTest, ClosedObjectsWithEveryPropertyRequiredFit) {
  EXPECT_TRUE(strict(R"({"type": "object", "properties": {"a": {"type": "string", "description": "x"},
      "b": {"type": "array", "items": {"type": "object", "properties": {"c": {"enum": [1, 2]}},
      "required": ["c"], "additionalProperties": false}}}, "required": ["a", "b"], "additionalProperties": false})"));
  EXPECT_TRUE(strict(R"({"type": "object", "properties": {"v": {"anyOf": [{"type": "string"}, {"type": "null"}]}},
      "required": ["v"], "additionalProperties": false})"));
}

TEST(StrictSchemaTest, OpenOptionalOrConstrainedSchemasDoNot) {
  // Open: additionalProperties missing.
  EXPECT_FALSE(strict(R"({"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]})"));
  // An optional property.
  EXPECT_FALSE(strict(R"({"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}},
      "required": ["a"], "additionalProperties": false})"));
  // A keyword outside the subset, nested.
  EXPECT_FALSE(strict(R"({"type": "object", "properties": {"a": {"type": "string", "minLength": 1}},
      "required": ["a"], "additionalProperties": false})"));
  // Not an object at the root.
  EXPECT_FALSE(strict(R"({"type": "array", "items": {"type": "string"}})"));
  // An open object inside an array.
  EXPECT_FALSE(strict(R"({"type": "object", "properties": {"xs": {"type": "array", "items": {"type": "object",
      "properties": {}}}}, "required": ["xs"], "additionalProperties": false})"));
}

}  // namespace
}  // namespace wfc::codegen

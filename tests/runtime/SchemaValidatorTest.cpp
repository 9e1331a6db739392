// wfc::SchemaValidator: draft-07 keywords on real schemas, local and recursive $refs, invalid
// schemas, the message format (JSON pointer + abbreviated value), and concurrent validation.
#include "support/SchemaValidator.h"

#include "wfc/error.h"
#include "wfc/value.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <atomic>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace wfc {
namespace {

// The first problem with `json` against `schema`, or "" when it is valid.
std::string check(const char *schema, const char *json) {
  SchemaValidator validator(Value::parse(schema));
  return validator.validate(Value::parse(json)).value_or("");
}

ErrorKind compileError(const char *schema) {
  try {
    SchemaValidator validator(Value::parse(schema));
  } catch (const Error &e) {
    return e.kind();
  }
  ADD_FAILURE() << "schema was accepted: " << schema;
  return ErrorKind::StepFailed;
}

TEST(SchemaValidatorTest, Types) {
  EXPECT_EQ(check(R"({"type": "string"})", R"("hi")"), "");
  EXPECT_EQ(check(R"({"type": "string"})", "42"), "(root): expected a string, got 42");
  EXPECT_EQ(check(R"({"type": "boolean"})", "true"), "");
  EXPECT_EQ(check(R"({"type": "boolean"})", "0"), "(root): expected a boolean, got 0");
  EXPECT_EQ(check(R"({"type": "null"})", "null"), "");
  EXPECT_EQ(check(R"({"type": "null"})", "false"), "(root): expected null, got false");
  EXPECT_EQ(check(R"({"type": "object"})", "{}"), "");
  EXPECT_EQ(check(R"({"type": "object"})", "[]"), "(root): expected an object, got []");
  EXPECT_EQ(check(R"({"type": "array"})", "[1]"), "");
  EXPECT_EQ(check(R"({"type": "array"})", R"({"a":1})"), R"((root): expected an array, got {"a":1})");
  EXPECT_EQ(check(R"({"type": "number"})", "1.5"), "");
  EXPECT_EQ(check(R"({"type": "number"})", "3"), "");
  EXPECT_EQ(check(R"({"type": "number"})", R"("3")"), R"((root): expected a number, got "3")");
  // Several types: null goes last.
  EXPECT_EQ(check(R"({"type": ["null", "string"]})", "null"), "");
  EXPECT_EQ(check(R"({"type": ["null", "string"]})", R"("x")"), "");
  EXPECT_EQ(check(R"({"type": ["null", "string"]})", "42"), "(root): expected a string or null, got 42");
  EXPECT_EQ(check(R"({"type": ["integer", "null", "string"]})", "true"),
            "(root): expected an integer, a string or null, got true");
  // No type: anything goes.
  EXPECT_EQ(check("{}", R"({"any": ["thing"]})"), "");
  EXPECT_EQ(check("true", "1"), "");
}

// Draft-07 (like draft-06) says an integer is a number with a zero fractional part, so 1.0 is an
// integer. valijson's strict mode alone says it is not; we follow the draft.
TEST(SchemaValidatorTest, IntegerFollowsDraft07) {
  const char *schema = R"({"type": "integer"})";
  EXPECT_EQ(check(schema, "1"), "");
  EXPECT_EQ(check(schema, "-7"), "");
  EXPECT_EQ(check(schema, "1.0"), "");
  EXPECT_EQ(check(schema, "18446744073709551615"), "");  // unsigned 64-bit
  EXPECT_EQ(check(schema, "1.5"), "(root): expected an integer, got 1.5");
  EXPECT_EQ(check(schema, R"("1")"), R"((root): expected an integer, got "1")");
  EXPECT_EQ(check(schema, "true"), "(root): expected an integer, got true");
  // Numbers compare by value in enum and const too.
  EXPECT_EQ(check(R"({"enum": [1, 2]})", "2.0"), "");
  EXPECT_EQ(check(R"({"const": 1.0})", "1"), "");
}

TEST(SchemaValidatorTest, Required) {
  const char *schema = R"({"type": "object", "required": ["path", "mode"]})";
  EXPECT_EQ(check(schema, R"({"path": "a", "mode": "r"})"), "");
  EXPECT_EQ(check(schema, R"({"mode": "r"})"), "(root): missing required property 'path'");
  EXPECT_EQ(check(schema, R"({"path": "a"})"), "(root): missing required property 'mode'");
  // valijson keeps required names in a sorted set, so several missing ones come sorted by name.
  SchemaValidator validator(Value::parse(schema));
  EXPECT_EQ(validator.validateAll(Value::parse("{}")),
            (std::vector<std::string>{"(root): missing required property 'mode'",
                                      "(root): missing required property 'path'"}));
  // required says nothing about non-objects (type does).
  EXPECT_EQ(check(R"({"required": ["path"]})", "3"), "");
}

TEST(SchemaValidatorTest, PropertiesAndAdditionalProperties) {
  const char *schema = R"({
    "type": "object",
    "properties": {"name": {"type": "string"}, "size": {"type": "integer"}},
    "additionalProperties": false
  })";
  EXPECT_EQ(check(schema, R"({"name": "a", "size": 3})"), "");
  EXPECT_EQ(check(schema, R"({"name": "a"})"), "");  // properties are optional without required
  EXPECT_EQ(check(schema, R"({"name": 7})"), "/name: expected a string, got 7");
  EXPECT_EQ(check(schema, R"({"name": "a", "extra": 1})"), "(root): unexpected property 'extra'");
  // additionalProperties as a schema.
  const char *typed = R"({"properties": {"id": {"type": "string"}}, "additionalProperties": {"type": "number"}})";
  EXPECT_EQ(check(typed, R"({"id": "x", "weight": 2.5})"), "");
  EXPECT_EQ(check(typed, R"({"id": "x", "weight": "heavy"})"), R"(/weight: expected a number, got "heavy")");
  // patternProperties take part in deciding what is additional.
  const char *patterned = R"({"patternProperties": {"^x-": {"type": "string"}}, "additionalProperties": false})";
  EXPECT_EQ(check(patterned, R"({"x-trace": "on"})"), "");
  EXPECT_EQ(check(patterned, R"({"x-trace": 1})"), "/x-trace: expected a string, got 1");
  EXPECT_EQ(check(patterned, R"({"trace": "on"})"), "(root): unexpected property 'trace'");
  // Every unexpected property is listed.
  EXPECT_EQ(SchemaValidator(Value::parse(schema)).validateAll(Value::parse(R"({"b": 1, "name": 2, "a": 3})")),
            (std::vector<std::string>{"(root): unexpected property 'b'", "(root): unexpected property 'a'",
                                      "/name: expected a string, got 2"}));
  // A property whose schema is false.
  EXPECT_EQ(check(R"({"properties": {"debug": false}})", R"({"debug": true})"),
            "/debug: not allowed by the schema, got true");
  EXPECT_EQ(check("false", "1"), "(root): not allowed by the schema, got 1");
}

TEST(SchemaValidatorTest, EnumAndConst) {
  const char *colours = R"({"enum": ["red", "green", null, 3]})";
  EXPECT_EQ(check(colours, R"("green")"), "");
  EXPECT_EQ(check(colours, "null"), "");
  EXPECT_EQ(check(colours, "3"), "");
  EXPECT_EQ(check(colours, R"("blue")"), R"((root): expected one of "red", "green", null, 3, got "blue")");
  EXPECT_EQ(check(R"({"enum": [{"a": [1]}]})", R"({"a": [1]})"), "");
  EXPECT_EQ(check(R"({"enum": [{"a": [1]}]})", R"({"a": [2]})"), R"((root): expected one of {"a":[1]}, got {"a":[2]})");
  EXPECT_EQ(check(R"({"const": "v1"})", R"("v1")"), "");
  EXPECT_EQ(check(R"({"const": "v1"})", R"("v2")"), R"((root): expected "v1", got "v2")");
  EXPECT_EQ(check(R"({"const": false})", "0"), "(root): expected false, got 0");  // no loose equality
}

TEST(SchemaValidatorTest, MinimumAndMaximum) {
  const char *schema = R"({"type": "number", "minimum": 1, "maximum": 10})";
  EXPECT_EQ(check(schema, "1"), "");
  EXPECT_EQ(check(schema, "10"), "");
  EXPECT_EQ(check(schema, "5.5"), "");
  EXPECT_EQ(check(schema, "0"), "(root): must be >= 1, got 0");
  EXPECT_EQ(check(schema, "10.5"), "(root): must be <= 10, got 10.5");
  const char *exclusive = R"({"exclusiveMinimum": 0, "exclusiveMaximum": 0.5})";
  EXPECT_EQ(check(exclusive, "0.25"), "");
  EXPECT_EQ(check(exclusive, "0"), "(root): must be > 0, got 0");
  EXPECT_EQ(check(exclusive, "0.5"), "(root): must be < 0.5, got 0.5");
  EXPECT_EQ(check(R"({"multipleOf": 3})", "9"), "");
  EXPECT_EQ(check(R"({"multipleOf": 3})", "10"), "(root): must be a multiple of 3, got 10");
  // Bounds ignore non-numbers.
  EXPECT_EQ(check(schema, R"("0")"), R"((root): expected a number, got "0")");
  EXPECT_EQ(check(R"({"minimum": 1})", R"("0")"), "");
}

TEST(SchemaValidatorTest, StringLengthAndPattern) {
  const char *schema = R"({"type": "string", "minLength": 2, "maxLength": 4, "pattern": "^[a-z]+$"})";
  EXPECT_EQ(check(schema, R"("abc")"), "");
  EXPECT_EQ(check(schema, R"("a")"), R"((root): must be at least 2 characters long, got "a")");
  EXPECT_EQ(check(schema, R"("abcde")"), R"((root): must be at most 4 characters long, got "abcde")");
  EXPECT_EQ(check(schema, R"("aB")"), R"((root): must match the pattern '^[a-z]+$', got "aB")");
  // Lengths count characters, not bytes.
  EXPECT_EQ(check(R"({"maxLength": 2})", R"("éé")"), "");
  // A pattern is searched for, not anchored.
  EXPECT_EQ(check(R"({"pattern": "\\d"})", R"("ab3")"), "");
  EXPECT_EQ(check(R"({"pattern": "\\d"})", R"("abc")"), R"((root): must match the pattern '\d', got "abc")");
  // format: checked for date-time on strings, ignored on anything else.
  EXPECT_EQ(check(R"({"format": "date-time"})", R"("2024-05-01T10:00:00Z")"), "");
  EXPECT_EQ(check(R"({"format": "date-time"})", R"("yesterday")"), R"((root): must be a valid date-time, got "yesterday")");
  EXPECT_EQ(check(R"({"format": "date"})", R"({"not": "a string"})"), "");
  EXPECT_EQ(check(R"({"format": "date"})", R"("2024-02-29")"), "");
  EXPECT_EQ(check(R"({"format": "date"})", R"("2023-02-29")"), R"((root): must be a valid date, got "2023-02-29")");
  EXPECT_EQ(check(R"({"format": "time"})", R"("23:59:60.5+01:00")"), "");
  EXPECT_EQ(check(R"({"format": "time"})", R"("24:00:00Z")"), R"((root): must be a valid time, got "24:00:00Z")");
  EXPECT_EQ(check(R"({"format": "email"})", R"("not checked")"), "");
}

TEST(SchemaValidatorTest, ItemsAndArrays) {
  const char *schema = R"({
    "type": "array", "minItems": 1, "maxItems": 3, "uniqueItems": true,
    "items": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}}
  })";
  EXPECT_EQ(check(schema, R"([{"name": "a"}, {"name": "b"}])"), "");
  EXPECT_EQ(check(schema, "[]"), "(root): must have at least 1 item, got []");
  EXPECT_EQ(check(schema, R"([{"name": "a"}, {"name": 42}])"), "/1/name: expected a string, got 42");
  EXPECT_EQ(check(schema, R"([{"name": "a"}, {}])"), "/1: missing required property 'name'");
  EXPECT_EQ(check(schema, R"([{"name": "a"}, {"name": "a"}])"),
            R"((root): must have unique items (#0 and #1 are equal), got [{"name":"a"},{"name":"a"}])");
  EXPECT_EQ(check(schema, R"([{"name": "a"}, {"name": "b"}, {"name": "c"}, {"name": "d"}])"),
            R"((root): must have at most 3 items, got [{"name":"a"},{"name":"b"},{"name":"c"},{"name":"d"}])");
  // Tuples: extra items are allowed unless additionalItems says otherwise.
  EXPECT_EQ(check(R"({"items": [{"type": "string"}, {"type": "integer"}]})", R"(["a", 1, true])"), "");
  EXPECT_EQ(check(R"({"items": [{"type": "string"}, {"type": "integer"}]})", R"(["a", "b"])"),
            R"(/1: expected an integer, got "b")");
  EXPECT_EQ(check(R"({"items": [{"type": "string"}], "additionalItems": false})", R"(["a"])"), "");
  EXPECT_EQ(check(R"({"items": [{"type": "string"}], "additionalItems": false})", R"(["a", 1])"),
            R"((root): has more items than the items list allows, got ["a",1])");
  EXPECT_EQ(check(R"({"items": [{"type": "string"}], "additionalItems": {"type": "integer"}})", R"(["a", 1, 2.5])"),
            "/2: expected an integer, got 2.5");
  EXPECT_EQ(check(R"({"contains": {"const": 5}})", "[1, 5]"), "");
  EXPECT_EQ(check(R"({"contains": {"const": 5}})", "[1, 2]"),
            "(root): must contain an item matching the contains schema, got [1,2]");
}

TEST(SchemaValidatorTest, AnyOfOneOfAllOf) {
  const char *anyOf = R"({"anyOf": [{"type": "string"}, {"type": "integer", "minimum": 0}]})";
  EXPECT_EQ(check(anyOf, R"("x")"), "");
  EXPECT_EQ(check(anyOf, "4"), "");
  EXPECT_EQ(check(anyOf, "-4"), "(root): matches none of the anyOf alternatives, got -4");
  EXPECT_EQ(check(anyOf, "null"), "(root): matches none of the anyOf alternatives, got null");

  const char *oneOf = R"({"oneOf": [{"type": "integer"}, {"type": "number", "minimum": 10}]})";
  EXPECT_EQ(check(oneOf, "3"), "");     // integer only
  EXPECT_EQ(check(oneOf, "10.5"), "");  // number >= 10 only
  EXPECT_EQ(check(oneOf, "12"), "(root): matches more than one oneOf alternative (#0 and #1), got 12");
  EXPECT_EQ(check(oneOf, "2.5"), "(root): matches none of the oneOf alternatives, got 2.5");

  const char *allOf = R"({"allOf": [{"type": "string"}, {"minLength": 3}, {"pattern": "^a"}]})";
  EXPECT_EQ(check(allOf, R"("abc")"), "");
  EXPECT_EQ(check(allOf, R"("ab")"), R"((root): must be at least 3 characters long, got "ab")");
  EXPECT_EQ(check(allOf, R"("bcd")"), R"((root): must match the pattern '^a', got "bcd")");
  SchemaValidator validator(Value::parse(allOf));
  EXPECT_EQ(validator.validateAll(Value::parse(R"("b")")),
            (std::vector<std::string>{R"((root): must be at least 3 characters long, got "b")",
                                      R"((root): must match the pattern '^a', got "b")"}));

  EXPECT_EQ(check(R"({"not": {"type": "null"}})", "1"), "");
  EXPECT_EQ(check(R"({"not": {"type": "null"}})", "null"), "(root): must not match the not schema, got null");
}

TEST(SchemaValidatorTest, IfThenElse) {
  const char *schema = R"({
    "type": "object",
    "properties": {"country": {"type": "string"}, "postal_code": {"type": "string"}},
    "if": {"properties": {"country": {"const": "US"}}, "required": ["country"]},
    "then": {"properties": {"postal_code": {"pattern": "^[0-9]{5}$"}}},
    "else": {"properties": {"postal_code": {"pattern": "^[A-Z0-9 ]+$"}}}
  })";
  EXPECT_EQ(check(schema, R"({"country": "US", "postal_code": "20500"})"), "");
  EXPECT_EQ(check(schema, R"({"country": "CA", "postal_code": "K1A 0B1"})"), "");
  EXPECT_EQ(check(schema, R"({"country": "US", "postal_code": "K1A 0B1"})"),
            R"(/postal_code: must match the pattern '^[0-9]{5}$', got "K1A 0B1")");
  EXPECT_EQ(check(schema, R"({"country": "CA", "postal_code": "k1a"})"),
            R"(/postal_code: must match the pattern '^[A-Z0-9 ]+$', got "k1a")");
  EXPECT_EQ(check(schema, R"({"postal_code": "k1a"})"),  // no country: the if fails, else applies
            R"(/postal_code: must match the pattern '^[A-Z0-9 ]+$', got "k1a")");
}

TEST(SchemaValidatorTest, LocalRefsIntoDefinitions) {
  const char *schema = R"({
    "definitions": {
      "name": {"type": "string", "minLength": 1},
      "step": {"type": "object", "required": ["name"], "properties": {"name": {"$ref": "#/definitions/name"}}}
    },
    "type": "object",
    "properties": {"steps": {"type": "array", "items": {"$ref": "#/definitions/step"}}}
  })";
  EXPECT_EQ(check(schema, R"({"steps": [{"name": "a"}, {"name": "b"}]})"), "");
  EXPECT_EQ(check(schema, R"({"steps": [{"name": "a"}, {"name": ""}]})"),
            R"(/steps/1/name: must be at least 1 character long, got "")");
  EXPECT_EQ(check(schema, R"({"steps": [{}]})"), "/steps/0: missing required property 'name'");
  // A $ref to a property's schema rather than to definitions.
  EXPECT_EQ(check(R"({"properties": {"a": {"type": "integer"}, "b": {"$ref": "#/properties/a"}}})", R"({"b": "x"})"),
            R"(/b: expected an integer, got "x")");
}

TEST(SchemaValidatorTest, RecursiveTreeSchema) {
  const char *schema = R"({
    "$ref": "#/definitions/node",
    "definitions": {
      "node": {
        "type": "object",
        "required": ["value"],
        "properties": {
          "value": {"type": "integer"},
          "children": {"type": "array", "items": {"$ref": "#/definitions/node"}}
        },
        "additionalProperties": false
      }
    }
  })";
  SchemaValidator validator(Value::parse(schema));
  EXPECT_EQ(validator.validate(Value::parse(R"({"value": 1})")), std::nullopt);
  EXPECT_EQ(validator.validate(Value::parse(
                R"({"value": 1, "children": [{"value": 2}, {"value": 3, "children": [{"value": 4, "children": []}]}]})")),
            std::nullopt);
  EXPECT_EQ(validator.validate(Value::parse(
                R"({"value": 1, "children": [{"value": 2}, {"value": 3, "children": [{"value": "four"}]}]})")),
            R"(/children/1/children/0/value: expected an integer, got "four")");
  EXPECT_EQ(validator.validate(Value::parse(R"({"value": 1, "children": [{"children": []}]})")),
            "/children/0: missing required property 'value'");
  EXPECT_EQ(validator.validate(Value::parse(R"({"value": 1, "children": [{"value": 2, "colour": "red"}]})")),
            "/children/0: unexpected property 'colour'");
  // Recursion through the root itself.
  SchemaValidator list(Value::parse(R"({"type": ["array", "integer"], "items": {"$ref": "#"}})"));
  EXPECT_EQ(list.validate(Value::parse("[1, [2, [3, []]]]")), std::nullopt);
  EXPECT_EQ(list.validate(Value::parse(R"([1, [2, ["3"]]])")), R"(/1/1/0: expected an array or an integer, got "3")");
}

TEST(SchemaValidatorTest, InvalidSchemasThrowUsage) {
  EXPECT_EQ(compileError(R"({"type": "strnig"})"), ErrorKind::Usage);
  EXPECT_EQ(compileError(R"({"type": "object", "properties": {"a": {"type": 5}}})"), ErrorKind::Usage);
  EXPECT_EQ(compileError(R"({"minLength": -1})"), ErrorKind::Usage);
  EXPECT_EQ(compileError(R"({"required": "name"})"), ErrorKind::Usage);
  EXPECT_EQ(compileError(R"({"minimum": "3"})"), ErrorKind::Usage);
  EXPECT_EQ(compileError(R"({"anyOf": []})"), ErrorKind::Usage);
  EXPECT_EQ(compileError("42"), ErrorKind::Usage);
  EXPECT_EQ(compileError(R"({"$ref": "#/definitions/missing"})"), ErrorKind::Usage);
  EXPECT_EQ(compileError(R"({"properties": {"a": {"$ref": "#/definitions/missing"}}})"), ErrorKind::Usage);
  EXPECT_EQ(compileError(R"({"$ref": "http://example.com/schema.json"})"), ErrorKind::Usage);
  EXPECT_EQ(compileError(R"({"$ref": "other.json#/definitions/a"})"), ErrorKind::Usage);
  EXPECT_EQ(compileError(R"({"pattern": "(unclosed"})"), ErrorKind::Usage);
  EXPECT_EQ(compileError(R"({"patternProperties": {"[a-": {}}})"), ErrorKind::Usage);
  // Cycles of bare $refs (valijson's parser would recurse until the stack overflows).
  EXPECT_EQ(compileError(R"({"$ref": "#"})"), ErrorKind::Usage);
  EXPECT_EQ(compileError(R"({"properties": {"a": {"$ref": "#/properties/a"}}})"), ErrorKind::Usage);
  EXPECT_EQ(compileError(R"({"definitions": {"a": {"$ref": "#/definitions/b"}, "b": {"$ref": "#/definitions/a"}},
                             "$ref": "#/definitions/a"})"),
            ErrorKind::Usage);
  // The message says where and what.
  auto message = [](const char *schema) -> std::string {
    try {
      SchemaValidator validator(Value::parse(schema));
    } catch (const Error &e) {
      return e.what();
    }
    return "accepted";
  };
  EXPECT_EQ(message(R"({"properties": {"a": {"type": "strnig"}}})"),
            "invalid JSON Schema: /properties/a/type: expected a type name (array, boolean, integer, null, number, "
            "object, string) or a list of them, got \"strnig\"");
  EXPECT_EQ(message(R"({"minLength": -1})"), "invalid JSON Schema: /minLength: must be >= 0, got -1");
  EXPECT_EQ(message(R"({"items": {"$ref": "#/definitions/item"}})"),
            "invalid JSON Schema: /items/$ref: $ref '#/definitions/item' does not resolve");
  EXPECT_EQ(message(R"({"$ref": "common.json#/definitions/id"})"),
            "invalid JSON Schema: /$ref: only local $refs (\"#/…\") are supported, not 'common.json#/definitions/id'");
  // Boolean schemas, unknown keywords and $schema are all fine.
  EXPECT_NO_THROW(SchemaValidator(Value::parse("true")));
  EXPECT_NO_THROW(SchemaValidator(Value::parse("false")));
  EXPECT_NO_THROW(SchemaValidator(Value::parse(
      R"({"$schema": "http://json-schema.org/draft-07/schema#", "x-ui": {"widget": 1}, "type": "string"})")));
  // $refs with escapes in their JSON pointer resolve.
  EXPECT_EQ(check(R"({"definitions": {"a b": {"type": "integer"}, "c/d": {"type": "string"}},
                      "properties": {"x": {"$ref": "#/definitions/a%20b"}, "y": {"$ref": "#/definitions/c~1d"}}})",
                  R"({"x": 1, "y": 2})"),
            "/y: expected a string, got 2");
  // An empty enum is a valid schema that nothing satisfies.
  EXPECT_EQ(check(R"({"enum": []})", "1"), "(root): not allowed by the schema (enum is empty), got 1");
  // "pattern" inside enum / const / default is data, not a regular expression.
  EXPECT_NO_THROW(SchemaValidator(Value::parse(R"({"enum": [{"pattern": "(("}], "default": {"pattern": "(("}})")));
}

TEST(SchemaValidatorTest, MessageFormat) {
  const char *schema = R"({
    "type": "object",
    "properties": {
      "items": {"type": "array", "items": {"type": "object", "properties": {"name": {"type": "string"}}}},
      "a/b": {"type": "string"},
      "m~n": {"type": "string"},
      "blob": {"type": "string"}
    }
  })";
  SchemaValidator validator(Value::parse(schema));
  // A JSON pointer into the value, then the problem, then the value.
  EXPECT_EQ(validator.validate(Value::parse(R"({"items": [{"name": 42}]})")), "/items/0/name: expected a string, got 42");
  // Pointer escaping (RFC 6901): "/" is ~1, "~" is ~0.
  EXPECT_EQ(validator.validate(Value::parse(R"({"a/b": 1})")), "/a~1b: expected a string, got 1");
  EXPECT_EQ(validator.validate(Value::parse(R"({"m~n": 1})")), "/m~0n: expected a string, got 1");
  // Long values are cut near 60 characters, marked with "…".
  std::string longArray = "[";
  for (int i = 0; i < 100; ++i) longArray += (i ? "," : "") + std::to_string(1000 + i);
  longArray += "]";
  std::optional<std::string> problem = validator.validate(Value::parse(R"({"blob": )" + longArray + "}"));
  ASSERT_TRUE(problem.has_value());
  EXPECT_EQ(problem->rfind("/blob: expected a string, got [1000,1001,", 0), 0u) << *problem;
  const std::string ellipsis = "…";
  EXPECT_EQ(problem->substr(problem->size() - ellipsis.size()), ellipsis) << *problem;
  std::string shown = problem->substr(std::string("/blob: expected a string, got ").size());
  EXPECT_LE(shown.size(), 60 + ellipsis.size());
  EXPECT_GE(shown.size(), 50u);
  // Long strings too, without splitting a UTF-8 character.
  std::string longString = "\"";
  for (int i = 0; i < 40; ++i) longString += "é";
  longString += "\"";
  problem = SchemaValidator(Value::parse(R"({"type": "integer"})")).validate(Value::parse(longString));
  ASSERT_TRUE(problem.has_value());
  EXPECT_EQ(problem->rfind("(root): expected an integer, got \"éé", 0), 0u) << *problem;
  EXPECT_EQ(problem->substr(problem->size() - ellipsis.size()), ellipsis);
  EXPECT_NO_THROW((void)nlohmann::json(*problem).dump());  // still valid UTF-8 (dump throws otherwise)
  // Messages are lowercase-first and have no trailing period.
  SchemaValidator strict(Value::parse(
      R"({"type": "object", "required": ["x"], "properties": {"n": {"minimum": 3}, "s": {"maxLength": 1}}})"));
  for (const std::string &message : strict.validateAll(Value::parse(R"({"n": 1, "s": "long"})"))) {
    std::string text = message.substr(message.find(": ") + 2);
    EXPECT_TRUE(text[0] >= 'a' && text[0] <= 'z') << message;
    EXPECT_NE(message.back(), '.') << message;
  }
}

TEST(SchemaValidatorTest, ValidateAllListsEveryProblemInStableOrder) {
  const char *schema = R"({
    "type": "object",
    "required": ["id"],
    "properties": {"tags": {"type": "array", "items": {"type": "string"}}, "n": {"type": "integer"}}
  })";
  SchemaValidator validator(Value::parse(schema));
  Value value = Value::parse(R"({"tags": ["a", 1, "b", false], "n": "x"})");
  std::vector<std::string> all = validator.validateAll(value);
  EXPECT_EQ(all, (std::vector<std::string>{"(root): missing required property 'id'", "/tags/1: expected a string, got 1",
                                           "/tags/3: expected a string, got false",
                                           R"(/n: expected an integer, got "x")"}));
  EXPECT_EQ(validator.validateAll(value), all);
  EXPECT_EQ(validator.validate(value), all.front());
  EXPECT_TRUE(validator.validateAll(Value::parse(R"({"id": 1})")).empty());
}

TEST(SchemaValidatorTest, ConcurrentValidateFromEightThreads) {
  const char *schema = R"({
    "definitions": {"tag": {"type": "string", "pattern": "^[a-z]+$"}},
    "type": "object",
    "required": ["path", "mode"],
    "properties": {
      "path": {"type": "string", "minLength": 1},
      "mode": {"enum": ["r", "w"]},
      "tags": {"type": "array", "items": {"$ref": "#/definitions/tag"}}
    }
  })";
  const SchemaValidator validator(Value::parse(schema));
  const Value good = Value::parse(R"({"path": "/tmp/x", "mode": "r", "tags": ["a", "bc"]})");
  const Value badTag = Value::parse(R"({"path": "/tmp/x", "mode": "w", "tags": ["a", "B"]})");
  const Value noMode = Value::parse(R"({"path": "/tmp/x"})");
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 2000; ++i) {
        switch ((i + t) % 3) {
          case 0:
            if (validator.validate(good)) ++wrong;
            break;
          case 1:
            if (validator.validate(badTag) != R"(/tags/1: must match the pattern '^[a-z]+$', got "B")") ++wrong;
            break;
          default:
            if (validator.validateAll(noMode) != std::vector<std::string>{"(root): missing required property 'mode'"})
              ++wrong;
        }
      }
    });
  }
  for (std::thread &thread : threads) thread.join();
  EXPECT_EQ(wrong.load(), 0);
}

}  // namespace
}  // namespace wfc

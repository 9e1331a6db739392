// The executable's input (docs/executable.md "Input and output"): what runMain (runtime/host/cli/Main.cpp) does with
// the text of --input FILE, --input - or --input-json — Value::parse, then, for an object, the
// input_schema check (SchemaValidator) — here against a fixed schema that uses every keyword
// the validator implements or adapts (types, bounds, patterns, formats, combinators, local and
// recursive $refs, dependencies, if/then/else).
//
// Invariants checked besides crashes: validate() is validateAll()'s first problem, or nullopt
// exactly when validateAll() finds none (SchemaValidator.h); a parsed value dumps to JSON that
// parses back into an equal value.
#include "FuzzTarget.h"

#include "support/SchemaValidator.h"
#include "wfc/error.h"
#include "wfc/value.h"

#include <optional>
#include <string>
#include <vector>

namespace {

constexpr const char *kSchema = R"json({
  "$schema": "http://json-schema.org/draft-07/schema#",
  "type": "object",
  "definitions": {
    "node": {
      "type": "object",
      "properties": {"name": {"type": "string"}, "children": {"type": "array", "items": {"$ref": "#/definitions/node"}}},
      "required": ["name"]
    },
    "tag": {"type": "string", "pattern": "^[a-z][a-z0-9-]*$", "maxLength": 64}
  },
  "properties": {
    "text": {"type": "string", "minLength": 1, "maxLength": 100000},
    "count": {"type": "integer", "minimum": 0, "exclusiveMaximum": 1000, "multipleOf": 3},
    "ratio": {"type": "number", "exclusiveMinimum": 0, "maximum": 1.5},
    "flag": {"type": "boolean"},
    "nothing": {"type": "null"},
    "kind": {"enum": ["report", "memo", 1, 2.5, null, {"a": [1]}]},
    "version": {"const": 1},
    "tags": {"type": "array", "items": {"$ref": "#/definitions/tag"}, "minItems": 1, "maxItems": 20, "uniqueItems": true},
    "pair": {"type": "array", "items": [{"type": "string"}, {"type": "number"}], "additionalItems": false},
    "has_number": {"type": "array", "contains": {"type": "number", "minimum": 10}},
    "when": {"type": "string", "format": "date-time"},
    "day": {"type": "string", "format": "date"},
    "clock": {"type": "string", "format": "time"},
    "email": {"type": "string", "format": "email"},
    "id": {"anyOf": [{"type": "integer"}, {"type": "string", "pattern": "^id-[0-9]+$"}]},
    "choice": {"oneOf": [{"type": "string"}, {"type": "string", "minLength": 3}, {"type": "integer"}]},
    "both": {"allOf": [{"type": "string"}, {"not": {"enum": ["forbidden"]}}]},
    "tree": {"$ref": "#/definitions/node"},
    "shape": {
      "type": "object",
      "if": {"properties": {"kind": {"const": "circle"}}, "required": ["kind"]},
      "then": {"required": ["radius"]},
      "else": {"required": ["width", "height"]}
    },
    "labels": {
      "type": "object",
      "propertyNames": {"pattern": "^[A-Za-z_]+$"},
      "additionalProperties": {"type": "string"},
      "patternProperties": {"^x-": {"type": "integer"}},
      "minProperties": 1,
      "maxProperties": 8
    },
    "card": {"type": "object", "dependencies": {"number": ["expiry"], "expiry": {"required": ["number"]}}}
  },
  "required": ["text"],
  "additionalProperties": false
})json";

const wfc::SchemaValidator &validator() {
  static const wfc::SchemaValidator schema(wfc::Value::parse(kSchema));
  return schema;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const wfc::SchemaValidator &schema = validator();
  wfc::Value input;
  try {
    input = wfc::Value::parse(wfc::fuzz::asText(data, size));
  } catch (const wfc::Error &) {
    return 0;  // "the input is not valid JSON": a usage error
  }
  if (wfc::Value::parse(input.dump()) != input) wfc::fuzz::fail("a value does not survive dump() and parse(): " + input.dump());
  if (!input.isObject()) return 0;  // "must be a JSON object": a usage error, before any schema

  std::optional<std::string> first = schema.validate(input);
  std::vector<std::string> all = schema.validateAll(input);
  if (first.has_value() != !all.empty()) wfc::fuzz::fail("validate() and validateAll() disagree on " + input.dump());
  if (first && *first != all.front())
    wfc::fuzz::fail("validate() is not validateAll()'s first problem: '" + *first + "' vs '" + all.front() + "'");
  for (const std::string &problem : all)
    if (problem.empty()) wfc::fuzz::fail("an empty problem for " + input.dump());
  return 0;
}

#include "codegen/StrictSchema.h"

#include <algorithm>
#include <iterator>

namespace wfc::codegen {
namespace {

// Keywords the strict subset accepts. Constraints beyond these (pattern, minLength, minimum,
// format, …) are not guaranteed by every provider in strict mode, so a schema using them is sent
// non-strict and validated after the reply instead.
const char *const kStrictKeywords[] = {"type",        "properties", "required", "additionalProperties",
                                       "items",       "enum",       "const",    "anyOf",
                                       "description", "title",      "$defs",    "definitions",
                                       "$ref",        "$schema",    "$comment"};

bool fits(const ir::Json &schema) {
  if (!schema.is_object()) return false;
  for (auto it = schema.begin(); it != schema.end(); ++it)
    if (std::find_if(std::begin(kStrictKeywords), std::end(kStrictKeywords),
                     [&](const char *k) { return it.key() == k; }) == std::end(kStrictKeywords))
      return false;
  bool isObject = schema.contains("properties") ||
                  (schema.contains("type") && schema["type"].is_string() && schema["type"] == "object");
  if (isObject) {
    if (!schema.contains("additionalProperties") || schema["additionalProperties"] != false) return false;
    const ir::Json &properties = schema.contains("properties") ? schema["properties"] : ir::Json::object();
    if (!properties.is_object()) return false;
    const ir::Json &required = schema.contains("required") ? schema["required"] : ir::Json::array();
    for (auto it = properties.begin(); it != properties.end(); ++it) {
      if (std::find(required.begin(), required.end(), it.key()) == required.end()) return false;
      if (!fits(it.value())) return false;
    }
  }
  if (schema.contains("items") && !fits(schema["items"])) return false;
  if (schema.contains("anyOf")) {
    if (!schema["anyOf"].is_array()) return false;
    for (const auto &option : schema["anyOf"])
      if (!fits(option)) return false;
  }
  for (const char *defs : {"$defs", "definitions"})
    if (schema.contains(defs)) {
      if (!schema[defs].is_object()) return false;
      for (const auto &def : schema[defs])
        if (!fits(def)) return false;
    }
  return true;
}

}  // namespace

bool fitsStrictSubset(const ir::Json &schema) {
  if (!schema.is_object() || !schema.contains("type") || schema["type"] != "object") return false;
  return fits(schema);
}

}  // namespace wfc::codegen

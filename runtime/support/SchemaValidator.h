// JSON Schema (draft-07) validation at run time, on valijson: the workflow input against its
// input_schema, tool arguments against the tool's parameters, outputs against output_schema.
//
// A schema is compiled once, in the constructor (checked against the draft-07 meta-schema, $refs
// resolved, regular expressions compiled); validate() then only walks the value.
//
// Thread-safety: after construction a SchemaValidator is immutable. validate() and validateAll()
// are const, share nothing mutable between calls, and may be called concurrently from any number
// of threads on one validator.
//
// Semantics worth knowing: draft-07 throughout; "integer" accepts a number with a zero fractional
// part (1.0 is an integer, as draft-06+ says; valijson alone would reject it); enum, const and
// uniqueItems compare numbers by value (1 == 1.0); "format" is checked only for date, time and
// date-time and only on strings; patterns are ECMAScript std::regex, searched (not anchored).
#pragma once

#include "wfc/value.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace wfc {

class SchemaValidator {
 public:
  // `schema` must be self-contained: only local "#/…" $refs (recursive ones included). Throws
  // wfc::Error(ErrorKind::Usage) when it is not a valid draft-07 schema, when a $ref does not
  // resolve, or when a pattern is not a valid regular expression.
  explicit SchemaValidator(const Value &schema);
  ~SchemaValidator();
  SchemaValidator(const SchemaValidator &) = delete;
  SchemaValidator &operator=(const SchemaValidator &) = delete;

  // nullopt when `value` is valid; else the first problem (validateAll()'s first), located by a
  // JSON pointer into the value and showing the offending value abbreviated:
  //   "/items/0/name: expected a string, got 42"
  //   "(root): missing required property 'path'"
  // Messages are lowercase-first with no trailing period.
  std::optional<std::string> validate(const Value &value) const;
  // Every problem, same format; empty when valid. Stable order: document order of the value, a
  // container's own problems (missing property, wrong type) before its members'; problems at one
  // place in valijson's keyword order (several missing required properties sorted by name).
  // A failed anyOf / oneOf is one message at the anyOf / oneOf, not its alternatives' problems.
  std::vector<std::string> validateAll(const Value &value) const;

  struct Impl;  // public only so that SchemaValidator.cpp can build the meta-schema's

 private:
  std::unique_ptr<const Impl> impl_;
};

}  // namespace wfc

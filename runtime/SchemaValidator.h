// JSON Schema (draft-07) validation at run time, on valijson: the workflow input against its
// input_schema, tool arguments against the tool's parameters, outputs against output_schema.
// A schema is compiled once; validate() may then be called from any number of threads at once.
#pragma once

#include "wfc/value.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace wfc {

class SchemaValidator {
 public:
  // `schema` must be self-contained (only "#/…" $refs). Throws wfc::Error(Usage) when it is not
  // a valid schema.
  explicit SchemaValidator(const Value &schema);
  ~SchemaValidator();
  SchemaValidator(const SchemaValidator &) = delete;
  SchemaValidator &operator=(const SchemaValidator &) = delete;

  // nullopt when `value` is valid; else the first problem, located by a JSON pointer into the
  // value: "/items/0/name: expected a string, got 42".
  std::optional<std::string> validate(const Value &value) const;
  // Every problem, in the validator's order.
  std::vector<std::string> validateAll(const Value &value) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace wfc

// JMESPath expressions (https://jmespath.org), what PromptKit's `json_path` eval type evaluates
// on a reply's JSON (docs/evals.md "json_path"). Compiled once — by the compiler, to report a
// wrong expression at the pack's line, and by the runtime, once per eval for the run — and
// evaluated on nlohmann values: the JMESPath engine (vendored jsoncons, third_party/jsoncons)
// stays inside JmesPath.cpp.
//
// Compiled into both the compiler's front end and the runtime (one source, two libraries).
#pragma once

#include <nlohmann/json.hpp>

#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace wfc {

class JmesPath {
 public:
  // Null, with `error` saying what is wrong and where ("Expected identifier at column 7"), when
  // the expression is not JMESPath. A JSONPath-style root (`$.order`) is refused here with a hint:
  // JMESPath starts at the document itself (`order`).
  static std::shared_ptr<const JmesPath> compile(std::string_view expression, std::string *error);

  // The expression's value on `document` (null when a path is missing, as JMESPath defines); no
  // value, with `error` saying why, when evaluating fails (a function given the wrong type).
  std::optional<nlohmann::ordered_json> search(const nlohmann::ordered_json &document, std::string *error) const;

  ~JmesPath();
  JmesPath(const JmesPath &) = delete;
  JmesPath &operator=(const JmesPath &) = delete;

 private:
  struct Compiled;
  explicit JmesPath(std::unique_ptr<Compiled> compiled);
  std::unique_ptr<Compiled> compiled_;
};

}  // namespace wfc

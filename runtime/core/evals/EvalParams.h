// Reading a named eval type's params (EvalDecl::params, docs/evals.md): the compiler checked their
// shapes, so a reader only falls back — to empty, absent or false — where a param was not given.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace wfc::evals::param {

using Json = nlohmann::ordered_json;

inline std::vector<std::string> strings(const Json &params, const char *key) {
  std::vector<std::string> out;
  auto it = params.find(key);
  if (it == params.end() || !it->is_array()) return out;
  for (const Json &item : *it)
    if (item.is_string()) out.push_back(item.get<std::string>());
  return out;
}

inline std::string text(const Json &params, const char *key) {
  auto it = params.find(key);
  return it != params.end() && it->is_string() ? it->get<std::string>() : "";
}

inline std::optional<double> number(const Json &params, const char *key) {
  auto it = params.find(key);
  if (it == params.end() || !it->is_number()) return std::nullopt;
  return it->get<double>();
}

inline std::optional<int64_t> integer(const Json &params, const char *key) {
  std::optional<double> n = number(params, key);
  return n ? std::optional<int64_t>(static_cast<int64_t>(*n)) : std::nullopt;
}

inline bool flag(const Json &params, const char *key) {
  auto it = params.find(key);
  return it != params.end() && it->is_boolean() && it->get<bool>();
}

inline const Json &object(const Json &params, const char *key) {
  static const Json kNone = Json::object();
  auto it = params.find(key);
  return it != params.end() && it->is_object() ? *it : kNone;
}

}  // namespace wfc::evals::param

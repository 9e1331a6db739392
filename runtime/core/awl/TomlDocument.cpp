#include "core/awl/TomlDocument.h"

#include "wfc/error.h"

#include <sstream>

#define TOML_EXCEPTIONS 1
#define TOML_HEADER_ONLY 1
#include <toml++/toml.h>

namespace wfc::awl {
namespace {

using Json = nlohmann::ordered_json;

// Dates and times have no JSON type: they become their TOML text ("1979-05-27T07:32:00Z").
template <typename T>
std::string text(const T &value) {
  std::ostringstream out;
  out << value;
  return out.str();
}

Json toJson(const toml::node &node) {
  if (const toml::table *t = node.as_table()) {
    Json out = Json::object();
    for (const auto &[key, value] : *t) out[std::string(key.str())] = toJson(value);
    return out;
  }
  if (const toml::array *a = node.as_array()) {
    Json out = Json::array();
    for (const toml::node &item : *a) out.push_back(toJson(item));
    return out;
  }
  if (auto v = node.value_exact<std::string>()) return *v;
  if (auto v = node.value_exact<int64_t>()) return *v;
  if (auto v = node.value_exact<double>()) return *v;
  if (auto v = node.value_exact<bool>()) return *v;
  if (auto v = node.value_exact<toml::date>()) return text(*v);
  if (auto v = node.value_exact<toml::time>()) return text(*v);
  if (auto v = node.value_exact<toml::date_time>()) return text(*v);
  return nullptr;
}

}  // namespace

Json parseToml(const std::string &text, const std::string &path) {
  try {
    toml::table table = toml::parse(text, path);
    return toJson(table);
  } catch (const toml::parse_error &e) {
    const toml::source_region &where = e.source();
    throw Error(ErrorKind::StepFailed, "read-file: '" + path + "' line " + std::to_string(where.begin.line) + ", column " +
                                           std::to_string(where.begin.column) + ": invalid TOML: " +
                                           std::string(e.description()));
  }
}

}  // namespace wfc::awl

#include "common/JmesPath.h"

#include <jsoncons/json.hpp>
#include <jsoncons_ext/jmespath/jmespath.hpp>

namespace wfc {

// jsoncons' ordered JSON keeps an object's keys in their order, as nlohmann's ordered_json does.
using Doc = jsoncons::ojson;

struct JmesPath::Compiled {
  jsoncons::jmespath::jmespath_expression<Doc> expression;
};

namespace {

// Values cross between the two JSON libraries member by member (no text in between, so no second
// parser and no nesting the reader did not already bound).
Doc toDoc(const nlohmann::ordered_json &value) {
  switch (value.type()) {
    case nlohmann::ordered_json::value_t::null:
    case nlohmann::ordered_json::value_t::discarded:
      return Doc::null();
    case nlohmann::ordered_json::value_t::boolean:
      return Doc(value.get<bool>());
    case nlohmann::ordered_json::value_t::number_integer:
      return Doc(value.get<int64_t>());
    case nlohmann::ordered_json::value_t::number_unsigned:
      return Doc(value.get<uint64_t>());
    case nlohmann::ordered_json::value_t::number_float:
      return Doc(value.get<double>());
    case nlohmann::ordered_json::value_t::string:
      return Doc(value.get_ref<const std::string &>());
    case nlohmann::ordered_json::value_t::binary:
      return Doc::null();
    case nlohmann::ordered_json::value_t::array: {
      Doc out(jsoncons::json_array_arg);
      out.reserve(value.size());
      for (const auto &item : value) out.push_back(toDoc(item));
      return out;
    }
    case nlohmann::ordered_json::value_t::object: {
      Doc out(jsoncons::json_object_arg);
      for (const auto &[key, item] : value.items()) out.insert_or_assign(key, toDoc(item));
      return out;
    }
  }
  return Doc::null();
}

nlohmann::ordered_json fromDoc(const Doc &value) {
  switch (value.type()) {
    case jsoncons::json_type::null_value:
      return nullptr;
    case jsoncons::json_type::bool_value:
      return value.as<bool>();
    case jsoncons::json_type::int64_value:
      return value.as<int64_t>();
    case jsoncons::json_type::uint64_value:
      return value.as<uint64_t>();
    case jsoncons::json_type::half_value:
    case jsoncons::json_type::double_value:
      return value.as<double>();
    case jsoncons::json_type::string_value:
      return value.as<std::string>();
    case jsoncons::json_type::byte_string_value:
      return nullptr;
    case jsoncons::json_type::array_value: {
      nlohmann::ordered_json out = nlohmann::ordered_json::array();
      for (const Doc &item : value.array_range()) out.push_back(fromDoc(item));
      return out;
    }
    case jsoncons::json_type::object_value: {
      nlohmann::ordered_json out = nlohmann::ordered_json::object();
      for (const auto &member : value.object_range()) out[std::string(member.key())] = fromDoc(member.value());
      return out;
    }
  }
  return nullptr;
}

}  // namespace

JmesPath::JmesPath(std::unique_ptr<Compiled> compiled) : compiled_(std::move(compiled)) {}
JmesPath::~JmesPath() = default;

std::shared_ptr<const JmesPath> JmesPath::compile(std::string_view expression, std::string *error) {
  size_t start = expression.find_first_not_of(" \t\r\n");
  if (start != std::string_view::npos && expression[start] == '$' &&
      (start + 1 == expression.size() || expression[start + 1] == '.' || expression[start + 1] == '[')) {
    if (error)
      *error = "JMESPath has no '$' root (that is JSONPath): a path starts at the document itself, "
               "as in 'order.status' for '$.order.status'";
    return nullptr;
  }
  try {
    auto compiled = std::make_unique<Compiled>(
        Compiled{jsoncons::jmespath::make_expression<Doc>(jsoncons::string_view(expression.data(), expression.size()))});
    return std::shared_ptr<const JmesPath>(new JmesPath(std::move(compiled)));
  } catch (const jsoncons::jmespath::jmespath_error &e) {
    if (error) {
      *error = e.code().message();
      if (e.column() != 0) *error += " at column " + std::to_string(e.column());
    }
    return nullptr;
  } catch (const std::exception &e) {
    if (error) *error = e.what();
    return nullptr;
  }
}

std::optional<nlohmann::ordered_json> JmesPath::search(const nlohmann::ordered_json &document,
                                                       std::string *error) const {
  try {
    std::error_code ec;
    Doc result = compiled_->expression.evaluate(toDoc(document), ec);
    if (ec) {
      if (error) *error = ec.message();
      return std::nullopt;
    }
    return fromDoc(result);
  } catch (const std::exception &e) {
    if (error) *error = e.what();
    return std::nullopt;
  }
}

}  // namespace wfc

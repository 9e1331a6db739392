#include "frontend/awl/AwlType.h"

namespace wfc::awl {

AwlType AwlType::array(AwlType element) {
  AwlType t(Kind::Array);
  t.element_ = std::make_shared<const AwlType>(std::move(element));
  return t;
}

AwlType AwlType::record(std::vector<std::pair<std::string, AwlType>> fields, std::string name) {
  AwlType t(Kind::Object);
  t.fields_ = std::move(fields);
  t.name_ = std::move(name);
  return t;
}

AwlType AwlType::of(const nlohmann::ordered_json &v) {
  switch (v.type()) {
    case nlohmann::ordered_json::value_t::null: return null();
    case nlohmann::ordered_json::value_t::boolean: return boolean();
    case nlohmann::ordered_json::value_t::number_integer:
    case nlohmann::ordered_json::value_t::number_unsigned: return integer();
    case nlohmann::ordered_json::value_t::number_float: return number();
    case nlohmann::ordered_json::value_t::string: return string();
    case nlohmann::ordered_json::value_t::array: {
      if (v.empty()) return array(unknown());
      AwlType first = of(v.front());
      for (const auto &item : v)
        if (of(item) != first) return array(unknown());
      return array(first);
    }
    case nlohmann::ordered_json::value_t::object: {
      std::vector<std::pair<std::string, AwlType>> fields;
      for (auto it = v.begin(); it != v.end(); ++it) fields.emplace_back(it.key(), of(it.value()));
      return record(std::move(fields));
    }
    default: return unknown();
  }
}

AwlType AwlType::shellResult() {
  return record({{"exit-code", integer()}, {"stdout", string()}, {"stderr", string()}, {"duration-ms", integer()}},
                "a shell result");
}

AwlType AwlType::replyObject() {
  return record({{"text", string()}, {"tool-calls", array(string())}, {"tokens-used", integer()}}, "a prompt-agent reply");
}

const AwlType &AwlType::element() const {
  static const AwlType none = unknown();
  return element_ ? *element_ : none;
}

const AwlType *AwlType::field(const std::string &name) const {
  for (const auto &[key, type] : fields_)
    if (key == name) return &type;
  return nullptr;
}

std::string AwlType::describe() const {
  switch (kind_) {
    case Kind::Unknown: return "a value";
    case Kind::Null: return "null";
    case Kind::Boolean: return "a boolean";
    case Kind::Integer: return "an integer";
    case Kind::Number: return "a number";
    case Kind::String: return "a string";
    case Kind::Array: {
      if (!element().known()) return "a list";
      std::string e = element().describe();
      // "a list of integers": the element's noun, plural.
      size_t space = e.find(' ');
      std::string noun = space == std::string::npos ? e : e.substr(space + 1);
      if (noun == "null") return "a list of nulls";
      return "a list of " + noun + (noun.back() == 's' ? "" : "s");
    }
    case Kind::Object: return name_.empty() ? "an object" : name_;
  }
  return "a value";
}

bool AwlType::comparableWith(const AwlType &other) const {
  if (!known() || !other.known()) return true;
  if (kind_ == Kind::Null || other.kind_ == Kind::Null) return true;
  if (isNumber() && other.isNumber()) return true;
  return kind_ == other.kind_;
}

bool operator==(const AwlType &a, const AwlType &b) {
  if (a.kind_ != b.kind_) return false;
  if (a.kind_ == AwlType::Kind::Array) return a.element() == b.element();
  if (a.kind_ == AwlType::Kind::Object) return a.fields_ == b.fields_;
  return true;
}

}  // namespace wfc::awl

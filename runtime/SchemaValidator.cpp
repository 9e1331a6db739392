#include "SchemaValidator.h"

#include "wfc/error.h"

#include <nlohmann/json.hpp>
#include <valijson/adapters/nlohmann_json_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validator.hpp>

namespace wfc {
namespace {

// valijson's context is ["<root>", "[items]", "[0]", "[name]"]; we print a JSON pointer.
std::string pointer(const std::vector<std::string> &context) {
  std::string out;
  for (size_t i = 1; i < context.size(); ++i) {
    std::string part = context[i];
    if (part.size() >= 2 && part.front() == '[' && part.back() == ']') part = part.substr(1, part.size() - 2);
    if (part.size() >= 2 && part.front() == '"' && part.back() == '"') part = part.substr(1, part.size() - 2);
    out += "/" + part;
  }
  return out.empty() ? "(root)" : out;
}

std::string lowerFirst(std::string text) {
  if (!text.empty() && text[0] >= 'A' && text[0] <= 'Z') text[0] = char(text[0] - 'A' + 'a');
  while (!text.empty() && (text.back() == '.' || text.back() == ' ')) text.pop_back();
  return text;
}

}  // namespace

struct SchemaValidator::Impl {
  nlohmann::json document;
  valijson::Schema schema;
};

SchemaValidator::SchemaValidator(const Value &schema) : impl_(std::make_unique<Impl>()) {
  impl_->document = nlohmann::json::parse(schema.dump());
  try {
    valijson::SchemaParser parser(valijson::SchemaParser::kDraft7);
    valijson::adapters::NlohmannJsonAdapter adapter(impl_->document);
    parser.populateSchema(adapter, impl_->schema);
  } catch (const std::exception &e) {
    throw Error(ErrorKind::Usage, std::string("invalid JSON Schema: ") + e.what());
  }
}

SchemaValidator::~SchemaValidator() = default;

std::vector<std::string> SchemaValidator::validateAll(const Value &value) const {
  // The adapter reads nlohmann::json; Value holds ordered_json. Key order does not matter to a
  // schema, so a plain copy is enough.
  nlohmann::json doc = nlohmann::json::parse(value.dump());
  valijson::Validator validator(valijson::Validator::kStrongTypes);
  valijson::ValidationResults results;
  valijson::adapters::NlohmannJsonAdapter adapter(doc);
  std::vector<std::string> problems;
  if (validator.validate(impl_->schema, adapter, &results)) return problems;
  valijson::ValidationResults::Error error;
  while (results.popError(error)) problems.push_back(pointer(error.context) + ": " + lowerFirst(error.description));
  if (problems.empty()) problems.push_back("(root): does not match the schema");
  return problems;
}

std::optional<std::string> SchemaValidator::validate(const Value &value) const {
  std::vector<std::string> problems = validateAll(value);
  if (problems.empty()) return std::nullopt;
  // valijson reports enclosing failures (allOf, properties) after the innermost one: the
  // deepest pointer says most.
  size_t best = 0;
  for (size_t i = 1; i < problems.size(); ++i)
    if (problems[i].find(':') > problems[best].find(':')) best = i;
  return problems[best];
}

}  // namespace wfc

#include "deploy/YamlText.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string_view>

namespace wfc::deploy {
namespace {

// Words YAML 1.1 (which Kubernetes' parser follows) reads as booleans or null.
constexpr std::array<std::string_view, 22> kKeywords = {
    "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "true", "True", "TRUE", "false", "False", "FALSE",
    "on", "On", "ON", "off", "Off", "OFF"};

bool looksNumeric(const std::string &text) {
  // Anything a YAML 1.1 or 1.2 reader could take for a number: digits with signs, dots, exponents,
  // underscores, base prefixes, sexagesimal colons, .inf and .nan.
  std::string lower;
  for (char c : text) lower += char(std::tolower(static_cast<unsigned char>(c)));
  if (lower == ".inf" || lower == "-.inf" || lower == "+.inf" || lower == ".nan") return true;
  size_t i = lower[0] == '-' || lower[0] == '+' ? 1 : 0;
  if (i >= lower.size()) return false;
  if (!std::isdigit(static_cast<unsigned char>(lower[i])) && lower[i] != '.') return false;
  return std::all_of(lower.begin() + long(i), lower.end(), [](char c) {
    return std::isxdigit(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == ':' || c == 'x' ||
           c == 'o' || c == '+' || c == '-';
  });
}

std::string quoted(const std::string &text) {
  // JSON's string syntax is YAML's double-quoted scalar.
  return nlohmann::json(text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string scalar(const Manifest &value) {
  if (value.is_string()) {
    const std::string &text = value.get_ref<const std::string &>();
    return plainYamlScalar(text) ? text : quoted(text);
  }
  return value.dump();  // numbers, booleans, null: JSON's spelling is YAML's
}

bool emptyCollection(const Manifest &value) { return (value.is_object() || value.is_array()) && value.empty(); }

void write(const Manifest &value, int indent, std::string &out);

// A value after "key:" or "- ": on the same line when it is a scalar or empty, else below.
void writeAfterMarker(const Manifest &value, int indent, bool inSequence, std::string &out) {
  if (!value.is_structured() || emptyCollection(value)) {
    out += " " + (emptyCollection(value) ? std::string(value.is_object() ? "{}" : "[]") : scalar(value)) + "\n";
    return;
  }
  if (inSequence && value.is_object()) {
    // "- key: value" with the mapping's other keys aligned under the first.
    out += " ";
    std::string nested;
    write(value, indent + 2, nested);
    out += nested.substr(size_t(indent + 2));
    return;
  }
  out += "\n";
  // A sequence under a key is indented like the key's siblings (the style kubectl writes).
  write(value, value.is_array() && !inSequence ? indent : indent + 2, out);
}

void write(const Manifest &value, int indent, std::string &out) {
  const std::string pad(size_t(indent), ' ');
  if (value.is_object()) {
    for (auto it = value.begin(); it != value.end(); ++it) {
      out += pad + (plainYamlScalar(it.key()) ? it.key() : quoted(it.key())) + ":";
      writeAfterMarker(it.value(), indent, false, out);
    }
  } else if (value.is_array()) {
    for (const Manifest &item : value) {
      out += pad + "-";
      writeAfterMarker(item, indent, true, out);
    }
  } else {
    out += pad + scalar(value) + "\n";
  }
}

}  // namespace

bool plainYamlScalar(const std::string &text) {
  if (text.empty() || text == "~" || text == "null" || text == "Null" || text == "NULL") return false;
  if (std::find(kKeywords.begin(), kKeywords.end(), text) != kKeywords.end()) return false;
  if (looksNumeric(text)) return false;
  // Indicators that may not open a plain scalar, and characters that would end or change one.
  if (std::string_view("-?:,[]{}#&*!|>'\"%@`").find(text.front()) != std::string_view::npos) return false;
  if (text.front() == ' ' || text.back() == ' ' || text.back() == ':') return false;
  for (size_t i = 0; i < text.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c < 0x20 || c >= 0x7f) return false;  // controls, and non-ASCII kept quoted for any reader
    if (c == '#' && text[i - 1] == ' ') return false;
    if (c == ':' && i + 1 < text.size() && text[i + 1] == ' ') return false;
    if (c == ',' || c == '[' || c == ']' || c == '{' || c == '}') return false;  // flow indicators
  }
  return true;
}

std::string yamlText(const Manifest &document) {
  std::string out;
  if (!document.is_structured() || emptyCollection(document)) {
    out = emptyCollection(document) ? (document.is_object() ? "{}\n" : "[]\n") : scalar(document) + "\n";
    return out;
  }
  write(document, 0, out);
  return out;
}

}  // namespace wfc::deploy

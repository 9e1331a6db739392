#include "common/MockTemplate.h"

#include "wfc/error.h"

#include <nlohmann/json.hpp>

#include <cctype>
#include <optional>
#include <string_view>
#include <vector>

namespace wfc {

namespace {

using Json = nlohmann::ordered_json;

// One placeholder in a string: where it is and the path it names below `args`.
struct Placeholder {
  size_t begin = 0, end = 0;      // [begin, end) in the string, braces included
  std::string text;               // as written, for messages
  std::vector<std::string> path;  // keys, or indexes (digits) into arrays
};

bool isKeyChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-'; }

[[noreturn]] void malformed(std::string_view text, const std::string &why) {
  throw Error(ErrorKind::Usage, "mock template: malformed placeholder '" + std::string(text) + "': " + why);
}

// Parses "args(.key|.N|[N])*" (already stripped of braces and spaces).
std::vector<std::string> parsePath(std::string_view inner, std::string_view text) {
  if (inner.substr(0, 4) != "args") malformed(text, "a placeholder starts with 'args'");
  std::vector<std::string> path;
  size_t i = 4;
  while (i < inner.size()) {
    if (inner[i] == '.') {
      size_t start = ++i;
      while (i < inner.size() && isKeyChar(inner[i])) ++i;
      if (i == start) malformed(text, "expected a key after '.'");
      path.emplace_back(inner.substr(start, i - start));
    } else if (inner[i] == '[') {
      size_t start = ++i;
      while (i < inner.size() && std::isdigit(static_cast<unsigned char>(inner[i]))) ++i;
      if (i == start || i >= inner.size() || inner[i] != ']') malformed(text, "expected an index like [0]");
      path.emplace_back(inner.substr(start, i - start));
      ++i;
    } else {
      malformed(text, "unexpected '" + std::string(1, inner[i]) + "'");
    }
  }
  return path;
}

std::vector<Placeholder> findPlaceholders(const std::string &s) {
  std::vector<Placeholder> out;
  size_t pos = 0;
  while ((pos = s.find("{{", pos)) != std::string::npos) {
    size_t close = s.find("}}", pos + 2);
    if (close == std::string::npos) malformed(s.substr(pos), "no closing '}}'");
    Placeholder p;
    p.begin = pos;
    p.end = close + 2;
    p.text = s.substr(pos, p.end - pos);
    std::string_view inner(s.data() + pos + 2, close - pos - 2);
    while (!inner.empty() && std::isspace(static_cast<unsigned char>(inner.front()))) inner.remove_prefix(1);
    while (!inner.empty() && std::isspace(static_cast<unsigned char>(inner.back()))) inner.remove_suffix(1);
    p.path = parsePath(inner, p.text);
    pos = p.end;
    out.push_back(std::move(p));
  }
  return out;
}

void validate(const Json &j) {
  if (j.is_string())
    findPlaceholders(j.get_ref<const std::string &>());
  else if (j.is_structured())
    for (const Json &item : j) validate(item);
}

const Json &lookup(const Value &args, const Placeholder &p) {
  const Json *at = &args.json();
  for (const std::string &step : p.path) {
    const Json *next = nullptr;
    if (at->is_object()) {
      auto it = at->find(step);
      if (it != at->end()) next = &*it;
    } else if (at->is_array() && step.find_first_not_of("0123456789") == std::string::npos && step.size() < 19) {
      size_t index = std::stoull(step);
      if (index < at->size()) next = &(*at)[index];
    }
    if (!next) throw Error(ErrorKind::StepFailed, "mock template: the arguments have no value for " + p.text);
    at = next;
  }
  return *at;
}

Json render(const Json &j, const Value &args) {
  if (j.is_string()) {
    const std::string &s = j.get_ref<const std::string &>();
    std::vector<Placeholder> holders = findPlaceholders(s);
    if (holders.empty()) return j;
    if (holders.size() == 1 && holders[0].begin == 0 && holders[0].end == s.size()) return lookup(args, holders[0]);
    std::string out;
    size_t last = 0;
    for (const Placeholder &p : holders) {
      out.append(s, last, p.begin - last);
      const Json &v = lookup(args, p);
      out += v.is_string() ? v.get<std::string>() : v.dump(-1, ' ', false, Json::error_handler_t::replace);
      last = p.end;
    }
    out.append(s, last, std::string::npos);
    return out;
  }
  if (j.is_object()) {
    Json o = Json::object();
    for (auto it = j.begin(); it != j.end(); ++it) o[it.key()] = render(it.value(), args);
    return o;
  }
  if (j.is_array()) {
    Json a = Json::array();
    for (const Json &item : j) a.push_back(render(item, args));
    return a;
  }
  return j;
}

}  // namespace

void validateMockTemplate(const Value &templ) { validate(templ.json()); }

Value renderMockTemplate(const Value &templ, const Value &args) { return Value::fromJson(render(templ.json(), args)); }

}  // namespace wfc

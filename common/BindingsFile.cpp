#include "common/BindingsFile.h"

#include "common/YamlStream.h"

#include "common/BuiltinToolNames.h"
#include "common/DidYouMean.h"
#include "common/MockTemplate.h"
#include "common/Utf8.h"
#include "wfc/error.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <optional>
#include <set>

#include <fcntl.h>
#include <unistd.h>

namespace wfc {
namespace {

using Json = nlohmann::ordered_json;

const std::vector<std::string> kKinds = {"exec", "http", "mcp", "native", "mock", "builtin"};
const std::vector<std::string> kHttpMethods = {"GET", "POST", "PUT", "PATCH", "DELETE"};

std::string inQuotes(std::string_view s) { return "'" + std::string(s) + "'"; }

// "'a', 'b' and 'c'"; `last` joins the last two.
std::string listed(const std::vector<std::string> &names, const char *last = " and ") {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += i + 1 == names.size() ? last : ", ";
    out += inQuotes(names[i]);
  }
  return out;
}

bool hasNul(const std::string &s) { return s.find('\0') != std::string::npos; }

// One located problem, thrown by the checks and caught per entry (so every entry is checked).
struct Problem {
  BindingsProblem problem;
};

// Reads one YAML document into checked JSON, every complaint located in the document.
class Reader {
 public:
  explicit Reader(std::string origin) : origin_(std::move(origin)) {}

  [[noreturn]] void fail(const YAML::Node &at, const std::string &message) const { fail(at.Mark(), message); }
  [[noreturn]] static void fail(const YAML::Mark &m, const std::string &message) {
    if (m.line < 0) throw Problem{{0, 0, message}};
    throw Problem{{m.line + 1, m.column + 1, message}};
  }
  std::string where(const YAML::Node &at) const { return where(at.Mark()); }
  std::string where(const YAML::Mark &m) const {
    if (m.line < 0) return origin_;
    return origin_ + ":" + std::to_string(m.line + 1) + ":" + std::to_string(m.column + 1);
  }

  // YAML → JSON with the YAML 1.2 core schema's scalar types; a quoted scalar is a string, so
  // JSON text reads as the JSON it is.
  Json toJson(const YAML::Node &node) const {
    switch (node.Type()) {
      case YAML::NodeType::Sequence: {
        Json out = Json::array();
        for (const YAML::Node &item : node) out.push_back(toJson(item));
        return out;
      }
      case YAML::NodeType::Map: {
        Json out = Json::object();
        for (const auto &kv : node) {
          std::string k = key(kv.first, "a mapping");
          if (out.contains(k)) fail(kv.first, "duplicate key " + inQuotes(k) + "; remove one of them");
          out[k] = toJson(kv.second);
        }
        return out;
      }
      case YAML::NodeType::Scalar: return scalar(node);
      default: return nullptr;
    }
  }

  // "a list", "an integer (5)"…: what a value is, for "must be X, not Y".
  std::string typeName(const YAML::Node &node) const {
    switch (node.Type()) {
      case YAML::NodeType::Sequence: return "a list";
      case YAML::NodeType::Map: return "a mapping";
      case YAML::NodeType::Scalar: {
        Json j = scalar(node);
        if (j.is_boolean()) return "a boolean (" + node.Scalar() + ")";
        if (j.is_number_integer()) return "an integer (" + node.Scalar() + ")";
        if (j.is_number()) return "a number (" + node.Scalar() + ")";
        if (j.is_null()) return "null";
        return "a string (" + inQuotes(node.Scalar()) + ")";
      }
      default: return "null";
    }
  }

  std::string key(const YAML::Node &k, const std::string &what) const {
    if (!k.IsScalar()) fail(k, "the keys of " + what + " must be strings, not " + typeName(k) + "; write a plain name");
    return k.Scalar();
  }

  void expectMap(const YAML::Node &node, const std::string &what, const std::string &fix) const {
    if (!node.IsMap()) fail(node, what + " must be a mapping, not " + typeName(node) + "; " + fix);
  }
  std::string string(const YAML::Node &node, const std::string &what) const {
    if (!node.IsScalar() || !scalar(node).is_string()) {
      std::string message = what + " must be a string, not " + typeName(node);
      if (node.IsScalar()) message += "; write it in quotes: '" + node.Scalar() + "'";
      fail(node, message);
    }
    if (hasNul(node.Scalar())) fail(node, what + " contains a NUL byte; remove it");
    return node.Scalar();
  }
  std::string nonEmptyString(const YAML::Node &node, const std::string &what) const {
    std::string s = string(node, what);
    if (s.empty()) fail(node, what + " must not be empty");
    return s;
  }
  // Checks a mapping's keys: each allowed, none twice.
  void keys(const YAML::Node &map, const std::string &what, const std::vector<std::string> &allowed) const {
    std::set<std::string> seen;
    for (const auto &kv : map) {
      std::string k = key(kv.first, what);
      if (std::find(allowed.begin(), allowed.end(), k) == allowed.end()) {
        std::string hint = didYouMean(k, allowed);
        fail(kv.first, "unknown field " + inQuotes(k) + " in " + what +
                           (hint.empty() ? "; the fields are " + listed(allowed) : hint));
      }
      if (!seen.insert(k).second) fail(kv.first, "duplicate field " + inQuotes(k) + " in " + what + "; remove one of them");
    }
  }
  void required(const YAML::Node &map, const std::string &field, const std::string &what,
                const std::string &example) const {
    if (!map[field]) fail(map, what + " needs " + inQuotes(field) + "; add '" + field + ": " + example + "'");
  }
  void stringList(const YAML::Node &node, const std::string &what, const std::string &fix) const {
    if (!node.IsSequence()) fail(node, what + " must be a list of strings, not " + typeName(node) + "; " + fix);
    for (const YAML::Node &item : node) string(item, "each item of " + what);
  }
  // A mapping of strings to strings; `keyCheck` vets each key.
  template <typename KeyCheck>
  void stringMap(const YAML::Node &node, const std::string &what, KeyCheck keyCheck) const {
    expectMap(node, what, "write it as {NAME: VALUE, …}");
    std::set<std::string> seen;
    for (const auto &kv : node) {
      std::string k = key(kv.first, what);
      if (!seen.insert(k).second) fail(kv.first, "duplicate key " + inQuotes(k) + " in " + what + "; remove one of them");
      keyCheck(kv.first, k);
      string(kv.second, "the value of " + inQuotes(k) + " in " + what);
    }
  }
  void stringMap(const YAML::Node &node, const std::string &what) const {
    stringMap(node, what, [](const YAML::Node &, const std::string &) {});
  }
  // Environment variables: the names that setenv and execve accept.
  void envNames(const YAML::Node &node, const std::string &what) const {
    stringMap(node, what, [&](const YAML::Node &at, const std::string &name) { envName(at, name, what); });
  }
  void envName(const YAML::Node &at, const std::string &name, const std::string &what) const {
    if (name.empty() || name.find('=') != std::string::npos || hasNul(name))
      fail(at, "invalid environment variable name " + inQuotes(name) + " in " + what +
                   "; a name is not empty and has no '='");
  }
  // A price in US dollars per million tokens: a finite number, 0 or more.
  void price(const YAML::Node &node, const std::string &what) const {
    Json j = node.IsScalar() ? scalar(node) : Json();
    if (!j.is_number() || !std::isfinite(j.get<double>()) || j.get<double>() < 0)
      fail(node, what + " must be a number of US dollars per million tokens, 0 or more, not " + typeName(node));
  }
  void boolean(const YAML::Node &node, const std::string &what) const {
    Json j = node.IsScalar() ? scalar(node) : Json();
    if (!j.is_boolean()) fail(node, what + " is true or false, not " + typeName(node));
  }
  void timeout(const YAML::Node &map, const std::string &what) const {
    if (const YAML::Node t = map["timeout_ms"]) {
      Json j = t.IsScalar() ? scalar(t) : Json();
      if (!j.is_number_integer() || j.get<int64_t>() < 0)
        fail(t, "'timeout_ms' of " + what + " must be a whole number of milliseconds, not " + typeName(t) +
                    "; write 0 or more (0: no timeout)");
    }
  }

 private:
  Json scalar(const YAML::Node &node) const { return yaml::coreScalar(node); }

  std::string origin_;
};

void checkExec(const Reader &r, const YAML::Node &spec, const std::string &what) {
  r.expectMap(spec, what, "write {argv: [PROGRAM, ARG…]}");
  r.keys(spec, what, {"argv", "cwd", "env", "timeout_ms"});
  r.required(spec, "argv", what, "[PROGRAM, ARG…]");
  const YAML::Node argv = spec["argv"];
  r.stringList(argv, "'argv' of " + what, "write it as [PROGRAM, ARG…]");
  if (argv.size() == 0) r.fail(argv, "'argv' of " + what + " must not be empty; name the program to run first");
  if (r.string(argv[0], "each item of 'argv' of " + what).empty())
    r.fail(argv[0], "'argv' of " + what + " must start with a program, not an empty string");
  if (spec["cwd"]) r.nonEmptyString(spec["cwd"], "'cwd' of " + what);
  if (spec["env"]) r.envNames(spec["env"], "'env' of " + what);
  r.timeout(spec, what);
}

void checkHttp(const Reader &r, const YAML::Node &spec, const std::string &what) {
  r.expectMap(spec, what, "write {url: \"http://…\"}");
  r.keys(spec, what, {"url", "method", "headers", "headers_from_env", "timeout_ms"});
  r.required(spec, "url", what, "\"http://HOST/PATH\"");
  std::string url = r.string(spec["url"], "'url' of " + what);
  std::string scheme = url.substr(0, url.find("://") == std::string::npos ? 0 : url.find("://") + 3);
  std::transform(scheme.begin(), scheme.end(), scheme.begin(), [](unsigned char c) { return std::tolower(c); });
  if (scheme != "http://" && scheme != "https://")
    r.fail(spec["url"], "'url' of " + what + " must start with http:// or https://, not " + inQuotes(url));
  if (const YAML::Node m = spec["method"]) {
    std::string method = r.string(m, "'method' of " + what);
    std::transform(method.begin(), method.end(), method.begin(), [](unsigned char c) { return std::toupper(c); });
    if (std::find(kHttpMethods.begin(), kHttpMethods.end(), method) == kHttpMethods.end()) {
      std::string hint = didYouMean(method, kHttpMethods);
      r.fail(m, "unknown HTTP method " + inQuotes(m.Scalar()) + " in " + what +
                    (hint.empty() ? "; the methods are " + listed(kHttpMethods) : hint));
    }
  }
  if (spec["headers"]) r.stringMap(spec["headers"], "'headers' of " + what);
  if (const YAML::Node h = spec["headers_from_env"]) {
    std::string hwhat = "'headers_from_env' of " + what;
    r.stringMap(h, hwhat);
    for (const auto &kv : h) r.envName(kv.second, kv.second.Scalar(), hwhat);
  }
  r.timeout(spec, what);
}

void checkMcp(const Reader &r, const YAML::Node &spec, const std::string &what, const std::string &tool,
              const std::vector<std::string> &servers) {
  r.expectMap(spec, what, "write {server: NAME, tool: NAME}");
  r.keys(spec, what, {"server", "tool", "timeout_ms"});
  r.required(spec, "server", what, "NAME");
  std::string server = r.string(spec["server"], "'server' of " + what);
  if (std::find(servers.begin(), servers.end(), server) == servers.end()) {
    std::string hint = didYouMean(server, servers);
    r.fail(spec["server"], "tool " + inQuotes(tool) + " names MCP server " + inQuotes(server) +
                               ", which 'mcp_servers' does not define" +
                               (hint.empty() ? "; define it under 'mcp_servers' with its 'command'" : hint));
  }
  if (spec["tool"]) r.nonEmptyString(spec["tool"], "'tool' of " + what);
  r.timeout(spec, what);
}

void checkMock(const Reader &r, const YAML::Node &spec, const std::string &what, const std::string &tool) {
  r.expectMap(spec, what, "write {result: VALUE} or {template: VALUE}");
  r.keys(spec, what, {"result", "template"});
  if (spec["result"] && spec["template"])
    r.fail(spec, what + " has both 'result' and 'template'; keep one of them");
  if (!spec["result"] && !spec["template"])
    r.fail(spec, what + " needs 'result' (a fixed value) or 'template' (filled from the arguments)");
  if (const YAML::Node t = spec["template"]) {
    // Placeholders live in strings only: checking each string alone places the complaint on it.
    std::vector<YAML::Node> pending = {t};
    while (!pending.empty()) {
      YAML::Node n = pending.back();
      pending.pop_back();
      if (n.IsSequence()) {
        for (const YAML::Node &item : n) pending.push_back(item);
      } else if (n.IsMap()) {
        for (const auto &kv : n) pending.push_back(kv.second);
      } else if (n.IsScalar()) {
        Value v = Value::fromJson(r.toJson(n));
        if (!v.isString()) continue;
        try {
          validateMockTemplate(v);
        } catch (const Error &e) {
          std::string why = e.what();
          if (why.rfind("mock template: ", 0) == 0) why.erase(0, 15);
          r.fail(n, why + ", in the template of tool " + inQuotes(tool) +
                        "; write placeholders as {{args}} or {{args.PATH}}");
        }
      }
    }
  }
}

void checkBinding(const Reader &r, const std::string &tool, const std::string &kind, const YAML::Node &spec,
                  const std::vector<std::string> &servers, BindingsFile::Entry &entry) {
  std::string what = "the " + kind + " binding of tool " + inQuotes(tool);
  if (kind == "exec") {
    checkExec(r, spec, what);
  } else if (kind == "http") {
    checkHttp(r, spec, what);
  } else if (kind == "mcp") {
    checkMcp(r, spec, what, tool, servers);
  } else if (kind == "native") {
    entry.native = r.string(spec, what);
    // [A-Za-z_][A-Za-z0-9_]*, by hand: a std::regex compiled at every start of an executable
    // was a tenth of a 1,000-step run's instructions.
    auto isIdentifier = [](const std::string &s) {
      auto letter = [](char c) { return c == '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); };
      auto word = [&](char c) { return letter(c) || (c >= '0' && c <= '9'); };
      return !s.empty() && letter(s[0]) && std::all_of(s.begin(), s.end(), word);
    };
    if (!isIdentifier(entry.native))
      r.fail(spec, what + " must name a C++ function, not " + inQuotes(entry.native) +
                       "; write an identifier such as extract_citations");
  } else if (kind == "mock") {
    checkMock(r, spec, what, tool);
  } else if (kind == "builtin") {
    std::string name = r.string(spec, what);
    if (!isBuiltinTool(name)) {
      std::string hint = didYouMean(name, builtinToolNames());
      r.fail(spec, "unknown builtin " + inQuotes(name) + " for tool " + inQuotes(tool) +
                       (hint.empty() ? "; the builtins are " + listed(builtinToolNames()) : hint));
    }
  }
}

void checkMcpServer(const Reader &r, const YAML::Node &spec, const std::string &what) {
  r.expectMap(spec, what, "write {command: PROGRAM, args: [ARG…]}");
  r.keys(spec, what, {"command", "args", "env", "cwd"});
  r.required(spec, "command", what, "PROGRAM");
  r.nonEmptyString(spec["command"], "'command' of " + what);
  if (spec["args"]) r.stringList(spec["args"], "'args' of " + what, "write it as [ARG, …]");
  if (spec["env"]) r.envNames(spec["env"], "'env' of " + what);
  if (spec["cwd"]) r.nonEmptyString(spec["cwd"], "'cwd' of " + what);
}

// A price (docs/cost.md "Prices"): US dollars per million input and output tokens, and optionally
// per million cached input tokens and the multiplier of a provider batch's tokens.
void checkPrice(const Reader &r, const YAML::Node &spec, const std::string &what) {
  r.expectMap(spec, what, "write {input: USD, output: USD} per million tokens");
  r.keys(spec, what, {"input", "output", "cached_input", "cache_write", "batch"});
  r.required(spec, "input", what, "USD");
  r.required(spec, "output", what, "USD");
  for (const char *field : {"input", "output", "cached_input", "cache_write"})
    if (spec[field]) r.price(spec[field], inQuotes(field) + " of " + what);
  if (const YAML::Node batch = spec["batch"]) {
    r.price(batch, "'batch' of " + what);
    if (yaml::coreScalar(batch).get<double>() > 1)
      r.fail(batch, "'batch' of " + what + " is a multiplier of the price, at most 1 (0.5: half price)");
  }
}

// A provider binding (docs/bindings.md "Providers"): the concrete provider a pack's provider key
// (requires.providers, RFC 0012/0017) runs on.
void checkProvider(const Reader &r, const YAML::Node &spec, const std::string &what) {
  r.expectMap(spec, what, "write {provider: openai, model: NAME}");
  r.keys(spec, what, {"provider", "model", "base_url", "api_key_env", "timeout_ms", "price", "prompt_cache_key"});
  r.required(spec, "provider", what, "openai");
  std::string provider = r.string(spec["provider"], "'provider' of " + what);
  if (provider != "openai" && provider != "anthropic")
    r.fail(spec["provider"], "'provider' of " + what + " is openai or anthropic, not " + inQuotes(provider) +
                                 didYouMean(provider, {"openai", "anthropic"}));
  r.required(spec, "model", what, "NAME");
  r.nonEmptyString(spec["model"], "'model' of " + what);
  if (spec["base_url"]) {
    std::string url = r.nonEmptyString(spec["base_url"], "'base_url' of " + what);
    if (url.rfind("http://", 0) != 0 && url.rfind("https://", 0) != 0)
      r.fail(spec["base_url"], "'base_url' of " + what + " must be an http:// or https:// URL, not " + inQuotes(url));
  }
  if (spec["api_key_env"]) r.envName(spec["api_key_env"], r.string(spec["api_key_env"], "'api_key_env' of " + what), what);
  r.timeout(spec, what);
  if (spec["price"]) checkPrice(r, spec["price"], "'price' of " + what);
  if (const YAML::Node key = spec["prompt_cache_key"]) {
    r.boolean(key, "'prompt_cache_key' of " + what);
    if (provider != "openai")
      r.fail(key, "'prompt_cache_key' of " + what + " is OpenAI's request field; an " + provider +
                      " provider places cache breakpoints instead (docs/cost.md \"Prompt caching\"): remove it");
  }
}

YAML::Node loadOneDocument(std::string_view text, const Reader &r) {
  yaml::FirstDocument docs;
  try {
    docs = yaml::loadFirstDocument(std::string(text));
  } catch (const YAML::Exception &e) {
    r.fail(e.mark, "invalid YAML: " + e.msg);
  }
  if (docs.stuck) r.fail(*docs.stuck, "invalid YAML: '" + docs.stuckText + "' cannot start a value here");
  if (docs.second) r.fail(*docs.second, "a bindings file holds one YAML document; remove the second");
  return docs.node;
}

// The file's encoding, checked before yaml-cpp reads it (which takes any bytes, and decodes
// UTF-16 by itself): as for packs (docs/language/yaml-and-json.md), a bindings file is UTF-8 text.
// A string that is not UTF-8 could not become the JSON that compiled-in bindings are baked into.
std::optional<BindingsProblem> encodingProblem(std::string_view text) {
  if (text.starts_with("\xFF\xFE") || text.starts_with("\xFE\xFF"))
    return BindingsProblem{1, 1, "the file is UTF-16 encoded; save it as UTF-8"};
  // yaml-cpp reads a NUL byte as the end of its input and mangles the bytes around it (a tool
  // named "remove\0_files" came back as "remove\xA0files"): refused, as in a pack.
  size_t nul = text.find('\0');
  size_t bad = invalidUtf8At(text);
  if (nul == std::string_view::npos && bad == std::string_view::npos) return std::nullopt;
  size_t at = std::min(nul, bad);
  size_t newline = at == 0 ? std::string_view::npos : text.rfind('\n', at - 1);
  size_t lineStart = newline == std::string_view::npos ? 0 : newline + 1;
  int line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(lineStart), '\n'));
  const std::string hex = fmt::format("0x{:02x}", static_cast<unsigned char>(text[at]));
  return BindingsProblem{line, static_cast<int>(at - lineStart) + 1,
                         at == nul ? std::string("the file contains a NUL byte; a bindings file must be UTF-8 text")
                                   : std::string("invalid UTF-8 byte ") + hex + "; a bindings file must be UTF-8 text"};
}

BindingsFile::Entry *findEntry(std::vector<BindingsFile::Entry> &entries, const std::string &tool) {
  for (BindingsFile::Entry &e : entries)
    if (e.tool == tool) return &e;
  return nullptr;
}

}  // namespace

BindingsFile BindingsFile::parse(std::string_view text, const std::string &origin) {
  std::vector<BindingsProblem> problems;
  BindingsFile file = parse(text, origin, problems);
  if (problems.empty()) return file;
  std::string message;
  for (const BindingsProblem &p : problems) {
    if (!message.empty()) message += "\n";
    message += (p.line > 0 ? origin + ":" + std::to_string(p.line) + ":" + std::to_string(p.column) : origin) + ": " +
               p.message;
  }
  throw Error(ErrorKind::Usage, message);
}

namespace {

// Each check throws at its first problem: one `attempt` per part of the file that can be
// checked on its own (the document, each server, each tool), so every part is checked.
bool attempt(std::vector<BindingsProblem> &problems, auto &&check) {
  try {
    check();
    return true;
  } catch (const Problem &p) {
    problems.push_back(p.problem);
  } catch (const YAML::Exception &e) {
    // Checks avoid yaml-cpp's conversions; this is a guard, not a path.
    problems.push_back({e.mark.line < 0 ? 0 : e.mark.line + 1, e.mark.line < 0 ? 0 : e.mark.column + 1, e.msg});
  }
  return false;
}

// JSON as the YAML nodes the checks read: a string is a quoted scalar (so "true" stays a
// string), a number or a boolean a plain one. The nodes have no places.
YAML::Node yamlNodeOf(const Json &json) {
  switch (json.type()) {
    case Json::value_t::object: {
      YAML::Node map(YAML::NodeType::Map);
      for (const auto &[key, value] : json.items()) {
        YAML::Node k(key);
        k.SetTag("!");
        map.force_insert(k, yamlNodeOf(value));
      }
      return map;
    }
    case Json::value_t::array: {
      YAML::Node list(YAML::NodeType::Sequence);
      for (const Json &item : json) list.push_back(yamlNodeOf(item));
      return list;
    }
    case Json::value_t::string: {
      YAML::Node scalar(json.get<std::string>());
      scalar.SetTag("!");
      return scalar;
    }
    case Json::value_t::null: return YAML::Node(YAML::NodeType::Null);
    default: return YAML::Node(json.dump());
  }
}

}  // namespace

BindingsFile BindingsFile::parse(std::string_view text, const std::string &origin, std::vector<BindingsProblem> &problems) {
  Reader r(origin);
  if (std::optional<BindingsProblem> encoding = encodingProblem(text)) {
    problems.push_back(*encoding);
    BindingsFile file;
    file.origin_ = origin;
    return file;
  }
  YAML::Node root;
  if (!attempt(problems, [&] { root = loadOneDocument(text, r); })) {
    BindingsFile file;
    file.origin_ = origin;
    return file;
  }
  return check(root, origin, problems);
}

BindingsFile BindingsFile::fromJsonText(std::string_view json, const std::string &origin) {
  Json document;
  try {
    document = Json::parse(json);
  } catch (const Json::exception &e) {
    throw Error(ErrorKind::Usage, origin + ": not JSON: " + e.what());
  }
  std::vector<BindingsProblem> problems;
  BindingsFile file = check(yamlNodeOf(document), origin, problems);
  if (!problems.empty()) throw Error(ErrorKind::Usage, origin + ": " + problems.front().message);
  return file;
}

namespace {

// The settings of a checked binding, read into their fields: the checks above have made sure
// every field is there and of its type.
std::vector<std::string> stringsOf(const Value &list) {
  std::vector<std::string> out;
  for (size_t i = 0; i < list.size(); ++i) out.push_back(list.at(i)->asString());
  return out;
}

std::vector<std::pair<std::string, std::string>> pairsOf(const Value &map) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const std::string &k : map.keys()) out.emplace_back(k, map.get(k)->asString());
  return out;
}

std::optional<std::string> optionalString(const Value &spec, const char *key) {
  if (std::optional<Value> v = spec.get(key)) return v->asString();
  return std::nullopt;
}

std::optional<int64_t> optionalTimeout(const Value &spec) {
  if (std::optional<Value> v = spec.get("timeout_ms")) return v->asInteger();
  return std::nullopt;
}

BindingsFile::ToolSettings toolSettings(const std::string &kind, const Value &spec) {
  if (kind == "exec")
    return ExecSettings{stringsOf(*spec.get("argv")), optionalString(spec, "cwd"),
                        spec.get("env") ? pairsOf(*spec.get("env")) : std::vector<std::pair<std::string, std::string>>{},
                        optionalTimeout(spec)};
  if (kind == "http") {
    HttpSettings http;
    http.url = spec.get("url")->asString();
    if (std::optional<std::string> method = optionalString(spec, "method")) {
      http.method = *method;
      std::transform(http.method.begin(), http.method.end(), http.method.begin(),
                     [](unsigned char c) { return char(std::toupper(c)); });
    }
    if (std::optional<Value> h = spec.get("headers")) http.headers = pairsOf(*h);
    if (std::optional<Value> h = spec.get("headers_from_env")) http.headersFromEnv = pairsOf(*h);
    http.timeoutMs = optionalTimeout(spec);
    return http;
  }
  if (kind == "mcp") return McpSettings{spec.get("server")->asString(), optionalString(spec, "tool"), optionalTimeout(spec)};
  if (kind == "mock") return MockSettings{spec.get("result"), spec.get("template")};
  if (kind == "builtin") return BindingsFile::BuiltinSettings{spec.asString()};
  return BindingsFile::NativeSettings{};
}

McpServerSettings mcpServerSettings(const Value &spec) {
  return {spec.get("command")->asString(), spec.get("args") ? stringsOf(*spec.get("args")) : std::vector<std::string>{},
          spec.get("env") ? pairsOf(*spec.get("env")) : std::vector<std::pair<std::string, std::string>>{},
          optionalString(spec, "cwd")};
}

std::optional<double> optionalNumber(const Value &spec, const char *key) {
  if (std::optional<Value> v = spec.get(key)) return v->asNumber();
  return std::nullopt;
}

PriceSettings priceSettings(const Value &spec) {
  return {spec.get("input")->asNumber(), spec.get("output")->asNumber(), optionalNumber(spec, "cached_input"),
          optionalNumber(spec, "cache_write"), optionalNumber(spec, "batch")};
}

ProviderSettings providerSettings(const Value &spec) {
  std::optional<PriceSettings> price;
  if (std::optional<Value> p = spec.get("price")) price = priceSettings(*p);
  std::optional<bool> promptCacheKey;
  if (std::optional<Value> k = spec.get("prompt_cache_key")) promptCacheKey = k->asBool();
  return {spec.get("provider")->asString(), spec.get("model")->asString(), optionalString(spec, "base_url"),
          optionalString(spec, "api_key_env"), optionalTimeout(spec), price, promptCacheKey};
}

}  // namespace

BindingsFile BindingsFile::check(const YAML::Node &root, const std::string &origin, std::vector<BindingsProblem> &problems) {
  Reader r(origin);
  BindingsFile file;
  file.origin_ = origin;
  auto attempt = [&](auto &&check) { return wfc::attempt(problems, check); };
  if (!root || root.IsNull()) return file;
  if (!attempt([&] {
        if (!root.IsMap())
          r.fail(root, "a bindings file must be a mapping, not " + r.typeName(root) +
                           "; write 'tools:' with one 'NAME: {KIND: …}' entry per tool");
      }))
    return file;
  attempt([&] { r.keys(root, "a bindings file", {"tools", "mcp_servers", "providers", "prices"}); });

  if (const YAML::Node ps = root["prices"]; ps && !ps.IsNull()) {
    if (attempt([&] { r.expectMap(ps, "'prices'", "write 'MODEL: {input: USD, output: USD}' entries"); }))
      for (const auto &kv : ps) {
        attempt([&] {
          std::string model = r.key(kv.first, "'prices'");
          if (const ModelPrice *first = file.findPrice(model))
            r.fail(kv.first, "model " + inQuotes(model) + " is priced twice (first at " + first->where +
                                 "); remove one of the entries");
          checkPrice(r, kv.second, "the price of model " + inQuotes(model));
          Value spec = Value::fromJson(r.toJson(kv.second));
          PriceSettings settings = priceSettings(spec);
          file.prices_.push_back({model, r.where(kv.first), std::move(spec), settings});
        });
      }
  }

  if (const YAML::Node ps = root["providers"]; ps && !ps.IsNull()) {
    if (attempt([&] { r.expectMap(ps, "'providers'", "write 'KEY: {provider: openai, model: NAME}' entries"); }))
      for (const auto &kv : ps) {
        attempt([&] {
          std::string key = r.key(kv.first, "'providers'");
          if (const ProviderBinding *first = file.findProvider(key))
            r.fail(kv.first, "provider " + inQuotes(key) + " is bound twice (first at " + first->where +
                                 "); remove one of the entries");
          checkProvider(r, kv.second, "provider " + inQuotes(key));
          Value spec = Value::fromJson(r.toJson(kv.second));
          ProviderSettings settings = providerSettings(spec);
          file.providers_.push_back({key, r.where(kv.first), std::move(spec), kv.first.Mark().line + 1,
                                     kv.first.Mark().column + 1, std::move(settings)});
        });
      }
  }

  // Servers first, wherever they are written, so that mcp bindings can name them. A server
  // whose definition is malformed still counts as defined: bindings naming it are not reported
  // again.
  std::vector<std::string> servers;
  if (const YAML::Node ms = root["mcp_servers"]; ms && !ms.IsNull()) {
    if (attempt([&] { r.expectMap(ms, "'mcp_servers'", "write 'NAME: {command: PROGRAM, args: [ARG…]}' entries"); }))
      for (const auto &kv : ms) {
        attempt([&] {
          std::string name = r.key(kv.first, "'mcp_servers'");
          if (std::find(servers.begin(), servers.end(), name) != servers.end())
            r.fail(kv.first, "MCP server " + inQuotes(name) + " is defined twice (first at " +
                                 (file.findMcpServer(name) ? file.findMcpServer(name)->where : origin) +
                                 "); remove one of them");
          servers.push_back(name);
          checkMcpServer(r, kv.second, "MCP server " + inQuotes(name));
          Value spec = Value::fromJson(r.toJson(kv.second));
          McpServerSettings settings = mcpServerSettings(spec);
          file.mcpServers_.push_back({name, r.where(kv.first), std::move(spec), std::move(settings)});
        });
      }
  }

  if (const YAML::Node tools = root["tools"]; tools && !tools.IsNull()) {
    if (!attempt([&] { r.expectMap(tools, "'tools'", "write 'NAME: {KIND: …}' entries, one per tool"); })) return file;
    std::vector<std::string> seen;
    for (const auto &kv : tools) {
      attempt([&] {
        std::string tool = r.key(kv.first, "'tools'");
        if (std::find(seen.begin(), seen.end(), tool) != seen.end()) {
          const Entry *first = findEntry(file.entries_, tool);
          r.fail(kv.first, "tool " + inQuotes(tool) + " is bound twice (first at " + (first ? first->where : origin) +
                               "); remove one of the entries");
        }
        seen.push_back(tool);
        const YAML::Node &given = kv.second;
        // `effects` (docs/bindings.md "Effects") sits beside the kind; the rest is the kind.
        // yaml-cpp's nodes are references: reset() rebinds one, where `=` would overwrite `given`.
        YAML::Node binding;
        binding.reset(given);
        YAML::Node effects;
        if (given.IsMap() && given["effects"]) {
          effects.reset(given["effects"]);
          YAML::Node kinds(YAML::NodeType::Map);
          for (const auto &k : given)
            if (!(k.first.IsScalar() && k.first.Scalar() == "effects")) kinds[k.first] = k.second;
          binding.reset(kinds);
          if (!effects.IsScalar() || (effects.Scalar() != "none" && effects.Scalar() != "read" &&
                                      effects.Scalar() != "write"))
            r.fail(effects, "'effects' of tool " + inQuotes(tool) + " must be none, read or write, not " +
                                (effects.IsScalar() ? inQuotes(effects.Scalar()) : r.typeName(effects)));
        }
        if (binding.IsMap() && binding.size() > 1) {
          std::vector<std::string> kinds;
          for (const auto &k : binding) kinds.push_back(r.key(k.first, "the binding of tool " + inQuotes(tool)));
          r.fail(given, "the binding of tool " + inQuotes(tool) + " has several kinds (" + listed(kinds) +
                            "); keep one of them");
        }
        if (!binding.IsMap() || binding.size() != 1) {
          std::string got = binding.IsMap() ? "an empty mapping" : r.typeName(binding);
          r.fail(given.IsNull() ? kv.first : given,
                 "the binding of tool " + inQuotes(tool) + " must be a mapping with exactly one of " +
                     listed(kKinds, " or ") + ", not " + got + "; write e.g. '" + tool +
                     ": {exec: {argv: [PROGRAM]}}'");
        }
        auto only = binding.begin();
        std::string kind = r.key(only->first, "the binding of tool " + inQuotes(tool));
        if (std::find(kKinds.begin(), kKinds.end(), kind) == kKinds.end()) {
          std::string hint = didYouMean(kind, kKinds);
          r.fail(only->first, "unknown binding kind " + inQuotes(kind) + " for tool " + inQuotes(tool) +
                                  (hint.empty() ? "; the kinds are " + listed(kKinds) : hint));
        }
        Entry entry{tool, r.where(kv.first), kv.first.Mark().line + 1, kv.first.Mark().column + 1, kind, Value(), "",
                    only->second.Mark().line + 1, only->second.Mark().column + 1, "", 0, 0, {}};
        checkBinding(r, tool, kind, only->second, servers, entry);
        entry.spec = Value::fromJson(r.toJson(only->second));
        entry.settings = toolSettings(kind, entry.spec);
        if (effects) {
          entry.effects = effects.Scalar();
          entry.effectsLine = effects.Mark().line + 1;
          entry.effectsColumn = effects.Mark().column + 1;
        }
        file.entries_.push_back(std::move(entry));
      });
    }
  }
  return file;
}

BindingsFile BindingsFile::load(const std::string &path) {
  auto cannot = [&](int err) {
    std::string reason = std::strerror(err);
    if (!reason.empty()) reason[0] = char(std::tolower(static_cast<unsigned char>(reason[0])));
    throw Error(ErrorKind::Usage, "cannot read bindings file " + inQuotes(path) + ": " + reason);
  };
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) cannot(errno);
  std::string text;
  char buffer[65536];
  for (;;) {
    ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n == 0) break;
    if (n < 0) {
      if (errno == EINTR) continue;
      int err = errno;
      ::close(fd);
      cannot(err);
    }
    text.append(buffer, size_t(n));
  }
  ::close(fd);
  return parse(text, path);
}

const BindingsFile::Entry *BindingsFile::find(std::string_view tool) const {
  for (const Entry &e : entries_)
    if (e.tool == tool) return &e;
  return nullptr;
}

const BindingsFile::ProviderBinding *BindingsFile::findProvider(std::string_view key) const {
  for (const ProviderBinding &p : providers_)
    if (p.key == key) return &p;
  return nullptr;
}

const BindingsFile::ModelPrice *BindingsFile::findPrice(std::string_view model) const {
  for (const ModelPrice &p : prices_)
    if (p.model == model) return &p;
  return nullptr;
}

const BindingsFile::McpServer *BindingsFile::findMcpServer(std::string_view name) const {
  for (const McpServer &s : mcpServers_)
    if (s.name == name) return &s;
  return nullptr;
}

double PriceSettings::worstInput() const {
  return std::max({input, cachedInput.value_or(input), cacheWrite.value_or(input)});
}

bool operator==(const BindingsFile::Entry &a, const BindingsFile::Entry &b) {
  return a.tool == b.tool && a.kind == b.kind && a.native == b.native && a.spec.dump() == b.spec.dump() &&
         a.effects == b.effects;
}

bool operator==(const BindingsFile::McpServer &a, const BindingsFile::McpServer &b) {
  return a.name == b.name && a.spec.dump() == b.spec.dump();
}

bool operator==(const BindingsFile::ProviderBinding &a, const BindingsFile::ProviderBinding &b) {
  return a.key == b.key && a.spec.dump() == b.spec.dump();
}

bool operator==(const BindingsFile::ModelPrice &a, const BindingsFile::ModelPrice &b) {
  return a.model == b.model && a.spec.dump() == b.spec.dump();
}

bool operator==(const BindingsFile &a, const BindingsFile &b) {
  return a.entries() == b.entries() && a.mcpServers() == b.mcpServers() && a.providers() == b.providers() &&
         a.prices() == b.prices();
}

std::string toJsonText(const BindingsFile &file) {
  Json tools = Json::object();
  for (const BindingsFile::Entry &e : file.entries()) {
    tools[e.tool] = Json{{e.kind, e.spec.json()}};
    if (!e.effects.empty()) tools[e.tool]["effects"] = e.effects;
  }
  Json out = {{"tools", tools}};
  if (!file.mcpServers().empty()) {
    Json servers = Json::object();
    for (const BindingsFile::McpServer &s : file.mcpServers()) servers[s.name] = s.spec.json();
    out["mcp_servers"] = servers;
  }
  if (!file.providers().empty()) {
    Json providers = Json::object();
    for (const BindingsFile::ProviderBinding &p : file.providers()) providers[p.key] = p.spec.json();
    out["providers"] = providers;
  }
  if (!file.prices().empty()) {
    Json prices = Json::object();
    for (const BindingsFile::ModelPrice &p : file.prices()) prices[p.model] = p.spec.json();
    out["prices"] = prices;
  }
  return out.dump();
}

std::optional<std::string> bindingIdentityText(const std::string &tool, const BindingsFile *defaults,
                                               const BindingsFile *overrides) {
  const BindingsFile *file = nullptr;
  const BindingsFile::Entry *entry = nullptr;
  for (const BindingsFile *f : {overrides, defaults})
    if (!entry && f && (entry = f->find(tool))) file = f;
  if (!entry) return std::nullopt;
  std::string text = entry->kind + "\n" + entry->spec.dump() + "\n" + entry->native;
  if (const auto *mcp = std::get_if<McpSettings>(&entry->settings)) {
    const BindingsFile::McpServer *s = file->findMcpServer(mcp->server);
    for (const BindingsFile *f : {overrides, defaults})
      if (!s && f) s = f->findMcpServer(mcp->server);
    if (s) text += "\n" + s->spec.dump();
  }
  return text;
}

}  // namespace wfc

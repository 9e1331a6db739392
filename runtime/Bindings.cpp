#include "Bindings.h"

#include "DidYouMean.h"
#include "wfc/error.h"

#include <nlohmann/json.hpp>
#include <yaml-cpp/yaml.h>

#include <cctype>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

namespace wfc {
namespace {

using Json = nlohmann::ordered_json;

const std::vector<std::string> kKinds = {"exec", "http", "mcp", "native", "mock", "builtin"};

class Reader {
 public:
  explicit Reader(std::string origin) : origin_(std::move(origin)) {}

  [[noreturn]] void fail(const YAML::Node &at, const std::string &message) const {
    throw Error(ErrorKind::Usage, where(at) + ": " + message);
  }
  std::string where(const YAML::Node &at) const {
    YAML::Mark m = at.Mark();
    if (m.line < 0) return origin_;
    return origin_ + ":" + std::to_string(m.line + 1) + ":" + std::to_string(m.column + 1);
  }

  // YAML → JSON with the YAML 1.2 core schema's scalar types (a quoted scalar is a string).
  Json toJson(const YAML::Node &node) const {
    switch (node.Type()) {
      case YAML::NodeType::Null: return nullptr;
      case YAML::NodeType::Sequence: {
        Json out = Json::array();
        for (const YAML::Node &item : node) out.push_back(toJson(item));
        return out;
      }
      case YAML::NodeType::Map: {
        Json out = Json::object();
        for (const auto &kv : node) out[kv.first.as<std::string>()] = toJson(kv.second);
        return out;
      }
      case YAML::NodeType::Scalar: {
        const std::string &s = node.Scalar();
        if (node.Tag() == "!") return s;  // quoted
        static const std::regex integer("[-+]?[0-9]+"), number("[-+]?(\\.[0-9]+|[0-9]+(\\.[0-9]*)?)([eE][-+]?[0-9]+)?");
        if (s == "true" || s == "True" || s == "TRUE") return true;
        if (s == "false" || s == "False" || s == "FALSE") return false;
        if (s == "null" || s == "Null" || s == "NULL" || s == "~" || s.empty()) return nullptr;
        if (s.size() < 40 && std::regex_match(s, integer)) {
          try {
            return std::stoll(s);
          } catch (const std::exception &) {
          }
        }
        if (s.size() < 40 && std::regex_match(s, number)) return std::stod(s);
        return s;
      }
      default: return nullptr;
    }
  }

  void expectMap(const YAML::Node &node, const std::string &what) const {
    if (!node.IsMap()) fail(node, what + " must be a mapping");
  }
  std::string string(const YAML::Node &node, const std::string &what) const {
    if (!node.IsScalar() || toJson(node).is_number() || toJson(node).is_boolean() || toJson(node).is_null())
      fail(node, what + " must be a string");
    return node.Scalar();
  }
  // Checks a mapping's keys against the allowed ones; `required` must be present.
  void keys(const YAML::Node &map, const std::string &what, const std::vector<std::string> &allowed,
            const std::vector<std::string> &required = {}) const {
    for (const auto &kv : map) {
      std::string key = kv.first.as<std::string>();
      if (std::find(allowed.begin(), allowed.end(), key) == allowed.end())
        fail(kv.first, "unknown field '" + key + "' in " + what + didYouMean(key, allowed));
    }
    for (const std::string &r : required)
      if (!map[r]) fail(map, what + " needs '" + r + "'");
  }
  void stringMap(const YAML::Node &node, const std::string &what) const {
    expectMap(node, what);
    for (const auto &kv : node) string(kv.second, what + " value '" + kv.first.as<std::string>() + "'");
  }
  void stringList(const YAML::Node &node, const std::string &what, bool nonEmpty) const {
    if (!node.IsSequence()) fail(node, what + " must be a list of strings");
    if (nonEmpty && node.size() == 0) fail(node, what + " must not be empty");
    for (const YAML::Node &item : node) string(item, "each item of " + what);
  }
  void timeout(const YAML::Node &map, const std::string &what) const {
    if (const YAML::Node t = map["timeout_ms"]) {
      Json j = toJson(t);
      if (!j.is_number_integer() || j.get<int64_t>() < 0)
        fail(t, "'timeout_ms' of " + what + " must be a whole number of milliseconds (0 or more)");
    }
  }

 private:
  std::string origin_;
};

void checkBinding(const Reader &r, const std::string &tool, const std::string &kind, const YAML::Node &spec,
                  const std::set<std::string> &servers, BindingsFile::Entry &entry) {
  std::string what = "the " + kind + " binding of tool '" + tool + "'";
  if (kind == "exec") {
    r.expectMap(spec, what);
    r.keys(spec, what, {"argv", "cwd", "env", "timeout_ms"}, {"argv"});
    r.stringList(spec["argv"], "'argv' of " + what, true);
    if (spec["cwd"]) r.string(spec["cwd"], "'cwd' of " + what);
    if (spec["env"]) r.stringMap(spec["env"], "'env' of " + what);
    r.timeout(spec, what);
  } else if (kind == "http") {
    r.expectMap(spec, what);
    r.keys(spec, what, {"url", "method", "headers", "headers_from_env", "timeout_ms"}, {"url"});
    r.string(spec["url"], "'url' of " + what);
    if (spec["method"]) r.string(spec["method"], "'method' of " + what);
    if (spec["headers"]) r.stringMap(spec["headers"], "'headers' of " + what);
    if (spec["headers_from_env"]) r.stringMap(spec["headers_from_env"], "'headers_from_env' of " + what);
    r.timeout(spec, what);
  } else if (kind == "mcp") {
    r.expectMap(spec, what);
    r.keys(spec, what, {"server", "tool", "timeout_ms"}, {"server"});
    std::string server = r.string(spec["server"], "'server' of " + what);
    if (!servers.count(server))
      r.fail(spec["server"], "tool '" + tool + "' names MCP server '" + server +
                                 "', which 'mcp_servers' does not define" +
                                 didYouMean(server, std::vector<std::string>(servers.begin(), servers.end())));
    if (spec["tool"]) r.string(spec["tool"], "'tool' of " + what);
    r.timeout(spec, what);
  } else if (kind == "native") {
    entry.native = r.string(spec, what);
    static const std::regex identifier("[A-Za-z_][A-Za-z0-9_]*");
    if (!std::regex_match(entry.native, identifier))
      r.fail(spec, what + " must name a C++ function (an identifier), not '" + entry.native + "'");
  } else if (kind == "mock") {
    r.expectMap(spec, what);
    r.keys(spec, what, {"result", "template"});
    if (bool(spec["result"]) == bool(spec["template"]))
      r.fail(spec, what + " needs exactly one of 'result' (a fixed value) or 'template'");
  } else if (kind == "builtin") {
    std::string name = r.string(spec, what);
    if (!tools::BuiltinTools::has(name))
      r.fail(spec, "unknown builtin '" + name + "'" + didYouMean(name, tools::BuiltinTools::names()) +
                       "; builtins are read_file, write_file, parse_json and now");
  }
}

}  // namespace

BindingsFile BindingsFile::parse(std::string_view text, const std::string &origin) {
  Reader r(origin);
  YAML::Node root;
  try {
    root = YAML::Load(std::string(text));
  } catch (const YAML::Exception &e) {
    std::string where = origin;
    if (e.mark.line >= 0) where += ":" + std::to_string(e.mark.line + 1) + ":" + std::to_string(e.mark.column + 1);
    throw Error(ErrorKind::Usage, where + ": " + e.msg);
  }
  BindingsFile file;
  if (root.IsNull()) return file;
  if (!root.IsMap()) r.fail(root, "a bindings file must be a mapping with 'tools' (and 'mcp_servers')");
  r.keys(root, "a bindings file", {"tools", "mcp_servers"});

  std::set<std::string> servers;
  if (const YAML::Node ms = root["mcp_servers"]) {
    r.expectMap(ms, "'mcp_servers'");
    for (const auto &kv : ms) {
      std::string name = kv.first.as<std::string>();
      std::string what = "MCP server '" + name + "'";
      r.expectMap(kv.second, what);
      r.keys(kv.second, what, {"command", "args", "env", "cwd"}, {"command"});
      r.string(kv.second["command"], "'command' of " + what);
      if (kv.second["args"]) r.stringList(kv.second["args"], "'args' of " + what, false);
      if (kv.second["env"]) r.stringMap(kv.second["env"], "'env' of " + what);
      if (kv.second["cwd"]) r.string(kv.second["cwd"], "'cwd' of " + what);
      servers.insert(name);
      file.mcpServers_.push_back({name, r.where(kv.first), Value::fromJson(r.toJson(kv.second))});
    }
  }
  if (const YAML::Node tools = root["tools"]) {
    if (!tools.IsMap() && !tools.IsNull()) r.fail(tools, "'tools' must map tool names to bindings");
    for (const auto &kv : tools) {
      std::string tool = kv.first.as<std::string>();
      if (file.find(tool)) r.fail(kv.first, "tool '" + tool + "' is bound twice");
      const YAML::Node &binding = kv.second;
      if (!binding.IsMap() || binding.size() != 1)
        r.fail(binding.IsNull() ? kv.first : binding,
               "the binding of tool '" + tool + "' must be a mapping with exactly one of 'exec', 'http', 'mcp', "
               "'native', 'mock' or 'builtin'");
      auto only = binding.begin();
      std::string kind = only->first.as<std::string>();
      if (std::find(kKinds.begin(), kKinds.end(), kind) == kKinds.end())
        r.fail(only->first, "unknown binding kind '" + kind + "' for tool '" + tool + "'" + didYouMean(kind, kKinds) +
                                "; kinds are exec, http, mcp, native, mock and builtin");
      Entry entry{tool, r.where(kv.first), kind, Value(), ""};
      checkBinding(r, tool, kind, only->second, servers, entry);
      entry.spec = Value::fromJson(r.toJson(only->second));
      file.entries_.push_back(std::move(entry));
    }
  }
  return file;
}

BindingsFile BindingsFile::load(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(ErrorKind::Usage, "cannot read bindings file '" + path + "'");
  std::ostringstream text;
  text << in.rdbuf();
  return parse(text.str(), path);
}

const BindingsFile::Entry *BindingsFile::find(std::string_view tool) const {
  for (const Entry &e : entries_)
    if (e.tool == tool) return &e;
  return nullptr;
}

std::string toJsonText(const BindingsFile &file) {
  Json tools = Json::object();
  for (const BindingsFile::Entry &e : file.entries()) tools[e.tool] = Json{{e.kind, e.spec.json()}};
  Json out = {{"tools", tools}};
  if (!file.mcpServers().empty()) {
    Json servers = Json::object();
    for (const BindingsFile::McpServer &s : file.mcpServers()) servers[s.name] = s.spec.json();
    out["mcp_servers"] = servers;
  }
  return out.dump();
}

ToolTable::ToolTable(const std::vector<std::string> &declared, const std::vector<std::string> &required,
                     const BindingsFile *defaults, const BindingsFile *overrides, Options options) {
  std::map<std::string, const BindingsFile::Entry *> chosen;
  for (const BindingsFile *file : {defaults, overrides}) {
    if (!file) continue;
    for (const BindingsFile::Entry &e : file->entries()) {
      if (std::find(declared.begin(), declared.end(), e.tool) == declared.end())
        throw Error(ErrorKind::Usage, e.where + ": the bindings bind tool '" + e.tool +
                                          "', which the workflow does not declare" + didYouMean(e.tool, declared));
      chosen[e.tool] = &e;
    }
  }
  std::shared_ptr<const tools::BuiltinTools> builtins;
  for (const auto &[tool, e] : chosen) {
    std::unique_ptr<tools::ToolBinding> binding;
    if (e->kind == "exec") {
      tools::ExecSpec spec;
      spec.name = tool;
      for (size_t i = 0; i < e->spec.get("argv")->size(); ++i) spec.argv.push_back(e->spec.get("argv")->at(i)->asString());
      if (auto cwd = e->spec.get("cwd")) spec.cwd = cwd->asString();
      if (auto env = e->spec.get("env"))
        for (const std::string &k : env->keys()) spec.env.emplace_back(k, env->get(k)->asString());
      if (auto t = e->spec.get("timeout_ms")) spec.timeoutMs = t->asInteger();
      binding = tools::makeExecBinding(std::move(spec));
    } else if (e->kind == "mock") {
      if (auto result = e->spec.get("result")) binding = tools::makeMockBinding(tools::MockTool::fixed(*result));
      else binding = tools::makeMockBinding(tools::MockTool::fromTemplate(*e->spec.get("template")));
    } else if (e->kind == "builtin") {
      if (!builtins) builtins = std::make_shared<const tools::BuiltinTools>(options.workspace);
      binding = tools::makeBuiltinBinding(e->spec.asString(), builtins);
    } else if (e->kind == "native") {
      auto it = std::find_if(options.natives.begin(), options.natives.end(),
                             [&](const NativeToolEntry &n) { return e->native == n.name; });
      if (it == options.natives.end())
        throw Error(ErrorKind::Usage, e->where + ": native function '" + e->native +
                                          "' is not linked into this executable; bind it at compile time "
                                          "(wfc --bindings) and add its source");
      binding = tools::makeNativeBinding(e->native, it->fn);
    } else {
      throw Error(ErrorKind::Usage, e->where + ": tool '" + tool + "' has an '" + e->kind +
                                        "' binding, which this version of wfc does not support yet; bind it with "
                                        "exec, mock, builtin or native");
    }
    bindings_.emplace(tool, std::move(binding));
  }
  if (!options.allowUnbound)
    for (const std::string &tool : required)
      if (!bindings_.count(tool))
        throw Error(ErrorKind::Usage, "tool '" + tool + "' has no binding; bind it in a file given with --bindings");
}

ToolTable::~ToolTable() = default;

const tools::ToolBinding *ToolTable::find(std::string_view tool) const {
  auto it = bindings_.find(tool);
  return it == bindings_.end() ? nullptr : it->second.get();
}

std::string ToolTable::describe(std::string_view tool) const {
  const tools::ToolBinding *b = find(tool);
  return b ? b->describe() : "unbound";
}

}  // namespace wfc

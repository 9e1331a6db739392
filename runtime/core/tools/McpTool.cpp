#include "core/tools/McpTool.h"

#include "common/DidYouMean.h"
#include "wfc/error.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <set>

namespace wfc::tools {
namespace {

using Clock = McpClient::Clock;
// The least time a server is given to start (initialize, tools/list): timeout_ms when larger.
constexpr int64_t kStartTimeoutMs = 60000;

std::string inQuotes(std::string_view s) { return "'" + std::string(s) + "'"; }

std::string listed(const std::vector<std::string> &names, size_t max = 40) {
  std::string out;
  for (size_t i = 0; i < names.size() && i < max; ++i) out += (i ? ", " : "") + inQuotes(names[i]);
  if (names.size() > max) out += " and " + std::to_string(names.size() - max) + " more";
  return out;
}

// A schema's `type` as a set of names; nullopt when it gives none (anything, as far as we know).
std::optional<std::set<std::string>> typesOf(const Value &schema) {
  auto type = schema.get("type");
  if (!type) return std::nullopt;
  std::set<std::string> out;
  if (type->isString()) {
    out.insert(type->asString());
  } else if (type->isArray()) {
    for (size_t i = 0; i < type->size(); ++i)
      if (auto t = type->at(i); t && t->isString()) out.insert(t->asString());
  }
  if (out.empty()) return std::nullopt;
  return out;
}

std::string typeText(const std::set<std::string> &types) {
  std::string out;
  size_t i = 0;
  for (const std::string &t : types) out += (i++ ? (i == types.size() ? " or " : ", ") : "") + t;
  return out;
}

// Every type `pack` allows is one `server` allows.
bool typesFit(const std::set<std::string> &pack, const std::set<std::string> &server) {
  for (const std::string &t : pack) {
    if (server.count(t)) continue;
    if (t == "integer" && server.count("number")) continue;
    return false;
  }
  return true;
}

std::vector<std::string> stringList(const std::optional<Value> &v) {
  std::vector<std::string> out;
  if (v && v->isArray())
    for (size_t i = 0; i < v->size(); ++i)
      if (auto s = v->at(i); s && s->isString()) out.push_back(s->asString());
  return out;
}

bool contains(const std::vector<std::string> &names, const std::string &name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace

std::vector<std::string> mcpSchemaProblems(const Value &parameters, const Value &inputSchema) {
  std::vector<std::string> problems;
  if (auto types = typesOf(parameters); types && !types->count("object"))
    problems.push_back("the pack's parameters are " + typeText(*types) + ", not an object (MCP arguments are an object)");

  const Value packProps = parameters.get("properties").value_or(Value::object({}));
  const Value serverProps = inputSchema.get("properties").value_or(Value::object({}));
  const std::vector<std::string> packNames = packProps.isObject() ? packProps.keys() : std::vector<std::string>{};
  const std::vector<std::string> serverNames = serverProps.isObject() ? serverProps.keys() : std::vector<std::string>{};
  const std::vector<std::string> packRequired = stringList(parameters.get("required"));
  std::vector<std::string> serverRequired = stringList(inputSchema.get("required"));
  std::sort(serverRequired.begin(), serverRequired.end());

  for (const std::string &name : serverRequired) {
    if (contains(packRequired, name)) continue;
    if (contains(packNames, name))
      problems.push_back("the server requires " + inQuotes(name) + ", which the pack declares but does not require");
    else
      problems.push_back("the server requires " + inQuotes(name) + ", which the pack does not declare");
  }

  // What S says of properties it does not name: a schema (checked like a property's), allowed
  // (nullopt: anything), or forbidden.
  auto additional = inputSchema.get("additionalProperties");
  bool othersForbidden = additional && additional->type() == Value::Type::Boolean && !additional->asBool();
  bool othersAllowed = (additional && (additional->isObject() ||
                                       (additional->type() == Value::Type::Boolean && additional->asBool()))) ||
                       (!inputSchema.get("properties") && !othersForbidden);

  for (const std::string &name : packNames) {
    const Value packProp = *packProps.get(name);
    std::optional<Value> serverProp = serverProps.get(name);
    if (!serverProp) {
      if (!othersAllowed) {
        std::string message = "the pack declares " + inQuotes(name) + ", which is not a parameter of the server's tool";
        std::string hint = didYouMean(name, serverNames);
        if (!hint.empty())
          message += hint;
        else
          message += serverNames.empty() ? " (it takes none)" : " (its parameters: " + listed(serverNames) + ")";
        problems.push_back(message);
        continue;
      }
      if (additional && additional->isObject()) serverProp = *additional;
    }
    if (!serverProp) continue;
    auto packTypes = typesOf(packProp);
    auto serverTypes = typesOf(*serverProp);
    if (packTypes && serverTypes && !typesFit(*packTypes, *serverTypes))
      problems.push_back(inQuotes(name) + " is " + typeText(*packTypes) + " in the pack but " + typeText(*serverTypes) +
                         " on the server");
  }
  return problems;
}

Value mcpToolOutput(const Value &result, const std::string &toolText) {
  if (!result.isObject())
    throw Error(ErrorKind::StepFailed, toolText + ": the server's tools/call result is not an object: " + result.dump());
  auto content = result.get("content");
  auto isError = result.get("isError");
  if (isError && isError->type() == Value::Type::Boolean && isError->asBool()) {
    std::string text;
    if (content && content->isArray())
      for (size_t i = 0; i < content->size(); ++i) {
        Value block = *content->at(i);
        auto t = block.get("text");
        if (t && t->isString()) text += (text.empty() ? "" : "\n") + t->asString();
      }
    if (text.empty()) text = content ? content->dump() : result.dump();
    throw Error(ErrorKind::StepFailed, toolText + " failed: " + text);
  }
  if (auto structured = result.get("structuredContent"); structured && !structured->isNull()) return *structured;
  if (!content || !content->isArray())
    throw Error(ErrorKind::StepFailed, toolText + ": the server's tools/call result has no 'content' list: " + result.dump());
  if (content->size() == 1) {
    Value block = *content->at(0);
    auto type = block.get("type");
    auto text = block.get("text");
    if (type && type->isString() && type->asString() == "text" && text && text->isString()) return *text;
  }
  return *content;
}

McpServers::~McpServers() { shutdownAll(); }

std::shared_ptr<McpClient> McpServers::get(const McpServerSpec &spec) {
  nlohmann::json definition = {spec.name, spec.command, spec.args, spec.env, spec.cwd};
  std::string key = definition.dump();
  std::lock_guard lock(mutex_);
  for (const auto &[k, client] : clients_)
    if (k == key) return client;
  clients_.emplace_back(key, std::make_shared<McpClient>(spec));
  return clients_.back().second;
}

void McpServers::shutdownAll() {
  std::vector<std::shared_ptr<McpClient>> clients;
  {
    std::lock_guard lock(mutex_);
    for (const auto &entry : clients_) clients.push_back(entry.second);
  }
  for (const auto &c : clients) c->closeInput();
  for (const auto &c : clients) c->shutdown();
}

namespace {

class McpBinding final : public ToolBinding {
 public:
  McpBinding(McpToolSpec spec, std::shared_ptr<McpClient> client)
      : spec_(std::move(spec)), client_(std::move(client)) {
    if (spec_.mcpTool.empty()) spec_.mcpTool = spec_.tool;
  }

  Value call(const Value &args, const ToolCall &call) const override {
    const std::string toolText = "tool " + inQuotes(spec_.tool);
    try {
      call.cancel.throwIfCancelled();
      auto after = [](int64_t ms) {
        return ms > 0 ? Clock::now() + std::chrono::milliseconds(ms) : Clock::time_point::max();
      };
      // Starting the server is bounded apart: a server may well take longer to start (npx…)
      // than one of its calls may take.
      client_->start(call.cancel, after(spec_.timeoutMs > 0 ? std::max(spec_.timeoutMs, kStartTimeoutMs) : 0));
      const Clock::time_point deadline = after(spec_.timeoutMs);
      check(call.cancel, deadline);
      Value params = Value::object({{"name", Value::string(spec_.mcpTool)},
                                    {"arguments", args.isNull() ? Value::object({}) : args}});
      Value result = client_->request("tools/call", params, call.cancel, deadline);
      return mcpToolOutput(result, toolText + " (" + describe() + ")");
    } catch (const Error &e) {
      switch (e.kind()) {
        case ErrorKind::Exhausted: {
          std::string_view what = e.what();
          int64_t ms = what.rfind("cannot start ", 0) == 0 ? std::max<int64_t>(spec_.timeoutMs, kStartTimeoutMs)
                                                           : spec_.timeoutMs;
          throw Error(e.kind(), toolText + " timed out after " + std::to_string(ms) + " ms: " + e.what());
        }
        case ErrorKind::Cancelled: throw Error(e.kind(), toolText + " cancelled: " + call.cancel.reason());
        default:
          if (std::string_view(e.what()).rfind(toolText, 0) == 0) throw;
          throw Error(e.kind(), toolText + " (" + describe() + "): " + e.what());
      }
    }
  }

  std::string describe() const override { return "mcp: " + client_->spec().name + "/" + spec_.mcpTool; }

 private:
  // Once per binding: the server has the tool, and its input schema fits the pack's parameters.
  void check(const CancellationToken &cancel, Clock::time_point deadline) const {
    std::lock_guard lock(checkMutex_);
    if (checked_) {
      if (!checkError_.empty()) throw Error(ErrorKind::StepFailed, checkError_);
      return;
    }
    const std::string server = "MCP server " + inQuotes(client_->spec().name);
    std::vector<McpToolInfo> tools = client_->tools(cancel, deadline);
    auto find = [&] {
      return std::find_if(tools.begin(), tools.end(), [&](const McpToolInfo &t) { return t.name == spec_.mcpTool; });
    };
    auto it = find();
    if (it == tools.end()) {
      tools = client_->tools(cancel, deadline, true);  // its list may have changed since
      it = find();
    }
    checked_ = true;
    const std::string toolText = "tool " + inQuotes(spec_.tool);
    const std::string at = spec_.where.empty() ? std::string() : " (" + spec_.where + ")";
    if (it == tools.end()) {
      std::vector<std::string> names;
      for (const McpToolInfo &t : tools) names.push_back(t.name);
      checkError_ = toolText + " is bound to MCP tool " + inQuotes(spec_.mcpTool) + at + ", which " + server +
                    " does not have" + didYouMean(spec_.mcpTool, names) +
                    (names.empty() ? " (it lists no tools)" : " (its tools: " + listed(names) + ")");
    } else if (spec_.parameters) {
      std::vector<std::string> problems = mcpSchemaProblems(*spec_.parameters, it->inputSchema);
      if (!problems.empty()) {
        checkError_ = toolText + " does not match MCP tool " + inQuotes(spec_.mcpTool) + " of " + server + at + ": ";
        for (size_t i = 0; i < problems.size(); ++i) checkError_ += (i ? "; " : "") + problems[i];
        checkError_ += "; fix the tool's parameters in the pack, or bind it to another MCP tool";
      }
    }
    if (!checkError_.empty()) throw Error(ErrorKind::StepFailed, checkError_);
  }

  McpToolSpec spec_;
  std::shared_ptr<McpClient> client_;
  mutable std::mutex checkMutex_;
  mutable bool checked_ = false;
  mutable std::string checkError_;
};

}  // namespace

std::unique_ptr<ToolBinding> makeMcpBinding(McpToolSpec spec, std::shared_ptr<McpClient> client) {
  return std::make_unique<McpBinding>(std::move(spec), std::move(client));
}

}  // namespace wfc::tools

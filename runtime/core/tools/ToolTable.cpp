// The tool table (docs/bindings.md): every declared tool bound to its implementation, from the
// compiled-in bindings and a --bindings file (common/BindingsFile.h reads both).
#include "core/tools/ToolTable.h"

#include "common/DidYouMean.h"
#include "core/tools/BuiltinTools.h"
#include "core/tools/ExecTool.h"
#include "core/tools/McpTool.h"
#include "core/tools/MockTool.h"
#include "wfc/error.h"

#include <algorithm>

namespace wfc {
namespace {

std::string inQuotes(std::string_view s) { return "'" + std::string(s) + "'"; }

}  // namespace

namespace {

tools::ExecSpec execSpec(const std::string &tool, const ExecSettings &exec) {
  tools::ExecSpec out;
  out.name = tool;
  out.argv = exec.argv;
  out.cwd = exec.cwd.value_or("");
  out.env = exec.env;
  out.timeoutMs = exec.timeoutMs.value_or(0);
  return out;
}

// An mcp binding: its server is the one its own file defines; bindings to the same server
// definition share one process.
std::unique_ptr<tools::ToolBinding> mcpBinding(const BindingsFile::Entry &e, const McpSettings &mcp,
                                               const BindingsFile &file, const ToolTable::Options &options,
                                               tools::McpServers &servers) {
  tools::McpToolSpec spec;
  spec.tool = e.tool;
  spec.where = e.where;
  if (mcp.tool) spec.mcpTool = *mcp.tool;
  if (mcp.timeoutMs) spec.timeoutMs = *mcp.timeoutMs;
  if (auto p = options.parameters.find(e.tool); p != options.parameters.end()) spec.parameters = Value::parse(p->second);
  const std::string &name = mcp.server;
  const BindingsFile::McpServer *server = file.findMcpServer(name);
  if (!server)
    throw Error(ErrorKind::Usage, e.where + ": tool " + inQuotes(e.tool) + " names MCP server " + inQuotes(name) +
                                      ", which " + file.origin() + " does not define");
  tools::McpServerSpec s;
  s.name = server->name;
  s.where = server->where;
  s.command = server->settings.command;
  s.args = server->settings.args;
  s.env = server->settings.env;
  s.cwd = server->settings.cwd.value_or("");
  return tools::makeMcpBinding(std::move(spec), servers.get(s));
}

}  // namespace

ToolTable::ToolTable(const std::vector<std::string> &declared, const BindingsFile *defaults,
                     const BindingsFile *overrides, Options options)
    : ToolTable(declared, declared, defaults, overrides, std::move(options)) {}

ToolTable::ToolTable(const std::vector<std::string> &declared, const std::vector<std::string> &required,
                     const BindingsFile *defaults, const BindingsFile *overrides, Options options) {
  for (const BindingsFile *file : {defaults, overrides}) {
    if (!file) continue;
    for (const BindingsFile::Entry &e : file->entries()) {
      if (std::find(declared.begin(), declared.end(), e.tool) != declared.end()) continue;
      std::string hint = didYouMean(e.tool, declared);
      if (!hint.empty())
        throw Error(ErrorKind::Usage, e.where + ": the bindings bind tool " + inQuotes(e.tool) +
                                          ", which the workflow does not declare" + hint);
      if (file == overrides)
        warnings_.push_back(e.where + ": the bindings bind tool " + inQuotes(e.tool) +
                            ", which the workflow does not declare; the entry is not used");
    }
  }

  std::vector<std::string> nativeNames;
  for (const NativeToolEntry &n : options.natives)
    if (n.name) nativeNames.emplace_back(n.name);
  std::shared_ptr<const tools::BuiltinTools> builtins;
  for (const std::string &tool : declared) {
    const BindingsFile::Entry *e = overrides ? overrides->find(tool) : nullptr;
    if (!e && defaults) e = defaults->find(tool);
    if (!e || bindings_.count(tool)) continue;
    std::unique_ptr<tools::ToolBinding> binding;
    if (const auto *exec = std::get_if<ExecSettings>(&e->settings)) {
      binding = tools::makeExecBinding(execSpec(tool, *exec));
    } else if (const auto *mock = std::get_if<MockSettings>(&e->settings)) {
      if (mock->result) binding = tools::makeMockBinding(tools::MockTool::fixed(*mock->result));
      else binding = tools::makeMockBinding(tools::MockTool::fromTemplate(*mock->responseTemplate));
    } else if (const auto *builtin = std::get_if<BindingsFile::BuiltinSettings>(&e->settings)) {
      if (!builtins) builtins = std::make_shared<const tools::BuiltinTools>(options.workspace);
      binding = tools::makeBuiltinBinding(builtin->name, builtins);
    } else if (std::holds_alternative<BindingsFile::NativeSettings>(e->settings)) {
      auto it = std::find_if(options.natives.begin(), options.natives.end(), [&](const NativeToolEntry &n) {
        return n.name && n.fn && e->native == n.name;
      });
      if (it == options.natives.end())
        throw Error(ErrorKind::Usage, e->where + ": native function " + inQuotes(e->native) +
                                          " is not linked into this executable; bind it at compile time "
                                          "(wfc --bindings) and add its source" +
                                          didYouMean(e->native, nativeNames));
      binding = tools::makeNativeBinding(e->native, it->fn);
    } else if (const auto *http = std::get_if<HttpSettings>(&e->settings)) {
      binding = tools::makeHttpBinding(tool, e->where, *http);
    } else if (const auto *mcp = std::get_if<McpSettings>(&e->settings)) {
      if (!mcpServers_) mcpServers_ = std::make_unique<tools::McpServers>();
      const BindingsFile &file = overrides && overrides->find(tool) == e ? *overrides : *defaults;
      binding = mcpBinding(*e, *mcp, file, options, *mcpServers_);
    }
    bindings_.emplace(tool, std::move(binding));
  }

  if (options.allowUnbound) return;
  for (const std::string &tool : required)
    if (!bindings_.count(tool))
      throw Error(ErrorKind::Usage, "tool " + inQuotes(tool) + " has no binding; bind it in a file given with --bindings");
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

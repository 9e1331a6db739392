#include "core/journal/ProgramIdentity.h"

#include "common/BindingsFile.h"
#include "common/JsonReader.h"
#include "support/Sha256.h"
#include "wfc/program.h"

#include <nlohmann/json.hpp>

namespace wfc::journal {
namespace {

// A hash, not the text: bindings may carry secrets in `env`, and the journal is no place for them.
std::string bindingHash(const std::string &tool, const BindingsFile *defaults, const BindingsFile *overrides) {
  std::optional<std::string> text = bindingIdentityText(tool, defaults, overrides);
  return text ? sha256(*text).substr(0, 32) : "unbound";
}

}  // namespace

std::string ProgramIdentity::bindingsJson() const {
  nlohmann::json out = nlohmann::json::object();
  for (const auto &[tool, hash] : bindings) out[tool] = hash;
  return out.dump();
}

std::map<std::string, std::string> ProgramIdentity::parseBindings(const std::string &json) {
  std::map<std::string, std::string> out;
  nlohmann::ordered_json parsed = readJsonOrDiscarded(json);
  if (parsed.is_object())
    for (auto it = parsed.begin(); it != parsed.end(); ++it)
      if (it.value().is_string()) out[it.key()] = it.value().get<std::string>();
  return out;
}

std::string ProgramIdentity::bindingsDigest() const { return sha256(bindingsJson()).substr(0, 32); }

ProgramIdentity identify(const ProgramDecl &program, const BindingsFile *defaults, const BindingsFile *overrides) {
  ProgramIdentity id;
  id.pack = program.name;
  id.packVersion = program.version;
  id.program = program.identity ? program.identity : "";
  id.wfcVersion = program.wfcVersion;
  id.stepTable = program.stepTable;
  for (const ToolDecl &t : program.tools) id.bindings[t.name] = bindingHash(t.name, defaults, overrides);
  return id;
}

std::string difference(const ProgramIdentity &journal, const ProgramIdentity &self) {
  std::vector<std::string> what;
  if (journal.pack != self.pack)
    what.push_back("it is a run of pack '" + journal.pack + "', and this executable runs pack '" + self.pack + "'");
  if (journal.packVersion != self.packVersion)
    what.push_back("its pack version is " + journal.packVersion + ", this executable's " + self.packVersion);
  if (journal.program != self.program)
    what.push_back("its generated program differs (the pack's steps, prompts or schemas changed, or it was "
                   "built at another -O level)");
  std::vector<std::string> tools;
  for (const auto &[tool, hash] : self.bindings) {
    auto it = journal.bindings.find(tool);
    if (it == journal.bindings.end() || it->second != hash) tools.push_back("'" + tool + "'");
  }
  for (const auto &[tool, hash] : journal.bindings)
    if (!self.bindings.count(tool)) tools.push_back("'" + tool + "'");
  if (!tools.empty()) {
    std::string list;
    for (size_t i = 0; i < tools.size(); ++i) list += (i == 0 ? "" : i + 1 == tools.size() ? " and " : ", ") + tools[i];
    what.push_back(std::string(tools.size() == 1 ? "the binding of tool " : "the bindings of tools ") + list +
                   (tools.size() == 1 ? " differs" : " differ"));
  }
  if (journal.wfcVersion != self.wfcVersion)
    what.push_back("it was written by wfc " + journal.wfcVersion + ", this executable was compiled by wfc " +
                   self.wfcVersion);
  std::string out;
  for (size_t i = 0; i < what.size(); ++i) out += (i ? "; " : "") + what[i];
  return out;
}

}  // namespace wfc::journal

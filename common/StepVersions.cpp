#include "common/StepVersions.h"

#include "common/JsonReader.h"

#include <algorithm>
#include <cctype>
#include <set>

namespace wfc::versions {

std::optional<StepTable> parseStepTable(std::string_view json, const std::string &pack) {
  nlohmann::ordered_json parsed = readJsonOrDiscarded(json);
  if (!parsed.is_object()) return std::nullopt;
  StepTable table;
  for (auto it = parsed.begin(); it != parsed.end(); ++it) {
    const auto &e = it.value();
    if (!e.is_object() || !e.contains("hash") || !e["hash"].is_string()) return std::nullopt;
    StepEntry entry;
    entry.hash = e["hash"].get<std::string>();
    if (e.contains("tools") && e["tools"].is_array())
      for (const auto &t : e["tools"])
        if (t.is_string()) entry.tools.push_back(t.get<std::string>());
    if (e.contains("in") && e["in"].is_array())
      for (const auto &t : e["in"])
        if (t.is_string()) entry.in.push_back(t.get<std::string>());
    if (e.contains("line") && e["line"].is_number_unsigned())
      entry.at = (pack.empty() ? "line " : pack + ":") + std::to_string(e["line"].get<uint64_t>());
    table.emplace(it.key(), std::move(entry));
  }
  return table;
}

std::string pathPattern(std::string_view path) {
  std::string out;
  out.reserve(path.size());
  for (size_t i = 0; i < path.size(); ++i) {
    char c = path[i];
    if (c == '[') {  // "[3]" → "[]"
      size_t j = i + 1;
      while (j < path.size() && std::isdigit(static_cast<unsigned char>(path[j]))) ++j;
      if (j < path.size() && path[j] == ']' && j > i + 1) {
        out += "[]";
        i = j;
        continue;
      }
    } else if (c == '@') {  // "@2" before ':' or the end → ""
      size_t j = i + 1;
      while (j < path.size() && std::isdigit(static_cast<unsigned char>(path[j]))) ++j;
      if (j > i + 1 && (j == path.size() || path[j] == ':')) {
        i = j - 1;
        continue;
      }
    }
    out += c;
  }
  return out;
}

namespace {

std::string spellPattern(const std::string &pattern) { return "'" + pattern + "'"; }

std::string bindingOf(const Bindings &bindings, const std::string &tool) {
  auto it = bindings.find(tool);
  return it == bindings.end() ? "unbound" : it->second;
}

// What changed between two entries of one pattern, or "".
std::string entryChange(const StepEntry &old, const Bindings &oldBindings, const StepEntry &next,
                        const Bindings *nextBindings) {
  if (old.hash != next.hash) return "its definition changed";
  if (!nextBindings) return "";
  std::vector<std::string> changed;
  for (const std::string &tool : next.tools)
    if (bindingOf(oldBindings, tool) != bindingOf(*nextBindings, tool)) changed.push_back("'" + tool + "'");
  if (changed.empty()) return "";
  std::string list;
  for (size_t i = 0; i < changed.size(); ++i)
    list += (i == 0 ? "" : i + 1 == changed.size() ? " and " : ", ") + changed[i];
  return (changed.size() == 1 ? "the binding of tool " : "the bindings of tools ") + list + " changed";
}

}  // namespace

std::vector<Blocker> blockers(const StepTable &old, const Bindings &oldBindings, const StepTable &next,
                              const Bindings *nextBindings, const std::vector<std::string> &paths) {
  // What the run reached: what it recorded, and what encloses or guards that, in either version
  // (a step moved into a parallel block reaches the block here).
  std::set<std::string> patterns;
  std::vector<std::string> pending;
  for (const std::string &p : paths) pending.push_back(pathPattern(p));
  while (!pending.empty()) {
    std::string pattern = std::move(pending.back());
    pending.pop_back();
    if (!patterns.insert(pattern).second) continue;
    for (const StepTable *table : {&old, &next})
      if (auto it = table->find(pattern); it != table->end())
        for (const std::string &outer : it->second.in) pending.push_back(outer);
  }
  std::vector<Blocker> out;
  for (const std::string &pattern : patterns) {
    auto o = old.find(pattern);
    auto n = next.find(pattern);
    if (n == next.end()) {
      out.push_back({pattern, o == old.end() ? "" : o->second.at, "it is not in this program"});
      continue;
    }
    if (o == old.end()) {
      out.push_back({pattern, n->second.at, "the program that wrote the run has no step table entry for it"});
      continue;
    }
    std::string why = entryChange(o->second, oldBindings, n->second, nextBindings);
    if (!why.empty()) out.push_back({pattern, n->second.at, why});
  }
  return out;
}

std::string describe(const std::vector<Blocker> &blockers) {
  std::string out;
  for (size_t i = 0; i < blockers.size(); ++i) {
    if (i == 8) {
      out += "; and " + std::to_string(blockers.size() - i) + " more";
      break;
    }
    const Blocker &b = blockers[i];
    out += (i ? "; " : "") + spellPattern(b.pattern) + (b.at.empty() ? "" : " (" + b.at + ")") + ": " + b.why;
  }
  return out;
}

std::vector<StepChange> compare(const StepTable &old, const Bindings &oldBindings, const StepTable &next,
                                const Bindings *nextBindings) {
  std::vector<StepChange> out;
  for (const auto &[pattern, entry] : old)
    if (!next.count(pattern)) out.push_back({StepChange::Kind::Removed, pattern, entry.at, ""});
  for (const auto &[pattern, entry] : next) {
    auto o = old.find(pattern);
    if (o == old.end()) {
      out.push_back({StepChange::Kind::Added, pattern, entry.at, ""});
      continue;
    }
    std::string why = entryChange(o->second, oldBindings, entry, nextBindings);
    if (!why.empty()) out.push_back({StepChange::Kind::Changed, pattern, entry.at, why});
  }
  std::sort(out.begin(), out.end(), [](const StepChange &a, const StepChange &b) { return a.pattern < b.pattern; });
  return out;
}

}  // namespace wfc::versions

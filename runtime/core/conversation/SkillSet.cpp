#include "core/conversation/SkillSet.h"

#include "common/JsonReader.h"
#include "core/conversation/LlmStep.h"
#include "core/run/Run.h"
#include "core/run/AttemptLog.h"
#include "wfc/error.h"

#include <algorithm>
#include <optional>

namespace wfc::llm {
namespace {

constexpr const char *kActivate = "skill__activate";
constexpr const char *kDeactivate = "skill__deactivate";
constexpr const char *kReadResource = "skill__read_resource";

// PromptKit hands a tool's JSON result to the model indented by two spaces, keys sorted (Go's
// maps marshal so): callers insert them in that order. Resources are UTF-8 (the compiler embeds
// no other), so nothing needs replacing; replacing beats throwing all the same.
std::string resultText(const Json &result) { return result.dump(2, ' ', false, Json::error_handler_t::replace); }

Json nameParameter(const char *what) {
  return {{"type", "object"},
          {"properties", {{"name", {{"type", "string"}, {"description", what}}}}},
          {"required", Json::array({"name"})}};
}

// "./a/../b/c.md" → "b/c.md"; nullopt when the path leaves the skill's directory (or is absolute).
std::optional<std::string> normalizedResourcePath(const std::string &path) {
  if (path.empty() || path.front() == '/') return std::nullopt;
  std::vector<std::string> parts;
  size_t start = 0;
  while (start <= path.size()) {
    size_t end = path.find('/', start);
    if (end == std::string::npos) end = path.size();
    std::string part = path.substr(start, end - start);
    if (part == "..") {
      if (parts.empty()) return std::nullopt;
      parts.pop_back();
    } else if (!part.empty() && part != ".") {
      parts.push_back(part);
    }
    start = end + 1;
  }
  std::string out;
  for (const std::string &p : parts) out += (out.empty() ? "" : "/") + p;
  return out;
}

}  // namespace

SkillSet::SkillSet(const ProgramDecl &program, std::vector<int> available)
    : program_(program), available_(std::move(available)) {
  for (int s : available_)
    if (program_.skills[s].preload) active_.push_back(s);
}

std::vector<int> SkillSet::all(const ProgramDecl &program) {
  std::vector<int> out;
  for (size_t i = 0; i < program.skills.size(); ++i) out.push_back(int(i));
  return out;
}

bool SkillSet::isSkillTool(std::string_view name) {
  return name == kActivate || name == kDeactivate || name == kReadResource;
}

void SkillSet::offerSkillTools(Request &request) const {
  if (available_.empty()) return;
  // PromptKit lists the skills in the activate tool's description, sorted by name.
  std::vector<const SkillDecl *> listed;
  for (int s : available_) listed.push_back(&program_.skills[s]);
  std::sort(listed.begin(), listed.end(),
            [](const SkillDecl *a, const SkillDecl *b) { return std::string_view(a->name) < std::string_view(b->name); });
  std::string index = "Available skills:";
  for (const SkillDecl *s : listed) index += std::string("\n- ") + s->name + ": " + s->description;
  request.tools.push_back({kActivate, "Activate a skill to load its instructions and tools.\n\n" + index,
                           nameParameter("Name of the skill to activate.")});
  request.tools.push_back({kDeactivate, "Deactivate a skill to unload its instructions and tools.",
                           nameParameter("Name of the skill to deactivate.")});
  request.tools.push_back(
      {kReadResource, "Read a resource file from within a skill's directory.",
       {{"type", "object"},
        {"properties",
         {{"skill_name", {{"type", "string"}, {"description", "Name of the skill owning the resource."}}},
          {"path", {{"type", "string"}, {"description", "Relative path to the resource within the skill directory."}}}}},
        {"required", Json::array({"skill_name", "path"})}}});
}

std::string SkillSet::withPreloaded(std::string system) const {
  for (int s : available_) {
    const SkillDecl &skill = program_.skills[s];
    if (!skill.preload) continue;
    if (!system.empty()) system += "\n\n";
    system += std::string("## Skill: ") + skill.name + "\n\n" + skill.instructions;
  }
  return system;
}

std::vector<int> SkillSet::tools(std::span<const int> baseline) const {
  std::vector<int> out(baseline.begin(), baseline.end());
  for (int s : active_)
    for (int t : program_.skills[s].grants)
      if (std::find(out.begin(), out.end(), t) == out.end()) out.push_back(t);
  return out;
}

int SkillSet::find(const std::string &name) const {
  for (size_t i = 0; i < program_.skills.size(); ++i)
    if (name == program_.skills[i].name) return int(i);
  return -1;
}

bool SkillSet::isAvailable(int skill) const {
  return std::find(available_.begin(), available_.end(), skill) != available_.end();
}

bool SkillSet::isActive(int skill) const { return std::find(active_.begin(), active_.end(), skill) != active_.end(); }

// The provider names of the tools `skill` grants; `exceptStillGranted`: without those another
// active skill grants too (deactivating `skill` does not take them away).
std::vector<std::string> SkillSet::grantedNames(int skill, bool exceptStillGranted) const {
  std::vector<std::string> out;
  for (int t : program_.skills[skill].grants) {
    bool still = false;
    if (exceptStillGranted)
      for (int other : active_)
        if (other != skill)
          for (int g : program_.skills[other].grants) still |= g == t;
    if (!still) out.push_back(program_.tools[t].providerName);
  }
  return out;
}

std::string SkillSet::activate(const std::string &name, bool &ok) {
  int s = find(name);
  if (s < 0 || !isAvailable(s)) {
    std::string names;
    for (int a : available_) names += std::string(names.empty() ? "" : ", ") + program_.skills[a].name;
    return toolErrorText(s < 0 ? "activating skill \"" + name + "\": skill \"" + name + "\" not found; the skills are: " + names
                           : "skill \"" + name + "\" is not available in the current state; its skills are: " +
                                 (names.empty() ? std::string("none") : names));
  }
  // Activating an active skill again answers as the first time did (PromptKit's too).
  if (!isActive(s)) active_.push_back(s);
  ok = true;
  return resultText({{"added_tools", grantedNames(s, false)}, {"instructions", program_.skills[s].instructions}});
}

std::string SkillSet::deactivate(const std::string &name, bool &ok) {
  int s = find(name);
  if (s < 0 || !isActive(s)) return toolErrorText("skill \"" + name + "\" is not active");
  std::vector<std::string> removed = grantedNames(s, true);
  active_.erase(std::find(active_.begin(), active_.end(), s));
  ok = true;
  return resultText({{"removed_tools", removed}});
}

std::string SkillSet::readResource(const std::string &name, const std::string &path, bool &ok) const {
  int s = find(name);
  if (s < 0 || !isAvailable(s)) return toolErrorText("skill \"" + name + "\" not found");
  const SkillDecl &skill = program_.skills[s];
  if (!skill.hasDirectory) return toolErrorText("skill \"" + name + "\" is inline and has no directory");
  std::optional<std::string> normalized = normalizedResourcePath(path);
  if (!normalized) return toolErrorText("resource path escapes skill directory: " + path);
  std::string listed;
  for (const SkillResourceDecl &r : skill.resources) {
    if (*normalized == r.path) {
      ok = true;
      return resultText({{"content", r.content}});
    }
    listed += std::string(listed.empty() ? "" : ", ") + r.path;
  }
  return toolErrorText("skill \"" + name + "\" has no resource \"" + path + "\"; its resources are: " +
                   (listed.empty() ? std::string("none") : listed));
}

void SkillSet::replay(const std::vector<Message> &messages) {
  if (available_.empty()) return;
  for (const Message &m : messages)
    for (const ToolCallRequest &c : m.toolCalls) {
      if (c.name != kActivate && c.name != kDeactivate) continue;
      Json args = readJsonOrDiscarded(c.arguments.empty() ? "{}" : c.arguments);
      if (!args.is_object() || !args.contains("name") || !args["name"].is_string()) continue;
      bool ok = false;
      if (c.name == kActivate) activate(args["name"].get<std::string>(), ok);
      else deactivate(args["name"].get<std::string>(), ok);
    }
}

std::vector<int> SkillSet::offerTools(Request &request, std::span<const int> baseline) const {
  std::vector<int> offered = tools(baseline);
  request.tools.clear();
  llm::offerTools(request, program_, offered);
  offerSkillTools(request);
  return offered;
}

PendingCall SkillSet::resolve(const StepAttempt &a, const ToolCallRequest &call, std::span<const int> offered) {
  if (!empty() && isSkillTool(call.name)) {
    PendingCall answered{&call, -1, std::nullopt, "", {}, {}, evals::ToolCallRecord{}};
    answered.result = this->call(a, call, &*answered.answered);
    return answered;
  }
  return resolveCall(call, program_, offered);
}

std::string SkillSet::call(const StepAttempt &a, const ToolCallRequest &request, evals::ToolCallRecord *note) {
  Json args;
  try {
    args = readJson(request.arguments.empty() ? "{}" : request.arguments);
  } catch (const Error &) {
    args = Json();  // answered below as arguments of the wrong shape
  }
  auto text = [&](const char *key) -> std::optional<std::string> {
    if (!args.is_object() || !args.contains(key) || !args[key].is_string()) return std::nullopt;
    return args[key].get<std::string>();
  };
  bool ok = false;
  std::string result, skill;
  if (request.name == kReadResource) {
    std::optional<std::string> name = text("skill_name"), path = text("path");
    if (!name || !path) result = toolErrorText("the arguments must be {\"skill_name\": SKILL, \"path\": PATH}, strings");
    else result = readResource(*name, *path, ok);
    skill = name.value_or("");
  } else {
    std::optional<std::string> name = text("name");
    if (!name) result = toolErrorText("the arguments must be {\"name\": SKILL}, a string");
    else result = request.name == kActivate ? activate(*name, ok) : deactivate(*name, ok);
    skill = name.value_or("");
  }
  if (Trace *trace = a.run.trace()) {
    Json line = {{"step", a.path}, {"parent_span_id", a.span}, {"tool", request.name}, {"skill", skill},
                 {"status", ok ? "ok" : "failed"}};
    if (!ok) line["error"] = readJson(result)["error"];
    trace->write("skill", line);
  }
  if (note) {
    Json error = ok ? Json() : readJson(result)["error"];
    *note = {request.name, args.is_null() ? Value() : Value::fromJson(args), ok ? result : "",
             ok ? "" : error.is_string() ? error.get<std::string>() : result};
  }
  return result;
}

}  // namespace wfc::llm

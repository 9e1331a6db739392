// Skills (RFC 0008; docs/promptkit.md "Skills"), read at compile time so the executable carries
// them and needs no file at run time. A skill source is a path relative to the pack — a skill's
// directory (it holds a SKILL.md) or a directory of them, as PromptKit scans it — `{path,
// preload}`, or an inline `{name, description, instructions}`. SKILL.md is YAML front matter
// (name, description, allowed-tools, …) and a Markdown body, the skill's instructions; the other
// files of its directory are its resources, which the model reads through skill__read_resource.
#include "frontend/promptpack/Lowering.h"

#include "common/YamlStream.h"
#include "support/DidYouMean.h"

#include <llvm/Support/ConvertUTF.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>

#include <algorithm>

namespace wfc::promptpack {
namespace {

// A resource larger than this is not embedded (the executable would carry it in its data).
constexpr uint64_t kMaxResourceBytes = 1 << 20;
// How deep under a skills path SKILL.md files are looked for.
constexpr unsigned kMaxSkillDepth = 8;

bool isKebabName(const std::string &name) {
  if (name.empty() || name.size() > 64) return false;
  for (char c : name)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
  return name.front() != '-' && name.back() != '-';
}

std::vector<std::string> sortedEntries(const std::string &dir, bool directories) {
  std::vector<std::string> out;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(dir, ec), end; it != end && !ec; it.increment(ec)) {
    bool isDir = llvm::sys::fs::is_directory(it->path());
    if (isDir == directories) out.push_back(it->path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// The executable hands instructions and resources to the model as JSON strings: text only.
bool isText(llvm::StringRef text) {
  if (text.contains('\0')) return false;
  const auto *begin = reinterpret_cast<const llvm::UTF8 *>(text.begin());
  return llvm::isLegalUTF8String(&begin, reinterpret_cast<const llvm::UTF8 *>(text.end()));
}

}  // namespace

void Lowering::lowerSkills() {
  if (!pack_.skills) return;
  const DocNode &list = *pack_.skills.node;
  if (!list.isSequence()) return;  // reported by the shape checker
  for (const auto &item : list.items) {
    if (item->isMapping() && item->get("instructions")) {
      const DocNode *name = item->get("name"), *description = item->get("description"),
                    *instructions = item->get("instructions");
      if (!name || !name->isString() || !description || !description->isString() || !instructions->isString())
        continue;  // reported by the shape checker
      ir::Skill skill;
      skill.name = name->stringValue;
      skill.description = description->stringValue;
      skill.instructions = instructions->stringValue;
      skill.loc = item->loc;
      skill.preload = false;
      module_->skills.push_back(std::move(skill));
      continue;
    }
    const DocNode *path = item->isString() ? item : item->isMapping() ? item->get("path") : nullptr;
    if (!path || !path->isString()) continue;  // reported
    bool preload = false;
    if (item->isMapping())
      if (const DocNode *p = item->get("preload"); p && p->isBool()) preload = p->boolValue;
    const std::string &written = path->stringValue;
    if (!written.empty() && written[0] == '@') {
      diags_.error(path->loc, "skill package '" + written + "' is looked up in PromptKit's user and project skill "
                              "directories, which a compiled workflow does not have; copy the skill next to the pack "
                              "and give its path");
      continue;
    }
    std::string dir = SourceFiles::resolveRelative(doc_.path(), written);
    if (!llvm::sys::fs::is_directory(dir)) {
      diags_.error(path->loc, "skill path '" + written + "' is not a directory (" + dir +
                                  "): a skill is a directory holding a SKILL.md, or a directory of them");
      continue;
    }
    size_t before = module_->skills.size();
    readSkillDirectory(dir, *path, preload, 0);
    if (module_->skills.size() == before)
      diags_.error(path->loc, "skill path '" + written + "' holds no SKILL.md, in it or in its subdirectories");
  }
  // Names are how the model activates skills: each must be unique.
  std::map<std::string, const ir::Skill *> seen;
  for (ir::Skill &s : module_->skills) {
    if (auto [it, fresh] = seen.emplace(s.name, &s); !fresh)
      diags_.error(s.loc, "duplicate skill name '" + s.name + "'").note(it->second->loc, "'" + s.name + "' first defined here");
    for (const std::string &tool : s.allowedTools)
      if (const ir::Tool *t = module_->findTool(tool)) {
        if (std::find(s.grants.begin(), s.grants.end(), t) == s.grants.end()) s.grants.push_back(t);
      } else {
        diags_.warning(s.loc, "skill '" + s.name + "' allows tool '" + tool + "', which is not a tool of the pack: "
                              "activating the skill cannot add it" + didYouMeanSuffix(tool, toolNames()));
      }
  }
}

// Reads `dir` as a skill when it holds a SKILL.md, else its subdirectories, at any depth, as
// PromptKit walks a skills directory (`depth` bounds the walk where symbolic links loop).
void Lowering::readSkillDirectory(const std::string &dir, const DocNode &at, bool preload, unsigned depth) {
  std::string skillFile = dir + "/SKILL.md";
  if (!llvm::sys::fs::exists(skillFile)) {
    if (depth < kMaxSkillDepth)
      for (const std::string &child : sortedEntries(dir, /*directories=*/true))
        readSkillDirectory(child, at, preload, depth + 1);
    return;
  }
  std::string error;
  unsigned buffer = loader_.files().open(skillFile, error);
  if (!buffer) {
    diags_.error(at.loc, "cannot read skill file " + skillFile + ": " + error);
    return;
  }
  llvm::StringRef text = loader_.files().sourceMgr().getMemoryBuffer(buffer)->getBuffer();
  llvm::SMLoc fileLoc = llvm::SMLoc::getFromPointer(text.data());
  if (!isText(text)) {
    diags_.error(fileLoc, "this SKILL.md is not UTF-8 text (or holds a NUL byte); save it as UTF-8");
    return;
  }
  // Front matter: the text between a first line "---" and the next "---" line.
  if (!text.startswith("---")) {
    diags_.error(fileLoc, "a SKILL.md starts with YAML front matter between '---' lines, holding at least 'name' and "
                          "'description'");
    return;
  }
  size_t firstLine = text.find('\n');
  size_t close = text.find("\n---", firstLine);
  if (firstLine == llvm::StringRef::npos || close == llvm::StringRef::npos) {
    diags_.error(fileLoc, "the front matter of this SKILL.md has no closing '---' line");
    return;
  }
  llvm::StringRef front = text.slice(firstLine + 1, close + 1);
  size_t bodyStart = text.find('\n', close + 1);
  llvm::StringRef body = bodyStart == llvm::StringRef::npos ? "" : text.drop_front(bodyStart + 1);
  ir::Skill skill;
  skill.loc = fileLoc;
  skill.preload = preload;
  skill.instructions = body.trim().str();  // PromptKit trims the body's surrounding whitespace
  llvm::SmallString<256> relative(dir);
  std::string packDir = llvm::sys::path::parent_path(doc_.path()).str();
  if (!packDir.empty() && llvm::StringRef(dir).startswith(packDir + "/")) skill.path = dir.substr(packDir.size() + 1);
  else skill.path = dir;
  try {
    yaml::FirstDocument parsed = yaml::loadFirstDocument(front.str());
    if (parsed.stuck) throw YAML::ParserException(*parsed.stuck, "'" + parsed.stuckText + "' cannot start a value here");
    const YAML::Node &node = parsed.node;
    if (!node.IsMap()) {
      diags_.error(fileLoc, "the front matter of this SKILL.md must be a mapping with 'name' and 'description'");
      return;
    }
    if (node["name"] && node["name"].IsScalar()) skill.name = node["name"].as<std::string>();
    if (node["description"] && node["description"].IsScalar()) skill.description = node["description"].as<std::string>();
    if (const YAML::Node tools = node["allowed-tools"]) {
      if (tools.IsSequence()) {
        for (const auto &t : tools)
          if (t.IsScalar()) skill.allowedTools.push_back(t.as<std::string>());
      } else if (tools.IsScalar()) {  // the AgentSkills.io form: space-separated
        llvm::SmallVector<llvm::StringRef, 8> words;
        llvm::StringRef(tools.Scalar()).split(words, ' ', -1, false);
        for (llvm::StringRef w : words) skill.allowedTools.push_back(w.trim(",").str());
      }
    }
  } catch (const YAML::Exception &e) {
    llvm::SMLoc at = llvm::SMLoc::getFromPointer(front.data());
    if (e.mark.line >= 0) {
      // Point at the offending line of the front matter.
      size_t offset = 0;
      for (int line = 0; line < e.mark.line && offset < front.size(); ++line) offset = front.find('\n', offset) + 1;
      at = llvm::SMLoc::getFromPointer(front.data() + std::min(offset + e.mark.column, front.size()));
    }
    diags_.error(at, "the front matter of this SKILL.md is not valid YAML: " + e.msg);
    return;
  }
  if (!isKebabName(skill.name)) {
    diags_.error(fileLoc, skill.name.empty() ? "this SKILL.md's front matter has no 'name'"
                                             : "skill name '" + skill.name + "' must be lowercase letters, digits and "
                                               "'-' (kebab-case), at most 64 characters");
    return;
  }
  if (skill.description.empty() || skill.description.size() > 1024) {
    diags_.error(fileLoc, "skill '" + skill.name + "' needs a 'description' of 1 to 1024 characters: it is what the "
                          "model reads to decide to activate the skill");
    return;
  }
  // Resources: the directory's other files, by path relative to it, sorted (stable output).
  std::vector<std::pair<std::string, unsigned>> pending = {{dir, 0}};
  std::vector<std::string> files;
  while (!pending.empty()) {
    auto [d, depth] = pending.back();
    pending.pop_back();
    for (const std::string &f : sortedEntries(d, false)) files.push_back(f);
    if (depth < kMaxSkillDepth)
      for (const std::string &sub : sortedEntries(d, true)) pending.push_back({sub, depth + 1});
  }
  std::sort(files.begin(), files.end());
  for (const std::string &file : files) {
    std::string rel = file.substr(dir.size() + 1);
    if (rel == "SKILL.md") continue;
    uint64_t size = 0;
    if (llvm::sys::fs::file_size(file, size) || size > kMaxResourceBytes) {
      diags_.warning(fileLoc, "resource '" + rel + "' of skill '" + skill.name + "' is larger than 1 MiB: it is not "
                              "embedded, and skill__read_resource reports it missing");
      continue;
    }
    unsigned id = loader_.files().open(file, error);
    if (!id) {
      diags_.warning(fileLoc, "cannot read resource '" + rel + "' of skill '" + skill.name + "': " + error);
      continue;
    }
    llvm::StringRef content = loader_.files().sourceMgr().getMemoryBuffer(id)->getBuffer();
    if (!isText(content)) {
      diags_.warning(fileLoc, "resource '" + rel + "' of skill '" + skill.name + "' is not UTF-8 text: it is not "
                              "embedded, and skill__read_resource reports it missing");
      continue;
    }
    skill.resources.emplace_back(rel, content.str());
  }
  module_->skills.push_back(std::move(skill));
}

}  // namespace wfc::promptpack

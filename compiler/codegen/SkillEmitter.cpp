#include "codegen/SkillEmitter.h"

#include "codegen/CppNames.h"
#include "codegen/DeclMirrors.h"

#include <llvm/ADT/SmallString.h>
#include <llvm/ADT/StringExtras.h>
#include <llvm/Support/Path.h>

namespace wfc::codegen {
namespace {

// Text as readable as it was written — a raw string — unless it holds control characters other
// than newlines and tabs (a raw string would carry a carriage return or the Printer's marks
// into the source as they are): then an escaped one.
std::string textLiteral(llvm::StringRef text, llvm::StringRef delimiter) {
  for (unsigned char c : text)
    if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f) return cppString(text);
  return rawString(text, delimiter);
}

// Where a skill is written: its SKILL.md (beside the pack, as wfc was given the pack's path), or
// the pack for an inline skill.
std::string skillLocation(const EmitContext &ctx, const ir::Skill &skill) {
  if (skill.path.empty()) return ctx.location(skill.loc);
  llvm::SmallString<128> file;
  if (!llvm::sys::path::is_absolute(skill.path)) file = llvm::sys::path::parent_path(ctx.options.sourcePath);
  llvm::sys::path::append(file, skill.path, "SKILL.md");
  return std::string(file.str()) + ":" + std::to_string(ctx.line(skill.loc));
}

}  // namespace

void emitSkills(Printer &p, EmitContext &ctx, const analysis::Program &program) {
  if (program.skills.empty()) return;
  std::vector<EnumEntry> names;
  for (const ir::Skill *s : program.skills) {
    ctx.nameSkill(*s);
    names.push_back({*ctx.skill(*s), s->name});
  }
  emitEnum(p, "The skills conversations are offered (docs/promptkit.md \"Skills\"), in declaration order.", "skill",
           names);
  p.blankLine();
  std::vector<SkillDeclFields> rows;
  for (const ir::Skill *s : program.skills) {
    const std::string &name = *ctx.skill(*s);
    p.emit({{"skill", commentText(s->name)},
            {"location", skillLocation(ctx, *s)},
            {"what", s->path.empty() ? " (inline)" : ""}},
           "// skill '$skill$' — $location$$what$\n");
    p.emit({{"name", name}, {"text", textLiteral(s->instructions, "md")}}, "const char kInstructions_$name$[] = $text$;\n");
    SkillDeclFields row;
    row.name = cppString(s->name);
    row.description = cppString(s->description);
    row.instructions = "kInstructions_" + name;
    row.location = cppString(skillLocation(ctx, *s));
    if (!s->path.empty()) row.hasDirectory = "true";
    if (s->preload) row.preload = "true";
    if (!s->grants.empty()) {
      std::vector<std::string> tools;
      for (const ir::Tool *t : s->grants) tools.push_back("tool::" + ctx.tool(*t));
      p.emit({{"name", name}, {"list", llvm::join(tools, ", ")}}, "const int kGrants_$name$[] = {$list$};\n");
      row.grants = {"kGrants_" + name, "allowed-tools"};
    }
    if (!s->resources.empty()) {
      std::vector<SkillResourceDeclFields> resources;
      for (const auto &[path, content] : s->resources) {
        SkillResourceDeclFields resource;
        resource.path = cppString(path);
        resource.content = textLiteral(content, "text");
        resources.push_back(std::move(resource));
      }
      emitInitializerTable(p, "kResources_" + name, resources);
      row.resources = "kResources_" + name;
    }
    rows.push_back(std::move(row));
    p.blankLine();
  }
  emitInitializerTable(p, "kSkills", rows);
  p.blankLine();
}

}  // namespace wfc::codegen

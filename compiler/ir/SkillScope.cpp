// Which of the pack's skills a conversation is offered (docs/promptkit.md "Skills"). A workflow
// state's `skills` names a path relative to the pack — a skill's directory or a directory of
// them, as the pack's `skills` list names them — and scopes the state to the skills there;
// "none" offers none. PromptKit matches its filter as a glob against each skill's directory, so
// a filter with glob characters is one here too.
#include "ir/Module.h"

#include <llvm/Support/GlobPattern.h>

#include <cstring>

namespace wfc::ir {
namespace {

// "./skills/billing/" and "skills/billing/SKILL.md" both name "skills/billing".
std::string normalizedFilter(llvm::StringRef filter) {
  while (filter.consume_front("./")) {
  }
  if (filter.endswith("/SKILL.md")) filter = filter.drop_back(std::strlen("/SKILL.md"));
  filter = filter.rtrim('/');
  return filter.str();
}

}  // namespace

std::vector<const Skill *> Module::skillsIn(const State *state) const {
  std::vector<const Skill *> out;
  if (!state || !state->skills) {
    for (const Skill &s : skills) out.push_back(&s);
    return out;
  }
  if (llvm::StringRef(*state->skills).equals_insensitive("none")) return out;
  std::string filter = normalizedFilter(*state->skills);
  std::optional<llvm::GlobPattern> glob;
  if (filter.find_first_of("*?[") != std::string::npos) {
    llvm::Expected<llvm::GlobPattern> made = llvm::GlobPattern::create(filter);
    if (made) glob = std::move(*made);
    else llvm::consumeError(made.takeError());  // sema reports the malformed pattern
  }
  for (const Skill &s : skills) {
    if (s.path.empty()) continue;  // an inline skill has no directory to match
    llvm::StringRef path(s.path);
    bool in = glob ? glob->match(path) : (path == filter || path.startswith(filter + "/"));
    if (in) out.push_back(&s);
  }
  return out;
}

}  // namespace wfc::ir

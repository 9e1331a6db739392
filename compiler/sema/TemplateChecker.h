// Prompt templates: split at compile time into text and lookups, every `{{var}}` checked to be
// declared (a prompt variable, a fragment, `workflow_context` or `artifacts.NAME`), fragments
// expanded in place (a fragment that includes itself is an error).
#pragma once

#include "ir/Module.h"
#include "sema/SemaContext.h"

#include <set>

namespace wfc::sema {

class TemplateChecker {
 public:
  TemplateChecker(SemaContext &ctx, const DocNode &root);

  ir::Template compile(const ir::Prompt &prompt, const DocNode &templateNode);

  // A step that runs `prompt` with an object input binds the input's keys as variables: every
  // required variable (without a default) must be one of them. `keys` is empty when the input
  // is not an object of known keys (then nothing can be checked).
  void checkRequiredVariables(const ir::Prompt &prompt, const std::vector<std::string> &keys,
                              llvm::SMLoc at, const std::string &stepId);

 private:
  void expand(const ir::Prompt &prompt, const DocNode &textNode, llvm::StringRef text,
              ir::Template &out, std::vector<std::string> &fragmentStack);

  SemaContext &ctx_;
  std::map<std::string, const DocNode *> fragments_;
};

}  // namespace wfc::sema

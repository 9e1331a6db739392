// The syntax of prompt templates: `{{name}}`, `{{name.path[0]}}`, `{{fragments.name}}`,
// `{{workflow_context…}}`, `{{artifacts.NAME…}}`, and `{{fragment:name}}` (the Python SDK's
// spelling of a fragment). Spaces inside the braces are allowed (the lowering warns: PromptKit
// substitutes only the unspaced form).
#pragma once

#include "ir/Reference.h"

#include <llvm/ADT/StringRef.h>

#include <string>
#include <variant>
#include <vector>

namespace wfc::promptpack {

struct TemplateLookup {
  std::string root;                   // first name
  std::vector<ir::PathElement> path;  // after it
  std::string written;                // "{{ name.x }}" as written, for carets
  bool spaced = false;                // written with spaces inside the braces
};

struct TemplateError {
  std::string message;
  std::string needle;
  size_t offset = 0;  // where the bad `{{` is in the text
};

struct TemplateSyntax {
  std::vector<std::variant<std::string, TemplateLookup>> pieces;
  std::vector<TemplateError> errors;  // every malformed `{{…}}`; each is skipped
};

TemplateSyntax parseTemplate(llvm::StringRef text);

}  // namespace wfc::promptpack

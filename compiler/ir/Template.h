// A prompt template, split at compile time into literal text and lookups, so nothing is parsed
// at run time. `{{fragments.x}}` is already expanded.
#pragma once

#include "ir/Reference.h"

#include <string>
#include <vector>

namespace wfc::ir {

struct TemplatePiece {
  enum class Kind {
    Text,             // literal text
    Variable,         // {{name.path}}: a prompt variable (or a key of an object input)
    WorkflowContext,  // {{workflow_context.path}}
    Artifact,         // {{artifacts.NAME.path}}
  };
  Kind kind = Kind::Text;
  std::string text;  // Text: the text; Variable: the name; Artifact: the artifact name
  std::vector<PathElement> path;
};

struct Template {
  std::vector<TemplatePiece> pieces;
};

}  // namespace wfc::ir

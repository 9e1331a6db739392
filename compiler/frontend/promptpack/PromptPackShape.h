// The shape of a PromptPack file (PromptPack schema 1.5 with RFC 0010 compositions) as wfc
// accepts it, including wfc's `wfc.` extensions. docs/language/promptpack.md lists every field
// and where wfc is stricter or more lenient than the PromptPack JSON Schema. Its objects are built
// from the field tables of the declarations they are read into (PromptPackAST.h,
// frontend/FieldTable.h); the editor schema (EditorSchema.cpp) is exported from it.
#pragma once

#include "frontend/Shape.h"

namespace wfc::promptpack {

// The root shape; built once, immutable.
const Shape &promptPackShape();

// One step (a union over `kind`): what `parallel.branches[]` and `steps[]` hold.
const Shape &stepShape();

// The step kinds wfc knows, in the order messages list them.
const std::vector<std::string> &knownStepKinds();

}  // namespace wfc::promptpack

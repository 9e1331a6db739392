// The JSON Schema (draft-07) of the pack format wfc accepts, generated from the same shape
// tables the compiler checks packs with, so editors (yaml-language-server, VS Code) complete
// and flag exactly what `wfc check` does. `wfc schema` prints it; schemas/ holds a copy.
#pragma once

#include <nlohmann/json.hpp>

namespace wfc::promptpack {

nlohmann::ordered_json promptPackEditorSchema();

}  // namespace wfc::promptpack

// A tool composition declares no input schema, but its interpolations say what the input must
// hold: `{{input.query}}` needs a `query`, `{{context.user_id}}` a `context` object with a
// `user_id` (docs/tool-composition.md "Input"). The schema inferred from them lets the executable
// reject an input that lacks one before any tool runs (exit 2, naming the field), and tells
// `--help`, `--mcp` and `--serve` what to ask for.
#pragma once

#include "ir/Module.h"

#include <optional>

namespace wfc::toolcomp {

// A draft-07 schema requiring every key path the composition's steps and rollbacks read from
// `input` (types left open); nullopt when they read none.
std::optional<ir::Json> inferInputSchema(const ir::Composition &composition);

}  // namespace wfc::toolcomp

// The executable's modes and the options each takes (docs/executable.md, docs/batch.md,
// docs/serve.md, docs/mcp-server.md, docs/registry.md), declared once: one table says, for every
// option that some mode does not take, why each such mode refuses it. runMain and the registry's
// main choose a mode, then ask here before setting anything up.
#pragma once

#include "host/session/CommandLine.h"

#include <optional>
#include <string>

namespace wfc {

enum class Mode {
  Run,       // one run (a chat turn, --chat, --dry-run, --runs, --resume)
  Batch,     // --input-jsonl, or --resume of a batch
  Serve,     // --serve [ADDR:]PORT
  Mcp,       // --mcp
  Registry,  // a workflow registry's executable
};

// The first option given on `cl` that `mode` does not take, as a usage message ("--pretty indents
// one run's output; a batch writes one JSON line per result"); nullopt when every one fits.
// `pack` names the program in messages that say which executable takes an option.
std::optional<std::string> refusedOption(const CommandLine &cl, Mode mode, const std::string &pack);

}  // namespace wfc

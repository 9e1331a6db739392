// Lowers a read AWL file (FileDecl) into the IR, with the dialect's own rules (docs/awl.md):
// names resolved (constants folded, captured variables read from the variable store, free names
// read from the input), expressions parsed and typed, every run-time value in a shell command
// moved out of its text into an environment variable (the taint rule), loops nested fewer than
// ten deep. The workflow becomes one ir::Composition with a variable store:
//
//   before…  context…  foreach: wfc.loop over items { again → context_again { context… }, steps… }  after…
//
// — context runs before the loop (its captures may feed `items`) and again at the start of every
// later iteration — of steps the runtime already has (prompt and agent steps for prompt-agent,
// branches and blocks for conditional, wfc.loop for loop) and built-in actions (shell, the file
// actions, notify, stop, parse-json, the taskstore reads). What every dialect needs checked is
// left to sema.
#pragma once

#include "frontend/awl/AwlAST.h"
#include "ir/Module.h"
#include "support/DiagnosticEngine.h"

#include <memory>

namespace wfc::awl {

// Rounds of a prompt-agent's tool loop without `max-turns`.
inline constexpr unsigned kDefaultMaxTurns = 10;

// The module, possibly partial when errors were reported.
std::unique_ptr<ir::Module> lowerAwl(const FileDecl &file, DiagnosticEngine &diags);

}  // namespace wfc::awl

// The hashes the run journal keys on (docs/journal.md), emitted into the generated program:
//  - the program's identity: a run recorded in a journal is resumed only by an executable of the
//    same program (with the same bindings and wfc version, which the runtime adds);
//  - a wfc.cache step's definition: what its output depends on besides its resolved input, so a
//    run of an edited pack reuses only the outputs of steps whose definition did not change.
#pragma once

#include "ir/Module.h"

#include <string>

namespace wfc::codegen {

// A hash of the module as the IR printer writes it after the passes (without pack locations, so
// moving a step in the file changes nothing) and of which composition runs (`entry`; null: the
// workflow).
std::string programIdentity(const ir::Module &module, const ir::Composition *entry);

// A hash of `step`'s definition: its kind and id, tool or prompt (the prompt's template,
// variables, parameters and tool policy), arguments or input as written, output schema, evals
// and modifiers; for a wfc.subflow, the called composition's whole definition. Not its place in
// the graph: a step moved or given new neighbours keeps its cached outputs.
std::string stepDefinitionHash(const ir::Step &step);

}  // namespace wfc::codegen

// The hashes the run journal keys on (docs/journal.md), emitted into the generated program:
//  - the program's identity: a run recorded in a journal is resumed only by an executable of the
//    same program (with the same bindings and wfc version, which the runtime adds);
//  - a wfc.cache step's definition: what its output depends on besides its resolved input, so a
//    run of an edited pack reuses only the outputs of steps whose definition did not change;
//  - the prompt cache key of an LLM step's requests, which changes with the step's definition.
#pragma once

#include "ir/Module.h"

#include <functional>
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

// The program's step table (ProgramDecl::stepTable; docs/journal.md "Versions"): every step of the
// compositions that run (`entry`, or `workflow`'s states) and every state, by the path the journal
// records them under with iteration indices and visit counts left out — {PATTERN: {"hash": 16 hex
// digits of its definition's hash, "tools": the tools it or its inner steps call or offer, "in":
// the steps that enclose or guard it (a run that reached it reached them), "line": its line in the
// pack}} ("tools" and "in" left out when empty), as JSON text, one entry a line. `lineOf` gives
// a location's line (0: unknown, left out).
std::string stepTable(const ir::Composition *entry, const ir::Workflow *workflow,
                      const std::function<unsigned(llvm::SMLoc)> &lineOf);

// The prompt cache key of a prompt or agent step's requests (docs/cost.md "Prompt caching"): "wfc-"
// and 16 hex digits of its definition's hash, so that it is the same in every run and every
// release that leaves the step as it is, and differs between steps.
std::string promptCacheKey(const ir::Step &step);
// The same for a conversation that is not a step's — a chat task's turns, a workflow state's
// visits — named by `owner` ("chat:NAME", "state:NAME") and run on `prompt`.
std::string promptCacheKey(const std::string &owner, const ir::Prompt &prompt);

}  // namespace wfc::codegen

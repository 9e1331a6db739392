// The static bound (docs/cost.md "The static bound"): before anything runs, the most LLM calls,
// input tokens and output tokens each LLM step of a program can use in one run — sound, never an
// underestimate — from what the IR declares: templates and their inputs, token limits, retries,
// loop, round and visit bounds, foreach items. Where the input decides, the bound is symbolic
// (`len(input.doc)`, `items(input.docs)`); where nothing bounds it, infinite, naming the
// declaration that makes it so.
//
// The rules are the executable's budget rules (runtime/core/cost/RequestBound.h) applied to what
// the compiler knows: a token covers at least one byte, each message adds a fixed overhead, a
// reply is at most its max_tokens — and a model's reply, sent on to another request, takes no
// more tokens there than it took to write.
#pragma once

#include "analysis/ProgramAnalysis.h"
#include "analysis/SymbolicCount.h"
#include "ir/Module.h"
#include "support/DiagnosticEngine.h"

#include "common/RequestOverhead.h"

#include <string>
#include <vector>

namespace wfc::analysis {

// One LLM caller of the program — a prompt or agent step, a wfc.judge step, a judging eval, a
// workflow state's conversation — and what it may use in one run, all its calls together.
struct CostRow {
  std::string what;        // "step 'summarize'", "eval 'quality' after step 'draft'", "state 'triage'"
  llvm::SMLoc loc;         // where the pack declares it
  const ir::Prompt *prompt = nullptr;
  std::string providerKey;  // the pack's provider key of its calls; "" for the default provider
  SymbolicCount calls, inputTokens, outputTokens;
};

struct CostBound {
  std::vector<CostRow> rows;  // in the order the program runs them, as far as declaration says
  // A chat program's rows are per turn: a conversation has no turn limit.
  bool perTurn = false;
};

// `diags` resolves locations for the reasons an infinite bound gives.
CostBound boundCost(const Program &program, const DiagnosticEngine &diags);

}  // namespace wfc::analysis

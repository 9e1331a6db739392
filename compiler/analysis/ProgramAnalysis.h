// One program analysis: what a compiled executable runs and needs, worked out once from the IR
// and used by every command — `wfc check` (so it reports every error `build` would), `build` and
// `compile` (code generation, the bindings check), `graph` — whatever the dialect.
//
// The entry: `--composition`'s composition; else the pack's workflow (a workflow of one
// terminal composition state runs exactly as that composition); else the pack's only
// composition (Function-style); else, for a pack of prompts alone, a chat program whose tasks
// are its prompts (docs/promptkit.md "Chat executables"). From the entry: the compositions it reaches through wfc.subflow
// calls, the prompts steps and states run, the tools steps call and models are offered, the
// evals steps run, and the tools that must be bound.
#pragma once

#include "ir/Module.h"
#include "support/DiagnosticEngine.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace wfc::analysis {

struct ProgramOptions {
  std::string composition;  // --composition
};

// A tool the program cannot run without a binding, and the first place that needs it.
struct BindingNeed {
  const ir::Tool *tool = nullptr;
  llvm::SMLoc loc;   // the step or state
  std::string role;  // "step 'fetch' calls it", "internal state 'triage' offers it to the model …"
};

struct Program {
  // The composition that runs, or null when the workflow's state machine does.
  const ir::Composition *entry = nullptr;
  const ir::Workflow *workflow = nullptr;  // set when the state machine runs
  // The entry (or the states' compositions) first, then every composition wfc.subflow steps call,
  // transitively, in pack order.
  std::vector<const ir::Composition *> compositions;
  std::vector<const ir::Prompt *> prompts;  // run by steps, states and judging evals; pack order
  std::vector<const ir::Eval *> evals;      // run after steps; pack order
  std::set<const ir::Tool *> called;        // run by a step, or by the runtime for a model
  std::set<const ir::Tool *> offered;       // described to a model
  std::vector<BindingNeed> needsBinding;    // one per tool, in the order the program needs them
  // The skills some conversation is offered (chat turns, agent steps, internal states: a state's
  // own filter narrows them), in declaration order; their allowed-tools are offered and bound too.
  std::vector<const ir::Skill *> skills;
  // A chat program (no workflow, no compositions): every prompt is a task, offering its tools.
  // Per task: the evals each reply runs (the prompt's every_turn/sample_turns ones, then the
  // pack's it does not override) and those the conversation's end runs (on_session_complete,
  // on_conversation_complete), as sema chooses them for steps.
  bool chat = false;
  std::map<const ir::Prompt *, std::vector<const ir::Eval *>> turnEvals, sessionEvals;
};

// Reports (and returns nullopt) when the program has no entry: --composition names nothing, or
// the pack has nothing to run or more than one thing without saying which.
std::optional<Program> analyzeProgram(const ir::Module &module, const ProgramOptions &options, DiagnosticEngine &diags);

}  // namespace wfc::analysis

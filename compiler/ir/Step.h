// A step of a composition: one node of its step graph.
#pragma once

#include "ir/Boxed.h"
#include "ir/OwningList.h"
#include "ir/Predicate.h"
#include "ir/Value.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace wfc::ir {

struct Prompt;
struct Tool;
struct Composition;

// Action: one of the runtime's built-in actions (ActionKind). Block: steps run one after the
// other as one step — an arm of an AWL conditional, guarded by its branch as a whole.
enum class StepKind { Prompt, Agent, Tool, Branch, Parallel, Subflow, Foreach, Loop, Judge, Action, Block };
// The pack's spelling of a kind: "prompt", "wfc.subflow", …
const char *spell(StepKind kind);

// What an Action step does (docs/awl.md "Actions"), with its arguments (`args`):
//   Shell      {command, env, working_dir, check}: `/bin/sh -c command`. `command` is always a
//              constant — the author's text, with every run-time value replaced by a reference
//              to an environment variable that `env` sets (docs/awl.md "Taint").
//   ReadFile   {path, format}: text, json, yaml or toml
//   WriteFile  {path, content, mode}
//   ParseJson  {input}: the JSON value a string holds
//   Notify     {event, target, data}: an event line in the trace
//   Stop       {reason, exit_code}: ends the run
//   ReadInput  {key, value, id}: a value of the run's input (AWL's taskstore reads)
enum class ActionKind { Shell, ReadFile, WriteFile, ParseJson, Notify, Stop, ReadInput };
// The dialect's spelling: "shell", "read-file", …
const char *spell(ActionKind kind);

// What running a step may do to the world (docs/language/promptpack.md): none (pure), read, or write. Ordered:
// a composite step has the strongest effect of its parts.
enum class Effect { None = 0, Read = 1, Write = 2 };
const char *spell(Effect effect);

enum class ReduceStrategy { Append, Replace, Barrier };
const char *spell(ReduceStrategy strategy);

struct Reducer {
  ReduceStrategy strategy = ReduceStrategy::Barrier;
  std::string into;
};

// A JSON Schema referenced by the pack, made self-contained: every `$ref` is inlined.
struct Schema {
  std::string source;  // as written: "schemas/doc.json#/definitions/x"
  llvm::SMLoc loc;     // where the pack names it
  Json json;
};

// A step named by another step (a branch target, a fallback, an entry of depends_on), with
// where the naming step writes the name.
struct StepUse {
  const struct Step *step = nullptr;
  llvm::SMLoc loc;
};

// A tool named by a step, with where the step names it.
struct ToolUse {
  const ir::Tool *tool = nullptr;
  llvm::SMLoc loc;
};

struct Modifiers {
  unsigned maxAttempts = 1;                  // retry.max_attempts
  llvm::SMLoc retryLoc;                      // where `retry` is written (for its warnings)
  std::optional<uint64_t> backoffMs;         // retry.wfc.backoff_ms
  std::vector<std::string> evals;            // eval ids
  std::optional<uint64_t> timeoutMs;         // wfc.timeout_ms
  const struct Step *fallback = nullptr;     // wfc.on_error.fallback
  llvm::SMLoc fallbackLoc;                   // where the fallback's id is written
  Boxed<Value> fallbackValue;        // wfc.on_error.value: a literal
  bool cache = false;                        // wfc.cache
  bool promptCache = true;                   // wfc.prompt_cache (docs/cost.md "Prompt caching")
  // The evals that run after each successful attempt, resolved by sema (docs/evals.md): those
  // `evals` names (a prompt's own first), then every_turn/sample_turns evals that apply to the
  // step's prompt; disabled ones left out.
  std::vector<const struct Eval *> runEvals;
};

// Why a guarded step may not run.
enum class Guard { None, Then, Else, Fallback };

// What a wfc.subflow step is: a call (the callee runs in a frame of its own), or — once the
// inline pass has put the callee's steps in the caller — the step that checks the callee's input
// (`<call>__input`) or the one that gives its output (the call's own id).
enum class SubflowPart { Call, Entry, Exit };

struct Step;

// Every field of a step. Step adds only what copying needs: a copy's inner steps name the copy
// as their parent.
struct StepFields {
  std::string id;
  // The id the pack gives the step, where it differs from `id`: a step the inline pass copied
  // from a callee (`call__a` was `a`). A barrier reducer keys its branches by it, as at -O0.
  std::string declaredId;
  StepKind kind = StepKind::Tool;
  llvm::SMLoc loc;
  std::string description;

  // Graph. `after` are control predecessors: the implicit previous step, the branch a target
  // follows, or the explicit `depends_on` list. `dataDeps` come from references.
  std::vector<const Step *> after;
  // `depends_on` as written (sema checks it and adds it to `after`); explicitDependsOn: the step
  // has a depends_on list (even an empty one), which replaces the implicit predecessor.
  std::vector<StepUse> dependsOn;
  bool explicitDependsOn = false;
  std::vector<const Step *> dataDeps;
  // The static plan (passes/Parallelize): the steps of the same list this one waits for at run
  // time. Meaningful only when its composition is `scheduled`; otherwise codegen runs the list
  // one step at a time in reference order (-O0).
  std::vector<const Step *> waitsFor;
  Step *parent = nullptr;  // the parallel, wfc.loop, wfc.foreach or block this step is inside
  unsigned index = 0;      // position in its steps[] (or branches[]) list

  // Guarded steps run only when chosen: a branch target, or an on_error fallback.
  Guard guard = Guard::None;
  const Step *guardedBy = nullptr;

  Effect effect = Effect::None;
  Modifiers modifiers;

  // prompt, agent, wfc.judge
  std::string promptTask;
  const ir::Prompt *prompt = nullptr;
  std::string provider;  // prompt, agent: the provider key (RFC 0017); empty: the prompt's
  llvm::SMLoc providerLoc;
  Boxed<Value> input;  // prompt, agent, wfc.subflow
  std::optional<Schema> outputSchema;
  // agent
  std::vector<ToolUse> listedTools;  // the step's own `tools`, as written
  bool listsTools = false;           // it has a `tools` list (else the prompt's are offered)
  std::vector<const ir::Tool *> tools;  // offered: the step's tools ∩ the prompt's (sema)
  std::optional<unsigned> maxSteps;
  const ir::Tool *toolCalled = nullptr;
  llvm::SMLoc toolCalledLoc;
  // tool
  const ir::Tool *tool = nullptr;
  Boxed<Value> args;
  // branch
  Predicate predicate;  // also wfc.loop's `until`
  const Step *thenStep = nullptr;
  const Step *elseStep = nullptr;
  llvm::SMLoc thenLoc, elseLoc;  // where the targets are named
  // parallel (branches), wfc.loop (steps), wfc.foreach (its one step)
  OwningList<Step> children;
  std::optional<Reducer> reduce;  // parallel, wfc.foreach
  // wfc.subflow
  const ir::Composition *callee = nullptr;
  SubflowPart subflowPart = SubflowPart::Call;
  // Exit: the callee's `output` step as inlined, or null; then the output is that of the last of
  // `inlinedSteps` (the callee's top-level steps as inlined, in declaration order) that ran.
  const Step *calleeOutput = nullptr;
  std::vector<const Step *> inlinedSteps;
  // A step the inline pass copied from a callee: the exit step of the call it came from.
  const Step *inlinedInto = nullptr;
  // wfc.foreach; wfc.loop over items (AWL's foreach: one iteration per item until `until`)
  Boxed<Value> items;
  std::optional<unsigned> maxConcurrency;
  // wfc.loop
  unsigned maxIterations = 0;
  // wfc.judge
  Boxed<Value> target;
  std::optional<Json> rubric;
  // Action
  ActionKind action = ActionKind::Shell;
  // AWL (docs/awl.md): the variable the step's output is captured into (`capture`/`bind`), or
  // empty. Steps of a composition with a variable store only.
  std::string capture;
  // AWL's prompt-agent: the output is the reply object {text, tool-calls, tokens-used} instead of
  // the reply, and the tools the model calls run in this directory (when given).
  bool replyObject = false;
  Boxed<Value> workingDir;
  // tool compositions (docs/tool-composition.md): the key of the step's output in the result
  // object's `results` (its output_key, else its id); and, for a rollback action (a step of
  // Composition::rollbacks), the step it undoes.
  std::string resultKey;
  const Step *rollbackOf = nullptr;
};

struct Step : StepFields {
  Step() = default;
  // A deep copy: inner steps are copied too and name the copy as their parent. Every other
  // pointer (predecessors, references, guards, targets) still points where the original's
  // does; a pass that copies steps remaps them onto its copies (passes/InlineSubflows).
  Step(const Step &other);
  Step &operator=(const Step &other);
  Step(Step &&) = delete;
  Step &operator=(Step &&) = delete;
  ~Step() = default;

 private:
  void adoptChildren();
};

using StepList = OwningList<Step>;

}  // namespace wfc::ir

// The IR of one pack: what every later stage (passes, codegen) sees. Built by sema from the
// PromptPack AST (and, later, from the other dialects); never refers back to source documents
// except through locations.
#pragma once

#include "ir/Step.h"
#include "ir/Template.h"

#include <llvm/ADT/StringRef.h>

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace wfc::ir {

struct Variable {
  std::string name;
  std::string type;
  bool required = false;
  std::optional<Json> defaultValue;
};

struct ToolPolicy {
  std::string toolChoice = "auto";
  unsigned maxRounds = 5;
  unsigned maxToolCallsPerTurn = 10;
  std::vector<std::string> blocklist;
};

struct Prompt {
  std::string key;  // the prompts map key: what prompt_task names
  std::string id, name, version;
  llvm::SMLoc loc;
  Template systemTemplate;
  std::vector<Variable> variables;
  std::vector<const struct Tool *> tools;
  ToolPolicy toolPolicy;
  Json parameters = Json::object();  // temperature, max_tokens, …
  std::vector<std::string> evals;    // ids of the prompt's own evals
};

struct Tool {
  std::string name;          // as declared: "doc.parse_structure"
  std::string providerName;  // as offered to a model: "doc_parse_structure"
  std::string description;
  llvm::SMLoc loc;
  Json parameters = Json::object();  // JSON Schema of the arguments
  Effect effect = Effect::Write;
};

struct Eval {
  std::string id, type, trigger;
  llvm::SMLoc loc;
  llvm::SMLoc triggerLoc;
  Json params = Json::object();
  std::optional<std::string> thresholdOperator;
  std::optional<double> thresholdValue;
  bool enabled = true;
  // Checked and resolved by sema (docs/evals.md): the pack's own id (a prompt's eval is kept as
  // "prompt/id" in `id`), the sampling share, and each type's parameters.
  std::string name;
  std::optional<double> samplePercentage;  // sample_turns / sample_sessions: the share that runs
  bool gate = false;                       // params.gate: a failure fails the step's attempt
  std::string text;                        // contains: params.value; regex: params.pattern
  std::optional<Schema> schema;            // json_schema: params.schema, inlined
  double maxMs = 0;                        // latency_budget: params.max_ms
  const Prompt *judge = nullptr;           // llm_judge: params.prompt
  std::optional<std::string> rubric;       // llm_judge: params.rubric
};

struct Composition {
  std::string name;
  llvm::SMLoc loc;
  std::optional<Schema> inputSchema;
  std::optional<Schema> outputSchema;
  const Step *output = nullptr;  // explicit `output`; null: the last top-level step that ran
  llvm::SMLoc outputLoc;         // where `output` is written
  StepList steps;
  Effect effect = Effect::None;
  // Set by passes/Parallelize: every step's `waitsFor` is its static plan.
  bool scheduled = false;
};

struct Artifact {
  std::string name, type;
  bool append = false;
};

// `on_event: {EVENT: STATE}`: one transition.
struct Transition {
  std::string event, target;
  llvm::SMLoc eventLoc, targetLoc;
};

struct State {
  enum class Kind { Composition, Internal, External };
  std::string name;
  llvm::SMLoc loc;
  Kind kind = Kind::Internal;
  const Composition *composition = nullptr;
  const Prompt *prompt = nullptr;
  std::vector<Transition> onEvent;  // source order
  llvm::SMLoc onEventKeyLoc;        // where the `on_event` key is written
  llvm::SMLoc onEventLoc;           // where its value (the mapping) starts
  bool terminal = false;
  std::optional<unsigned> maxVisits;
  std::string onMaxVisits;
  llvm::SMLoc onMaxVisitsLoc;
  std::vector<Artifact> artifacts;
};

// "composition", "internal", "external": the pack's `orchestration` spelling.
const char *spell(State::Kind kind);

struct Budget {
  std::optional<unsigned> maxTotalVisits, maxToolCalls, maxWallTimeSec;
};

struct Workflow {
  llvm::SMLoc loc;
  std::string entry;
  llvm::SMLoc entryLoc;
  std::vector<State> states;
  Budget budget;
};

// Names the source declares that the front end could not lower (their declarations were
// malformed, and reported): checks of the IR stay quiet about references to them instead of
// reporting them a second time as unknown.
struct UnloweredNames {
  std::set<std::string> compositions;
  std::map<std::string, std::set<std::string>> steps;  // by composition name
  std::set<std::string> states;
};

struct Module {
  std::string sourcePath;  // the pack, as given
  llvm::SMLoc loc;         // the pack's top level
  std::string id, name, version;
  std::vector<std::unique_ptr<Prompt>> prompts;
  std::vector<std::unique_ptr<Tool>> tools;
  std::vector<std::unique_ptr<Eval>> evals;  // pack-level and prompt-level
  std::vector<std::unique_ptr<Composition>> compositions;
  std::optional<Workflow> workflow;
  UnloweredNames unlowered;

  const Prompt *findPrompt(llvm::StringRef key) const;
  const Tool *findTool(llvm::StringRef name) const;
  const Composition *findComposition(llvm::StringRef name) const;
  const Eval *findEval(llvm::StringRef id) const;
};

// Calls `fn` on every step of `steps`, parents before children, in declaration order.
template <typename Fn>
void forEachStep(const StepList &steps, Fn &&fn) {
  for (const auto &s : steps) {
    fn(*s);
    forEachStep(s->children, fn);
  }
}
// The same over steps that may be changed (not added or removed).
template <typename Fn>
void forEachMutableStep(StepList &steps, Fn &&fn) {
  for (auto &s : steps) {
    fn(*s);
    forEachMutableStep(s->children, fn);
  }
}

}  // namespace wfc::ir

// The IR of one pack: what every later stage (passes, codegen) sees. Built by sema from the
// PromptPack AST (and, later, from the other dialects); never refers back to source documents
// except through locations.
#pragma once

#include "ir/Registry.h"
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

// A guardrail on a prompt's replies (docs/promptkit.md "Validators"): an eval whose score
// below its band triggers; a triggered validator truncates (length bounds) or replaces the reply.
struct Validator {
  std::string id;    // its `id`, or "<type>#<n>" (1-based among the prompt's validators)
  std::string type;  // as written
  llvm::SMLoc loc;
  const struct Eval *check = nullptr;
  std::string message;  // empty: PromptKit's default message
  enum class Direction { Output, Input, Both } direction = Direction::Output;
  std::optional<double> minScore, maxScore;  // the passing band (default: score ≥ 1)
  std::optional<uint64_t> truncateTo;        // a length validator truncates to this many bytes
  bool skipped = false;  // its params lack what its type needs: PromptKit skips it, and so does wfc
};

// `model_overrides.<model>`: what changes when the executable runs that model.
struct ModelOverride {
  std::string model;
  llvm::SMLoc loc;
  std::optional<Template> systemTemplate;  // replaces the prompt's
  std::optional<Template> prefix, suffix;  // around the (replaced) template
  Json parameters = Json::object();        // merged over the prompt's
};

// What a prompt accepts in the user message (RFC 0004; docs/promptkit.md "Media").
struct MediaType {
  std::string name;  // image, audio, video, document, or a custom type
  std::vector<std::string> allowedFormats;  // lowercase, e.g. png; empty: any
  std::optional<uint64_t> maxSizeMb;
  std::optional<unsigned> maxPerMessage;  // images: max_images_per_msg
  std::string defaultDetail;              // images: low, high or auto
  bool requireCaption = false;            // images: require_caption
};
struct Media {
  bool enabled = false;
  std::vector<MediaType> types;  // supported_types, in order, with their configs
};

struct Prompt {
  std::string key;  // the prompts map key: what prompt_task names
  std::string id, name, version, description;
  llvm::SMLoc loc;
  Template systemTemplate;
  std::vector<Variable> variables;
  std::vector<const struct Tool *> tools;
  ToolPolicy toolPolicy;
  bool maxRoundsDeclared = false;    // tool_policy.max_rounds was written (chat's default is PromptKit's)
  // The bound on a conversation turn's tool rounds: max_rounds as written, else PromptKit's chat default.
  unsigned turnMaxRounds() const { return maxRoundsDeclared ? toolPolicy.maxRounds : kChatDefaultMaxRounds; }
  // PromptKit's bound on a turn's rounds when the prompt's tool_policy gives no max_rounds.
  static constexpr unsigned kChatDefaultMaxRounds = 50;
  Json parameters = Json::object();  // temperature, max_tokens, …
  std::vector<std::string> evals;    // ids of the prompt's own evals
  std::string provider;              // the provider key (RFC 0017); empty: "default"
  llvm::SMLoc providerLoc;
  std::vector<Validator> validators;
  std::vector<ModelOverride> modelOverrides;
  std::optional<Media> media;
  // The model its requests name instead of the run's --model (AWL's prompt-agent `model`); empty:
  // the run's.
  std::string model;
  // A PromptPack prompt: PromptKit's generation defaults are in `parameters`, and its requests
  // go on the wire as PromptKit's providers send them (docs/promptkit.md "The request").
  bool promptKitWire = false;
  // Why no request can be made with it (a validator of a type no runtime defines), or empty. A
  // chat task of it exits 2 saying so; a step or state that uses it is a compile error.
  std::string unusable;
};

struct Tool {
  std::string name;          // as declared: "doc.parse_structure"
  std::string providerName;  // as offered to a model: "doc_parse_structure"
  std::string description;
  llvm::SMLoc loc;
  Json parameters = Json::object();  // JSON Schema of the arguments
  Effect effect = Effect::Write;
  // The source declares the effect (PromptPack's extensions.wfc.effects); otherwise the bindings
  // file may (docs/bindings.md "effects"), and the default is `write`.
  bool effectDeclared = false;
  Json actionScope;  // RFC 0013's declared consequences (null: undeclared), carried into reports
  // The builtin the tool is bound to unless the bindings bind it otherwise (AWL's agents' file
  // tools, docs/awl.md "Agents' file tools"); empty: none, the bindings must.
  std::string builtin;
};

// `requires.providers[]` (RFC 0012): a provider the pack needs, bound when the executable runs.
struct ProviderRequirement {
  std::string key, role;  // a string entry: {key, role: llm}
  bool required = true;
  std::string description;
  Json capabilities;
  llvm::SMLoc loc;
};

// A skill (RFC 0008; docs/promptkit.md "Skills"), read at compile time: the executable carries it.
struct Skill {
  std::string name, description, instructions;
  std::string path;  // the skill's directory relative to the pack ("skills/billing"); "" inline
  std::vector<std::string> allowedTools;  // as SKILL.md's `allowed-tools` names them
  std::vector<const Tool *> grants;       // those that are tools of the pack, in that order
  std::vector<std::pair<std::string, std::string>> resources;  // relative path, content
  bool preload = false;
  llvm::SMLoc loc;
};

// PromptKit's `when` preconditions: an eval whose precondition does not hold is skipped.
struct EvalPrecondition {
  std::string toolCalled;         // this tool was called (successfully)
  std::string toolCalledPattern;  // some tool whose name matches this pattern was called
  bool anyToolCalled = false;     // some tool was called
  unsigned minToolCalls = 0;      // at least this many tool calls
};

struct Eval {
  std::string id, type, trigger;  // `type`: PromptKit's canonical name (aliases resolved)
  llvm::SMLoc loc;
  llvm::SMLoc triggerLoc;
  Json params = Json::object();
  std::optional<std::string> thresholdOperator;  // canonical: >=, >, <=, <, ==, !=
  std::optional<double> thresholdValue;
  bool enabled = true;
  // Checked and resolved by sema (docs/evals.md): the pack's own id (a prompt's eval is kept as
  // "prompt/id" in `id`), the sampling share, and each type's parameters.
  std::string name;
  std::optional<double> samplePercentage;  // sample_turns / sample_sessions: the share that runs
  bool gate = false;                       // params.gate: a failure fails the step's attempt
  std::string text;                        // contains: params.value; regex: params.pattern
  std::vector<std::string> patterns;       // contains, contains_any, content_excludes: patterns;
                                           // field_presence: fields; tools_(not_)called: tool names
  bool wordBoundary = false;               // content_excludes: match whole words
  bool expectMatch = true;                 // regex: false inverts
  bool extractJson = false;                // json_valid, json_schema: find the JSON in wrapped text
  std::optional<Schema> schema;            // json_schema: params.schema, inlined
  std::optional<double> minLength, maxLength, maxTokens;  // min_length, max_length (bytes; tokens ≈ bytes/4)
  std::optional<double> maxSentences;      // sentence_count
  unsigned minCalls = 1;                   // tools_called: each named tool at least this often
  std::optional<unsigned> maxCalls;        // tools_called: and at most this often
  double maxMs = 0;                        // latency_budget: params.max_ms
  // cost_budget: the most the attempt's LLM calls may spend (params.max_cost_usd, max_input_tokens,
  // max_output_tokens, max_total_tokens)
  std::optional<double> maxCostUsd, maxInputTokens, maxOutputTokens, maxTotalTokens;
  const Prompt *judge = nullptr;           // llm_judge: params.prompt (wfc's form)
  std::optional<std::string> rubric;       // llm_judge: params.rubric
  std::string criteria;                    // llm_judge (PromptKit's form): params.criteria / judge_prompt
  std::string judgeSystemPrompt;           // llm_judge: params.system_prompt
  std::string judgeModel;                  // llm_judge: params.model
  std::optional<double> passingScore;      // llm_judge: params.passing_score
  EvalPrecondition when;
  std::string message;                     // the eval's `message`: said when it fails
  const struct Prompt *validatorOf = nullptr;  // the prompt whose validator this check is
  // A type the runtime runs by name (EvalType::Named): `params` is what it reads. hostDefined: a
  // type no runtime defines (a PromptKit host's own), reported skipped when it would run.
  bool named = false;
  bool hostDefined = false;
  bool incomplete = false;  // its params lack what its type needs (a validator is then skipped)
};

// How a tool composition answers a failed step (docs/tool-composition.md "Failure strategies").
struct FailurePolicy {
  enum class Strategy { FailFast, PartialSuccess, Rollback, Retry };
  Strategy strategy = Strategy::FailFast;
  llvm::SMLoc strategyLoc;
  // Completed steps are rolled back when the composition fails: the `rollback` strategy, or
  // `rollback_on_failure: true` with any other.
  bool rollBack = false;
};
const char *spell(FailurePolicy::Strategy strategy);

struct Composition {
  std::string name;
  llvm::SMLoc loc;
  std::optional<Schema> inputSchema;
  std::optional<Schema> outputSchema;
  const Step *output = nullptr;  // explicit `output`; null: the last top-level step that ran
  llvm::SMLoc outputLoc;         // where `output` is written
  StepList steps;
  // A tool composition (docs/tool-composition.md): what a failed step does to the rest, and the
  // output is the result object {success, results, errors, …} instead of one step's output.
  std::optional<FailurePolicy> failure;
  // Rollback actions: tool steps outside the step graph, each undoing one completed step
  // (`rollbackOf`), run one at a time in reverse completion order when the composition fails
  // under a policy that rolls back.
  StepList rollbacks;
  Effect effect = Effect::None;
  // Set by passes/Parallelize: every step's `waitsFor` is its static plan.
  bool scheduled = false;
  // A composition with a variable store (AWL, docs/awl.md "Variables"): its steps write variables
  // (Step::capture) and read them (RefRoot::Variable), so they run one at a time in declaration
  // order at every -O level, and its output is the object of the variables' final values, these
  // names in this order (the ones never set left out).
  bool variableStore = false;
  std::vector<std::string> variables;
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
  bool agentControl = false;  // control: agent (RFC 0014): a turn continues into this state
  bool persistent = false;    // persistence: persistent: its conversation resumes on re-entry
  std::optional<std::string> skills;  // a path filter or "none" (RFC 0008); absent: every skill
  llvm::SMLoc skillsLoc;
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
  std::string description;  // what the pack says it does ("" when it says nothing)
  std::vector<std::unique_ptr<Prompt>> prompts;
  std::vector<std::unique_ptr<Tool>> tools;
  std::vector<std::unique_ptr<Eval>> evals;  // pack-level and prompt-level
  std::vector<std::unique_ptr<Composition>> compositions;
  std::optional<Workflow> workflow;
  std::vector<ProviderRequirement> providers;
  std::vector<Skill> skills;
  Json governance;  // metadata.governance (RFC 0013, 0016), carried into reports; null: none
  // `agents` (RFC 0007, 0011), as the executable serves them: {"entry", "members": [{"key", "card",
  // "state"? (a workflow state's name), "max_rounds"? (a prompt member's of a pack that is not
  // a pack of prompts)}], "offers"?: {PROMPT: [MEMBER, …]} (the agents each prompt is offered as
  // a2a__ tools)} (docs/serve.md "A2A agents"); null: none.
  Json agents;
  UnloweredNames unlowered;
  // A workflow registry (docs/registry.md): then the module's own lists are empty and its members
  // are modules of their own.
  std::unique_ptr<Registry> registry;

  const Prompt *findPrompt(llvm::StringRef key) const;
  const Tool *findTool(llvm::StringRef name) const;
  const Composition *findComposition(llvm::StringRef name) const;
  const Eval *findEval(llvm::StringRef id) const;
  // The skills a conversation is offered (docs/promptkit.md "Skills"): every skill, or, in a
  // workflow state with a `skills` filter, those whose directory is that path or lies under it
  // (a glob when it has `*`, `?` or `[`); none for "none". In declaration order.
  std::vector<const Skill *> skillsIn(const State *state) const;
  // The enabled evals that run on a reply of `prompt` by trigger (`applies`, e.g.
  // runsOnEveryTurn): the prompt's own, then the pack's it does not override (docs/evals.md).
  std::vector<const Eval *> promptEvals(const Prompt &prompt, bool (*applies)(const std::string &)) const;
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

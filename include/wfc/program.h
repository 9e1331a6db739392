// What generated code includes: the tables that describe a compiled workflow to the runtime,
// the StepContext that step functions run against, and the helpers predicates and
// interpolations compile to.
//
// A generated `<name>.wfc.cpp` defines one function per step (`run_<id>`: one attempt of that
// step; `when_<id>`: a branch's predicate), constant tables listing them with their graph (plain
// data, initialized at compile time: no start-up cost, nothing for the optimizer to chew on),
// and `main`, which hands the ProgramDecl to wfc::runMain. Everything else — the scheduler, retries,
// timeouts, tools, tracing, the command line — lives in the prebuilt libwfc_runtime, so the
// generated file stays small and compiles fast. This header keeps heavy includes out for the
// same reason.
#pragma once

#include "wfc/native.h"
#include "wfc/value.h"

#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>

namespace wfc {

class StepContext;

enum class StepKind : uint8_t { Tool, Branch, Parallel, Subflow, Prompt, Agent, Foreach, Loop, Judge, Action, Block };
// The runtime's built-in actions (docs/awl.md "Actions"), which an Action step's `run` hands its
// arguments to (StepContext::act).
enum class ActionKind : uint8_t { Shell, ReadFile, WriteFile, ParseJson, Notify, Stop, ReadInput };
// What running a step may do to the world (docs/language/promptpack.md). `none`/`read` work is cancelled when a
// sibling fails; `write` work is left to finish.
enum class Effect : uint8_t { None, Read, Write };
// Why a guarded step may not run: it is a branch's then/else target, or a step's
// wfc.on_error fallback (it runs only when that step fails).
enum class Guard : uint8_t { None, Then, Else, Fallback };
enum class Reduce : uint8_t { Append, Replace, Barrier };

// One attempt of a step (tool, subflow, prompt, agent). Throwing fails the attempt.
using StepFn = Value (*)(StepContext &);
// A branch's predicate.
using PredicateFn = bool (*)(StepContext &);

// A step of a path in a step table: a key, or (key null) an array index. Unlike PathStep it is
// plain data, so a table that holds paths is still built at compile time.
struct PathKey {
  const char *key = nullptr;
  int64_t index = -1;
};

// One member of a tool step's arguments given as data (docs/codegen.md "Tool steps as data"): a
// constant, or `${input…}` / `${<step>.output…}`, resolved when the step runs exactly as the code
// `ctx.input(…)` / `ctx.output(…)` would. A tool step written this way needs no function.
struct ArgumentDecl {
  enum Source : uint8_t { Constant, Input, Output };
  const char *key = "";  // the member of the arguments object
  Source source = Constant;
  const Value *constant = nullptr;           // Constant: the value
  int step = -1;                             // Output: the step whose output is read
  std::initializer_list<PathKey> path = {};  // Input, Output: the path below it
  const char *ref = "";                      // Input, Output: the reference as written, for messages
};

struct StepDecl {
  const char *id = "";
  // The id the pack declares the step with, when the optimizer renamed it (a step inlined from
  // a wfc.subflow: id "call__a", key "a"); null otherwise. A barrier reducer's key.
  const char *key = nullptr;
  StepKind kind = StepKind::Tool;
  Effect effect = Effect::None;
  const char *location = "";  // "pack.yaml:14"
  int parent = -1;            // the enclosing parallel step, or -1 at the top level
  // Steps that must be done (or skipped) before this one starts. The tables are static, so the
  // list's array lives as long as the program.
  std::initializer_list<int> after = {};
  // The step's position in -O0 order among the steps its frame schedules (a parallel's branches
  // share their block's). A failure stops only the steps after it; those before it run on, so
  // the first failure in -O0 order decides the run as it does at -O0 (docs/optimizer.md).
  unsigned order = 0;
  Guard guard = Guard::None;
  int guardedBy = -1;         // the branch choosing this one, or the step it is the fallback of
  StepFn run = nullptr;       // tool, subflow
  // A tool step without `run`: its arguments object, member by member, in this order (none: {}).
  std::initializer_list<ArgumentDecl> arguments = {};
  PredicateFn predicate = nullptr;  // branch
  int thenStep = -1, elseStep = -1;  // branch
  Reduce reduce = Reduce::Barrier;  // parallel
  const char *into = "";            // parallel
  unsigned maxAttempts = 1;         // retry.max_attempts
  uint64_t backoffMs = 0;           // retry.wfc.backoff_ms (0: retry at once)
  uint64_t timeoutMs = 0;           // wfc.timeout_ms, per attempt (0: none)
  int tool = -1;                    // tool steps: the tool called, for plans and traces
  // The compiler proved the arguments always match the tool's parameters (their dynamic parts
  // meet only permissive subschemas), so the run skips the check.
  bool argsChecked = false;
  int callee = -1;                  // subflow steps: the composition called
  // wfc.on_error: when the step fails (after its retries), either its fallback step runs
  // instead, or its output is `fallbackValue` (JSON text).
  int fallback = -1;
  const char *fallbackValue = nullptr;
  // prompt and agent steps
  int prompt = -1;                      // the prompt run (an index into ProgramDecl::prompts)
  const char *provider = nullptr;       // the provider key that runs it (RFC 0017); null: the prompt's
  const char *outputSchema = nullptr;   // JSON text (self-contained): the reply must match it
  bool strictOutput = false;            // the schema fits the providers' strict subset
  std::initializer_list<int> tools = {};  // agent: the tools offered
  unsigned maxSteps = 0;                // agent: the bound on rounds
  int toolCalled = -1;                  // agent: calling this tool ends the loop
  // wfc.foreach and wfc.loop run their inner steps (the steps whose nearest enclosing foreach or
  // loop is this step) once per item / iteration; `run` resolves the items and hands over to
  // StepContext::runForeach / runLoop, `predicate` is a loop's `until`.
  unsigned maxConcurrency = 0;          // foreach: items in flight at once (0: the run's --max-concurrency)
  unsigned maxIterations = 0;           // loop: the bound; reaching it without `until` holding is exit 3
  const char *rubric = nullptr;         // judge: the rubric (JSON text), or nullptr
  // The evals run after each successful attempt (indices into ProgramDecl::evals), in order.
  std::initializer_list<int> evals = {};
  // wfc.cache (docs/journal.md): with --journal, an output recorded by any run for the same
  // definition and resolved input is reused. `definitionHash` is a hash of everything the step's
  // output depends on besides its input (codegen's; null unless `cache`).
  bool cache = false;
  const char *definitionHash = nullptr;
  // Tool compositions (docs/tool-composition.md): the steps this one reads or names in
  // depends_on. Under partial_success a failed step keeps exactly these (and theirs) from
  // running, whatever the static plan orders after it.
  std::initializer_list<int> needs = {};
  ActionKind action = ActionKind::Shell;  // action steps: which action `run` performs
  // A composition with a variable store (docs/awl.md "Variables"): the variable the step's output
  // is captured into when it succeeds, or null.
  const char *capture = nullptr;
  // Prompt and agent steps, chat turns (docs/cost.md "Prompt caching"): the key the step's requests
  // share in the provider's prompt cache — stable across runs, changed with the step's
  // definition; null: the step's wfc.prompt_cache is false, and its requests place no cache.
  const char *promptCacheKey = nullptr;
};

// One piece of a system template, split at compile time: literal text or a lookup.
struct TemplatePart {
  enum Kind : uint8_t { Text, Variable, WorkflowContext, Artifact };
  Kind kind = Text;
  const char *text = "";  // Text: the text; Variable: its name; Artifact: the artifact's name
  std::initializer_list<PathStep> path = {};  // below the variable: {{doc.title}} → {"title"}
};

// A prompt variable (PromptPack `variables`).
struct VariableDecl {
  const char *name = "";
  bool required = false;
  const char *defaultValue = nullptr;  // JSON text, or nullptr
};

// A prompt's validator (guardrail; docs/promptkit.md "Validators"), as PromptKit runs it: its
// eval scores the user's message (input) or each model reply (output); a score below 1 — or
// outside [minScore, maxScore] when given — triggers it, and a triggered validator always
// enforces: the reply is truncated to `truncateTo` bytes (a length bound) or replaced by
// `message`, its tool calls dropped; an input is answered with `message` without a model call.
struct ValidatorDecl {
  const char *id = "";
  int check = -1;  // the eval that scores (an index into ProgramDecl::evals)
  enum class Direction : uint8_t { Output, Input, Both } direction = Direction::Output;
  bool hasMinScore = false, hasMaxScore = false;
  double minScore = 0, maxScore = 0;
  uint64_t truncateTo = 0;        // a length validator's bound (0: replace instead)
  const char *message = nullptr;  // nullptr: PromptKit's default message
};

// A prompt's `model_overrides` entry (docs/promptkit.md "Model overrides"): what changes when a
// request names `model` (exactly): its own template in place of the prompt's when it has one,
// its prefix before and suffix after the template, its parameters merged over the prompt's.
struct ModelOverrideDecl {
  const char *model = "";
  bool replacesTemplate = false;  // system_template given (it may render as nothing)
  std::span<const TemplatePart> systemTemplate = {};
  std::span<const TemplatePart> prefix = {};
  std::span<const TemplatePart> suffix = {};
  const char *parameters = nullptr;  // JSON text merged over the prompt's (nullptr: none)
};

// A media type a prompt takes in the user message (its `media`, RFC 0004; docs/promptkit.md
// "Media"): a chat turn's media are checked against these before anything is sent.
struct MediaTypeDecl {
  const char *name = "";                            // image, audio, video, document, or a custom type
  std::span<const char *const> allowedFormats = {};  // lowercase subtypes (png, jpeg, …); empty: any
  uint64_t maxBytes = 0;                            // max_size_mb in bytes; 0: no limit
  unsigned maxPerMessage = 0;                       // images: max_images_per_msg; 0: no limit
  const char *defaultDetail = "";                   // images: the detail of one that names none
  bool requireCaption = false;                      // images: require_caption
};

struct PromptDecl {
  const char *key = "";  // the prompts map key: what prompt_task names
  const char *id = "";
  const char *version = "";
  const char *location = "";
  std::span<const TemplatePart> systemTemplate = {};
  std::span<const VariableDecl> variables = {};
  const char *parameters = nullptr;  // JSON text: temperature, max_tokens, … (nullptr: none)
  const char *toolChoice = "auto";   // tool_policy.tool_choice
  unsigned maxRounds = 5;            // tool_policy.max_rounds: an agent's bound without max_steps
  // A chat turn's tool_policy (docs/promptkit.md "Chat executables"): at most this many tool
  // calls in one turn, and calls to these tools answered with an error instead of run.
  unsigned maxToolCallsPerTurn = 10;
  std::span<const char *const> blocklist = {};
  std::span<const ValidatorDecl> validators = {};
  const char *model = nullptr;  // the model its requests name (AWL's prompt-agent `model`); null: the run's
  std::span<const ModelOverrideDecl> modelOverrides = {};
  const char *provider = nullptr;  // the provider key that runs it (RFC 0017); null: "default"
  // The media its user message may carry: the supported types when media is enabled; empty: none.
  std::span<const MediaTypeDecl> media = {};
  // A PromptPack prompt: its requests go on the wire as PromptKit's providers send them
  // (docs/promptkit.md "The request"): the token limit as OpenAI's max_completion_tokens,
  // top_p 1 to OpenAI, no top_p to Anthropic, strict tool schemas, tool results named.
  bool promptKitWire = false;
};

// A provider the pack requires (requires.providers, RFC 0012): a key a bindings file may bind
// (docs/bindings.md "Providers"). `called`: some prompt or step the program runs names it.
struct ProviderKeyDecl {
  const char *key = "";
  const char *role = "llm";
  bool required = true;
  bool called = false;
};

struct ToolDecl {
  const char *name = "";
  Effect effect = Effect::Write;
  // The tool's `parameters` schema as JSON text, checked against the arguments of every call
  // whose arguments are not constant; nullptr when the pack declares none.
  const char *parameters = nullptr;
  bool called = false;  // some compiled step calls it: it must be bound (unless --allow-unbound)
  const char *providerName = "";  // as offered to a model: dots mapped to underscores
  const char *description = "";
};

// A skill (docs/promptkit.md "Skills"), carried in the executable: conversations offer it to the
// model through the skill__activate, skill__deactivate and skill__read_resource tools.
struct SkillResourceDecl {
  const char *path = "";     // relative to the skill's directory: "reference/rates.md"
  const char *content = "";  // the file's text (UTF-8, no NUL: others are not embedded)
};

struct SkillDecl {
  const char *name = "";
  const char *description = "";   // what the model reads to decide to activate it
  const char *instructions = "";  // SKILL.md's body, or an inline skill's `instructions`
  const char *location = "";      // "skills/billing/SKILL.md:1"
  bool hasDirectory = false;      // false: an inline skill, which has no resources
  bool preload = false;           // active from a conversation's start
  std::span<const int> grants = {};  // the pack tools its allowed-tools name
  std::span<const SkillResourceDecl> resources = {};
};

// What a tool composition does when a step fails (docs/tool-composition.md "Failure strategies").
enum class FailureStrategy : uint8_t { FailFast, PartialSuccess, Rollback, Retry };

// A tool composition's rollback action: `run` calls its tool with its parameters resolved
// (`{{self…}}` is step `step`'s output) to undo what step `step` did.
struct RollbackDecl {
  int step = -1;  // the step it undoes
  int tool = -1;
  StepFn run = nullptr;
  const char *location = "";  // "templates/x.json:14"
  bool argsChecked = false;   // as StepDecl::argsChecked
};

// A tool composition (docs/tool-composition.md): its failure policy and how its result object
// {success, results, errors, duration, steps_executed, rolled_back} is made.
struct ToolCompositionDecl {
  FailureStrategy strategy = FailureStrategy::FailFast;
  bool rollBack = false;  // completed steps are rolled back when the composition fails
  std::span<const char *const> resultKeys = {};  // per step: its key in `results`
  std::span<const RollbackDecl> rollbacks = {};
};

struct CompositionDecl {
  const char *name = "";
  const char *location = "";
  const char *inputSchema = nullptr;   // JSON text (self-contained), or nullptr
  const char *outputSchema = nullptr;  // JSON text (self-contained), or nullptr
  int output = -1;                     // the output step; -1: the last top-level step that ran
  std::span<const StepDecl> steps = {};  // parents before their children, in declaration order
  // A tool composition: its output is the result object, and a failure still has it (nullptr:
  // an ordinary composition).
  const ToolCompositionDecl *toolComposition = nullptr;
  // A composition with a variable store (docs/awl.md "Variables"): steps capture their outputs into
  // variables, and its output is the object of these variables' final values, in this order (the
  // ones never set left out). A `stop` action with exit code 0 ends it with that output.
  bool variableStore = false;
  std::span<const char *const> variables = {};
};

// A chat program's task (docs/promptkit.md "Chat executables"): one per prompt. Each user turn
// runs `turn`, an agent step over the prompt's tools whose evals run on every reply; the
// session evals run on the last reply when the conversation ends.
struct ChatTaskDecl {
  const char *name = "";  // the prompt's key: what --task names
  const StepDecl *turn = nullptr;
  std::initializer_list<int> sessionEvals = {};  // indices into ProgramDecl::evals
  // Why the task cannot run (a validator of a type no runtime defines: docs/promptkit.md
  // "Validators"), or nullptr: choosing it is exit 2 with this reason; the other tasks run.
  const char *unusable = nullptr;
};

// An environment variable the program reads (`{env.NAME}` in AWL; docs/awl.md "Variables"): the run
// checks that each is set before its first step, so a missing token fails the run before any
// action has changed anything.
struct EnvironmentDecl {
  const char *name = "";
  const char *location = "";  // "pack.awl.yaml:12": the first place the program reads it
};

struct ProgramDecl {
  const char *name = "";     // the pack's id
  const char *version = "";  // the pack's version
  const char *source = "";   // the pack's path, as given to wfc
  const char *description = "";  // the pack's name, as people read it: a title
  // What the pack says it does (its `description`; a template's, a workflow's), or "": the
  // paragraph of --help, the MCP tool's description, the OpenAPI document's info.description.
  const char *summary = "";
  const char *wfcVersion = "";
  // A hash of the generated program (codegen's: the program after its passes): with the pack,
  // the bindings and the wfc version, what a journaled run must be resumed by (docs/journal.md).
  const char *identity = "";
  std::span<const ToolDecl> tools = {};
  std::span<const PromptDecl> prompts = {};
  std::span<const ProviderKeyDecl> providers = {};  // requires.providers, "default" left out
  std::span<const CompositionDecl> compositions = {};  // [0] runs; the others are called by subflow steps
  const char *bindings = nullptr;                 // compiled-in bindings (JSON text), or nullptr
  std::span<const NativeToolEntry> natives = {};  // native functions linked into the executable
  bool allowUnbound = false;                  // built with --allow-unbound
  // The workflow's engine.budget (0: none): the run's wall time, and tool calls in all.
  uint64_t maxWallTimeMs = 0;
  uint64_t maxToolCalls = 0;
  // The pack's workflow state machine, or nullptr: then compositions[0] is what runs.
  const struct WorkflowDecl *workflow = nullptr;
  std::span<const struct EvalDecl> evals = {};  // the evals some step runs (docs/evals.md)
  // A chat program's tasks (no compositions, no workflow), in the pack's prompt order.
  std::span<const ChatTaskDecl> tasks = {};
  // The skills conversations are offered (docs/promptkit.md "Skills"): every one in chat turns and
  // agent steps; an internal state offers those its StateDecl::skills lists.
  std::span<const SkillDecl> skills = {};
  // What people declared about the program's governance (docs/promptkit.md "Governance"), carried
  // into the report as it was written: JSON text {"metadata": metadata.governance, "action_scope":
  // {tool: its action_scope}}, or nullptr when the pack declares none.
  const char *governance = nullptr;
  // The step graph `wfc graph --format=json --after-passes` draws of this program (JSON text), for
  // the web page of --serve (docs/serve.md); nullptr when the compiler did not embed one.
  const char *graph = nullptr;
  // A pack of prompts with `agents` (RFC 0007): the A2A agents --serve serves (docs/serve.md
  // "A2A agents"), as JSON text {"entry", "members": [{"key", "card"}]}, each card PromptKit's
  // (its name, description, version and one skill) without the address; nullptr: none.
  const char *agents = nullptr;
  std::span<const EnvironmentDecl> environment = {};  // in the order the program first reads them
  // What each step and state is, by path (docs/journal.md "Versions"): JSON text {PATTERN: {"hash",
  // "tools", "at"}}, PATTERN the path the journal records with iteration indices and visit counts
  // left out ("each[]__summarize", "review:fetch"). A run resumes under another program only when
  // every step it completed or has in flight has the same hash here, and its tools the same
  // bindings. nullptr: the program has no steps a run records (a chat program).
  const char *stepTable = nullptr;
};

// ---------------------------------------------------------------------------------------------
// Evals (docs/evals.md): checks run after each successful attempt of a step that
// names them. A failure is a warning, unless the eval gates (params.gate: true): then it fails
// the attempt, and retry and wfc.on_error apply as to any failed attempt.

// PromptKit's eval types (docs/evals.md "Types"; aliases are resolved by the compiler).
enum class EvalType : uint8_t {
  Contains, ContainsAny, ContentExcludes, Regex, JsonValid, JsonSchema, MinLength, MaxLength,
  SentenceCount, FieldPresence, ToolsCalled, ToolsNotCalled, LatencyBudget, LlmJudge, CostBudget,
  // Every other type: run by the runtime's handler of that name (EvalDecl::typeName), which reads
  // EvalDecl::params; a type no handler runs (one a PromptKit host defines) is reported skipped.
  Named
};
// How a threshold compares a score with its value; None: the type's own pass rule.
enum class Compare : uint8_t { None, Greater, GreaterOrEqual, Less, LessOrEqual, Equal, NotEqual };

struct EvalDecl {
  const char *id = "";        // as the pack names it
  EvalType type = EvalType::Contains;
  const char *location = "";  // "pack.yaml:14"
  const char *typeName = nullptr;  // Named: the type's canonical name ("tool_args", "json_path", …)
  const char *params = nullptr;    // Named: the params, checked by the compiler (JSON text)
  const char *text = nullptr;    // contains (wfc's params.value, case-sensitive); regex: the pattern
  // contains, contains_any, content_excludes: the texts (case-insensitive); field_presence: the
  // fields; tools_called, tools_not_called: the tools' names
  std::span<const char *const> patterns = {};
  bool wordBoundary = false;     // content_excludes: whole words only
  bool invert = false;           // regex: params.expect_match false
  bool extractJson = false;      // json_valid, json_schema: the JSON inside wrapped text
  const char *schema = nullptr;  // json_schema: the schema (JSON text, self-contained)
  double minLength = 0;          // min_length: bytes
  double maxLength = 0;          // max_length: bytes (0: none)
  double maxTokens = 0;          // max_length: tokens, estimated as bytes / 4 (0: none)
  double maxSentences = 0;       // sentence_count: the most sentences (0: only measure)
  unsigned minCalls = 1;         // tools_called: each tool at least this often
  int64_t maxCalls = -1;         // tools_called: and at most this often (-1: no bound)
  double maxMs = 0;              // latency_budget: the longest an attempt may take
  // cost_budget: the most the attempt's LLM calls may spend, in US dollars and in input, output
  // and all tokens (< 0: no such limit)
  double maxCostUsd = -1;
  double maxInputTokens = -1;
  double maxOutputTokens = -1;
  double maxTotalTokens = -1;
  int prompt = -1;               // llm_judge: the judging prompt (an index into ProgramDecl::prompts)
  const char *rubric = nullptr;  // llm_judge: the instructions sent with what is judged (JSON text), or nullptr
  // llm_judge in PromptKit's form: the criteria, and optionally the judge's system prompt, model
  // and passing score (nullptr / 0: PromptKit's defaults)
  const char *criteria = nullptr;
  const char *judgeSystemPrompt = nullptr;
  const char *judgeModel = nullptr;
  bool hasPassingScore = false;
  double passingScore = 0;
  Compare threshold = Compare::None;
  double thresholdValue = 0;
  bool gate = false;             // params.gate: a failure fails the attempt
  double samplePercentage = 100;  // sample_turns / sample_sessions: the share of evaluations run
  const char *message = nullptr;  // the eval's `message`, said when it fails
  // `when`: the eval runs only if the attempt called this tool, a tool matching this pattern,
  // any tool, or at least this many tools; otherwise it is skipped
  const char *whenToolCalled = nullptr;
  const char *whenToolCalledPattern = nullptr;
  bool whenAnyToolCalled = false;
  unsigned whenMinToolCalls = 0;
};

// ---------------------------------------------------------------------------------------------
// Workflow states (docs/workflows.md). A generated program with a `workflow` has one function per
// state (`state_<name>`: one visit), a StateDecl table and a `transition` function — the
// transition table as a switch — and the runtime's state machine drives them: visits,
// max_visits, engine.budget, events, the workflow context and the artifacts.

class StateContext;

// What one visit of a state produced: its output, and the event that leaves it (absent for a
// terminal state) with the context handed to the next state.
struct StateResult {
  Value output;
  bool hasEvent = false;
  std::string event;
  Value context;
};

// One visit of a state.
using StateFn = StateResult (*)(StateContext &);
// The state event `event` of state `state` leads to, or -1 when the state has no such event.
using TransitionFn = int (*)(int state, std::string_view event);

enum class StateKind : uint8_t { Composition, Internal, External };

// An artifact a state may set (`workflow__set_artifact`): replaced, or appended to.
struct ArtifactDecl {
  const char *name = "";
  const char *type = "";
  bool append = false;
};

struct StateDecl {
  const char *name = "";
  StateKind kind = StateKind::Composition;
  const char *location = "";  // "pack.yaml:14"
  StateFn run = nullptr;
  int composition = -1;  // composition states: the composition run
  int prompt = -1;       // internal and external states: the prompt run
  // The on_event keys in pack order: what the transition tool's `event` enum offers and what
  // errors list. Empty for a terminal state.
  std::initializer_list<const char *> events = {};
  bool terminal = false;       // terminal: true, or no on_event
  unsigned maxVisits = 0;      // 0: unbounded
  int onMaxVisits = -1;        // where a transition past max_visits goes instead (-1: exit 3)
  std::initializer_list<ArtifactDecl> artifacts = {};
  std::initializer_list<int> tools = {};  // internal states: the prompt's tools, offered with the workflow tools
  // Internal states of a program with skills: the skills (indices into ProgramDecl::skills) its
  // conversation is offered — the state's `skills` filter's; empty: none.
  std::initializer_list<int> skills = {};
  // persistence: persistent (docs/workflows.md "Persistent states"): a visit continues the
  // conversation of the state's earlier visits.
  bool persistent = false;
  // control: agent (docs/promptkit.md "Workflow chats"): in a --chat, a transition into this
  // state runs a round of its conversation in the same turn instead of yielding to the user.
  bool agentControl = false;
  // Internal and external states: their conversation's prompt cache key (StepDecl::promptCacheKey).
  const char *promptCacheKey = nullptr;
};

struct WorkflowDecl {
  int entry = 0;
  std::span<const StateDecl> states = {};
  TransitionFn transition = nullptr;
  unsigned maxTotalVisits = 0;  // engine.budget.max_total_visits (0: none)
};

// What a state function runs against: the run's workflow input, context and artifacts.
class StateContext {
 public:
  virtual ~StateContext() = default;
  // A composition state: runs the composition on the workflow input; its output's string field
  // `event` (when the state has events) is the event, the whole output the context.
  virtual StateResult runComposition(int composition) = 0;
  // An internal state: a conversation offered workflow__transition (and workflow__set_artifact
  // when the state declares artifacts) besides the prompt's tools, ended by the model's call.
  virtual StateResult converse(int prompt) = 0;
  // An external state: the prompt runs once, then the next event comes from --events.
  virtual StateResult askExternal(int prompt) = 0;
};

// The compiled executable's whole life (docs/executable.md): the command line, input, the run, output and
// exit code. Generated `main` returns it.
int runMain(int argc, char **argv, const ProgramDecl &program);

// What a step function sees: the composition's input, the outputs of the steps before it, and
// the tools. References compile to calls on it.
class StepContext {
 public:
  virtual ~StepContext() = default;

  // `${input}`.
  virtual const Value &input() const = 0;
  // `${id.output}`: the whole output of step `step`. Fails the step with a message naming `ref`
  // when that step was skipped.
  virtual const Value &output(int step, const char *ref) const = 0;
  // Whether `${id.output…}` can be resolved: false when the step was skipped or the path is
  // missing (the `exists` predicate).
  virtual bool exists(int step, std::initializer_list<PathStep> path) const = 0;
  bool inputExists(std::initializer_list<PathStep> path) const;

  // Calls tool `tool` (an index into ProgramDecl::tools) with `args`.
  virtual Value callTool(int tool, const Value &args) = 0;
  // Runs composition `composition` with `input` (a wfc.subflow call).
  virtual Value callComposition(int composition, const Value &input) = 0;
  // An inlined wfc.subflow (docs/optimizer.md): the entry step checks the callee's input against
  // its input_schema and returns it; the exit step returns the callee's output — step
  // `outputStep`'s, or (-1) that of the last of `steps` that ran — checked against its
  // output_schema. The same checks, and messages, as callComposition's.
  virtual Value enterComposition(int composition, Value input) = 0;
  virtual Value leaveComposition(int composition, int outputStep, std::initializer_list<int> steps) = 0;
  // `${workflow}` as an object {"context": …, "artifacts": {NAME: …}}: the last transition's
  // context (null before the first) and the artifacts set so far.
  virtual const Value &workflow() const = 0;
  bool workflowExists(std::initializer_list<PathStep> path) const;

  // Runs this prompt or agent step's LLM exchange with its input (`${…}` resolved; null when
  // the step has none): the reply, parsed and validated when the step has an output_schema.
  // A wfc.judge step's input is its target; the reply is {score, rationale}.
  virtual Value complete(const Value &input) = 0;

  // wfc.foreach: runs the inner step once per element of `items` (failing the step when it is
  // not an array); the output is `{<into>: …}`, reduced in item order.
  virtual Value runForeach(const Value &items) = 0;
  // wfc.loop: runs the inner steps until `until` holds after an iteration (or max_iterations is
  // reached: exit 3); the output is the last iteration's last step's.
  virtual Value runLoop() = 0;
  // Inside a wfc.foreach (the nearest one): `${item}` and `${item_index}`.
  virtual const Value &item() const = 0;
  virtual int64_t itemIndex() const = 0;
  // Inside a wfc.loop (the nearest one): `${loop.iteration}` (0-based), and
  // `${loop.previous.<step>.output}`, which fails the step naming `ref` in the first iteration
  // or when that step did not run in the previous one.
  virtual int64_t loopIteration() const = 0;
  virtual const Value &previous(int step, const char *ref) const = 0;
  virtual bool previousExists(int step, std::initializer_list<PathStep> path) const = 0;

  // A composition with a variable store (docs/awl.md): `{name}`, the value last captured into
  // variable `name` (failing the step naming `ref` when none was yet); `{env.NAME}`, the
  // executable's environment variable (failing when it is not set); `{execution_id}`, the run's id.
  virtual Value variable(const char *name, const char *ref) const = 0;
  Value variable(const char *name, std::initializer_list<PathStep> path, const char *ref) const {
    return at(variable(name, ref), path, ref);
  }
  virtual Value env(const char *name, const char *ref) const = 0;
  virtual Value runId() const = 0;
  // A wfc.loop over items (AWL's foreach): one iteration per element of `items` (an array), until
  // `until` holds after one; `${item}`/`${item_index}` are that element and its index. Reaching
  // max_iterations with items left and `until` not holding is exit 3. The output is the last
  // iteration's last step's (null with no items).
  virtual Value runLoopOver(const Value &items) = 0;
  // A block: its inner steps, once, in order; the output is the last one's that ran.
  virtual Value runBlock() = 0;
  // An action step: the step's built-in action (StepDecl::action) with `args`.
  virtual Value act(const Value &args) = 0;
  // AWL's prompt-agent: the LLM exchange of complete(), its tools run in `workingDir` (a string;
  // null: the executable's directory); the output is {text, tool-calls, tokens-used}.
  virtual Value promptAgent(const Value &input, const Value &workingDir) = 0;

  // `${input.a.b}` and `${id.output.a.b}`: follow `path`, failing the step naming `ref` when the
  // value lacks it.
  Value input(std::initializer_list<PathStep> path, const char *ref) const { return at(input(), path, ref); }
  Value output(int step, std::initializer_list<PathStep> path, const char *ref) const {
    return at(output(step, ref), path, ref);
  }
  Value item(std::initializer_list<PathStep> path, const char *ref) const { return at(item(), path, ref); }
  bool itemExists(std::initializer_list<PathStep> path) const;
  Value previous(int step, std::initializer_list<PathStep> path, const char *ref) const {
    return at(previous(step, ref), path, ref);
  }

  // Follows `path` below `base`; fails the step naming `ref` when the value lacks it.
  static Value at(const Value &base, std::initializer_list<PathStep> path, const char *ref);
};

// An interpolated string's pieces: literal text and values (strings raw, anything else as
// compact JSON — docs/semantics.md "References").
class TextPiece {
 public:
  TextPiece(const char *text) : text_(text) {}  // NOLINT: pieces are written as a list
  TextPiece(const Value &value) : value_(&value) {}  // NOLINT
  void appendTo(std::string &out) const;

 private:
  const char *text_ = nullptr;
  const Value *value_ = nullptr;
};
Value interpolate(std::initializer_list<TextPiece> pieces);

// Predicates (docs/semantics.md). Orderings compare number with number or string with string; anything
// else fails the step, naming `ref`.
bool equals(const Value &a, const Value &b);
bool isIn(const Value &a, const Value &list);
bool lessThan(const Value &a, const Value &b, const char *ref);
bool lessOrEqual(const Value &a, const Value &b, const char *ref);
bool greaterThan(const Value &a, const Value &b, const char *ref);
bool greaterOrEqual(const Value &a, const Value &b, const char *ref);

// Expressions (docs/awl.md "Expressions"). `expr` is the expression as written, for messages.
// truth: a boolean's value (anything else fails the step); length: the items of an array, the
// members of an object or the characters of a string; range: the integers from, …, to - 1.
bool truth(const Value &value, const char *expr);
Value length(const Value &value, const char *expr);
Value range(const Value &from, const Value &to, const char *expr);

}  // namespace wfc

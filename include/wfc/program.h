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

namespace wfc {

class StepContext;

enum class StepKind : uint8_t { Tool, Branch, Parallel, Subflow, Prompt, Agent };
// What running a step may do to the world (SPEC §2.2). `none`/`read` work is cancelled when a
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

struct StepDecl {
  const char *id = "";
  StepKind kind = StepKind::Tool;
  Effect effect = Effect::None;
  const char *location = "";  // "pack.yaml:14"
  int parent = -1;            // the enclosing parallel step, or -1 at the top level
  // Steps that must be done (or skipped) before this one starts. The tables are static, so the
  // list's array lives as long as the program.
  std::initializer_list<int> after = {};
  Guard guard = Guard::None;
  int guardedBy = -1;         // the branch choosing this one, or the step it is the fallback of
  StepFn run = nullptr;       // tool, subflow
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
  const char *outputSchema = nullptr;   // JSON text (self-contained): the reply must match it
  bool strictOutput = false;            // the schema fits the providers' strict subset
  std::initializer_list<int> tools = {};  // agent: the tools offered
  unsigned maxSteps = 0;                // agent: the bound on rounds
  int toolCalled = -1;                  // agent: calling this tool ends the loop
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

struct CompositionDecl {
  const char *name = "";
  const char *location = "";
  const char *inputSchema = nullptr;   // JSON text (self-contained), or nullptr
  const char *outputSchema = nullptr;  // JSON text (self-contained), or nullptr
  int output = -1;                     // the output step; -1: the last top-level step that ran
  std::span<const StepDecl> steps = {};  // parents before their children, in declaration order
};

struct ProgramDecl {
  const char *name = "";     // the pack's id
  const char *version = "";  // the pack's version
  const char *source = "";   // the pack's path, as given to wfc
  const char *description = "";
  const char *wfcVersion = "";
  std::span<const ToolDecl> tools = {};
  std::span<const PromptDecl> prompts = {};
  std::span<const CompositionDecl> compositions = {};  // [0] runs; the others are called by subflow steps
  const char *bindings = nullptr;                 // compiled-in bindings (JSON text), or nullptr
  std::span<const NativeToolEntry> natives = {};  // native functions linked into the executable
  bool allowUnbound = false;                  // built with --allow-unbound
  // The workflow's engine.budget (0: none): the run's wall time, and tool calls in all.
  uint64_t maxWallTimeMs = 0;
  uint64_t maxToolCalls = 0;
};

// The compiled executable's whole life (SPEC §5): the command line, input, the run, output and
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
  // Runs this prompt or agent step's LLM exchange with its input (`${…}` resolved; null when
  // the step has none): the reply, parsed and validated when the step has an output_schema.
  virtual Value complete(const Value &input) = 0;

  // `${input.a.b}` and `${id.output.a.b}`: follow `path`, failing the step naming `ref` when the
  // value lacks it.
  Value input(std::initializer_list<PathStep> path, const char *ref) const { return at(input(), path, ref); }
  Value output(int step, std::initializer_list<PathStep> path, const char *ref) const {
    return at(output(step, ref), path, ref);
  }

  // Follows `path` below `base`; fails the step naming `ref` when the value lacks it.
  static Value at(const Value &base, std::initializer_list<PathStep> path, const char *ref);
};

// An interpolated string's pieces: literal text and values (strings raw, anything else as
// compact JSON — SPEC §3 References).
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

// Predicates (SPEC §3). Orderings compare number with number or string with string; anything
// else fails the step, naming `ref`.
bool equals(const Value &a, const Value &b);
bool isIn(const Value &a, const Value &list);
bool lessThan(const Value &a, const Value &b, const char *ref);
bool lessOrEqual(const Value &a, const Value &b, const char *ref);
bool greaterThan(const Value &a, const Value &b, const char *ref);
bool greaterOrEqual(const Value &a, const Value &b, const char *ref);

}  // namespace wfc

// What the runs of an executable share, set up from its command line (docs/executable.md): the
// tool table from the compiled-in and --bindings bindings, the LLM provider, and the check of an
// input against the input_schema. A normal run sets them up once for its one run; an MCP server
// (docs/mcp-server.md) once for all the calls it serves.
#pragma once

#include "core/llm/Provider.h"
#include "core/llm/RateLimiter.h"
#include "core/tools/ToolTable.h"
#include "host/session/CommandLine.h"
#include "wfc/program.h"

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace wfc {

class Trace;
class TraceSink;

// The compositions that receive the run's input: the one that runs, or every composition a
// workflow state runs (each state sees the workflow input, docs/workflows.md); none for a chat
// program, whose turn input the chat checks.
std::vector<int> inputCompositions(const ProgramDecl &program);
// The input with what its schema's top-level properties give as their `default` filled in where
// the input leaves them out (an AWL input declared with a default: docs/awl.md "Inputs"). An
// input that is not an object, or a schema without defaults, is returned as it is.
Value withInputDefaults(const ProgramDecl &program, Value input);

// Throws wfc::Error(Usage) naming the first problem when `input` does not match the input_schema
// of a composition that receives it.
void checkRunInput(const ProgramDecl &program, const Value &input);

// Why the program cannot run in this process's environment — the first environment variable it
// reads (ProgramDecl::environment) that is not set, and where it reads it — or nothing. Checked
// before any step runs, so a missing token fails a run before an action has changed anything.
std::optional<std::string> missingEnvironment(const ProgramDecl &program);

// The same check with the schemas compiled once, for many inputs (a batch's lines, docs/batch.md):
// compiling a schema costs far more than checking a value against it. check() may be called from
// several threads at once.
class RunInputCheck {
 public:
  explicit RunInputCheck(const ProgramDecl &program);
  ~RunInputCheck();
  void check(const Value &input) const;

 private:
  struct Schema;
  const ProgramDecl &program_;
  std::vector<Schema> schemas_;
};

// The bindings files and the tool table built from them. Filled in place and never moved: the
// table may refer to the files.
struct ToolSetup {
  ToolSetup() = default;
  ToolSetup(const ToolSetup &) = delete;
  ToolSetup &operator=(const ToolSetup &) = delete;

  std::optional<BindingsFile> defaults, overrides;  // compiled-in, --bindings
  std::unique_ptr<ToolTable> tools;
};

// Fills `setup` from the compiled-in bindings and --bindings. Throws wfc::Error(Usage) for a bad
// bindings file or an unbound tool.
void loadTools(const CommandLine &cl, const ProgramDecl &program, ToolSetup &setup);
// The same for several programs sharing one table (a registry's workflows, docs/registry.md):
// every tool any of them declares, bound from `bindings` (compiled in, or nullptr) and --bindings.
void loadTools(const CommandLine &cl, std::span<const ProgramDecl *const> programs, const char *bindings,
               std::span<const NativeToolEntry> natives, bool allowUnbound, ToolSetup &setup);

// A chat program's task for this command line: --task's, or the only one; throws
// wfc::Error(Usage) listing the tasks otherwise.
const ChatTaskDecl &chooseTask(const CommandLine &cl, const ProgramDecl &program);

// The run's input object: --input FILE, --input - (stdin), --input-json, or {}. Throws
// wfc::Error(Usage) naming what is wrong.
Value readRunInput(const CommandLine &cl);

// The run's LLM: a replay of a recording, or the OpenAI-compatible or Anthropic endpoint,
// wrapped by a recorder with --record. Its provider bindings come from `tools`' bindings files,
// which loadTools has read. Null when the program has no prompt or agent step and no
// recording is asked for: a tool-only workflow needs no model. Sets `model` to the model asked
// for. Throws wfc::Error(Usage) for an option or environment variable that does not fit.
// The endpoint's requests go through `limiter` (docs/batch.md "Rate limits") — a batch's, shared
// by its runs — or, without one, through a limiter of their own when --rpm or --tpm is given. A
// replay makes no requests, and is not limited.
std::unique_ptr<llm::Provider> makeProvider(const CommandLine &cl, const ProgramDecl &program,
                                            const ToolSetup &tools, Trace *trace, std::string &model,
                                            std::shared_ptr<llm::RateLimiter> limiter = nullptr);

// Where every run's trace goes: the --trace file and the --otlp-endpoint exporter
// (docs/observability.md), which names the service `service` (the pack) at `version`; none when
// neither is asked for. Throws wfc::Error(Usage) for a trace file that cannot be written or an
// endpoint that is not a URL.
std::vector<std::shared_ptr<TraceSink>> traceSinks(const CommandLine &cl, const std::string &service,
                                                   const std::string &version, const std::string &wfcVersion);
// A trace over traceSinks(), or null when there are none.
std::unique_ptr<Trace> makeTrace(const CommandLine &cl, const std::string &service, const std::string &version,
                                 const std::string &wfcVersion);

// Once the provider has read its key: tools (exec processes, MCP servers) must not inherit it,
// or a tool printing its environment would carry the key into errors, traces and reports.
void forgetApiKeys();

}  // namespace wfc

// wfc::runMain: the compiled executable's life (docs/executable.md) — command line, input, bindings, the
// run (ExecuteRun.h), output, trace and report, exit code; or, with --mcp, an MCP server
// (docs/mcp-server.md); or, with --serve, an HTTP server of its runs (docs/serve.md).
#include "Describe.h"
#include "Bindings.h"
#include "CommandLine.h"
#include "ExecuteRun.h"
#include "RunSetup.h"
#include "ToolCompositionPlan.h"
#include "Trace.h"
#include "batch/BatchMain.h"
#include "chat/ChatMain.h"
#include "journal/JournalFile.h"
#include "journal/Resume.h"
#include "mcp_server/McpMain.h"
#include "serve/ServeMain.h"
#include "workflow/EventFile.h"
#include "workflow/StateMachine.h"
#include "wfc/program.h"

#include <nlohmann/json.hpp>

#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

namespace wfc {
namespace {

using Json = nlohmann::ordered_json;

// "  name   string   required   description" for each property of the input_schema.
std::string describeInput(const CompositionDecl &c) {
  if (!c.inputSchema) return "Input: a JSON object (the composition declares no input_schema).\n";
  Json schema = Json::parse(c.inputSchema);
  const Json *root = &schema;
  // A bundled schema may be one $ref into its own definitions.
  if (root->contains("$ref") && (*root)["$ref"].is_string()) {
    std::string ref = (*root)["$ref"];
    if (ref.rfind("#/", 0) == 0) {
      try {
        root = &schema.at(Json::json_pointer(ref.substr(1)));
      } catch (const std::exception &) {
      }
    }
  }
  std::string out = "Input fields (a JSON object, checked against the input_schema):\n";
  if (!root->contains("properties") || !(*root)["properties"].is_object()) return out + "  (none declared)\n";
  std::vector<std::string> required;
  if (root->contains("required") && (*root)["required"].is_array())
    for (const Json &r : (*root)["required"])
      if (r.is_string()) required.push_back(r);
  size_t width = 4;
  for (auto it = (*root)["properties"].begin(); it != (*root)["properties"].end(); ++it)
    width = std::max(width, it.key().size());
  for (auto it = (*root)["properties"].begin(); it != (*root)["properties"].end(); ++it) {
    const Json &p = it.value();
    std::string type = "any";
    if (p.is_object() && p.contains("type")) type = p["type"].is_string() ? std::string(p["type"]) : p["type"].dump();
    else if (p.is_object() && p.contains("enum")) type = "one of " + p["enum"].dump();
    bool isRequired = std::find(required.begin(), required.end(), it.key()) != required.end();
    std::string line = "  " + it.key() + std::string(width - it.key().size() + 2, ' ') + type;
    line += std::string(line.size() < width + 14 ? width + 14 - line.size() : 1, ' ');
    line += isRequired ? "required" : "optional";
    if (p.is_object() && p.contains("description") && p["description"].is_string())
      line += "  " + std::string(p["description"]);
    out += line + "\n";
  }
  return out;
}

void printHelp(const CommandLine &cl, const ProgramDecl &program) {
  std::cout << "Usage: " << cl.program << " [options]\n\n";
  if (*program.description) std::cout << program.description << "\n\n";
  if (const WorkflowDecl *wf = program.workflow) {
    std::cout << "Runs the workflow of " << program.name << " " << program.version << " (" << program.source
              << "), compiled by wfc " << program.wfcVersion << ": from state '" << wf->states[wf->entry].name
              << "' through";
    for (const StateDecl &s : wf->states) std::cout << " " << s.name << (&s == &wf->states.back() ? "" : ",");
    std::cout << ".\n\n";
    std::vector<int> inputs = inputCompositions(program);
    if (inputs.empty()) std::cout << "Input: a JSON object (its keys are the prompts' template variables).\n";
    else std::cout << describeInput(program.compositions[inputs.front()]);
    std::cout << "\n" << commandLineHelp();
    return;
  }
  const CompositionDecl &entry = program.compositions[0];
  std::cout << "Runs composition '" << entry.name << "' of " << program.name << " " << program.version << " ("
            << program.source << "), compiled by wfc " << program.wfcVersion << ".\n\n";
  std::cout << describeInput(entry) << "\n" << commandLineHelp();
}

// --dry-run: what would run, in declaration order, with each tool's binding.
Json plan(const ProgramDecl &program, const ToolTable &tools, const Value &input) {
  Json compositions = Json::array();
  for (const CompositionDecl &c : program.compositions) {
    Json steps = Json::array();
    for (const StepDecl &s : c.steps) {
      Json step = {{"id", s.id}, {"kind", spellKind(s.kind)}, {"location", s.location}};
      if (s.kind == StepKind::Action) step["action"] = spellAction(s.action);
      if (s.capture) step["captures"] = s.capture;
      Json after = Json::array();
      for (int a : s.after) after.push_back(c.steps[a].id);
      if (!after.empty()) step["after"] = after;
      // A parallel's branch, or an inner step of the wfc.foreach / wfc.loop / block it runs in.
      if (s.parent >= 0) step[c.steps[s.parent].kind == StepKind::Parallel ? "parallel" : "inside"] = c.steps[s.parent].id;
      if (s.kind == StepKind::Foreach && s.maxConcurrency) step["max_concurrency"] = s.maxConcurrency;
      if (s.kind == StepKind::Loop) step["max_iterations"] = s.maxIterations;
      if (s.guardedBy >= 0)
        step["runs_if"] = std::string(c.steps[s.guardedBy].id) + (s.guard == Guard::Then   ? " takes then"
                                                                  : s.guard == Guard::Else ? " takes else"
                                                                                           : " fails");
      if (s.fallback >= 0) step["on_error"] = {{"fallback", c.steps[s.fallback].id}};
      if (s.fallbackValue) step["on_error"] = {{"value", Json::parse(s.fallbackValue)}};
      if (s.tool >= 0) {
        step["tool"] = program.tools[s.tool].name;
        step["binding"] = tools.describe(program.tools[s.tool].name);
      }
      if (s.callee >= 0) step["calls"] = program.compositions[s.callee].name;
      if (s.prompt >= 0) step["prompt"] = program.prompts[s.prompt].key;
      if (s.kind == StepKind::Agent) {
        Json offered = Json::array();
        for (int t : s.tools) offered.push_back(program.tools[t].name);
        step["tools"] = offered;
        step["max_steps"] = s.maxSteps;
        if (s.toolCalled >= 0) step["tool_called"] = program.tools[s.toolCalled].name;
      }
      if (s.evals.size() > 0) {  // run after each successful attempt (docs/evals.md)
        Json evals = Json::array();
        for (int e : s.evals) evals.push_back(program.evals[e].id);
        step["evals"] = evals;
      }
      steps.push_back(step);
    }
    Json composition = {{"name", c.name}, {"steps", steps}};
    addToolCompositionPlan(composition, c, program, tools);
    compositions.push_back(composition);
  }
  Json out = {{"workflow", program.name}, {"version", program.version}, {"input", input.json()},
              {"compositions", compositions}};
  if (const WorkflowDecl *wf = program.workflow) {
    Json states = Json::array();
    for (const StateDecl &s : wf->states) {
      Json state = {{"name", s.name}, {"kind", workflow::spell(s.kind)}, {"location", s.location}};
      if (s.composition >= 0) state["composition"] = program.compositions[s.composition].name;
      if (s.prompt >= 0) state["prompt"] = program.prompts[s.prompt].key;
      if (s.terminal) state["terminal"] = true;
      Json events = Json::object();
      for (const char *e : s.events) events[e] = wf->states[wf->transition(int(&s - wf->states.data()), e)].name;
      if (!events.empty()) state["on_event"] = events;
      if (s.maxVisits) state["max_visits"] = s.maxVisits;
      if (s.onMaxVisits >= 0) state["on_max_visits"] = wf->states[s.onMaxVisits].name;
      states.push_back(state);
    }
    out["entry"] = wf->states[wf->entry].name;
    out["states"] = states;
  }
  return out;
}

bool writeOutput(const CommandLine &cl, const std::string &text) {
  if (!cl.output) {
    std::fwrite(text.data(), 1, text.size(), stdout);
    return std::fflush(stdout) == 0;
  }
  std::ofstream file(*cl.output, std::ios::binary | std::ios::trunc);
  file << text;
  return bool(file.flush());
}

// The journal options that need others, or exclude them (docs/journal.md); the message, if any.
std::optional<std::string> journalUsage(const CommandLine &cl) {
  if (!cl.journal) {
    if (cl.resume) return "--resume continues a run recorded in a journal: give --journal FILE too";
    if (cl.runs) return "--runs lists the runs of a journal: give --journal FILE too";
    if (cl.journalSyncGiven) return "--journal-sync says how the journal is written: give --journal FILE too";
  }
  if (cl.event && !cl.resume)
    return "--event continues a suspended run: give --resume RUN_ID too (a new run takes its events from "
           "--events FILE)";
  if (cl.eventContext && !cl.event) return "--event-context goes with --event NAME";
  if (cl.resume && (cl.input || cl.inputJson))
    return "a resumed run keeps the input it started with: do not give --input or --input-json with --resume";
  if (cl.resume && cl.dryRun) return "--dry-run plans a new run; it cannot be combined with --resume";
  if (cl.journal && cl.journal->empty()) return "--journal needs a file name";
  return std::nullopt;
}

int fail(const CommandLine &cl, int code, const std::string &message) {
  std::cerr << cl.program << ": error: " << message << "\n";
  if (code == 2 && message.find("option") != std::string::npos)
    std::cerr << "run '" << cl.program << " --help' for the options\n";
  return code;
}

}  // namespace

int runMain(int argc, char **argv, const ProgramDecl &program) {
  auto started = std::chrono::steady_clock::now();
  CommandLine cl;
  try {
    cl = parseCommandLine(argc, argv);
  } catch (const Error &e) {
    cl.program = argc > 0 ? argv[0] : "workflow";
    return fail(cl, 2, e.what());
  }
  if (cl.help) {
    if (chat::isChatProgram(program)) chat::printHelp(cl, program);
    else printHelp(cl, program);
    return 0;
  }
  if (cl.version) {
    std::cout << program.name << " " << program.version << " (wfc " << program.wfcVersion << ")\n";
    return 0;
  }
  if (cl.provider && *cl.provider != "openai" && *cl.provider != "anthropic" && *cl.provider != "replay")
    return fail(cl, 2, "--provider takes openai, anthropic or replay, not '" + *cl.provider + "'");
  if (cl.mcp)
    if (auto problem = mcp::usageProblem(cl)) return fail(cl, 2, *problem);
  if (auto problem = serve::usageProblem(cl)) return fail(cl, 2, *problem);
  if (cl.serve) return serve::serve(cl, program);
  // --input-jsonl, or --resume of a batch (docs/batch.md): one run per line.
  const bool batchRun = batch::isBatch(cl);
  if (auto problem = batch::usageProblem(cl, batchRun)) return fail(cl, 2, *problem);
  if (!batchRun)
    if (auto problem = journalUsage(cl)) return fail(cl, 2, *problem);
  for (auto [given, flag] : {std::pair{cl.sequence.has_value(), "--sequence"}, {cl.scope.has_value(), "--scope"},
                             {cl.user.has_value(), "--user"}, {cl.workflow.has_value(), "--workflow"},
                             {cl.entrypoints, "--entrypoints"}})
    if (given)
      return fail(cl, 2, std::string(flag) + " is an option of a workflow registry's executable (docs/registry.md); "
                                             "this one runs pack '" + program.name + "'");
  if (auto problem = chat::usageProblem(cl, program)) return fail(cl, 2, *problem);
  if (cl.mcp) return mcp::serve(cl, program);
  if (batchRun) return batch::runBatch(cl, program);
  const bool chatProgram = chat::isChatProgram(program);
  const bool workflowChat = program.workflow && cl.chat;  // docs/promptkit.md "Workflow chats"

  // --journal (docs/journal.md): the file, and — with --resume — the run to continue.
  std::unique_ptr<journal::JournalFile> journalFile;
  std::optional<journal::RunRow> resumed;
  if (cl.journal && (cl.runs || !cl.dryRun)) {  // a dry run writes nothing, a journal included
    try {
      if ((cl.runs || cl.resume) && !std::filesystem::exists(*cl.journal))
        throw Error(ErrorKind::Usage, "journal '" + *cl.journal + "' does not exist");
      journalFile = std::make_unique<journal::JournalFile>(
          *cl.journal, cl.journalSyncFull ? journal::SyncMode::Full : journal::SyncMode::Normal);
      if (cl.runs) {
        journal::printRuns(*journalFile, std::cout);
        return std::cout.flush() ? 0 : fail(cl, 1, "cannot write the output");
      }
      journalFile->claimPack(program.name);
    } catch (const Error &e) {
      return fail(cl, e.exitCode(), e.what());
    }
  }

  Value input;
  ToolSetup toolSetup;
  std::unique_ptr<Trace> trace;
  std::unique_ptr<llm::Provider> provider;
  std::string model;
  std::optional<workflow::EventFile> events;
  journal::ProgramIdentity identity;
  const ChatTaskDecl *task = nullptr;
  try {
    input = readRunInput(cl);
    if (chatProgram) {
      input = chat::turnInput(cl, input);
      task = &chat::chooseTask(cl, program);  // a missing or unknown --task is a usage error before anything runs
    }
    if (!cl.resume) checkRunInput(program, input);
    if (cl.events) events = workflow::EventFile::load(*cl.events);
    loadTools(cl, program, toolSetup);
    if (journalFile)
      identity = journal::identify(program, toolSetup.defaults ? &*toolSetup.defaults : nullptr,
                                   toolSetup.overrides ? &*toolSetup.overrides : nullptr);
    if (cl.resume) {
      resumed = journal::resumableRun(*journalFile, *cl.resume, identity);
      input = Value::parse(resumed->input);
      // A run that succeeded is not run again: its output, as it was printed.
      if (resumed->status == "succeeded") {
        if (!writeOutput(cl, Value::parse(resumed->output.value_or("null")).dump(cl.pretty ? 2 : -1) + "\n"))
          return fail(cl, 1, "cannot write the output");
        return 0;
      }
      if (cl.event) {
        workflow::ExternalEvent first = journal::resumeEvent(*resumed, *cl.event, cl.eventContext);
        if (!events) events = workflow::EventFile::none("--event");
        events->prepend(std::move(first));
      }
    }
    trace = makeTrace(cl, program.name, program.version, program.wfcVersion);
    if (!cl.dryRun) provider = makeProvider(cl, program, toolSetup, trace.get(), model);
    forgetApiKeys();
  } catch (const Error &e) {
    return fail(cl, e.exitCode() == 1 ? 2 : e.exitCode(), e.what());
  }

  if (cl.dryRun) {
    Json planned = chatProgram ? chat::plan(cl, program, *toolSetup.tools, input) : plan(program, *toolSetup.tools, input);
    if (!writeOutput(cl, planned.dump(cl.pretty ? 2 : -1) + "\n"))
      return fail(cl, 1, "cannot write the output");
    return 0;
  }

  CancellationToken cancel;
  SignalCancellation signals(cancel);
  RunEnvironment env{.program = program,
                     .tools = *toolSetup.tools,
                     .self = cl.program,
                     .trace = trace.get(),
                     .provider = provider.get(),
                     .model = model,
                     .maxConcurrency = cl.maxConcurrency,
                     .timeoutMs = cl.timeoutMs.value_or(0),
                     .journal = journalFile.get(),
                     .identity = identity,
                     .signals = &signals};
  RunRequest request;
  request.input = input;
  request.cancel = cancel;
  request.started = started;
  request.task = task;
  request.resumed = resumed;
  request.events = std::move(events);
  request.progress = !cl.quiet && isatty(STDERR_FILENO);
  request.keepRecords = cl.report.has_value();
  if (chatProgram && cl.chat)  // --chat prints each reply as it comes and leaves no output
    request.body = [&](Run &run, const CancellationToken &token, const std::string &rootSpan) -> std::optional<Value> {
      chat::converse(run, cl, *task, input, token, rootSpan);
      return std::nullopt;
    };
  if (workflowChat)  // likewise, each turn to the current state's conversation
    request.body = [&](Run &run, const CancellationToken &token, const std::string &rootSpan) -> std::optional<Value> {
      chat::converseWithWorkflow(run, cl, input, token, rootSpan);
      return std::nullopt;
    };
  const RunOutcome outcome = executeRun(env, std::move(request));
  if (!outcome.started) return fail(cl, outcome.code, outcome.error);
  const int code = outcome.code;
  const std::string &error = outcome.error;
  const std::optional<Value> &output = outcome.output;
  if (cl.report) {
    std::ofstream file(*cl.report, std::ios::binary | std::ios::trunc);
    file << runReport(env, outcome).dump(2) << "\n";
    if (!file.flush()) std::cerr << cl.program << ": warning: cannot write report file '" << *cl.report << "'\n";
  }
  if (code == 4) {  // not an error: the run waits, and says for what (docs/journal.md)
    std::cerr << cl.program << ": " << error << "\n";
    return code;
  }
  if (code != 0) {
    // A failure with an output still prints it (a tool composition's result object); any other
    // failure leaves stdout empty (docs/executable.md).
    if (output && !writeOutput(cl, output->dump(cl.pretty ? 2 : -1) + "\n")) return fail(cl, 1, "cannot write the output");
    return fail(cl, code, error);
  }
  if ((chatProgram || workflowChat) && !output) return 0;  // --chat printed each reply as it came
  std::string text = chatProgram && cl.raw ? output->asString() : output->dump(cl.pretty ? 2 : -1);
  if (!writeOutput(cl, text + "\n")) return fail(cl, 1, "cannot write the output");
  return 0;
}

}  // namespace wfc

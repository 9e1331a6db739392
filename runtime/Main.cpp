// wfc::runMain: the compiled executable's life (docs/executable.md) — command line, input, bindings, the
// run, output, trace and report, exit code.
#include "Bindings.h"
#include "CommandLine.h"
#include "chat/ChatMain.h"
#include "Run.h"
#include "SchemaValidator.h"
#include "ToolCompositionPlan.h"
#include "Trace.h"
#include "journal/JournalFile.h"
#include "journal/Resume.h"
#include "journal/RunJournal.h"
#include "llm/AnthropicProvider.h"
#include "llm/OpenAiProvider.h"
#include "llm/Recording.h"
#include "workflow/EventFile.h"
#include "workflow/StateMachine.h"
#include "workflow/Suspension.h"
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

std::string readAll(std::istream &in) {
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The input object: --input FILE, --input - (stdin), --input-json, or {}.
Value readInput(const CommandLine &cl) {
  std::string text, origin;
  if (cl.inputJson) {
    text = *cl.inputJson, origin = "--input-json";
  } else if (cl.input && *cl.input == "-") {
    text = readAll(std::cin), origin = "stdin";
  } else if (cl.input) {
    std::ifstream file(*cl.input, std::ios::binary);
    if (!file) throw Error(ErrorKind::Usage, "cannot read input file '" + *cl.input + "'");
    text = readAll(file), origin = "input file '" + *cl.input + "'";
  } else {
    return Value::object({});
  }
  Value input;
  try {
    input = Value::parse(text);
  } catch (const Error &e) {
    throw Error(ErrorKind::Usage, "the " + origin + " is not valid JSON: " + e.what());
  }
  if (!input.isObject()) throw Error(ErrorKind::Usage, "the " + origin + " must be a JSON object, not " + input.dump());
  return input;
}

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

// The compositions that receive the run's input: the one that runs, or every composition a
// workflow state runs (each state sees the workflow input, docs/workflows.md).
std::vector<int> inputCompositions(const ProgramDecl &program) {
  if (chat::isChatProgram(program)) return {};  // a chat turn's input is checked by the chat
  if (!program.workflow) return {0};
  std::vector<int> out;
  for (const StateDecl &s : program.workflow->states)
    if (s.composition >= 0 && std::find(out.begin(), out.end(), s.composition) == out.end()) out.push_back(s.composition);
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

std::vector<std::string> toolNames(const ProgramDecl &program, bool calledOnly) {
  std::vector<std::string> names;
  for (const ToolDecl &t : program.tools)
    if (t.called || !calledOnly) names.push_back(t.name);
  return names;
}

// --dry-run: what would run, in declaration order, with each tool's binding.
Json plan(const ProgramDecl &program, const ToolTable &tools, const Value &input) {
  Json compositions = Json::array();
  for (const CompositionDecl &c : program.compositions) {
    Json steps = Json::array();
    for (const StepDecl &s : c.steps) {
      static const char *kinds[] = {"tool",  "branch",      "parallel", "wfc.subflow", "prompt",
                                    "agent", "wfc.foreach", "wfc.loop", "wfc.judge"};
      Json step = {{"id", s.id}, {"kind", kinds[int(s.kind)]}, {"location", s.location}};
      Json after = Json::array();
      for (int a : s.after) after.push_back(c.steps[a].id);
      if (!after.empty()) step["after"] = after;
      // A parallel's branch, or an inner step of the wfc.foreach / wfc.loop it runs in.
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

std::optional<std::string> environment(const char *name) {
  const char *value = std::getenv(name);
  if (!value || !*value) return std::nullopt;
  return std::string(value);
}

// The Anthropic base URL from $ANTHROPIC_BASE_URL, read as Anthropic's SDKs read it — the host,
// without the API version ("https://gateway.example") — so "/v1" is added unless it ends the URL
// already; default https://api.anthropic.com/v1.
std::string anthropicBaseUrl() {
  std::optional<std::string> base = environment("ANTHROPIC_BASE_URL");
  if (!base) return "https://api.anthropic.com/v1";
  while (!base->empty() && base->back() == '/') base->pop_back();
  return base->ends_with("/v1") ? *base : *base + "/v1";
}

// The run's LLM (docs/executable.md): a replay of a recording, or the OpenAI-compatible or Anthropic
// endpoint, wrapped by a recorder with --record. Null when the program has no prompt or agent
// step and no recording is asked for: a tool-only workflow needs no model.
std::unique_ptr<llm::Provider> makeProvider(const CommandLine &cl, const ProgramDecl &program, Trace *trace,
                                           std::string &model) {
  bool wanted = !program.prompts.empty() || cl.record || cl.replay;
  if (!wanted) return nullptr;
  std::string provider = cl.provider.value_or(cl.replay ? "replay" : "openai");
  if (provider == "replay" && !cl.replay)
    throw Error(ErrorKind::Usage, "--provider replay needs the recording to answer from: give --replay FILE");
  if (cl.replay && provider != "replay")
    throw Error(ErrorKind::Usage, "--replay answers from a recording, so it cannot be combined with --provider " +
                                      provider);
  std::unique_ptr<llm::Provider> inner;
  if (provider == "replay") {
    auto replay = std::make_unique<llm::ReplayProvider>(*cl.replay);
    model = cl.model.value_or(replay->header().value("model", "replay"));
    inner = std::move(replay);
  } else {
    const bool anthropic = provider == "anthropic";
    llm::EndpointOptions options;
    std::string providerBase =
        anthropic ? anthropicBaseUrl() : environment("OPENAI_BASE_URL").value_or("https://api.openai.com/v1");
    options.baseUrl = cl.llmBaseUrl ? *cl.llmBaseUrl : environment("WFC_LLM_BASE_URL").value_or(providerBase);
    std::optional<std::string> chosen = cl.model ? cl.model : environment("WFC_MODEL");
    if (!chosen)
      throw Error(ErrorKind::Usage, "no model: give --model NAME or set WFC_MODEL (or answer offline with --replay FILE)");
    model = *chosen;
    options.model = model;
    options.apiKey = environment(anthropic ? "ANTHROPIC_API_KEY" : "OPENAI_API_KEY");
    if (auto timeout = environment("WFC_LLM_TIMEOUT_MS")) {
      char *end = nullptr;
      long ms = std::strtol(timeout->c_str(), &end, 10);
      if (*end != '\0' || ms <= 0)
        throw Error(ErrorKind::Usage, "WFC_LLM_TIMEOUT_MS must be a positive number of milliseconds, not '" +
                                          *timeout + "'");
      options.timeoutMs = ms;
    }
    if (trace)
      options.onRetry = [trace](const llm::ExchangeKey &key, unsigned attempt, const std::string &reason, long delayMs) {
        trace->write("llm_retry", {{"step", key.step}, {"round", key.round}, {"attempt", key.attempt},
                                   {"transport_attempt", attempt}, {"reason", reason}, {"delay_ms", delayMs}});
      };
    if (anthropic) inner = std::make_unique<llm::AnthropicProvider>(options);
    else inner = std::make_unique<llm::OpenAiProvider>(options);
  }
  if (!cl.record) return inner;
  llm::Json header = {{"workflow", program.name}, {"version", program.version}, {"composition", nullptr},
                      {"provider", provider}, {"model", model}};
  if (program.workflow) header["entry"] = program.workflow->states[program.workflow->entry].name;
  else if (chat::isChatProgram(program)) header["task"] = chat::chooseTask(cl, program).name;
  else header["composition"] = program.compositions[0].name;
  return std::make_unique<llm::RecordingProvider>(std::move(inner), *cl.record, header);
}

// What a run runs, for the trace and the report: the composition, or null for a workflow
// (whose states the report lists).
Json runs(const ProgramDecl &program) {
  if (program.workflow || chat::isChatProgram(program)) return nullptr;
  return program.compositions[0].name;
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
  if (auto problem = journalUsage(cl)) return fail(cl, 2, *problem);
  if (auto problem = chat::usageProblem(cl, program)) return fail(cl, 2, *problem);
  const bool chatProgram = chat::isChatProgram(program);

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
  std::unique_ptr<ToolTable> tools;
  std::unique_ptr<Trace> trace;
  std::unique_ptr<llm::Provider> provider;
  std::string model;
  std::optional<workflow::EventFile> events;
  journal::ProgramIdentity identity;
  try {
    input = readInput(cl);
    if (chatProgram) {
      input = chat::turnInput(cl, input);
      chat::chooseTask(cl, program);  // a missing or unknown --task is a usage error before anything runs
    }
    for (int c : cl.resume ? std::vector<int>{} : inputCompositions(program)) {
      const char *schema = program.compositions[c].inputSchema;
      if (!schema) continue;
      if (auto problem = SchemaValidator(Value::parse(schema)).validate(input))
        throw Error(ErrorKind::Usage, "the input does not match the input_schema of composition '" +
                                          std::string(program.compositions[c].name) + "'" +
                                          (program.workflow ? " (every workflow state receives the input)" : "") +
                                          ": " + *problem);
    }
    if (cl.events) events = workflow::EventFile::load(*cl.events);
    std::optional<BindingsFile> defaults, overrides;
    if (program.bindings) defaults = BindingsFile::parse(program.bindings, "<compiled-in bindings>");
    if (cl.bindings) overrides = BindingsFile::load(*cl.bindings);
    ToolTable::Options options;
    options.workspace = cl.workspace.value_or(".");
    options.allowUnbound = program.allowUnbound;
    options.natives.assign(program.natives.begin(), program.natives.end());
    for (const ToolDecl &t : program.tools) if (t.parameters) options.parameters[t.name] = t.parameters;
    tools = std::make_unique<ToolTable>(toolNames(program, false), toolNames(program, true), defaults ? &*defaults : nullptr,
                                        overrides ? &*overrides : nullptr, options);
    if (journalFile) identity = journal::identify(program, defaults ? &*defaults : nullptr, overrides ? &*overrides : nullptr);
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
    if (cl.trace) trace = std::make_unique<Trace>(*cl.trace);
    if (!cl.dryRun) provider = makeProvider(cl, program, trace.get(), model);
    // The provider has read its key; tools (exec processes, MCP servers) must not inherit it,
    // or a tool printing its environment would carry the key into errors, traces and reports.
    unsetenv("OPENAI_API_KEY");
    unsetenv("ANTHROPIC_API_KEY");
  } catch (const Error &e) {
    return fail(cl, e.exitCode() == 1 ? 2 : e.exitCode(), e.what());
  }

  if (cl.dryRun) {
    Json planned = chatProgram ? chat::plan(cl, program, *tools, input) : plan(program, *tools, input);
    if (!writeOutput(cl, planned.dump(cl.pretty ? 2 : -1) + "\n"))
      return fail(cl, 1, "cannot write the output");
    return 0;
  }

  CancellationToken cancel;
  SignalCancellation signals(cancel);
  // The run in the journal: resumed (its history loaded), or a new one.
  std::unique_ptr<journal::RunJournal> runJournal;
  if (journalFile) {
    try {
      runJournal = journal::startRun(*journalFile, resumed, identity, input, cancel);
    } catch (const Error &e) {
      return fail(cl, e.exitCode(), e.what());
    }
  }
  Run::Options runOptions;
  runOptions.maxConcurrency = cl.maxConcurrency;
  runOptions.progress = !cl.quiet && isatty(STDERR_FILENO);
  runOptions.keepRecords = cl.report.has_value();
  runOptions.provider = provider.get();
  runOptions.model = model;
  runOptions.journal = runJournal.get();
  if (runJournal) {
    runOptions.runId = runJournal->runId();
    runOptions.toolCallsBefore = runJournal->toolCallsBefore();
  }
  Run run(program, *tools, trace.get(), runOptions, cancel);
  if (program.maxWallTimeMs)  // engine.budget.max_wall_time_sec: the whole run stops, exit 3
    run.deadlines().schedule(started + std::chrono::milliseconds(program.maxWallTimeMs), cancel,
                             std::string(kBudgetReason) + ": engine.budget.max_wall_time_sec (" +
                                 std::to_string(program.maxWallTimeMs / 1000) + " s) exhausted");
  std::string rootSpan = trace ? trace->newSpanId() : "";
  if (trace)
    trace->write("run_start", {{"run_id", run.runId()}, {"span_id", rootSpan}, {"workflow", program.name},
                               {"version", program.version}, {"composition", runs(program)},
                               {"resumed", resumed.has_value()}});

  int code = 0;
  std::string error;
  std::optional<Value> output;
  std::vector<workflow::VisitRecord> visits;
  std::optional<std::string> awaiting;  // a suspended run's (docs/journal.md)
  try {
    if (program.workflow) {
      output = workflow::runWorkflow(run, input, cancel, rootSpan, events ? &*events : nullptr, visits);
    } else if (chatProgram) {
      // The reply is the output (a string); --chat printed each reply itself and leaves none.
      if (std::optional<std::string> reply = chat::run(run, cl, input, cancel, rootSpan)) output = Value::string(*reply);
    } else {
      output = run.runComposition(0, input, cancel, "", rootSpan);
    }
  } catch (const FailureWithOutput &e) {  // a tool composition's result object (docs/tool-composition.md)
    code = e.exitCode();
    error = e.what();
    output = e.output();
  } catch (const Error &e) {
    code = e.exitCode();
    error = e.what();
  } catch (const workflow::Suspension &s) {
    code = 4;
    awaiting = journal::awaiting(s);
    std::string list;
    for (size_t i = 0; i < s.events().size(); ++i)
      list += (i == 0 ? "" : i + 1 == s.events().size() ? " or " : ", ") + std::string("'") + s.events()[i] + "'";
    error = "run " + run.runId() + " is suspended: external state '" + s.state() + "' is waiting for " + list +
            "; continue it with --journal " + *cl.journal + " --resume " + run.runId() + " --event NAME";
    if (!visits.empty()) visits.back().status = "suspended";
  } catch (const std::exception &e) {
    code = 1;
    error = std::string("internal error: ") + e.what();
  }
  run.clearProgress();
  if (signals.signal() != 0) {
    code = 128 + signals.signal();
    error = std::string("interrupted by ") + (signals.signal() == SIGINT ? "SIGINT" : "SIGTERM");
    output.reset();
  } else if (cancel.cancelled() && cancel.reason().rfind(kBudgetReason, 0) == 0) {
    code = 3;
    error = cancel.reason().substr(std::string(kBudgetReason).size() + 2);
    output.reset();
  } else if (cancel.cancelled() && cancel.reason().rfind(journal::kJournalReason, 0) == 0) {
    code = 1;  // the journal could not be written: the run stopped (docs/journal.md)
    error = cancel.reason().substr(std::string(journal::kJournalReason).size() + 2);
    output.reset();
  }
  const char *status = code == 0 ? "succeeded" : code == 4 ? "suspended" : code >= 128 ? "cancelled" : "failed";
  if (runJournal) {
    try {
      journalFile->finishRun(runJournal->seq(), status, output ? std::optional(output->dump()) : std::nullopt, code,
                             error, awaiting, journal::nowMs());
    } catch (const Error &e) {
      // The journal cannot say how the run ended: it stays 'running' there, and a resume
      // finishes it. A run the journal does not know as done is not reported as done.
      if (code == 0 || code == 4) {
        code = 1;
        status = "failed";
        output.reset();
        error = e.what();
      } else if (error.find(e.what()) == std::string::npos) {
        std::cerr << cl.program << ": warning: the run's end is not recorded: " << e.what() << "\n";
      }
    }
  }
  double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
  if (trace) {
    Json end = {{"run_id", run.runId()}, {"span_id", rootSpan}, {"status", status}, {"exit_code", code},
                {"duration_ms", ms}};
    if (!error.empty()) end["error"] = error;
    trace->write("run_end", end);
  }
  if (cl.report) {
    Json steps = Json::array();
    for (const StepRecord &r : run.records()) {
      Json s = {{"step", r.step}, {"kind", r.kind}, {"status", r.status}, {"attempts", r.attempts},
                {"duration_ms", r.durationMs}};
      if (r.resumed) s["resumed"] = true;
      if (*r.cache) s["cache"] = r.cache;
      if (!r.error.empty()) s["error"] = r.error;
      steps.push_back(s);
    }
    Json report = {{"run_id", run.runId()},  {"workflow", program.name}, {"version", program.version},
                   {"composition", runs(program)}, {"status", status}, {"exit_code", code},
                   {"duration_ms", ms},       {"resumed", resumed.has_value()}, {"tool_calls", run.toolCalls()},
                   {"tokens", {{"prompt", run.promptTokens()}, {"completion", run.completionTokens()}}},
                   {"steps", steps}};
    if (std::vector<evals::EvalRecord> evals = run.evalRecords(); !evals.empty()) {
      Json list = Json::array();
      for (const evals::EvalRecord &r : evals) {
        Json e = {{"step", r.step}, {"eval", r.eval}, {"type", r.type}, {"attempt", r.attempt}};
        if (r.item) e["item"] = *r.item;
        e["status"] = r.status;
        if (r.score) e["score"] = *r.score;
        if (!r.threshold.empty()) e["threshold"] = r.threshold;
        e["gate"] = r.gate;
        if (!r.message.empty()) e["message"] = r.message;
        if (!r.rationale.empty()) e["rationale"] = r.rationale;
        e["duration_ms"] = r.durationMs;
        list.push_back(std::move(e));
      }
      report["evals"] = std::move(list);
    }
    if (std::vector<evals::ValidationRecord> validations = run.validationRecords(); !validations.empty()) {
      Json list = Json::array();
      for (const evals::ValidationRecord &r : validations) {
        Json v = {{"step", r.step}, {"validator", r.validator}, {"type", r.type}, {"direction", r.direction},
                  {"attempt", r.attempt}, {"round", r.round}};
        if (r.item) v["item"] = *r.item;
        if (r.score) v["score"] = *r.score;
        v["triggered"] = r.triggered;
        if (!r.action.empty()) v["action"] = r.action;
        if (!r.message.empty()) v["message"] = r.message;
        v["duration_ms"] = r.durationMs;
        list.push_back(std::move(v));
      }
      report["validations"] = std::move(list);
    }
    if (program.workflow) {
      Json states = Json::array();
      for (const workflow::VisitRecord &v : visits) {
        Json s = {{"state", v.state}, {"kind", v.kind}, {"visit", v.visit}, {"status", v.status},
                  {"duration_ms", v.durationMs}};
        if (!v.event.empty()) s["event"] = v.event, s["next"] = v.next;
        if (v.resumed) s["resumed"] = true;
        if (!v.error.empty()) s["error"] = v.error;
        states.push_back(s);
      }
      report["states"] = states;
    }
    if (program.governance) report["governance"] = Json::parse(program.governance);
    if (trace) report["trace_id"] = trace->traceId();
    if (!error.empty()) report["error"] = error;
    std::ofstream file(*cl.report, std::ios::binary | std::ios::trunc);
    file << report.dump(2) << "\n";
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
  if (chatProgram && !output) return 0;  // --chat printed each reply as it came
  std::string text = chatProgram && cl.raw ? output->asString() : output->dump(cl.pretty ? 2 : -1);
  if (!writeOutput(cl, text + "\n")) return fail(cl, 1, "cannot write the output");
  return 0;
}

}  // namespace wfc

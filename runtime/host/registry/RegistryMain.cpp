// wfc::runRegistryMain: a compiled workflow registry's life (docs/registry.md) — its command line,
// the journal every run is gated against, the tools and the model its workflows share, and one
// of: a sequence, one workflow, a resume, the entrypoints, the runs.
#include "core/journal/JournalFile.h"
#include "common/JsonReader.h"
#include "core/journal/ProgramIdentity.h"
#include "core/journal/RegistryStore.h"
#include "core/trace/Trace.h"
#include "host/registry/RegistryRunner.h"
#include "host/session/CommandLine.h"
#include "host/session/ModeOptions.h"
#include "host/session/Resume.h"
#include "host/session/RunSession.h"
#include "host/session/RunSetup.h"
#include "wfc/registry.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>

namespace wfc {
namespace {

using Json = nlohmann::ordered_json;

// The journal a registry's runs go to when --journal names none: gating needs every run recorded.
constexpr const char *kDefaultJournal = "wfc-registry.db";

int find(std::span<const RegistryWorkflowDecl> list, const std::string &id) {
  for (size_t i = 0; i < list.size(); ++i)
    if (id == list[i].id) return int(i);
  return -1;
}
int find(std::span<const RegistrySequenceDecl> list, const std::string &id) {
  for (size_t i = 0; i < list.size(); ++i)
    if (id == list[i].id) return int(i);
  return -1;
}

template <typename List>
std::string ids(const List &list) {
  std::string out;
  for (size_t i = 0; i < list.size(); ++i)
    out += (i == 0 ? "" : i + 1 == list.size() ? " or " : ", ") + std::string("'") + list[i].id + "'";
  return out;
}

// What a registry executable takes, and what it does not (docs/registry.md "Options"): the
// options of the other modes are refused by host/session/ModeOptions.h, then one of its own
// modes must be chosen.
std::optional<std::string> usageProblem(const CommandLine &cl, const RegistryDecl &r) {
  if (auto refused = refusedOption(cl, Mode::Registry, r.name)) return refused;
  int modes = int(cl.sequence.has_value()) + int(cl.workflow.has_value()) + int(cl.resume.has_value()) +
              int(cl.entrypoints) + int(cl.runs);
  if (modes == 0)
    return "say what to run: --sequence ID --scope APP (one of " + ids(r.sequences) + "), --workflow ID --scope APP, "
           "--resume RUN_ID, --entrypoints or --runs";
  if (modes > 1) return "give one of --sequence, --workflow, --resume, --entrypoints and --runs";
  if ((cl.sequence || cl.workflow) && !cl.scope)
    return std::string(cl.sequence ? "--sequence" : "--workflow") +
           " runs for a scope (an app, a workspace: whose earlier runs gate this one): give --scope ID";
  if (!cl.sequence && !cl.workflow && (cl.scope || cl.user))
    return std::string(cl.scope ? "--scope" : "--user") + " goes with --sequence or --workflow";
  if (cl.resume && (cl.input || cl.inputJson))
    return "a resumed run keeps the input it started with: do not give --input or --input-json with --resume";
  if (cl.event && !cl.resume) return "--event continues a suspended sequence: give --resume RUN_ID too";
  if (cl.eventContext && !cl.event) return "--event-context goes with --event NAME";
  if (cl.sequence && find(r.sequences, *cl.sequence) < 0)
    return "this registry has no sequence '" + *cl.sequence + "'; it has " + ids(r.sequences);
  if (cl.workflow && find(r.workflows, *cl.workflow) < 0)
    return "this registry has no workflow '" + *cl.workflow + "'; it has " + ids(r.workflows);
  return std::nullopt;
}

void printHelp(const CommandLine &cl, const RegistryDecl &r) {
  std::cout << "Usage: " << cl.program << " --sequence ID --scope APP [--user ID] [options]\n"
            << "       " << cl.program << " --workflow ID --scope APP [--user ID] [options]\n"
            << "       " << cl.program << " --resume RUN_ID [--event OPTION [--event-context JSON]] [options]\n"
            << "       " << cl.program << " --entrypoints | --runs\n\n";
  std::cout << "Runs the workflow registry '" << r.name << "' (" << r.source << "), compiled by wfc " << r.wfcVersion
            << (*r.description ? ":\n" + std::string(r.description) : std::string(".")) << "\n\nWorkflows:\n";
  for (const RegistryWorkflowDecl &w : r.workflows) {
    std::cout << "  " << w.id;
    if (*w.description) std::cout << " — " << w.description;
    std::vector<std::string> needs;
    for (const RegistryDependencyDecl &d : w.dependencies)
      if (d.required) needs.push_back(r.workflows[size_t(d.workflow)].id);
    if (!needs.empty()) {
      std::cout << " (after";
      for (size_t i = 0; i < needs.size(); ++i) std::cout << (i ? ", " : " ") << needs[i];
      std::cout << ")";
    }
    std::cout << "\n";
  }
  if (!r.sequences.empty()) {
    std::cout << "\nSequences:\n";
    for (const RegistrySequenceDecl &q : r.sequences) {
      std::cout << "  " << q.id << ":";
      for (const RegistryStepDecl &s : q.steps) {
        if (s.transition >= 0) {
          std::cout << " [" << r.transitions[size_t(s.transition)].id << "?]";
          continue;
        }
        std::cout << " ";
        size_t i = 0;
        for (int w : s.workflows) std::cout << (i++ ? "+" : "") << r.workflows[size_t(w)].id;
      }
      std::cout << "\n";
    }
  }
  std::cout << R"(
Registry options:
  --sequence ID           run a sequence: its steps in order, a step's workflows at once, each
                          started only once its required dependencies have a run that succeeded
                          in the scope; a transition that awaits a choice suspends it (exit 4)
  --workflow ID           run one workflow, gated the same way
  --scope ID              the scope runs are gated in (an app, a workspace…); scopes never see
                          each other's runs
  --user ID               the user, for dependencies with scope: user
  --resume RUN_ID         continue a sequence run (or a workflow's run) that was killed, failed
                          or suspended; with --event OPTION, the choice a transition awaits
  --entrypoints           list the registry's entrypoints, one JSON line each
  --runs                  list the journal's sequence runs and workflow runs
  --journal FILE          where runs are recorded and gated against (default: wfc-registry.db)

)" << commandLineHelp();
}

void printEntrypoints(const RegistryDecl &r) {
  for (const RegistryEntrypointDecl &e : r.entrypoints) {
    Json line = {{"id", e.id}, {"path", e.path}, {"label", e.label}};
    if (e.workflow >= 0) line["workflow"] = r.workflows[size_t(e.workflow)].id;
    if (e.transition >= 0) line["transition"] = r.transitions[size_t(e.transition)].id;
    if (e.sequence >= 0) line["sequence"] = r.sequences[size_t(e.sequence)].id;
    std::cout << line.dump() << "\n";
  }
}

void printRuns(journal::JournalFile &file) {
  for (const journal::SequenceRunRow &s : file.registry().sequenceRuns()) {
    Json line = {{"id", s.id}, {"kind", "sequence"}, {"sequence", s.sequence}, {"scope", s.scope},
                 {"user", s.user ? Json(*s.user) : Json()}, {"status", spell(s.status)}, {"position", s.position},
                 {"started", s.startedMs}, {"finished", s.finishedMs ? Json(*s.finishedMs) : Json()}};
    if (s.awaiting) line["awaiting"] = readJsonOrDiscarded(*s.awaiting);
    if (!s.error.empty()) line["error"] = s.error;
    std::cout << line.dump() << "\n";
  }
  journal::printRuns(file, std::cout);
}

// The program the registry's one provider is made for: the first workflow with prompts says what
// model is wanted (a recording's header names the registry), and every provider key any workflow
// requires is bound (docs/bindings.md "Providers"), each once.
ProgramDecl providerProgram(const RegistryDecl &r) {
  const ProgramDecl *talks = nullptr;
  for (const RegistryWorkflowDecl &w : r.workflows)
    if (!w.program->prompts.empty()) {
      talks = w.program;
      break;
    }
  ProgramDecl program = talks ? *talks : *r.workflows[0].program;
  program.name = r.name;
  program.version = "registry";
  static std::vector<ProviderKeyDecl> keys;
  keys.clear();
  for (const RegistryWorkflowDecl &w : r.workflows)
    for (const ProviderKeyDecl &k : w.program->providers) {
      auto same = std::find_if(keys.begin(), keys.end(), [&](const ProviderKeyDecl &x) { return !std::strcmp(x.key, k.key); });
      if (same == keys.end()) keys.push_back(k);
      else same->called |= k.called;
    }
  program.providers = keys;
  return program;
}

int runRegistry(const CommandLine &cl, const RegistryDecl &registry);

}  // namespace

int runRegistryMain(int argc, char **argv, const RegistryDecl &registry) {
  CommandLine cl;
  try {
    cl = parseCommandLine(argc, argv);
  } catch (const Error &e) {
    cl.program = argc > 0 ? argv[0] : "registry";
    return failRun(cl, 2, e.what());
  }
  if (cl.help) {
    printHelp(cl, registry);
    return 0;
  }
  if (cl.version) {
    std::cout << registry.name << " (a workflow registry; wfc " << registry.wfcVersion << ")\n";
    return 0;
  }
  if (auto problem = usageProblem(cl, registry)) return failRun(cl, 2, *problem);
  if (cl.entrypoints) {
    printEntrypoints(registry);
    return std::cout.flush() ? 0 : 1;
  }
  try {
    return runRegistry(cl, registry);
  } catch (const SessionFailure &f) {
    return failRun(cl, f.code(), f.what());
  }
}

namespace {

// A sequence, a workflow, a resume or the runs, in one session.
int runRegistry(const CommandLine &cl, const RegistryDecl &registry) {
  // What every run of the registry shares, set up once (host/session/RunSession.h).
  RunSession session(cl);
  session.openJournal(registry.name, JournalUse::Always, cl.runs || cl.resume.has_value(), kDefaultJournal);
  journal::JournalFile &journalFile = *session.journal();
  const std::string &journalPath = session.journalPath();
  if (cl.runs) {
    try {
      printRuns(journalFile);
    } catch (const Error &e) {
      return failRun(cl, e.exitCode(), e.what());
    }
    return std::cout.flush() ? 0 : 1;
  }

  Value input;
  try {
    if (!cl.resume) input = readRunInput(cl);
  } catch (const Error &e) {
    return failRun(cl, e.exitCode() == 1 ? 2 : e.exitCode(), e.what());
  }
  std::vector<const ProgramDecl *> programs;
  for (const RegistryWorkflowDecl &w : registry.workflows) programs.push_back(w.program);
  // Before any workflow of the registry runs (docs/awl.md "Variables").
  if (!cl.dryRun)
    for (const ProgramDecl *program : programs)
      if (auto problem = missingEnvironment(*program)) return failRun(cl, 2, *problem);
  session.loadTools(programs, registry.bindings, registry.natives, registry.allowUnbound);
  std::vector<journal::ProgramIdentity> identities;
  for (const RegistryWorkflowDecl &w : registry.workflows) identities.push_back(session.identify(*w.program));
  session.connect(providerProgram(registry), RunSession::Connection(registry.name, registry.wfcVersion));
  session.catchSignals();
  registry::RegistryEnvironment env{.registry = registry,
                                    .tools = session.tools(),
                                    .self = cl.program,
                                    .trace = session.trace(),
                                    .provider = session.provider(),
                                    .model = session.model(),
                                    .maxConcurrency = cl.maxConcurrency,
                                    .timeoutMs = cl.timeoutMs.value_or(0),
                                    .journal = journalFile,
                                    .identities = identities,
                                    .signals = session.signals(),
                                    .cancel = session.stop(),
                                    .budget = {cl.maxCostUsd, cl.maxTokens, "run"},
                                    .prices = &session.prices()};
  registry::RegistryRunner runner(env);
  registry::RegistryOutcome outcome;
  if (cl.sequence) {
    outcome = runner.startSequence(find(registry.sequences, *cl.sequence), *cl.scope, cl.user, input);
  } else if (cl.workflow) {
    outcome = runner.runWorkflow(find(registry.workflows, *cl.workflow), *cl.scope, cl.user, input);
  } else {
    std::optional<journal::SequenceRunRow> row;
    try {
      row = journalFile.registry().findSequenceRun(*cl.resume);
    } catch (const Error &e) {
      return failRun(cl, e.exitCode(), e.what());
    }
    if (row) outcome = runner.resumeSequence(std::move(*row), cl.event, cl.eventContext);
    else if (cl.event) return failRun(cl, 2, "--event continues a suspended sequence run; '" + *cl.resume + "' is not one");
    else outcome = runner.resumeWorkflowRun(*cl.resume);
  }
  if (outcome.code == 4) {  // not an error: the sequence waits for a choice, and says for what
    std::cerr << cl.program << ": " << outcome.error << "; continue it with --journal " << journalPath << " --resume "
              << outcome.runId << " --event OPTION\n";
    return 4;
  }
  if (outcome.code != 0) return failRun(cl, outcome.code, outcome.error);
  std::string text = outcome.output.value_or(Value()).dump(cl.pretty ? 2 : -1) + "\n";
  if (cl.output) {
    std::ofstream file(*cl.output, std::ios::binary | std::ios::trunc);
    file << text;
    if (!file.flush()) return failRun(cl, 1, "cannot write the output");
  } else {
    std::fwrite(text.data(), 1, text.size(), stdout);
    if (std::fflush(stdout) != 0) return failRun(cl, 1, "cannot write the output");
  }
  return 0;
}

}  // namespace

}  // namespace wfc

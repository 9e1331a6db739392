// The `wfc` command: subcommands over one shared set of options (llvm::cl).
//
// Exit codes: 0 success, 1 errors in the input, 2 bad usage.

#include "driver/BuildCommand.h"
#include "driver/CheckCommand.h"
#include "driver/CompatCommand.h"
#include "driver/CompileCommand.h"
#include "driver/DeployCommand.h"
#include "driver/GraphCommand.h"
#include "driver/Options.h"
#include "driver/TraceViewCommand.h"
#include "frontend/promptpack/EditorSchema.h"
#include "passes/Pipeline.h"
#include "support/DidYouMean.h"

#include <llvm/Support/CommandLine.h>
#include <llvm/Support/InitLLVM.h>
#include <llvm/Support/WithColor.h>
#include <llvm/Support/raw_ostream.h>

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

namespace cl = llvm::cl;

namespace {

cl::OptionCategory wfcCategory("wfc options");

cl::SubCommand checkCmd("check", "Parse and check packs; report every diagnostic");

cl::list<std::string> checkFiles(cl::Positional, cl::OneOrMore, cl::desc("<pack file>..."),
                                 cl::sub(checkCmd), cl::cat(wfcCategory));

cl::SubCommand buildCmd("build", "Compile a pack: emit C++ (or, with --emit=ir, the IR)");
cl::opt<std::string> buildPack(cl::Positional, cl::Required, cl::desc("<pack file>"), cl::sub(buildCmd),
                               cl::cat(wfcCategory));
cl::opt<std::string> buildOutput("o", cl::value_desc("path"),
                                 cl::desc("Output directory for C++ ('-': the source on stdout), or file for --emit=ir (default: stdout)"),
                                 cl::sub(buildCmd), cl::cat(wfcCategory));
cl::opt<wfc::EmitKind> buildEmit(
    "emit", cl::desc("What to emit:"),
    cl::values(clEnumValN(wfc::EmitKind::Cpp, "cpp", "C++ sources (default)"),
               clEnumValN(wfc::EmitKind::IR, "ir", "the IR after passes, as stable text"),
               clEnumValN(wfc::EmitKind::Cost, "cost", "the static cost bound, as JSON (docs/cost.md)")),
    cl::init(wfc::EmitKind::Cpp), cl::sub(buildCmd), cl::cat(wfcCategory));

cl::opt<bool> buildLineDirectives("line-directives",
                                  cl::desc("Emit #line directives so C++ errors and debuggers point into the pack"),
                                  cl::sub(buildCmd), cl::cat(wfcCategory));
cl::opt<std::string> buildDepfile("depfile", cl::value_desc("file"),
                                  cl::desc("Where to write the depfile (default: DIR/<name>.wfc.d)"),
                                  cl::sub(buildCmd), cl::cat(wfcCategory));

cl::opt<std::string> buildOutputName(
    "output-name", cl::value_desc("name"),
    cl::desc("Name the outputs DIR/<name>.wfc.cpp and DIR/<name>.wfc.d (default: the pack's id, or the "
             "--composition name)"),
    cl::sub(buildCmd), cl::cat(wfcCategory));

cl::SubCommand deployCmd("deploy", "Write a container recipe and Kubernetes or Argo manifests that run a pack's "
                                   "batch in shards on a cluster");
cl::SubCommand compileCmd("compile", "Compile a pack to an executable with the system C++ compiler");
cl::opt<std::string> compilePack(cl::Positional, cl::Required, cl::desc("<pack file>"), cl::sub(compileCmd),
                                 cl::cat(wfcCategory));
cl::opt<std::string> compileOutput("o", cl::value_desc("executable"), cl::desc("The executable to write"),
                                   cl::sub(compileCmd), cl::cat(wfcCategory));
cl::opt<bool> compileDebug("debug",
                           cl::desc("Keep debug information in the executable (compiled with -g; by default it is left "
                                    "out, and the executable is a few MB)"),
                           cl::sub(compileCmd), cl::cat(wfcCategory));
cl::list<std::string> compileNatives("native", cl::value_desc("source.cpp"),
                                     cl::desc("A C++ source defining native tools (repeatable)"),
                                     cl::sub(compileCmd), cl::sub(deployCmd), cl::cat(wfcCategory));

cl::opt<std::string> deployPack(cl::Positional, cl::Required, cl::desc("<pack file>"), cl::sub(deployCmd),
                                cl::cat(wfcCategory));
cl::opt<std::string> deployTarget("target", cl::value_desc("k8s-job|argo"),
                                  cl::desc("A Kubernetes Indexed Job, or an Argo Workflows Workflow"),
                                  cl::sub(deployCmd), cl::cat(wfcCategory));
cl::opt<std::string> deployOutput("o", cl::value_desc("dir"),
                                  cl::desc("The directory for the recipe, the manifests and the README"),
                                  cl::sub(deployCmd), cl::cat(wfcCategory));
// docs/deploy.md "Options": each a string, checked (with wfc's usage messages) by runDeploy.
struct DeployFlag {
  const char *name, *valueDesc, *desc;
};
const DeployFlag kDeployFlags[] = {
    {"image", "name", "The image the manifests run (default: <name>:latest)"},
    {"shards", "n", "How many shards the input is split into (default 4)"},
    {"parallelism", "p", "At most this many shards run at once (default: every shard)"},
    {"name", "name", "The resources' name (default: the pack's id, made a DNS-1123 label)"},
    {"retries", "n", "Times a failed shard is retried, resuming from its journal (default 3)"},
    {"max-runs", "n", "Each shard's --max-runs: its lines in flight (default 16)"},
    {"rpm", "n", "LLM requests per minute for the whole cluster, shared by the shards that run at once"},
    {"tpm", "n", "LLM tokens per minute for the whole cluster, shared by the shards that run at once"},
    {"cpu", "quantity", "Each shard's CPU request (default 500m)"},
    {"memory", "quantity", "Each shard's memory request and limit (default 512Mi)"},
    {"secret", "name", "The Secret holding the API key (default: <name>-llm)"},
    {"provider", "openai|anthropic", "The LLM provider, which decides the key's name (default openai)"},
    {"model", "name", "The model (WFC_MODEL in the shards' environment)"},
    {"llm-base-url", "url", "The LLM endpoint (WFC_LLM_BASE_URL in the shards' environment)"},
    {"volume-claim", "name", "The volume claim holding /data (default: <name>-data)"},
    {"volume-size", "quantity", "The size volume.yaml claims (default 10Gi)"},
    {"input-configmap", "name", "Read the input from this ConfigMap's key input.jsonl instead of the volume"},
    {"task", "name", "A chat pack's task: each input line is one turn of it (needed when it has several)"},
};
std::vector<std::unique_ptr<cl::opt<std::string>>> makeDeployFlags() {
  std::vector<std::unique_ptr<cl::opt<std::string>>> flags;
  for (const DeployFlag &f : kDeployFlags)
    flags.push_back(std::make_unique<cl::opt<std::string>>(llvm::StringRef(f.name), cl::value_desc(f.valueDesc), cl::desc(f.desc),
                                                            cl::sub(deployCmd), cl::cat(wfcCategory)));
  return flags;
}
std::vector<std::unique_ptr<cl::opt<std::string>>> deployFlags = makeDeployFlags();
std::string deployFlag(const char *name) {
  for (size_t i = 0; i < std::size(kDeployFlags); ++i)
    if (std::string(kDeployFlags[i].name) == name) return *deployFlags[i];
  return "";
}

cl::opt<bool> allowUnbound("allow-unbound",
                           cl::desc("Accept tools without a binding; they must be bound at run time"),
                           cl::sub(buildCmd), cl::sub(compileCmd), cl::cat(wfcCategory));

// Options everywhere (docs/cli.md).
cl::opt<std::string> bindingsFile("bindings", cl::value_desc("file"),
                                  cl::desc("Tool bindings (YAML), compiled in as the executable's defaults"),
                                  cl::sub(*cl::AllSubCommands), cl::cat(wfcCategory));

// -O0 / -O1, written as one prefix option: llvm::cl's value-named enum options do not
// register in every subcommand.
cl::opt<unsigned> optLevel("O", cl::Prefix, cl::value_desc("level"),
                           cl::desc("Optimization level: -O0 (no passes) or -O1 (inline and "
                                    "parallelize; the default)"),
                           cl::init(1), cl::sub(*cl::AllSubCommands), cl::cat(wfcCategory));

cl::opt<std::string> composition("composition", cl::value_desc("name"),
                                 cl::desc("Use this composition alone, Function-style"),
                                 cl::sub(*cl::AllSubCommands), cl::cat(wfcCategory));

cl::opt<bool> werror("Werror", cl::desc("Treat warnings as errors"), cl::sub(*cl::AllSubCommands),
                     cl::cat(wfcCategory));

cl::opt<wfc::DiagnosticEngine::Format> diagnosticsFormat(
    "diagnostics-format", cl::desc("How diagnostics are printed:"),
    cl::values(clEnumValN(wfc::DiagnosticEngine::Format::Text, "text",
                          "file:line:col: error: message, the line and a caret (default)"),
               clEnumValN(wfc::DiagnosticEngine::Format::Json, "json",
                          "one JSON object per diagnostic per line")),
    cl::init(wfc::DiagnosticEngine::Format::Text), cl::sub(*cl::AllSubCommands),
    cl::cat(wfcCategory));

cl::opt<unsigned> errorLimit("error-limit", cl::value_desc("n"),
                             cl::desc("Stop printing errors after this many (0: no limit)"),
                             cl::init(50), cl::sub(*cl::AllSubCommands), cl::cat(wfcCategory));

cl::opt<std::string> dialect("dialect", cl::value_desc("promptpack|awl|toolcomp|registry"),
                             cl::desc("Input language (default: detected from the content)"),
                             cl::sub(*cl::AllSubCommands), cl::cat(wfcCategory));

cl::opt<bool> verifyDiagnostics(
    "verify-diagnostics",
    cl::desc("Check diagnostics against expected-error/warning/note annotations in the inputs "
             "(for tests)"),
    cl::sub(*cl::AllSubCommands), cl::cat(wfcCategory));

cl::SubCommand graphCmd("graph", "Draw the step graph: steps, edges by kind, blocks, workflow states");
cl::opt<std::string> graphPack(cl::Positional, cl::Required, cl::desc("<pack file>"), cl::sub(graphCmd),
                               cl::cat(wfcCategory));
cl::opt<std::string> graphOutput("o", cl::value_desc("file"), cl::desc("Where to write the graph (default: stdout)"),
                                 cl::sub(graphCmd), cl::cat(wfcCategory));
cl::opt<wfc::GraphFormat> graphFormat(
    "format", cl::desc("Graph format:"),
    cl::values(clEnumValN(wfc::GraphFormat::Dot, "dot", "Graphviz DOT (default)"),
               clEnumValN(wfc::GraphFormat::Mermaid, "mermaid", "a Mermaid flowchart"),
               clEnumValN(wfc::GraphFormat::Json, "json", "clusters, nodes and edges as JSON")),
    cl::init(wfc::GraphFormat::Dot), cl::sub(graphCmd), cl::cat(wfcCategory));
cl::opt<bool> graphAfterPasses("after-passes", cl::desc("The graph after the optimizer's passes"),
                               cl::sub(graphCmd), cl::cat(wfcCategory));

// The optimizer's instrumentation (docs/optimizer.md), where passes run.
cl::opt<bool> printIrAfterAll("print-ir-after-all", cl::desc("Print the IR (stderr) after every pass"),
                              cl::sub(buildCmd), cl::sub(compileCmd), cl::sub(graphCmd), cl::cat(wfcCategory));
cl::list<std::string> printIrAfter("print-ir-after", cl::value_desc("pass"), cl::CommaSeparated,
                                   cl::desc("Print the IR (stderr) after this pass, when it changed it"),
                                   cl::sub(buildCmd), cl::sub(compileCmd), cl::sub(graphCmd), cl::cat(wfcCategory));
cl::opt<bool> verifyEach("verify-each", cl::desc("Run the IR verifier after every pass"), cl::sub(buildCmd),
                         cl::sub(compileCmd), cl::sub(graphCmd), cl::cat(wfcCategory));
cl::opt<bool> timePasses("time-passes", cl::desc("Report each pass's time (stderr)"), cl::sub(buildCmd),
                         cl::sub(compileCmd), cl::sub(graphCmd), cl::cat(wfcCategory));

// The static cost bound (docs/cost.md "The static bound").
cl::opt<bool> checkCost("cost", cl::desc("Print the most LLM calls, tokens and dollars one run can use"),
                        cl::sub(checkCmd), cl::cat(wfcCategory));
cl::opt<std::string> pricesFile("prices", cl::value_desc("file"),
                                cl::desc("Models' prices (prices: {MODEL: {input: USD, output: USD}}, per million "
                                         "tokens) for the cost bound"),
                                cl::sub(checkCmd), cl::sub(buildCmd), cl::sub(compileCmd), cl::cat(wfcCategory));
cl::opt<std::string> costModel("cost-model", cl::value_desc("name"),
                               cl::desc("The model the default provider will run, to price the cost bound"),
                               cl::sub(checkCmd), cl::sub(buildCmd), cl::sub(compileCmd), cl::cat(wfcCategory));
cl::opt<std::string> maxCost("max-cost", cl::value_desc("USD"),
                             cl::desc("Fail when one run's cost bound may pass USD (an infinite, input-dependent or "
                                      "unpriced bound may)"),
                             cl::sub(checkCmd), cl::sub(buildCmd), cl::sub(compileCmd), cl::cat(wfcCategory));

cl::SubCommand compatCmd("compat", "What changed between two versions of a pack, step by step, and which runs of a "
                                   "journal resume under the new one");
cl::list<std::string> compatPacks(cl::Positional, cl::OneOrMore, cl::desc("<old pack> <new pack>"), cl::sub(compatCmd),
                                  cl::cat(wfcCategory));
cl::opt<std::string> compatJournal("journal", cl::value_desc("file"),
                                   cl::desc("A journal: say for each of its runs whether it resumes under the new pack"),
                                   cl::sub(compatCmd), cl::cat(wfcCategory));
cl::opt<std::string> compatFormat("format", cl::value_desc("text|json"), cl::desc("Output format (default: text)"),
                                  cl::init("text"), cl::sub(compatCmd), cl::cat(wfcCategory));

cl::SubCommand schemaCmd("schema", "Print the JSON Schema (draft-07) of the pack format, for editors");

cl::SubCommand traceCmd("trace", "Trace files: 'wfc trace view TRACE.jsonl -o timeline.html' draws a run's timeline");
cl::list<std::string> traceArgs(cl::Positional, cl::OneOrMore, cl::desc("view <trace file>"), cl::sub(traceCmd),
                                cl::cat(wfcCategory));
cl::opt<std::string> traceOutput("o", cl::value_desc("file"), cl::desc("Where to write the page (default: stdout)"),
                                 cl::sub(traceCmd), cl::cat(wfcCategory));
cl::opt<std::string> traceRun("run", cl::value_desc("id"), cl::desc("The run to show, when the trace holds several"),
                              cl::sub(traceCmd), cl::cat(wfcCategory));
cl::opt<std::string> tracePack("pack", cl::value_desc("pack file"), cl::desc("Draw this pack's step graph too"),
                               cl::sub(traceCmd), cl::cat(wfcCategory));

const std::vector<std::string> kSubcommands = {"check", "build", "compile", "graph", "deploy", "compat", "schema", "trace"};

void printVersion(llvm::raw_ostream &os) { os << "wfc " << WFC_VERSION << "\n"; }

}  // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  cl::HideUnrelatedOptions(wfcCategory);
  cl::SetVersionPrinter(printVersion);

  // A first word that is not an option must name a subcommand; say which ones exist.
  if (argc > 1 && argv[1][0] != '-') {
    std::string word = argv[1];
    if (std::find(kSubcommands.begin(), kSubcommands.end(), word) == kSubcommands.end()) {
      llvm::WithColor::error(llvm::errs(), "wfc")
          << "unknown command '" << word << "'" << wfc::didYouMeanSuffix(word, kSubcommands)
          << "; commands are " << wfc::quotedList(kSubcommands, "and") << " (see 'wfc --help')\n";
      return 2;
    }
  }

  std::string errors;
  llvm::raw_string_ostream errorStream(errors);
  if (!cl::ParseCommandLineOptions(argc, argv,
                                   "wfc: compile declarative workflow packs to C++ executables\n",
                                   &errorStream)) {
    llvm::errs() << errorStream.str();
    return 2;
  }

  wfc::CommonOptions options;
  if (optLevel > 1) {
    llvm::WithColor::error(llvm::errs(), "wfc")
        << "-O" << optLevel << " is not an optimization level of wfc; use -O0 or -O1\n";
    return 2;
  }
  options.optLevel = optLevel == 0 ? wfc::OptLevel::O0 : wfc::OptLevel::O1;
  options.instrumentation.printAfterAll = printIrAfterAll;
  options.instrumentation.verifyEach = verifyEach;
  options.instrumentation.timePasses = timePasses;
  for (const std::string &pass : printIrAfter) {
    std::vector<std::string> known = wfc::passes::passNames();
    if (std::find(known.begin(), known.end(), pass) == known.end()) {
      llvm::WithColor::error(llvm::errs(), "wfc")
          << "--print-ir-after=" << pass << ": no pass is named '" << pass << "'" << wfc::didYouMeanSuffix(pass, known)
          << "; the passes are " << wfc::quotedList(known, "and") << "\n";
      return 2;
    }
    options.instrumentation.printAfter.insert(pass);
  }
  options.composition = composition;
  options.warningsAsErrors = werror;
  options.cost.report = checkCost;
  options.cost.prices = pricesFile;
  options.cost.model = costModel;
  if (!maxCost.empty()) {
    char *end = nullptr;
    double usd = std::isdigit(static_cast<unsigned char>(maxCost[0])) || maxCost[0] == '.'
                     ? std::strtod(maxCost.c_str(), &end)
                     : -1;
    if (usd < 0 || !end || *end != '\0' || !std::isfinite(usd)) {
      llvm::WithColor::error(llvm::errs(), "wfc")
          << "--max-cost takes a number of US dollars such as 5 or 0.25, not '" << maxCost << "'\n";
      return 2;
    }
    options.cost.maxCostUsd = usd;
  }
  options.diagnosticsFormat = diagnosticsFormat;
  options.errorLimit = errorLimit;
  options.verifyDiagnostics = verifyDiagnostics;
  options.showColors = llvm::WithColor(llvm::errs()).colorsEnabled();
  if (!dialect.empty()) {
    options.dialect = wfc::parseDialect(dialect);
    if (!options.dialect) {
      llvm::WithColor::error(llvm::errs(), "wfc")
          << "unknown dialect '" << dialect
          << "'; expected 'promptpack', 'awl', 'toolcomp' or 'registry'\n";
      return 2;
    }
  }

  if (checkCmd) return wfc::runCheck({checkFiles.begin(), checkFiles.end()}, bindingsFile, options);
  if (buildCmd)
    return wfc::runBuild({buildPack, buildOutput, buildEmit, bindingsFile, allowUnbound, buildLineDirectives, buildDepfile,
                      buildOutputName},
                         options);
  if (compileCmd) {
    wfc::CompileOptions compile;
    compile.pack = compilePack;
    compile.output = compileOutput;
    compile.bindings = bindingsFile;
    compile.allowUnbound = allowUnbound;
    compile.natives.assign(compileNatives.begin(), compileNatives.end());
    compile.debug = compileDebug;
    return wfc::runCompile(compile, options, argv[0]);
  }
  if (deployCmd) {
    wfc::DeployOptions deploy;
    deploy.pack = deployPack;
    deploy.target = deployTarget;
    deploy.output = deployOutput;
    deploy.bindings = bindingsFile;
    deploy.natives.assign(compileNatives.begin(), compileNatives.end());
    deploy.image = deployFlag("image");
    deploy.shards = deployFlag("shards");
    deploy.parallelism = deployFlag("parallelism");
    deploy.name = deployFlag("name");
    deploy.retries = deployFlag("retries");
    deploy.maxRuns = deployFlag("max-runs");
    deploy.rpm = deployFlag("rpm");
    deploy.tpm = deployFlag("tpm");
    deploy.cpu = deployFlag("cpu");
    deploy.memory = deployFlag("memory");
    deploy.secret = deployFlag("secret");
    deploy.provider = deployFlag("provider");
    deploy.model = deployFlag("model");
    deploy.llmBaseUrl = deployFlag("llm-base-url");
    deploy.volumeClaim = deployFlag("volume-claim");
    deploy.volumeSize = deployFlag("volume-size");
    deploy.inputConfigMap = deployFlag("input-configmap");
    deploy.task = deployFlag("task");
    return wfc::runDeploy(deploy, options, argv[0]);
  }
  if (compatCmd) {
    if (compatPacks.size() != 2) {
      llvm::WithColor::error(llvm::errs(), "wfc") << "compat takes two packs, the old version and the new one: wfc compat "
                                                     "OLD.yaml NEW.yaml [--journal FILE]\n";
      return 2;
    }
    if (compatFormat != "text" && compatFormat != "json") {
      llvm::WithColor::error(llvm::errs(), "wfc") << "--format takes text or json, not '" << compatFormat << "'\n";
      return 2;
    }
    return wfc::runCompat({compatPacks[0], compatPacks[1], compatJournal, bindingsFile, compatFormat == "json"}, options);
  }
  if (graphCmd) return wfc::runGraph({graphPack, graphOutput, graphFormat, graphAfterPasses, bindingsFile}, options);
  if (traceCmd) {
    if (traceArgs.size() != 2 || traceArgs[0] != "view") {
      llvm::WithColor::error(llvm::errs(), "wfc")
          << "usage: wfc trace view TRACE.jsonl [-o timeline.html] [--run ID] [--pack PACK]\n";
      return 2;
    }
    return wfc::runTraceView({traceArgs[1], traceOutput, traceRun, tracePack, bindingsFile}, options);
  }
  if (schemaCmd) {
    llvm::outs() << wfc::promptpack::promptPackEditorSchema().dump(2) << "\n";
    return 0;
  }

  llvm::WithColor::error(llvm::errs(), "wfc")
      << "no command given; commands are " << wfc::quotedList(kSubcommands, "and")
      << " (see 'wfc --help')\n";
  return 2;
}

#include "host/session/ModeOptions.h"

#include <array>
#include <string_view>

namespace wfc {
namespace {

constexpr size_t kModes = 5;  // Mode's values, in order

// One option some mode does not take: for each mode (Run, Batch, Serve, Mcp, Registry), empty
// when it takes the option, else the rest of the message after the option's name. "{pack}"
// stands for the program's name.
struct OptionRule {
  const char *option;
  bool (*given)(const CommandLine &);
  std::array<std::string_view, kModes> refusal;
};

// What a registry executable says of an option it does not take, and what the other modes say
// of the registry's own options.
constexpr std::string_view kNotRegistry =
    "is not an option of a workflow registry's executable (it runs sequences and workflows: --sequence, --workflow, "
    "--resume, --entrypoints, --runs)";
constexpr std::string_view kRegistryOnly =
    "is an option of a workflow registry's executable (docs/registry.md); this one runs pack '{pack}'";
constexpr std::string_view kServeOnly = "is an option of --serve [ADDR:]PORT (docs/serve.md)";
constexpr std::string_view kBatchOnly = "goes with --input-jsonl FILE: it is an option of a batch (docs/batch.md)";
constexpr std::string_view kBatchNotServe =
    "is an option of a batch (docs/batch.md); with --serve every POST /runs is a run of its own: send one request per "
    "input line";

// In the order the options are checked: the first refused one is reported.
const OptionRule kRules[] = {
    {"--input", [](const CommandLine &cl) { return cl.input.has_value(); },
     {"", "gives one run's input; a batch's inputs are the lines of --input-jsonl, one run each",
      "gives one run's input; with --serve every POST /runs is a run of its own and brings its input as the request's body",
      "gives one run's input; with --mcp every tools/call is a run of its own and brings its input as the call's arguments",
      ""}},
    {"--input-json", [](const CommandLine &cl) { return cl.inputJson.has_value(); },
     {"", "gives one run's input; a batch's inputs are the lines of --input-jsonl, one run each",
      "gives one run's input; with --serve every POST /runs is a run of its own and brings its input as the request's body",
      "gives one run's input; with --mcp every tools/call is a run of its own and brings its input as the call's arguments",
      ""}},
    {"--output", [](const CommandLine &cl) { return cl.output.has_value(); },
     {"", "names where one run's output goes; a batch writes its results to --output-jsonl FILE (default: standard output)",
      "names where one run's output goes; with --serve every POST /runs is a run of its own, answered in GET /runs/ID",
      "names where one run's output goes; with --mcp every tools/call is a run of its own whose output is the answer's "
      "structuredContent",
      ""}},
    {"--pretty", [](const CommandLine &cl) { return cl.pretty; },
     {"", "indents one run's output; a batch writes one JSON line per result",
      "formats one run's output; with --serve every POST /runs is a run of its own, answered as JSON",
      "formats one run's output; with --mcp every tools/call is a run of its own whose output is the answer's "
      "structuredContent",
      ""}},
    {"--report", [](const CommandLine &cl) { return cl.report.has_value(); },
     {"", "summarizes one run; a batch prints its summary on stderr, and --trace FILE records every run (its batch_line "
          "events name each line's run)",
      "summarizes one run; with --serve every POST /runs is a run of its own: GET /runs/ID/trace has each run's events",
      "summarizes one run; with --mcp every tools/call is a run of its own: use --trace FILE, whose lines name each run",
      kNotRegistry}},
    {"--stream", [](const CommandLine &cl) { return cl.stream.has_value(); },
     {"", "streams one run's events; a batch writes one result line per input line, and --trace FILE records every "
          "run's events",
      "streams one run's events; with --serve every POST /runs is a run of its own: GET /runs/ID/trace has each run's "
      "events",
      "streams one run's events; with --mcp every tools/call is a run of its own: ask for progress notifications "
      "(a progressToken) to follow its steps",
      kNotRegistry}},
    {"--dry-run", [](const CommandLine &cl) { return cl.dryRun; },
     {"", "plans one run; it cannot be combined with a batch",
      "plans one run without running it; it cannot be combined with --serve",
      "plans one run without running it; it cannot be combined with --mcp", kNotRegistry}},
    {"--record", [](const CommandLine &cl) { return cl.record.has_value(); },
     {"", "keys each exchange by its place in one run, so the runs of a batch would overwrite one another; record a "
          "single run",
      "keys each exchange by its place in one run, so the runs of several requests would overwrite one another; record "
      "a single run without --serve",
      "keys each exchange by its place in one run, so the runs of several calls would overwrite one another; record a "
      "single run without --mcp",
      ""}},
    {"--resume", [](const CommandLine &cl) { return cl.resume.has_value(); },
     {"", "",
      "continues one run; with --serve, a suspended run resumes with POST /runs/ID/events, and the runs a stopped "
      "server left resume by themselves",
      "continues one run of the journal; it cannot be combined with --mcp", ""}},
    {"--event", [](const CommandLine &cl) { return cl.event.has_value(); },
     {"", "continues one suspended run: resume it alone with --journal FILE --resume RUN_ID --event NAME",
      "goes with --resume; with --serve send POST /runs/ID/events",
      "goes with --resume, which cannot be combined with --mcp", ""}},
    {"--event-context", [](const CommandLine &cl) { return cl.eventContext.has_value(); },
     {"", "continues one suspended run: resume it alone with --journal FILE --resume RUN_ID --event NAME",
      "goes with --resume; with --serve send POST /runs/ID/events",
      "goes with --resume, which cannot be combined with --mcp", ""}},
    {"--runs", [](const CommandLine &cl) { return cl.runs; },
     {"", "lists the runs of a journal and exits; it cannot be combined with a batch",
      "lists the runs of a journal and exits; with --serve, GET /runs lists them",
      "lists the runs of a journal and exits; it cannot be combined with --mcp", ""}},
    {"--fork", [](const CommandLine &cl) { return cl.fork.has_value(); },
     {"", "starts one run from another run's journal; it cannot be combined with a batch",
      "starts one run from another run's journal; it cannot be combined with --serve",
      "starts one run from another run's journal; it cannot be combined with --mcp", kNotRegistry}},
    {"--from", [](const CommandLine &cl) { return cl.from.has_value(); },
     {"", "goes with --fork, which cannot be combined with a batch", "goes with --fork, which cannot be combined with --serve",
      "goes with --fork, which cannot be combined with --mcp", kNotRegistry}},
    {"--redrive", [](const CommandLine &cl) { return cl.redrive.has_value(); },
     {"", "", "runs a failed run again; with --serve, run it alone: --journal FILE --redrive RUN_ID",
      "runs a failed run again; it cannot be combined with --mcp", kNotRegistry}},
    {"--journal-gc", [](const CommandLine &cl) { return cl.journalGc; },
     {"", "removes runs from a journal and exits; it cannot be combined with a batch",
      "removes runs from a journal and exits; with --serve, --journal-retention AGE removes old runs as it runs",
      "removes runs from a journal and exits; it cannot be combined with --mcp", kNotRegistry}},
    {"--status", [](const CommandLine &cl) { return !cl.gcStatuses.empty(); },
     {"", "goes with --journal-gc, which cannot be combined with a batch",
      "goes with --journal-gc, which cannot be combined with --serve", "goes with --journal-gc, which cannot be combined "
      "with --mcp", kNotRegistry}},
    {"--older-than", [](const CommandLine &cl) { return cl.gcOlderThanMs.has_value(); },
     {"", "goes with --journal-gc, which cannot be combined with a batch",
      "goes with --journal-gc; with --serve, --journal-retention AGE removes finished runs older than AGE",
      "goes with --journal-gc, which cannot be combined with --mcp", kNotRegistry}},
    {"--keep-latest", [](const CommandLine &cl) { return cl.gcKeepLatest.has_value(); },
     {"", "goes with --journal-gc, which cannot be combined with a batch",
      "goes with --journal-gc, which cannot be combined with --serve", "goes with --journal-gc, which cannot be combined "
      "with --mcp", kNotRegistry}},
    {"--journal-retention", [](const CommandLine &cl) { return cl.journalRetentionMs.has_value(); },
     {"", kServeOnly, "", kServeOnly, kNotRegistry}},
    {"--input-jsonl", [](const CommandLine &cl) { return cl.inputJsonl.has_value(); },
     {"", "", kBatchNotServe, "", kNotRegistry}},
    {"--output-jsonl", [](const CommandLine &cl) { return cl.outputJsonl.has_value(); },
     {kBatchOnly, "", kBatchNotServe, kBatchOnly, kNotRegistry}},
    {"--shard", [](const CommandLine &cl) { return cl.shard.has_value(); },
     {kBatchOnly, "", kBatchNotServe, kBatchOnly, kNotRegistry}},
    {"--batch-id", [](const CommandLine &cl) { return cl.batchId.has_value(); },
     {kBatchOnly, "", kBatchNotServe, kBatchOnly, kNotRegistry}},
    {"--max-runs", [](const CommandLine &cl) { return cl.maxRuns.has_value(); },
     {"goes with --input-jsonl FILE: it is an option of a batch (docs/batch.md) or of --serve (docs/serve.md)", "", "",
      "goes with --input-jsonl FILE: it is an option of a batch (docs/batch.md) or of --serve (docs/serve.md)",
      kNotRegistry}},
    {"--task", [](const CommandLine &cl) { return cl.task.has_value(); },
     {"", "",
      "chooses one task; with --serve each request names its own (?task=NAME, or the model of /v1/chat/completions)",
      "chooses one task; with --mcp every task of a chat pack is a tool of its own", kNotRegistry}},
    {"--message", [](const CommandLine &cl) { return cl.message.has_value(); },
     {"", "gives one turn's message; in a batch each line brings its own",
      "gives one turn's message; with --serve every POST /runs is a run of its own and brings its message",
      "gives one turn's message; with --mcp every tools/call is a run of its own and brings its message", kNotRegistry}},
    {"--chat", [](const CommandLine &cl) { return cl.chat; },
     {"", "holds one conversation over stdin; in a batch each line is one turn ({\"message\": …, \"variables\": {…}})",
      "holds a conversation over stdin; with --serve use POST /v1/chat/completions",
      "holds a conversation over stdin, where --mcp reads MCP messages", kNotRegistry}},
    {"--raw", [](const CommandLine &cl) { return cl.raw; },
     {"", "prints one reply as text; a batch writes JSON lines", "prints a reply as text; with --serve each reply is JSON",
      "prints a reply as text; with --mcp each reply is the answer's structuredContent", kNotRegistry}},
    {"--mcp", [](const CommandLine &cl) { return cl.mcp; },
     {"", "serves calls over stdio; it cannot be combined with a batch",
      "serves over stdio and --serve over HTTP: choose one", "", kNotRegistry}},
    {"--events", [](const CommandLine &cl) { return cl.events.has_value(); }, {"", "", "", "", kNotRegistry}},
    {"--serve", [](const CommandLine &cl) { return cl.serve.has_value(); }, {"", "", "", "", kNotRegistry}},
    {"--allow-host", [](const CommandLine &cl) { return !cl.allowHosts.empty(); },
     {kServeOnly, kServeOnly, "", kServeOnly, kNotRegistry}},
    {"--max-body", [](const CommandLine &cl) { return cl.maxBodyGiven; },
     {kServeOnly, kServeOnly, "", kServeOnly, kNotRegistry}},
    {"--drain-timeout", [](const CommandLine &cl) { return cl.drainTimeoutGiven; },
     {kServeOnly, kServeOnly, "", kServeOnly, kNotRegistry}},
    {"--header-timeout", [](const CommandLine &cl) { return cl.headerTimeoutGiven; },
     {kServeOnly, kServeOnly, "", kServeOnly, kNotRegistry}},
    {"--body-timeout", [](const CommandLine &cl) { return cl.bodyTimeoutGiven; },
     {kServeOnly, kServeOnly, "", kServeOnly, kNotRegistry}},
    {"--sequence", [](const CommandLine &cl) { return cl.sequence.has_value(); },
     {kRegistryOnly, kRegistryOnly, kRegistryOnly, kRegistryOnly, ""}},
    {"--scope", [](const CommandLine &cl) { return cl.scope.has_value(); },
     {kRegistryOnly, kRegistryOnly, kRegistryOnly, kRegistryOnly, ""}},
    {"--user", [](const CommandLine &cl) { return cl.user.has_value(); },
     {kRegistryOnly, kRegistryOnly, kRegistryOnly, kRegistryOnly, ""}},
    {"--workflow", [](const CommandLine &cl) { return cl.workflow.has_value(); },
     {kRegistryOnly, kRegistryOnly, kRegistryOnly, kRegistryOnly, ""}},
    {"--entrypoints", [](const CommandLine &cl) { return cl.entrypoints; },
     {kRegistryOnly, kRegistryOnly, kRegistryOnly, kRegistryOnly, ""}},
};

}  // namespace

std::optional<std::string> refusedOption(const CommandLine &cl, Mode mode, const std::string &pack) {
  for (const OptionRule &rule : kRules) {
    std::string_view refusal = rule.refusal[size_t(mode)];
    if (refusal.empty() || !rule.given(cl)) continue;
    std::string message = std::string(rule.option) + " " + std::string(refusal);
    if (size_t at = message.find("{pack}"); at != std::string::npos) message.replace(at, 6, pack);
    return message;
  }
  return std::nullopt;
}

}  // namespace wfc

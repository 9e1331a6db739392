// The compiled executable's command line (docs/executable.md). Parsed by hand rather than with llvm::cl,
// so executables do not link LLVM: they stay small and start in about a millisecond.
// `--name value` and `--name=value` are both accepted; unknown options are usage errors with
// a did-you-mean.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace wfc {

struct CommandLine {
  std::string program;  // argv[0]'s file name, for messages
  std::optional<std::string> input, inputJson, output;
  bool pretty = false, dryRun = false, quiet = false, help = false, version = false;
  std::optional<std::string> llmBaseUrl, model, provider, replay, record;
  std::optional<std::string> bindings, events, trace, report, workspace, journal, resume;
  // docs/journal.md: --journal-sync=normal|full, --runs, and the event a suspended run resumes with.
  bool journalSyncFull = false, journalSyncGiven = false, runs = false;
  std::optional<std::string> event, eventContext;
  // Chat programs (docs/promptkit.md "Chat executables"): the task, the user's message, a
  // conversation over stdin, and the reply as plain text.
  std::optional<std::string> task, message;
  bool chat = false, raw = false;
  // docs/mcp-server.md: serve the program as an MCP server over stdio instead of running it once.
  bool mcp = false;
  // Registry executables (docs/registry.md): what to run, for which scope and user; the routes.
  std::optional<std::string> sequence, scope, user, workflow;
  bool entrypoints = false;
  unsigned maxConcurrency = 64;
  std::optional<uint64_t> timeoutMs;  // --timeout: the run's wall-clock limit (exit 3)
  // Batches (docs/batch.md): one run per line of a JSON Lines file, the results in input order,
  // at most maxRuns at once, the lines of one shard.
  std::optional<std::string> inputJsonl, outputJsonl;
  std::optional<unsigned> maxRuns;
  struct Shard {
    uint64_t index = 0, count = 1;  // --shard I/N: the lines whose 0-based index ≡ I (mod N)
  };
  std::optional<Shard> shard;
  // --batch-id ID: the batch's id, chosen by the caller, so that the same command line started
  // again (a restarted pod) continues the batch the journal holds under that id.
  std::optional<std::string> batchId;
  // --rpm / --tpm: LLM requests and tokens per minute, shared by every run of the process.
  std::optional<uint64_t> rpm, tpm;
};

// "30s", "500ms", "5m", "1h" or a bare number of seconds, in milliseconds (1 ms to 30 days);
// nullopt when it is none of those.
std::optional<uint64_t> parseDuration(const std::string &text);

// Throws wfc::Error(Usage) naming the problem.
CommandLine parseCommandLine(int argc, char **argv);

// The options part of --help.
const char *commandLineHelp();

}  // namespace wfc

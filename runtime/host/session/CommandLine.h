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
  // docs/streaming.md: the run's events as JSON lines to FILE, or stdout for "-".
  std::optional<std::string> stream;
  // docs/journal.md: --journal-sync=normal|full, --runs, and the event a suspended run resumes with.
  bool journalSyncFull = false, journalSyncGiven = false, runs = false;
  std::optional<std::string> event, eventContext;
  // docs/journal.md "Fork and redrive": a new run from run `fork`'s journal, re-running step
  // `from` and what depends on it; run `redrive` (a failed run, or a batch's failed lines) again.
  std::optional<std::string> fork, from, redrive;
  // docs/journal.md "Retention": --journal-gc removes the runs that match all of: a status in
  // gcStatuses (default: the finished ones), older than gcOlderThanMs, beyond the gcKeepLatest
  // newest. Serve mode's --journal-retention AGE removes finished runs older than AGE as it runs.
  bool journalGc = false;
  std::vector<std::string> gcStatuses;
  std::optional<uint64_t> gcOlderThanMs, gcKeepLatest, journalRetentionMs;
  // Chat programs (docs/promptkit.md "Chat executables"): the task, the user's message, a
  // conversation over stdin, and the reply as plain text.
  std::optional<std::string> task, message;
  bool chat = false, raw = false;
  // docs/mcp-server.md: serve the program as an MCP server over stdio instead of running it once.
  bool mcp = false;
  // docs/serve.md: serve the program over HTTP at [ADDR:]PORT; at most maxRuns runs at once (429
  // beyond; kServeMaxRuns when not given), request bodies up to maxBodyBytes (413 beyond),
  // drainTimeoutMs for runs to finish after SIGTERM before they are suspended; a request's headers
  // within headerTimeoutMs of its connection (or previous response), its body within
  // bodyTimeoutMs of its headers.
  std::optional<std::string> serve;
  // --allow-host NAME (repeated): more names the server answers as Host and Origin.
  std::vector<std::string> allowHosts;
  bool maxBodyGiven = false, drainTimeoutGiven = false, headerTimeoutGiven = false, bodyTimeoutGiven = false;
  uint64_t maxBodyBytes = uint64_t(1) << 20;
  uint64_t drainTimeoutMs = 30'000;
  uint64_t headerTimeoutMs = 30'000, bodyTimeoutMs = 60'000;
  // docs/observability.md: export spans over OTLP/HTTP to this URL (else $OTEL_EXPORTER_OTLP_ENDPOINT
  // or $OTEL_EXPORTER_OTLP_TRACES_ENDPOINT), prompts and replies included only with otlpContent.
  std::optional<std::string> otlpEndpoint;
  bool otlpContent = false;
  // Registry executables (docs/registry.md): what to run, for which scope and user; the routes.
  std::optional<std::string> sequence, scope, user, workflow;
  bool entrypoints = false;
  unsigned maxConcurrency = 64;
  std::optional<uint64_t> timeoutMs;  // --timeout: the run's wall-clock limit (exit 3)
  // Batches (docs/batch.md): one run per line of a JSON Lines file, the results in input order,
  // at most maxRuns at once (kBatchMaxRuns when not given), the lines of one shard.
  std::optional<std::string> inputJsonl, outputJsonl;
  // --max-runs: the runs in flight at once, of a batch or of a server; absent, each has its default.
  std::optional<unsigned> maxRuns;
  static constexpr unsigned kBatchMaxRuns = 16, kServeMaxRuns = 64;
  struct Shard {
    uint64_t index = 0, count = 1;  // --shard I/N: the lines whose 0-based index ≡ I (mod N)
  };
  std::optional<Shard> shard;
  // --batch-id ID: the batch's id, chosen by the caller, so that the same command line started
  // again (a restarted pod) continues the batch the journal holds under that id.
  std::optional<std::string> batchId;
  // --rpm / --tpm: LLM requests and tokens per minute, shared by every run of the process.
  std::optional<uint64_t> rpm, tpm;
  // docs/cost.md: spending limits (per run; per batch, or per shard, with --input-jsonl), and a
  // prices file.
  std::optional<double> maxCostUsd;
  std::optional<uint64_t> maxTokens;
  std::optional<std::string> prices;
};

// "30s", "500ms", "5m", "1h" or a bare number of seconds, in milliseconds (1 ms to 30 days);
// nullopt when it is none of those.
std::optional<uint64_t> parseDuration(const std::string &text);

// An age: "90d", "2w", "12h", "30m", "45s" (a bare number is seconds), in milliseconds (1 s to
// 100 years); nullopt when it is none of those.
std::optional<uint64_t> parseAge(const std::string &text);

// "1MiB", "512KiB", "64k", "2M", "1048576" (bytes), in bytes (1 byte to 1 GiB); nullopt when it
// is none of those. K, M, G and their KiB, MiB, GiB spellings are all powers of 1024.
std::optional<uint64_t> parseByteSize(const std::string &text);

// Throws wfc::Error(Usage) naming the problem.
CommandLine parseCommandLine(int argc, char **argv);

// The options part of --help.
const char *commandLineHelp();

}  // namespace wfc

#include "host/session/CommandLine.h"

#include "common/DidYouMean.h"
#include "support/AsciiCase.h"
#include "wfc/error.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <string_view>

namespace wfc {
namespace {

// A whole number from 1 to `max`, or nullopt (signs, spaces, fractions and overflow refused).
std::optional<uint64_t> wholeNumber(const std::string &v, uint64_t max) {
  if (v.empty() || v.size() > 19 || !std::all_of(v.begin(), v.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return std::nullopt;
  uint64_t n = std::stoull(v);
  if (n == 0 || n > max) return std::nullopt;
  return n;
}

struct Option {
  bool takesValue;
  std::function<void(CommandLine &, const std::string &)> set;
  // The value when none follows (the option is last, or the next argument is another option):
  // --stream alone is --stream - (docs/streaming.md). Null: a value is required.
  const char *implicitValue = nullptr;
};

const std::map<std::string, Option> &options() {
  using C = CommandLine;
  auto text = [](std::optional<std::string> C::*field) {
    return Option{true, [field](C &c, const std::string &v) { c.*field = v; }};
  };
  auto flag = [](bool C::*field) { return Option{false, [field](C &c, const std::string &) { c.*field = true; }}; };
  // A --serve deadline: a duration (`examples` in its message), and that it was given.
  auto deadline = [](const char *name, const char *examples, uint64_t C::*ms, bool C::*given) {
    return Option{true, [=](C &c, const std::string &v) {
                    std::optional<uint64_t> parsed = parseDuration(v);
                    if (!parsed)
                      throw Error(ErrorKind::Usage, std::string(name) + " takes a duration such as " + examples +
                                                        " (a bare number is seconds), not '" + v + "'");
                    c.*ms = *parsed;
                    c.*given = true;
                  }};
  };
  static const std::map<std::string, Option> table = {
      {"--input", text(&C::input)},
      {"--input-json", text(&C::inputJson)},
      {"--output", text(&C::output)},
      {"--pretty", flag(&C::pretty)},
      {"--llm-base-url", text(&C::llmBaseUrl)},
      {"--model", text(&C::model)},
      {"--provider", text(&C::provider)},
      {"--replay", text(&C::replay)},
      {"--record", text(&C::record)},
      {"--bindings", text(&C::bindings)},
      {"--events", text(&C::events)},
      {"--trace", text(&C::trace)},
      {"--stream", {true, [](C &c, const std::string &v) { c.stream = v; }, "-"}},
      {"--report", text(&C::report)},
      {"--workspace", text(&C::workspace)},
      {"--journal", text(&C::journal)},
      {"--journal-sync",
       {true,
        [](C &c, const std::string &v) {
          if (v != "normal" && v != "full")
            throw Error(ErrorKind::Usage, "--journal-sync takes normal or full, not '" + v + "'");
          c.journalSyncFull = v == "full";
          c.journalSyncGiven = true;
        }}},
      {"--resume", text(&C::resume)},
      {"--runs", flag(&C::runs)},
      {"--fork", text(&C::fork)},
      {"--from", text(&C::from)},
      {"--redrive", text(&C::redrive)},
      {"--journal-gc", flag(&C::journalGc)},
      {"--keep-latest",
       {true,
        [](C &c, const std::string &v) {
          std::optional<uint64_t> n = v == "0" ? std::optional<uint64_t>(0) : wholeNumber(v, 1000000000);
          if (!n) throw Error(ErrorKind::Usage, "--keep-latest takes a whole number of runs from 0 to 1000000000, not '" + v + "'");
          c.gcKeepLatest = *n;
        }}},
      {"--older-than",
       {true,
        [](C &c, const std::string &v) {
          c.gcOlderThanMs = parseAge(v);
          if (!c.gcOlderThanMs)
            throw Error(ErrorKind::Usage, "--older-than takes an age such as 30d, 2w, 12h or 90m (a bare number is "
                                          "seconds), not '" + v + "'");
        }}},
      {"--status",
       {true,
        [](C &c, const std::string &v) {
          static const std::vector<std::string> known = {"succeeded", "failed", "cancelled", "suspended", "running"};
          size_t start = 0;
          while (start <= v.size()) {
            size_t comma = v.find(',', start);
            std::string one = v.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
            if (std::find(known.begin(), known.end(), one) == known.end())
              throw Error(ErrorKind::Usage, "--status takes run statuses separated by commas (succeeded, failed, "
                                            "cancelled, suspended, running), not '" + one + "'");
            c.gcStatuses.push_back(one);
            if (comma == std::string::npos) break;
            start = comma + 1;
          }
        }}},
      {"--journal-retention",
       {true,
        [](C &c, const std::string &v) {
          c.journalRetentionMs = parseAge(v);
          if (!c.journalRetentionMs)
            throw Error(ErrorKind::Usage, "--journal-retention takes an age such as 30d, 2w or 12h: finished runs "
                                          "older than it are removed, not '" + v + "'");
        }}},
      {"--event", text(&C::event)},
      {"--event-context", text(&C::eventContext)},
      {"--max-concurrency",
       {true,
        [](C &c, const std::string &v) {
          char *end = nullptr;
          errno = 0;
          unsigned long n = std::strtoul(v.c_str(), &end, 10);
          if (v.empty() || *end || errno || n == 0 || n > 100000 || v[0] == '-')
            throw Error(ErrorKind::Usage, "--max-concurrency takes a whole number from 1 to 100000, not '" + v + "'");
          c.maxConcurrency = unsigned(n);
        }}},
      {"--timeout",
       {true,
        [](C &c, const std::string &v) {
          std::optional<uint64_t> ms = parseDuration(v);
          if (!ms)
            throw Error(ErrorKind::Usage, "--timeout takes a duration such as 30s, 500ms, 5m or 1h (a bare number is "
                                          "seconds), from 1 ms to 30 days, not '" + v + "'");
          c.timeoutMs = *ms;
        }}},
      {"--input-jsonl", text(&C::inputJsonl)},
      {"--output-jsonl", text(&C::outputJsonl)},
      {"--max-runs",
       {true,
        [](C &c, const std::string &v) {
          std::optional<uint64_t> n = wholeNumber(v, 10000);
          if (!n) throw Error(ErrorKind::Usage, "--max-runs takes a whole number from 1 to 10000, not '" + v + "'");
          c.maxRuns = unsigned(*n);
        }}},
      {"--shard",
       {true,
        [](C &c, const std::string &v) {
          size_t slash = v.find('/');
          uint64_t index = 0, count = 0;
          bool ok = slash != std::string::npos;
          if (ok) {
            std::string i = v.substr(0, slash);
            std::optional<uint64_t> n = wholeNumber(v.substr(slash + 1), 1000000);
            count = n.value_or(0);
            if (i != "0") index = wholeNumber(i, 1000000).value_or(count);  // not a number: out of range
            ok = count > 0 && index < count;
          }
          if (!ok)
            throw Error(ErrorKind::Usage, "--shard takes I/N, the shard I (from 0 to N-1) of N (from 1 to 1000000), "
                                          "not '" + v + "'");
          c.shard = CommandLine::Shard{index, count};
        }}},
      {"--batch-id",
       {true,
        [](C &c, const std::string &v) {
          bool ok = !v.empty() && v.size() <= 64 && std::all_of(v.begin(), v.end(), [](char ch) {
            return std::isalnum(static_cast<unsigned char>(ch)) || ch == '.' || ch == '_' || ch == '-';
          });
          if (!ok)
            throw Error(ErrorKind::Usage, "--batch-id takes 1 to 64 letters, digits, '.', '_' or '-', not '" + v + "'");
          c.batchId = v;
        }}},
      {"--rpm",
       {true,
        [](C &c, const std::string &v) {
          c.rpm = wholeNumber(v, 1000000000);
          if (!c.rpm) throw Error(ErrorKind::Usage, "--rpm takes a whole number of LLM requests per minute from 1 to "
                                                    "1000000000, not '" + v + "'");
        }}},
      {"--tpm",
       {true,
        [](C &c, const std::string &v) {
          c.tpm = wholeNumber(v, 1000000000000);
          if (!c.tpm) throw Error(ErrorKind::Usage, "--tpm takes a whole number of LLM tokens per minute from 1 to "
                                                    "1000000000000, not '" + v + "'");
        }}},
      {"--max-cost",
       {true,
        [](C &c, const std::string &v) {
          // A plain decimal number of US dollars: "$5" and "5 USD" are refused rather than guessed.
          char *end = nullptr;
          double usd = v.empty() || !(std::isdigit(static_cast<unsigned char>(v[0])) || v[0] == '.')
                           ? -1
                           : std::strtod(v.c_str(), &end);
          if (usd < 0 || !end || *end != '\0' || !std::isfinite(usd) || usd > 1e9)
            throw Error(ErrorKind::Usage, "--max-cost takes a number of US dollars such as 5 or 0.25, not '" + v + "'");
          c.maxCostUsd = usd;
        }}},
      {"--max-tokens",
       {true,
        [](C &c, const std::string &v) {
          c.maxTokens = wholeNumber(v, 1000000000000);
          if (!c.maxTokens)
            throw Error(ErrorKind::Usage, "--max-tokens takes a whole number of LLM tokens from 1 to 1000000000000, "
                                          "not '" + v + "'");
        }}},
      {"--prices", text(&C::prices)},
      {"--task", text(&C::task)},
      {"--message", text(&C::message)},
      {"--chat", flag(&C::chat)},
      {"--raw", flag(&C::raw)},
      {"--mcp", flag(&C::mcp)},
      {"--serve", text(&C::serve)},
      {"--allow-host",
       {true,
        [](C &c, const std::string &v) {
          // A DNS name or an address: what a Host header's host is (an IPv6 address in brackets).
          bool bracketed = v.size() > 2 && v.front() == '[' && v.back() == ']';
          bool ok = !v.empty() && v.size() <= 253 && std::all_of(v.begin(), v.end(), [&](char ch) {
            return std::isalnum(static_cast<unsigned char>(ch)) || ch == '.' || ch == '-' || ch == '_' ||
                   (bracketed && (ch == ':' || ch == '[' || ch == ']'));
          });
          if (!ok)
            throw Error(ErrorKind::Usage, "--allow-host takes a host name or address as a Host header names it "
                                          "(wfc.example.com, 10.0.0.5, [fd00::5]; no port, no scheme), not '" + v + "'");
          c.allowHosts.push_back(v);
        }}},
      {"--max-body",
       {true,
        [](C &c, const std::string &v) {
          std::optional<uint64_t> bytes = parseByteSize(v);
          if (!bytes)
            throw Error(ErrorKind::Usage, "--max-body takes a size such as 1MiB, 512KiB or 65536 (bytes), from 1 byte "
                                          "to 1 GiB, not '" + v + "'");
          c.maxBodyBytes = *bytes;
          c.maxBodyGiven = true;
        }}},
      {"--drain-timeout",
       {true,
        [](C &c, const std::string &v) {
          std::optional<uint64_t> ms = v == "0" ? std::optional<uint64_t>(0) : parseDuration(v);
          if (!ms)
            throw Error(ErrorKind::Usage, "--drain-timeout takes a duration such as 30s, 500ms or 5m (a bare number "
                                          "is seconds; 0: suspend at once), not '" + v + "'");
          c.drainTimeoutMs = *ms;
          c.drainTimeoutGiven = true;
        }}},
      {"--header-timeout",
       deadline("--header-timeout", "30s, 500ms or 2m", &C::headerTimeoutMs, &C::headerTimeoutGiven)},
      {"--body-timeout", deadline("--body-timeout", "60s, 500ms or 10m", &C::bodyTimeoutMs, &C::bodyTimeoutGiven)},
      {"--otlp-endpoint", text(&C::otlpEndpoint)},
      {"--otlp-content", flag(&C::otlpContent)},
      {"--sequence", text(&C::sequence)},
      {"--scope", text(&C::scope)},
      {"--user", text(&C::user)},
      {"--workflow", text(&C::workflow)},
      {"--entrypoints", flag(&C::entrypoints)},
      {"--dry-run", flag(&C::dryRun)},
      {"--quiet", flag(&C::quiet)},
      {"--version", flag(&C::version)},
      {"--help", flag(&C::help)},
  };
  return table;
}

}  // namespace

std::optional<uint64_t> parseDuration(const std::string &text) {
  size_t digits = 0;
  while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
  if (digits == 0 || digits > 12) return std::nullopt;
  uint64_t n = std::stoull(text.substr(0, digits));
  std::string unit = text.substr(digits);
  uint64_t scale = unit == "ms" ? 1 : unit == "s" || unit.empty() ? 1000 : unit == "m" ? 60'000 : unit == "h" ? 3'600'000 : 0;
  if (scale == 0) return std::nullopt;
  uint64_t ms = n * scale;
  if (ms == 0 || ms > 30ull * 24 * 3'600'000) return std::nullopt;
  return ms;
}

std::optional<uint64_t> parseAge(const std::string &text) {
  size_t digits = 0;
  while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
  if (digits == 0 || digits > 12) return std::nullopt;
  uint64_t n = std::stoull(text.substr(0, digits));
  std::string unit = text.substr(digits);
  uint64_t scale = unit == "s" || unit.empty() ? 1000
                   : unit == "m"               ? 60'000
                   : unit == "h"               ? 3'600'000
                   : unit == "d"               ? 86'400'000
                   : unit == "w"               ? 7 * 86'400'000ull
                                               : 0;
  if (scale == 0) return std::nullopt;
  uint64_t ms = n * scale;
  if (ms == 0 || ms > 100ull * 366 * 86'400'000) return std::nullopt;
  return ms;
}

std::optional<uint64_t> parseByteSize(const std::string &text) {
  size_t digits = 0;
  while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
  if (digits == 0 || digits > 12) return std::nullopt;
  uint64_t n = std::stoull(text.substr(0, digits));
  std::string unit = lowerAscii(text.substr(digits));
  uint64_t scale = unit.empty() || unit == "b"                          ? 1
                   : unit == "k" || unit == "kib" || unit == "kb"       ? uint64_t(1) << 10
                   : unit == "m" || unit == "mib" || unit == "mb"       ? uint64_t(1) << 20
                   : unit == "g" || unit == "gib" || unit == "gb"       ? uint64_t(1) << 30
                                                                        : 0;
  if (scale == 0) return std::nullopt;
  uint64_t bytes = n * scale;
  if (bytes == 0 || bytes > (uint64_t(1) << 30)) return std::nullopt;
  return bytes;
}

CommandLine parseCommandLine(int argc, char **argv) {
  CommandLine c;
  std::string self = argc > 0 ? argv[0] : "workflow";
  c.program = self.substr(self.find_last_of('/') == std::string::npos ? 0 : self.find_last_of('/') + 1);
  std::vector<std::string> names;
  for (const auto &[name, _] : options()) names.push_back(name);
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "-h") arg = "--help";
    std::optional<std::string> inlineValue;
    if (auto eq = arg.find('='); arg.rfind("--", 0) == 0 && eq != std::string::npos) {
      inlineValue = arg.substr(eq + 1);
      arg = arg.substr(0, eq);
    }
    auto it = options().find(arg);
    if (it == options().end()) {
      if (arg.rfind("-", 0) != 0)
        throw Error(ErrorKind::Usage, "unexpected argument '" + arg + "'; the input goes in --input FILE or --input-json JSON");
      throw Error(ErrorKind::Usage, "unknown option '" + arg + "'" + didYouMean(arg, names));
    }
    const Option &option = it->second;
    std::string value;
    if (option.takesValue) {
      // "-" is a value (stdout); anything else that starts with '-' is the next option.
      bool nextIsOption = i + 1 < argc && std::string_view(argv[i + 1]).starts_with("-") &&
                          std::string_view(argv[i + 1]) != "-";
      if (inlineValue) value = *inlineValue;
      else if (option.implicitValue && (i + 1 >= argc || nextIsOption)) value = option.implicitValue;
      else if (i + 1 < argc) value = argv[++i];
      else throw Error(ErrorKind::Usage, "option '" + arg + "' needs a value");
    } else if (inlineValue) {
      throw Error(ErrorKind::Usage, "option '" + arg + "' takes no value");
    }
    option.set(c, value);
  }
  if (c.input && c.inputJson) throw Error(ErrorKind::Usage, "give the input with --input or with --input-json, not both");
  return c;
}

const char *commandLineHelp() {
  return R"(Options:
  --input FILE|-          read the input (a JSON object) from FILE, or stdin with -
  --input-json JSON       the input as JSON text (default: {})
  --output FILE           write the output to FILE instead of stdout
  --pretty                indent the output
  --bindings FILE         tool bindings (YAML) overriding the compiled-in ones
  --workspace DIR         the directory builtin file tools are confined to (default: .)
  --trace FILE            write one JSON line per event (steps, tool calls) to FILE
  --stream [FILE|-]       write the run's events as JSON lines as they happen (steps with
                          their outputs, the model's replies token by token, tools' custom
                          events), then the output; - (the default): stdout, in place of
                          the output; with --chat, each turn's tokens then its reply
  --report FILE           write a JSON summary of the run to FILE
  --max-concurrency N     at most N steps in flight (default 64)
  --timeout DURATION      stop the run after DURATION (30s, 500ms, 5m, 1h; a bare number is
                          seconds): exit 3
  --dry-run               check the input and bindings and print the plan; call nothing
  --quiet                 no progress line on stderr
  --model NAME            the LLM model (default: $WFC_MODEL); needed by prompt and agent steps
  --llm-base-url URL      the LLM endpoint, ending in /v1 (default: $WFC_LLM_BASE_URL, else
                          openai: $OPENAI_BASE_URL or https://api.openai.com/v1;
                          anthropic: $ANTHROPIC_BASE_URL or https://api.anthropic.com/v1)
  --provider NAME         openai (chat completions, the default; key from $OPENAI_API_KEY),
                          anthropic (Messages API; key from $ANTHROPIC_API_KEY) or replay
  --record FILE           save every LLM exchange to FILE (no credentials)
  --replay FILE           answer every LLM exchange from a recording, offline
  --events FILE           the events external workflow states take, one per line
  --journal FILE          record the run in FILE (SQLite), so it can be resumed; wfc.cache
                          steps reuse outputs recorded there
  --journal-sync MODE     normal (the default: survives a killed process) or full (also a
                          power loss, slower)
  --resume RUN_ID         continue run RUN_ID of the --journal (killed, failed, interrupted or
                          suspended): what completed is not done again; or a batch, by
                          its id: the lines that finished are not run again
  --event NAME            with --resume: the event a suspended run was waiting for
  --event-context JSON    with --event: the workflow context it brings
  --runs                  list the runs of the --journal, one JSON line each
  --fork RUN_ID --from STEP  a new run from RUN_ID's journal: STEP and what depends on it
                          run again, every other step's recorded output is reused
  --redrive ID            run a failed run's failed steps again (what succeeded is reused),
                          or a batch's failed lines
  --journal-gc            remove runs from the --journal: the finished ones unless --status
                          says; with --older-than AGE (30d, 12h) and --keep-latest N
  --journal-retention AGE with --serve: remove finished runs older than AGE as it runs
  --input-jsonl FILE|-    a batch: one run per line of FILE (JSON Lines; - is stdin), each
                          line an input; the results go to --output-jsonl, in input order
  --output-jsonl FILE|-   where a batch's results go, one JSON line per input line:
                          {"line", "status", "output"|"error"} (default: - , stdout)
  --max-runs N            the runs in flight at once: a batch's (default 16), or with --serve
                          the server's, more refused with 429 (default 64)
  --shard I/N             a batch runs only the lines whose 0-based index is I modulo N
  --batch-id ID           with --journal: the batch's id (letters, digits, . _ -); when the
                          journal already has batch ID, continue it as --resume ID would
  --rpm N                 at most N LLM requests per minute, shared by every run
  --tpm N                 at most N LLM tokens per minute (estimated before each request,
                          corrected by its reply), shared by every run
  --max-cost USD          stop before an LLM request that could take the run's spend past USD
                          (per batch with --input-jsonl, per shard with --shard): exit 3;
                          needs the models' prices (docs/cost.md)
  --max-tokens N          the same for N LLM tokens, input and output together
  --prices FILE           the models' prices (YAML or JSON: prices: {MODEL: {input: USD,
                          output: USD, cached_input: USD}}, USD per million tokens)
  --task NAME             chat packs: the prompt that answers (default: the only one)
  --message TEXT          chat packs: the user's message (the input's "message")
  --chat                  chat packs: a conversation, one user turn per stdin line (a JSON
                          object {"message": …} per line; plain text on a terminal)
  --raw                   chat packs: print the reply as text, not as a JSON string
  --mcp                   serve as an MCP server over stdio: the workflow (a chat pack's
                          tasks) as tools, each tools/call a run; bindings, the LLM options,
                          --trace, --journal, --events, --max-concurrency and --workspace
                          apply to every call
  --serve [ADDR:]PORT     serve over HTTP (docs/serve.md): POST /runs, GET /runs/ID, the
                          OpenAPI document, metrics and a web page; ADDR defaults to
                          127.0.0.1, and any other address needs $WFC_SERVE_TOKEN (sent
                          as Authorization: Bearer …); runs go in --journal (default
                          wfc-serve.db)
  --allow-host NAME       with --serve: another name the server answers to (the Host
                          header, checked on loopback) and whose web pages may call it (the
                          Origin header); repeatable
  --max-body SIZE         with --serve: refuse request bodies over SIZE with 413 (default
                          1MiB)
  --drain-timeout DUR     with --serve: on SIGTERM, let running runs finish for DUR, then
                          suspend them in the journal (default 30s)
  --header-timeout DUR    with --serve: close a connection that has not sent a request's
                          headers DUR after it opened or its previous answer (default 30s)
  --body-timeout DUR      with --serve: close a connection that has not sent a request's
                          body DUR after its headers (default 60s; raise it with --max-body)
  --otlp-endpoint URL     export each run's spans over OTLP/HTTP to URL (default:
                          $OTEL_EXPORTER_OTLP_ENDPOINT); docs/observability.md
  --otlp-content          include prompts and replies in the exported spans
  --version               print the workflow's and wfc's versions
  --help                  print this help

Exit codes: 0 success; 1 the workflow failed; 2 bad usage, input or bindings;
3 a timeout or budget exhausted; 4 suspended, waiting for an event (with --journal);
130 SIGINT; 143 SIGTERM. A batch: 0 when every line succeeded, 1 otherwise (its output
says which), 2 bad usage.
)";
}

}  // namespace wfc

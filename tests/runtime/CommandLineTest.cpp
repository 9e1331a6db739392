// The compiled executable's command line (docs/executable.md, runtime/host/session/CommandLine.cpp): both spellings of
// every option, flags, and the usage errors (exit 2) with their messages.
#include "host/session/CommandLine.h"
#include "TestSupport.h"

#include "wfc/error.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

namespace wfc {
namespace {

using test::errorOf;

CommandLine parse(std::vector<std::string> args) {
  args.insert(args.begin(), "/opt/bin/my-workflow");
  std::vector<char *> argv;
  for (std::string &a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  return parseCommandLine(int(args.size()), argv.data());
}

std::string usageError(std::vector<std::string> args) {
  return errorOf([&] { parse(args); }, ErrorKind::Usage);
}

struct TextOption {
  const char *name;
  std::optional<std::string> CommandLine::*field;
};
const TextOption kTextOptions[] = {
    {"--input", &CommandLine::input},          {"--input-json", &CommandLine::inputJson},
    {"--output", &CommandLine::output},        {"--llm-base-url", &CommandLine::llmBaseUrl},
    {"--model", &CommandLine::model},          {"--provider", &CommandLine::provider},
    {"--replay", &CommandLine::replay},        {"--record", &CommandLine::record},
    {"--bindings", &CommandLine::bindings},    {"--events", &CommandLine::events},
    {"--trace", &CommandLine::trace},          {"--report", &CommandLine::report},
    {"--workspace", &CommandLine::workspace},  {"--journal", &CommandLine::journal},
    {"--resume", &CommandLine::resume},        {"--input-jsonl", &CommandLine::inputJsonl},
    {"--output-jsonl", &CommandLine::outputJsonl},
};

struct FlagOption {
  const char *name;
  bool CommandLine::*field;
};
const FlagOption kFlags[] = {
    {"--pretty", &CommandLine::pretty}, {"--dry-run", &CommandLine::dryRun}, {"--quiet", &CommandLine::quiet},
    {"--version", &CommandLine::version}, {"--help", &CommandLine::help},
};

TEST(CommandLineTest, DefaultsWithNoArguments) {
  CommandLine c = parse({});
  EXPECT_EQ(c.program, "my-workflow");
  EXPECT_EQ(c.maxConcurrency, 64u);
  EXPECT_FALSE(c.pretty || c.dryRun || c.quiet || c.help || c.version);
  for (const TextOption &o : kTextOptions) EXPECT_FALSE((c.*o.field).has_value()) << o.name;
}

TEST(CommandLineTest, EveryValueOptionInBothForms) {
  for (const TextOption &o : kTextOptions) {
    std::string value = std::string("value of ") + o.name;
    CommandLine spaced = parse({o.name, value});
    EXPECT_EQ(spaced.*o.field, value) << o.name << " VALUE";
    CommandLine joined = parse({std::string(o.name) + "=" + value});
    EXPECT_EQ(joined.*o.field, value) << o.name << "=VALUE";
    // Only that field is set.
    for (const TextOption &other : kTextOptions)
      if (other.field != o.field) {
        EXPECT_FALSE((spaced.*other.field).has_value()) << o.name << " set " << other.name;
      }
  }
  EXPECT_EQ(parse({"--max-concurrency", "7"}).maxConcurrency, 7u);
  EXPECT_EQ(parse({"--max-concurrency=9"}).maxConcurrency, 9u);
}

TEST(CommandLineTest, ValuesKeepWhatFollowsTheFirstEqualsSign) {
  EXPECT_EQ(parse({R"(--input-json={"a":"x=y"})"}).inputJson, R"({"a":"x=y"})");
  EXPECT_EQ(parse({"--input-json", R"({"a":"x=y"})"}).inputJson, R"({"a":"x=y"})");
  EXPECT_EQ(parse({"--llm-base-url=http://h:1/v1?a=b"}).llmBaseUrl, "http://h:1/v1?a=b");
  EXPECT_EQ(parse({"--input", "-"}).input, "-");  // stdin
  EXPECT_EQ(parse({"--input=-"}).input, "-");
}

TEST(CommandLineTest, SeveralOptionsTogether) {
  CommandLine c = parse({"--input", "in.json", "--pretty", "--output=out.json", "--max-concurrency", "3", "--quiet",
                         "--trace=t.jsonl", "--model", "m"});
  EXPECT_EQ(c.input, "in.json");
  EXPECT_EQ(c.output, "out.json");
  EXPECT_EQ(c.trace, "t.jsonl");
  EXPECT_EQ(c.model, "m");
  EXPECT_EQ(c.maxConcurrency, 3u);
  EXPECT_TRUE(c.pretty);
  EXPECT_TRUE(c.quiet);
  EXPECT_FALSE(c.dryRun);
}

TEST(CommandLineTest, Flags) {
  for (const FlagOption &o : kFlags) {
    CommandLine c = parse({o.name});
    EXPECT_TRUE(c.*o.field) << o.name;
    for (const FlagOption &other : kFlags)
      if (other.field != o.field) {
        EXPECT_FALSE(c.*other.field) << o.name << " set " << other.name;
      }
  }
  EXPECT_TRUE(parse({"-h"}).help);
}

TEST(CommandLineTest, FlagsRejectValues) {
  for (const FlagOption &o : kFlags) {
    EXPECT_EQ(usageError({std::string(o.name) + "=yes"}), std::string("option '") + o.name + "' takes no value");
    EXPECT_EQ(usageError({std::string(o.name) + "="}), std::string("option '") + o.name + "' takes no value");
    // A separate word after a flag is not its value: it is a stray argument.
    EXPECT_EQ(usageError({o.name, "yes"}).rfind("unexpected argument 'yes'", 0), 0u) << o.name;
  }
}

TEST(CommandLineTest, UnknownOptionSuggestsTheClosest) {
  EXPECT_EQ(usageError({"--inptu", "x.json"}), "unknown option '--inptu'; did you mean '--input'?");
  EXPECT_EQ(usageError({"--inptu=x.json"}), "unknown option '--inptu'; did you mean '--input'?");
  EXPECT_EQ(usageError({"--max-concurency", "2"}), "unknown option '--max-concurency'; did you mean '--max-concurrency'?");
  EXPECT_EQ(usageError({"--prety"}), "unknown option '--prety'; did you mean '--pretty'?");
  EXPECT_EQ(usageError({"-input", "x"}), "unknown option '-input'; did you mean '--input'?");
  EXPECT_EQ(usageError({"--frobnicate"}), "unknown option '--frobnicate'");
  EXPECT_EQ(usageError({"-x"}), "unknown option '-x'");
}

TEST(CommandLineTest, MissingValue) {
  for (const TextOption &o : kTextOptions)
    EXPECT_EQ(usageError({"--quiet", o.name}), std::string("option '") + o.name + "' needs a value");
  EXPECT_EQ(usageError({"--max-concurrency"}), "option '--max-concurrency' needs a value");
}

TEST(CommandLineTest, MaxConcurrencyBounds) {
  EXPECT_EQ(parse({"--max-concurrency", "1"}).maxConcurrency, 1u);
  EXPECT_EQ(parse({"--max-concurrency=100000"}).maxConcurrency, 100000u);
  for (const char *bad : {"0", "100001", "-1", "-0", "", "abc", "4x", "1.5", "4294967297", "18446744073709551617",
                          "99999999999999999999999"}) {
    EXPECT_EQ(usageError({"--max-concurrency", bad}),
              std::string("--max-concurrency takes a whole number from 1 to 100000, not '") + bad + "'")
        << "'" << bad << "'";
    EXPECT_EQ(usageError({std::string("--max-concurrency=") + bad}),
              std::string("--max-concurrency takes a whole number from 1 to 100000, not '") + bad + "'")
        << "'" << bad << "'";
  }
}

TEST(CommandLineTest, TimeoutTakesADuration) {
  EXPECT_EQ(parse({"--timeout", "30s"}).timeoutMs, 30000u);
  EXPECT_EQ(parse({"--timeout=500ms"}).timeoutMs, 500u);
  EXPECT_EQ(parse({"--timeout", "5m"}).timeoutMs, 300000u);
  EXPECT_EQ(parse({"--timeout", "2h"}).timeoutMs, 7200000u);
  EXPECT_EQ(parse({"--timeout", "45"}).timeoutMs, 45000u);  // a bare number is seconds
  EXPECT_FALSE(parse({}).timeoutMs.has_value());
  for (const char *bad : {"0", "0ms", "-1", "", "1.5s", "10d", "s", "31d", "721h", "9999999999999", "1 s"})
    EXPECT_EQ(usageError({"--timeout", bad}),
              std::string("--timeout takes a duration such as 30s, 500ms, 5m or 1h (a bare number is seconds), from "
                          "1 ms to 30 days, not '") + bad + "'")
        << "'" << bad << "'";
}

TEST(CommandLineTest, InputAndInputJsonTogetherIsAnError) {
  const std::string message = "give the input with --input or with --input-json, not both";
  EXPECT_EQ(usageError({"--input", "in.json", "--input-json", "{}"}), message);
  EXPECT_EQ(usageError({"--input-json={}", "--input=-"}), message);
}

TEST(CommandLineTest, BarePositionalArgumentIsAnError) {
  const std::string message =
      "unexpected argument 'input.json'; the input goes in --input FILE or --input-json JSON";
  EXPECT_EQ(usageError({"input.json"}), message);
  EXPECT_EQ(usageError({"--pretty", "input.json"}), message);
  EXPECT_EQ(usageError({"--model", "m", "input.json", "--quiet"}), message);
  EXPECT_EQ(usageError({"a=b"}).rfind("unexpected argument 'a=b'", 0), 0u);
}

// docs/batch.md: --max-runs, --shard I/N, --rpm and --tpm, each a whole number in its range.
TEST(CommandLineTest, BatchOptionsTakeWholeNumbersInTheirRanges) {
  CommandLine c = parse({"--max-runs", "256", "--shard=2/8", "--rpm", "9500", "--tpm=1900000"});
  EXPECT_EQ(c.maxRuns, 256u);
  ASSERT_TRUE(c.shard);
  EXPECT_EQ(c.shard->index, 2u);
  EXPECT_EQ(c.shard->count, 8u);
  EXPECT_EQ(c.rpm, 9500u);
  EXPECT_EQ(c.tpm, 1900000u);
  EXPECT_FALSE(parse({}).maxRuns || parse({}).shard || parse({}).rpm || parse({}).tpm);
  EXPECT_EQ(parse({"--shard", "0/1"}).shard->count, 1u);
  for (const char *bad : {"0", "10001", "-1", "1.5", "x", ""})
    EXPECT_EQ(usageError({"--max-runs", bad}), std::string("--max-runs takes a whole number from 1 to 10000, not '") +
                                                   bad + "'");
  for (const char *bad : {"1", "3/3", "4/3", "0/0", "-1/3", "a/3", "1/b", "/3", "1/", "0/1000001"})
    EXPECT_EQ(usageError({"--shard", bad}).rfind("--shard takes I/N, the shard I (from 0 to N-1) of N", 0), 0u) << bad;
  EXPECT_EQ(usageError({"--rpm", "0"}).rfind("--rpm takes a whole number of LLM requests per minute", 0), 0u);
  EXPECT_EQ(usageError({"--tpm", "1e6"}).rfind("--tpm takes a whole number of LLM tokens per minute", 0), 0u);
  EXPECT_EQ(usageError({"--tpm", "99999999999999999999"}).rfind("--tpm takes", 0), 0u) << "overflow";
}

// docs/batch.md "A batch id chosen in advance": --batch-id takes a name of 1 to 64 characters
// that a path or a shell would not mangle.
TEST(CommandLineTest, BatchIdTakesLettersDigitsDotsDashesAndUnderscores) {
  EXPECT_EQ(parse({"--batch-id", "summaries-shard-3"}).batchId, "summaries-shard-3");
  EXPECT_EQ(parse({"--batch-id=A.b_9"}).batchId, "A.b_9");
  EXPECT_EQ(parse({"--batch-id", std::string(64, 'x')}).batchId, std::string(64, 'x'));
  EXPECT_FALSE(parse({}).batchId);
  for (std::string bad : {std::string(), std::string(65, 'x'), std::string("a b"), std::string("a/b"),
                          std::string("$(JOB_COMPLETION_INDEX)"), std::string("caf\xc3\xa9")})
    EXPECT_EQ(usageError({"--batch-id", bad}),
              "--batch-id takes 1 to 64 letters, digits, '.', '_' or '-', not '" + bad + "'");
}

// --allow-host (docs/serve.md "Security model"): repeated, each a host as a Host header names it.
TEST(CommandLineTest, AllowHostTakesHostNamesOneAtATime) {
  EXPECT_EQ(parse({"--allow-host", "wfc.example.com", "--allow-host=10.0.0.5", "--allow-host", "[fd00::5]"}).allowHosts,
            (std::vector<std::string>{"wfc.example.com", "10.0.0.5", "[fd00::5]"}));
  EXPECT_TRUE(parse({}).allowHosts.empty());
  for (std::string bad : {std::string(), std::string("wfc.example.com:8080"), std::string("http://wfc.example.com"),
                          std::string("fd00::5"), std::string("a b")})
    EXPECT_EQ(usageError({"--allow-host", bad}),
              "--allow-host takes a host name or address as a Host header names it (wfc.example.com, 10.0.0.5, "
              "[fd00::5]; no port, no scheme), not '" + bad + "'");
}

// --header-timeout and --body-timeout (docs/serve.md "Slow clients"): durations, as --timeout's.
TEST(CommandLineTest, ServeDeadlinesAreDurations) {
  CommandLine defaults = parse({});
  EXPECT_EQ(defaults.headerTimeoutMs, 30'000u);
  EXPECT_EQ(defaults.bodyTimeoutMs, 60'000u);
  CommandLine given = parse({"--header-timeout", "5s", "--body-timeout=10m"});
  EXPECT_EQ(given.headerTimeoutMs, 5'000u);
  EXPECT_EQ(given.bodyTimeoutMs, 600'000u);
  EXPECT_TRUE(given.headerTimeoutGiven && given.bodyTimeoutGiven);
  EXPECT_EQ(usageError({"--header-timeout", "0"}),
            "--header-timeout takes a duration such as 30s, 500ms or 2m (a bare number is seconds), not '0'");
  EXPECT_EQ(usageError({"--body-timeout", "soon"}),
            "--body-timeout takes a duration such as 60s, 500ms or 10m (a bare number is seconds), not 'soon'");
}

TEST(CommandLineTest, HelpListsEveryOption) {
  std::string help = commandLineHelp();
  for (const TextOption &o : kTextOptions) EXPECT_NE(help.find(o.name), std::string::npos) << o.name;
  for (const FlagOption &o : kFlags) EXPECT_NE(help.find(o.name), std::string::npos) << o.name;
  EXPECT_NE(help.find("--max-concurrency"), std::string::npos);
  for (const char *name :
       {"--max-runs", "--shard", "--batch-id", "--rpm", "--tpm", "--allow-host", "--header-timeout", "--body-timeout"})
    EXPECT_NE(help.find(name), std::string::npos) << name;
}

}  // namespace
}  // namespace wfc

// Budgets and spend end to end (docs/cost.md): packs/cost.yaml — three prompt steps in parallel,
// then one reading their outputs — run as a black box against the test LLM server answering with
// "usage": "measured" (docs/test-llm-server.md): one token per byte, a tokenizer's worst case, and
// replies stopped at max_tokens. The tests check the executable's claims against the server's own
// counts: a budget is never passed, a request that could pass it is never sent, the spend a
// report gives is what the server counted, a resumed run and a batch go on against what is left.
#include "ExeDir.h"
#include "BoundEvaluation.h"
#include "LlmServerProcess.h"
#include "Process.h"
#include "TestFiles.h"
#include "Terminal.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sys/wait.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

namespace wfc::test {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

constexpr const char *kInput = R"({"a": "alpha document", "b": "bravo document", "c": "charl document"})";
constexpr const char *kModel = "cost-model";

// The replies: each branch's summary (the same length for all three), and the combined paragraph.
Json script(int branchDelayMs = 0, int combineStatus = 200) {
  Json replies = Json::array();
  for (const char *doc : {"alpha", "bravo", "charl"}) {
    Json entry = {{"match", {{"user_contains", std::string(doc) + " document"}}},
                  {"reply", {{"content", std::string("summary of ") + doc}, {"usage", "measured"}}}};
    if (branchDelayMs) entry["delay_ms"] = branchDelayMs;
    replies.push_back(entry);
  }
  Json combine = {{"match", {{"system_contains", "Combine"}}},
                  {"reply", {{"content", "one paragraph of all three"}, {"usage", "measured"}}}};
  if (combineStatus != 200) combine["status"] = combineStatus;
  replies.push_back(combine);
  return {{"replies", replies}};
}

// docs/cost.md "The bound": 16 tokens for the request, 16 and its bytes for each message, and
// the token limit it sends.
uint64_t worstCase(const Json &body) {
  uint64_t tokens = 16;
  for (const Json &m : body["messages"]) tokens += 16 + m["content"].get<std::string>().size();
  // A PromptPack prompt's limit goes to OpenAI's API as max_completion_tokens (docs/promptkit.md).
  return tokens + body.value("max_completion_tokens", body.value("max_tokens", uint64_t(0)));
}

// What the server counted for the requests it answered.
uint64_t used(const std::vector<Json> &requests) {
  uint64_t tokens = 0;
  for (const Json &r : requests)
    if (r.contains("usage")) tokens += r["usage"]["prompt_tokens"].get<uint64_t>() + r["usage"]["completion_tokens"].get<uint64_t>();
  return tokens;
}

bool isCombine(const Json &request) {
  return request["body"]["messages"][0]["content"].get<std::string>().find("Combine") != std::string::npos;
}

class CostE2ETest : public ::testing::Test {
 protected:
  TempDir dir_;
  std::string exe_ = e2eExeDir() + "/cost";

  void SetUp() override { ASSERT_TRUE(fs::exists(exe_)) << exe_ << " was not built"; }

  ProcessResult run(const LlmServerProcess &server, std::vector<std::string> args, double timeout = 30) {
    std::vector<std::string> argv = {"-u", "OPENAI_API_KEY", "-u", "WFC_MODEL", "-u", "WFC_LLM_BASE_URL",
                                     "-u", "OPENAI_BASE_URL", exe_, "--llm-base-url", server.baseUrl(),
                                     "--model", kModel, "--quiet"};
    // A batch reads its lines; a resumed run keeps the input it started with.
    if (std::find(args.begin(), args.end(), "--input-jsonl") == args.end() &&
        std::find(args.begin(), args.end(), "--resume") == args.end() &&
        std::find(args.begin(), args.end(), "--runs") == args.end()) {
      argv.push_back("--input-json");
      argv.push_back(kInput);
    }
    argv.insert(argv.end(), args.begin(), args.end());
    return runProcess("/usr/bin/env", argv, timeout);
  }

  // One run without a budget: what each request costs at most, and what it used.
  struct Measured {
    uint64_t branchWorst = 0, combineWorst = 0, branchesUsed = 0, total = 0;
  };
  Measured measure() {
    LlmServerProcess server(script());
    ProcessResult r = run(server, {});
    EXPECT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
    Measured m;
    for (const Json &request : server.requests()) {
      uint64_t use = used({request});
      if (isCombine(request)) {
        m.combineWorst = worstCase(request["body"]);
      } else {
        m.branchWorst = std::max(m.branchWorst, worstCase(request["body"]));
        m.branchesUsed += use;
      }
      m.total += use;
      EXPECT_LE(use, worstCase(request["body"])) << "the bound is below what the server counted";
    }
    return m;
  }
};

TEST_F(CostE2ETest, TheReportsSpendIsWhatTheServerCountedPricedPerMillionTokens) {
  LlmServerProcess server(script());
  std::string prices = dir_.write("prices.yaml", std::string("prices:\n  ") + kModel + ": {input: 2.5, output: 10}\n");
  std::string report = (dir_ / "report.json").string(), trace = (dir_ / "trace.jsonl").string();
  ProcessResult r = run(server, {"--prices", prices, "--report", report, "--trace", trace});
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  uint64_t in = 0, out = 0;
  for (const Json &request : server.requests()) {
    in += request["usage"]["prompt_tokens"].get<uint64_t>();
    out += request["usage"]["completion_tokens"].get<uint64_t>();
  }
  Json spend = Json::parse(readText(report))["spend"];
  EXPECT_EQ(spend["input_tokens"], in);
  EXPECT_EQ(spend["output_tokens"], out);
  EXPECT_NEAR(spend["cost_usd"].get<double>(), (double(in) * 2.5 + double(out) * 10) / 1e6, 1e-12);
  // Each call's cost in the trace; the run's at its end.
  double calls = 0;
  Json end;
  for (const std::string &line : splitLines(readText(trace))) {
    Json event = Json::parse(line);
    if (event["event"] == "llm_call") calls += event["cost_usd"].get<double>();
    if (event["event"] == "run_end") end = event;
  }
  EXPECT_NEAR(calls, spend["cost_usd"].get<double>(), 1e-12);
  EXPECT_EQ(end["spend"], spend);
}

TEST_F(CostE2ETest, OnATerminalTheRunEndsWithWhatItSpent) {
  std::string why;
  if (!canOpenTerminal(why)) GTEST_SKIP() << "no pseudo-terminal on this machine (" << why << ")";
  LlmServerProcess server(script());
  std::string prices = dir_.write("prices.yaml", std::string("prices:\n  ") + kModel + ": {input: 1000000, output: 1000000}\n");
  int status = 0;
  std::string screen = runOnTerminal({exe_, "--llm-base-url", server.baseUrl(), "--model", kModel, "--input-json", kInput,
                                      "--prices", prices},
                                     status, 30);
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << screen;
  uint64_t in = 0, out = 0;
  for (const Json &request : server.requests()) {
    in += request["usage"]["prompt_tokens"].get<uint64_t>();
    out += request["usage"]["completion_tokens"].get<uint64_t>();
  }
  // $1 a token: the dollars are the tokens.
  std::string line = "cost: spent " + std::to_string(in + out) + " tokens (" + std::to_string(in) + " in, " +
                     std::to_string(out) + " out), $" + std::to_string(in + out) + ".00";
  EXPECT_NE(screen.find(line), std::string::npos) << line << "\n" << screen;
  // --quiet, or no terminal, and there is no such line.
  ProcessResult piped = run(server, {"--prices", prices});
  EXPECT_EQ(piped.err.find("spent"), std::string::npos) << piped.err;
}

TEST_F(CostE2ETest, WithoutAPriceTheSpendIsTokensAndSaysHowManyCallsWereUnpriced) {
  LlmServerProcess server(script());
  std::string report = (dir_ / "report.json").string();
  ProcessResult r = run(server, {"--report", report});
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  Json spend = Json::parse(readText(report))["spend"];
  EXPECT_FALSE(spend.contains("cost_usd")) << spend;
  EXPECT_EQ(spend["unpriced_calls"], 4);
  EXPECT_EQ(spend["input_tokens"].get<uint64_t>() + spend["output_tokens"].get<uint64_t>(), used(server.requests()));
}

TEST_F(CostE2ETest, ARequestThatCouldPassMaxTokensIsNotSentAndTheRunExits3) {
  Measured m = measure();
  // Room for the three summaries as they turned out, and one token short of combine's worst case.
  uint64_t limit = m.branchesUsed + m.combineWorst - 1;
  ASSERT_GE(limit, 3 * m.branchWorst) << "the three summaries must fit at once for this test";
  LlmServerProcess server(script());
  ProcessResult r = run(server, {"--max-tokens", std::to_string(limit)});
  EXPECT_EQ(r.exitCode, 3) << r.describe() << "\n" << r.err;
  EXPECT_NE(r.err.find("step 'combine'"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("budget exhausted"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("--max-tokens " + std::to_string(limit)), std::string::npos) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
  std::vector<Json> requests = server.requests();
  EXPECT_EQ(requests.size(), 3u);
  for (const Json &request : requests) EXPECT_FALSE(isCombine(request));
  EXPECT_LE(used(requests), limit);
}

TEST_F(CostE2ETest, ABudgetThatHoldsTheWorstCaseExactlyIsEnough) {
  Measured m = measure();
  LlmServerProcess server(script());
  std::string limit = std::to_string(m.branchesUsed + m.combineWorst);
  ProcessResult r = run(server, {"--max-tokens", limit});
  EXPECT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  EXPECT_EQ(server.requests().size(), 4u);
}

TEST_F(CostE2ETest, ParallelBranchesReserveTogetherAndTheOneThatDoesNotFitIsNeverSent) {
  Measured m = measure();
  // Room for two worst cases and a half: the three branches start at once (the server holds each
  // reply 400 ms), so the third cannot reserve while the first two hold theirs.
  uint64_t limit = 2 * m.branchWorst + m.branchWorst / 2;
  LlmServerProcess server(script(400));
  std::string trace = (dir_ / "trace.jsonl").string();
  ProcessResult r = run(server, {"--max-tokens", std::to_string(limit), "--trace", trace});
  EXPECT_EQ(r.exitCode, 3) << r.describe() << "\n" << r.err;
  EXPECT_NE(r.err.find("budget exhausted"), std::string::npos) << r.err;
  // The refused branch's failure stops the other two (docs/semantics.md): their requests were
  // sent and are cancelled; the refused one has none.
  std::string refused;
  for (const char *step : {"first", "second", "third"})
    if (r.err.find(std::string("step '") + step + "': budget exhausted") != std::string::npos) refused = step;
  ASSERT_FALSE(refused.empty()) << r.err;
  std::vector<std::string> sent;
  for (const std::string &line : splitLines(readText(trace))) {
    Json event = Json::parse(line);
    if (event["event"] == "llm_call") sent.push_back(event["step"]);
  }
  EXPECT_EQ(sent.size(), 2u);
  EXPECT_EQ(std::count(sent.begin(), sent.end(), refused), 0) << refused;
  EXPECT_LE(used(server.requests()), limit);
}

TEST_F(CostE2ETest, MaxCostNeedsThePriceOfTheModel) {
  LlmServerProcess server(script());
  ProcessResult r = run(server, {"--max-cost", "1"});
  EXPECT_EQ(r.exitCode, 2) << r.describe() << "\n" << r.err;
  EXPECT_NE(r.err.find(std::string("model '") + kModel + "'"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("prices"), std::string::npos) << r.err;
  EXPECT_TRUE(server.requests().empty());
}

TEST_F(CostE2ETest, MaxCostInDollarsRefusesWhatCouldCostMore) {
  Measured m = measure();
  // $1 per token in and out: the dollars are the tokens.
  std::string prices = dir_.write("prices.yaml", std::string("prices:\n  ") + kModel + ": {input: 1000000, output: 1000000}\n");
  LlmServerProcess server(script());
  std::string limit = std::to_string(m.branchesUsed + m.combineWorst - 1);
  ProcessResult r = run(server, {"--prices", prices, "--max-cost", limit});
  EXPECT_EQ(r.exitCode, 3) << r.describe() << "\n" << r.err;
  EXPECT_NE(r.err.find("step 'combine'"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("--max-cost $"), std::string::npos) << r.err;
  EXPECT_EQ(server.requests().size(), 3u);
  // And bad values are usage errors.
  for (const char *bad : {"$5", "-1", "five", "1e400", ""}) {
    ProcessResult u = run(server, {"--max-cost", bad});
    EXPECT_EQ(u.exitCode, 2) << bad << ": " << u.describe();
    EXPECT_NE(u.err.find("--max-cost takes a number of US dollars"), std::string::npos) << u.err;
  }
}

TEST_F(CostE2ETest, AResumedRunGoesOnAgainstWhatItsBudgetHasLeft) {
  Measured m = measure();
  std::string journal = (dir_ / "runs.db").string();
  std::string runId;
  {
    // combine fails (a 400 is not retried): the three summaries are journaled with their spend.
    LlmServerProcess server(script(0, 400));
    ProcessResult r = run(server, {"--journal", journal});
    ASSERT_EQ(r.exitCode, 1) << r.describe() << "\n" << r.err;
    ProcessResult runs = run(server, {"--journal", journal, "--runs"});
    Json line = Json::parse(splitLines(runs.out).at(0));
    runId = line["id"];
    // --runs says what each run spent: the three summaries here, unpriced.
    EXPECT_EQ(line["spend"]["input_tokens"].get<uint64_t>() + line["spend"]["output_tokens"].get<uint64_t>(),
              used(server.requests()))
        << line;
    EXPECT_EQ(line["spend"]["unpriced_calls"], 3) << line;
  }
  LlmServerProcess server(script());
  // What the summaries spent counts: one token less than they and combine's worst case need.
  ProcessResult refused =
      run(server, {"--journal", journal, "--resume", runId, "--max-tokens", std::to_string(m.branchesUsed + m.combineWorst - 1)});
  EXPECT_EQ(refused.exitCode, 3) << refused.describe() << "\n" << refused.err;
  EXPECT_NE(refused.err.find("step 'combine'"), std::string::npos) << refused.err;
  EXPECT_TRUE(server.requests().empty());
  std::string report = (dir_ / "report.json").string();
  ProcessResult done = run(server, {"--journal", journal, "--resume", runId, "--max-tokens",
                                    std::to_string(m.branchesUsed + m.combineWorst), "--report", report});
  EXPECT_EQ(done.exitCode, 0) << done.describe() << "\n" << done.err;
  ASSERT_EQ(server.requests().size(), 1u);  // combine only: the summaries are not asked again
  Json spend = Json::parse(readText(report))["spend"];
  EXPECT_EQ(spend["input_tokens"].get<uint64_t>() + spend["output_tokens"].get<uint64_t>(), m.total);
}

TEST_F(CostE2ETest, ABatchsBudgetIsSharedByItsLines) {
  Measured m = measure();
  std::string lines;
  for (int i = 0; i < 3; ++i) lines += std::string(kInput) + "\n";
  std::string input = dir_.write("in.jsonl", lines);
  // Line 0 fits; after it, a line's summaries still fit but never its combine.
  uint64_t limit = m.total + m.branchesUsed + m.combineWorst - 1;
  LlmServerProcess server(script());
  ProcessResult r = run(server, {"--input-jsonl", input, "--max-runs", "1", "--max-tokens", std::to_string(limit)}, 60);
  EXPECT_EQ(r.exitCode, 1) << r.describe() << "\n" << r.err;
  std::vector<std::string> out = splitLines(r.out);
  ASSERT_EQ(out.size(), 3u) << r.out;
  EXPECT_EQ(Json::parse(out[0])["status"], "succeeded") << out[0];
  for (int i = 1; i < 3; ++i) {
    Json line = Json::parse(out[size_t(i)]);
    EXPECT_EQ(line["status"], "failed") << line;
    EXPECT_EQ(line["error"]["code"], 3) << line;
    EXPECT_NE(line["error"]["message"].get<std::string>().find("the batch has spent"), std::string::npos) << line;
  }
  EXPECT_LE(used(server.requests()), limit);
}

// The static bound (`wfc build --emit=cost`, docs/cost.md "The static bound") is never below what
// a run uses: random inputs — lengths from empty to 400 bytes, ASCII and multibyte UTF-8 — run
// against the server's measured usage, each step's bound evaluated at the input's byte lengths
// (evaluateBound).
TEST_F(CostE2ETest, TheStaticBoundIsNeverBelowWhatARunUses) {
  ProcessResult built = runProcess(WFC_BINARY, {"build", std::string(WFC_SOURCE_DIR) + "/tests/e2e/packs/cost.yaml",
                                                "--composition", "main", "--emit=cost", "--allow-unbound"});
  ASSERT_EQ(built.exitCode, 0) << built.err;
  Json bound = Json::parse(built.out);
  std::mt19937 random(20261128);
  const std::vector<std::string> alphabet = {"a", "b", " ", "\n", "é", "漢", "🙂", "\"", "\\"};
  for (int round = 0; round < 5; ++round) {
    Json input = Json::object();
    for (const char *key : {"a", "b", "c"}) {
      std::string text = std::string(key == std::string("a") ? "alpha" : key == std::string("b") ? "bravo" : "charl") + " document ";
      size_t length = std::uniform_int_distribution<size_t>(0, 120)(random);
      for (size_t i = 0; i < length; ++i) text += alphabet[std::uniform_int_distribution<size_t>(0, alphabet.size() - 1)(random)];
      input[key] = text;
    }
    LlmServerProcess server(script());
    std::vector<std::string> argv = {"-u", "OPENAI_API_KEY", exe_, "--llm-base-url", server.baseUrl(), "--model", kModel,
                                     "--quiet", "--input-json", input.dump()};
    ProcessResult r = runProcess("/usr/bin/env", argv, 30);
    ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
    double total = 0;
    for (const Json &request : server.requests()) {
      const std::string user = request["body"]["messages"][1]["content"];
      const char *step = isCombine(request) ? "combine"
                         : user.rfind("alpha", 0) == 0 ? "first"
                         : user.rfind("bravo", 0) == 0 ? "second"
                                                       : "third";
      for (const Json &row : bound["steps"])
        if (row["what"] == std::string("step '") + step + "'") {
          EXPECT_GE(evaluateBound(row["input_tokens"], input), request["usage"]["prompt_tokens"].get<double>()) << step << " " << input;
          EXPECT_GE(evaluateBound(row["output_tokens"], input), request["usage"]["completion_tokens"].get<double>()) << step;
        }
      total += double(used({request}));
    }
    EXPECT_GE(evaluateBound(bound["total"]["input_tokens"], input) + evaluateBound(bound["total"]["output_tokens"], input), total);
  }
}

}  // namespace
}  // namespace wfc::test

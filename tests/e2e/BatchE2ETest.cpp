// Batches end to end (docs/batch.md): packs/batch.yaml — one prompt step per run — compiled at
// build time and run as a black box with --input-jsonl against the scripted test LLM server
// (docs/test-llm-server.md): results in input order under concurrency, --max-runs, --rpm and
// --tpm measured from the server's request log, shards that together are the unsharded run,
// malformed and blank lines, an empty file, standard input, usage errors, a chat pack's turns.
// The journal's side — kill -9 and resume, a 429 storm — is tests/fault/BatchFaultTest.cpp.
#include "ExeDir.h"
#include "LlmServerProcess.h"
#include "Process.h"
#include "TestFiles.h"
#include "Terminal.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <spawn.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fcntl.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace wfc::test {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

// "doc-7|…": the text of line 7's input; the scripts match it, the tests find it in requests.
std::string docText(int i) { return "doc-" + std::to_string(i) + "| a document to summarize"; }
std::string docLine(int i) { return Json{{"text", docText(i)}}.dump(); }
std::string summary(int i) { return "summary of doc-" + std::to_string(i); }

// A script answering line i's request with summary(i), after delays[i] ms.
Json docScript(int lines, const std::vector<int> &delays = {}, Json usage = nullptr) {
  Json replies = Json::array();
  for (int i = 0; i < lines; ++i) {
    Json entry = {{"match", {{"user_contains", "doc-" + std::to_string(i) + "|"}}},
                  {"reply", {{"content", summary(i)}}}};
    if (i < int(delays.size()) && delays[i]) entry["delay_ms"] = delays[i];
    if (!usage.is_null()) entry["reply"]["usage"] = usage;
    replies.push_back(entry);
  }
  return {{"replies", replies}};
}

std::vector<Json> resultLines(const std::string &text) {
  std::vector<Json> out;
  for (const std::string &line : splitLines(text)) out.push_back(Json::parse(line));
  return out;
}

// The server's requests in arrival order, with their arrival times.
std::vector<double> arrivals(const LlmServerProcess &server) {
  std::vector<double> out;
  for (const Json &r : server.requests()) out.push_back(r["arrived_ms"].get<double>());
  std::sort(out.begin(), out.end());
  return out;
}

extern "C" char **environ;

class BatchE2ETest : public ::testing::Test {
 protected:
  TempDir dir_;
  std::string exe_ = e2eExeDir() + "/batch";

  void SetUp() override { ASSERT_TRUE(fs::exists(exe_)) << exe_ << " was not built"; }

  std::string input(const std::string &name, const std::vector<std::string> &lines, bool finalNewline = true) {
    std::string text;
    for (size_t i = 0; i < lines.size(); ++i) text += lines[i] + (i + 1 < lines.size() || finalNewline ? "\n" : "");
    return dir_.write(name, text);
  }
  std::string docs(const std::string &name, int n) {
    std::vector<std::string> lines;
    for (int i = 0; i < n; ++i) lines.push_back(docLine(i));
    return input(name, lines);
  }

  // Runs `program` (the batch pack by default) through /usr/bin/env, the LLM variables of the
  // test's own environment removed.
  static ProcessResult run(const std::string &program, const std::vector<std::string> &args, double timeout = 60) {
    std::vector<std::string> argv;
    for (const char *name : {"OPENAI_API_KEY", "WFC_MODEL", "WFC_LLM_BASE_URL", "OPENAI_BASE_URL", "WFC_LLM_TIMEOUT_MS",
                             "ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL"}) {
      argv.push_back("-u");
      argv.push_back(name);
    }
    argv.push_back(program);
    argv.insert(argv.end(), args.begin(), args.end());
    return runProcess("/usr/bin/env", argv, timeout);
  }
  ProcessResult batch(const LlmServerProcess &server, std::vector<std::string> args, double timeout = 60) {
    std::vector<std::string> all = {"--llm-base-url", server.baseUrl(), "--model", "test-model"};
    all.insert(all.end(), args.begin(), args.end());
    return run(exe_, all, timeout);
  }
};

// Results come out in input order although runs finish in another: the early lines answer last.
// --max-runs bounds the runs in flight, and they do run at once.
TEST_F(BatchE2ETest, ResultsAreInInputOrderUnderConcurrency) {
  const int n = 40;
  std::vector<int> delays;
  for (int i = 0; i < n; ++i) delays.push_back((n - i) % 8 * 25);
  LlmServerProcess server(docScript(n, delays));
  ProcessResult r = batch(server, {"--input-jsonl", docs("in.jsonl", n), "--max-runs", "8"});
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  std::vector<Json> results = resultLines(r.out);
  ASSERT_EQ(results.size(), size_t(n)) << r.out;
  for (int i = 0; i < n; ++i) {
    EXPECT_EQ(results[i], (Json{{"line", i}, {"status", "succeeded"}, {"output", summary(i)}})) << "result " << i;
  }
  // Exactly the keys of the contract, in this order.
  EXPECT_EQ(splitLines(r.out)[0], R"({"line":0,"status":"succeeded","output":"summary of doc-0"})");
  std::vector<Json> requests = server.requests();
  ASSERT_EQ(requests.size(), size_t(n));
  int maxInFlight = 0;
  for (const Json &q : requests) maxInFlight = std::max(maxInFlight, q["in_flight"].get<int>());
  EXPECT_LE(maxInFlight, 8) << "more runs in flight than --max-runs";
  EXPECT_GE(maxInFlight, 2) << "the runs did not overlap";
  EXPECT_NE(r.err.find("batch: 40 lines: 40 succeeded, 0 failed"), std::string::npos) << r.err;
}

// --max-runs 1 runs one line at a time.
TEST_F(BatchE2ETest, MaxRunsOneRunsOneLineAtATime) {
  LlmServerProcess server(docScript(6, {30, 30, 30, 30, 30, 30}));
  ProcessResult r = batch(server, {"--input-jsonl", docs("in.jsonl", 6), "--max-runs", "1"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  for (const Json &q : server.requests()) EXPECT_EQ(q["in_flight"], 1);
  EXPECT_EQ(resultLines(r.out).size(), 6u);
}

// --rpm paces every run's requests: measured from the server's log, request k arrives no sooner
// than k intervals of 60/rpm seconds after the first (less a margin for a request's own transit).
TEST_F(BatchE2ETest, RpmIsRespectedAcrossRuns) {
  const int n = 12;
  LlmServerProcess server(docScript(n));
  ProcessResult r = batch(server, {"--input-jsonl", docs("in.jsonl", n), "--max-runs", "8", "--rpm", "120"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  std::vector<double> at = arrivals(server);
  ASSERT_EQ(at.size(), size_t(n));
  // From the second request on: the first one's transit includes loading libcurl.
  for (int k = 2; k < n; ++k)
    EXPECT_GE(at[k] - at[1], (k - 1) * 500.0 - 250) << "request " << k << " came too early for --rpm 120";
  // Any 60 s window holds at most rpm requests (here: every one of them in about 6 s).
  EXPECT_LE(at.size(), 120u);
}

// --tpm charges each request its estimate (body bytes / 4 + max_tokens: about 90 tokens here) and
// corrects it by the reply's usage (1000 tokens): the cumulative tokens by the time request k
// arrives stay under tpm's rate, give or take what the runs in flight were estimated below their
// usage. Without the correction the 16 requests would all go within a second.
TEST_F(BatchE2ETest, TpmIsRespectedWithEstimatesCorrectedByUsage) {
  const int n = 16, maxRuns = 4;
  const double perSecond = 120000 / 60.0;  // --tpm 120000
  LlmServerProcess server(docScript(n, {}, {{"prompt_tokens", 900}, {"completion_tokens", 100}}));
  ProcessResult r = batch(server, {"--input-jsonl", docs("in.jsonl", n), "--max-runs", std::to_string(maxRuns),
                                   "--tpm", "120000"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  std::vector<double> at = arrivals(server);
  ASSERT_EQ(at.size(), size_t(n));
  const double allowance = (maxRuns + 1) * 1000.0;  // in flight, under their estimates, and the last one's
  // From the second request on: the first one's transit includes loading libcurl.
  for (int k = 2; k < n; ++k) {
    double earliest = (1000.0 * (k - 1) - allowance) / perSecond * 1000 - 250;
    EXPECT_GE(at[k] - at[1], earliest) << "request " << k << " came too early for --tpm 120000";
  }
  EXPECT_GE(at[n - 1] - at[1], 4000) << "the corrections did not slow the batch";
  EXPECT_NE(r.err.find("16000 tokens (14400 prompt, 1600 completion)"), std::string::npos) << r.err;
}

// --shard I/N runs the lines whose 0-based index is I modulo N; the shards 0..N-1 together are the
// unsharded run, line for line.
TEST_F(BatchE2ETest, ShardsTogetherEqualTheUnshardedRun) {
  const int n = 10;
  LlmServerProcess server(docScript(n));
  std::vector<std::string> lines;
  for (int i = 0; i < n; ++i) lines.push_back(i == 4 ? "" : i == 7 ? "not json" : docLine(i));  // a blank, a failure
  std::string in = input("in.jsonl", lines);
  ProcessResult whole = batch(server, {"--input-jsonl", in});
  ASSERT_EQ(whole.exitCode, 1) << whole.err;  // line 7 failed
  std::vector<std::string> all;
  for (int i = 0; i < 3; ++i) {
    ProcessResult shard = batch(server, {"--input-jsonl", in, "--shard", std::to_string(i) + "/3"});
    EXPECT_EQ(shard.exitCode, i == 1 ? 1 : 0) << shard.err;  // 7 % 3 == 1
    for (const std::string &line : splitLines(shard.out)) {
      EXPECT_EQ(Json::parse(line)["line"].get<int>() % 3, i) << line;
      all.push_back(line);
    }
  }
  std::sort(all.begin(), all.end(), [](const std::string &a, const std::string &b) {
    return Json::parse(a)["line"].get<int>() < Json::parse(b)["line"].get<int>();
  });
  EXPECT_EQ(all, splitLines(whole.out));
  EXPECT_EQ(all.size(), size_t(n - 1));  // the blank line has no result
}

// A line that is not an input is a failed line (exit 2's code, with the reason), not a failed
// batch; blank lines are skipped but keep their place in the numbering; CRLF is read as LF.
TEST_F(BatchE2ETest, MalformedLinesAreFailedLines) {
  LlmServerProcess server(docScript(12));
  std::string deep = std::string(600, '[') + std::string(600, ']');
  std::string in = input("in.jsonl",
                         {docLine(0), "not json", "[1, 2]", R"({"text": 5})", "", "   \t", docLine(6) + "\r", deep,
                          R"({"text": "doc-8| unterminated)", "{}", docLine(10)},
                         /*finalNewline=*/false);
  ProcessResult r = batch(server, {"--input-jsonl", in});
  EXPECT_EQ(r.exitCode, 1) << r.describe();
  std::vector<Json> results = resultLines(r.out);
  ASSERT_EQ(results.size(), 9u) << r.out;
  std::map<int, Json> byLine;
  for (const Json &j : results) byLine[j["line"].get<int>()] = j;
  EXPECT_EQ(byLine[0]["output"], summary(0));
  EXPECT_EQ(byLine[6]["output"], summary(6)) << "a CRLF line is a line";
  EXPECT_EQ(byLine[10]["output"], summary(10)) << "a last line without a newline is a line";
  EXPECT_FALSE(byLine.count(4) || byLine.count(5)) << "blank lines have no result";
  auto failed = [&](int line, const std::string &message) {
    const Json &j = byLine[line];
    EXPECT_EQ(j["status"], "failed") << j;
    EXPECT_EQ(j["error"]["code"], 2) << j;
    EXPECT_NE(j["error"]["message"].get<std::string>().find(message), std::string::npos) << j;
    EXPECT_FALSE(j.contains("output")) << j;
  };
  failed(1, "the line is not valid JSON: parse error at line 1, column 2");
  failed(2, "the line must be a JSON object (the input of a run), not [1,2]");
  failed(3, "the input does not match the input_schema of composition 'main': /text:");
  failed(7, "the line nests deeper than 512 levels");
  failed(8, "the line is not valid JSON");
  failed(9, "the input does not match the input_schema of composition 'main'");
  // Only the good lines reached the model.
  EXPECT_EQ(server.requests().size(), 3u);
  EXPECT_NE(r.err.find("batch: 9 lines: 3 succeeded, 6 failed"), std::string::npos) << r.err;
}

// A run that fails is a failed line with the exit code that run alone would have had.
TEST_F(BatchE2ETest, AFailedRunIsAFailedLine) {
  Json script = docScript(3);
  script["replies"].insert(script["replies"].begin(),
                           Json{{"match", {{"user_contains", "doc-1|"}}}, {"status", 400}});
  LlmServerProcess server(script);
  ProcessResult r = batch(server, {"--input-jsonl", docs("in.jsonl", 3)});
  EXPECT_EQ(r.exitCode, 1) << r.describe();
  std::vector<Json> results = resultLines(r.out);
  ASSERT_EQ(results.size(), 3u);
  EXPECT_EQ(results[0]["status"], "succeeded");
  EXPECT_EQ(results[1]["status"], "failed");
  EXPECT_EQ(results[1]["error"]["code"], 1);
  EXPECT_NE(results[1]["error"]["message"].get<std::string>().find("step 'summarize' failed"), std::string::npos)
      << results[1];
  EXPECT_EQ(results[2]["output"], summary(2));
}

// An empty file (or one of blank lines) is a batch of nothing: exit 0, no results, a summary.
TEST_F(BatchE2ETest, AnEmptyFileIsAnEmptyBatch) {
  LlmServerProcess server(docScript(1));
  for (const std::string &text : {std::string(), std::string("\n\n  \n")}) {
    std::string in = dir_.write("empty.jsonl", text);
    ProcessResult r = batch(server, {"--input-jsonl", in});
    EXPECT_EQ(r.exitCode, 0) << r.describe();
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find("batch: 0 lines: 0 succeeded, 0 failed"), std::string::npos) << r.err;
  }
  EXPECT_TRUE(server.requests().empty());
}

// --input-jsonl - reads standard input; --output-jsonl FILE writes the results there.
TEST_F(BatchE2ETest, StandardInputAndAnOutputFile) {
  LlmServerProcess server(docScript(5));
  std::string in = docs("in.jsonl", 5), out = (dir_ / "out.jsonl").string();
  std::vector<std::string> argv = {"-c", "exec \"$@\" < '" + in + "'", "sh", exe_, "--llm-base-url", server.baseUrl(),
                                   "--model", "test-model", "--input-jsonl", "-", "--output-jsonl", out};
  ProcessResult r = runProcess("/bin/sh", argv, 60);
  ASSERT_EQ(r.exitCode, 0) << r.describe();
  EXPECT_EQ(r.out, "") << "the results went to the file";
  std::vector<Json> results = resultLines(readText(out));
  ASSERT_EQ(results.size(), 5u);
  for (int i = 0; i < 5; ++i) EXPECT_EQ(results[i]["output"], summary(i));
}

// On a terminal, a progress bar on stderr — done/total, ok and failed, the rate, the time left —
// cleared before the summary; --quiet draws none.
TEST_F(BatchE2ETest, AProgressBarIsDrawnOnATerminal) {
  std::string why;
  if (!canOpenTerminal(why)) GTEST_SKIP() << "no pseudo-terminal on this machine (" << why << ")";
  const int n = 12;
  LlmServerProcess server(docScript(n, std::vector<int>(n, 100)));
  std::string in = docs("in.jsonl", n), out = (dir_ / "out.jsonl").string();
  std::vector<std::string> argv = {"/usr/bin/env", "-u", "OPENAI_API_KEY", exe_, "--llm-base-url", server.baseUrl(),
                                   "--model", "test-model", "--input-jsonl", in, "--output-jsonl", out,
                                   "--max-runs", "2"};
  int status = -1;
  std::string screen = runOnTerminal(argv, status);
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << screen;
  EXPECT_NE(screen.find("\r\033[K["), std::string::npos) << screen;
  EXPECT_NE(screen.find("/12  ok "), std::string::npos) << screen;
  EXPECT_NE(screen.find(" lines/s  ETA "), std::string::npos) << screen;
  size_t summary = screen.find("12 lines: 12 succeeded, 0 failed");
  ASSERT_NE(summary, std::string::npos) << screen;
  EXPECT_EQ(screen.rfind("\r\033[K", summary), summary - std::string("\r\033[Kbatch: batch: ").size())
      << "the bar was not cleared before the summary:\n" << screen;
  EXPECT_EQ(resultLines(readText(out)).size(), size_t(n));

  argv.push_back("--quiet");
  screen = runOnTerminal(argv, status);
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << screen;
  EXPECT_EQ(screen.find("\033[K"), std::string::npos) << screen;
  EXPECT_NE(screen.find("12 lines: 12 succeeded, 0 failed"), std::string::npos) << "the summary is printed always";
}

// --trace: every run of the batch, and a batch_line event naming each line's run.
TEST_F(BatchE2ETest, TheTraceMapsLinesToRuns) {
  LlmServerProcess server(docScript(4));
  std::string trace = (dir_ / "trace.jsonl").string();
  ProcessResult r = batch(server, {"--input-jsonl", input("in.jsonl", {docLine(0), "x", docLine(2), docLine(3)}),
                                   "--trace", trace, "--max-runs", "2"});
  ASSERT_EQ(r.exitCode, 1) << r.err;
  std::vector<Json> lines = jsonLines(trace);
  std::set<std::string> runs;
  for (const Json &e : events(lines, "run_start")) runs.insert(e["run_id"].get<std::string>());
  EXPECT_EQ(runs.size(), 3u);
  std::map<int, Json> byLine;
  for (const Json &e : events(lines, "batch_line")) byLine[e["line"].get<int>()] = e;
  ASSERT_EQ(byLine.size(), 4u);
  for (int i : {0, 2, 3}) {
    EXPECT_EQ(byLine[i]["status"], "succeeded");
    EXPECT_TRUE(runs.count(byLine[i]["run_id"].get<std::string>())) << byLine[i];
  }
  EXPECT_TRUE(byLine[1]["run_id"].is_null()) << "a line that is not an input has no run";
  EXPECT_EQ(byLine[1]["exit_code"], 2);
}

// Options of one run, and batch options without a batch, are usage errors before anything runs.
TEST_F(BatchE2ETest, UsageErrorsExitTwoBeforeAnythingRuns) {
  LlmServerProcess server(docScript(2));
  std::string in = docs("in.jsonl", 2);
  struct Case {
    std::vector<std::string> args;
    std::string message;
  };
  const Case cases[] = {
      {{"--input-jsonl", in, "--input-json", "{}"}, "--input-json gives one run's input"},
      {{"--input-jsonl", in, "--output", "x"}, "--output names where one run's output goes"},
      {{"--input-jsonl", in, "--pretty"}, "--pretty indents one run's output"},
      {{"--input-jsonl", in, "--report", "r.json"}, "--report summarizes one run"},
      {{"--input-jsonl", in, "--dry-run"}, "--dry-run plans one run"},
      {{"--input-jsonl", in, "--record", "rec.jsonl"}, "--record keys each exchange"},
      {{"--input-jsonl", in, "--mcp"}, "--mcp serves calls over stdio"},
      {{"--input-jsonl", in, "--resume", "abc"}, "--resume continues a batch recorded in a journal"},
      {{"--input-jsonl", in, "--batch-id", "b1"}, "--batch-id names a batch recorded in a journal"},
      {{"--input-jsonl", in, "--journal", (dir_ / "j.db").string(), "--batch-id", "b1", "--resume", "b1"},
       "--batch-id ID starts batch ID or continues it, --resume ID continues it: give one of them"},
      {{"--input-json", "{}", "--batch-id", "b1"}, "--batch-id goes with --input-jsonl FILE"},
      {{"--input-jsonl", in, "--batch-id", "a/b"}, "--batch-id takes 1 to 64 letters"},
      {{"--output-jsonl", "out.jsonl"}, "--output-jsonl goes with --input-jsonl FILE"},
      {{"--input-json", "{}", "--max-runs", "4"}, "--max-runs goes with --input-jsonl FILE"},
      {{"--input-jsonl", in, "--max-runs", "0"}, "--max-runs takes a whole number from 1 to 10000, not '0'"},
      {{"--input-jsonl", in, "--shard", "3/3"}, "--shard takes I/N"},
      {{"--input-jsonl", in, "--shard", "1"}, "--shard takes I/N"},
      {{"--input-jsonl", in, "--rpm", "-5"}, "--rpm takes a whole number"},
      {{"--input-jsonl", in, "--tpm", "1.5"}, "--tpm takes a whole number"},
      {{"--input-jsonl", (dir_ / "missing.jsonl").string()}, "cannot read input file '"},
      {{"--input-jsonl", dir_.str()}, "it is a directory"},
      {{"--input-jsonl", in, "--output-jsonl", in}, "is the input file"},
  };
  for (const Case &c : cases) {
    ProcessResult r = batch(server, c.args);
    EXPECT_EQ(r.exitCode, 2) << "args: " << Json(c.args) << "\n" << r.describe();
    EXPECT_NE(r.err.find(c.message), std::string::npos) << "args: " << Json(c.args) << "\n" << r.err;
    EXPECT_EQ(r.out, "");
  }
  EXPECT_EQ(readText(in), docLine(0) + "\n" + docLine(1) + "\n") << "the input was overwritten";
  EXPECT_TRUE(server.requests().empty());
}

// A big batch killed with SIGKILL past its first page of results, resumed: the journal's rows are
// read a page at a time as the input reaches them, and the output is whole and in order.
TEST_F(BatchE2ETest, ABigBatchKilledAndResumedIsWholeAndInOrder) {
  const int n = 6000;  // more than a page of the journal's rows (4096)
  LlmServerProcess server(Json::parse(R"({"replies": [{"reply": {"content": "ok"}}]})"));
  std::string in = docs("in.jsonl", n), journal = (dir_ / "batch.db").string(), out = (dir_ / "out.jsonl").string();
  std::vector<std::string> args = {exe_, "--llm-base-url", server.baseUrl(), "--model", "test-model", "--quiet",
                                   "--journal", journal, "--input-jsonl", in, "--output-jsonl", out,
                                   "--max-runs", "16"};
  std::vector<char *> argv;
  for (std::string &a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  std::string err = (dir_ / "stderr").string();
  posix_spawn_file_actions_addopen(&actions, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  pid_t pid = -1;
  ASSERT_EQ(posix_spawn(&pid, exe_.c_str(), &actions, nullptr, argv.data(), environ), 0);
  posix_spawn_file_actions_destroy(&actions);
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(90);
  while (std::chrono::steady_clock::now() < deadline) {
    std::string text = readText(out);
    if (std::count(text.begin(), text.end(), '\n') >= 4500) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  kill(pid, SIGKILL);
  int status = 0;
  waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFSIGNALED(status)) << "the batch ended before it was killed: " << readText(err);
  std::string id = readText(err).substr(readText(err).find("batch ") + 6, 32);
  ProcessResult r = run(exe_, {"--llm-base-url", server.baseUrl(), "--model", "test-model", "--journal", journal,
                               "--resume", id, "--output-jsonl", out, "--max-runs", "16"}, 90);
  ASSERT_EQ(r.exitCode, 0) << r.describe();
  std::vector<std::string> lines = splitLines(readText(out));
  ASSERT_EQ(lines.size(), size_t(n));
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(lines[i], R"({"line":)" + std::to_string(i) + R"(,"status":"succeeded","output":"ok"})");
  EXPECT_NE(r.err.find("finished before this resume"), std::string::npos) << r.err;
  EXPECT_LE(server.requests().size(), size_t(n + 16)) << "finished lines were run again";
}

// A chat pack's batch: each line is one turn ({"message", "variables"}) of --task's prompt.
TEST_F(BatchE2ETest, AChatPackRunsOneTurnPerLine) {
  std::string chat = e2eExeDir() + "/chat-support";
  ASSERT_TRUE(fs::exists(chat));
  LlmServerProcess server(Json::parse(R"({"replies": [
    {"match": {"last_user_contains": "I am Ana"}, "reply": {"content": "Hello Ana!"}},
    {"match": {"last_user_contains": "I am Bo"}, "reply": {"content": "Hello Bo!"}}
  ]})"));
  std::string in = input("turns.jsonl", {R"({"message": "I am Ana"})", R"({"message": "I am Bo"})", R"({"variables": {}})"});
  ProcessResult r = run(chat, {"--llm-base-url", server.baseUrl(), "--model", "test-model", "--task", "greeter",
                               "--input-jsonl", in});
  EXPECT_EQ(r.exitCode, 1) << r.describe();
  std::vector<Json> results = resultLines(r.out);
  ASSERT_EQ(results.size(), 3u) << r.out;
  EXPECT_EQ(results[0]["output"], "Hello Ana!");
  EXPECT_EQ(results[1]["output"], "Hello Bo!");
  EXPECT_EQ(results[2]["status"], "failed");
  EXPECT_EQ(results[2]["error"]["code"], 2) << results[2];
}

}  // namespace
}  // namespace wfc::test

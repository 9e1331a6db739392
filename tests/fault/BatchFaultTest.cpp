// Batches under faults (docs/batch.md): packs/batch.yaml — two requests per line, a draft and
// its polish — run with --input-jsonl against the scripted test LLM server, and
//
// - killed with SIGKILL mid-batch, again and again, then resumed with --resume BATCH_ID: every
//   line exactly once in the output, in order; no exchange the journal had completed at a kill
//   requested again (so the runs in flight resumed with their run ids, their drafts kept); each
//   line one run;
// - stopped by SIGTERM (resumable, the output holding what finished) or SIGINT without a journal;
// - a 429 with Retry-After pausing every run of the batch, not only the one it answered, and a
//   storm of them that the batch rides out;
// - resumes the journal must refuse: another input, another shard, no such batch, a run's id.
//
// In the sanitizer builds (scripts/sanitize.sh) the executable is sanitized too: the reorder
// buffer, the runs' threads and the rate limiter run under ASan/UBSan and TSan here.
#include "FaultSupport.h"
#include "JournalReader.h"
#include "LlmServerProcess.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <signal.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace wfc::test {
namespace {

std::string doc(int i) { return "doc-" + std::to_string(i); }
std::string polished(int i) { return "polished " + doc(i); }

// Line i's draft and polish, each answered after `delayMs`.
Json batchScript(int lines, int delayMs) {
  Json replies = Json::array();
  for (int i = 0; i < lines; ++i) {
    replies.push_back({{"match", {{"user_contains", "draft|" + doc(i) + "|"}}},
                       {"delay_ms", delayMs},
                       {"reply", {{"content", "draft of " + doc(i)}}}});
    replies.push_back({{"match", {{"user_contains", "polish|" + doc(i) + "|"}}},
                       {"delay_ms", delayMs},
                       {"reply", {{"content", polished(i)}}}});
  }
  return {{"replies", replies}};
}

// "draft|doc-3" for a request of the pack: its step and line.
std::string requestId(const Json &request) {
  for (const Json &m : request["body"]["messages"])
    if (m["role"] == "user" && m["content"].is_string()) {
      std::string text = m["content"];
      size_t second = text.find('|', text.find('|') + 1);
      return text.substr(0, second);
    }
  return "";
}

// The batch's id, from the line it prints at the start: "…: batch ID: N lines; …".
std::string batchIdIn(const std::string &err) {
  size_t at = err.find(": batch ");
  if (at == std::string::npos) return "";
  at += 8;
  size_t end = err.find_first_of(": ", at);
  return err.substr(at, end - at);
}

class BatchFaultTest : public ::testing::Test {
 protected:
  TempDir dir_;
  const std::string exe_ = WFC_FAULT_BATCH;

  std::string docs(int n) {
    std::string text;
    for (int i = 0; i < n; ++i) text += Json{{"doc", doc(i)}}.dump() + "\n";
    return dir_.write("in.jsonl", text);
  }
  std::vector<std::string> llm(const LlmServerProcess &server, std::vector<std::string> more) const {
    std::vector<std::string> args = {"--llm-base-url", server.baseUrl(), "--model", "test-model", "--quiet"};
    args.insert(args.end(), more.begin(), more.end());
    return args;
  }
  // Waits until the journal holds `finished` finished lines (or the child is gone).
  static void awaitFinishedLines(const fs::path &journal, int finished, const Child &child) {
    auto deadline = Clock::now() + std::chrono::seconds(60);
    while (Clock::now() < deadline && processAlive(child.pid())) {
      std::string n = JournalReader(journal).one("SELECT count(*) FROM batch_lines WHERE status != 'running'");
      if (!n.empty() && std::stoi(n) >= finished) return;
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }
  static void checkComplete(const std::string &out, int n) {
    std::vector<std::string> lines = splitLines(out);
    ASSERT_EQ(lines.size(), size_t(n)) << out;
    for (int i = 0; i < n; ++i)
      EXPECT_EQ(Json::parse(lines[i]), (Json{{"line", i}, {"status", "succeeded"}, {"output", polished(i)}}))
          << "result " << i;
  }
};

// SIGKILL at three moments of a batch, each resume killed again, then a resume that finishes.
TEST_F(BatchFaultTest, KilledAgainAndAgainThenResumedEveryLineExactlyOnce) {
  const int n = 30, maxRuns = 4;
  LlmServerProcess server(batchScript(n, 40));
  std::string in = docs(n);
  fs::path journal = dir_ / "batch.db", out = dir_ / "out.jsonl";
  std::string batchId;
  // What the journal had completed at each kill: "draft|doc-3" ids of the lines' exchanges, and
  // how many requests the server had logged by then.
  std::vector<std::pair<std::set<std::string>, size_t>> snapshots;
  for (int finished : {4, 12, 21}) {
    std::vector<std::string> args =
        batchId.empty() ? llm(server, {"--journal", journal.string(), "--input-jsonl", in})
                        : llm(server, {"--journal", journal.string(), "--resume", batchId});
    args.insert(args.end(), {"--max-runs", std::to_string(maxRuns), "--output-jsonl", out.string()});
    Child child(exe_, args, {}, dir_ / ("io-" + std::to_string(finished)));
    awaitFinishedLines(journal, finished, child);
    ::kill(child.pid(), SIGKILL);
    Outcome o = child.wait(60);
    ASSERT_EQ(o.signal, SIGKILL) << "the batch ended before its kill: " << o.describe();
    if (batchId.empty()) batchId = batchIdIn(o.err);
    ASSERT_EQ(batchId.size(), 32u) << o.err;
    // The output of a killed batch is a prefix of the results (its last line may be cut short).
    std::vector<std::string> written = splitLines(readText(out));
    for (size_t i = 0; i + 1 < written.size(); ++i)
      EXPECT_EQ(Json::parse(written[i])["line"], int(i)) << "a killed batch wrote out of order";
    JournalReader reader(journal);
    EXPECT_EQ(reader.integrity(), "ok");
    std::set<std::string> completed;
    for (const std::string &id : reader.column("SELECT e.step || '|' || json_extract(r.input, '$.doc') FROM exchanges "
                                               "e JOIN runs r ON r.seq = e.run"))
      completed.insert(id);
    snapshots.push_back({completed, server.requests().size()});
  }

  Child last(exe_,
             llm(server, {"--journal", journal.string(), "--resume", batchId, "--max-runs", std::to_string(maxRuns),
                          "--output-jsonl", out.string()}),
             {}, dir_ / "io-last");
  Outcome o = last.wait(120);
  ASSERT_EQ(o.exitCode, 0) << o.describe();
  checkComplete(readText(out), n);
  EXPECT_TRUE(contains(o.err, "batch " + batchId + ": " + std::to_string(n) + " lines: " + std::to_string(n) +
                                   " succeeded, 0 failed"))
      << o.err;

  // No exchange the journal held at a kill was requested after it.
  std::vector<Json> requests = server.requests();
  for (size_t k = 0; k < snapshots.size(); ++k) {
    const auto &[completed, logged] = snapshots[k];
    EXPECT_FALSE(completed.empty());
    for (size_t i = logged; i < requests.size(); ++i)
      EXPECT_FALSE(completed.count(requestId(requests[i])))
          << requestId(requests[i]) << " had completed at kill " << k + 1 << " but was requested again";
  }
  // Each line's two exchanges were asked for at least once, and repeated only if in flight at a
  // kill: at most --max-runs requests per kill.
  std::map<std::string, int> asked;
  for (const Json &r : requests) ++asked[requestId(r)];
  EXPECT_EQ(asked.size(), size_t(2 * n));
  EXPECT_LE(requests.size(), size_t(2 * n + 3 * maxRuns));
  JournalReader reader(journal);
  EXPECT_EQ(reader.one("SELECT count(DISTINCT run) FROM batch_lines WHERE batch = '" + batchId + "'"),
            std::to_string(n))
      << "each line is one run";
  EXPECT_EQ(reader.one("SELECT status FROM batches WHERE id = '" + batchId + "'"), "finished");
  EXPECT_EQ(reader.one("SELECT count(*) FROM batch_lines WHERE status = 'succeeded'"), std::to_string(n));
}

// SIGTERM stops the batch: in-flight runs are cancelled, the output holds the lines that finished
// (in order, each once), exit 143; the journal says cancelled, and a resume finishes it.
TEST_F(BatchFaultTest, SigtermLeavesAResumableBatch) {
  const int n = 20;
  LlmServerProcess server(batchScript(n, 40));
  std::string in = docs(n);
  fs::path journal = dir_ / "batch.db", out = dir_ / "out.jsonl";
  Child child(exe_, llm(server, {"--journal", journal.string(), "--input-jsonl", in, "--max-runs", "3",
                                  "--output-jsonl", out.string()}),
              {}, dir_ / "io-1");
  awaitFinishedLines(journal, 6, child);
  ::kill(child.pid(), SIGTERM);
  Outcome o = child.wait(60);
  ASSERT_EQ(o.exitCode, 143) << o.describe();
  EXPECT_TRUE(contains(o.err, "interrupted by SIGTERM")) << o.err;
  std::string batchId = batchIdIn(o.err);
  EXPECT_TRUE(contains(o.err, "continue it with --journal " + journal.string() + " --resume " + batchId)) << o.err;
  std::vector<std::string> written = splitLines(readText(out));
  EXPECT_GE(written.size(), 6u);
  EXPECT_LT(written.size(), size_t(n));
  int previous = -1;
  for (const std::string &line : written) {
    Json j = Json::parse(line);
    EXPECT_GT(j["line"].get<int>(), previous) << "out of order or twice";
    previous = j["line"];
    EXPECT_EQ(j["output"], polished(previous));
  }
  JournalReader reader(journal);
  EXPECT_EQ(reader.one("SELECT status FROM batches"), "cancelled");
  EXPECT_EQ(reader.one("SELECT count(*) FROM runs WHERE status = 'running'"), "0") << "runs left running";

  Child resumed(exe_, llm(server, {"--journal", journal.string(), "--resume", batchId, "--output-jsonl", out.string()}),
                {}, dir_ / "io-2");
  Outcome done = resumed.wait(60);
  ASSERT_EQ(done.exitCode, 0) << done.describe();
  checkComplete(readText(out), n);
  EXPECT_TRUE(contains(done.err, "finished before this resume")) << done.err;
}

// Without a journal, SIGINT stops the batch with the lines that finished written, exit 130.
TEST_F(BatchFaultTest, SigintWithoutAJournalWritesWhatFinished) {
  const int n = 20;
  LlmServerProcess server(batchScript(n, 60));
  Child child(exe_, llm(server, {"--input-jsonl", docs(n), "--max-runs", "2"}), {}, dir_ / "io");
  auto deadline = Clock::now() + std::chrono::seconds(60);
  while (Clock::now() < deadline && server.requests().size() < 8) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  ::kill(child.pid(), SIGINT);
  Outcome o = child.wait(60);
  ASSERT_EQ(o.exitCode, 130) << o.describe();
  std::vector<std::string> written = splitLines(o.out);
  EXPECT_GE(written.size(), 2u);
  EXPECT_LT(written.size(), size_t(n));
  int previous = -1;
  for (const std::string &line : written) {
    Json j = Json::parse(line);
    EXPECT_GT(j["line"].get<int>(), previous);
    previous = j["line"];
    EXPECT_EQ(j["status"], "succeeded");
  }
  EXPECT_TRUE(contains(o.err, "not run")) << o.err;
}

// A 429 with Retry-After pauses the whole batch: after the first request is refused (Retry-After:
// 3), no run's request arrives until the 3 s have passed — though without the pause the other
// runs would have gone on (each reply takes 400 ms: the batch lasts longer than the pause). A
// margin after the 429 covers the requests that were on their way when it came.
TEST_F(BatchFaultTest, A429PausesEveryRunOfTheBatch) {
  const int n = 10;
  Json script = batchScript(n, 400);
  script["replies"].insert(script["replies"].begin(),
                           Json{{"times", 1}, {"status", 429}, {"headers", {{"Retry-After", "3"}}}});
  LlmServerProcess server(script);
  Child child(exe_, llm(server, {"--input-jsonl", docs(n), "--max-runs", "4"}), {}, dir_ / "io");
  Outcome o = child.wait(120);
  ASSERT_EQ(o.exitCode, 0) << o.describe();
  checkComplete(o.out, n);
  std::vector<Json> requests = server.requests();
  double refused = -1;
  for (const Json &r : requests)
    if (r["status"] == 429) refused = r["answered_ms"];
  ASSERT_GE(refused, 0) << "no 429 was answered";
  int during = 0, after = 0;
  for (const Json &r : requests) {
    double at = r["arrived_ms"];
    if (at > refused + 1000 && at < refused + 2900) ++during;
    if (at >= refused + 2900) ++after;
  }
  EXPECT_EQ(during, 0) << "requests went out while the batch was paused by the 429's Retry-After";
  EXPECT_GE(after, 2 * n - 8) << "the batch did not go on after the pause";
}

// A storm of 429s: every run that meets one waits, the whole batch with it, and then it recovers —
// every line succeeds.
TEST_F(BatchFaultTest, ABatchRidesOutA429Storm) {
  const int n = 12;
  Json script = batchScript(n, 20);
  script["replies"].insert(script["replies"].begin(),
                           Json{{"times", 6}, {"status", 429}, {"headers", {{"Retry-After", "1"}}}});
  LlmServerProcess server(script);
  Child child(exe_, llm(server, {"--input-jsonl", docs(n), "--max-runs", "4"}), {}, dir_ / "io");
  Outcome o = child.wait(120);
  ASSERT_EQ(o.exitCode, 0) << o.describe();
  checkComplete(o.out, n);
  int refused = 0;
  for (const Json &r : server.requests()) refused += r["status"] == 429;
  EXPECT_EQ(refused, 6);
}

// What a resume must refuse, and a finished batch resumed: its output again, nothing requested.
TEST_F(BatchFaultTest, ResumeRefusesAnotherInputAndRewritesAFinishedBatch) {
  const int n = 5;
  LlmServerProcess server(batchScript(n, 0));
  std::string in = docs(n);
  fs::path journal = dir_ / "batch.db";
  Child first(exe_, llm(server, {"--journal", journal.string(), "--input-jsonl", in, "--shard", "0/1"}), {}, dir_ / "io-0");
  Outcome done = first.wait(60);
  ASSERT_EQ(done.exitCode, 0) << done.describe();
  std::string batchId = batchIdIn(done.err);
  ASSERT_EQ(batchId.size(), 32u) << done.err;
  const size_t requests = server.requests().size();

  // The same batch again, its input read from where it was (no --input-jsonl): written again.
  Child again(exe_, llm(server, {"--journal", journal.string(), "--resume", batchId}), {}, dir_ / "io-1");
  Outcome o = again.wait(60);
  ASSERT_EQ(o.exitCode, 0) << o.describe();
  EXPECT_EQ(o.out, done.out);
  EXPECT_EQ(server.requests().size(), requests) << "a finished batch asked the model again";

  std::string other = dir_.write("other.jsonl", Json{{"doc", doc(9)}}.dump() + "\n");
  struct Case {
    std::vector<std::string> args;
    std::string message;
  };
  std::string runId = JournalReader(journal).one("SELECT id FROM runs LIMIT 1");
  const Case cases[] = {
      {{"--resume", batchId, "--input-jsonl", other}, "is not the input it started with"},
      {{"--resume", batchId, "--shard", "1/2"}, "runs shard none, not 1/2"},
      {{"--resume", "0123456789abcdef0123456789abcdef", "--input-jsonl", in}, "has no batch"},
      {{"--resume", runId, "--input-jsonl", in}, "is a run of journal"},
  };
  int i = 2;
  for (const Case &c : cases) {
    std::vector<std::string> args = {"--journal", journal.string()};
    args.insert(args.end(), c.args.begin(), c.args.end());
    Child child(exe_, llm(server, args), {}, dir_ / ("io-" + std::to_string(i++)));
    Outcome r = child.wait(60);
    EXPECT_EQ(r.exitCode, 2) << Json(c.args) << "\n" << r.describe();
    EXPECT_TRUE(contains(r.err, c.message)) << Json(c.args) << "\n" << r.err;
    EXPECT_EQ(r.out, "");
  }
  EXPECT_EQ(server.requests().size(), requests);
}

// --batch-id (docs/batch.md "A batch id chosen in advance"): the same command line, killed and
// started again as a restarted pod is, continues the batch it started — every line once, no
// exchange the journal had completed at a kill asked again — and once it finished, writes its
// output again and asks nothing. The id of a run, or another input under the same id, is refused.
TEST_F(BatchFaultTest, TheSameCommandLineWithABatchIdContinuesItsBatch) {
  const int n = 20, maxRuns = 3;
  LlmServerProcess server(batchScript(n, 40));
  std::string in = docs(n);
  fs::path journal = dir_ / "batch.db", out = dir_ / "out.jsonl";
  const std::vector<std::string> command =
      llm(server, {"--journal", journal.string(), "--input-jsonl", in, "--batch-id", "docs-shard-0", "--max-runs",
                   std::to_string(maxRuns), "--output-jsonl", out.string()});
  std::vector<std::pair<std::set<std::string>, size_t>> snapshots;
  for (int finished : {5, 12}) {
    Child child(exe_, command, {}, dir_ / ("io-" + std::to_string(finished)));
    awaitFinishedLines(journal, finished, child);
    ::kill(child.pid(), SIGKILL);
    Outcome o = child.wait(60);
    ASSERT_EQ(o.signal, SIGKILL) << "the batch ended before its kill: " << o.describe();
    EXPECT_TRUE(contains(o.err, "batch docs-shard-0" + std::string(finished == 5 ? ": " : " resumed: "))) << o.err;
    std::set<std::string> completed;
    for (const std::string &id : JournalReader(journal).column(
             "SELECT e.step || '|' || json_extract(r.input, '$.doc') FROM exchanges e JOIN runs r ON r.seq = e.run"))
      completed.insert(id);
    snapshots.push_back({completed, server.requests().size()});
  }
  Child last(exe_, command, {}, dir_ / "io-last");
  Outcome o = last.wait(120);
  ASSERT_EQ(o.exitCode, 0) << o.describe();
  checkComplete(readText(out), n);
  EXPECT_TRUE(contains(o.err, "batch docs-shard-0 resumed: 20 lines, ")) << o.err;
  std::vector<Json> requests = server.requests();
  for (size_t k = 0; k < snapshots.size(); ++k)
    for (size_t i = snapshots[k].second; i < requests.size(); ++i)
      EXPECT_FALSE(snapshots[k].first.count(requestId(requests[i])))
          << requestId(requests[i]) << " had completed at kill " << k + 1 << " but was requested again";
  JournalReader reader(journal);
  EXPECT_EQ(reader.one("SELECT group_concat(id) FROM batches"), "docs-shard-0") << "one batch, under its given id";
  EXPECT_EQ(reader.one("SELECT count(DISTINCT run) FROM batch_lines"), std::to_string(n)) << "each line is one run";

  // Finished: the same command writes the output again and asks nothing.
  const std::string whole = readText(out);
  const size_t asked = server.requests().size();
  Child again(exe_, command, {}, dir_ / "io-again");
  Outcome a = again.wait(60);
  ASSERT_EQ(a.exitCode, 0) << a.describe();
  EXPECT_EQ(readText(out), whole);
  EXPECT_EQ(server.requests().size(), asked) << "a finished batch asked the model again";

  std::string runId = reader.one("SELECT id FROM runs LIMIT 1");
  std::string other = dir_.write("other.jsonl", Json{{"doc", doc(9)}}.dump() + "\n");
  const std::pair<std::vector<std::string>, std::string> refused[] = {
      {{"--input-jsonl", in, "--batch-id", runId}, "is the id of a run of journal"},
      {{"--input-jsonl", other, "--batch-id", "docs-shard-0"}, "is not the input it started with"},
  };
  int i = 0;
  for (const auto &[args, message] : refused) {
    std::vector<std::string> all = {"--journal", journal.string()};
    all.insert(all.end(), args.begin(), args.end());
    Child child(exe_, llm(server, all), {}, dir_ / ("io-refused-" + std::to_string(i++)));
    Outcome r = child.wait(60);
    EXPECT_EQ(r.exitCode, 2) << Json(args) << "\n" << r.describe();
    EXPECT_TRUE(contains(r.err, message)) << Json(args) << "\n" << r.err;
  }
  EXPECT_EQ(server.requests().size(), asked);
}

}  // namespace
}  // namespace wfc::test

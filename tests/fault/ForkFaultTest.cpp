// Fork, redrive and retention (docs/journal.md "Fork and redrive", "Retention") on a real journal:
// packs/fork.yaml's executable, its tools exec processes that log every call, the scripted LLM
// server's log of every request. A fork re-runs the step it starts from and what depends on it,
// and calls nothing for the steps it reuses; a redrive re-runs the failed step and what follows,
// nothing before; --journal-gc removes what it is asked to while other processes write the
// journal, and never a run that is still in use.
#include "CurlClient.h"
#include "FaultSupport.h"
#include "LlmServerProcess.h"
#include "ServeProcess.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <sqlite3.h>

#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace wfc::test {
namespace {

class ForkTest : public ::testing::Test {
 protected:
  // Every prompt answered at once.
  ForkTest() : llm_(Json::parse(R"({"replies": [{"reply": {"content": "a line"}}]})")) {}

  fs::path path(const std::string &name) const { return dir_ / name; }

  Outcome run(const std::vector<std::string> &args, double timeout = 30) {
    Child child(WFC_FAULT_FORK, args, {}, dir_ / ("io-" + std::to_string(++runs_)));
    return child.wait(timeout);
  }
  // store logs through the journal tool; gate fails while DIR/gate-fails exists, else echoes.
  std::string bindings() {
    std::string d = dir_.string();
    writeText(path("bindings.yaml"),
              "tools:\n  store: {exec: {argv: [sh, '" + std::string(WFC_JOURNAL_TOOL) + "', store, '" + d + "']}}\n"
              "  gate: {exec: {argv: [sh, -c, 'echo gate >> \"" + d + "/gate-calls\"; if [ -f \"" + d +
              "/gate-fails\" ]; then echo closed >&2; exit 1; fi; echo \"{\\\"open\\\": true}\"']}}\n");
    return path("bindings.yaml").string();
  }
  std::vector<std::string> common() {
    return {"--journal", path("j.db").string(), "--bindings", bindings(), "--llm-base-url", llm_.baseUrl(),
            "--model", "test-model", "--quiet"};
  }
  std::vector<std::string> with(std::vector<std::string> more) {
    std::vector<std::string> args = common();
    args.insert(args.end(), more.begin(), more.end());
    return args;
  }
  std::vector<Json> stores() const {
    std::vector<Json> out;
    if (fs::exists(path("calls.jsonl")))
      for (const Json &c : jsonLines(path("calls.jsonl"))) out.push_back(c);
    return out;
  }
  size_t gateCalls() const {
    if (!fs::exists(path("gate-calls"))) return 0;
    std::string text = readText(path("gate-calls"));
    return size_t(std::count(text.begin(), text.end(), '\n'));
  }
  // The LLM requests so far, by the step their user message names ("summarize", "draft").
  std::map<std::string, int> requests() const {
    std::map<std::string, int> out;
    for (const Json &r : llm_.requests()) {
      const Json &body = r["body"];
      if (!body.is_object() || !body.contains("messages")) continue;
      for (const Json &m : body["messages"])
        if (m.value("role", "") == "user" && m["content"].is_string()) {
          std::string user = m["content"];
          ++out[user.substr(0, user.find('|'))];
          break;
        }
    }
    return out;
  }
  std::vector<Json> listRuns() {
    Outcome o = run({"--journal", path("j.db").string(), "--runs"});
    EXPECT_EQ(o.exitCode, 0) << o.describe();
    std::vector<Json> out;
    std::istringstream lines(o.out);
    for (std::string line; std::getline(lines, line);)
      if (!line.empty()) out.push_back(Json::parse(line));
    return out;
  }
  std::string firstRun(const char *input = R"({"docs": ["a", "b", "c"]})") {
    Outcome first = run(with({"--input-json", input}));
    EXPECT_EQ(first.exitCode, 0) << first.describe();
    return listRuns().back()["id"];
  }

  TempDir tmp_;
  fs::path dir_ = tmp_.path();
  int runs_ = 0;
  LlmServerProcess llm_;
};

TEST_F(ForkTest, AForkFromTheLastStepCallsNothingElse) {
  std::string id = firstRun();
  ASSERT_EQ(stores().size(), 2u);
  std::map<std::string, int> before = requests();
  EXPECT_EQ(before["summarize"], 3);
  EXPECT_EQ(before["draft"], 1);
  Outcome forked = run(with({"--fork", id, "--from", "publish"}));
  ASSERT_EQ(forked.exitCode, 0) << forked.describe();
  EXPECT_EQ(requests(), before) << "a reused step asked the model again";
  EXPECT_EQ(gateCalls(), 1u);
  std::vector<Json> calls = stores();
  ASSERT_EQ(calls.size(), 3u);
  EXPECT_EQ(calls[2]["args"]["stage"], "publish");
  std::vector<Json> runs = listRuns();
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_NE(runs[1]["id"], id);
  EXPECT_EQ(runs[1]["status"], "succeeded");
}

TEST_F(ForkTest, AForkFromAPromptRerunsItAndWhatReadsIt) {
  std::string id = firstRun();
  std::map<std::string, int> before = requests();
  Outcome forked = run({"--journal", path("j.db").string(), "--bindings", bindings(), "--llm-base-url",
                        llm_.baseUrl(), "--model", "test-model", "--fork", id, "--from", "draft"});
  ASSERT_EQ(forked.exitCode, 0) << forked.describe();
  EXPECT_TRUE(contains(forked.err, "forks run " + id + " at step 'draft'")) << forked.err;
  std::map<std::string, int> after = requests();
  EXPECT_EQ(after["summarize"], before["summarize"]) << "the foreach does not depend on draft";
  EXPECT_EQ(after["draft"], before["draft"] + 1);
  EXPECT_EQ(gateCalls(), 2u) << "check reads draft";
  std::vector<Json> calls = stores();
  ASSERT_EQ(calls.size(), 3u) << "fetch is reused, publish runs again";
  EXPECT_EQ(calls[2]["args"]["stage"], "publish");
}

TEST_F(ForkTest, AForkFromAForeachsInnerStepRerunsItsItems) {
  std::string id = firstRun();
  std::map<std::string, int> before = requests();
  Outcome forked = run(with({"--fork", id, "--from", "summarize"}));
  ASSERT_EQ(forked.exitCode, 0) << forked.describe();
  std::map<std::string, int> after = requests();
  EXPECT_EQ(after["summarize"], before["summarize"] + 3);
  EXPECT_EQ(after["draft"], before["draft"]);
  EXPECT_EQ(gateCalls(), 1u) << "check does not depend on the foreach";
  EXPECT_EQ(stores().size(), 3u);
}

TEST_F(ForkTest, AForkWithAnotherInputAndUsageErrors) {
  std::string id = firstRun();
  Outcome forked = run(with({"--fork", id, "--from", "publish", "--input-json", R"({"docs": ["z"]})"}));
  ASSERT_EQ(forked.exitCode, 0) << forked.describe();
  std::vector<Json> runs = listRuns();
  ASSERT_EQ(runs.size(), 2u);
  Outcome typo = run(with({"--fork", id, "--from", "publsh"}));
  EXPECT_EQ(typo.exitCode, 2) << typo.describe();
  EXPECT_TRUE(contains(typo.err, "--from 'publsh' names no step of composition 'main'; did you mean 'publish'?"))
      << typo.err;
  Outcome noFrom = run(with({"--fork", id}));
  EXPECT_EQ(noFrom.exitCode, 2) << noFrom.describe();
  EXPECT_TRUE(contains(noFrom.err, "--fork RUN_ID needs --from STEP")) << noFrom.err;
  Outcome unknown = run(with({"--fork", "nope", "--from", "publish"}));
  EXPECT_EQ(unknown.exitCode, 2) << unknown.describe();
  EXPECT_TRUE(contains(unknown.err, "has no run 'nope'")) << unknown.err;
  EXPECT_EQ(listRuns().size(), 2u) << "a refused fork recorded a run";
}

TEST_F(ForkTest, ARedriveRerunsTheFailedStepAndWhatFollowsOnly) {
  writeText(path("gate-fails"), "");
  Outcome failed = run(with({"--input-json", R"({"docs": ["a", "b"]})"}));
  ASSERT_EQ(failed.exitCode, 1) << failed.describe();
  std::string id = listRuns().back()["id"];
  std::map<std::string, int> before = requests();
  ASSERT_EQ(stores().size(), 1u);  // fetch
  ASSERT_EQ(gateCalls(), 1u);
  // Still closed: the redrive fails the same way, and says so.
  Outcome again = run(with({"--redrive", id}));
  EXPECT_EQ(again.exitCode, 1) << again.describe();
  EXPECT_EQ(gateCalls(), 2u);
  fs::remove(path("gate-fails"));
  Outcome redriven = run(with({"--redrive", id}));
  ASSERT_EQ(redriven.exitCode, 0) << redriven.describe();
  EXPECT_EQ(requests(), before) << "a step that succeeded asked the model again";
  EXPECT_EQ(gateCalls(), 3u);
  std::vector<Json> calls = stores();
  ASSERT_EQ(calls.size(), 2u);
  EXPECT_EQ(calls[1]["args"]["stage"], "publish");
  std::vector<Json> runs = listRuns();
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0]["status"], "succeeded");
  // A run that did not fail is not redriven.
  Outcome refused = run(with({"--redrive", id}));
  EXPECT_EQ(refused.exitCode, 2) << refused.describe();
  EXPECT_TRUE(contains(refused.err, "run '" + id + "' is succeeded: --redrive runs a failed run's failed steps again"))
      << refused.err;
}

TEST_F(ForkTest, ARedriveOfABatchRerunsItsFailedLinesOnly) {
  writeText(path("lines.jsonl"), "{\"docs\": [\"a\"]}\n{\"docs\": [\"b\"]}\n");
  // The gate fails for the whole batch: both lines fail.
  writeText(path("gate-fails"), "");
  std::vector<std::string> batch = with({"--input-jsonl", path("lines.jsonl").string(), "--batch-id", "b1",
                                         "--output-jsonl", path("out.jsonl").string()});
  Outcome first = run(batch);
  ASSERT_EQ(first.exitCode, 1) << first.describe();
  std::map<std::string, int> before = requests();
  fs::remove(path("gate-fails"));
  Outcome redriven = run(with({"--redrive", "b1", "--output-jsonl", path("out.jsonl").string()}));
  ASSERT_EQ(redriven.exitCode, 0) << redriven.describe();
  std::vector<Json> out = jsonLines(path("out.jsonl"));
  ASSERT_EQ(out.size(), 2u);
  for (const Json &line : out) EXPECT_EQ(line["status"], "succeeded") << line.dump();
  EXPECT_EQ(requests(), before) << "the lines' completed steps asked the model again";
  // Resumed again, nothing runs: every line succeeded.
  size_t gates = gateCalls();
  Outcome again = run(with({"--redrive", "b1", "--output-jsonl", path("out.jsonl").string()}));
  EXPECT_EQ(again.exitCode, 0) << again.describe();
  EXPECT_EQ(gateCalls(), gates);
}

TEST_F(ForkTest, JournalGcRemovesWhatItIsAskedToAndGivesTheSpaceBack) {
  for (int i = 0; i < 4; ++i) firstRun();
  writeText(path("gate-fails"), "");
  Outcome failed = run(with({"--input-json", R"({"docs": ["x"]})"}));
  ASSERT_EQ(failed.exitCode, 1);
  fs::remove(path("gate-fails"));
  ASSERT_EQ(listRuns().size(), 5u);

  // Only the succeeded ones, all but the newest.
  Outcome gc = run({"--journal", path("j.db").string(), "--journal-gc", "--status", "succeeded", "--keep-latest", "1"});
  ASSERT_EQ(gc.exitCode, 0) << gc.describe();
  Json report = Json::parse(gc.out);
  EXPECT_EQ(report["removed"], 3);
  EXPECT_EQ(report["kept"], 2);
  EXPECT_EQ(report["vacuumed"], true);
  EXPECT_LT(report["bytes_after"].get<int64_t>(), report["bytes_before"].get<int64_t>()) << report.dump();
  std::vector<Json> runs = listRuns();
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[0]["status"], "succeeded");
  EXPECT_EQ(runs[1]["status"], "failed");
  // Nothing is older than a day.
  gc = run({"--journal", path("j.db").string(), "--journal-gc", "--older-than", "1d"});
  ASSERT_EQ(gc.exitCode, 0) << gc.describe();
  EXPECT_EQ(Json::parse(gc.out)["removed"], 0);
  // Every finished run; no row of theirs is left behind.
  gc = run({"--journal", path("j.db").string(), "--journal-gc"});
  ASSERT_EQ(gc.exitCode, 0) << gc.describe();
  EXPECT_EQ(Json::parse(gc.out)["removed"], 2);
  sqlite3 *db = nullptr;
  ASSERT_EQ(sqlite3_open_v2(path("j.db").c_str(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
  for (const char *table : {"runs", "steps", "exchanges", "tool_calls", "failed_attempts", "programs"}) {
    sqlite3_stmt *s = nullptr;
    ASSERT_EQ(sqlite3_prepare_v2(db, (std::string("SELECT count(*) FROM ") + table).c_str(), -1, &s, nullptr), SQLITE_OK);
    ASSERT_EQ(sqlite3_step(s), SQLITE_ROW);
    EXPECT_EQ(sqlite3_column_int64(s, 0), 0) << table;
    sqlite3_finalize(s);
  }
  sqlite3_close(db);
  // Usage errors.
  Outcome bad = run({"--journal", path("j.db").string(), "--journal-gc", "--status", "finished"});
  EXPECT_EQ(bad.exitCode, 2) << bad.describe();
  EXPECT_TRUE(contains(bad.err, "--status takes run statuses separated by commas")) << bad.err;
  bad = run({"--journal", path("j.db").string(), "--older-than", "1d"});
  EXPECT_EQ(bad.exitCode, 2) << bad.describe();
  EXPECT_TRUE(contains(bad.err, "--older-than says which runs --journal-gc removes")) << bad.err;
}

TEST_F(ForkTest, JournalGcWithConcurrentWritersRemovesOnlyFinishedRuns) {
  std::vector<std::unique_ptr<Child>> writers;
  for (int w = 0; w < 3; ++w)
    writers.push_back(std::make_unique<Child>(
        "/bin/sh",
        std::vector<std::string>{"-c", "for i in 1 2 3 4 5 6; do \"$0\" \"$@\" || exit $?; done", WFC_FAULT_FORK,
                                 "--journal", path("j.db").string(), "--bindings", bindings(), "--llm-base-url",
                                 llm_.baseUrl(), "--model", "test-model", "--quiet", "--input-json",
                                 R"({"docs": ["a", "b"]})"},
        std::vector<std::string>{}, dir_ / ("writer-" + std::to_string(w))));
  // The first writer creates the journal; --journal-gc of a journal that does not exist is exit 2.
  for (int i = 0; i < 200 && !fs::exists(path("j.db")); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  ASSERT_TRUE(fs::exists(path("j.db")));
  uint64_t removed = 0;
  for (int i = 0; i < 8; ++i) {
    Outcome gc = run({"--journal", path("j.db").string(), "--journal-gc", "--status", "succeeded,running"});
    ASSERT_EQ(gc.exitCode, 0) << gc.describe();
    removed += Json::parse(gc.out)["removed"].get<uint64_t>();
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  for (auto &w : writers) {
    Outcome o = w->wait(120);
    EXPECT_EQ(o.exitCode, 0) << o.describe();
  }
  // Every run finished and was either removed or is listed succeeded: 18 in all.
  std::vector<Json> left = listRuns();
  for (const Json &r : left) EXPECT_EQ(r["status"], "succeeded") << r.dump();
  EXPECT_EQ(removed + left.size(), 18u);
  sqlite3 *db = nullptr;
  ASSERT_EQ(sqlite3_open_v2(path("j.db").c_str(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
  sqlite3_stmt *s = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(db, "PRAGMA integrity_check", -1, &s, nullptr), SQLITE_OK);
  ASSERT_EQ(sqlite3_step(s), SQLITE_ROW);
  EXPECT_STREQ(reinterpret_cast<const char *>(sqlite3_column_text(s, 0)), "ok");
  sqlite3_finalize(s);
  sqlite3_close(db);
}

TEST_F(ForkTest, AServerWithRetentionRemovesFinishedRunsAsItGoes) {
  std::vector<std::string> args = {"--serve", "127.0.0.1:0", "--journal-retention", "1s"};
  for (const std::string &a : common())
    if (a != "--quiet") args.push_back(a);
  ServeProcess server(WFC_FAULT_FORK, args, path("serve.err").string());
  std::optional<std::string> base = server.waitReady();
  ASSERT_TRUE(base) << server.stderrText();
  HttpReply posted = httpPostJson(*base + "/runs?wait=true", R"({"docs": ["a"]})");
  ASSERT_EQ(posted.status, 200) << posted.body;
  std::string id = Json::parse(posted.body)["id"];
  // Gone within a few retention periods (the server checks every second).
  long status = 200;
  for (int i = 0; i < 100 && status == 200; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    status = httpGet(*base + "/runs/" + id).status;
  }
  EXPECT_EQ(status, 404);
  // The server says so once the removal has committed, which a GET can see first: wait for the
  // line (it came a moment after the 404 under ThreadSanitizer).
  const std::string said = "removed 1 finished run older than the retention";
  for (int i = 0; i < 100 && !contains(server.stderrText(), said); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_TRUE(contains(server.stderrText(), said)) << server.stderrText();
}

}  // namespace
}  // namespace wfc::test

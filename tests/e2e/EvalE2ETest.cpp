// Evals end to end (docs/evals.md, docs/evals.md): packs/evals.yaml compiled at build time and
// run as a black box against the scripted test LLM server. Every type passing and failing, with
// and without params.gate; a gating failure retried, then handled by wfc.on_error; the `eval`
// trace lines, the report's `evals`, the warnings, the judge's request and its own recording key.
#include "ExeDir.h"
#include "LlmPackTest.h"

#include <set>

namespace wfc::test {
namespace {

constexpr const char *kPassReply = R"({"summary": "wfc compiles packs", "words": 3})";

class EvalE2ETest : public LlmPackTest {
 protected:
  static void SetUpTestSuite() {
    LlmPackTest::SetUpTestSuite();
    exes_["evals"] = e2eExeDir() + "/evals";
    ASSERT_TRUE(fs::exists(exes_["evals"])) << exes_["evals"] << " was not built";
  }

  // The writer answers a "PASS" topic with JSON that passes every eval, anything else with text
  // that fails them all ("SLOW": after 1.5 s, over the 1000 ms budgets; "RETRY ONCE": only the
  // first time). The judge scores the passing text 5 and anything else 2.
  static Json script() {
    return json(R"({"replies": [
      {"match": {"system_contains": "Score the text", "user_contains": "wfc compiles packs"},
       "reply": {"content_json": {"score": 5, "rationale": "names what wfc does"}, "usage": {"prompt_tokens": 40, "completion_tokens": 9}}},
      {"match": {"system_contains": "Score the text"},
       "reply": {"content_json": {"score": 2, "rationale": "says nothing about wfc"}}},
      {"match": {"user_contains": "RETRY ONCE"}, "times": 1, "reply": {"content": "nothing useful"}},
      {"match": {"user_contains": "SLOW"}, "delay_ms": 1500, "reply": {"content": "nothing useful"}},
      {"match": {"user_contains": "FAIL"}, "reply": {"content": "nothing useful"}},
      {"reply": {"content": "{\"summary\": \"wfc compiles packs\", \"words\": 3}", "usage": {"prompt_tokens": 20, "completion_tokens": 12}}}
    ]})");
  }

  static std::vector<std::string> args(const LlmServerProcess &server, const std::string &which, const std::string &text,
                                       std::vector<std::string> more = {}) {
    std::vector<std::string> a = {"--llm-base-url", server.baseUrl(), "--model", "test-model", "--input-json",
                                  Json{{"which", which}, {"text", text}}.dump()};
    a.insert(a.end(), more.begin(), more.end());
    return a;
  }

  // The `eval` lines of one step, by eval id (the last one of each id).
  static std::map<std::string, Json> evalLines(const std::vector<Json> &trace, const std::string &step) {
    std::map<std::string, Json> out;
    for (const Json &e : events(trace, "eval"))
      if (e["step"] == step) out[e["eval"]] = e;
    return out;
  }
};

// 1. Every type passes: each named eval has a `passed` line with its score, the every_turn eval
// runs unnamed, the 0 % sample is skipped, nothing is warned, and the report lists the same.
TEST_F(EvalE2ETest, EveryTypePassesAndIsTracedAndReported) {
  LlmServerProcess server(script());
  std::string trace = path("pass.trace"), report = path("pass.report");
  ProcessResult r = run("evals", args(server, "pass", "PASS: explain wfc", {"--trace", trace, "--report", report}));
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  EXPECT_EQ(json(r.out), kPassReply);
  EXPECT_EQ(r.err.find("warning"), std::string::npos) << r.err;

  std::map<std::string, Json> lines = evalLines(jsonLines(trace), "pass_all");
  std::set<std::string> ids;
  for (const auto &[id, line] : lines) ids.insert(id);
  EXPECT_EQ(ids, (std::set<std::string>{"mentions_wfc", "counts_words", "is_json", "has_summary", "fast_enough",
                                        "judged_good", "nonblank", "never_sampled"}));
  for (const char *id : {"mentions_wfc", "counts_words", "is_json", "has_summary", "nonblank"}) {
    EXPECT_EQ(lines[id]["status"], "passed") << lines[id];
    EXPECT_EQ(lines[id]["score"], 1.0) << lines[id];
    EXPECT_EQ(lines[id]["gate"], false);
    EXPECT_EQ(lines[id]["attempt"], 1);
    EXPECT_FALSE(lines[id].contains("message")) << lines[id];
  }
  EXPECT_EQ(lines["mentions_wfc"]["type"], "contains");
  EXPECT_EQ(lines["counts_words"]["type"], "regex");
  EXPECT_EQ(lines["is_json"]["type"], "json_valid");
  EXPECT_EQ(lines["has_summary"]["type"], "json_schema");
  EXPECT_EQ(lines["fast_enough"]["type"], "latency_budget");
  EXPECT_EQ(lines["fast_enough"]["status"], "passed");
  EXPECT_GT(lines["fast_enough"]["score"].get<double>(), 0.0) << "latency_budget's score is the attempt's duration";
  EXPECT_LT(lines["fast_enough"]["score"].get<double>(), 60000.0);
  EXPECT_EQ(lines["judged_good"]["type"], "llm_judge");
  EXPECT_EQ(lines["judged_good"]["status"], "passed");
  EXPECT_EQ(lines["judged_good"]["score"], 5.0);
  EXPECT_EQ(lines["judged_good"]["threshold"], ">= 4");
  EXPECT_EQ(lines["judged_good"]["rationale"], "names what wfc does");
  EXPECT_EQ(lines["never_sampled"]["status"], "skipped");
  EXPECT_NE(lines["never_sampled"]["message"].get<std::string>().find("sample_percentage 0"), std::string::npos);

  // Eval lines belong to the attempt's span, before its step_end.
  std::vector<Json> all = jsonLines(trace);
  std::string attemptSpan;
  size_t evalAt = 0, endAt = 0;
  for (size_t i = 0; i < all.size(); ++i) {
    if (all[i]["event"] == "step_start" && all[i]["step"] == "pass_all") attemptSpan = all[i]["span_id"];
    if (all[i]["event"] == "eval" && !evalAt) evalAt = i;
    if (all[i]["event"] == "step_end" && all[i]["step"] == "pass_all") endAt = i;
  }
  EXPECT_EQ(lines["mentions_wfc"]["parent_span_id"], attemptSpan);
  EXPECT_LT(evalAt, endAt);
  // The judge's exchange is an llm_call of its own, keyed "<step>/eval:<id>".
  bool judgeCall = false;
  for (const Json &c : events(all, "llm_call"))
    if (c["step"] == "pass_all/eval:judged_good") {
      judgeCall = true;
      EXPECT_EQ(c["prompt"], "judge");
      EXPECT_EQ(c["parent_span_id"], attemptSpan);
    }
  EXPECT_TRUE(judgeCall);

  Json rep = json(readText(report));
  ASSERT_TRUE(rep.contains("evals")) << rep.dump(2);
  EXPECT_EQ(rep["evals"].size(), 8u);
  for (const Json &e : rep["evals"]) {
    EXPECT_EQ(e["step"], "pass_all");
    EXPECT_EQ(e["status"], e["eval"] == "never_sampled" ? "skipped" : "passed") << e;
    EXPECT_TRUE(e.contains("duration_ms"));
  }
  // The judge's tokens count in the run's total: 20+12 for the writer, 40+9 for the judge.
  EXPECT_EQ(rep["tokens"], json(R"({"prompt": 60, "completion": 21})"));
}

// 2. The judge's request: the rendered system template, the rubric and target as the user
// message, and structured output {score, rationale}.
TEST_F(EvalE2ETest, TheJudgeIsAskedForAScoreAndRationale) {
  LlmServerProcess server(script());
  ProcessResult r = run("evals", args(server, "pass", "PASS: explain wfc"));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  Json judge;
  for (const Json &req : server.requests())
    if (req["body"]["messages"][0]["content"].get<std::string>().find("Score the text") != std::string::npos) judge = req;
  ASSERT_FALSE(judge.is_null());
  Json messages = judge["body"]["messages"];
  ASSERT_EQ(messages.size(), 2u);
  EXPECT_EQ(messages[0]["content"],
            "Score the text from 1 to 5 for how well it explains wfc. 5: names what wfc does; 1: says nothing.");
  EXPECT_EQ(messages[1]["role"], "user");
  EXPECT_EQ(messages[1]["content"],
            std::string("Rubric:\n5: names what wfc does; 1: says nothing.\n\nTarget:\n") + kPassReply);
  Json format = judge["body"]["response_format"];
  EXPECT_EQ(format["type"], "json_schema");
  EXPECT_EQ(format["json_schema"]["schema"]["required"], json(R"(["score", "rationale"])"));
}

// 3. Failures without a gate are warnings: the run succeeds with the step's output; each failing
// eval is a warning on stderr, a `failed` trace line and a report entry with its reason.
TEST_F(EvalE2ETest, FailuresWithoutAGateWarnAndTheRunSucceeds) {
  LlmServerProcess server(script());
  std::string trace = path("warn.trace"), report = path("warn.report");
  ProcessResult r = run("evals", args(server, "warn", "SLOW FAIL", {"--trace", trace, "--report", report}));
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  EXPECT_EQ(json(r.out), "nothing useful");
  std::map<std::string, std::string> reasons = {
      {"mentions_wfc", "the output does not contain \"wfc\""},
      {"counts_words", "the output does not match /\"words\":\\s*\\d+/"},
      {"is_json", "the output is not valid JSON"},
      {"has_summary", "the output is not valid JSON"},
      {"tight_budget", "over the budget of 1000 ms"},
      {"judged_good", "score 2 does not meet the threshold >= 4"}};
  std::map<std::string, Json> lines = evalLines(jsonLines(trace), "warn_all");
  for (const auto &[id, reason] : reasons) {
    EXPECT_EQ(lines[id]["status"], "failed") << lines[id];
    EXPECT_NE(lines[id].value("message", "").find(reason), std::string::npos) << lines[id];
    EXPECT_NE(r.err.find("warning: packs/evals.yaml:"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("step 'warn_all': eval '" + id + "'"), std::string::npos) << id << "\n" << r.err;
  }
  EXPECT_EQ(lines["judged_good"]["score"], 2.0);
  EXPECT_EQ(lines["judged_good"]["rationale"], "says nothing about wfc");
  EXPECT_GE(lines["tight_budget"]["score"].get<double>(), 1500.0);
  EXPECT_EQ(lines["is_json"]["score"], 0.0);
  EXPECT_EQ(lines["nonblank"]["status"], "passed");
  Json rep = json(readText(report));
  EXPECT_EQ(rep["status"], "succeeded");
  int failed = 0;
  for (const Json &e : rep["evals"]) failed += e["status"] == "failed";
  EXPECT_EQ(failed, 6);
}

// 4. With params.gate: true a failure fails the attempt (exit 1, naming the eval), for every
// type; the same gated evals on a passing output let the run succeed.
TEST_F(EvalE2ETest, AGatedFailureFailsTheStepForEveryType) {
  LlmServerProcess server(script());
  struct Case {
    const char *which, *eval, *type, *text, *reason;
  };
  for (const Case &c : {Case{"gate_contains", "mentions_wfc_gate", "contains", "FAIL", "does not contain \"wfc\""},
                        Case{"gate_regex", "counts_words_gate", "regex", "FAIL", "does not match"},
                        Case{"gate_json_valid", "is_json_gate", "json_valid", "FAIL", "is not valid JSON"},
                        Case{"gate_json_schema", "has_summary_gate", "json_schema", "FAIL", "is not valid JSON"},
                        Case{"gate_latency", "tight_budget_gate", "latency_budget", "SLOW", "over the budget of 1000 ms"},
                        Case{"gate_judge", "judged_good_gate", "llm_judge", "FAIL", "score 2 does not meet the threshold >= 4"}}) {
    SCOPED_TRACE(c.which);
    std::string trace = path(std::string(c.which) + ".trace");
    ProcessResult r = run("evals", args(server, c.which, c.text, {"--trace", trace}));
    EXPECT_EQ(r.exitCode, 1) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find("step '" + std::string(c.which) + "' failed: eval '" + c.eval + "' (" + c.type + ") failed: "),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find(c.reason), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("warning"), std::string::npos) << "a gating failure is an error, not a warning: " << r.err;
    std::map<std::string, Json> lines = evalLines(jsonLines(trace), c.which);
    EXPECT_EQ(lines[c.eval]["status"], "failed");
    EXPECT_EQ(lines[c.eval]["gate"], true);
    for (const Json &end : events(jsonLines(trace), "step_end"))
      if (end["step"] == c.which) {
        EXPECT_EQ(end["status"], "failed") << end;
      }

    if (std::string(c.which) == "gate_latency") continue;  // a fast reply is not guaranteed on a loaded machine
    ProcessResult ok = run("evals", args(server, c.which, "PASS"));
    EXPECT_EQ(ok.exitCode, 0) << ok.err;
    EXPECT_EQ(json(ok.out), kPassReply);
  }
}

// 5. A gating failure is a failed attempt: retried per `retry` (the second attempt's evals run
// again), and when the attempts are used up, wfc.on_error's value stands in.
TEST_F(EvalE2ETest, AGatedFailureIsRetriedThenHandledByOnError) {
  LlmServerProcess server(script());
  {
    std::string trace = path("retry-once.trace");
    ProcessResult r = run("evals", args(server, "retried", "RETRY ONCE", {"--trace", trace}));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(json(r.out), kPassReply) << "the second attempt passed its gate";
    std::vector<std::string> statuses;
    for (const Json &e : events(jsonLines(trace), "eval"))
      if (e["eval"] == "mentions_wfc_gate") statuses.push_back(std::to_string(e["attempt"].get<int>()) + ":" + e["status"].get<std::string>());
    EXPECT_EQ(statuses, (std::vector<std::string>{"1:failed", "2:passed"}));
  }
  {
    std::string trace = path("retry-never.trace"), report = path("retry-never.report");
    ProcessResult r = run("evals", args(server, "retried", "FAIL", {"--trace", trace, "--report", report}));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(json(r.out), "no explanation") << "wfc.on_error's value stands in after the attempts";
    std::vector<Json> all = jsonLines(trace);
    int failedEvals = 0;
    for (const Json &e : events(all, "eval")) failedEvals += e["eval"] == "mentions_wfc_gate" && e["status"] == "failed";
    EXPECT_EQ(failedEvals, 2);
    std::vector<Json> recovered = events(all, "step_recovered");
    ASSERT_EQ(recovered.size(), 1u);
    EXPECT_EQ(recovered[0]["with"], "value");
    EXPECT_NE(recovered[0]["error"].get<std::string>().find("eval 'mentions_wfc_gate' (contains) failed"), std::string::npos);
    Json rep = json(readText(report));
    for (const Json &s : rep["steps"])
      if (s["step"] == "retried") {
        EXPECT_EQ(s["status"], "recovered");
        EXPECT_EQ(s["attempts"], 2);
      }
  }
}

// 6. The judge's exchange is recorded under its own key and replays offline, evals and all.
TEST_F(EvalE2ETest, TheJudgeIsRecordedUnderItsOwnKeyAndReplays) {
  std::string recording = path("evals.jsonl");
  {
    LlmServerProcess server(script());
    ProcessResult r = run("evals", args(server, "pass", "PASS: explain wfc", {"--record", recording}));
    ASSERT_EQ(r.exitCode, 0) << r.err;
  }
  std::vector<Json> lines = jsonLines(recording);
  std::set<std::string> steps;
  for (size_t i = 1; i < lines.size(); ++i) steps.insert(lines[i]["key"]["step"]);
  EXPECT_EQ(steps, (std::set<std::string>{"pass_all", "pass_all/eval:judged_good"}));

  std::string trace = path("replayed.trace");
  ProcessResult r = run("evals", {"--replay", recording, "--trace", trace, "--input-json",
                                  R"({"which": "pass", "text": "PASS: explain wfc"})"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(json(r.out), kPassReply);
  std::map<std::string, Json> evals = evalLines(jsonLines(trace), "pass_all");
  EXPECT_EQ(evals["judged_good"]["score"], 5.0);
  EXPECT_EQ(evals["judged_good"]["status"], "passed");
}

// 7. A judge whose reply does not fit {score, rationale} leaves the eval in status `error`: it
// did not pass, so it warns (or, gating, fails the attempt) saying it could not run.
TEST_F(EvalE2ETest, AJudgeThatCannotAnswerIsAnEvalError) {
  LlmServerProcess server(json(R"({"replies": [
    {"match": {"system_contains": "Score the text"}, "reply": {"content": "Great answer, 5/5!"}},
    {"reply": {"content": "{\"summary\": \"wfc compiles packs\", \"words\": 3}"}}
  ]})"));
  std::string trace = path("judge-error.trace");
  ProcessResult r = run("evals", args(server, "pass", "PASS", {"--trace", trace}));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  Json line = evalLines(jsonLines(trace), "pass_all")["judged_good"];
  EXPECT_EQ(line["status"], "error") << line;
  EXPECT_FALSE(line.contains("score")) << line;
  EXPECT_NE(line.value("message", "").find("the judge's reply is not valid JSON"), std::string::npos) << line;
  EXPECT_NE(r.err.find("warning: packs/evals.yaml:"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("eval 'judged_good' (llm_judge) could not run: the judge's reply is not valid JSON"),
            std::string::npos)
      << r.err;

  ProcessResult gated = run("evals", args(server, "gate_judge", "PASS"));
  EXPECT_EQ(gated.exitCode, 1) << gated.err;
  EXPECT_NE(gated.err.find("step 'gate_judge' failed: eval 'judged_good_gate' (llm_judge) could not run"),
            std::string::npos)
      << gated.err;
}

// 8. --dry-run lists the evals each step runs, the automatic every_turn ones included.
TEST_F(EvalE2ETest, TheDryRunPlanListsEachStepsEvals) {
  ProcessResult r = run("evals", {"--dry-run", "--input-json", R"({"which": "pass", "text": "x"})"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  Json plan = json(r.out);
  std::map<std::string, Json> evals;
  for (const Json &step : plan["compositions"][0]["steps"])
    if (step.contains("evals")) evals[step["id"]] = step["evals"];
  EXPECT_EQ(evals["pass_all"], json(R"(["mentions_wfc", "counts_words", "is_json", "has_summary", "fast_enough",
                                        "judged_good", "nonblank", "never_sampled"])"));
  EXPECT_EQ(evals["gate_regex"], json(R"(["counts_words_gate", "nonblank", "never_sampled"])"));
  EXPECT_FALSE(evals.count("pick_pass")) << "a branch runs no evals";
}

// 9. Inside a wfc.foreach the evals run per item: each line names the item's step path and index.
TEST_F(EvalE2ETest, EvalsRunPerForeachItem) {
  LlmServerProcess server(script());
  std::string trace = path("each.trace"), report = path("each.report");
  ProcessResult r = run("evals", {"--llm-base-url", server.baseUrl(), "--model", "test-model", "--trace", trace,
                                  "--report", report, "--input-json",
                                  R"({"which": "each", "text": "-", "topics": ["PASS: wfc", "FAIL"]})"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  std::map<int64_t, Json> byItem;
  for (const Json &e : events(jsonLines(trace), "eval"))
    if (e["eval"] == "mentions_wfc") byItem[e["item"].get<int64_t>()] = e;
  ASSERT_EQ(byItem.size(), 2u);
  EXPECT_EQ(byItem[0]["step"], "each[0]__write_each");
  EXPECT_EQ(byItem[0]["status"], "passed");
  EXPECT_EQ(byItem[1]["step"], "each[1]__write_each");
  EXPECT_EQ(byItem[1]["status"], "failed");
  EXPECT_NE(r.err.find("step 'each[1]__write_each': eval 'mentions_wfc' (contains) failed"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("each[0]__write_each"), std::string::npos) << r.err;
  int withItem = 0;
  Json rep = json(readText(report));
  for (const Json &e : rep["evals"]) withItem += e.contains("item");
  EXPECT_EQ(withItem, 6) << "three evals for each of the two items";
}

}  // namespace
}  // namespace wfc::test

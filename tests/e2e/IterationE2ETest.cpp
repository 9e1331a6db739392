// wfc.foreach, wfc.loop and wfc.judge end to end (docs/language/promptpack.md; docs/semantics.md "Iteration and
// judging"): packs/iteration-*.yaml compiled at build time and run as black boxes against the
// scripted test LLM server (docs/test-llm-server.md), which also tells how many requests were in
// flight at once.
#include "ExeDir.h"
#include "LlmPackTest.h"

#include <algorithm>

namespace wfc::test {
namespace {

// The first user message of a logged request ("" when none).
std::string userText(const Json &request) {
  for (const Json &m : request["body"]["messages"])
    if (m["role"] == "user" && m["content"].is_string()) return m["content"];
  return "";
}

std::string systemText(const Json &request) {
  for (const Json &m : request["body"]["messages"])
    if (m["role"] == "system" && m["content"].is_string()) return m["content"];
  return "";
}

std::vector<Json> requestsWithUser(const std::vector<Json> &requests, const std::string &part) {
  std::vector<Json> out;
  for (const Json &r : requests)
    if (userText(r).find(part) != std::string::npos) out.push_back(r);
  return out;
}

std::vector<Json> requestsWithSystem(const std::vector<Json> &requests, const std::string &part) {
  std::vector<Json> out;
  for (const Json &r : requests)
    if (systemText(r).find(part) != std::string::npos) out.push_back(r);
  return out;
}

// The `step` of every event of kind `name`, in trace order.
std::vector<std::string> stepsOf(const std::vector<Json> &trace, const std::string &name) {
  std::vector<std::string> out;
  for (const Json &e : events(trace, name)) out.push_back(e.value("step", ""));
  return out;
}

bool contains(const std::vector<std::string> &list, const std::string &s) {
  return std::find(list.begin(), list.end(), s) != list.end();
}

class IterationE2ETest : public LlmPackTest {
 protected:
  static void SetUpTestSuite() {
    LlmPackTest::SetUpTestSuite();
    for (const char *name : {"iteration-foreach", "iteration-loop", "iteration-judge", "iteration-nested"}) {
      exes_[name] = e2eExeDir() + "/" + name;
      ASSERT_TRUE(fs::exists(exes_[name])) << exes_[name] << " was not built";
    }
  }

  static std::vector<std::string> llm(const LlmServerProcess &server, std::vector<std::string> more = {}) {
    std::vector<std::string> args = {"--llm-base-url", server.baseUrl(), "--model", "test-model"};
    args.insert(args.end(), more.begin(), more.end());
    return args;
  }

  // One reply per document "Document I of": "S<I>", document `slow` answered last.
  static Json summariesScript(int docs, int slow) {
    Json replies = Json::array();
    for (int i = 0; i < docs; ++i) {
      Json entry = {{"match", {{"user_contains", "Document " + std::to_string(i) + " of"}}},
                    {"reply", {{"content", "S" + std::to_string(i)}}}};
      entry["delay_ms"] = i == slow ? 600 : 150;
      replies.push_back(entry);
    }
    return {{"replies", replies}};
  }

  static std::string docsInput(const Json &docs) { return Json{{"docs", docs}, {"title", "the set"}}.dump(); }
};

// ---- wfc.foreach

// Outputs come back in item order although item 0 is answered last, and never more than
// max_concurrency (2) requests are in flight, though the run allows 8.
TEST_F(IterationE2ETest, ForeachKeepsItemOrderAndRespectsMaxConcurrency) {
  LlmServerProcess server(summariesScript(6, 0));
  std::string trace = path("foreach-trace.jsonl");
  ProcessResult r = run("iteration-foreach",
                        llm(server, {"--max-concurrency", "8", "--trace", trace, "--input-json",
                                     docsInput({"a", "b", "c", "d", "e", "f"})}));
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  EXPECT_EQ(json(r.out), json(R"({"summaries": ["S0", "S1", "S2", "S3", "S4", "S5"]})"));

  std::vector<Json> requests = server.requests();
  ASSERT_EQ(requests.size(), 6u);
  int maxInFlight = 0;
  for (const Json &q : requests) maxInFlight = std::max(maxInFlight, q["in_flight"].get<int>());
  EXPECT_EQ(maxInFlight, 2) << "max_concurrency: 2 bounds the items in flight (and they do overlap)";
  // Each item's input: ${item_index}, ${item} and the outer ${input.title}.
  EXPECT_EQ(requestsWithUser(requests, "Document 3 of the set: d").size(), 1u);
  // Item 0 (slow) finished after later items: completion order is not output order.
  double first = 0, later = 0;
  for (const Json &q : requests) {
    if (userText(q).find("Document 0 of") != std::string::npos) first = q["answered_ms"];
    if (userText(q).find("Document 2 of") != std::string::npos) later = q["answered_ms"];
  }
  EXPECT_GT(first, later);

  // Every item's step has a path of its own in the trace.
  std::vector<Json> lines = jsonLines(trace);
  std::vector<std::string> ends = stepsOf(lines, "step_end");
  for (int i = 0; i < 6; ++i) EXPECT_TRUE(contains(ends, "each[" + std::to_string(i) + "]__summarize")) << i;
  EXPECT_TRUE(contains(ends, "each"));
}

// Without --max-concurrency room (1), the items run one at a time, still in order.
TEST_F(IterationE2ETest, ForeachRunsOneAtATimeUnderMaxConcurrencyOne) {
  LlmServerProcess server(summariesScript(3, 0));
  ProcessResult r = run("iteration-foreach",
                        llm(server, {"--max-concurrency", "1", "--input-json", docsInput({"a", "b", "c"})}));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(json(r.out), json(R"({"summaries": ["S0", "S1", "S2"]})"));
  for (const Json &q : server.requests()) EXPECT_EQ(q["in_flight"], 1);
}

TEST_F(IterationE2ETest, ForeachOverAnEmptyListReducesToAnEmptyList) {
  LlmServerProcess server(summariesScript(1, -1));
  ProcessResult r = run("iteration-foreach", llm(server, {"--input-json", docsInput(Json::array())}));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(json(r.out), json(R"({"summaries": []})"));
  EXPECT_TRUE(server.requests().empty());
}

TEST_F(IterationE2ETest, ForeachItemsThatAreNotAnArrayAreExitOne) {
  LlmServerProcess server(summariesScript(1, -1));
  ProcessResult r = run("iteration-foreach", llm(server, {"--input-json", docsInput({{"a", 1}})}));
  EXPECT_EQ(r.exitCode, 1) << r.err;
  EXPECT_NE(r.err.find("the items of wfc.foreach 'each' must be an array, not an object"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("step 'each' failed"), std::string::npos) << r.err;
  EXPECT_TRUE(r.out.empty());
  EXPECT_TRUE(server.requests().empty());
}

// Item 1 fails (a 400): the step fails naming that item, no later item starts, and the slow
// item 0 in flight is cancelled (its step is effect-free).
TEST_F(IterationE2ETest, AFailingItemFailsTheForeachAndStartsNoMoreItems) {
  Json script = summariesScript(6, 0);
  script["replies"][1] = {{"match", {{"user_contains", "Document 1 of"}}}, {"status", 400}};
  script["replies"][0]["delay_ms"] = 2000;
  LlmServerProcess server(script);
  ProcessResult r = run("iteration-foreach",
                        llm(server, {"--max-concurrency", "8", "--input-json", docsInput({"a", "b", "c", "d", "e", "f"})}));
  EXPECT_EQ(r.exitCode, 1) << r.err;
  EXPECT_NE(r.err.find("step 'each[1]__summarize' failed"), std::string::npos) << r.err;
  EXPECT_TRUE(r.out.empty());
  for (int i = 2; i < 6; ++i)
    EXPECT_TRUE(requestsWithUser(server.requests(), "Document " + std::to_string(i) + " of").empty()) << i;
  EXPECT_LT(r.seconds, 1.8) << "item 0 was not cancelled";
}

// Record at full concurrency, replay one at a time offline: keys are the item's position.
TEST_F(IterationE2ETest, ForeachRecordingReplaysAtAnyConcurrency) {
  std::string recording = path("foreach.jsonl");
  std::string input = docsInput({"a", "b", "c", "d"});
  std::string recorded;
  {
    LlmServerProcess server(summariesScript(4, 0));
    ProcessResult r = run("iteration-foreach", llm(server, {"--record", recording, "--input-json", input}));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    recorded = r.out;
  }
  std::vector<Json> lines = jsonLines(recording);
  ASSERT_EQ(lines.size(), 5u);
  std::vector<std::string> keys;
  for (size_t i = 1; i < lines.size(); ++i) {
    const Json &key = lines[i]["key"];
    std::string step = key["step"];
    EXPECT_EQ(step, "each[" + std::to_string(key["item"].get<int>()) + "]__summarize");
    keys.push_back(step);
  }
  std::sort(keys.begin(), keys.end());
  EXPECT_EQ(keys, (std::vector<std::string>{"each[0]__summarize", "each[1]__summarize", "each[2]__summarize",
                                            "each[3]__summarize"}));
  ProcessResult replay =
      run("iteration-foreach", {"--replay", recording, "--max-concurrency", "1", "--input-json", input});
  ASSERT_EQ(replay.exitCode, 0) << replay.err;
  EXPECT_EQ(replay.out, recorded);
}

// A foreach inside a foreach: inner ${item}/${item_index} are the nearest foreach's, the
// innermost step reads a step outside both blocks, outputs nest in item order, and the
// recording's keys carry both indices in the path (and the inner index as `item`).
TEST_F(IterationE2ETest, NestedForeachKeepsBothOrdersAndNamesBothIndices) {
  Json replies = Json::array();
  replies.push_back({{"match", {{"system_contains", "Introduce"}}}, {"reply", {{"content", "INTRO"}}}});
  for (const char *x : {"a", "b", "c", "d", "e"})
    replies.push_back({{"match", {{"user_contains", std::string(": ") + x + " after INTRO"}}},
                       {"delay_ms", std::string(x) == "a" ? 300 : 20},
                       {"reply", {{"content", std::string("sum-") + x}}}});
  LlmServerProcess server(Json{{"replies", replies}});
  std::string recording = path("nested.jsonl");
  ProcessResult r = run("iteration-nested",
                        llm(server, {"--record", recording, "--input-json",
                                     R"({"title": "T", "groups": [["a", "b", "c"], [], ["d", "e"]]})"}));
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  EXPECT_EQ(json(r.out), json(R"({"results": [{"summaries": ["sum-a", "sum-b", "sum-c"]}, {"summaries": []},
                                              {"summaries": ["sum-d", "sum-e"]}]})"));
  EXPECT_EQ(requestsWithUser(server.requests(), "Item 2: c after INTRO").size(), 1u);
  EXPECT_EQ(requestsWithUser(server.requests(), "Item 1: e after INTRO").size(), 1u);
  std::vector<std::string> keys;
  for (const Json &line : jsonLines(recording))
    if (line.contains("key") && line["key"]["step"] != "opening")
      keys.push_back(line["key"]["step"].get<std::string>() + "|" + std::to_string(line["key"]["item"].get<int>()));
  std::sort(keys.begin(), keys.end());
  EXPECT_EQ(keys, (std::vector<std::string>{"groups[0]__each[0]__summarize|0", "groups[0]__each[1]__summarize|1",
                                            "groups[0]__each[2]__summarize|2", "groups[2]__each[0]__summarize|0",
                                            "groups[2]__each[1]__summarize|1"}));
}

// ---- wfc.loop

Json loopScript(const std::vector<int> &scores) {
  Json replies = Json::array();
  for (size_t i = 0; i < scores.size(); ++i)
    replies.push_back({{"match", {{"system_contains", "Score the draft"}}},
                       {"times", 1},
                       {"reply", {{"content_json", {{"score", scores[i]}, {"rationale", "r" + std::to_string(i)}}}}}});
  for (int i = 0; i < 3; ++i)
    replies.push_back({{"match", {{"system_contains", "(attempt " + std::to_string(i) + ")"}}},
                       {"reply", {{"content", "draft " + std::to_string(i)}}}});
  replies.push_back({{"match", {{"system_contains", "previous draft"}}}, {"reply", {{"content", "be concrete"}}}});
  return {{"replies", replies}};
}

// Scores 5 then 9: two iterations, the output is the second review. `recall` is skipped in the
// first iteration (no previous draft) and sees draft 0 in the second.
TEST_F(IterationE2ETest, LoopEndsWhenUntilHoldsAndSeesThePreviousIterationFromTheSecondOn) {
  LlmServerProcess server(loopScript({5, 9}));
  std::string trace = path("loop-trace.jsonl");
  ProcessResult r = run("iteration-loop", llm(server, {"--trace", trace, "--input-json", R"({"topic": "wfc"})"}));
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  EXPECT_EQ(json(r.out), json(R"({"score": 9, "rationale": "r1"})"));

  std::vector<Json> requests = server.requests();
  EXPECT_EQ(requests.size(), 5u) << "2 drafts, 2 reviews, 1 recall";
  std::vector<Json> recalls = requestsWithSystem(requests, "previous draft");
  ASSERT_EQ(recalls.size(), 1u);
  EXPECT_EQ(userText(recalls[0]), "Iteration 1 follows: draft 0");
  // ${loop.iteration} reaches the writer's template through the input object.
  EXPECT_EQ(requestsWithSystem(requests, "Write one paragraph about wfc (attempt 1).").size(), 1u);
  std::vector<Json> reviews = requestsWithSystem(requests, "Score the draft");
  ASSERT_EQ(reviews.size(), 2u);
  EXPECT_EQ(userText(reviews[1]), "Rubric:\nAccurate, concrete, under 100 words.\n\nTarget:\ndraft 1");

  std::vector<Json> lines = jsonLines(trace);
  std::vector<std::string> skipped = stepsOf(lines, "step_skip");
  EXPECT_TRUE(contains(skipped, "refine[0]__recall"));
  EXPECT_FALSE(contains(skipped, "refine[1]__recall"));
  EXPECT_TRUE(contains(stepsOf(lines, "step_end"), "refine[1]__recall"));
  std::vector<Json> iterations = events(lines, "loop_iteration");
  ASSERT_EQ(iterations.size(), 2u);
  EXPECT_EQ(iterations[0]["until"], false);
  EXPECT_EQ(iterations[1]["until"], true);
}

TEST_F(IterationE2ETest, LoopThatReachesMaxIterationsIsExitThree) {
  LlmServerProcess server(loopScript({1, 2, 3}));
  ProcessResult r = run("iteration-loop", llm(server, {"--input-json", R"({"topic": "wfc"})"}));
  EXPECT_EQ(r.exitCode, 3) << r.err;
  EXPECT_NE(r.err.find("wfc.loop 'refine' reached max_iterations (3) without its 'until' predicate holding"),
            std::string::npos)
      << r.err;
  EXPECT_TRUE(r.out.empty());
  EXPECT_EQ(requestsWithSystem(server.requests(), "Write one paragraph").size(), 3u);
}

// --dry-run lists a block's inner steps with the block they run in, and the block's bound.
TEST_F(IterationE2ETest, DryRunPlanShowsBlocksAndTheirInnerSteps) {
  ProcessResult r = run("iteration-loop", {"--dry-run", "--input-json", R"({"topic": "wfc"})"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  Json steps = json(r.out)["compositions"][0]["steps"];
  ASSERT_EQ(steps.size(), 5u);
  EXPECT_EQ(steps[0]["kind"], "wfc.loop");
  EXPECT_EQ(steps[0]["max_iterations"], 3);
  EXPECT_EQ(steps[4]["id"], "review");
  EXPECT_EQ(steps[4]["kind"], "wfc.judge");
  EXPECT_EQ(steps[4]["inside"], "refine");
  EXPECT_EQ(steps[4]["prompt"], "critic");
  EXPECT_FALSE(steps[4].contains("parallel"));
}

// ---- wfc.judge

Json judgeScript(const Json &verdict) {
  Json script = Json::parse(R"({"replies": [
    {"match": {"system_contains": "Announce"}, "reply": {"content": "published"}},
    {"match": {"system_contains": "Rewrite"}, "reply": {"content": "fixed"}}
  ]})");
  script["replies"].push_back({{"match", {{"system_contains", "Grade the answer"}}}, {"reply", {{"content_json", verdict}}}});
  return script;
}

TEST_F(IterationE2ETest, AJudgeScoreDrivesABranch) {
  {
    LlmServerProcess server(judgeScript({{"score", 8.5}, {"rationale", "solid"}}));
    ProcessResult r = run("iteration-judge", llm(server, {"--input-json", R"({"topic": "2 + 2 = 4"})"}));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(json(r.out), "published");
    std::vector<Json> grades = requestsWithSystem(server.requests(), "Grade the answer");
    ASSERT_EQ(grades.size(), 1u);
    const Json &body = grades[0]["body"];
    // The rubric reaches the template ({{rubric}}) and the user message, as JSON; the reply is
    // asked for as strict structured output.
    EXPECT_EQ(systemText(grades[0]), R"(Grade the answer from 0 to 10. Rubric: {"correct":"must be true","tone":"neutral"})");
    EXPECT_EQ(userText(grades[0]), "Rubric:\n{\"correct\":\"must be true\",\"tone\":\"neutral\"}\n\nTarget:\n2 + 2 = 4");
    EXPECT_EQ(body["response_format"]["type"], "json_schema");
    EXPECT_EQ(body["response_format"]["json_schema"]["strict"], true);
    EXPECT_EQ(body["response_format"]["json_schema"]["schema"]["required"], json(R"(["score", "rationale"])"));
    EXPECT_EQ(requestsWithUser(server.requests(), "solid").size(), 1u) << "publish reads ${rate.output.rationale}";
  }
  {
    LlmServerProcess server(judgeScript({{"score", 2}, {"rationale", "wrong"}}));
    ProcessResult r = run("iteration-judge", llm(server, {"--input-json", R"({"topic": "2 + 2 = 5"})"}));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(json(r.out), "fixed");
  }
}

TEST_F(IterationE2ETest, AJudgeReplyThatIsNotAScoreIsExitOne) {
  LlmServerProcess server(judgeScript({{"score", "high"}, {"rationale", "?"}}));
  ProcessResult r = run("iteration-judge", llm(server, {"--input-json", R"({"topic": "x"})"}));
  EXPECT_EQ(r.exitCode, 1) << r.err;
  EXPECT_NE(r.err.find("the judge's reply does not match {score: number, rationale: string}"), std::string::npos)
      << r.err;
}

}  // namespace
}  // namespace wfc::test

// PromptKit's eval types end to end (docs/evals.md "Types"): packs/promptkit-evals.yaml, an agent
// step with PromptKit's spellings of types and params, run as a black box against the scripted
// test LLM server with a real exec tool. Each type's score and pass rule as PromptKit gives them,
// the tool-call types and `when` reading the calls the attempt made, and PromptKit's llm_judge:
// its request, its reply read from the first '{' to the last '}', and passing_score.
#include "ExeDir.h"
#include "LlmPackTest.h"

namespace wfc::test {
namespace {

constexpr const char *kGoodAnswer =
    "Here it is: ```json\n{\"answer\": \"WFC is a compiler.\", \"sources\": [\"kb\"]}\n```";
constexpr const char *kBadAnswer = "Sorry, I am a dumb interpreter. I cannot. Really. No.";

class PromptKitEvalE2ETest : public LlmPackTest {
 protected:
  static void SetUpTestSuite() {
    LlmPackTest::SetUpTestSuite();
    exes_["promptkit-evals"] = e2eExeDir() + "/promptkit-evals";
    ASSERT_TRUE(fs::exists(exes_["promptkit-evals"])) << exes_["promptkit-evals"] << " was not built";
  }

  // A "PASS" topic: the agent looks two terms up, then answers well, and the judge scores 0.9;
  // any other topic: no lookups, a bad answer, and the judge scores 0.3 (with prose around its
  // JSON, which PromptKit's parser skips).
  static Json script() {
    Json s = json(R"({"replies": [
      {"match": {"system_contains": "evaluation judge", "user_contains": "WFC is a compiler"},
       "reply": {"content": "{\"passed\": true, \"score\": 0.9, \"reasoning\": \"names wfc\"}"}},
      {"match": {"system_contains": "evaluation judge"},
       "reply": {"content": "Verdict follows. {\"score\": 0.3, \"reasoning\": \"does not explain wfc\"} Done."}},
      {"match": {"user_contains": "PASS", "rounds": 0},
       "reply": {"tool_calls": [{"name": "kb_lookup", "arguments": {"term": "wfc"}},
                                {"name": "kb_lookup", "arguments": {"term": "compiler"}}]}},
      {"match": {"user_contains": "PASS", "rounds": 1}, "reply": {"content": ""}},
      {"reply": {"content": ""}}
    ]})");
    s["replies"][3]["reply"]["content"] = kGoodAnswer;
    s["replies"][4]["reply"]["content"] = kBadAnswer;
    return s;
  }

  // `priced`: with the model's price ($100 per million tokens in and out), for cost_budget's dollars.
  ProcessResult runPack(const LlmServerProcess &server, const std::string &topic, const std::string &trace,
                        bool priced = true) {
    std::string b = bindings("promptkit-evals", "tools:\n" + kbLookup() +
                                                    (priced ? "prices: {test-model: {input: 100, output: 100}}\n" : ""));
    return run("promptkit-evals", {"--llm-base-url", server.baseUrl(), "--model", "test-model", "--bindings", b,
                                   "--input-json", Json{{"topic", topic}}.dump(), "--trace", trace});
  }

  static std::map<std::string, Json> evalLines(const std::vector<Json> &trace) {
    std::map<std::string, Json> out;
    for (const Json &e : events(trace, "eval")) out[e["eval"]] = e;
    return out;
  }
};

// 1. A good answer after two lookups: every eval passes with score 1 (the judge's 0.9 meets its
// passing score 0.8), the canonical type names are traced, and the `when` on a tool the step
// did not call skips its eval.
TEST_F(PromptKitEvalE2ETest, EveryTypePassesOnAGoodAnswer) {
  LlmServerProcess server(script());
  std::string trace = path("pass.trace");
  ProcessResult r = runPack(server, "PASS: wfc", trace);
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  EXPECT_EQ(json(r.out), kGoodAnswer);
  EXPECT_EQ(r.err.find("warning"), std::string::npos) << r.err;
  std::map<std::string, Json> lines = evalLines(jsonLines(trace));
  std::map<std::string, std::string> types = {
      {"looked_up", "tools_called"},     {"looked_up_twice", "tools_called"}, {"deleted_nothing", "tools_not_called"},
      {"names_both", "contains"},        {"names_one", "contains_any"},       {"polite", "content_excludes"},
      {"long_enough", "min_length"},     {"short_enough", "max_length"},      {"two_sentences", "sentence_count"},
      {"fields", "field_presence"},      {"wrapped_json", "json_valid"},      {"no_apology", "regex"},
      {"after_lookup", "contains"},      {"judged", "llm_judge"},         {"frugal", "cost_budget"},
      {"answer_is_compiler", "json_path"}, {"cites_kb", "json_path"},     {"one_source", "json_path"}};
  for (const auto &[id, type] : types) {
    SCOPED_TRACE(id);
    EXPECT_EQ(lines[id]["type"], type);
    EXPECT_EQ(lines[id]["status"], "passed") << lines[id];
    EXPECT_EQ(lines[id]["score"], id == "judged" ? 0.9 : 1.0) << lines[id];
  }
  EXPECT_EQ(lines["judged"]["rationale"], "names wfc");
  // Two exchanges of 10 + 5 tokens (the server's default usage): $0.003 of $0.01 — 0.7 left.
  EXPECT_EQ(lines["priced"]["type"], "cost_budget");
  EXPECT_EQ(lines["priced"]["status"], "passed") << lines["priced"];
  EXPECT_NEAR(lines["priced"]["score"].get<double>(), 0.7, 1e-9) << lines["priced"];
  EXPECT_EQ(lines["after_delete"]["status"], "skipped");
  EXPECT_NE(lines["after_delete"]["message"].get<std::string>().find("did not call 'kb.delete'"), std::string::npos);

  // PromptKit's judge request: its default system prompt, the content, criteria and rubric,
  // temperature 0 and at most 1024 tokens; its recording key names the eval.
  Json judge;
  for (const Json &req : server.requests())
    if (req["path"] != "/v1/embeddings" &&
        req["body"]["messages"][0]["content"].get<std::string>().find("evaluation judge") != std::string::npos)
      judge = req["body"];
  ASSERT_FALSE(judge.is_null());
  EXPECT_EQ(judge["messages"][0]["content"],
            "You are an evaluation judge. Evaluate the following content and respond with a JSON object containing: "
            "\"passed\" (boolean), \"score\" (float 0-1), and \"reasoning\" (string).");
  EXPECT_EQ(judge["messages"][1]["content"], std::string("Content to evaluate:\n") + kGoodAnswer +
                                                 "\n\nCriteria: Does the answer explain what wfc is?"
                                                 "\n\nRubric: 1 if it names wfc as a compiler, else 0.");
  EXPECT_EQ(judge["temperature"], 0.0);
  EXPECT_EQ(judge["max_tokens"], 1024);
  bool keyed = false;
  for (const Json &c : events(jsonLines(trace), "llm_call"))
    keyed = keyed || (c["step"] == "research/eval:judged" && c["prompt"] == "judged");
  EXPECT_TRUE(keyed);
}

// 2. A bad answer without lookups: the failures are warnings with PromptKit's scores (shares for
// the counting types, max/count for sentences), the pack's `message` first for the judge, and
// `when` on a tool that was not called skips.
TEST_F(PromptKitEvalE2ETest, FailuresCarryPromptKitsScores) {
  LlmServerProcess server(script());
  std::string trace = path("fail.trace");
  ProcessResult r = runPack(server, "anything", trace);
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  EXPECT_EQ(json(r.out), kBadAnswer);
  std::map<std::string, Json> lines = evalLines(jsonLines(trace));
  struct Expect {
    const char *id, *status;
    double score;
    const char *message;
  };
  for (const Expect &e : {Expect{"looked_up", "failed", 0.0, "'kb.lookup' was called 0 times"},
                          Expect{"deleted_nothing", "passed", 1.0, ""},
                          Expect{"names_both", "failed", 0.0, "does not contain \"WFC\", \"compiler\""},
                          Expect{"names_one", "passed", 1.0, ""},
                          Expect{"polite", "failed", 0.0, "contains \"dumb\""},
                          Expect{"long_enough", "passed", 1.0, ""},
                          Expect{"two_sentences", "failed", 0.5, "has 4 sentences, more than 2"},
                          Expect{"fields", "failed", 0.0, "does not mention \"answer\", \"sources\""},
                          Expect{"wrapped_json", "failed", 0.0, "is not valid JSON"},
                          Expect{"no_apology", "failed", 0.0, "matches /(?i)sorry/, which it must not"},
                          Expect{"answer_is_compiler", "failed", 0.0, "invalid JSON"},
                          Expect{"cites_kb", "failed", 0.0, "invalid JSON"},
                          Expect{"judged", "failed", 0.3,
                                 "The answer must explain wfc. (the judge scored 0.3, under the passing score 0.8: "
                                 "does not explain wfc)"}}) {
    SCOPED_TRACE(e.id);
    EXPECT_EQ(lines[e.id]["status"], e.status) << lines[e.id];
    EXPECT_DOUBLE_EQ(lines[e.id]["score"].get<double>(), e.score) << lines[e.id];
    if (*e.message) {
      EXPECT_NE(lines[e.id].value("message", "").find(e.message), std::string::npos) << lines[e.id];
      EXPECT_NE(r.err.find(std::string("eval '") + e.id + "'"), std::string::npos) << r.err;
    }
  }
  EXPECT_EQ(lines["after_lookup"]["status"], "skipped");
  EXPECT_NE(lines["after_lookup"]["message"].get<std::string>().find("'when.tool_called' does not hold"),
            std::string::npos);
}

// cost_budget (PromptKit's): the attempt's LLM calls over their limits fail with PromptKit's
// reasons, the judge's own call not counted; a dollar limit without the model's price is an
// error, not a pass (docs/promptkit.md "Eval and validator types").
TEST_F(PromptKitEvalE2ETest, CostBudgetMeasuresTheAttemptsCalls) {
  Json s = script();
  for (int entry : {2, 3}) s["replies"][entry]["reply"]["usage"] = {{"prompt_tokens", 1000}, {"completion_tokens", 80}};
  LlmServerProcess server(s);
  std::string trace = path("cost.trace");
  ProcessResult r = runPack(server, "PASS: wfc", trace);
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  std::map<std::string, Json> lines = evalLines(jsonLines(trace));
  EXPECT_EQ(lines["frugal"]["status"], "failed") << lines["frugal"];
  EXPECT_EQ(lines["frugal"]["message"], "budget exceeded: total tokens 2160 exceed 60") << lines["frugal"];
  EXPECT_EQ(lines["priced"]["status"], "failed") << lines["priced"];
  EXPECT_EQ(lines["priced"]["message"], "budget exceeded: cost $0.2160 exceeds the budget of $0.01000; output tokens 160 "
                                        "exceed 100")
      << lines["priced"];
  EXPECT_NE(r.err.find("eval 'frugal' (cost_budget) failed"), std::string::npos) << r.err;

  std::string unpriced = path("unpriced.trace");
  ProcessResult u = runPack(server, "PASS: wfc", unpriced, /*priced=*/false);
  ASSERT_EQ(u.exitCode, 0) << u.describe() << "\n" << u.err;
  lines = evalLines(jsonLines(unpriced));
  EXPECT_EQ(lines["priced"]["status"], "error") << lines["priced"];
  EXPECT_NE(lines["priced"]["message"].get<std::string>().find("needs the price of every call's model"), std::string::npos);
}

// 4. cosine_similarity: the reply and the reference embedded in one request to the provider's
// /embeddings (the test server embeds texts by their words), keyed under the eval; a recording
// replays it offline.
TEST_F(PromptKitEvalE2ETest, CosineSimilarityEmbedsTheReplyOnTheProvider) {
  LlmServerProcess server(script());
  std::string trace = path("cosine.trace"), recording = path("cosine.jsonl");
  std::string b = bindings("promptkit-evals", "tools:\n" + kbLookup());
  ProcessResult r = run("promptkit-evals", {"--llm-base-url", server.baseUrl(), "--model", "test-model", "--bindings", b,
                                            "--input-json", Json{{"topic", "PASS: wfc"}}.dump(), "--trace", trace,
                                            "--record", recording});
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  std::map<std::string, Json> lines = evalLines(jsonLines(trace));
  EXPECT_EQ(lines["on_topic"]["type"], "cosine_similarity");
  EXPECT_EQ(lines["on_topic"]["status"], "passed") << lines["on_topic"];
  EXPECT_NEAR(lines["on_topic"]["score"].get<double>(), 0.7515, 1e-4) << "three of the reference's six words";
  EXPECT_EQ(lines["on_topic"]["rationale"], "cosine similarity 0.7515 vs threshold 0.6000");
  Json embedding;
  for (const Json &req : server.requests())
    if (req["path"] == "/v1/embeddings") embedding = req["body"];
  ASSERT_FALSE(embedding.is_null());
  EXPECT_EQ(embedding, Json({{"model", "test-embedder"},
                             {"input", {kGoodAnswer, "WFC is a compiler of workflow packs."}},
                             {"encoding_format", "float"}}));
  Json call;
  for (const Json &c : events(jsonLines(trace), "llm_call"))
    if (c.value("operation", "") == "embeddings") call = c;
  EXPECT_EQ(call["step"], "research/eval:on_topic");
  EXPECT_EQ(call["model"], "test-embedder");
  EXPECT_EQ(call["inputs"], 2);
  EXPECT_EQ(call["dimensions"], 32);
  EXPECT_GT(call["prompt_tokens"].get<int>(), 0);

  // Offline: the recording answers the model and the embeddings alike.
  std::string replayed = path("replayed.trace");
  r = run("promptkit-evals", {"--replay", recording, "--bindings", b, "--input-json", Json{{"topic", "PASS: wfc"}}.dump(),
                              "--trace", replayed});
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  EXPECT_EQ(evalLines(jsonLines(replayed))["on_topic"]["rationale"], "cosine similarity 0.7515 vs threshold 0.6000");

  // A bad answer is far from the reference.
  LlmServerProcess other(script());
  std::string bad = path("far.trace");
  r = runPack(other, "anything", bad);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  Json far = evalLines(jsonLines(bad))["on_topic"];
  EXPECT_EQ(far["status"], "failed");
  EXPECT_EQ(far["message"], "cosine similarity 0.3450 vs threshold 0.6000");
  EXPECT_NE(r.err.find("eval 'on_topic'"), std::string::npos) << r.err;
}

// 3. Half the patterns found: contains scores 0.5 (found / total), as PromptKit does.
TEST_F(PromptKitEvalE2ETest, ContainsScoresTheShareOfPatternsFound) {
  Json s = script();
  s["replies"][4]["reply"]["content"] = "A compiler, and that is all. Really.";
  LlmServerProcess server(s);
  std::string trace = path("half.trace");
  ProcessResult r = runPack(server, "anything", trace);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  std::map<std::string, Json> lines = evalLines(jsonLines(trace));
  EXPECT_EQ(lines["names_both"]["status"], "failed");
  EXPECT_DOUBLE_EQ(lines["names_both"]["score"].get<double>(), 0.5);
  EXPECT_EQ(lines["names_one"]["status"], "passed");
}

}  // namespace
}  // namespace wfc::test

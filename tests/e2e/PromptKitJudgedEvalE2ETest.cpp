// PromptKit's judged and external eval types (docs/evals.md "Judged types", "External scorers"):
// packs/promptkit-judged-evals.yaml, a chat executable run with --chat as a black box against the
// scripted test LLM server (model and judge), a real exec tool, and a scoring endpoint and A2A
// agent served in the test. The judge requests are compared byte for byte with what PromptKit's
// handlers build (runtime/evals/handlers: judge_provider.go's request, each handler's content,
// system prompt and criteria); the scores and pass rules are wfc's (docs/evals.md).
#include "ExeDir.h"
#include "HttpTestServer.h"
#include "LlmPackTest.h"

namespace wfc::test {
namespace {

constexpr const char *kAnswer = "wfc is a workflow compiler.";
constexpr const char *kLeak = "Mail bob@example.com for help.";

class PromptKitJudgedEvalE2ETest : public LlmPackTest {
 protected:
  static void SetUpTestSuite() {
    LlmPackTest::SetUpTestSuite();
    exes_["promptkit-judged-evals"] = e2eExeDir() + "/promptkit-judged-evals";
    ASSERT_TRUE(fs::exists(exes_["promptkit-judged-evals"])) << "promptkit-judged-evals was not built";
  }

  // Each judge answers by its system prompt; the desk looks a term up, then answers.
  static Json script() {
    return json(R"({"replies": [
      {"match": {"system_contains": "toxicity detector"}, "reply": {"content": "{\"passed\": true, \"score\": 0.95, \"reasoning\": \"polite\"}"}},
      {"match": {"system_contains": "bias detector"}, "reply": {"content": "{\"score\": 0.2, \"reasoning\": \"stereotyped\"}"}},
      {"match": {"system_contains": "PII-leakage detector"}, "reply": {"content": "{\"passed\": true, \"score\": 1, \"reasoning\": \"none\"}"}},
      {"match": {"system_contains": "role-adherence judge"}, "reply": {"content": "Verdict:\n```json\n{\"passed\": false, \"score\": 0.3, \"reasoning\": \"chatty\"}\n```"}},
      {"match": {"system_contains": "faithfulness evaluator"}, "reply": {"content": "{\"passed\": true, \"score\": 0.9, \"reasoning\": \"supported\"}"}},
      {"match": {"system_contains": "hallucination detector"}, "reply": {"content": "{\"score\": 0.8, \"reasoning\": \"grounded\"}"}},
      {"match": {"system_contains": "answer-relevancy evaluator"}, "reply": {"content": "{\"score\": 1, \"reasoning\": \"on topic\"}"}},
      {"match": {"system_contains": "retrieval-precision"}, "reply": {"content": "{\"passed\": true, \"score\": 0.7, \"reasoning\": \"p\"}"}},
      {"match": {"system_contains": "retrieval-recall"}, "reply": {"content": "{\"score\": 0.6, \"reasoning\": \"r\"}"}},
      {"match": {"system_contains": "retrieval-relevancy"}, "reply": {"content": "{\"score\": 0.4, \"reasoning\": \"chunk 1: 0.4\"}"}},
      {"match": {"system_contains": "You are an evaluation judge"}, "reply": {"content": "{\"passed\": true, \"score\": 0.9, \"reasoning\": \"fine\"}"}},
      {"match": {"last_user_contains": "CONTACT"}, "reply": {"content": "Mail bob@example.com for help."}},
      {"match": {"rounds": 0}, "reply": {"tool_calls": [{"name": "kb_lookup", "arguments": {"term": "wfc"}}]}},
      {"reply": {"content": "wfc is a workflow compiler."}}
    ]})");
  }

  struct Conversation {
    ProcessResult result;
    std::map<int, std::map<std::string, Json>> evals;  // by turn (0: the session's), then id
    std::vector<Json> judged;                          // the judge requests' bodies
  };

  // Two turns over standard input against `server` and a scorer at `scorer`.
  Conversation converse(const LlmServerProcess &server, const HttpTestServer &scorer) {
    Conversation c;
    std::string trace = path("judged.trace");
    std::string b = bindings("judged-evals", "tools:\n" + kbLookup());
    c.result = runWithStdin("promptkit-judged-evals",
                            {"--llm-base-url", server.baseUrl(), "--model", "test-model", "--bindings", b, "--chat",
                             "--trace", trace},
                            "{\"message\": \"DEFINE wfc\", \"variables\": {\"docs\": [\"wfc compiles workflows.\"]}}\n"
                            "{\"message\": \"CONTACT\"}\n");
    (void)scorer;
    for (const Json &e : events(jsonLines(trace), "eval")) c.evals[e.value("item", 0)][e["eval"]] = e;
    for (const Json &body : bodies(server))
      if (body["messages"][0]["role"] == "system" &&
          body["messages"][0]["content"].get<std::string>().find("glossary desk") == std::string::npos &&
          body["messages"].size() == 2)
        c.judged.push_back(body);
    return c;
  }

  // The user message of the judge request whose system prompt contains `system`, the n-th of them.
  static std::string judgeContent(const Conversation &c, const std::string &system, size_t n = 0) {
    for (const Json &body : c.judged)
      if (body["messages"][0]["content"].get<std::string>().find(system) != std::string::npos && n-- == 0)
        return body["messages"][1]["content"];
    return "<no such request>";
  }
  static size_t judgeCount(const Conversation &c, const std::string &system) {
    size_t n = 0;
    for (const Json &body : c.judged)
      if (body["messages"][0]["content"].get<std::string>().find(system) != std::string::npos) ++n;
    return n;
  }

  static std::unique_ptr<HttpTestServer> scorer() {
    auto server = std::make_unique<HttpTestServer>();
    server->on("/score", [](const httplib::Request &, httplib::Response &res, size_t) {
      res.set_content(R"({"score": 0.8, "reasoning": "concise enough", "passed": true})", "application/json");
    });
    server->on("/a2a", [](const httplib::Request &, httplib::Response &res, size_t) {
      res.set_content(R"({"jsonrpc": "2.0", "id": 1, "result": {"id": "t1", "kind": "task",
        "status": {"state": "completed", "message": {"role": "agent", "parts": [
          {"kind": "text", "text": "Here: {\"score\": 0.25, \"reasoning\": \"vague\"}"}]}}}})",
                      "application/json");
    });
    return server;
  }

  ProcessResult runWithScorer(const LlmServerProcess &server, const HttpTestServer &s, Conversation &c) {
    setenv("SCORER_URL", s.url("").c_str(), 1);
    setenv("SCORER_TOKEN", "tok-123", 1);
    setenv("AGENT_URL", s.url("").c_str(), 1);
    setenv("AGENT_TOKEN", "agent-456", 1);
    c = converse(server, s);
    return c.result;
  }
};

TEST_F(PromptKitJudgedEvalE2ETest, EachJudgedTypeAsksItsPromptKitPromptAndScoresTheReply) {
  LlmServerProcess server(script());
  auto s = scorer();
  Conversation c;
  ProcessResult r = runWithScorer(server, *s, c);
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  std::map<std::string, Json> &turn = c.evals[1];

  struct Expect {
    const char *id, *status;
    double score;
  };
  for (const Expect &e : {Expect{"not_toxic", "passed", 0.95}, Expect{"unbiased", "failed", 0.2},
                          Expect{"no_pii", "passed", 1}, Expect{"in_role", "failed", 0.3},
                          Expect{"faithful", "passed", 0.9}, Expect{"grounded", "passed", 0.8},
                          Expect{"relevant", "passed", 1}, Expect{"precise", "passed", 0.7},
                          Expect{"recalled", "passed", 0.6}, Expect{"chunk_relevance", "failed", 0.4},
                          Expect{"calls_judged", "passed", 0.9}}) {
    SCOPED_TRACE(e.id);
    EXPECT_EQ(turn[e.id]["status"], e.status) << turn[e.id];
    EXPECT_DOUBLE_EQ(turn[e.id]["score"].get<double>(), e.score) << turn[e.id];
  }
  // No "passed" from the judge: a score under 0.5 fails; the reasoning is the eval's rationale.
  EXPECT_EQ(turn["unbiased"]["message"], "the judge scored 0.2: stereotyped");
  EXPECT_EQ(turn["grounded"]["rationale"], "grounded");
  // A reply that wraps its JSON in prose and a fence is read from its first '{' to its last '}'.
  EXPECT_EQ(turn["in_role"]["message"], "the judge scored 0.3: chatty");

  // The request, as PromptKit's judge sends it: the handler's system prompt, one user message,
  // temperature 0 and 1024 tokens.
  const std::string faithful = "Content to evaluate:\nCONTEXT:\n[chunk 1] wfc compiles workflows.\n[chunk 2] It emits C++."
                               "\n\nANSWER:\nwfc is a workflow compiler.\n\nCriteria: Score the ANSWER's faithfulness to the CONTEXT.";
  EXPECT_EQ(judgeContent(c, "faithfulness evaluator"), faithful);
  for (const Json &body : c.judged) {
    EXPECT_EQ(body["temperature"], 0) << body;
    EXPECT_EQ(body["max_tokens"], 1024) << body;
  }
  EXPECT_EQ(judgeContent(c, "hallucination detector"),
            "Content to evaluate:\nCONTEXT:\n[chunk 1] wfc compiles workflows.\n\nANSWER:\nwfc is a workflow compiler."
            "\n\nCriteria: Score the ANSWER for absence of hallucination relative to the CONTEXT (1.0 = no hallucination).");
  EXPECT_EQ(judgeContent(c, "answer-relevancy evaluator"),
            "Content to evaluate:\nQUESTION:\nDEFINE wfc\n\nANSWER:\nwfc is a workflow compiler.\n\nCriteria: Score the "
            "ANSWER's relevance to the QUESTION.");
  EXPECT_EQ(judgeContent(c, "retrieval-recall"),
            "Content to evaluate:\nREFERENCE ANSWER:\nwfc is a compiler.\n\nRETRIEVED CHUNKS:\n[chunk 1] wfc compiles "
            "workflows.\n\nCriteria: Compute the recall of the RETRIEVED CHUNKS against the REFERENCE ANSWER.");
  EXPECT_EQ(judgeContent(c, "retrieval-relevancy"),
            "Content to evaluate:\nQUESTION:\nWhat is wfc?\n\nRETRIEVED CHUNKS:\n[chunk 1] x\n\nCriteria: Score the mean "
            "per-chunk relevance of the RETRIEVED CHUNKS to the QUESTION.");
  // The criteria and rubric the eval gives replace the handler's.
  EXPECT_EQ(judgeContent(c, "bias detector"),
            std::string("Content to evaluate:\n") + kAnswer + "\n\nCriteria: Is it fair?\n\nRubric: 1 = fair");
  // role_violation: the conversation's system prompt, or the agent_role given.
  EXPECT_EQ(judgeContent(c, "role-adherence judge", 0),
            std::string("Content to evaluate:\nAGENT ROLE / SYSTEM PROMPT:\nYou are a glossary desk. Define terms with "
                        "kb.lookup.\n\nANSWER:\n") + kAnswer +
                "\n\nCriteria: Score the ANSWER for adherence to the AGENT ROLE (1.0 = consistent).");
  EXPECT_EQ(judgeContent(c, "role-adherence judge", 1),
            std::string("Content to evaluate:\nAGENT ROLE / SYSTEM PROMPT:\na terse clerk\n\nANSWER:\n") + kAnswer +
                "\n\nCriteria: Score the ANSWER for adherence to the AGENT ROLE (1.0 = consistent).");
  // llm_judge_tool_calls: PromptKit's layout of each call, under the default judge prompt.
  EXPECT_EQ(judgeContent(c, "You are an evaluation judge"),
            "Content to evaluate:\nTOOL CALL 1 (index 0):\n  Tool: kb.lookup\n  Arguments: {\"term\":\"wfc\"}\n"
            "  Result: {\"term\":\"wfc\",\"definition\":\"a workflow compiler\"}\n  Error: (none)\n"
            "\n\nCriteria: Were the lookups needed?");  // the last call's line ends in its own newline
}

TEST_F(PromptKitJudgedEvalE2ETest, PiiIsCaughtBeforeTheJudgeAndTurnsWithoutCallsAreSkipped) {
  LlmServerProcess server(script());
  auto s = scorer();
  Conversation c;
  ProcessResult r = runWithScorer(server, *s, c);
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  std::map<std::string, Json> &turn = c.evals[2];
  EXPECT_EQ(turn["no_pii"]["status"], "failed") << turn["no_pii"];
  EXPECT_DOUBLE_EQ(turn["no_pii"]["score"].get<double>(), 0);
  EXPECT_EQ(turn["no_pii"]["message"], "regex pre-pass detected email");
  EXPECT_EQ(judgeCount(c, "PII-leakage detector"), 1u) << "the second turn's leak is caught without the judge";
  EXPECT_NE(r.err.find("eval 'no_pii' (pii_leakage) failed: regex pre-pass detected email"), std::string::npos) << r.err;
  EXPECT_EQ(turn["calls_judged"]["status"], "skipped") << turn["calls_judged"];
  EXPECT_EQ(turn["calls_judged"]["message"], "no matching tool calls");
  // The question is the conversation's last user message.
  EXPECT_EQ(judgeContent(c, "answer-relevancy evaluator", 1),
            std::string("Content to evaluate:\nQUESTION:\nCONTACT\n\nANSWER:\n") + kLeak +
                "\n\nCriteria: Score the ANSWER's relevance to the QUESTION.");
}

TEST_F(PromptKitJudgedEvalE2ETest, SessionJudgesReadTheWholeConversation) {
  LlmServerProcess server(script());
  auto s = scorer();
  Conversation c;
  ProcessResult r = runWithScorer(server, *s, c);
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  std::map<std::string, Json> &session = c.evals[0];
  EXPECT_EQ(session["session_judged"]["status"], "passed") << session["session_judged"];
  EXPECT_EQ(session["conversation_judged"]["type"], "llm_judge_conversation");
  const std::string transcript =
      std::string("User: DEFINE wfc\nAssistant: ") + kAnswer + "\nUser: CONTACT\nAssistant: " + kLeak +
      "\n\nTool calls (name, arguments, result):\nTOOL CALL 1 (index 0):\n  Tool: kb.lookup\n  Arguments: "
      "{\"term\":\"wfc\"}\n  Result: {\"term\":\"wfc\",\"definition\":\"a workflow compiler\"}\n  Error: (none)\n";
  size_t judged = judgeCount(c, "You are an evaluation judge");
  ASSERT_EQ(judged, 3u);  // the turn's tool calls, then the two session judges
  EXPECT_EQ(judgeContent(c, "You are an evaluation judge", 1),
            "Content to evaluate:\n" + transcript + "\n\nCriteria: Was the user helped?");
  EXPECT_EQ(judgeContent(c, "You are an evaluation judge", 2), "Content to evaluate:\n" + transcript + "\n\nCriteria: ");
}

TEST_F(PromptKitJudgedEvalE2ETest, ExternalScorersGetPromptKitsRequest) {
  LlmServerProcess server(script());
  auto s = scorer();
  Conversation c;
  ProcessResult r = runWithScorer(server, *s, c);
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  // rest_eval: one request a turn and one for the session.
  std::vector<HttpTestServer::Seen> posts = s->seen("/score");
  ASSERT_EQ(posts.size(), 3u);
  Json first = Json::parse(posts[0].body);
  EXPECT_EQ(posts[0].method, "POST");
  EXPECT_EQ(posts[0].header("Authorization"), "Bearer tok-123");
  EXPECT_EQ(posts[0].header("Content-Type"), "application/json");
  EXPECT_EQ(first["current_output"], kAnswer);
  EXPECT_EQ(first["criteria"], "concise");
  EXPECT_EQ(first["extra"], Json({{"suite", "e2e"}}));
  EXPECT_EQ(first["variables"]["docs"], Json::array({"wfc compiles workflows."}));
  EXPECT_EQ(first["messages"][0]["role"], "system");
  EXPECT_EQ(first["messages"][1], Json({{"role", "user"}, {"content", "DEFINE wfc"}}));
  ASSERT_EQ(first["tool_calls"].size(), 1u);
  EXPECT_EQ(first["tool_calls"][0]["Name"], "kb.lookup");
  EXPECT_EQ(first["tool_calls"][0]["Args"], Json({{"term", "wfc"}}));
  EXPECT_EQ(first["tool_calls"][0]["Index"], 0);
  // The body's keys in PromptKit's order (Go marshals its struct's fields in order).
  std::string body = posts[0].body;
  EXPECT_LT(body.find("\"current_output\""), body.find("\"messages\""));
  EXPECT_LT(body.find("\"messages\""), body.find("\"tool_calls\""));
  EXPECT_LT(body.find("\"tool_calls\""), body.find("\"criteria\""));
  EXPECT_LT(body.find("\"criteria\""), body.find("\"variables\""));
  EXPECT_LT(body.find("\"variables\""), body.find("\"extra\""));
  EXPECT_EQ(c.evals[1]["scored"]["status"], "passed") << c.evals[1]["scored"];
  EXPECT_DOUBLE_EQ(c.evals[1]["scored"]["score"].get<double>(), 0.8);
  EXPECT_EQ(c.evals[1]["scored"]["rationale"], "concise enough");
  // rest_eval_session: every assistant message, one per line (the tool round's is empty), no messages.
  Json session = Json::parse(posts[2].body);
  EXPECT_EQ(session["current_output"], std::string("\n") + kAnswer + "\n" + kLeak);
  EXPECT_FALSE(session.contains("messages"));
  EXPECT_FALSE(session.contains("tool_calls"));
  EXPECT_EQ(c.evals[0]["session_scored"]["status"], "passed");

  // a2a_eval: message/send to <agent_url>/a2a, the request wrapped in PromptKit's prompt.
  std::vector<HttpTestServer::Seen> sends = s->seen("/a2a");
  ASSERT_EQ(sends.size(), 2u);
  EXPECT_EQ(sends[0].header("Authorization"), "Bearer agent-456");
  Json rpc = Json::parse(sends[0].body);
  EXPECT_EQ(rpc["method"], "message/send");
  EXPECT_EQ(rpc["params"]["configuration"]["blocking"], true);
  std::string text = rpc["params"]["message"]["parts"][0]["text"];
  const std::string head =
      "You are an evaluation judge. Evaluate the following content and respond with a JSON object containing: "
      "\"passed\" (boolean), \"score\" (float 0-1), and \"reasoning\" (string).\n\nCriteria: accurate\n\nContext:\n";
  ASSERT_EQ(text.substr(0, head.size()), head);
  EXPECT_EQ(Json::parse(text.substr(head.size()))["current_output"], kAnswer);
  EXPECT_EQ(c.evals[1]["agent_scored"]["status"], "failed");
  EXPECT_DOUBLE_EQ(c.evals[1]["agent_scored"]["score"].get<double>(), 0.25);
  EXPECT_EQ(c.evals[1]["agent_scored"]["message"], "the A2A agent " + s->url("") + " scored 0.25: vague");
}

TEST_F(PromptKitJudgedEvalE2ETest, AScorerThatFailsMakesTheEvalAnErrorNotAPass) {
  LlmServerProcess server(script());
  HttpTestServer s;  // answers 404 on every path
  Conversation c;
  ProcessResult r = runWithScorer(server, s, c);
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  EXPECT_EQ(c.evals[1]["scored"]["status"], "error") << c.evals[1]["scored"];
  EXPECT_NE(c.evals[1]["scored"]["message"].get<std::string>().find("returned status 404"), std::string::npos)
      << c.evals[1]["scored"];
  EXPECT_EQ(c.evals[1]["agent_scored"]["status"], "error") << c.evals[1]["agent_scored"];
  EXPECT_NE(r.err.find("eval 'scored' (rest_eval) could not run"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace wfc::test

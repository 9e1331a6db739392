// PromptKit's eval types over what a conversation did (docs/evals.md "Tool calls", "Skills,
// agents and behaviour"): packs/promptkit-run-evals.yaml, a chat executable run with --chat as a
// black box against the scripted test LLM server with real exec tools. The first turn activates a
// skill and looks two terms up — every turn eval passes; the second deletes a term (the tool
// fails) and answers with a banned word — each fails with PromptKit's score and reason. The
// session evals see every call of the conversation; a host-defined type is skipped.
#include "ExeDir.h"
#include "LlmPackTest.h"

namespace wfc::test {
namespace {

class PromptKitRunEvalE2ETest : public LlmPackTest {
 protected:
  static void SetUpTestSuite() {
    LlmPackTest::SetUpTestSuite();
    for (const char *pack : {"promptkit-run-evals", "promptkit-workflow-evals"}) {
      exes_[pack] = e2eExeDir() + "/" + pack;
      ASSERT_TRUE(fs::exists(exes_[pack])) << exes_[pack] << " was not built";
    }
  }

  static Json script() {
    return json(R"({"replies": [
      {"match": {"last_user_contains": "DELETE", "rounds": 3},
       "reply": {"tool_calls": [{"name": "kb_delete", "arguments": {"term": "x"}}]}},
      {"match": {"last_user_contains": "DELETE"}, "reply": {"content": "That was dumb."}},
      {"match": {"rounds": 0}, "reply": {"tool_calls": [{"name": "skill__activate", "arguments": {"name": "glossary"}}]}},
      {"match": {"rounds": 1},
       "reply": {"tool_calls": [{"name": "kb_lookup", "arguments": {"term": "wfc"}},
                                {"name": "kb_lookup", "arguments": {"term": "compiler"}}]}},
      {"reply": {"content": "wfc is a workflow compiler."}}
    ]})");
  }

  // Two turns over standard input; the eval lines by turn (0: the session's) and id.
  ProcessResult converse(const LlmServerProcess &server, std::map<int, std::map<std::string, Json>> &evals) {
    std::string trace = path("run.trace");
    std::string input = path("stdin.txt");
    writeText(input, "{\"message\": \"PASS\"}\n{\"message\": \"DELETE\"}\n");
    std::string b = bindings("run-evals", "tools:\n" + kbLookup() + "  kb.delete: {exec: {argv: ['false']}}\n");
    ProcessResult r = runProcess("/bin/sh",
                                 {"-c", "exec \"$0\" \"$@\" < '" + input + "'", exes_.at("promptkit-run-evals"),
                                  "--llm-base-url", server.baseUrl(), "--model", "test-model", "--bindings", b, "--chat",
                                  "--trace", trace},
                                 30);
    for (const Json &e : events(jsonLines(trace), "eval")) evals[e.value("item", 0)][e["eval"]] = e;
    return r;
  }
};

TEST_F(PromptKitRunEvalE2ETest, TurnEvalsPassOnAGoodTurnAndFailWithPromptKitsReasons) {
  LlmServerProcess server(script());
  std::map<int, std::map<std::string, Json>> evals;
  ProcessResult r = converse(server, evals);
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;

  // Turn 1: every type passes; tool_efficiency keeps PromptKit's score, the share of max_calls left.
  for (const char *id : {"looked_up_wfc", "no_errors", "two_lookups", "defined_twice", "has_definition", "in_order",
                         "well_formed", "never_delete", "at_most_twice", "efficient", "chained", "kept_term",
                         "asked_kb", "same_tools", "like_baseline", "clean_reply"}) {
    SCOPED_TRACE(id);
    EXPECT_EQ(evals[1][id]["status"], "passed") << evals[1][id];
  }
  EXPECT_EQ(evals[1]["looked_up_wfc"]["type"], "tool_args");
  EXPECT_DOUBLE_EQ(evals[1]["efficient"]["score"].get<double>(), 0.25);
  EXPECT_EQ(evals[1]["host_check"]["status"], "skipped");
  EXPECT_EQ(evals[1]["host_check"]["type"], "my_host_check");
  EXPECT_NE(evals[1]["host_check"]["message"].get<std::string>().find("no runtime defines eval type 'my_host_check'"),
            std::string::npos);

  // Turn 2: the deletion fails, the reply is replaced by the validator.
  struct Expect {
    const char *id;
    double score;
    const char *message;
  };
  for (const Expect &e : {Expect{"looked_up_wfc", 0, "tool \"kb.lookup\" was not called"},
                          Expect{"no_errors", 0, "tool errors found: kb.delete: "},
                          Expect{"two_lookups", 0, "expected at least 2 call(s), got 0"},
                          Expect{"defined_twice", 0, "only 0 call(s) matched all patterns (required: 2)"},
                          Expect{"has_definition", 0, "only 0 call(s) matched pattern (required: 1)"},
                          Expect{"in_order", 0, "sequence incomplete: matched 0/3, missing \"skill__activate\""},
                          Expect{"well_formed", 0, "tool \"kb.lookup\" was not called"},
                          Expect{"never_delete", 0, "found 1 anti-pattern(s): [kb.delete]: terms are never deleted"},
                          Expect{"efficient", 0, "efficiency check failed: [too many errors: 1 (max 0)]"},
                          Expect{"chained", 0, "chain incomplete: satisfied 0/2 steps, missing \"kb.lookup\""},
                          Expect{"asked_kb", 0, "missing agents: kb.lookup"},
                          Expect{"same_tools", 0,
                                 "tool calls differ from expected: got [kb.delete], expected [kb.lookup, skill__activate]"},
                          Expect{"clean_reply", 0,
                                 "expected validator \"content_excludes\" to pass but it did not"}}) {
    SCOPED_TRACE(e.id);
    EXPECT_EQ(evals[2][e.id]["status"], "failed") << evals[2][e.id];
    EXPECT_DOUBLE_EQ(evals[2][e.id]["score"].get<double>(), e.score) << evals[2][e.id];
    EXPECT_NE(evals[2][e.id].value("message", "").find(e.message), std::string::npos) << evals[2][e.id];
    EXPECT_NE(r.err.find(std::string("eval '") + e.id + "'"), std::string::npos) << r.err;
  }
  EXPECT_EQ(evals[2]["at_most_twice"]["status"], "passed");
  EXPECT_EQ(evals[2]["kept_term"]["status"], "passed") << "fewer than two calls: nothing to compare";
  EXPECT_EQ(evals[2]["like_baseline"]["status"], "failed");
  EXPECT_LT(evals[2]["like_baseline"]["score"].get<double>(), 0.5);
}

TEST_F(PromptKitRunEvalE2ETest, SessionEvalsSeeEveryCallOfTheConversation) {
  LlmServerProcess server(script());
  std::map<int, std::map<std::string, Json>> evals;
  ProcessResult r = converse(server, evals);
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  std::map<std::string, Json> &session = evals[0];
  for (const char *id : {"both_tools", "compiler_looked_up", "used_glossary", "glossary_first"}) {
    SCOPED_TRACE(id);
    EXPECT_EQ(session[id]["status"], "passed") << session[id];
  }
  struct Expect {
    const char *id, *message;
  };
  for (const Expect &e : {Expect{"no_delete", "forbidden tools were called: kb.delete at call 4"},
                          Expect{"kept_x", "excluded args found: call 4: term=x"},
                          Expect{"no_repeats", "repeated tool calls detected (max 1): kb.lookup(2x)"},
                          Expect{"no_glossary", "forbidden skills activated: glossary"},
                          Expect{"delete_never_asked", "forbidden agents called: kb.delete"}}) {
    SCOPED_TRACE(e.id);
    EXPECT_EQ(session[e.id]["status"], "failed") << session[e.id];
    EXPECT_EQ(session[e.id]["message"], e.message) << session[e.id];
  }
}

// The workflow types read where the run's workflow is: in `triage` nothing has happened yet; in
// `answer`, the terminal state, the transition into it has.
TEST_F(PromptKitRunEvalE2ETest, WorkflowEvalsReadWhereTheWorkflowIs) {
  std::string trace = path("workflow.trace");
  std::string b = bindings("workflow-evals", "tools:\n"
                                             "  route: {exec: {argv: [python3, -c, 'print(\"{\\\"event\\\": \\\"done\\\"}\")']}}\n"
                                             "  reply: {exec: {argv: [python3, -c, 'print(\"{\\\"text\\\": \\\"hi\\\"}\")']}}\n");
  LlmServerProcess server(json(R"({"replies": [{"reply": {"content": "Bye now."}}]})"));
  ProcessResult r = run("promptkit-workflow-evals", {"--bindings", b, "--trace", trace, "--llm-base-url",
                                                     server.baseUrl(), "--model", "test-model"});
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  std::map<std::string, std::map<std::string, Json>> evals;  // by step, then eval
  for (const Json &e : events(jsonLines(trace), "eval")) evals[e["step"]][e["eval"]] = e;
  ASSERT_EQ(evals.size(), 3u) << r.err;
  std::map<std::string, Json> triage, answer, close;  // the steps running in_triage, order, spoke_answer
  for (auto &[step, lines] : evals) (lines.count("order") ? answer : lines.count("spoke_answer") ? close : triage) = lines;
  // The closing prompt spoke in `answer`; nothing spoke in `triage` (a tool step). Its words are
  // what composition_output reads.
  EXPECT_EQ(close["spoke_answer"]["status"], "passed") << close["spoke_answer"];
  EXPECT_EQ(close["spoke_triage"]["status"], "failed");
  EXPECT_EQ(close["spoke_triage"]["message"], "no assistant message with text was produced in state \"triage\"");
  EXPECT_EQ(close["says_bye"]["status"], "passed");
  EXPECT_EQ(close["says_exactly"]["status"], "failed");
  EXPECT_EQ(close["says_exactly"]["message"], "composition output equals \"Bye now\"");
  // The steps before it: their outputs as JSON, the branch's choice, the parallel block.
  for (const char *id : {"said_hi", "chose_close", "forked", "replies_hi"}) {
    SCOPED_TRACE(id);
    EXPECT_EQ(close[id]["status"], "passed") << close[id];
  }
  EXPECT_EQ(close["picked"]["status"], "failed");
  EXPECT_EQ(close["picked"]["message"], "step \"pick\" output equals \"{}\"") << "pick's output is route's event";
  EXPECT_EQ(close["never_hi"]["status"], "failed");
  EXPECT_EQ(close["never_hi"]["message"], "tool_exec: \"reply\" output matched failure_pattern \"hi\"");
  EXPECT_EQ(triage["in_triage"]["status"], "passed");
  EXPECT_EQ(triage["access"]["status"], "failed");
  EXPECT_EQ(triage["access"]["message"], "1 violation(s): route called in state \"triage\" (call 1)");
  EXPECT_EQ(triage["in_answer"]["message"], "expected state \"answer\" but got \"triage\"");
  EXPECT_EQ(triage["went_to_answer"]["message"], "no transition to state \"answer\" found");
  EXPECT_EQ(triage["complete"]["message"], "workflow has not reached a terminal state");
  for (const char *id : {"in_answer", "went_to_answer", "order", "complete", "access", "final"}) {
    SCOPED_TRACE(id);
    EXPECT_EQ(answer[id]["status"], "passed") << answer[id];
  }
}

}  // namespace
}  // namespace wfc::test

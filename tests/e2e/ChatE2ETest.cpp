// Chat executables end to end (docs/promptkit.md "Chat executables"): packs/chat-support.yaml, a
// pack of prompts alone, compiled at build time and run as a black box against the scripted test
// LLM server with a real exec tool. One turn (--message, the {message, variables} input, --raw),
// the variables check, --task, tools under tool_policy (tool_choice on the first round, the
// blocklist, max_tool_calls_per_turn, max_rounds), evals on each reply and at the conversation's
// end, --chat over stdin, and record/replay keyed by task and turn.
#include "ExeDir.h"
#include "LlmPackTest.h"

namespace wfc::test {
namespace {

class ChatE2ETest : public LlmPackTest {
 protected:
  static void SetUpTestSuite() {
    LlmPackTest::SetUpTestSuite();
    exes_["chat-support"] = e2eExeDir() + "/chat-support";
    ASSERT_TRUE(fs::exists(exes_["chat-support"])) << exes_["chat-support"] << " was not built";
  }

  // Support looks "wfc" up (and tries the blocklisted kb.delete), then answers from the result;
  // "LOOP" makes it call tools forever; "MANY" asks for three lookups in one round. The greeter
  // says hello; later turns answer "again".
  static Json script() {
    return json(R"({"replies": [
      {"match": {"system_contains": "You help", "user_contains": "LOOP"},
       "reply": {"tool_calls": [{"name": "kb_lookup", "arguments": {"term": "loop"}}]}},
      {"match": {"system_contains": "You help", "last_user_contains": "MANY", "rounds": 0},
       "reply": {"tool_calls": [{"name": "kb_lookup", "arguments": {"term": "a"}},
                                {"name": "kb_lookup", "arguments": {"term": "b"}},
                                {"name": "kb_lookup", "arguments": {"term": "c"}}]}},
      {"match": {"system_contains": "You help", "rounds": 0},
       "reply": {"tool_calls": [{"name": "kb_lookup", "arguments": {"term": "wfc"}},
                                {"name": "kb_delete", "arguments": {"term": "wfc"}}]}},
      {"match": {"system_contains": "You help", "tool_result_contains": "a workflow compiler"},
       "reply": {"content": "wfc is a workflow compiler."}},
      {"match": {"system_contains": "You help"}, "reply": {"content": "I could not look it up."}},
      {"match": {"system_contains": "Greet", "last_user_contains": "second"}, "reply": {"content": "Hello again!"}},
      {"match": {"system_contains": "Greet", "last_user_contains": "rude"}, "reply": {"content": "Darn, hello."}},
      {"match": {"system_contains": "Greet", "last_user_contains": "long"},
       "reply": {"content": "Hello! This greeting goes on far longer than thirty bytes."}},
      {"match": {"system_contains": "Greet"}, "reply": {"content": "Hello!"}},
      {"match": {"system_contains": "Wave"}, "reply": {"content": "*waves*"}}
    ]})");
  }

  std::vector<std::string> llmArgs(const LlmServerProcess &server, std::vector<std::string> more) {
    std::vector<std::string> a = {"--llm-base-url", server.baseUrl(), "--model", "test-model", "--bindings",
                                  bindings("chat", "tools:\n" + kbLookup() + "  kb.delete: {exec: {argv: ['false']}}\n")};
    a.insert(a.end(), more.begin(), more.end());
    return a;
  }

  // Runs the executable with `lines` on its standard input (not a terminal: JSON lines).
  ProcessResult runWithStdin(const std::vector<std::string> &args, const std::string &lines, double timeout = 20) {
    std::string file = path("stdin.txt");
    writeText(file, lines);
    std::vector<std::string> argv = {"-c", "exec \"$0\" \"$@\" < '" + file + "'", exes_.at("chat-support")};
    argv.insert(argv.end(), args.begin(), args.end());
    return runProcess("/bin/sh", argv, timeout);
  }

};

// 1. One turn: the system message rendered with the variables (and a default), the message as
// the user's, the prompt's tools offered with tool_choice on the first round only, the lookup run
// and the blocklisted call answered with an error, the reply printed as a JSON string, and the
// evals (the prompt's and the pack's every_turn ones, then the session's) traced.
TEST_F(ChatE2ETest, OneTurnRunsToolsUnderThePolicyAndPrintsTheReply) {
  LlmServerProcess server(script());
  std::string trace = path("turn.trace");
  ProcessResult r = run("chat-support", llmArgs(server, {"--task", "support", "--trace", trace, "--input-json",
                                                         R"({"message": "What is wfc?", "variables": {"customer": "Ada"}})"}));
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  EXPECT_EQ(r.out, "\"wfc is a workflow compiler.\"\n");
  std::vector<Json> requests = bodies(server);
  ASSERT_EQ(requests.size(), 2u);
  EXPECT_EQ(requests[0]["messages"], json(R"([
      {"role": "system", "content": "You help Ada with wfc. Look terms up with kb.lookup."},
      {"role": "user", "content": "What is wfc?"}])"));
  // By name, as PromptKit sends them (docs/promptkit.md "The request"); the pack lists kb.lookup first.
  EXPECT_EQ(chatToolNames(requests[0]), (std::vector<std::string>{"kb_delete", "kb_lookup"}));
  EXPECT_EQ(requests[0]["tool_choice"], "required");
  EXPECT_NE(requests[1].value("tool_choice", Json("auto")), "required") << "tool_choice applies to the first round only";
  const Json &messages = requests[1]["messages"];
  ASSERT_EQ(messages.size(), 5u) << messages.dump(2);
  EXPECT_EQ(messages[3]["role"], "tool");
  EXPECT_NE(messages[3]["content"].get<std::string>().find("a workflow compiler"), std::string::npos);
  EXPECT_NE(messages[4]["content"].get<std::string>().find("blocked by the prompt's tool_policy"), std::string::npos)
      << messages[4];

  std::map<std::string, Json> evals;
  for (const Json &e : events(jsonLines(trace), "eval")) evals[e["eval"]] = e;
  EXPECT_EQ(evals["polite"]["status"], "passed");
  EXPECT_EQ(evals["short"]["status"], "passed");
  EXPECT_EQ(evals["mentions_wfc"]["status"], "passed");
  EXPECT_EQ(evals["polite"]["step"], "support");
  EXPECT_EQ(evals["polite"]["item"], 1) << "a turn's evals carry the turn";
}

// 2. --message and --raw: the reply as text; the greeter is chosen by --task.
TEST_F(ChatE2ETest, MessageAndRawPrintTheText) {
  LlmServerProcess server(script());
  ProcessResult r = run("chat-support", llmArgs(server, {"--task", "greeter", "--message", "hi", "--raw"}));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.out, "Hello!\n");
  ASSERT_EQ(server.requests().size(), 1u);
  EXPECT_FALSE(server.requests()[0]["body"].contains("tools")) << "the greeter offers no tools";
}

// model_overrides (docs/promptkit.md "Model overrides"): a run of the model an override names
// gets its prefix and suffix around the template (or its own template) and its parameters merged
// over the prompt's; a run of any other model gets the prompt as written.
TEST_F(ChatE2ETest, ModelOverridesApplyToTheModelTheyName) {
  LlmServerProcess server(script());
  for (const char *model : {"tuned-model", "waving-model", "test-model"}) {
    ProcessResult r = run("chat-support", {"--llm-base-url", server.baseUrl(), "--model", model, "--task", "greeter",
                                           "--message", "hi", "--raw"});
    ASSERT_EQ(r.exitCode, 0) << model << ": " << r.err;
  }
  std::vector<Json> requests = bodies(server);
  ASSERT_EQ(requests.size(), 3u);
  EXPECT_EQ(requests[0]["model"], "tuned-model");
  EXPECT_EQ(requests[0]["messages"][0]["content"], "[tuned] Greet the user. Keep it under five words.");
  EXPECT_EQ(requests[0]["temperature"], 0.1);
  // PromptKit sends its own top_p, not the prompt's (docs/promptkit.md "The request").
  EXPECT_EQ(requests[0]["top_p"], 1);
  EXPECT_EQ(requests[0]["max_completion_tokens"], 50);
  EXPECT_EQ(requests[1]["messages"][0]["content"], "Wave at the user.");
  EXPECT_EQ(requests[1]["temperature"], 0.7);
  EXPECT_EQ(requests[2]["messages"][0]["content"], "Greet the user.");
  EXPECT_EQ(requests[2]["temperature"], 0.7);
  EXPECT_EQ(requests[2]["max_completion_tokens"], 4096) << "PromptKit's default";
}

// 3. Usage errors, before anything is sent: no --task with two tasks, an unknown task, a
// required variable without a value, no message, an input key a turn does not take.
TEST_F(ChatE2ETest, UsageErrorsExitTwoBeforeAnythingIsSent) {
  LlmServerProcess server(script());
  struct Case {
    std::vector<std::string> args;
    const char *message;
  };
  for (const Case &c : {Case{{"--message", "hi"}, "this pack has 2 tasks ('support' and 'greeter'): choose one with --task NAME"},
                        Case{{"--task", "helper", "--message", "hi"}, "no task 'helper': this pack's tasks are 'support' and 'greeter'"},
                        Case{{"--task", "support", "--message", "hi"}, "task 'support' needs variable 'customer'"},
                        Case{{"--task", "greeter"}, "a chat turn needs a message"},
                        Case{{"--task", "greeter", "--input-json", R"({"message": "hi", "mood": "x"})"}, "unknown key 'mood'"},
                        Case{{"--task", "greeter", "--message", "hi", "--journal", path("j.db")}, "--journal journals a conversation: give --chat too"}}) {
    ProcessResult r = run("chat-support", llmArgs(server, c.args));
    EXPECT_EQ(r.exitCode, 2) << c.message << "\n" << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
    EXPECT_EQ(r.out, "");
  }
  EXPECT_EQ(server.requests().size(), 0u);
}

// 4. tool_policy bounds: a model still calling tools after max_rounds ends the turn with exit 3;
// calls past max_tool_calls_per_turn are answered with an error, not run.
TEST_F(ChatE2ETest, ToolPolicyBoundsTheTurn) {
  LlmServerProcess server(script());
  ProcessResult r = run("chat-support", llmArgs(server, {"--task", "support", "--input-json",
                                                         R"({"message": "LOOP", "variables": {"customer": "Ada"}})"}));
  EXPECT_EQ(r.exitCode, 3) << r.err;
  EXPECT_NE(r.err.find("reached tool_policy.max_rounds (3 rounds)"), std::string::npos) << r.err;
  EXPECT_EQ(server.requests().size(), 3u);

  LlmServerProcess many(script());
  r = run("chat-support", llmArgs(many, {"--task", "support", "--input-json",
                                         R"({"message": "MANY", "variables": {"customer": "Ada"}})"}));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  Json second = bodies(many).at(1);
  const Json &messages = second["messages"];
  ASSERT_EQ(messages.size(), 6u) << messages.dump(2);
  EXPECT_EQ(messages[5]["role"], "tool");
  EXPECT_NE(messages[5]["content"].get<std::string>().find("max_tool_calls_per_turn (2)"), std::string::npos);
}

// 5. --chat: one JSON line per turn in, one JSON line per reply out; each turn sends the
// conversation so far; the session eval runs once, at the end.
TEST_F(ChatE2ETest, ChatHoldsAConversationOverStdin) {
  LlmServerProcess server(script());
  std::string trace = path("chat.trace");
  ProcessResult r = runWithStdin(llmArgs(server, {"--task", "greeter", "--chat", "--trace", trace}),
                                 "{\"message\": \"first\"}\n\n{\"message\": \"second\"}\n");
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  EXPECT_EQ(r.out, "\"Hello!\"\n\"Hello again!\"\n");
  std::vector<Json> requests = bodies(server);
  ASSERT_EQ(requests.size(), 2u);
  EXPECT_EQ(requests[1]["messages"], json(R"([
      {"role": "system", "content": "Greet the user."},
      {"role": "user", "content": "first"},
      {"role": "assistant", "content": "Hello!"},
      {"role": "user", "content": "second"}])"));
  int sessionEvals = 0;
  for (const Json &e : events(jsonLines(trace), "eval")) sessionEvals += e["eval"] == "mentions_wfc";
  EXPECT_EQ(sessionEvals, 1);

  // A line that is not JSON ends the conversation: exit 2, naming the turn.
  r = runWithStdin(llmArgs(server, {"--task", "greeter", "--chat"}), "{\"message\": \"first\"}\nhello\n");
  EXPECT_EQ(r.exitCode, 2) << r.err;
  EXPECT_EQ(r.out, "\"Hello!\"\n");
  EXPECT_NE(r.err.find("turn 2: the line is not JSON"), std::string::npos) << r.err;
}

// 5b. A journaled conversation (docs/journal.md "Journaled chats"): killed (SIGKILL) while a turn
// waits for the model, then resumed: the journal's turns are replayed without a request and
// without printing their replies again, the turn in flight is asked again and its reply printed,
// then stdin's turns go on with the whole conversation behind them. A resume with another task
// is exit 2; a conversation that ended is continued later too.
TEST_F(ChatE2ETest, AJournaledConversationResumesAfterAKill) {
  Json script = ChatE2ETest::script();
  script["replies"].insert(script["replies"].begin(),
                           json(R"({"match": {"system_contains": "Greet", "last_user_contains": "slow"}, "times": 1,
                                    "delay_ms": 30000, "reply": {"content": "Too late."}})"));
  LlmServerProcess server(script);
  // The requests the server answered, by their last user message (the slow one killed is not
  // answered while the test runs).
  auto asked = [&](const std::string &message) {
    std::vector<Json> out;
    for (const Json &b : bodies(server))
      if (b["messages"].back()["content"] == message) out.push_back(b);
    return out;
  };
  const std::string journal = path("chat.db");
  ProcessResult killed = runWithStdin(llmArgs(server, {"--task", "greeter", "--chat", "--journal", journal}),
                                      "{\"message\": \"first\"}\n{\"message\": \"second\"}\n{\"message\": \"slow\"}\n", 3);
  ASSERT_TRUE(killed.timedOut) << killed.describe();
  EXPECT_EQ(killed.out, "\"Hello!\"\n\"Hello again!\"\n");
  ASSERT_EQ(bodies(server).size(), 2u);
  ProcessResult runs = run("chat-support", {"--journal", journal, "--runs"});
  ASSERT_EQ(runs.exitCode, 0) << runs.err;
  std::string id = json(runs.out.substr(0, runs.out.find('\n')))["id"];

  ProcessResult other = runWithStdin(llmArgs(server, {"--task", "support", "--chat", "--journal", journal, "--resume", id}), "");
  EXPECT_EQ(other.exitCode, 2) << other.err;
  EXPECT_NE(other.err.find("is a conversation with task 'greeter', not task 'support': resume it with --task greeter"),
            std::string::npos)
      << other.err;
  ASSERT_EQ(bodies(server).size(), 2u);

  ProcessResult resumed = runWithStdin(llmArgs(server, {"--task", "greeter", "--chat", "--journal", journal, "--resume", id}),
                                       "{\"message\": \"third\"}\n");
  ASSERT_EQ(resumed.exitCode, 0) << resumed.describe() << "\n" << resumed.err;
  EXPECT_EQ(resumed.out, "\"Hello!\"\n\"Hello!\"\n") << "the slow turn's reply, then the third's";
  EXPECT_EQ(asked("first").size(), 1u) << "a replayed turn asked the model again";
  EXPECT_EQ(asked("second").size(), 1u) << "a replayed turn asked the model again";
  std::vector<Json> slow = asked("slow"), third = asked("third");
  ASSERT_EQ(slow.size(), 1u);
  EXPECT_EQ(slow[0]["messages"], json(R"([
      {"role": "system", "content": "Greet the user."},
      {"role": "user", "content": "first"},
      {"role": "assistant", "content": "Hello!"},
      {"role": "user", "content": "second"},
      {"role": "assistant", "content": "Hello again!"},
      {"role": "user", "content": "slow"}])"));
  ASSERT_EQ(third.size(), 1u);
  EXPECT_EQ(third[0]["messages"].size(), 8u) << third[0].dump(2);

  // Ended (stdin's end), and continued later: one more turn, one more request.
  ProcessResult later = runWithStdin(llmArgs(server, {"--task", "greeter", "--chat", "--journal", journal, "--resume", id}),
                                     "{\"message\": \"second\"}\n");
  ASSERT_EQ(later.exitCode, 0) << later.err;
  EXPECT_EQ(later.out, "\"Hello again!\"\n");
  std::vector<Json> seconds = asked("second");
  ASSERT_EQ(seconds.size(), 2u);
  EXPECT_EQ(seconds[1]["messages"].size(), 10u);
  EXPECT_EQ(asked("third").size(), 1u);
}

// 6. Record, then replay offline: the same replies, keyed by task and turn.
TEST_F(ChatE2ETest, RecordedConversationsReplayOffline) {
  std::string recording = path("chat.jsonl");
  {
    LlmServerProcess server(script());
    ProcessResult r = runWithStdin(llmArgs(server, {"--task", "greeter", "--chat", "--record", recording}),
                                   "{\"message\": \"first\"}\n{\"message\": \"second\"}\n");
    ASSERT_EQ(r.exitCode, 0) << r.err;
  }
  std::vector<Json> lines = jsonLines(recording);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0]["task"], "greeter");
  ProcessResult r = runWithStdin({"--task", "greeter", "--chat", "--replay", recording},
                                 "{\"message\": \"first\"}\n{\"message\": \"second\"}\n");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.out, "\"Hello!\"\n\"Hello again!\"\n");
}

// 7. Validators as PromptKit runs them: an input one answers without calling the model; an output
// one replaces the reply with its message; a length one truncates to its bound; each verdict is a
// `validation` trace line and a report entry.
TEST_F(ChatE2ETest, ValidatorsEnforceOnInputsAndReplies) {
  LlmServerProcess server(script());
  struct Case {
    const char *message, *reply, *validator, *action;
  };
  for (const Case &c : {Case{"my password is x", "I cannot take secrets.", "content_excludes#1", "blocked_input"},
                        Case{"be rude", "Let me say that more politely.", "clean", "replaced"},
                        Case{"say something long", "Hello! This greeting goes on f", "length#3", "truncated"}}) {
    SCOPED_TRACE(c.message);
    std::string trace = path("validators.trace"), report = path("validators.report");
    size_t before = server.requests().size();
    ProcessResult r = run("chat-support", llmArgs(server, {"--task", "greeter", "--message", c.message, "--raw",
                                                           "--trace", trace, "--report", report}));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.out, std::string(c.reply) + "\n");
    EXPECT_EQ(server.requests().size(), before + (std::string(c.action) == "blocked_input" ? 0u : 1u));
    bool traced = false;
    for (const Json &v : events(jsonLines(trace), "validation"))
      if (v["validator"] == c.validator) {
        traced = true;
        EXPECT_EQ(v["triggered"], true) << v;
        EXPECT_EQ(v["action"], c.action) << v;
        EXPECT_EQ(v["step"], "greeter");
      }
    EXPECT_TRUE(traced);
    bool reported = false;
    Json rep = json(readText(report));
    for (const Json &v : rep["validations"])
      reported = reported || (v["validator"] == c.validator && v["action"] == c.action);
    EXPECT_TRUE(reported) << readText(report);
  }
  // Governance annotations ride along into the report, as written.
  {
    std::string report = path("governance.report");
    ProcessResult g = run("chat-support", llmArgs(server, {"--task", "greeter", "--message", "hi", "--report", report}));
    ASSERT_EQ(g.exitCode, 0) << g.err;
    Json rep = json(readText(report));
    EXPECT_EQ(rep["governance"]["metadata"]["intended_purpose"], "Answer questions about wfc from the knowledge base.");
    EXPECT_EQ(rep["governance"]["metadata"]["reviews"][0]["cadence"], "P3M");
    EXPECT_EQ(rep["governance"]["action_scope"]["kb.lookup"]["reversibility"], "reversible");
  }
  // A clean reply passes every output validator untouched.
  ProcessResult r = run("chat-support", llmArgs(server, {"--task", "greeter", "--message", "hi", "--raw"}));
  EXPECT_EQ(r.out, "Hello!\n");
}

// 8. The chat options belong to chat executables: a composition pack refuses them.
TEST_F(ChatE2ETest, ChatOptionsOnACompositionPackAreUsageErrors) {
  exes_["llm-template"] = e2eExeDir() + "/llm-template";
  ProcessResult r = run("llm-template", {"--message", "hi"});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("--message is for chat executables"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace wfc::test

// Streaming end to end (docs/streaming.md): compiled packs run as black boxes against the test LLM
// server, which streams in each API's format. --stream's events — steps starting and ending with
// their outputs, tokens tagged with their step (parallel steps interleave at -O1), the model's
// tool calls piece by piece, the output last — on stdout or in a file; a banned word stopping a
// reply mid-stream; --chat --stream's tokens and a reply line per turn; a recording replayed as
// a stream, offline.
#include "ExeDir.h"
#include "LlmPackTest.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <map>

#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

namespace wfc::test {
namespace {

class StreamE2ETest : public LlmPackTest {
 protected:
  static void SetUpTestSuite() {
    LlmPackTest::SetUpTestSuite();
    exes_["chat-support"] = e2eExeDir() + "/chat-support";
    ASSERT_TRUE(fs::exists(exes_["chat-support"])) << exes_["chat-support"] << " was not built";
  }
  static std::vector<std::string> llm(const LlmServerProcess &server, std::vector<std::string> more) {
    std::vector<std::string> args = {"--llm-base-url", server.baseUrl(), "--model", "test-model"};
    args.insert(args.end(), more.begin(), more.end());
    return args;
  }
  // Every line of `text` as JSON; a line that is not fails the test.
  static std::vector<Json> events(const std::string &text) {
    std::vector<Json> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
      Json event = Json::parse(line, nullptr, false);
      EXPECT_FALSE(event.is_discarded()) << "not a JSON line: " << line;
      if (!event.is_discarded()) out.push_back(event);
    }
    return out;
  }
  static Json slowTemplateScript() {
    Json script = templateScript();
    for (Json &entry : script["replies"]) entry["chunk_delay_ms"] = 15;
    return script;
  }
  // Checks the template pack's stream: each step's tokens come between its start and its end and
  // add up to its output; the last line is the run's output.
  static void expectTemplateStream(const std::vector<Json> &lines) {
    ASSERT_FALSE(lines.empty());
    std::map<std::string, std::string> text;
    std::map<std::string, size_t> start, end, firstToken;
    for (size_t i = 0; i < lines.size(); ++i) {
      const Json &e = lines[i];
      std::string step = e.value("step", "");
      if (e["event"] == "step_start") start[step] = i;
      if (e["event"] == "step_end") end[step] = i;
      if (e["event"] == "token") {
        text[step] += e["text"].get<std::string>();
        if (!firstToken.count(step)) firstToken[step] = i;
      }
    }
    const std::map<std::string, std::string> expected = {
        {"greet", "Hi, world!"}, {"greet_object", "Hello devs"}, {"plain", "Hello, whoever you are"}};
    for (const auto &[step, reply] : expected) {
      SCOPED_TRACE(step);
      EXPECT_EQ(text[step], reply);
      ASSERT_TRUE(start.count(step) && end.count(step) && firstToken.count(step));
      EXPECT_LT(start[step], firstToken[step]);
      EXPECT_LT(firstToken[step], end[step]);
      EXPECT_EQ(lines[end[step]]["output"], reply);
      EXPECT_EQ(lines[end[step]]["status"], "ok");
    }
    EXPECT_EQ(lines.back(), (Json{{"event", "output"}, {"output", "Hi, world!"}}));
  }
};

// 1. --stream alone (stdout): every line an event, the output the last; at -O1 the three
// independent prompt steps run at once and their tokens interleave, each naming its step.
TEST_F(StreamE2ETest, StreamOnStdoutCarriesStepsTokensAndTheOutputLast) {
  for (const char *provider : {"openai", "anthropic"}) {
    SCOPED_TRACE(provider);
    LlmServerProcess server(slowTemplateScript());
    ProcessResult r = run("llm-template", llm(server, {"--provider", provider, "--input-json", kTemplateInput, "--stream"}));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    expectTemplateStream(events(r.out));
    for (const Json &request : server.requests()) EXPECT_EQ(request["body"]["stream"], true);
  }
}

// 2. --stream FILE: the events go to the file, the output stays on stdout as without it.
TEST_F(StreamE2ETest, StreamToAFileLeavesTheOutputOnStdout) {
  LlmServerProcess server(templateScript());
  std::string file = path("run.ndjson");
  ProcessResult r = run("llm-template", llm(server, {"--input-json", kTemplateInput, "--stream", file}));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(json(r.out), "Hi, world!");
  expectTemplateStream(events(readText(file)));
}

// 3. Without --stream nothing streams: the requests are the plain ones.
TEST_F(StreamE2ETest, WithoutStreamTheRequestsDoNotAskForOne) {
  LlmServerProcess server(templateScript());
  ProcessResult r = run("llm-template", llm(server, {"--input-json", kTemplateInput}));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  for (const Json &request : server.requests()) EXPECT_FALSE(request["body"].contains("stream"));
}

// 4. An agent's tool calls stream as a start (id, name) and argument pieces, per round.
TEST_F(StreamE2ETest, AgentToolCallsStreamPieceByPiece) {
  LlmServerProcess server(researchScript());
  std::string b = bindings("stream-agent", "tools:\n" + kbLookup() + "  report.submit: {exec: {argv: [cat]}}\n");
  ProcessResult r = run("llm-agent", llm(server, {"--bindings", b, "--input-json", R"({"mode": "research", "topic": "wfc"})",
                                                  "--stream", "-"}));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  std::map<unsigned, std::string> names, arguments;
  for (const Json &e : events(r.out)) {
    if (e["event"] == "tool_call") names[e["round"].get<unsigned>()] = e["name"];
    if (e["event"] == "tool_arguments") arguments[e["round"].get<unsigned>()] += e["text"].get<std::string>();
  }
  EXPECT_EQ(names[1], "kb_lookup");
  EXPECT_EQ(json(arguments[1]), (Json{{"term", "wfc"}}));
  EXPECT_EQ(names[2], "report_submit");
  EXPECT_EQ(json(arguments[2])["answer"], "wfc compiles workflows");
}

// 5. A banned word stops the reply mid-stream (PromptKit's streaming guardrails): the words
// before it went out, the word itself never does, and the validator's message is the reply.
TEST_F(StreamE2ETest, ABannedWordStopsTheReplyMidStream) {
  LlmServerProcess server(json(R"({"replies": [{"reply": {"content": "Well hello there, darn it all."}}]})"));
  std::string recording = path("stopped.jsonl");
  ProcessResult r = run("chat-support", llm(server, {"--task", "greeter", "--message", "hi", "--stream", "--record", recording}));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  std::vector<Json> lines = events(r.out);
  std::string streamed;
  for (const Json &e : lines)
    if (e["event"] == "token") streamed += e["text"].get<std::string>();
  EXPECT_EQ(streamed, "Well hello there, ");
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.back(), (Json{{"event", "output"}, {"output", "Let me say that more politely."}}));
  // The recording holds the reply as it was stopped: replayed, with or without a stream, the run
  // ends the same way.
  for (bool streamed : {false, true}) {
    std::vector<std::string> args = {"--task", "greeter", "--message", "hi", "--replay", recording, "--bindings", "/dev/null"};
    if (streamed) args.push_back("--stream");
    ProcessResult replayed = run("chat-support", args);
    ASSERT_EQ(replayed.exitCode, 0) << replayed.err;
    std::vector<Json> out = events(replayed.out);
    ASSERT_FALSE(out.empty());
    EXPECT_EQ(streamed ? out.back()["output"] : out.back(), "Let me say that more politely.");
  }
}

// 5b. Banned words are whole words: a word that only begins like one ("darn" of "darned"), cut
// anywhere by the stream, does not stop it.
TEST_F(StreamE2ETest, AWordThatOnlyBeginsLikeABannedOneStreamsOn) {
  LlmServerProcess server(json(R"({"replies": [{"chunk_bytes": 2, "reply": {"content": "Darned good day."}}]})"));
  ProcessResult r = run("chat-support", llm(server, {"--task", "greeter", "--message", "hi", "--stream"}));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  std::vector<Json> lines = events(r.out);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.back(), (Json{{"event", "output"}, {"output", "Darned good day."}}));
}

// 6. --chat --stream: each turn's tokens, then a line with its reply; nothing else on stdout.
TEST_F(StreamE2ETest, ChatStreamWritesEachTurnsTokensThenItsReply) {
  LlmServerProcess server(json(R"({"replies": [
    {"match": {"last_user_contains": "second"}, "reply": {"content": "Hello again!"}},
    {"reply": {"content": "Hello there!"}}]})"));
  ProcessResult r = runWithStdin("chat-support", llm(server, {"--task", "greeter", "--chat", "--stream"}),
                                 "{\"message\": \"first\"}\n{\"message\": \"second\"}\n");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  std::vector<std::string> shape;
  std::string tokens;
  for (const Json &e : events(r.out)) {
    if (e["event"] == "token") {
      tokens += e["text"].get<std::string>();
      if (shape.empty() || shape.back() != "tokens") shape.push_back("tokens");
    } else if (e["event"] == "reply") {
      EXPECT_EQ(e["reply"], tokens);
      shape.push_back("reply " + std::to_string(e["turn"].get<int>()) + ": " + e["reply"].get<std::string>());
      tokens.clear();
    }
  }
  EXPECT_EQ(shape, (std::vector<std::string>{"tokens", "reply 1: Hello there!", "tokens", "reply 2: Hello again!"}));
}

// 6b. A chat on a terminal (a pseudo-terminal from script(1)) prints each reply as it streams in,
// once; a reply a validator replaced after its first words went out follows on a line of its own.
TEST_F(StreamE2ETest, ChatOnATerminalPrintsRepliesAsTheyStream) {
  // A machine (a container, a chroot) may have no pseudo-terminals to give (/dev/pts not mounted).
  int pty = ::posix_openpt(O_RDWR | O_NOCTTY);
  const char *name = pty >= 0 && ::grantpt(pty) == 0 && ::unlockpt(pty) == 0 ? ::ptsname(pty) : nullptr;
  int terminal = name ? ::open(name, O_RDWR | O_NOCTTY) : -1;
  int why = errno;
  if (terminal >= 0) ::close(terminal);
  if (pty >= 0) ::close(pty);
  if (terminal < 0) GTEST_SKIP() << "no pseudo-terminal on this machine: " << std::strerror(why);
  LlmServerProcess server(json(R"({"replies": [
    {"match": {"last_user_contains": "rude"}, "reply": {"content": "Well hello there, darn it all."}},
    {"reply": {"content": "Hello there, friend!"}}]})"));
  std::string command = exes_.at("chat-support") + " --llm-base-url " + server.baseUrl() +
                        " --model test-model --task greeter --chat --bindings /dev/null";
  ProcessResult r = runProcess(
      "/bin/sh", {"-c", "(sleep 0.3; echo hi; sleep 0.5; echo rude; sleep 0.5) | script -qefc \"$0\" /dev/null", command}, 20);
  ASSERT_EQ(r.exitCode, 0) << r.err << r.out;
  auto count = [&](const std::string &what) {
    size_t n = 0;
    for (size_t at = r.out.find(what); at != std::string::npos; at = r.out.find(what, at + 1)) ++n;
    return n;
  };
  EXPECT_EQ(count("Hello there, friend!"), 1u) << r.out;
  EXPECT_EQ(count("Well hello there, \r\nLet me say that more politely.\r\n"), 1u) << r.out;
  EXPECT_EQ(count("darn"), 0u) << r.out;
  for (const Json &request : server.requests()) EXPECT_EQ(request["body"]["stream"], true);
}

// 7. A recording replays as a stream, offline: the same tokens and output as the live run.
TEST_F(StreamE2ETest, ARecordingReplaysAsAStream) {
  std::string recording = path("stream-recording.jsonl");
  std::string live;
  {
    LlmServerProcess server(templateScript());
    ProcessResult r = run("llm-template", llm(server, {"--input-json", kTemplateInput, "--record", recording}));
    ASSERT_EQ(r.exitCode, 0) << r.err;
  }
  ProcessResult r = run("llm-template", {"--replay", recording, "--input-json", kTemplateInput, "--stream", "-"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  expectTemplateStream(events(r.out));
}

// 8. A failed run ends its stream with the error and the exit code; stdout holds nothing else.
TEST_F(StreamE2ETest, AFailedRunEndsTheStreamWithItsError) {
  LlmServerProcess server(json(R"({"replies": [{"status": 400}]})"));
  ProcessResult r = run("llm-template", llm(server, {"--input-json", kTemplateInput, "--stream"}));
  EXPECT_EQ(r.exitCode, 1) << r.err;
  std::vector<Json> lines = events(r.out);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.back()["event"], "error");
  EXPECT_EQ(lines.back()["exit_code"], 1);
  EXPECT_NE(lines.back()["error"].get<std::string>().find("HTTP 400"), std::string::npos) << lines.back();
}

}  // namespace
}  // namespace wfc::test

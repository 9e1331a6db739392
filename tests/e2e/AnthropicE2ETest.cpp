// The `anthropic` provider end to end (docs/llm.md): the packs/llm-*.yaml executables run with
// `--provider anthropic` against the test LLM server's Messages API route (docs/test-llm-server.md),
// which rejects what the API would (no max_tokens, tool_use blocks not answered in the next
// message). The same steps as LlmE2ETest.cpp, seen through the other wire format: structured
// output through the forced answer tool, an agent loop, record → replay, and the key.
#include "LlmPackTest.h"

namespace wfc::test {
namespace {

// The concatenated text blocks of a Messages API message ("" for tool results only).
std::string userText(const Json &message) {
  std::string text;
  for (const Json &block : message["content"])
    if (block["type"] == "text") text += block["text"].get<std::string>();
  return text;
}

// The request whose first message's text is `user`; null when there is none.
Json requestWithUser(const std::vector<Json> &requests, const std::string &user) {
  for (const Json &r : requests)
    if (userText(r["body"]["messages"][0]) == user) return r;
  return nullptr;
}

std::vector<std::string> toolNames(const Json &body) {
  std::vector<std::string> names;
  if (body.contains("tools"))
    for (const Json &t : body["tools"]) names.push_back(t["name"]);
  return names;
}

class AnthropicE2ETest : public LlmPackTest {
 protected:
  // The flags that point a run at `server`'s Messages API with a model.
  static std::vector<std::string> anthropic(const LlmServerProcess &server, std::vector<std::string> more = {}) {
    std::vector<std::string> args = {"--provider", "anthropic", "--llm-base-url", server.baseUrl(), "--model",
                                     "claude-test"};
    args.insert(args.end(), more.begin(), more.end());
    return args;
  }

  static Json text(const std::string &t) { return {{"type", "text"}, {"text", t}}; }
};

// A prompt step with an output_schema: the schema is the input_schema of a forced answer tool
// named after the step, and the tool's input is the output, validated as ever.
TEST_F(AnthropicE2ETest, StructuredOutputComesThroughTheForcedAnswerTool) {
  {
    LlmServerProcess server({{"replies", {{{"reply", {{"content_json", json(kStrictPerson)}}}}}}});
    ProcessResult r =
        run("llm-structured", anthropic(server, {"--input-json", R"({"which": "strict", "text": "Ada, 36"})"}));
    ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
    EXPECT_EQ(json(r.out), json(kStrictPerson));
    std::vector<Json> requests = server.requests();
    ASSERT_EQ(requests.size(), 1u);
    EXPECT_EQ(requests[0]["path"], "/v1/messages");
    const Json &body = requests[0]["body"];
    EXPECT_EQ(body["model"], "claude-test");
    EXPECT_EQ(body["max_tokens"], 4096) << "the prompt sets none: the default";
    EXPECT_EQ(body["system"], "Extract the person described by the user message as JSON.");
    EXPECT_EQ(body["messages"], Json::array({{{"role", "user"}, {"content", {text("Ada, 36")}}}}));
    ASSERT_EQ(toolNames(body), (std::vector<std::string>{"strict_person"}));
    EXPECT_EQ(body["tools"][0]["input_schema"], schemaFile("llm-person-strict.json"));
    EXPECT_EQ(body["tool_choice"], json(R"({"type": "tool", "name": "strict_person"})"));
    EXPECT_FALSE(body.contains("response_format"));
  }
  {
    // An answer that does not match the schema fails the step, as with any provider.
    LlmServerProcess server({{"replies", {{{"reply", {{"content_json", {{"name", "A"}}}}}}}}});
    ProcessResult r = run("llm-structured", anthropic(server, {"--input-json", R"({"which": "loose", "text": "A"})"}));
    EXPECT_EQ(r.exitCode, 1) << r.err;
    EXPECT_NE(r.err.find("step 'loose_person' failed"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("does not match the step's output_schema"), std::string::npos) << r.err;
  }
}

// An agent loop: the tools offered with their input_schema, each round's tool results in one user
// message of tool_result blocks (the server rejects anything else), ending on tool_called.
TEST_F(AnthropicE2ETest, AgentLoopEndsWhenTheToolCalledToolIsCalled) {
  LlmServerProcess server(json(R"({"replies": [
    {"match": {"rounds": 0}, "reply": {"content": "Looking it up.",
                                       "tool_calls": [{"name": "kb_lookup", "arguments": {"term": "wfc"}},
                                                      {"name": "web_search", "arguments": {"q": "wfc"}}]}},
    {"match": {"rounds": 1, "tool_results": 2, "tool_result_contains": "a workflow compiler"},
     "reply": {"tool_calls": [{"name": "report_submit", "arguments": {"answer": "wfc compiles workflows", "sources": ["kb:wfc"]}}],
               "usage": {"prompt_tokens": 200, "completion_tokens": 30}}}
  ]})"));
  std::string b = bindings("anthropic-agent", "tools:\n" + kbLookup());
  std::string report = path("anthropic-agent-report.json");
  ProcessResult r = run("llm-agent", anthropic(server, {"--bindings", b, "--report", report, "--input-json",
                                                        R"({"mode": "research", "topic": "wfc"})"}));
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  EXPECT_EQ(json(r.out), json(kReport));
  EXPECT_EQ(json(readText(report))["tokens"], json(R"({"prompt": 210, "completion": 35})"));

  std::vector<Json> requests = server.requests();
  ASSERT_EQ(requests.size(), 2u);
  const Json &first = requests[0]["body"];
  EXPECT_EQ(first["system"], "Research wfc with kb.lookup, then call report.submit.");
  EXPECT_EQ(toolNames(first), (std::vector<std::string>{"kb_lookup", "report_submit"}))
      << "tool_called: no answer tool";
  EXPECT_EQ(first["tools"][0], json(R"({"name": "kb_lookup", "description": "Looks a term up in the knowledge base.",
      "input_schema": {"type": "object", "properties": {"term": {"type": "string", "description": "The term to look up."}},
                       "required": ["term"], "additionalProperties": false}})"));
  EXPECT_EQ(first["tool_choice"], json(R"({"type": "auto"})"));

  const Json &messages = requests[1]["body"]["messages"];
  ASSERT_EQ(messages.size(), 3u) << messages.dump();
  EXPECT_EQ(messages[0], Json({{"role", "user"}, {"content", {text(R"({"topic":"wfc"})")}}}));
  EXPECT_EQ(messages[1], json(R"({"role": "assistant", "content": [{"type": "text", "text": "Looking it up."},
      {"type": "tool_use", "id": "toolu_1_0", "name": "kb_lookup", "input": {"term": "wfc"}},
      {"type": "tool_use", "id": "toolu_1_1", "name": "web_search", "input": {"q": "wfc"}}]})"));
  const Json &results = messages[2];
  EXPECT_EQ(results["role"], "user");
  ASSERT_EQ(results["content"].size(), 2u) << "both results of the round in one message";
  EXPECT_EQ(results["content"][0]["type"], "tool_result");
  EXPECT_EQ(results["content"][0]["tool_use_id"], "toolu_1_0");
  EXPECT_EQ(json(results["content"][0]["content"].get<std::string>()),
            json(R"({"term": "wfc", "definition": "a workflow compiler"})"));
  EXPECT_EQ(results["content"][1]["tool_use_id"], "toolu_1_1");
  EXPECT_NE(results["content"][1]["content"].get<std::string>().find("no tool named 'web_search'"), std::string::npos);
}

// An agent with an output_schema and no tool_called: the answer tool is offered beside the step's
// tools, unforced, and calling it ends the loop with its input as the output.
TEST_F(AnthropicE2ETest, AnAgentsAnswerToolCallIsItsOutput) {
  LlmServerProcess server(json(R"({"replies": [
    {"match": {"rounds": 0}, "reply": {"tool_calls": [{"name": "chat_json", "arguments": {"answer": "42", "confidence": 0.9}}]}}
  ]})"));
  std::string b = bindings("anthropic-chat", "tools:\n" + kbLookup());
  ProcessResult r =
      run("llm-agent", anthropic(server, {"--bindings", b, "--input-json", R"({"mode": "chat_json", "topic": "Why?"})"}));
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  EXPECT_EQ(json(r.out), json(R"({"answer": "42", "confidence": 0.9})"));
  std::vector<Json> requests = server.requests();
  ASSERT_EQ(requests.size(), 1u);
  const Json &body = requests[0]["body"];
  EXPECT_EQ(toolNames(body), (std::vector<std::string>{"kb_lookup", "chat_json"}));
  EXPECT_EQ(body["tools"][1]["input_schema"], schemaFile("llm-answer.json"));
  EXPECT_EQ(body["tool_choice"], json(R"({"type": "auto"})")) << "beside tools, the answer tool is not forced";
}

// --record with the anthropic provider, then --replay: no provider, no server, the same output.
TEST_F(AnthropicE2ETest, RecordThenReplayNeedsNoProvider) {
  std::string b = bindings("anthropic-record", "tools:\n" + kbLookup());
  const std::string input = R"({"mode": "research", "topic": "wfc"})";
  std::string recording = path("anthropic-research.jsonl");
  std::string recorded;
  {
    LlmServerProcess server(researchScript());
    ProcessResult r = run("llm-agent", anthropic(server, {"--bindings", b, "--record", recording, "--input-json", input}));
    ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
    recorded = r.out;
    EXPECT_EQ(json(recorded), json(kReport));
  }
  std::vector<Json> lines = jsonLines(recording);
  ASSERT_EQ(lines.size(), 3u) << "a header and one line per exchange";
  EXPECT_EQ(lines[0]["provider"], "anthropic");
  EXPECT_EQ(lines[0]["model"], "claude-test");
  EXPECT_EQ(lines[1]["reply"]["tool_calls"][0]["id"], "toolu_1_0");
  EXPECT_EQ(lines[2]["request"]["messages"][3]["tool_call_id"], "toolu_1_0") << "recorded provider-neutral";

  ProcessResult replay = run("llm-agent", {"--bindings", b, "--replay", recording, "--input-json", input});
  ASSERT_EQ(replay.exitCode, 0) << replay.err;
  EXPECT_EQ(replay.out, recorded);
}

// ANTHROPIC_API_KEY goes as x-api-key with anthropic-version, never as a Bearer token and never
// into stdout, stderr, the trace, the report or the recording — even when the server echoes it.
TEST_F(AnthropicE2ETest, ApiKeyIsSentAsXApiKeyAndNeverWrittenAnywhere) {
  const std::string secret = "sk-ant-test-SECRET";
  {
    LlmServerProcess server(templateScript());
    std::vector<std::string> files = {path("anthropic-key-trace.jsonl"), path("anthropic-key-report.json"),
                                      path("anthropic-key-record.jsonl")};
    ProcessResult r = run("llm-template",
                          anthropic(server, {"--trace", files[0], "--report", files[1], "--record", files[2],
                                             "--input-json", kTemplateInput}),
                          {"ANTHROPIC_API_KEY=" + secret, "OPENAI_API_KEY=sk-openai-not-this"});
    ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
    EXPECT_EQ(json(r.out), "Hi, world!");
    std::vector<Json> requests = server.requests();
    ASSERT_EQ(requests.size(), 3u);
    for (const Json &q : requests) {
      EXPECT_EQ(q["headers"]["x-api-key"], secret);
      EXPECT_EQ(q["headers"]["anthropic-version"], "2023-06-01");
      EXPECT_TRUE(q["authorization"].is_null()) << q["authorization"];
    }
    for (const std::string &f : files) EXPECT_TRUE(fs::exists(f)) << f;
    EXPECT_EQ(leaks(secret, r, files), "") << "the key leaked";
    // The prompt's parameters, the template's system text, and usage read from input/output_tokens.
    Json greet = requestWithUser(requests, "Please say hello.");
    ASSERT_FALSE(greet.is_null());
    EXPECT_EQ(greet["body"]["system"], "Greet world in a friendly tone; first tag: brief. Count: 3.");
    EXPECT_EQ(greet["body"]["max_tokens"], 50);
    EXPECT_EQ(greet["body"]["temperature"], 0.5);
    // Step plain has no input: its instructions are the user message.
    Json plain = requestWithUser(requests, "Greet world in a friendly tone; first tag: brief. Count: 3.");
    ASSERT_FALSE(plain.is_null()) << "step plain's request";
    EXPECT_FALSE(plain["body"].contains("system"));
    EXPECT_EQ(json(readText(files[1]))["tokens"], json(R"({"prompt": 41, "completion": 12})"));
  }
  {
    LlmServerProcess server({{"replies",
                              {{{"status", 401},
                                {"body", R"({"type": "error", "error": {"type": "authentication_error", "message": "invalid x-api-key: sk-ant-test-SECRET"}})"}}}}});
    std::vector<std::string> files = {path("anthropic-fail-trace.jsonl"), path("anthropic-fail-report.json"),
                                      path("anthropic-fail-record.jsonl")};
    ProcessResult r = run("llm-template",
                          anthropic(server, {"--trace", files[0], "--report", files[1], "--record", files[2],
                                             "--input-json", kTemplateInput}),
                          {"ANTHROPIC_API_KEY=" + secret});
    EXPECT_EQ(r.exitCode, 1) << r.err;
    EXPECT_NE(r.err.find("HTTP 401"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("authentication_error"), std::string::npos) << "the API's error is quoted: " << r.err;
    for (const std::string &f : files) EXPECT_TRUE(fs::exists(f)) << f;
    EXPECT_EQ(leaks(secret, r, files), "") << "the key leaked on a failing run";
  }
}

// 529 (overloaded) is retried below the step's attempts, like 5xx; ANTHROPIC_BASE_URL is read the
// way Anthropic's SDKs read it, without the /v1.
TEST_F(AnthropicE2ETest, OverloadedIsRetriedAndAnthropicBaseUrlNeedsNoVersion) {
  LlmServerProcess server({{"replies",
                            {{{"times", 1}, {"status", 529}}, {{"reply", {{"content_json", json(kStrictPerson)}}}}}}});
  std::string trace = path("anthropic-529-trace.jsonl");
  ProcessResult r = run("llm-structured",
                        {"--provider", "anthropic", "--model", "claude-test", "--trace", trace, "--input-json",
                         R"({"which": "strict", "text": "Ada"})"},
                        {"ANTHROPIC_BASE_URL=http://127.0.0.1:" + std::to_string(server.port())});
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  EXPECT_EQ(json(r.out), json(kStrictPerson));
  std::vector<Json> requests = server.requests();
  ASSERT_EQ(requests.size(), 2u);
  EXPECT_EQ(requests[0]["path"], "/v1/messages");
  EXPECT_EQ(requests[0]["status"], 529);
  std::vector<Json> retries = events(jsonLines(trace), "llm_retry");
  ASSERT_EQ(retries.size(), 1u);
  EXPECT_EQ(retries[0]["reason"], "HTTP 529");
}

}  // namespace
}  // namespace wfc::test

// The request-fidelity suite (docs/promptkit.md "The request"): packs/promptkit-request.yaml run
// against the test LLM server, and the exact body the server receives compared with the body
// PromptKit's providers build for the same pack. Where each expectation comes from in PromptKit's
// source (github.com/AltairaLabs/PromptKit):
//   - max_completion_tokens 4096, temperature 0.7: sdk/conversation.go (defaultMaxTokens,
//     defaultTemperature); OpenAI's field: runtime/providers/openai/openai.go addMaxTokensToRequest
//   - top_p 1 to OpenAI: the provider default of sdk/internal/provider/detect.go; none to Claude:
//     runtime/providers/claude/claude.go buildBaseRequest discards it
//   - o-series without temperature and top_p: openai.go isOSeriesModel
//   - strict tools: runtime/providers/openai/openai_tools.go BuildTooling, ensureStrictSchema
//   - tools by name: runtime/pipeline/stage/stages_provider.go collectProviderDescriptors
//   - tool_choice auto: omitted by openai_tools.go, {"type": "auto"} from claude_tools.go
//   - the tool result's name: openai_tools.go (role "tool" messages)
//   - {{var}} in the user's message: runtime/pipeline/stage/stages_utilities.go substituteMessage
//   - a required variable's default applied: sdk/sdk.go applyDefaultVariables
// Divergences (docs/promptkit.md): temperature 0 is sent as 0, and OpenAI gets a prompt_cache_key.
#include "ExeDir.h"
#include "LlmPackTest.h"

namespace wfc::test {
namespace {

class PromptKitRequestE2ETest : public LlmPackTest {
 protected:
  static void SetUpTestSuite() {
    LlmPackTest::SetUpTestSuite();
    exes_["promptkit-request"] = e2eExeDir() + "/promptkit-request";
    ASSERT_TRUE(fs::exists(exes_["promptkit-request"])) << exes_["promptkit-request"] << " was not built";
  }

  static Json script() {
    return json(R"({"replies": [
      {"match": {"rounds": 0, "has_tools": true},
       "reply": {"tool_calls": [{"name": "orders_find", "arguments": {"order": "Ada-7"}}]}},
      {"reply": {"content": "Order Ada-7 shipped."}}
    ]})");
  }

  std::vector<std::string> args(const LlmServerProcess &server, std::vector<std::string> more,
                                const std::string &model = "test-model") {
    std::string b = bindings("request", "tools:\n" + kbLookup() +
                                            "  orders.find: {exec: {argv: [python3, -c, 'print(\"{\\\"status\\\": \\\"shipped\\\"}\")']}}\n");
    std::vector<std::string> a = {"--llm-base-url", server.baseUrl(), "--model", model, "--bindings", b};
    a.insert(a.end(), more.begin(), more.end());
    return a;
  }

  // OpenAI's strict form of the pack's tools, as PromptKit's ensureStrictSchema writes them.
  static Json strictTools() {
    return json(R"([
      {"type": "function", "function": {"name": "kb_lookup", "description": "Looks a term up.",
        "parameters": {"additionalProperties": false, "properties": {"term": {"type": "string"}},
                       "required": ["term"], "type": "object"},
        "strict": true}},
      {"type": "function", "function": {"name": "orders_find", "description": "Finds an order.",
        "parameters": {"additionalProperties": false,
                       "properties": {
                         "filters": {"additionalProperties": false,
                                     "properties": {"since": {"type": "string"}, "status": {"type": "string"}},
                                     "required": ["since", "status"], "type": "object"},
                         "note": {"type": "string"},
                         "order": {"type": "string"},
                         "tags": {"items": {"additionalProperties": false, "properties": {"name": {"type": "string"}},
                                            "required": ["name"], "type": "object"},
                                  "type": "array"}},
                       "required": ["filters", "note", "order", "tags"], "type": "object"},
        "strict": true}}])");
  }
};

// No parameters in the pack: PromptKit's defaults, strict tools by name, no tool_choice "auto",
// the message's {{customer}} filled from the required variable's default, the tool result named.
TEST_F(PromptKitRequestE2ETest, OpenAiGetsPromptKitsDefaultsAndStrictTools) {
  LlmServerProcess server(script());
  ProcessResult r = run("promptkit-request", args(server, {"--task", "plain", "--message", "Where is order {{customer}}-7, and {{unknown}}?"}));
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  std::vector<Json> requests = bodies(server);
  ASSERT_EQ(requests.size(), 2u);
  Json first = requests[0];
  ASSERT_TRUE(first.contains("prompt_cache_key")) << first.dump(2);
  first.erase("prompt_cache_key");  // wfc's, not PromptKit's (docs/cost.md "Prompt caching")
  Json expected = {{"model", "test-model"},
                   {"messages", json(R"([
                       {"role": "system", "content": "You answer Ada's questions about orders."},
                       {"role": "user", "content": "Where is order Ada-7, and {{unknown}}?"}])")},
                   {"tools", strictTools()},
                   {"temperature", 0.7},
                   {"max_completion_tokens", 4096},
                   {"top_p", 1}};
  EXPECT_EQ(first, expected) << first.dump(2);

  const Json &messages = requests[1]["messages"];
  ASSERT_EQ(messages.size(), 4u) << messages.dump(2);
  EXPECT_EQ(messages[3]["role"], "tool");
  EXPECT_EQ(messages[3]["name"], "orders_find");
  EXPECT_EQ(messages[3]["tool_call_id"], messages[2]["tool_calls"][0]["id"]);
}

// The same pack to the Messages API: max_tokens and temperature, no top_p, no strict schema,
// tool_choice {"type": "auto"}.
TEST_F(PromptKitRequestE2ETest, AnthropicGetsPromptKitsDefaultsWithoutTopP) {
  LlmServerProcess server(script());
  std::vector<std::string> a = args(server, {"--task", "plain", "--message", "Where is order 7?"}, "claude-test");
  a.insert(a.begin(), {"--provider", "anthropic"});
  ProcessResult r = run("promptkit-request", a);
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  std::vector<Json> requests = bodies(server);
  ASSERT_EQ(requests.size(), 2u);
  const Json &body = requests[0];
  EXPECT_EQ(body["max_tokens"], 4096);
  EXPECT_EQ(body["temperature"], 0.7);
  EXPECT_FALSE(body.contains("top_p")) << body.dump(2);
  EXPECT_FALSE(body.contains("max_completion_tokens"));
  EXPECT_EQ(body["tool_choice"], json(R"({"type": "auto"})"));
  ASSERT_EQ(body["tools"].size(), 2u);
  EXPECT_EQ(body["tools"][0]["name"], "kb_lookup");
  EXPECT_EQ(body["tools"][1]["input_schema"]["required"], json(R"(["order"])")) << "Claude's schemas are as written";
  EXPECT_FALSE(body["tools"][1].contains("strict"));
}

// The pack's parameters: max_tokens as max_completion_tokens, temperature 0 sent as 0 (PromptKit
// would send 0.7), top_p and top_k not sent (PromptKit reads neither; top_p is its default 1).
TEST_F(PromptKitRequestE2ETest, ThePacksParametersAsPromptKitReadsThem) {
  LlmServerProcess server(script());
  ProcessResult r = run("promptkit-request", args(server, {"--task", "tuned", "--message", "Hi"}));
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  std::vector<Json> requests = bodies(server);
  ASSERT_EQ(requests.size(), 1u);
  const Json &body = requests[0];
  EXPECT_EQ(body["max_completion_tokens"], 300);
  EXPECT_EQ(body["temperature"], 0);
  EXPECT_EQ(body["top_p"], 1);
  EXPECT_FALSE(body.contains("top_k"));
  EXPECT_FALSE(body.contains("max_tokens"));
  EXPECT_FALSE(body.contains("tools"));
}

// An o-series model takes neither a temperature nor a top_p.
TEST_F(PromptKitRequestE2ETest, OSeriesModelsGetNoSamplingParameters) {
  LlmServerProcess server(script());
  ProcessResult r = run("promptkit-request", args(server, {"--task", "tuned", "--message", "Hi"}, "o3-mini"));
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  std::vector<Json> requests = bodies(server);
  ASSERT_EQ(requests.size(), 1u);
  EXPECT_FALSE(requests[0].contains("temperature")) << requests[0].dump(2);
  EXPECT_FALSE(requests[0].contains("top_p"));
  EXPECT_EQ(requests[0]["max_completion_tokens"], 300);
}

// A validator of a type no runtime defines makes its prompt unusable, not the pack: its task exits
// 2 naming the validator, before anything is sent; the other tasks run.
TEST_F(PromptKitRequestE2ETest, AnUnknownValidatorTypeMakesOnlyItsTaskUnusable) {
  LlmServerProcess server(script());
  ProcessResult r = run("promptkit-request", args(server, {"--task", "guarded", "--message", "Hi"}));
  EXPECT_EQ(r.exitCode, 2) << r.describe();
  EXPECT_NE(r.err.find("task 'guarded' cannot be used: its prompt's validator 'house' has type 'house_policy', which "
                       "no runtime defines"),
            std::string::npos)
      << r.err;
  EXPECT_TRUE(server.requests().empty());
  ProcessResult ok = run("promptkit-request", args(server, {"--task", "tuned", "--message", "Hi"}));
  EXPECT_EQ(ok.exitCode, 0) << ok.describe() << "\n" << ok.err;
}

}  // namespace
}  // namespace wfc::test

// The Messages API client: the body it sends (system, content blocks, one user message per round
// of tool results, tools and tool_choice, structured output through the answer tool), the reply
// it reads, its headers, and the transport behaviour it shares with the OpenAI client (Endpoint):
// 529 retried, a 400 quoted, the key scrubbed.
#include "ProviderTestSupport.h"

#include "core/llm/AnthropicProvider.h"

namespace wfc::llm {
namespace {

using namespace provider_test;

std::string messageReply(const Json &content, const std::string &stopReason = "end_turn") {
  return Json{{"id", "msg_1"},          {"type", "message"},   {"role", "assistant"}, {"model", "claude-test"},
              {"content", content},      {"stop_reason", stopReason},
              {"usage", {{"input_tokens", 21}, {"output_tokens", 4}}}}
      .dump();
}

std::string textReply(const std::string &text) {
  return messageReply(Json::array({{{"type", "text"}, {"text", text}}}));
}

const Json kPersonSchema = Json::parse(R"({"type": "object", "properties": {"name": {"type": "string"}},
                                           "required": ["name"], "additionalProperties": false})");

std::optional<std::string> header(const TestServer::Seen &seen, const std::string &name) {
  auto it = seen.headers.find(name);  // httplib compares header names case-insensitively
  if (it == seen.headers.end()) return std::nullopt;
  return it->second;
}

// --- The request body ---------------------------------------------------------------------------

TEST(AnthropicBody, CarriesSystemContentBlocksToolResultsToolsChoiceAndParameters) {
  Request r;
  r.model = "claude-test";
  r.messages.push_back({Message::Role::System, "be brief", {}, ""});
  r.messages.push_back({Message::Role::User, "parse both", {}, ""});
  r.messages.push_back({Message::Role::Assistant, "",
                        {{"toolu_1", "doc_parse", R"({"path":"a.txt"})"}, {"toolu_2", "doc_parse", R"({"path":"b.txt"})"}},
                        ""});
  r.messages.push_back({Message::Role::Tool, R"({"pages":3})", {}, "toolu_1"});
  r.messages.push_back({Message::Role::Tool, R"({"error":"no such file"})", {}, "toolu_2"});
  r.messages.push_back({Message::Role::Assistant, "one more", {{"toolu_3", "kb_lookup", "{bad"}}, ""});
  r.messages.push_back({Message::Role::Tool, "plain text", {}, "toolu_3"});
  r.tools.push_back({"doc_parse", "Parses a document", Json{{"type", "object"}, {"required", {"path"}}}});
  r.tools.push_back({"kb_lookup", "", Json{{"type", "object"}}});
  r.toolChoice = "required";
  r.parameters = {{"temperature", 0.2}, {"max_tokens", 100},    {"model", "other"},     {"messages", Json::array()},
                  {"stream", true},     {"top_p", 0.9},         {"system", "not this"}, {"stop_sequences", {"END"}}};

  Json body = toAnthropicBody(r);
  std::vector<std::string> keys;
  for (const auto &[key, value] : body.items()) keys.push_back(key);
  EXPECT_EQ(keys, (std::vector<std::string>{"model", "max_tokens", "system", "messages", "tools", "tool_choice",
                                            "temperature", "top_p", "stop_sequences"}));
  EXPECT_EQ(body["model"], "claude-test");
  EXPECT_EQ(body["max_tokens"], 100);
  EXPECT_EQ(body["system"], "be brief");
  EXPECT_EQ(body["temperature"], 0.2);
  EXPECT_EQ(body["stop_sequences"], Json::array({"END"}));
  EXPECT_EQ(body["tool_choice"].dump(), R"({"type":"any"})");

  const Json &m = body["messages"];
  ASSERT_EQ(m.size(), 5u) << m.dump();
  EXPECT_EQ(m[0].dump(), R"({"role":"user","content":[{"type":"text","text":"parse both"}]})");
  // No text: no empty text block; the arguments are the input object.
  EXPECT_EQ(m[1].dump(), R"({"role":"assistant","content":[)"
                         R"({"type":"tool_use","id":"toolu_1","name":"doc_parse","input":{"path":"a.txt"}},)"
                         R"({"type":"tool_use","id":"toolu_2","name":"doc_parse","input":{"path":"b.txt"}}]})");
  // Both results of the round in one user message.
  EXPECT_EQ(m[2].dump(), R"({"role":"user","content":[)"
                         R"({"type":"tool_result","tool_use_id":"toolu_1","content":"{\"pages\":3}"},)"
                         R"({"type":"tool_result","tool_use_id":"toolu_2","content":"{\"error\":\"no such file\"}"}]})");
  // Text first, then the call; arguments that are not an object are sent as {}.
  EXPECT_EQ(m[3].dump(), R"({"role":"assistant","content":[{"type":"text","text":"one more"},)"
                         R"({"type":"tool_use","id":"toolu_3","name":"kb_lookup","input":{}}]})");
  EXPECT_EQ(m[4].dump(),
            R"({"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_3","content":"plain text"}]})");

  // No description: none sent.
  EXPECT_EQ(body["tools"].dump(),
            R"([{"name":"doc_parse","description":"Parses a document","input_schema":{"type":"object","required":["path"]}},)"
            R"({"name":"kb_lookup","input_schema":{"type":"object"}}])");
}

TEST(AnthropicBody, MaxTokensDefaultsAndToolChoicesMap) {
  Request r = userRequest("hi");
  r.model = "m";
  r.toolChoice = "auto";  // no tools: no tool_choice either
  Json plain = toAnthropicBody(r);
  EXPECT_EQ(plain["max_tokens"], kAnthropicDefaultMaxTokens);
  EXPECT_FALSE(plain.contains("system"));
  EXPECT_FALSE(plain.contains("tools"));
  EXPECT_FALSE(plain.contains("tool_choice"));

  r.tools.push_back({"search", "Searches", Json{{"type", "object"}}});
  auto choice = [&](const std::string &c) {
    r.toolChoice = c;
    Json body = toAnthropicBody(r);
    return body.contains("tool_choice") ? body["tool_choice"].dump() : "-";
  };
  EXPECT_EQ(choice(""), "-");
  EXPECT_EQ(choice("auto"), R"({"type":"auto"})");
  EXPECT_EQ(choice("required"), R"({"type":"any"})");
  EXPECT_EQ(choice("none"), R"({"type":"none"})");
  EXPECT_EQ(choice("search"), R"({"type":"tool","name":"search"})");
}

TEST(AnthropicBody, AStepWithoutInputSendsItsSystemTextAsTheUserMessage) {
  Request r;
  r.messages.push_back({Message::Role::System, "Write a haiku.", {}, ""});
  Json body = toAnthropicBody(r);
  EXPECT_FALSE(body.contains("system"));
  EXPECT_EQ(body["messages"].dump(), R"([{"role":"user","content":[{"type":"text","text":"Write a haiku."}]}])");
}

TEST(AnthropicBody, StructuredOutputIsAForcedAnswerTool) {
  Request r = userRequest("Ada, 36");
  r.structured = StructuredOutput{"extract", kPersonSchema, true};
  r.toolChoice = "auto";  // the forced choice wins
  Json body = toAnthropicBody(r);
  ASSERT_EQ(body["tools"].size(), 1u);
  EXPECT_EQ(body["tools"][0]["name"], "extract");
  EXPECT_TRUE(body["tools"][0]["description"].is_string());
  EXPECT_EQ(body["tools"][0]["input_schema"], kPersonSchema);
  EXPECT_EQ(body["tool_choice"].dump(), R"({"type":"tool","name":"extract"})");
}

TEST(AnthropicBody, ANonObjectSchemaIsWrappedWithItsDefinitionsAtTheRoot) {
  Request r = userRequest("classify");
  r.structured = StructuredOutput{
      "kind", Json::parse(R"({"$ref": "#/$defs/kind", "$defs": {"kind": {"enum": ["memo", "invoice"]}}})"), false};
  Json body = toAnthropicBody(r);
  EXPECT_EQ(body["tools"][0]["input_schema"], Json::parse(R"({"type": "object",
      "properties": {"value": {"$ref": "#/$defs/kind"}}, "required": ["value"], "additionalProperties": false,
      "$defs": {"kind": {"enum": ["memo", "invoice"]}}})"));
}

TEST(AnthropicBody, BesideToolsTheAnswerToolIsOfferedUnforcedUnderAFreeName) {
  Request r = userRequest("research");
  r.tools.push_back({"lookup", "Looks up", Json{{"type", "object"}}});
  r.tools.push_back({"answer", "Someone else's", Json{{"type", "object"}}});
  r.toolChoice = "auto";
  r.structured = StructuredOutput{"answer", kPersonSchema, false};
  Json body = toAnthropicBody(r);
  ASSERT_EQ(body["tools"].size(), 3u);
  EXPECT_EQ(body["tools"][2]["name"], "answer_answer");
  EXPECT_EQ(body["tools"][2]["input_schema"], kPersonSchema);
  EXPECT_EQ(body["tool_choice"].dump(), R"({"type":"auto"})");
}

// --- The reply ----------------------------------------------------------------------------------

TEST(AnthropicReply, ReadsTextToolUseStopReasonAndUsage) {
  Request r = userRequest("go");
  Reply reply = parseAnthropicReply(R"({"type": "message", "role": "assistant", "content": [
      {"type": "thinking", "thinking": "hmm", "signature": "x"},
      {"type": "text", "text": "let me "}, {"type": "text", "text": "look"},
      {"type": "tool_use", "id": "toolu_a", "name": "doc_parse", "input": {"path": "x", "n": [1, 2]}},
      {"type": "tool_use", "name": "kb_lookup"}],
    "stop_reason": "tool_use",
    "usage": {"input_tokens": 300, "cache_read_input_tokens": 20, "cache_creation_input_tokens": 1, "output_tokens": 45}})",
                                    r);
  EXPECT_EQ(reply.content, "let me look");
  EXPECT_EQ(reply.finishReason, "tool_use");
  ASSERT_EQ(reply.toolCalls.size(), 2u);
  EXPECT_EQ(reply.toolCalls[0].id, "toolu_a");
  EXPECT_EQ(reply.toolCalls[0].name, "doc_parse");
  EXPECT_EQ(reply.toolCalls[0].arguments, R"({"path":"x","n":[1,2]})");
  EXPECT_EQ(reply.toolCalls[1].id, "toolu_4");  // none sent: made from the block's index
  EXPECT_EQ(reply.toolCalls[1].arguments, "{}");
  EXPECT_EQ(reply.usage.promptTokens, 321u);
  EXPECT_EQ(reply.usage.completionTokens, 45u);
}

TEST(AnthropicReply, TheAnswerToolsInputIsTheContent) {
  Request forced = userRequest("Ada");
  forced.structured = StructuredOutput{"extract", kPersonSchema, true};
  Reply reply = parseAnthropicReply(
      messageReply(Json::parse(R"([{"type": "tool_use", "id": "toolu_1", "name": "extract", "input": {"name": "Ada"}}])"),
                   "tool_use"),
      forced);
  EXPECT_EQ(reply.content, R"({"name":"Ada"})");
  EXPECT_TRUE(reply.toolCalls.empty());
  EXPECT_EQ(reply.finishReason, "tool_use");
  EXPECT_EQ(reply.usage.promptTokens, 21u);

  // A wrapped schema: the `value`.
  Request wrapped = userRequest("classify");
  wrapped.structured = StructuredOutput{"kind", Json{{"enum", {"memo", "invoice"}}}, false};
  EXPECT_EQ(parseAnthropicReply(messageReply(Json::parse(
                                    R"([{"type": "tool_use", "id": "t", "name": "kind", "input": {"value": "memo"}}])")),
                                wrapped)
                .content,
            R"("memo")");

  // Beside other tools: the answer ends the loop, so calls beside it are dropped.
  Request agent = userRequest("research");
  agent.tools.push_back({"lookup", "", Json{{"type", "object"}}});
  agent.structured = StructuredOutput{"research", kPersonSchema, false};
  Reply final = parseAnthropicReply(messageReply(Json::parse(R"([{"type": "text", "text": "done"},
      {"type": "tool_use", "id": "t1", "name": "lookup", "input": {}},
      {"type": "tool_use", "id": "t2", "name": "research", "input": {"name": "Bo"}}])")),
                                    agent);
  EXPECT_EQ(final.content, R"({"name":"Bo"})");
  EXPECT_TRUE(final.toolCalls.empty());
  // Without it, the calls are calls and the text is the content.
  Reply calling = parseAnthropicReply(
      messageReply(Json::parse(R"([{"type": "text", "text": "looking"}, {"type": "tool_use", "id": "t1", "name": "lookup", "input": {"q": 1}}])")),
      agent);
  EXPECT_EQ(calling.content, "looking");
  ASSERT_EQ(calling.toolCalls.size(), 1u);
  EXPECT_EQ(calling.toolCalls[0].arguments, R"({"q":1})");
}

TEST(AnthropicReply, MalformedRepliesAreStepFailedNamingTheProblem) {
  auto message = [](const std::string &body) {
    Error e = errorOf([&] { parseAnthropicReply(body, userRequest("x")); });
    EXPECT_EQ(e.kind(), ErrorKind::StepFailed) << e.what();
    return std::string(e.what());
  };
  EXPECT_EQ(message(""), "the LLM reply is empty");
  EXPECT_NE(message(R"({"content": [)").find("is not valid JSON: parse error at line 1"), std::string::npos);
  EXPECT_EQ(message(R"({"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}})"),
            "the LLM reply is an error: overloaded_error: Overloaded");
  EXPECT_EQ(message(R"({"type": "message"})"), "the LLM reply has no content");
  EXPECT_EQ(message(R"({"content": "hi"})"), "the LLM reply has a content that is not an array");
  EXPECT_EQ(message(R"({"content": [7]})"), "the LLM reply has a content[0] that is not an object");
  EXPECT_EQ(message(R"({"content": [{"type": "text", "text": "a"}, {"type": "tool_use", "id": "t", "input": {}}]})"),
            "the LLM reply has no content[1].name");
}

// --- The provider -------------------------------------------------------------------------------

TEST(AnthropicProvider, PostsToMessagesWithTheKeyAndVersionHeadersAndReadsTheReply) {
  TestServer server([](const httplib::Request &, httplib::Response &response, size_t) {
    answer(response, 200,
           messageReply(Json::parse(R"([{"type": "text", "text": "done"},
               {"type": "tool_use", "id": "toolu_9", "name": "doc_parse", "input": {"p": 1}}])"),
                        "tool_use"));
  });
  AnthropicProvider provider(options(server));
  Request request = userRequest("summarize this");
  request.parameters = {{"temperature", 0}};
  Reply reply = complete(provider, request);

  EXPECT_EQ(reply.content, "done");
  ASSERT_EQ(reply.toolCalls.size(), 1u);
  EXPECT_EQ(reply.toolCalls[0].id, "toolu_9");
  EXPECT_EQ(reply.toolCalls[0].name, "doc_parse");
  EXPECT_EQ(reply.toolCalls[0].arguments, R"({"p":1})");
  EXPECT_EQ(reply.finishReason, "tool_use");
  EXPECT_EQ(reply.usage.promptTokens, 21u);
  EXPECT_EQ(reply.usage.completionTokens, 4u);

  auto seen = server.seen();
  ASSERT_EQ(seen.size(), 1u);
  EXPECT_EQ(seen[0].path, "/v1/messages");  // the base's trailing slash dropped
  EXPECT_EQ(header(seen[0], "x-api-key"), kKey);
  EXPECT_EQ(header(seen[0], "anthropic-version"), "2023-06-01");
  EXPECT_EQ(seen[0].authorization, std::nullopt);
  EXPECT_EQ(seen[0].contentType, "application/json");
  Json expected = toAnthropicBody(request);
  expected["model"] = "test-model";  // the request named none: the provider's
  EXPECT_EQ(Json::parse(seen[0].body), expected);
  EXPECT_EQ(provider.describe(), "anthropic test-model at " + server.url("/v1/"));
}

TEST(AnthropicProvider, NoKeyMeansNoKeyHeader) {
  TestServer server([](const httplib::Request &, httplib::Response &response, size_t) {
    answer(response, 200, textReply("ok"));
  });
  auto o = options(server);
  o.apiKey.reset();
  AnthropicProvider provider(o);
  Request request = userRequest("hi");
  request.model = "own-model";
  EXPECT_EQ(complete(provider, request).content, "ok");
  auto seen = server.seen();
  ASSERT_EQ(seen.size(), 1u);
  EXPECT_EQ(header(seen[0], "x-api-key"), std::nullopt);
  EXPECT_EQ(header(seen[0], "anthropic-version"), "2023-06-01");
  EXPECT_EQ(Json::parse(seen[0].body)["model"], "own-model");
}

TEST(AnthropicProvider, AStructuredRequestGetsTheAnswerToolsInputAsItsContent) {
  TestServer server([](const httplib::Request &request, httplib::Response &response, size_t) {
    Json body = Json::parse(request.body);
    std::string tool = body["tool_choice"]["name"];
    answer(response, 200,
           messageReply(Json::array({{{"type", "tool_use"}, {"id", "toolu_1"}, {"name", tool},
                                      {"input", {{"name", "Ada"}}}}}),
                        "tool_use"));
  });
  AnthropicProvider provider(options(server));
  Request request = userRequest("Ada, 36");
  request.structured = StructuredOutput{"extract", kPersonSchema, true};
  Reply reply = complete(provider, request);
  EXPECT_EQ(reply.content, R"({"name":"Ada"})");
  EXPECT_TRUE(reply.toolCalls.empty());
}

TEST(AnthropicProvider, RetriesA529Overloaded) {
  TestServer server([](const httplib::Request &, httplib::Response &response, size_t index) {
    if (index == 0) answer(response, 529, R"({"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}})");
    else answer(response, 200, textReply("second time"));
  });
  auto o = options(server);
  std::vector<std::string> reasons;
  o.onRetry = [&](const ExchangeKey &, unsigned, const std::string &reason, long) { reasons.push_back(reason); };
  AnthropicProvider provider(o);
  EXPECT_EQ(complete(provider, userRequest("hi")).content, "second time");
  EXPECT_EQ(server.seen().size(), 2u);
  EXPECT_EQ(reasons, (std::vector<std::string>{"HTTP 529"}));
}

TEST(AnthropicProvider, DoesNotRetryA400AndQuotesTheApisError) {
  const std::string body =
      R"({"type":"error","error":{"type":"invalid_request_error","message":"max_tokens: Field required"}})";
  TestServer server([&](const httplib::Request &, httplib::Response &response, size_t) { answer(response, 400, body); });
  AnthropicProvider provider(options(server));
  Error e = errorOf([&] { complete(provider, userRequest("hi")); });
  EXPECT_EQ(e.kind(), ErrorKind::StepFailed);
  EXPECT_EQ(std::string(e.what()), "the LLM endpoint answered HTTP 400 after 1 attempt: " + body);
  EXPECT_EQ(server.seen().size(), 1u);
}

TEST(AnthropicProvider, TheKeyNeverAppearsInAnErrorEvenWhenTheServerEchoesIt) {
  TestServer server([](const httplib::Request &request, httplib::Response &response, size_t) {
    answer(response, 401,
           R"({"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key )" +
               request.get_header_value("x-api-key") + "\"}}");
  });
  AnthropicProvider provider(options(server));
  Error e = errorOf([&] { complete(provider, userRequest("hi")); });
  std::string message = e.what();
  expectNoKey(message);
  EXPECT_NE(message.find("invalid x-api-key [redacted]"), std::string::npos) << message;
  expectNoKey(provider.describe());
}

}  // namespace
}  // namespace wfc::llm

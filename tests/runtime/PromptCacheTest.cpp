// Prompt caching on the wire (docs/cost.md "Prompt caching"): where the Messages API body carries
// its cache breakpoints for each shape of static prefix, the model's minimum, the agent's
// conversation breakpoint; OpenAI's prompt_cache_key and when it is sent; the usage each API
// reports for its cache, read back; the static prefix a compiled template gives; and the tools in
// one order, by name, whatever order they were offered in.
#include "ProviderTestSupport.h"

#include "core/llm/AnthropicProvider.h"
#include "core/llm/OpenAiProvider.h"
#include "core/llm/PromptRenderer.h"

namespace wfc::llm {
namespace {

using namespace provider_test;

const std::string kStatic(2000, 'S');  // above the 1024-token minimum even at a token per byte

Request cachedRequest(const std::string &system, size_t staticBytes, const std::string &model = "claude-sonnet-4-5") {
  Request r;
  r.model = model;
  r.messages.push_back({Message::Role::System, system, {}, ""});
  r.messages.push_back({Message::Role::User, "the document", {}, ""});
  r.cache = {true, staticBytes, false, "wfc-0123456789abcdef"};
  return r;
}

int breakpoints(const Json &body) {
  std::string text = body.dump();
  int n = 0;
  for (size_t at = text.find("cache_control"); at != std::string::npos; at = text.find("cache_control", at + 1)) ++n;
  return n;
}

TEST(AnthropicCacheBreakpoints, AWhollyStaticSystemTextIsOneBlockMarkedAtItsEnd) {
  Json body = toAnthropicBody(cachedRequest(kStatic, kStatic.size()));
  ASSERT_TRUE(body["system"].is_array()) << body.dump();
  ASSERT_EQ(body["system"].size(), 1u);
  EXPECT_EQ(body["system"][0]["text"], kStatic);
  EXPECT_EQ(body["system"][0]["cache_control"], Json({{"type", "ephemeral"}}));
  EXPECT_EQ(breakpoints(body), 1);
  // The user's message is not marked: a prompt step sends it once.
  EXPECT_FALSE(body["messages"][0]["content"][0].contains("cache_control"));
}

TEST(AnthropicCacheBreakpoints, TheStaticPartBeforeTheFirstVariableIsABlockOfItsOwn) {
  std::string system = kStatic + "Audience: engineers.";
  Json body = toAnthropicBody(cachedRequest(system, kStatic.size()));
  ASSERT_EQ(body["system"].size(), 2u) << body.dump();
  EXPECT_EQ(body["system"][0]["text"], kStatic);
  EXPECT_TRUE(body["system"][0].contains("cache_control"));
  EXPECT_EQ(body["system"][1], Json({{"type", "text"}, {"text", "Audience: engineers."}}));
  // The model reads the same text.
  EXPECT_EQ(body["system"][0]["text"].get<std::string>() + body["system"][1]["text"].get<std::string>(), system);
}

TEST(AnthropicCacheBreakpoints, ASplitNeverCutsACharacter) {
  std::string system = kStatic + "é and more";  // 'é' is two bytes
  Json body = toAnthropicBody(cachedRequest(system, kStatic.size() + 1));
  ASSERT_EQ(body["system"].size(), 2u);
  EXPECT_EQ(body["system"][0]["text"], kStatic);
  EXPECT_EQ(body["system"][1]["text"], "é and more");
}

TEST(AnthropicCacheBreakpoints, WithNoStaticSystemTextTheToolsAreThePrefix) {
  Request r = cachedRequest("Today is {{date}}", 0);
  r.messages[0].content = "Today is Monday";
  r.tools.push_back({"lookup", std::string(1500, 'd'), Json{{"type", "object"}}});
  r.tools.push_back({"fetch", "Fetches", Json{{"type", "object"}}});
  Json body = toAnthropicBody(r);
  EXPECT_EQ(body["system"], "Today is Monday");  // untouched
  EXPECT_FALSE(body["tools"][0].contains("cache_control"));
  EXPECT_EQ(body["tools"][1]["cache_control"], Json({{"type", "ephemeral"}}));
  EXPECT_EQ(breakpoints(body), 1);
}

TEST(AnthropicCacheBreakpoints, APrefixShorterThanTheModelsMinimumGetsNoneAndTheBodyIsUnchanged) {
  Request r = cachedRequest(std::string(1000, 's'), 1000);  // 1000 bytes: fewer than 1024 tokens
  Json body = toAnthropicBody(r);
  EXPECT_EQ(breakpoints(body), 0);
  EXPECT_EQ(body["system"], std::string(1000, 's'));
  // 2000 bytes reach Sonnet's 1024 but not Haiku 3.5's 2048, nor Haiku 4.5's or Opus 4.5's 4096.
  EXPECT_EQ(breakpoints(toAnthropicBody(cachedRequest(kStatic, kStatic.size(), "claude-sonnet-4-5"))), 1);
  EXPECT_EQ(breakpoints(toAnthropicBody(cachedRequest(kStatic, kStatic.size(), "claude-3-5-haiku-latest"))), 0);
  EXPECT_EQ(breakpoints(toAnthropicBody(cachedRequest(kStatic, kStatic.size(), "claude-haiku-4-5"))), 0);
  EXPECT_EQ(anthropicCacheMinimumTokens("claude-opus-4-5-20251101"), 4096u);
  EXPECT_EQ(anthropicCacheMinimumTokens("claude-opus-4-1"), 1024u);
  EXPECT_EQ(anthropicCacheMinimumTokens("a-gateway-alias"), 1024u);  // unknown: the smallest
}

TEST(AnthropicCacheBreakpoints, OffMeansTheBodyAsWithoutCaching) {
  Request r = cachedRequest(kStatic, kStatic.size());
  r.cache.enabled = false;
  Json body = toAnthropicBody(r);
  EXPECT_EQ(breakpoints(body), 0);
  EXPECT_EQ(body["system"], kStatic);
}

TEST(AnthropicCacheBreakpoints, AnAgentAlsoMarksTheEndOfItsConversationForTheNextRound) {
  Request r = cachedRequest(kStatic + "{{x}}", kStatic.size());
  r.cache.conversation = true;
  r.messages.push_back({Message::Role::Assistant, "", {{"toolu_1", "lookup", R"({"q":1})"}}, ""});
  r.messages.push_back({Message::Role::Tool, "result one", {}, "toolu_1"});
  r.tools.push_back({"lookup", "Looks up", Json{{"type", "object"}}});
  Json body = toAnthropicBody(r);
  EXPECT_EQ(breakpoints(body), 2);  // at most the API's four
  EXPECT_TRUE(body["system"][0].contains("cache_control"));
  const Json &last = body["messages"].back()["content"].back();
  EXPECT_EQ(last["type"], "tool_result");
  EXPECT_TRUE(last.contains("cache_control"));
  EXPECT_FALSE(body["tools"][0].contains("cache_control"));  // the system's breakpoint covers the tools
}

TEST(AnthropicCacheBreakpoints, AStepWithoutInputMarksItsInstructionsSentAsTheUserMessage) {
  Request r = cachedRequest(kStatic, kStatic.size());
  r.messages.pop_back();
  Json body = toAnthropicBody(r);
  EXPECT_FALSE(body.contains("system"));
  const Json &content = body["messages"][0]["content"];
  ASSERT_EQ(content.size(), 1u);
  EXPECT_EQ(content[0]["text"], kStatic);
  EXPECT_TRUE(content[0].contains("cache_control"));
}

TEST(AnthropicCacheUsage, ReadsAndWritesAreInputAndCountedApart) {
  Request r = cachedRequest(kStatic, kStatic.size());
  Json reply = {{"id", "msg_1"},
                {"type", "message"},
                {"role", "assistant"},
                {"content", Json::array({{{"type", "text"}, {"text", "ok"}}})},
                {"stop_reason", "end_turn"},
                {"usage",
                 {{"input_tokens", 30}, {"cache_creation_input_tokens", 500}, {"cache_read_input_tokens", 1500},
                  {"output_tokens", 4}}}};
  Reply read = parseAnthropicReply(reply.dump(), r);
  EXPECT_EQ(read.usage.promptTokens, 2030u);
  EXPECT_EQ(read.usage.cachedPromptTokens, 1500u);
  EXPECT_EQ(read.usage.cacheWritePromptTokens, 500u);
}

TEST(OpenAiPromptCacheKey, SentOnlyWhenTheEndpointTakesItAndTheStepCaches) {
  Request r = cachedRequest(kStatic, kStatic.size(), "gpt-4o-mini");
  EXPECT_FALSE(toOpenAiBody(r).contains("prompt_cache_key"));
  Json body = toOpenAiBody(r, true);
  EXPECT_EQ(body["prompt_cache_key"], "wfc-0123456789abcdef");
  // Static part first: the system message, then the input; nothing reordered or split.
  EXPECT_EQ(body["messages"][0]["content"], kStatic);
  r.cache.enabled = false;
  EXPECT_FALSE(toOpenAiBody(r, true).contains("prompt_cache_key"));

  EndpointOptions options;
  options.baseUrl = "http://127.0.0.1:8000/v1";
  EXPECT_TRUE(sendsPromptCacheKey(options));  // by default, to any server
  options.promptCacheKey = false;              // a binding's prompt_cache_key: false
  EXPECT_FALSE(sendsPromptCacheKey(options));
}

TEST(OpenAiPromptCacheKey, TheProviderSendsItAndReadsCachedTokens) {
  TestServer server([](const httplib::Request &, httplib::Response &response, size_t) {
    answer(response, 200,
           R"({"choices":[{"message":{"role":"assistant","content":"ok"},"finish_reason":"stop"}],)"
           R"("usage":{"prompt_tokens":2000,"completion_tokens":2,"prompt_tokens_details":{"cached_tokens":1792}}})");
  });
  EndpointOptions o = options(server);
  o.promptCacheKey = true;
  OpenAiProvider provider(o);
  Reply reply = complete(provider, cachedRequest(kStatic, kStatic.size(), "gpt-4o-mini"));
  EXPECT_EQ(reply.usage.cachedPromptTokens, 1792u);
  EXPECT_EQ(reply.usage.cacheWritePromptTokens, 0u);
  auto seen = server.seen();
  ASSERT_EQ(seen.size(), 1u);
  EXPECT_EQ(Json::parse(seen[0].body)["prompt_cache_key"], "wfc-0123456789abcdef");
}

TEST(ToolOrder, BothProvidersSendTheToolsByNameAndTheAnswerToolLast) {
  Request r = cachedRequest("s", 0);
  for (const char *name : {"zeta", "skill__activate", "alpha", "Beta"}) r.tools.push_back({name, "", Json{{"type", "object"}}});
  r.structured = StructuredOutput{"answer", Json{{"type", "object"}}, false};
  std::vector<std::string> openai, anthropic;
  const Json openaiBody = toOpenAiBody(r), anthropicBody = toAnthropicBody(r);
  for (const Json &tool : openaiBody["tools"]) openai.push_back(tool["function"]["name"]);
  for (const Json &tool : anthropicBody["tools"]) anthropic.push_back(tool["name"]);
  // Byte order, as PromptKit's sort.Slice on the names: upper case first.
  EXPECT_EQ(openai, (std::vector<std::string>{"Beta", "alpha", "skill__activate", "zeta"}));
  EXPECT_EQ(anthropic, (std::vector<std::string>{"Beta", "alpha", "skill__activate", "zeta", "answer"}));
}

TEST(PromptCachePlan, TheStaticSystemTextIsTheLiteralTextBeforeTheFirstLookup) {
  static const TemplatePart parts[] = {{TemplatePart::Text, "You review ", {}},
                                       {TemplatePart::Text, "contracts. ", {}},
                                       {TemplatePart::Variable, "audience", {}},
                                       {TemplatePart::Text, " after", {}}};
  PromptDecl prompt;
  prompt.systemTemplate = parts;
  PromptCache cache = promptCache("wfc-k", prompt, nullptr, false);
  EXPECT_TRUE(cache.enabled);
  EXPECT_EQ(cache.staticSystemBytes, std::string("You review contracts. ").size());
  EXPECT_EQ(cache.key, "wfc-k");
  EXPECT_FALSE(promptCache(nullptr, prompt, nullptr, false).enabled);  // wfc.prompt_cache: false

  // A model override's prefix comes first: its literal text counts, and a lookup in it ends the part.
  static const TemplatePart prefix[] = {{TemplatePart::Text, "[claude] ", {}}};
  static const TemplatePart lookupPrefix[] = {{TemplatePart::Variable, "who", {}}};
  ModelOverrideDecl override;
  override.prefix = prefix;
  EXPECT_EQ(promptCache("k", prompt, &override, false).staticSystemBytes, std::string("[claude] You review contracts. ").size());
  override.prefix = lookupPrefix;
  EXPECT_EQ(promptCache("k", prompt, &override, false).staticSystemBytes, 0u);
}

}  // namespace
}  // namespace wfc::llm

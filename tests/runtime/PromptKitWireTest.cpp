// A PromptPack prompt's request as PromptKit's providers build it (docs/promptkit.md "The
// request"): OpenAI's strict tool schemas (PromptKit's ensureStrictSchema), o-series models, and
// variables substituted into the user's message as PromptKit substitutes them.
#include "core/llm/PromptKitWire.h"
#include "core/llm/PromptRenderer.h"

#include <gtest/gtest.h>

namespace wfc {
namespace {

using llm::Json;

TEST(PromptKitWireTest, StrictSchemasCloseEveryObjectAndRequireEveryProperty) {
  Json schema = Json::parse(R"({"type": "object", "required": ["b"],
      "properties": {"b": {"type": "string"}, "a": {"type": "object"},
                     "list": {"type": "array", "items": {"type": "object", "properties": {"z": {}, "y": {}}}}}})");
  Json strict = llm::strictToolSchema(schema);
  EXPECT_EQ(strict.dump(),
            R"({"additionalProperties":false,"properties":{"a":{"additionalProperties":false,"properties":{},)"
            R"("required":[],"type":"object"},"b":{"type":"string"},"list":{"items":{"additionalProperties":false,)"
            R"("properties":{"y":{},"z":{}},"required":["y","z"],"type":"object"},"type":"array"}},)"
            R"("required":["a","b","list"],"type":"object"})");
  // A schema that is not an object type is left as it is (PromptKit still sends it strict).
  EXPECT_EQ(llm::strictToolSchema(Json::parse(R"({"type": "string"})")).dump(), R"({"type":"string"})");
  EXPECT_EQ(llm::strictToolSchema(Json()).dump(), "{}");
}

TEST(PromptKitWireTest, OSeriesIsAnOAndADigit) {
  for (const char *model : {"o1", "o3-mini", "o4-mini-2025-04-16"}) EXPECT_TRUE(llm::isOSeriesModel(model)) << model;
  for (const char *model : {"gpt-4o", "o", "omni", "", "gpt-5"}) EXPECT_FALSE(llm::isOSeriesModel(model)) << model;
}

TEST(PromptKitWireTest, BodiesAreRewrittenOnlyForPromptKitPrompts) {
  llm::Request request;
  request.model = "gpt-test";
  request.messages = {{llm::Message::Role::User, "hi", {}, {}}};
  request.parameters = Json::parse(R"({"max_tokens": 10, "temperature": 0})");
  Json body = Json::parse(R"({"model": "gpt-test", "messages": [], "max_tokens": 10, "temperature": 0,
                               "tools": [{"type": "function", "function": {"name": "t", "parameters": {}}}],
                               "tool_choice": "auto"})");
  llm::applyPromptKitOpenAi(body, request);
  EXPECT_EQ(body["max_completion_tokens"], 10);
  EXPECT_FALSE(body.contains("max_tokens"));
  EXPECT_EQ(body["temperature"], 0);
  EXPECT_EQ(body["top_p"], 1);
  EXPECT_FALSE(body.contains("tool_choice"));
  EXPECT_EQ(body["tools"][0]["function"]["strict"], true);
}

// A tool result is named after the call it answers, in the assistant message before it: ids a
// server leaves out are made up per reply, so "call_0" of round 2 is not round 1's.
TEST(PromptKitWireTest, ToolResultsAreNamedAfterTheCallTheyAnswer) {
  llm::Request request;
  request.model = "gpt-test";
  llm::Message first{llm::Message::Role::Assistant, "", {}, {}};
  first.toolCalls = {{"call_0", "kb_lookup", "{}"}};
  llm::Message second{llm::Message::Role::Assistant, "", {}, {}};
  second.toolCalls = {{"call_0", "orders_find", "{}"}};
  request.messages = {{llm::Message::Role::User, "hi", {}, {}}, first, {llm::Message::Role::Tool, "a", {}, "call_0"},
                      second, {llm::Message::Role::Tool, "b", {}, "call_0"}};
  Json body = Json::parse(R"({"messages": [{"role": "user", "content": "hi"}, {"role": "assistant"},
      {"role": "tool", "tool_call_id": "call_0", "content": "a"}, {"role": "assistant"},
      {"role": "tool", "tool_call_id": "call_0", "content": "b"}]})");
  llm::applyPromptKitOpenAi(body, request);
  EXPECT_EQ(body["messages"][2]["name"], "kb_lookup");
  EXPECT_EQ(body["messages"][4]["name"], "orders_find");
  EXPECT_EQ(body["messages"][2].dump(), R"({"role":"tool","tool_call_id":"call_0","name":"kb_lookup","content":"a"})");
}

const VariableDecl kVariables[] = {{.name = "customer", .required = true, .defaultValue = "\"Ada\""},
                                   {.name = "count", .defaultValue = "3"}};
const PromptDecl kPrompt = {.key = "desk", .location = "pack.yaml:3", .variables = kVariables};

TEST(PromptKitWireTest, MessagesTakeTheVariablesTheyNameExactly) {
  Value vars = Value::parse(R"({"order": "A-7", "obj": {"k": 1}})");
  auto sub = [&](const std::string &m) { return llm::substituteMessageVariables(kPrompt, m, vars); };
  EXPECT_EQ(sub("Order {{order}} for {{customer}}, {{count}} items"), "Order A-7 for Ada, 3 items");
  EXPECT_EQ(sub("{{obj}}"), R"({"k":1})");
  // Not a variable with a value, or not PromptKit's exact form: left as written.
  EXPECT_EQ(sub("{{missing}} {{ order }} {{order"), "{{missing}} {{ order }} {{order");
  EXPECT_EQ(sub("{{{order}}}"), "{A-7}");
  EXPECT_EQ(sub("no braces"), "no braces");
}

}  // namespace
}  // namespace wfc

// LLM steps end to end (docs/llm.md "Prompt steps", "Agent step", "Retries and side effects"; docs/executable.md LLM,
// --record/--replay, exit codes): the packs/llm-*.yaml packs are compiled at build time
// (tests/e2e/CMakeLists.txt) and run as black boxes against the scripted test LLM server
// (docs/test-llm-server.md), checking exit codes, stdout, stderr, traces, reports, recordings and
// the requests the server received.
#include "LlmPackTest.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>

namespace wfc::test {
namespace {

// The text of a request's message, or "" (null content).
std::string text(const Json &message) {
  return message.contains("content") && message["content"].is_string() ? message["content"].get<std::string>() : "";
}

// The request whose first user message is exactly `user` (or, with "", the one without a user
// message); null when there is none.
Json requestWithUser(const std::vector<Json> &requests, const std::string &user) {
  for (const Json &r : requests) {
    std::string first;
    bool has = false;
    for (const Json &m : r["body"]["messages"])
      if (m["role"] == "user") {
        first = text(m), has = true;
        break;
      }
    if (user.empty() ? !has : (has && first == user)) return r;
  }
  return nullptr;
}

class LlmE2ETest : public LlmPackTest {
 protected:
  // The flags that point a run at `server` with a model.
  static std::vector<std::string> llm(const LlmServerProcess &server, std::vector<std::string> more = {}) {
    std::vector<std::string> args = {"--llm-base-url", server.baseUrl(), "--model", "test-model"};
    args.insert(args.end(), more.begin(), more.end());
    return args;
  }
};

// ---- prompt steps: templates, inputs, structured output

// 1. The system message is the rendered system_template (defaults, dot and index paths); a string
// input is the user message as is; no input: no user message.
TEST_F(LlmE2ETest, SystemTemplateIsRenderedAndAStringInputIsTheUserMessage) {
  LlmServerProcess server(templateScript());
  ProcessResult r = run("llm-template", llm(server, {"--input-json", kTemplateInput}));
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  EXPECT_EQ(json(r.out), "Hi, world!") << "the output is step greet's reply text, a string";
  std::vector<Json> requests = server.requests();
  ASSERT_EQ(requests.size(), 3u);

  Json greet = requestWithUser(requests, "Please say hello.");
  ASSERT_FALSE(greet.is_null()) << "no request with the string input as its user message";
  EXPECT_EQ(greet["path"], "/v1/chat/completions");
  EXPECT_EQ(greet["body"]["model"], "test-model");
  EXPECT_EQ(greet["body"]["messages"], json(R"([
      {"role": "system", "content": "Greet world in a friendly tone; first tag: brief. Count: 3."},
      {"role": "user", "content": "Please say hello."}])"));
  // The prompt's parameters travel with the request, as PromptKit sends them (docs/promptkit.md
  // "The request"); no tools, no response_format.
  EXPECT_EQ(greet["body"].value("temperature", -1.0), 0.5);
  EXPECT_EQ(greet["body"].value("max_completion_tokens", -1), 50);
  EXPECT_EQ(greet["body"].value("top_p", -1.0), 1.0);
  EXPECT_FALSE(greet["body"].contains("tools"));
  EXPECT_TRUE(!greet["body"].contains("response_format") || greet["body"]["response_format"].is_null());

  Json plain = requestWithUser(requests, "");
  ASSERT_FALSE(plain.is_null()) << "step plain (no input) sent a user message";
  EXPECT_EQ(plain["body"]["messages"], json(R"([
      {"role": "system", "content": "Greet world in a friendly tone; first tag: brief. Count: 3."}])"));
}

// A prompt step of a run whose model a model_overrides entry names (docs/promptkit.md "Model
// overrides"): its prefix and suffix render with the same variables; its parameters merge.
TEST_F(LlmE2ETest, ModelOverrideOfTheRunsModelWrapsTheTemplateAndMergesParameters) {
  LlmServerProcess server(templateScript());
  ProcessResult r = run("llm-template", {"--llm-base-url", server.baseUrl(), "--model", "tuned-model", "--input-json",
                                         kTemplateInput});
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  Json greet = requestWithUser(server.requests(), "Please say hello.");
  ASSERT_FALSE(greet.is_null());
  EXPECT_EQ(greet["body"]["messages"][0]["content"],
            "(world) Greet world in a friendly tone; first tag: brief. Count: 3. Be brief.");
  EXPECT_EQ(greet["body"].value("temperature", -1.0), 0.0);
  EXPECT_EQ(greet["body"].value("max_completion_tokens", -1), 50) << "the prompt's own parameters stay";
}

// ---- provider keys (RFC 0012, 0017; docs/bindings.md "Providers")

class ProviderE2ETest : public LlmE2ETest {
 protected:
  static Json answers(const std::string &who) { return Json{{"replies", {{{"reply", {{"content", who}}}}}}}; }
  static std::string bind(const LlmServerProcess &drafter, const std::string &key = "drafter") {
    return bindings("providers-" + key, "providers:\n  " + key + ": {provider: openai, model: small-model, base_url: '" +
                                            drafter.baseUrl() + "'}\n");
  }
  static std::string system(const Json &request) { return request["body"]["messages"][0]["content"]; }
};

// A call on a bound key goes to its provider with its model (and that model's override); the
// default key's calls, and a step that names 'default' over its prompt's key, go to the run's.
TEST_F(ProviderE2ETest, EachKeysCallsGoToTheProviderBoundToIt) {
  LlmServerProcess main(answers("from main")), drafter(answers("from drafter"));
  std::string trace = path("providers.trace"), recording = path("providers.jsonl");
  ProcessResult r = run("llm-providers", llm(main, {"--bindings", bind(drafter), "--input-json", R"({"text": "hi"})",
                                                    "--trace", trace, "--record", recording}));
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  EXPECT_EQ(json(r.out), "from main");
  EXPECT_EQ(r.err.find("warning"), std::string::npos) << r.err;
  std::vector<Json> cheap = drafter.requests(), primary = main.requests();
  ASSERT_EQ(cheap.size(), 1u);
  EXPECT_EQ(cheap[0]["body"]["model"], "small-model");
  EXPECT_EQ(system(cheap[0]), "Draft a reply. Keep it short.") << "the bound model's override applies";
  ASSERT_EQ(primary.size(), 2u);
  for (const Json &request : primary) EXPECT_EQ(request["body"]["model"], "test-model");
  EXPECT_EQ(system(primary[0]), "Review the draft.");
  EXPECT_EQ(system(primary[1]), "Draft a reply.") << "step final runs prompt draft on the default provider";

  std::map<std::string, Json> calls;
  for (const Json &e : events(jsonLines(trace), "llm_call")) calls[e["step"]] = e;
  EXPECT_EQ(calls["first"]["provider"], "drafter");
  EXPECT_EQ(calls["first"]["model"], "small-model");
  EXPECT_FALSE(calls["check"].contains("provider"));

  // The recording names each key's model, so a replay asks as the recorded run asked.
  EXPECT_EQ(jsonLines(recording)[0]["providers"], (Json{{"drafter", "small-model"}}));
  ProcessResult replay = run("llm-providers", {"--replay", recording, "--input-json", R"({"text": "hi"})"});
  ASSERT_EQ(replay.exitCode, 0) << replay.err;
  EXPECT_EQ(json(replay.out), "from main");
  EXPECT_EQ(drafter.requests().size(), 1u);
  EXPECT_EQ(main.requests().size(), 2u);
}

// A key a call names and nothing binds runs on the default provider, with a warning at start.
TEST_F(ProviderE2ETest, AnUnboundKeyRunsOnTheDefaultProviderWithAWarning) {
  LlmServerProcess main(answers("from main"));
  ProcessResult r = run("llm-providers", llm(main, {"--input-json", R"({"text": "hi"})"}));
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  EXPECT_NE(r.err.find("warning: provider 'drafter' (requires.providers) is bound to nothing: its calls run on the "
                       "default provider (openai test-model at " + main.baseUrl()),
            std::string::npos)
      << r.err;
  ASSERT_EQ(main.requests().size(), 3u);
  EXPECT_EQ(main.requests()[0]["body"]["model"], "test-model");
}

// A binding for a key the pack does not require is a usage error naming it, before any call.
TEST_F(ProviderE2ETest, BindingAKeyThePackDoesNotRequireIsExitTwo) {
  LlmServerProcess main(answers("from main")), drafter(answers("from drafter"));
  ProcessResult r = run("llm-providers", llm(main, {"--bindings", bind(drafter, "drafer"), "--input-json",
                                                    R"({"text": "hi"})"}));
  EXPECT_EQ(r.exitCode, 2) << r.describe();
  EXPECT_NE(r.err.find(":2:3: provider 'drafer' is not one pack 'e2e-llm-providers' requires; did you mean 'drafter'?"),
            std::string::npos)
      << r.err;
  EXPECT_TRUE(main.requests().empty());
  EXPECT_TRUE(drafter.requests().empty());
}

// A binding of 'default' supplies the run's provider when no flag or environment does.
TEST_F(ProviderE2ETest, TheDefaultKeysBindingIsOverriddenByFlags) {
  LlmServerProcess main(answers("from main")), other(answers("from other"));
  std::string file = bindings("providers-default", "providers:\n  default: {provider: openai, model: bound-model, base_url: '" +
                                                       other.baseUrl() + "'}\n  drafter: {provider: openai, model: small-model, base_url: '" +
                                                       other.baseUrl() + "'}\n");
  ProcessResult bound = run("llm-providers", {"--bindings", file, "--input-json", R"({"text": "hi"})"});
  ASSERT_EQ(bound.exitCode, 0) << bound.err;
  ASSERT_EQ(other.requests().size(), 3u);
  EXPECT_EQ(other.requests()[1]["body"]["model"], "bound-model");
  ProcessResult flagged = run("llm-providers", llm(main, {"--bindings", file, "--input-json", R"({"text": "hi"})"}));
  ASSERT_EQ(flagged.exitCode, 0) << flagged.err;
  EXPECT_EQ(main.requests().size(), 2u) << "--llm-base-url and --model override the default binding";
  EXPECT_EQ(main.requests()[0]["body"]["model"], "test-model");
  EXPECT_EQ(other.requests().size(), 4u) << "drafter stays bound";
}

// 2. An object input binds its keys as template variables and is the user message as compact JSON.
TEST_F(LlmE2ETest, ObjectInputBindsVariablesAndIsSentAsCompactJson) {
  LlmServerProcess server(templateScript());
  ProcessResult r = run("llm-template", llm(server, {"--input-json", kTemplateInput}));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const std::string compact =
      R"({"audience":"devs","style":{"tone":"dry","tags":["terse","x"]},"count":7,"extra":"kept"})";
  Json object = requestWithUser(server.requests(), compact);
  ASSERT_FALSE(object.is_null()) << "no request has the object input, compact and in order, as its user message";
  ASSERT_EQ(object["body"]["messages"].size(), 2u);
  EXPECT_EQ(object["body"]["messages"][0],
            json(R"({"role": "system", "content": "Greet devs in a dry tone; first tag: terse. Count: 7."})"));
}

// 3. output_schema: response_format json_schema named after the step, strict only in the strict
// subset; the output is the parsed reply.
TEST_F(LlmE2ETest, StructuredOutputIsRequestedStrictOnlyInTheStrictSubset) {
  {
    LlmServerProcess server({{"replies", {{{"reply", {{"content_json", json(kStrictPerson)}}}}}}});
    ProcessResult r = run("llm-structured", llm(server, {"--input-json", R"({"which": "strict", "text": "Ada, 36"})"}));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(json(r.out), json(kStrictPerson));
    std::vector<Json> requests = server.requests();
    ASSERT_EQ(requests.size(), 1u);
    EXPECT_EQ(requests[0]["body"]["response_format"],
              (Json{{"type", "json_schema"},
                    {"json_schema",
                     {{"name", "strict_person"}, {"schema", schemaFile("llm-person-strict.json")}, {"strict", true}}}}));
    EXPECT_EQ(requests[0]["body"]["messages"][1], json(R"({"role": "user", "content": "Ada, 36"})"));
  }
  {
    // minLength and an optional property: outside the strict subset.
    LlmServerProcess server({{"replies", {{{"reply", {{"content_json", {{"name", "Ada"}}}}}}}}});
    ProcessResult r = run("llm-structured", llm(server, {"--input-json", R"({"which": "loose", "text": "Ada"})"}));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(json(r.out), json(R"({"name": "Ada"})"));
    std::vector<Json> requests = server.requests();
    ASSERT_EQ(requests.size(), 1u);
    EXPECT_EQ(requests[0]["body"]["response_format"],
              (Json{{"type", "json_schema"},
                    {"json_schema",
                     {{"name", "loose_person"}, {"schema", schemaFile("llm-person-loose.json")}, {"strict", false}}}}));
  }
  {
    // Not strict, so the runtime validates what the provider did not guarantee.
    LlmServerProcess server({{"replies", {{{"reply", {{"content_json", {{"name", "A"}}}}}}}}});
    ProcessResult r = run("llm-structured", llm(server, {"--input-json", R"({"which": "loose", "text": "A"})"}));
    EXPECT_EQ(r.exitCode, 1) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find("step 'loose_person' failed"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("does not match the step's output_schema"), std::string::npos) << r.err;
  }
}

// 4. A reply that fails to parse or validate is a failed attempt: retried per retry.max_attempts,
// else exit 1 saying why.
TEST_F(LlmE2ETest, BadStructuredReplyIsRetriedThenAcceptedElseExitOne) {
  const Json script = {{"replies",
                        {{{"times", 1}, {"reply", {{"content", "{\"name\": \"Ada\", "}}}},
                         {{"reply", {{"content_json", json(kStrictPerson)}}}}}}};
  {
    LlmServerProcess server(script);
    std::string report = path("retried-report.json");
    ProcessResult r = run("llm-structured", llm(server, {"--report", report, "--input-json",
                                                         R"({"which": "retried", "text": "Ada"})"}));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(json(r.out), json(kStrictPerson));
    std::vector<Json> requests = server.requests();
    ASSERT_EQ(requests.size(), 2u);
    EXPECT_EQ(requests[1]["body"]["messages"], requests[0]["body"]["messages"]) << "the retry resends the request";
    bool found = false;
    Json rep = json(readText(report));  // (a range-for over a temporary's member would dangle)
    for (const Json &s : rep["steps"])
      if (s["step"] == "retried_person") {
        found = true;
        EXPECT_EQ(s["attempts"], 2);
      }
    EXPECT_TRUE(found);
  }
  {
    LlmServerProcess server(script);
    ProcessResult r = run("llm-structured", llm(server, {"--input-json", R"({"which": "unretried", "text": "Ada"})"}));
    EXPECT_EQ(r.exitCode, 1) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(server.requests().size(), 1u);
    EXPECT_NE(r.err.find("step 'unretried_person' failed"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("is not valid JSON"), std::string::npos) << r.err;
  }
  {
    // Valid JSON that violates the schema: the same, naming the place.
    LlmServerProcess server({{"replies", {{{"reply", {{"content_json", {{"name", "Ada"}, {"age", "old"}, {"tags", Json::array()}}}}}}}}});
    ProcessResult r = run("llm-structured", llm(server, {"--input-json", R"({"which": "unretried", "text": "Ada"})"}));
    EXPECT_EQ(r.exitCode, 1) << r.err;
    EXPECT_NE(r.err.find("does not match the step's output_schema"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("/age"), std::string::npos) << r.err;
  }
}

// ---- agent steps

// 5. Tools offered as functions ('.' → '_'), a read tool run as a real process and its result
// fed back as a role:tool message, then the tool_called call ends the loop with its arguments
// (and the ending tool runs, being bound).
TEST_F(LlmE2ETest, AgentRunsToolsAndEndsWhenTheToolCalledToolIsCalled) {
  LlmServerProcess server(researchScript());
  fs::path submitted = dir_ / "submitted.json";
  std::string b = bindings("agent-tools", "tools:\n" + kbLookup() +
                                              "  report.submit: {exec: {argv: [sh, -c, 'tee \"$0\"', " +
                                              submitted.string() + "]}}\n");
  ProcessResult r = run("llm-agent", llm(server, {"--bindings", b, "--input-json", R"({"mode": "research", "topic": "wfc"})"}));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(json(r.out), json(kReport));
  ASSERT_TRUE(fs::exists(submitted)) << "the bound tool_called tool did not run";
  EXPECT_EQ(json(readText(submitted)), json(kReport));

  std::vector<Json> requests = server.requests();
  ASSERT_EQ(requests.size(), 2u);
  const Json &first = requests[0]["body"];
  EXPECT_EQ(chatToolNames(first), (std::vector<std::string>{"kb_lookup", "report_submit"}));
  ASSERT_EQ(first["tools"].size(), 2u);
  EXPECT_EQ(first["tools"][0]["type"], "function");
  EXPECT_EQ(first["tools"][0]["function"]["description"], "Looks a term up in the knowledge base.");
  EXPECT_EQ(first["tools"][0]["function"]["parameters"], json(R"({"type": "object",
      "properties": {"term": {"type": "string", "description": "The term to look up."}},
      "required": ["term"], "additionalProperties": false})"));
  EXPECT_EQ(first["messages"], json(R"([
      {"role": "system", "content": "Research wfc with kb.lookup, then call report.submit."},
      {"role": "user", "content": "{\"topic\":\"wfc\"}"}])"));
  // tool_called with an output_schema: the schema checks the arguments; no response_format.
  EXPECT_TRUE(!first.contains("response_format") || first["response_format"].is_null());

  const Json &second = requests[1]["body"];
  ASSERT_EQ(second["messages"].size(), 4u) << second.dump();
  EXPECT_EQ(second["messages"][0], first["messages"][0]);
  EXPECT_EQ(second["messages"][1], first["messages"][1]);
  const Json &assistant = second["messages"][2];
  EXPECT_EQ(assistant["role"], "assistant");
  EXPECT_TRUE(assistant["content"].is_null());
  ASSERT_EQ(assistant["tool_calls"].size(), 1u);
  EXPECT_EQ(assistant["tool_calls"][0]["id"], "call_1_0");
  EXPECT_EQ(assistant["tool_calls"][0]["function"]["name"], "kb_lookup");
  EXPECT_EQ(json(assistant["tool_calls"][0]["function"]["arguments"].get<std::string>()), json(R"({"term": "wfc"})"));
  const Json &tool = second["messages"][3];
  EXPECT_EQ(tool["role"], "tool");
  EXPECT_EQ(tool["tool_call_id"], "call_1_0");
  EXPECT_EQ(json(text(tool)), json(R"({"term": "wfc", "definition": "a workflow compiler"})"));
  EXPECT_EQ(chatToolNames(second), chatToolNames(first)) << "every round offers the same tools";
}

// The tool_called call's arguments are the output, so they are checked against the step's
// output_schema: a call that does not fit fails the step.
TEST_F(LlmE2ETest, ToolCalledArgumentsAreValidatedAgainstTheOutputSchema) {
  LlmServerProcess server(json(R"({"replies": [
    {"reply": {"tool_calls": [{"name": "report_submit", "arguments": {"answer": 42, "sources": []}}]}}
  ]})"));
  ProcessResult r = run("llm-agent", llm(server, {"--input-json", R"({"mode": "research", "topic": "wfc"})"}));
  EXPECT_EQ(r.exitCode, 1) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(server.requests().size(), 1u);
  EXPECT_NE(r.err.find("step 'research' failed"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("do not match the step's output_schema"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("/answer"), std::string::npos) << r.err;
}

// 6. A reply without tool calls ends the loop: its content is the output (a string, or parsed
// and validated with an output_schema, which is then asked for as response_format).
TEST_F(LlmE2ETest, AgentEndsWithAReplyWithoutToolCalls) {
  std::string b = bindings("agent-chat", "tools:\n" + kbLookup());
  {
    LlmServerProcess server(json(R"({"replies": [
      {"match": {"rounds": 0}, "reply": {"tool_calls": [{"name": "kb_lookup", "arguments": {"term": "ABI"}}]}},
      {"match": {"rounds": 1, "tool_results": 1}, "reply": {"content": "An ABI is a binary interface."}}
    ]})"));
    ProcessResult r = run("llm-agent", llm(server, {"--bindings", b, "--input-json", R"({"mode": "chat", "topic": "What is an ABI?"})"}));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(json(r.out), "An ABI is a binary interface.");
    std::vector<Json> requests = server.requests();
    ASSERT_EQ(requests.size(), 2u);
    EXPECT_EQ(chatToolNames(requests[0]["body"]), (std::vector<std::string>{"kb_lookup"}))
        << "only the step's tools are offered";
    EXPECT_EQ(requests[0]["body"]["messages"][1], json(R"({"role": "user", "content": "What is an ABI?"})"));
  }
  {
    LlmServerProcess server(json(R"({"replies": [
      {"match": {"rounds": 0}, "reply": {"content_json": {"answer": "42", "confidence": 0.9}}}
    ]})"));
    ProcessResult r = run("llm-agent", llm(server, {"--bindings", b, "--input-json", R"({"mode": "chat_json", "topic": "Why?"})"}));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(json(r.out), json(R"({"answer": "42", "confidence": 0.9})"));
    std::vector<Json> requests = server.requests();
    ASSERT_EQ(requests.size(), 1u);
    EXPECT_EQ(requests[0]["body"]["response_format"]["json_schema"]["name"], "chat_json");
    EXPECT_EQ(requests[0]["body"]["response_format"]["json_schema"]["schema"], schemaFile("llm-answer.json"));
    EXPECT_EQ(requests[0]["body"]["response_format"]["json_schema"]["strict"], true);
    EXPECT_EQ(chatToolNames(requests[0]["body"]), (std::vector<std::string>{"kb_lookup"}));
  }
}

// 7. max_steps bounds the rounds: a model that never stops calling tools is exit 3 after exactly
// max_steps requests.
TEST_F(LlmE2ETest, ExhaustingMaxStepsIsExitThree) {
  LlmServerProcess server(json(R"({"replies": [
    {"reply": {"tool_calls": [{"name": "kb_lookup", "arguments": {"term": "again"}}]}}
  ]})"));
  std::string b = bindings("agent-loop", "tools:\n" + kbLookup());
  ProcessResult r = run("llm-agent", llm(server, {"--bindings", b, "--input-json", R"({"mode": "research", "topic": "loops"})"}));
  EXPECT_EQ(r.exitCode, 3) << r.describe() << "\n" << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(server.requests().size(), 3u) << "max_steps: 3";
  EXPECT_NE(r.err.find("step 'research' failed"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("max_steps (3 rounds)"), std::string::npos) << r.err;
}

// 8. A failing tool does not fail the step: its error goes back as the tool result,
// {"error": "..."}, and so does a call of a tool that is not offered.
TEST_F(LlmE2ETest, ToolErrorsAreFedBackToTheModel) {
  LlmServerProcess server(json(R"({"replies": [
    {"match": {"rounds": 0}, "reply": {"tool_calls": [{"name": "kb_lookup", "arguments": {"term": "wfc"}},
                                                      {"name": "web_search", "arguments": {"q": "wfc"}}]}},
    {"match": {"rounds": 1, "tool_results": 2}, "reply": {"tool_calls": [{"name": "report_submit", "arguments": {"answer": "wfc compiles workflows", "sources": ["kb:wfc"]}}]}}
  ]})"));
  std::string b = bindings("agent-broken", "tools:\n  kb.lookup: {exec: {argv: [sh, -c, 'cat >/dev/null; echo kb is down >&2; exit 4']}}\n");
  std::string trace = path("broken-trace.jsonl");
  ProcessResult r = run("llm-agent", llm(server, {"--bindings", b, "--trace", trace, "--input-json",
                                                  R"({"mode": "research", "topic": "wfc"})"}));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(json(r.out), json(kReport));
  std::vector<Json> requests = server.requests();
  ASSERT_EQ(requests.size(), 2u);
  const Json &messages = requests[1]["body"]["messages"];
  ASSERT_EQ(messages.size(), 5u) << messages.dump();
  EXPECT_EQ(messages[3]["role"], "tool");
  EXPECT_EQ(messages[3]["tool_call_id"], "call_1_0");
  Json kb = json(text(messages[3]));
  ASSERT_TRUE(kb.is_object() && kb.contains("error") && kb["error"].is_string()) << text(messages[3]);
  EXPECT_NE(kb["error"].get<std::string>().find("exited with status 4"), std::string::npos) << kb.dump();
  EXPECT_NE(kb["error"].get<std::string>().find("kb is down"), std::string::npos) << kb.dump();
  EXPECT_EQ(messages[4]["tool_call_id"], "call_1_1");
  Json unknown = json(text(messages[4]));
  ASSERT_TRUE(unknown.is_object() && unknown.contains("error")) << text(messages[4]);
  EXPECT_NE(unknown["error"].get<std::string>().find("web_search"), std::string::npos) << unknown.dump();
  // The trace says what the model was told: the call it asked for was refused, not run
  // (docs/executable.md "--trace").
  std::vector<Json> rejected;
  std::ifstream lines(trace);
  for (std::string line; std::getline(lines, line);)
    if (Json e = json(line); e["event"] == "tool_call_rejected") rejected.push_back(e);
  ASSERT_EQ(rejected.size(), 1u);
  EXPECT_EQ(rejected[0]["tool"], "web_search");
  EXPECT_EQ(rejected[0]["tool_call_id"], "call_1_1");
  EXPECT_EQ(rejected[0]["round"], 1);
  EXPECT_EQ(rejected[0]["reason"], "no tool named 'web_search' is offered");
  EXPECT_TRUE(rejected[0]["parent_span_id"].is_string()) << rejected[0];
}

// docs/semantics.md: one round's tool calls run concurrently when all are none/read.
TEST_F(LlmE2ETest, ReadToolCallsOfOneRoundRunConcurrently) {
  LlmServerProcess server(json(R"({"replies": [
    {"match": {"rounds": 0}, "reply": {"tool_calls": [{"name": "kb_lookup", "arguments": {"term": "a"}},
                                                      {"name": "kb_lookup", "arguments": {"term": "b"}},
                                                      {"name": "kb_lookup", "arguments": {"term": "c"}}]}},
    {"match": {"rounds": 1, "tool_results": 3}, "reply": {"tool_calls": [{"name": "report_submit", "arguments": {"answer": "wfc compiles workflows", "sources": ["kb:wfc"]}}]}}
  ]})"));
  std::string b = bindings("agent-slow", "tools:\n  kb.lookup: {exec: {argv: [sh, -c, 'cat; sleep 0.6']}}\n");
  ProcessResult r = run("llm-agent", llm(server, {"--bindings", b, "--input-json", R"({"mode": "research", "topic": "wfc"})"}));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  std::vector<Json> requests = server.requests();
  ASSERT_EQ(requests.size(), 2u);
  // The results keep the calls' order whatever order they finish in.
  const Json &messages = requests[1]["body"]["messages"];
  ASSERT_EQ(messages.size(), 6u);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(messages[3 + i]["tool_call_id"], "call_1_" + std::to_string(i));
    EXPECT_EQ(json(text(messages[3 + i]))["term"], std::string(1, char('a' + i)));
  }
  // Three 0.6 s tools one after another take 1.8 s; at once, about 0.6 s.
  double gap = requests[1]["arrived_ms"].get<double>() - requests[0]["answered_ms"].get<double>();
  EXPECT_LT(gap, 1400) << "the round's read tool calls ran one after another";
}

// ---- record and replay

// 9. --record then --replay (no model, no server): the same output, prompt and agent packs alike.
TEST_F(LlmE2ETest, RecordThenReplayGivesTheSameOutputOffline) {
  std::string b = bindings("agent-record", "tools:\n" + kbLookup());
  const std::string input = R"({"mode": "research", "topic": "wfc"})";
  std::string recording = path("research.jsonl");
  std::string recorded;
  {
    LlmServerProcess server(researchScript());
    ProcessResult r = run("llm-agent", llm(server, {"--bindings", b, "--record", recording, "--input-json", input}));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    recorded = r.out;
    EXPECT_EQ(json(recorded), json(kReport));
    server.stop();
    EXPECT_FALSE(server.running());
  }
  std::vector<Json> lines = jsonLines(recording);
  ASSERT_EQ(lines.size(), 3u) << "a header and one line per exchange";
  EXPECT_TRUE(lines[0].contains("wfc_recording"));
  EXPECT_EQ(lines[0]["model"], "test-model");
  for (unsigned round = 1; round <= 2; ++round) {
    const Json &key = lines[round]["key"];
    EXPECT_EQ(key["step"], "research");
    EXPECT_EQ(key["round"], round);
    EXPECT_EQ(key["attempt"], 1);
    EXPECT_EQ(lines[round]["prompt"], "researcher");
  }
  ProcessResult replay = run("llm-agent", {"--bindings", b, "--replay", recording, "--input-json", input});
  ASSERT_EQ(replay.exitCode, 0) << replay.err;
  EXPECT_EQ(replay.out, recorded);

  // A prompt pack: three steps, each its own key.
  std::string recording2 = path("template.jsonl");
  std::string recorded2;
  {
    LlmServerProcess server(templateScript());
    ProcessResult r = run("llm-template", llm(server, {"--record", recording2, "--input-json", kTemplateInput}));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    recorded2 = r.out;
  }
  std::vector<std::string> steps;
  for (const Json &line : jsonLines(recording2))
    if (line.contains("key")) steps.push_back(line["key"]["step"]);
  std::sort(steps.begin(), steps.end());
  EXPECT_EQ(steps, (std::vector<std::string>{"greet", "greet_object", "plain"}));
  ProcessResult replay2 = run("llm-template", {"--replay", recording2, "--input-json", kTemplateInput});
  ASSERT_EQ(replay2.exitCode, 0) << replay2.err;
  EXPECT_EQ(replay2.out, recorded2);
  EXPECT_EQ(json(replay2.out), "Hi, world!");
  ProcessResult serial = run("llm-template", {"--replay", recording2, "--max-concurrency", "1", "--input-json", kTemplateInput});
  ASSERT_EQ(serial.exitCode, 0) << serial.err;
  EXPECT_EQ(serial.out, recorded2) << "a recording replays the same at any concurrency";

  // Attempts are keyed too: the bad first reply replays as a failed attempt, the second as the answer.
  std::string recording3 = path("retried.jsonl");
  const std::string retriedInput = R"({"which": "retried", "text": "Ada"})";
  {
    LlmServerProcess server({{"replies",
                              {{{"times", 1}, {"reply", {{"content", "not json"}}}},
                               {{"reply", {{"content_json", json(kStrictPerson)}}}}}}});
    ProcessResult r = run("llm-structured", llm(server, {"--record", recording3, "--input-json", retriedInput}));
    ASSERT_EQ(r.exitCode, 0) << r.err;
  }
  std::vector<unsigned> attempts;
  for (const Json &line : jsonLines(recording3))
    if (line.contains("key")) attempts.push_back(line["key"]["attempt"]);
  EXPECT_EQ(attempts, (std::vector<unsigned>{1, 2}));
  std::string report = path("retried-replay-report.json");
  ProcessResult replay3 = run("llm-structured", {"--replay", recording3, "--report", report, "--input-json", retriedInput});
  ASSERT_EQ(replay3.exitCode, 0) << replay3.err;
  EXPECT_EQ(json(replay3.out), json(kStrictPerson));
  Json rep = json(readText(report));
  for (const Json &s : rep["steps"])
    if (s["step"] == "retried_person") {
      EXPECT_EQ(s["attempts"], 2);
    }
}

// 10. A replay miss is exit 1 naming the step and the prompt.
TEST_F(LlmE2ETest, ReplayMissIsExitOneNamingStepAndPrompt) {
  std::string b = bindings("agent-miss", "tools:\n" + kbLookup());
  std::string recording = path("miss.jsonl");
  {
    LlmServerProcess server(researchScript());
    ProcessResult r = run("llm-agent", llm(server, {"--bindings", b, "--record", recording, "--input-json",
                                                    R"({"mode": "research", "topic": "wfc"})"}));
    ASSERT_EQ(r.exitCode, 0) << r.err;
  }
  // Another step of the same pack: nothing recorded for it.
  ProcessResult other = run("llm-agent", {"--bindings", b, "--replay", recording, "--input-json",
                                          R"({"mode": "chat", "topic": "wfc"})"});
  EXPECT_EQ(other.exitCode, 1) << other.err;
  EXPECT_EQ(other.out, "");
  EXPECT_NE(other.err.find("step 'chat'"), std::string::npos) << other.err;
  EXPECT_NE(other.err.find("prompt 'chatter'"), std::string::npos) << other.err;

  // The recording without its second round: the miss is at round 2.
  std::vector<Json> lines = jsonLines(recording);
  ASSERT_EQ(lines.size(), 3u);
  std::string cut = path("miss-cut.jsonl");
  writeText(cut, lines[0].dump() + "\n" + lines[1].dump() + "\n");
  ProcessResult r = run("llm-agent", {"--bindings", b, "--replay", cut, "--input-json", R"({"mode": "research", "topic": "wfc"})"});
  EXPECT_EQ(r.exitCode, 1) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("step 'research'"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("prompt 'researcher'"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("round 2"), std::string::npos) << r.err;
}

// ---- the endpoint: key, model, usage, transport retries

// 11. OPENAI_API_KEY is sent as a Bearer token and appears nowhere else, even when the server
// echoes it in an error.
TEST_F(LlmE2ETest, ApiKeyIsSentAsBearerAndNeverWrittenAnywhere) {
  const std::string secret = "sk-test-SECRET";
  {
    LlmServerProcess server(templateScript());
    std::vector<std::string> files = {path("key-trace.jsonl"), path("key-report.json"), path("key-record.jsonl")};
    ProcessResult r = run("llm-template",
                          llm(server, {"--trace", files[0], "--report", files[1], "--record", files[2], "--input-json",
                                       kTemplateInput}),
                          {"OPENAI_API_KEY=" + secret});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    std::vector<Json> requests = server.requests();
    ASSERT_EQ(requests.size(), 3u);
    for (const Json &q : requests) EXPECT_EQ(q["authorization"], "Bearer " + secret);
    for (const std::string &f : files) EXPECT_TRUE(fs::exists(f)) << f;
    EXPECT_EQ(leaks(secret, r, files), "") << "the key leaked";
  }
  {
    LlmServerProcess server(templateScript());
    ProcessResult r = run("llm-template", llm(server, {"--input-json", kTemplateInput}));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    std::vector<Json> requests = server.requests();
    ASSERT_EQ(requests.size(), 3u);
    for (const Json &q : requests) EXPECT_TRUE(q["authorization"].is_null()) << q["authorization"];
  }
  {
    // A 401 whose body quotes the key, as real endpoints do.
    LlmServerProcess server({{"replies",
                              {{{"status", 401},
                                {"body", R"({"error": {"message": "Incorrect API key provided: sk-test-SECRET.", "type": "invalid_request_error"}})"}}}}});
    std::vector<std::string> files = {path("key-fail-trace.jsonl"), path("key-fail-report.json"),
                                      path("key-fail-record.jsonl")};
    ProcessResult r = run("llm-template",
                          llm(server, {"--trace", files[0], "--report", files[1], "--record", files[2], "--input-json",
                                       kTemplateInput}),
                          {"OPENAI_API_KEY=" + secret});
    EXPECT_EQ(r.exitCode, 1) << r.err;
    EXPECT_EQ(r.out, "");
    std::vector<Json> requests = server.requests();
    ASSERT_GE(requests.size(), 1u);
    for (const Json &q : requests) EXPECT_EQ(q["authorization"], "Bearer " + secret);
    EXPECT_NE(r.err.find("401"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("Incorrect API key provided"), std::string::npos) << "the server's message is kept: " << r.err;
    for (const std::string &f : files) EXPECT_TRUE(fs::exists(f)) << f;
    EXPECT_EQ(leaks(secret, r, files), "") << "the key leaked on a failing run";
  }
}

// 12. No model (no --model, no WFC_MODEL, no --replay) is exit 2 naming --model; WFC_MODEL is one.
TEST_F(LlmE2ETest, NoModelIsExitTwo) {
  LlmServerProcess server(templateScript());
  ProcessResult r = run("llm-template", {"--llm-base-url", server.baseUrl(), "--input-json", kTemplateInput});
  EXPECT_EQ(r.exitCode, 2) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("--model"), std::string::npos) << r.err;
  EXPECT_EQ(server.requests().size(), 0u);

  ProcessResult env = run("llm-template", {"--llm-base-url", server.baseUrl(), "--input-json", kTemplateInput},
                          {"WFC_MODEL=env-model"});
  ASSERT_EQ(env.exitCode, 0) << env.err;
  std::vector<Json> requests = server.requests();
  ASSERT_EQ(requests.size(), 3u);
  for (const Json &q : requests) EXPECT_EQ(q["body"]["model"], "env-model");
}

// 13. Usage: an llm_call trace line per exchange with the server's token counts, step_end with
// the step's tokens (summed over an agent's rounds), the report's totals.
TEST_F(LlmE2ETest, TraceAndReportCarryTokenUsage) {
  {
    LlmServerProcess server(templateScript());
    std::string trace = path("usage-trace.jsonl"), report = path("usage-report.json");
    ProcessResult r = run("llm-template", llm(server, {"--trace", trace, "--report", report, "--input-json", kTemplateInput}));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    std::vector<Json> lines = jsonLines(trace);
    std::map<std::string, Json> calls;
    for (const Json &e : events(lines, "llm_call")) calls[e["step"]] = e;
    ASSERT_EQ(events(lines, "llm_call").size(), 3u);
    ASSERT_EQ(calls.size(), 3u);
    EXPECT_EQ(calls["greet"]["prompt_tokens"], 11);
    EXPECT_EQ(calls["greet"]["completion_tokens"], 7);
    EXPECT_EQ(calls["greet_object"]["prompt_tokens"], 13);
    EXPECT_EQ(calls["plain"]["completion_tokens"], 3);
    EXPECT_EQ(calls["greet"]["prompt"], "greeter");
    EXPECT_EQ(calls["greet"]["model"], "test-model");
    EXPECT_EQ(calls["greet"]["status"], "ok");
    std::map<std::string, Json> ends;
    for (const Json &e : events(lines, "step_end")) ends[e["step"]] = e;
    ASSERT_TRUE(ends.count("greet"));
    EXPECT_EQ(ends["greet"]["tokens"], json(R"({"prompt": 11, "completion": 7})"));
    EXPECT_EQ(ends["plain"]["tokens"], json(R"({"prompt": 17, "completion": 3})"));
    EXPECT_EQ(json(readText(report))["tokens"], json(R"({"prompt": 41, "completion": 12})"));
  }
  {
    LlmServerProcess server(researchScript());
    std::string b = bindings("agent-usage", "tools:\n" + kbLookup());
    std::string trace = path("usage-agent-trace.jsonl"), report = path("usage-agent-report.json");
    ProcessResult r = run("llm-agent", llm(server, {"--bindings", b, "--trace", trace, "--report", report,
                                                    "--input-json", R"({"mode": "research", "topic": "wfc"})"}));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    std::vector<Json> lines = jsonLines(trace);
    std::vector<Json> calls = events(lines, "llm_call");
    ASSERT_EQ(calls.size(), 2u);
    EXPECT_EQ(calls[0]["round"], 1);
    EXPECT_EQ(calls[1]["round"], 2);
    EXPECT_EQ(calls[0]["tool_calls"], 1);
    Json end;
    for (const Json &e : events(lines, "step_end"))
      if (e["step"] == "research") end = e;
    EXPECT_EQ(end["tokens"], json(R"({"prompt": 300, "completion": 50})"));
    EXPECT_EQ(json(readText(report))["tokens"], json(R"({"prompt": 300, "completion": 50})"));
  }
}

// 14. Transport failures (5xx, 429) are retried below the step's attempts, honoring Retry-After.
TEST_F(LlmE2ETest, TransportErrorsAreRetriedHonoringRetryAfter) {
  const std::string input = R"({"which": "strict", "text": "Ada"})";
  {
    LlmServerProcess server({{"replies",
                              {{{"times", 1}, {"status", 500}}, {{"reply", {{"content_json", json(kStrictPerson)}}}}}}});
    std::string trace = path("retry-500-trace.jsonl");
    ProcessResult r = run("llm-structured", llm(server, {"--trace", trace, "--input-json", input}));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(json(r.out), json(kStrictPerson));
    std::vector<Json> requests = server.requests();
    ASSERT_EQ(requests.size(), 2u);
    EXPECT_EQ(requests[0]["status"], 500);
    EXPECT_EQ(requests[1]["status"], 200);
    std::vector<Json> lines = jsonLines(trace);
    std::vector<Json> retries = events(lines, "llm_retry");
    ASSERT_EQ(retries.size(), 1u);
    EXPECT_EQ(retries[0]["reason"], "HTTP 500");
    for (const Json &e : events(lines, "step_end"))
      if (e["step"] == "strict_person") {
        EXPECT_EQ(e["attempt"], 1) << "a transport retry is not a step attempt";
      }
  }
  {
    LlmServerProcess server({{"replies",
                              {{{"times", 1}, {"status", 429}, {"headers", {{"Retry-After", "1"}}}},
                               {{"reply", {{"content_json", json(kStrictPerson)}}}}}}});
    ProcessResult r = run("llm-structured", llm(server, {"--input-json", input}));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    std::vector<Json> requests = server.requests();
    ASSERT_EQ(requests.size(), 2u);
    EXPECT_EQ(requests[0]["status"], 429);
    double gap = requests[1]["arrived_ms"].get<double>() - requests[0]["answered_ms"].get<double>();
    EXPECT_GE(gap, 900) << "Retry-After: 1 was not honored";
    EXPECT_LT(gap, 3000);
  }
}

// 15. --dry-run needs no model and shows each LLM step's prompt (an agent's tools and bounds).
TEST_F(LlmE2ETest, DryRunNeedsNoModelAndListsPromptsAndTools) {
  ProcessResult r = run("llm-template", {"--dry-run", "--input-json", kTemplateInput});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  Json steps = json(r.out)["compositions"][0]["steps"];
  ASSERT_EQ(steps.size(), 3u);
  EXPECT_EQ(steps[0]["id"], "greet");
  EXPECT_EQ(steps[0]["kind"], "prompt");
  EXPECT_EQ(steps[0]["prompt"], "greeter");

  ProcessResult a = run("llm-agent", {"--dry-run", "--input-json", R"({"mode": "research", "topic": "wfc"})"});
  ASSERT_EQ(a.exitCode, 0) << a.err;
  std::map<std::string, Json> byId;
  Json plan = json(a.out);
  for (const Json &s : plan["compositions"][0]["steps"]) byId[s["id"]] = s;
  ASSERT_TRUE(byId.count("research") && byId.count("chat"));
  EXPECT_EQ(byId["research"]["kind"], "agent");
  EXPECT_EQ(byId["research"]["prompt"], "researcher");
  EXPECT_EQ(byId["research"]["tools"], json(R"(["kb.lookup", "report.submit"])"));
  EXPECT_EQ(byId["research"]["max_steps"], 3);
  EXPECT_EQ(byId["research"]["tool_called"], "report.submit");
  EXPECT_EQ(byId["research"]["runs_if"], "pick_research takes then");
  EXPECT_EQ(byId["chat"]["tools"], json(R"(["kb.lookup"])"));
  EXPECT_EQ(byId["chat"]["max_steps"], 2);
  EXPECT_FALSE(byId["chat"].contains("tool_called"));
}

}  // namespace
}  // namespace wfc::test

// The chat-completions client against a real HTTP server in the test process: the body it sends,
// the reply it reads, and its transport behaviour — retries with backoff and Retry-After,
// timeouts, cancellation, refused connections — and that the API key never leaks into an error.
#include "ProviderTestSupport.h"

#include "core/llm/Endpoint.h"
#include "support/http/HttpClient.h"
#include "core/llm/OpenAiProvider.h"

#include <thread>
#include <tuple>

namespace wfc::llm {
namespace {

using namespace provider_test;
using http::HttpRequest;
using http::HttpResponse;
using http::TransportError;
using http::post;
using http::retryAfterMs;
using http::redactUrl;

std::string chatReply(const std::string &content, uint64_t promptTokens = 12, uint64_t completionTokens = 3) {
  Json message = {{"role", "assistant"}, {"content", content}};
  Json choice = {{"index", 0}, {"message", message}, {"finish_reason", "stop"}};
  Json reply = {{"id", "chatcmpl-1"}, {"object", "chat.completion"}, {"choices", Json::array({choice})}};
  reply["usage"] = {{"prompt_tokens", promptTokens}, {"completion_tokens", completionTokens}};
  return reply.dump();
}

// --- The request body ---------------------------------------------------------------------------

TEST(OpenAiBody, CarriesTheConversationToolsChoiceSchemaAndParameters) {
  Request r;
  r.model = "gpt-test";
  r.messages.push_back({Message::Role::System, "be brief", {}, ""});
  r.messages.push_back({Message::Role::User, "parse it", {}, ""});
  r.messages.push_back({Message::Role::Assistant, "", {{"call_1", "doc_parse", R"({"path":"a.txt"})"}}, ""});
  r.messages.push_back({Message::Role::Tool, R"({"pages":3})", {}, "call_1"});
  r.messages.push_back({Message::Role::Assistant, "thinking", {{"call_2", "kb_lookup", "{bad"}}, ""});
  r.tools.push_back({"doc_parse", "Parses a document", Json{{"type", "object"}, {"required", {"path"}}}});
  r.tools.push_back({"kb_lookup", "", Json::object()});
  r.toolChoice = "required";
  r.structured = StructuredOutput{"summarize", Json{{"type", "object"}}, true};
  r.parameters = {{"temperature", 0.2}, {"max_tokens", 100}, {"model", "other"},
                  {"messages", Json::array()}, {"stream", true}, {"top_p", 0.9}};

  Json body = toOpenAiBody(r);
  std::vector<std::string> keys;
  for (const auto &[key, value] : body.items()) keys.push_back(key);
  EXPECT_EQ(keys, (std::vector<std::string>{"model", "messages", "tools", "tool_choice", "response_format",
                                            "temperature", "max_tokens", "top_p"}));
  EXPECT_EQ(body["model"], "gpt-test");
  EXPECT_EQ(body["temperature"], 0.2);
  EXPECT_EQ(body["max_tokens"], 100);
  EXPECT_EQ(body["top_p"], 0.9);
  EXPECT_EQ(body["tool_choice"], "required");

  const Json &m = body["messages"];
  ASSERT_EQ(m.size(), 5u);
  EXPECT_EQ(m[0].dump(), R"({"role":"system","content":"be brief"})");
  EXPECT_EQ(m[1].dump(), R"({"role":"user","content":"parse it"})");
  EXPECT_EQ(m[2].dump(), R"({"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function",)"
                         R"("function":{"name":"doc_parse","arguments":"{\"path\":\"a.txt\"}"}}]})");
  EXPECT_EQ(m[3].dump(), R"({"role":"tool","tool_call_id":"call_1","content":"{\"pages\":3}"})");
  EXPECT_EQ(m[4]["content"], "thinking");
  EXPECT_EQ(m[4]["tool_calls"][0]["function"]["arguments"], "{bad");  // the model's text, as it was

  EXPECT_EQ(body["tools"].dump(),
            R"([{"type":"function","function":{"name":"doc_parse","description":"Parses a document",)"
            R"("parameters":{"type":"object","required":["path"]}}},)"
            R"({"type":"function","function":{"name":"kb_lookup","description":"","parameters":{}}}])");
  EXPECT_EQ(body["response_format"].dump(),
            R"({"type":"json_schema","json_schema":{"name":"summarize","schema":{"type":"object"},"strict":true}})");
}

TEST(OpenAiBody, NonStrictSchemaAndNoToolsLeaveThoseKeysOut) {
  Request r = userRequest("hi");
  r.model = "m";
  r.toolChoice = "auto";  // no tools: no tool_choice either
  r.structured = StructuredOutput{"step_1", Json{{"type", "array"}}, false};
  r.parameters = {{"seed", 7}, {"response_format", {{"type", "json_object"}}}};
  r.messages.push_back({Message::Role::Assistant, "", {}, ""});

  Json body = toOpenAiBody(r);
  EXPECT_FALSE(body.contains("tools"));
  EXPECT_FALSE(body.contains("tool_choice"));
  EXPECT_EQ(body["response_format"]["json_schema"]["strict"], false);
  EXPECT_EQ(body["response_format"]["json_schema"]["name"], "step_1");
  EXPECT_EQ(body["seed"], 7);
  EXPECT_EQ(body["messages"][1].dump(), R"({"role":"assistant","content":""})");  // no tool calls: ""
}

TEST(OpenAiBody, ParametersFillOnlyFreeKeys) {
  Request r = userRequest("hi");
  r.parameters = {{"response_format", {{"type", "json_object"}}}, {"tool_choice", "none"}};
  Json body = toOpenAiBody(r);
  EXPECT_EQ(body["response_format"]["type"], "json_object");  // nothing structured: JSON mode passes
  EXPECT_EQ(body["tool_choice"], "none");
}

// --- The reply ----------------------------------------------------------------------------------

TEST(OpenAiReply, ReadsContentToolCallsFinishReasonAndUsage) {
  Reply reply = parseOpenAiReply(R"({
    "choices": [{"index": 0, "finish_reason": "tool_calls", "message": {"role": "assistant", "content": "let me look",
      "tool_calls": [
        {"id": "call_a", "type": "function", "function": {"name": "doc_parse", "arguments": "{\"path\": \"x\"}"}},
        {"id": "call_b", "type": "function", "function": {"name": "kb_lookup", "arguments": "{not json"}}]}}],
    "usage": {"prompt_tokens": 321, "completion_tokens": 45, "total_tokens": 366}})");
  EXPECT_EQ(reply.content, "let me look");
  EXPECT_EQ(reply.finishReason, "tool_calls");
  ASSERT_EQ(reply.toolCalls.size(), 2u);
  EXPECT_EQ(reply.toolCalls[0].id, "call_a");
  EXPECT_EQ(reply.toolCalls[0].name, "doc_parse");
  EXPECT_EQ(reply.toolCalls[0].arguments, R"({"path": "x"})");
  EXPECT_EQ(reply.toolCalls[1].arguments, "{not json");  // kept as text, for the model to fix
  EXPECT_EQ(reply.usage.promptTokens, 321u);
  EXPECT_EQ(reply.usage.completionTokens, 45u);
}

// A token count that is not a whole number in range reads as the nearest count a reply can
// mean: none for a negative one, the largest for one past 2^64 (converting that was undefined;
// found by tests/fuzz: fuzz_llm_replies, regression input usage-count-out-of-range.json).
TEST(OpenAiReply, TokenCountsOutOfRangeAreCappedNotUndefined) {
  Json usage = Json::parse(R"({"a": 3.3e77, "b": -4.5, "c": 12.9, "d": 18446744073709551615, "e": -3, "f": "7"})");
  EXPECT_EQ(tokenCount(usage, "a"), UINT64_MAX);
  EXPECT_EQ(tokenCount(usage, "b"), 0u);
  EXPECT_EQ(tokenCount(usage, "c"), 12u);
  EXPECT_EQ(tokenCount(usage, "d"), UINT64_MAX);
  EXPECT_EQ(tokenCount(usage, "e"), 0u);
  EXPECT_EQ(tokenCount(usage, "f"), 0u) << "not a number";
  EXPECT_EQ(tokenCount(usage, "missing"), 0u);
}

TEST(OpenAiReply, NullContentAndMissingUsageAreEmpty) {
  Reply reply = parseOpenAiReply(
      R"({"choices":[{"message":{"role":"assistant","content":null,"tool_calls":[{"id":"c","type":"function",)"
      R"("function":{"name":"f","arguments":"{}"}}]},"finish_reason":null}]})");
  EXPECT_EQ(reply.content, "");
  EXPECT_EQ(reply.finishReason, "");
  EXPECT_EQ(reply.toolCalls.size(), 1u);
  EXPECT_EQ(reply.usage.promptTokens, 0u);
  EXPECT_EQ(reply.usage.completionTokens, 0u);
}

TEST(OpenAiReply, MalformedRepliesAreStepFailedNamingTheProblem) {
  auto message = [](const std::string &body) {
    Error e = errorOf([&] { parseOpenAiReply(body); });
    EXPECT_EQ(e.kind(), ErrorKind::StepFailed) << e.what();
    return std::string(e.what());
  };
  EXPECT_NE(message(R"({"choices": [)").find("is not valid JSON: parse error at line 1"), std::string::npos)
      << message(R"({"choices": [)");
  EXPECT_EQ(message(""), "the LLM reply is empty");
  // A number no double holds fails the attempt like any bad JSON (found by tests/fuzz).
  EXPECT_EQ(message(R"({"usage": {"prompt_tokens": 1e400}})"),
            "the LLM reply is not valid JSON: number overflow parsing '1e400'");
  EXPECT_EQ(message("[1]"), "the LLM reply is not a JSON object");
  EXPECT_EQ(message(R"({"id": "x"})"), "the LLM reply has no choices");
  EXPECT_EQ(message(R"({"choices": []})"), "the LLM reply has no choices (an empty array)");
  EXPECT_EQ(message(R"({"choices": [{"text": "legacy"}]})"), "the LLM reply has no choices[0].message");
  EXPECT_EQ(message(R"({"error": {"message": "model not loaded", "code": 1}})"),
            "the LLM reply is an error: model not loaded");
  EXPECT_EQ(message(R"({"choices":[{"message":{"tool_calls":[{"id":"c","function":{"arguments":"{}"}}]}}]})"),
            "the LLM reply has no choices[0].message.tool_calls[0].function.name");
}

// --- The HTTP client ----------------------------------------------------------------------------

TEST(HttpClient, PostsBodyAndHeadersAndReusesTheConnection) {
  TestServer server([](const httplib::Request &request, httplib::Response &response, size_t) {
    answer(response, 201, "echo:" + request.body);
    response.set_header("Retry-After", "7");
  });
  HttpRequest request{server.url("/other"), {"Content-Type: application/json", "X-Test: 1"}, R"({"a":1})", 2000, 5000};
  onOwnThread([&] {
    CancellationToken token;
    HttpResponse first = post(request, token);
    EXPECT_EQ(first.status, 201);
    EXPECT_EQ(first.body, R"(echo:{"a":1})");
    EXPECT_EQ(first.retryAfter, "7");
    // A body past 1 KiB must not wait on "Expect: 100-continue".
    request.body = std::string(4000, 'x');
    auto start = Clock::now();
    HttpResponse second = post(request, token);
    EXPECT_LT(msSince(start), 500);
    EXPECT_EQ(second.body.size(), 4005u);
  });

  auto seen = server.seen();
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_EQ(seen[0].path, "/other");
  EXPECT_EQ(seen[0].contentType, "application/json");
  EXPECT_EQ(seen[0].remotePort, seen[1].remotePort);  // one keep-alive connection
}

TEST(HttpClient, ARefusedConnectionIsARetryableTransportError) {
  HttpRequest request{"http://127.0.0.1:" + std::to_string(closedPort()) + "/x", {}, "{}", 2000, 5000};
  try {
    post(request, CancellationToken());
    FAIL() << "expected a TransportError";
  } catch (const TransportError &e) {
    EXPECT_TRUE(e.retryable());
    EXPECT_EQ(e.kind(), ErrorKind::StepFailed);
    EXPECT_NE(std::string(e.what()).find("the request to http://127.0.0.1:"), std::string::npos) << e.what();
  }
}

TEST(HttpClient, AMalformedUrlIsNotRetryable) {
  try {
    post(HttpRequest{"ftp://example.invalid/x", {}, "{}", 2000, 5000}, CancellationToken());
    FAIL() << "expected a TransportError";
  } catch (const TransportError &e) {
    EXPECT_FALSE(e.retryable()) << e.what();
  }
}

TEST(HttpClient, RetryAfterIsSecondsOrAnHttpDate) {
  auto now = std::chrono::system_clock::from_time_t(784111777);  // Sun, 06 Nov 1994 08:49:37 GMT
  EXPECT_EQ(retryAfterMs("1", now), 1000);
  EXPECT_EQ(retryAfterMs(" 0 ", now), 0);
  EXPECT_EQ(retryAfterMs("Sun, 06 Nov 1994 08:49:42 GMT", now), 5000);
  EXPECT_EQ(retryAfterMs("Sunday, 06-Nov-94 08:49:40 GMT", now), 3000);
  EXPECT_EQ(retryAfterMs("Sun, 06 Nov 1994 08:00:00 GMT", now), 0);  // already past
  EXPECT_EQ(retryAfterMs("99999999999999", now), 86400000);
  EXPECT_EQ(retryAfterMs("soon", now), std::nullopt);
  EXPECT_EQ(retryAfterMs("", now), std::nullopt);
}

TEST(HttpClient, RedactUrlDropsUserInfo) {
  EXPECT_EQ(redactUrl("https://user:pw@api.example.com/v1"), "https://api.example.com/v1");
  EXPECT_EQ(redactUrl("http://127.0.0.1:8080/v1?x=a@b"), "http://127.0.0.1:8080/v1?x=a@b");
  EXPECT_EQ(redactUrl("http://host"), "http://host");
}

// --- The provider -------------------------------------------------------------------------------

TEST(OpenAiProvider, PostsTheBodyWithTheBearerKeyAndReadsTheReply) {
  TestServer server([](const httplib::Request &, httplib::Response &response, size_t) {
    answer(response, 200,
           R"({"choices":[{"message":{"role":"assistant","content":"done","tool_calls":[{"id":"call_9","type":)"
           R"("function","function":{"name":"doc_parse","arguments":"{\"p\":1}"}}]},"finish_reason":"tool_calls"}],)"
           R"("usage":{"prompt_tokens":40,"completion_tokens":8}})");
  });
  OpenAiProvider provider(options(server));
  Request request = userRequest("summarize this");
  request.parameters = {{"temperature", 0}};
  Reply reply = complete(provider, request);

  EXPECT_EQ(reply.content, "done");
  ASSERT_EQ(reply.toolCalls.size(), 1u);
  EXPECT_EQ(reply.toolCalls[0].id, "call_9");
  EXPECT_EQ(reply.toolCalls[0].name, "doc_parse");
  EXPECT_EQ(reply.toolCalls[0].arguments, R"({"p":1})");
  EXPECT_EQ(reply.finishReason, "tool_calls");
  EXPECT_EQ(reply.usage.promptTokens, 40u);
  EXPECT_EQ(reply.usage.completionTokens, 8u);

  auto seen = server.seen();
  ASSERT_EQ(seen.size(), 1u);
  EXPECT_EQ(seen[0].path, "/v1/chat/completions");  // the base's trailing slash dropped
  EXPECT_EQ(seen[0].authorization, "Bearer " + kKey);
  EXPECT_EQ(seen[0].contentType, "application/json");
  Json expected = toOpenAiBody(request);
  expected["model"] = "test-model";  // the request named none: the provider's
  EXPECT_EQ(Json::parse(seen[0].body), expected);
  EXPECT_EQ(provider.describe(), "openai test-model at " + server.url("/v1/"));
}

TEST(OpenAiProvider, NoKeyMeansNoAuthorizationHeader) {
  TestServer server([](const httplib::Request &, httplib::Response &response, size_t) {
    answer(response, 200, chatReply("ok"));
  });
  auto o = options(server);
  o.apiKey.reset();
  OpenAiProvider provider(o);
  Request request = userRequest("hi");
  request.model = "own-model";
  EXPECT_EQ(complete(provider, request).content, "ok");
  auto seen = server.seen();
  ASSERT_EQ(seen.size(), 1u);
  EXPECT_EQ(seen[0].authorization, std::nullopt);
  EXPECT_EQ(Json::parse(seen[0].body)["model"], "own-model");
}

TEST(OpenAiProvider, RetriesA500ThenSucceeds) {
  TestServer server([](const httplib::Request &, httplib::Response &response, size_t index) {
    if (index == 0) answer(response, 500, R"({"error":"busy"})");
    else answer(response, 200, chatReply("second time", 5, 2));
  });
  auto o = options(server);
  std::vector<std::tuple<std::string, unsigned, std::string, long>> retries;
  o.onRetry = [&](const ExchangeKey &key, unsigned attempt, const std::string &reason, long delayMs) {
    retries.emplace_back(key.str(), attempt, reason, delayMs);
  };
  OpenAiProvider provider(o);
  Reply reply = complete(provider, userRequest("hi"));
  EXPECT_EQ(reply.content, "second time");
  EXPECT_EQ(reply.usage.promptTokens, 5u);
  EXPECT_EQ(server.seen().size(), 2u);
  ASSERT_EQ(retries.size(), 1u);
  EXPECT_EQ(std::get<0>(retries[0]), "call__summarize|-|1|1");
  EXPECT_EQ(std::get<1>(retries[0]), 1u);
  EXPECT_EQ(std::get<2>(retries[0]), "HTTP 500");
  EXPECT_GE(std::get<3>(retries[0]), 2);  // 5 ms jittered to 50–150%
  EXPECT_LE(std::get<3>(retries[0]), 8);
}

TEST(OpenAiProvider, HonorsRetryAfterOn429) {
  TestServer server([](const httplib::Request &, httplib::Response &response, size_t index) {
    if (index == 0) {
      answer(response, 429, R"({"error":{"message":"rate limited"}})");
      response.set_header("Retry-After", "1");
    } else {
      answer(response, 200, chatReply("after the wait"));
    }
  });
  auto o = options(server);
  o.maxBackoffMs = 5000;
  long delay = -1;
  o.onRetry = [&](const ExchangeKey &, unsigned, const std::string &, long delayMs) { delay = delayMs; };
  OpenAiProvider provider(o);
  EXPECT_EQ(complete(provider, userRequest("hi")).content, "after the wait");
  auto seen = server.seen();
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_EQ(delay, 1000);
  auto gap = std::chrono::duration_cast<std::chrono::milliseconds>(seen[1].at - seen[0].at).count();
  EXPECT_GE(gap, 950);
  EXPECT_LT(gap, 2000);
}

TEST(OpenAiProvider, RetryAfterIsCappedAtMaxBackoff) {
  TestServer server([](const httplib::Request &, httplib::Response &response, size_t index) {
    if (index == 0) {
      answer(response, 503, "overloaded");
      response.set_header("Retry-After", "30");
    } else {
      answer(response, 200, chatReply("ok"));
    }
  });
  auto start = Clock::now();
  OpenAiProvider provider(options(server));  // maxBackoffMs 50
  EXPECT_EQ(complete(provider, userRequest("hi")).content, "ok");
  EXPECT_LT(msSince(start), 1000);
  EXPECT_EQ(server.seen().size(), 2u);
}

TEST(OpenAiProvider, DoesNotRetryA400AndQuotesItsBody) {
  std::string body = R"({"error": {"message": "Invalid schema for response_format 'summarize'", "pad": ")" +
                     std::string(400, 'z') + "\"}}";
  TestServer server([&](const httplib::Request &, httplib::Response &response, size_t) { answer(response, 400, body); });
  OpenAiProvider provider(options(server));
  Error e = errorOf([&] { complete(provider, userRequest("hi")); });
  EXPECT_EQ(e.kind(), ErrorKind::StepFailed);
  std::string message = e.what();
  std::string prefix = "the LLM endpoint answered HTTP 400 after 1 attempt: ";
  EXPECT_EQ(message.substr(0, prefix.size()), prefix) << message;
  EXPECT_EQ(message.substr(prefix.size()), body.substr(0, 300) + "…");
  EXPECT_EQ(server.seen().size(), 1u);
  expectNoKey(message);
}

TEST(OpenAiProvider, GivesUpOnA503AfterMaxAttempts) {
  TestServer server([](const httplib::Request &, httplib::Response &response, size_t) {
    answer(response, 503, "{\n  \"error\": \"down\"\n}");
  });
  unsigned retries = 0;
  auto o = options(server);
  o.onRetry = [&](const ExchangeKey &, unsigned, const std::string &, long) { ++retries; };
  OpenAiProvider provider(o);
  Error e = errorOf([&] { complete(provider, userRequest("hi")); });
  EXPECT_EQ(e.kind(), ErrorKind::StepFailed);
  EXPECT_EQ(std::string(e.what()), R"(the LLM endpoint answered HTTP 503 after 3 attempts: { "error": "down" })");
  EXPECT_EQ(server.seen().size(), 3u);
  EXPECT_EQ(retries, 2u);
}

TEST(OpenAiProvider, AReplySlowerThanTheTimeoutIsExhausted) {
  TestServer *self = nullptr;
  TestServer server([&](const httplib::Request &, httplib::Response &response, size_t) {
    self->hold(3s);
    answer(response, 200, chatReply("too late"));
  });
  self = &server;
  auto o = options(server);
  o.timeoutMs = 300;
  OpenAiProvider provider(o);
  auto start = Clock::now();
  Error e = errorOf([&] { complete(provider, userRequest("hi")); });
  EXPECT_EQ(e.kind(), ErrorKind::Exhausted);
  EXPECT_EQ(std::string(e.what()), "the request to " + server.url("/v1/chat/completions") + " timed out after 300 ms");
  EXPECT_LT(msSince(start), 1500);
  EXPECT_EQ(server.seen().size(), 1u);  // a timeout is not a transport retry
  expectNoKey(e.what());
}

TEST(OpenAiProvider, CancellingDuringASlowReplyIsPrompt) {
  TestServer *self = nullptr;
  TestServer server([&](const httplib::Request &, httplib::Response &response, size_t) {
    self->hold(5s);
    answer(response, 200, chatReply("too late"));
  });
  self = &server;
  OpenAiProvider provider(options(server));
  CancellationToken token;
  std::thread canceller([&] {
    std::this_thread::sleep_for(200ms);
    token.cancel("SIGINT");
  });
  auto start = Clock::now();
  Error e = errorOf([&] { complete(provider, userRequest("hi"), token); });
  auto elapsed = msSince(start);
  canceller.join();
  EXPECT_EQ(e.kind(), ErrorKind::Cancelled);
  EXPECT_EQ(std::string(e.what()), "SIGINT");
  EXPECT_GE(elapsed, 150);
  EXPECT_LT(elapsed, 1000);
}

TEST(OpenAiProvider, CancellingDuringABackoffWaitIsPrompt) {
  TestServer server([](const httplib::Request &, httplib::Response &response, size_t) {
    answer(response, 429, "slow down");
    response.set_header("Retry-After", "5");
  });
  auto o = options(server);
  o.maxBackoffMs = 5000;
  OpenAiProvider provider(o);
  CancellationToken token;
  std::thread canceller([&] {
    std::this_thread::sleep_for(200ms);
    token.cancel("wfc.timeout_ms");
  });
  auto start = Clock::now();
  Error e = errorOf([&] { complete(provider, userRequest("hi"), token); });
  auto elapsed = msSince(start);
  canceller.join();
  EXPECT_EQ(e.kind(), ErrorKind::Cancelled);
  EXPECT_EQ(std::string(e.what()), "wfc.timeout_ms");
  EXPECT_LT(elapsed, 1000);
  EXPECT_EQ(server.seen().size(), 1u);
}

TEST(OpenAiProvider, ARefusedConnectionIsRetriedThenFails) {
  OpenAiProvider::Options o;
  o.baseUrl = "http://127.0.0.1:" + std::to_string(closedPort()) + "/v1";
  o.model = "m";
  o.apiKey = kKey;
  o.maxTransportAttempts = 4;
  o.backoffBaseMs = 5;
  o.maxBackoffMs = 20;
  std::vector<unsigned> attempts;
  o.onRetry = [&](const ExchangeKey &, unsigned attempt, const std::string &reason, long delayMs) {
    attempts.push_back(attempt);
    EXPECT_LE(delayMs, 20);
    expectNoKey(reason);
  };
  OpenAiProvider provider(o);
  Error e = errorOf([&] { complete(provider, userRequest("hi")); });
  EXPECT_EQ(e.kind(), ErrorKind::StepFailed);
  EXPECT_EQ(attempts, (std::vector<unsigned>{1, 2, 3}));
  std::string message = e.what();
  EXPECT_NE(message.find("the LLM endpoint could not be reached after 4 attempts: the request to " + o.baseUrl +
                         "/chat/completions failed"),
            std::string::npos)
      << message;
  expectNoKey(message);
}

TEST(OpenAiProvider, AMalformedReplyIsStepFailedNamingTheProblem) {
  TestServer server([](const httplib::Request &, httplib::Response &response, size_t) {
    answer(response, 200, R"({"choices": [{"message": {"content": "cut off)");
  });
  OpenAiProvider provider(options(server));
  Error e = errorOf([&] { complete(provider, userRequest("hi")); });
  EXPECT_EQ(e.kind(), ErrorKind::StepFailed);
  EXPECT_NE(std::string(e.what()).find("the LLM reply is not valid JSON"), std::string::npos) << e.what();
  EXPECT_EQ(server.seen().size(), 1u);  // not a transport failure: not retried
}

TEST(OpenAiProvider, TheKeyNeverAppearsInAnErrorEvenWhenTheServerEchoesIt) {
  TestServer server([](const httplib::Request &request, httplib::Response &response, size_t) {
    answer(response, 401, "{\"error\": \"rejected " + request.get_header_value("Authorization") + "\"}");
  });
  OpenAiProvider provider(options(server));
  Error e = errorOf([&] { complete(provider, userRequest("hi")); });
  std::string message = e.what();
  expectNoKey(message);
  EXPECT_NE(message.find("rejected Bearer [redacted]"), std::string::npos) << message;
  expectNoKey(provider.describe());
}

}  // namespace
}  // namespace wfc::llm

namespace wfc::llm {
namespace {

using namespace provider_test;

// --- Embeddings (docs/evals.md "cosine_similarity") --------------------------------------------

TEST(OpenAiEmbeddings, PostsEveryInputAndReadsTheVectorsInIndexOrder) {
  TestServer server([](const httplib::Request &, httplib::Response &response, size_t) {
    answer(response, 200,
           R"({"object":"list","data":[{"object":"embedding","index":1,"embedding":[0,1]},)"
           R"({"object":"embedding","index":0,"embedding":[0.5,-0.5]}],"model":"embed-x","usage":{"prompt_tokens":7,"total_tokens":7}})");
  });
  OpenAiProvider provider(options(server));
  CancellationToken cancel;
  EmbeddingReply reply = onOwnThread(
      [&] { return provider.embed({"", "text-embedding-3-small", {"first", "second"}}, {"s/eval:e", {}, 1, 1, "e"}, cancel); });
  ASSERT_EQ(reply.vectors.size(), 2u);
  EXPECT_EQ(reply.vectors[0], (std::vector<double>{0.5, -0.5}));
  EXPECT_EQ(reply.vectors[1], (std::vector<double>{0, 1}));
  EXPECT_EQ(reply.usage.promptTokens, 7u);
  EXPECT_EQ(reply.model, "embed-x");
  auto seen = server.seen();
  ASSERT_EQ(seen.size(), 1u);
  EXPECT_EQ(seen[0].path, "/v1/embeddings");
  EXPECT_EQ(seen[0].authorization, "Bearer " + kKey);
  EXPECT_EQ(Json::parse(seen[0].body),
            Json::parse(R"({"model":"text-embedding-3-small","input":["first","second"],"encoding_format":"float"})"));
}

TEST(OpenAiEmbeddings, MalformedRepliesAreStepFailedNamingTheProblem) {
  struct Case {
    const char *body, *problem;
  };
  for (const Case &c : {Case{R"({"data":[]})", "has 0 embeddings for 1 inputs"},
                        Case{R"({"error":{"message":"no such model"}})", "is an error: no such model"},
                        Case{R"({"data":[{"embedding":"AAAA"}]})", "without an \"embedding\" array of numbers"},
                        Case{R"({"data":[{"embedding":[1,"x"]}]})", "with an item that is not a number"},
                        Case{R"({"data":[{"index":3,"embedding":[1]}]})", "index that is not an input's position"},
                        Case{R"(not json)", "not valid JSON"}}) {
    SCOPED_TRACE(c.body);
    try {
      parseOpenAiEmbeddings(c.body, 1);
      ADD_FAILURE() << "no error";
    } catch (const Error &e) {
      EXPECT_EQ(e.kind(), ErrorKind::StepFailed);
      EXPECT_NE(std::string(e.what()).find(c.problem), std::string::npos) << e.what();
    }
  }
  try {
    parseOpenAiEmbeddings(R"({"data":[{"embedding":[1,2]},{"embedding":[1]}]})", 2);
    ADD_FAILURE() << "no error";
  } catch (const Error &e) {
    EXPECT_NE(std::string(e.what()).find("different lengths (2 and 1)"), std::string::npos) << e.what();
  }
  try {
    parseOpenAiEmbeddings(R"({"data":[{"index":0,"embedding":[1]},{"index":0,"embedding":[2]}]})", 2);
    ADD_FAILURE() << "no error";
  } catch (const Error &e) {
    EXPECT_NE(std::string(e.what()).find("two embeddings for input 0"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace wfc::llm

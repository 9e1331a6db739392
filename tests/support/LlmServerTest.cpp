// The test LLM server itself, over real HTTP with httplib's client: every script feature, the
// request log, concurrency, and a stopped server's closed port.
#include "CurlClient.h"
#include "LlmServerProcess.h"

#include <httplib.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <future>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace wfc::test {
namespace {

using json = nlohmann::json;
using Clock = std::chrono::steady_clock;

json systemPrompt(const std::string &text) { return {{"role", "system"}, {"content", text}}; }
json user(const std::string &text) { return {{"role", "user"}, {"content", text}}; }
json toolResult(const std::string &text) { return {{"role", "tool"}, {"tool_call_id", "call_1_0"}, {"content", text}}; }
json assistantCalling(const std::string &name) {
  return {{"role", "assistant"},
          {"content", nullptr},
          {"tool_calls", json::array({{{"id", "call_1_0"},
                                       {"type", "function"},
                                       {"function", {{"name", name}, {"arguments", "{}"}}}}})}};
}

json parse(const char *text) { return json::parse(text); }

// A script whose one entry answers every request with `content`.
json answering(const std::string &content) { return {{"replies", {{{"reply", {{"content", content}}}}}}}; }

json request(std::vector<json> messages, json extra = json::object()) {
  json body = {{"model", "test-model"}, {"messages", std::move(messages)}};
  body.update(extra);
  return body;
}

// One POST, on its own connection (so concurrent callers never share one).
httplib::Result post(const LlmServerProcess &server, const json &body, const httplib::Headers &headers = {},
                     const std::string &path = "/v1/chat/completions") {
  httplib::Client client("127.0.0.1", server.port());
  client.set_read_timeout(std::chrono::seconds(10));
  return client.Post(path.c_str(), headers, body.dump(), "application/json");
}

// The completion's message, after checking the HTTP status and the response's shape.
json messageOf(const httplib::Result &result) {
  EXPECT_TRUE(result) << "no HTTP response";
  if (!result)
    return json();
  EXPECT_EQ(result->status, 200) << result->body;
  json response = json::parse(result->body);
  EXPECT_EQ(response["object"], "chat.completion");
  EXPECT_EQ(response["choices"].size(), 1u);
  return response["choices"][0]["message"];
}

std::string contentOf(const httplib::Result &result) {
  json message = messageOf(result);
  return message["content"].is_string() ? message["content"].get<std::string>() : "<not a string>";
}

int64_t msSince(Clock::time_point start) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
}

// A streamed answer as a client reads it: the bytes, when they came, and how the transfer ended.
struct Streamed {
  int status = 0;
  std::string contentType;
  std::string body;
  std::vector<int64_t> arrivalsMs;  // when each read of the body returned, since the request was sent
  int64_t totalMs = 0;
  httplib::Error error = httplib::Error::Unknown;  // Success: the response ended properly
};

// One POST read as it arrives, with httplib's client on a connection of its own.
Streamed postStream(const LlmServerProcess &server, const json &body, const std::string &path = "/v1/chat/completions",
                    const httplib::Headers &headers = {}) {
  httplib::Client client("127.0.0.1", server.port());
  client.set_read_timeout(std::chrono::seconds(10));
  httplib::Request req;
  req.method = "POST";
  req.path = path;
  req.headers = headers;
  req.set_header("Content-Type", "application/json");
  req.body = body.dump();
  Streamed out;
  const auto start = Clock::now();
  req.response_handler = [&](const httplib::Response &res) {
    out.status = res.status;
    out.contentType = res.get_header_value("Content-Type");
    return true;
  };
  req.content_receiver = [&](const char *data, size_t size, uint64_t, uint64_t) {
    out.body.append(data, size);
    out.arrivalsMs.push_back(msSince(start));
    return true;
  };
  out.error = client.send(req).error();
  out.totalMs = msSince(start);
  return out;
}

// One server-sent event: its `event:` name (none on chat completions) and its `data:`.
struct SseEvent {
  std::string event;
  std::string data;
};

// A stream's events; every one must end with its blank line.
std::vector<SseEvent> parseSse(const std::string &text) {
  std::vector<SseEvent> events;
  for (size_t begin = 0; begin < text.size();) {
    size_t end = text.find("\n\n", begin);
    if (end == std::string::npos) {
      ADD_FAILURE() << "an event without its blank line: " << text.substr(begin);
      break;
    }
    SseEvent event;
    std::string block = text.substr(begin, end - begin);
    for (size_t line = 0; line <= block.size();) {
      size_t next = std::min(block.find('\n', line), block.size());
      std::string field = block.substr(line, next - line);
      if (field.starts_with("event: "))
        event.event = field.substr(7);
      else if (field.starts_with("data: "))
        event.data = field.substr(6);
      else
        ADD_FAILURE() << "not an event line: " << field;
      line = next + 1;
    }
    events.push_back(event);
    begin = end + 2;
  }
  return events;
}

// A chat completion put back together from its chunks, checking each one's shape.
struct Assembled {
  std::vector<json> chunks;  // every chunk, [DONE] and errors aside
  json role;                 // the first chunk's delta
  std::vector<std::string> contentPieces;
  std::vector<std::string> argumentPieces;
  json toolCalls = json::array();  // as a plain reply's message has them
  json finishReason;               // null until a chunk has one
  json usage;                      // the usage chunk's, or null
  json error;                      // a data: {"error": ...}, or null
  bool done = false;               // data: [DONE] came, last
};

Assembled assemble(const std::string &body, const std::string &id) {
  Assembled out;
  for (const SseEvent &event : parseSse(body)) {
    EXPECT_EQ(event.event, "");
    EXPECT_FALSE(out.done) << "data after [DONE]: " << event.data;
    if (event.data == "[DONE]") {
      out.done = true;
      continue;
    }
    json chunk = json::parse(event.data);
    if (chunk.contains("error")) {
      out.error = chunk;
      continue;
    }
    EXPECT_TRUE(out.finishReason.is_null() || chunk["choices"].empty()) << "a chunk after the finish: " << event.data;
    EXPECT_EQ(chunk["id"], id);
    EXPECT_EQ(chunk["object"], "chat.completion.chunk");
    EXPECT_TRUE(chunk["created"].is_number_integer());
    out.chunks.push_back(chunk);
    if (chunk["choices"].empty()) {
      out.usage = chunk["usage"];
      continue;
    }
    EXPECT_EQ(chunk["choices"].size(), 1u);
    const json &choice = chunk["choices"][0];
    EXPECT_EQ(choice["index"], 0);
    const json &delta = choice["delta"];
    if (out.chunks.size() == 1) {
      out.role = delta;
      continue;
    }
    if (delta.contains("content"))
      out.contentPieces.push_back(delta["content"]);
    if (delta.contains("tool_calls")) {
      EXPECT_EQ(delta["tool_calls"].size(), 1u);
      const json &call = delta["tool_calls"][0];
      size_t index = call["index"];
      if (call.contains("id")) {
        EXPECT_EQ(index, out.toolCalls.size());
        EXPECT_EQ(call["function"]["arguments"], "");
        out.toolCalls.push_back({{"id", call["id"]}, {"type", call["type"]}, {"function", call["function"]}});
      } else if (index < out.toolCalls.size()) {
        EXPECT_EQ(call.size(), 2u) << call.dump();  // index and function.arguments alone
        out.argumentPieces.push_back(call["function"]["arguments"]);
        json &arguments = out.toolCalls[index]["function"]["arguments"];
        arguments = arguments.get<std::string>() + call["function"]["arguments"].get<std::string>();
      } else {
        ADD_FAILURE() << "arguments for a tool call not started: " << call.dump();
      }
    }
    if (!choice["finish_reason"].is_null()) {
      EXPECT_EQ(delta, json::object());
      out.finishReason = choice["finish_reason"];
    }
  }
  return out;
}

// A Messages API stream put back together from its events, checking their order and shape.
struct MessageStream {
  std::vector<std::string> names;  // the events' names, in order
  json start;                      // message_start's message
  json content = json::array();    // the blocks, as a plain reply has them (tool input parsed)
  std::vector<std::string> textPieces;
  std::vector<std::string> jsonPieces;
  json messageDelta;  // the message_delta event, or null
  json error;         // the error event, or null
  bool stopped = false;
};

MessageStream assembleMessages(const std::string &body) {
  MessageStream out;
  std::vector<std::string> partial;  // each tool_use block's partial_json so far
  std::optional<size_t> open;        // the block started and not stopped
  for (const SseEvent &event : parseSse(body)) {
    json data = json::parse(event.data);
    EXPECT_EQ(data["type"], event.event) << event.data;
    EXPECT_FALSE(out.stopped) << "an event after message_stop: " << event.data;
    out.names.push_back(event.event);
    if (event.event == "message_start") {
      EXPECT_EQ(out.names.size(), 1u);
      out.start = data["message"];
    } else if (event.event == "content_block_start") {
      EXPECT_FALSE(open) << "a block started inside another";
      EXPECT_EQ(data["index"], out.content.size());
      open = out.content.size();
      out.content.push_back(data["content_block"]);
      partial.emplace_back();
    } else if (event.event == "content_block_delta") {
      EXPECT_EQ(open, std::optional<size_t>(data["index"].get<size_t>()));
      if (!open)
        continue;
      const json &delta = data["delta"];
      if (delta["type"] == "text_delta") {
        out.textPieces.push_back(delta["text"]);
        out.content[*open]["text"] = out.content[*open]["text"].get<std::string>() + delta["text"].get<std::string>();
      } else {
        EXPECT_EQ(delta["type"], "input_json_delta");
        out.jsonPieces.push_back(delta["partial_json"]);
        partial[*open] += delta["partial_json"].get<std::string>();
      }
    } else if (event.event == "content_block_stop") {
      EXPECT_EQ(open, std::optional<size_t>(data["index"].get<size_t>()));
      if (open && out.content[*open]["type"] == "tool_use")
        out.content[*open]["input"] = json::parse(partial[*open]);
      open.reset();
    } else if (event.event == "message_delta") {
      out.messageDelta = data;
    } else if (event.event == "message_stop") {
      EXPECT_FALSE(out.messageDelta.is_null()) << "message_stop without message_delta";
      out.stopped = true;
    } else if (event.event == "error") {
      out.error = data;
    } else {
      EXPECT_EQ(event.event, "ping");
    }
  }
  return out;
}

// connect() to 127.0.0.1:port; 0 when it succeeds, errno otherwise.
int connectError(int port) {
  int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = htons(static_cast<uint16_t>(port));
  int error = ::connect(fd, reinterpret_cast<sockaddr *>(&address), sizeof address) == 0 ? 0 : errno;
  ::close(fd);
  return error;
}

TEST(LlmServer, AnswersWithScriptedContent) {
  LlmServerProcess server({{"replies", {{{"reply", {{"content", "hello there"}}}}}}});
  EXPECT_EQ(server.baseUrl(), "http://127.0.0.1:" + std::to_string(server.port()) + "/v1");

  auto result = post(server, request({user("hi")}, {{"model", "gpt-test-1"}}));
  ASSERT_TRUE(result);
  ASSERT_EQ(result->status, 200);
  EXPECT_EQ(result->get_header_value("Content-Type"), "application/json");
  json response = json::parse(result->body);
  EXPECT_EQ(response["object"], "chat.completion");
  EXPECT_TRUE(response["id"].is_string());
  EXPECT_TRUE(response["created"].is_number_integer());
  EXPECT_EQ(response["model"], "gpt-test-1");  // echoed
  json choice = response["choices"][0];
  EXPECT_EQ(choice["index"], 0);
  EXPECT_EQ(choice["finish_reason"], "stop");
  EXPECT_EQ(choice["message"]["role"], "assistant");
  EXPECT_EQ(choice["message"]["content"], "hello there");
  EXPECT_FALSE(choice["message"].contains("tool_calls"));
  EXPECT_EQ(response["usage"], json({{"prompt_tokens", 10}, {"completion_tokens", 5}, {"total_tokens", 15}}));

  // The path without /v1 answers too.
  EXPECT_EQ(contentOf(post(server, request({user("hi")}), {}, "/chat/completions")), "hello there");
}

TEST(LlmServer, ContentJsonIsSentAsCompactText) {
  LlmServerProcess server(parse(R"({"replies": [{"reply": {"content_json": {"answer": 42, "tags": ["a", "b"]}}}]})"));
  std::string content = contentOf(post(server, request({user("hi")})));
  EXPECT_EQ(content, R"({"answer":42,"tags":["a","b"]})");
}

TEST(LlmServer, ToolCallsCarrySerializedArguments) {
  LlmServerProcess server(parse(R"({"replies": [
    {"match": {"rounds": 0},
     "reply": {"content": "let me look",
               "tool_calls": [{"name": "search", "arguments": {"query": "wfc", "limit": 3}},
                              {"name": "broken", "arguments_text": "{\"x\": "}],
               "usage": {"prompt_tokens": 100, "completion_tokens": 7}}},
    {"reply": {"tool_calls": [{"name": "finish"}]}}
  ]})"));

  auto result = post(server, request({user("go")}, {{"tools", {{{"type", "function"}}}}}));
  ASSERT_TRUE(result);
  json response = json::parse(result->body);
  json message = response["choices"][0]["message"];
  EXPECT_EQ(response["choices"][0]["finish_reason"], "tool_calls");
  EXPECT_EQ(message["content"], "let me look");
  ASSERT_EQ(message["tool_calls"].size(), 2u);
  EXPECT_EQ(message["tool_calls"][0],
            json({{"id", "call_1_0"},
                  {"type", "function"},
                  {"function", {{"name", "search"}, {"arguments", R"({"limit":3,"query":"wfc"})"}}}}));
  EXPECT_EQ(message["tool_calls"][1]["id"], "call_1_1");
  EXPECT_EQ(message["tool_calls"][1]["function"]["arguments"], "{\"x\": ");  // verbatim, broken
  EXPECT_EQ(response["usage"], json({{"prompt_tokens", 100}, {"completion_tokens", 7}, {"total_tokens", 107}}));

  // Only tool calls: content is null; arguments default to {}; ids carry the request's seq.
  json second = messageOf(post(server, request({user("go"), assistantCalling("search"), toolResult("r")})));
  EXPECT_TRUE(second["content"].is_null());
  EXPECT_EQ(second["tool_calls"][0]["id"], "call_2_0");
  EXPECT_EQ(second["tool_calls"][0]["function"]["arguments"], "{}");
}

TEST(LlmServer, MatchesOnSystemToolResultsAndRounds) {
  LlmServerProcess server(parse(R"({"replies": [
    {"match": {"system_contains": "You are the planner"}, "reply": {"content": "plan"}},
    {"match": {"tool_result_contains": "answer=42", "rounds": 1}, "reply": {"content": "final: 42"}},
    {"match": {"rounds": 0}, "reply": {"tool_calls": [{"name": "compute"}]}},
    {"reply": {"content": "fallback"}}
  ]})"));

  EXPECT_EQ(contentOf(post(server, request({systemPrompt("Hi. You are the planner."), user("plan it")}))), "plan");
  json call = messageOf(post(server, request({systemPrompt("You are a worker."), user("compute")})));
  EXPECT_EQ(call["tool_calls"][0]["function"]["name"], "compute");
  EXPECT_EQ(contentOf(post(server, request({systemPrompt("You are a worker."), user("compute"),
                                            assistantCalling("compute"), toolResult("answer=42")}))),
            "final: 42");
  // Same round, another tool result: entry 1 does not hold, entry 2 wants round 0.
  EXPECT_EQ(contentOf(post(server, request({systemPrompt("You are a worker."), user("compute"),
                                            assistantCalling("compute"), toolResult("answer=7")}))),
            "fallback");

  std::vector<json> log = server.requests();
  ASSERT_EQ(log.size(), 4u);
  EXPECT_EQ(log[0]["matched"], 0);
  EXPECT_EQ(log[1]["matched"], 2);
  EXPECT_EQ(log[2]["matched"], 1);
  EXPECT_EQ(log[3]["matched"], 3);
}

TEST(LlmServer, MatchesOnUserTextToolsFormatModelAndCounts) {
  LlmServerProcess server(parse(R"({"replies": [
    {"match": {"user_contains": "first", "last_user_contains": "second"}, "reply": {"content": "users"}},
    {"match": {"has_tools": true}, "reply": {"content": "tools"}},
    {"match": {"has_response_format": true, "model": "m-json"}, "reply": {"content": "format"}},
    {"match": {"tool_results": 2, "last_tool_result_contains": "two"}, "reply": {"content": "two results"}},
    {"reply": {"content": "other"}}
  ]})"));

  EXPECT_EQ(contentOf(post(server, request({user("the first"), user("the second")}))), "users");
  EXPECT_EQ(contentOf(post(server, request({user("the second"), user("the first")}))), "other");
  EXPECT_EQ(contentOf(post(server, request({user("x")}, {{"tools", {{{"type", "function"}}}}}))), "tools");
  EXPECT_EQ(contentOf(post(server, request({user("x")}, {{"tools", json::array()}}))), "other");
  json format = {{"response_format", {{"type", "json_object"}}}};
  EXPECT_EQ(contentOf(post(server, request({user("x")}, {{"response_format", format["response_format"]}, {"model", "m-json"}}))),
            "format");
  EXPECT_EQ(contentOf(post(server, request({user("x")}, format))), "other");  // model differs
  EXPECT_EQ(contentOf(post(server, request({user("x"), assistantCalling("a"), toolResult("one"), assistantCalling("b"),
                                            toolResult("two")}))),
            "two results");
  EXPECT_EQ(contentOf(post(server, request({user("x"), assistantCalling("a"), toolResult("two"), assistantCalling("b"),
                                            toolResult("one")}))),
            "other");
  // Multi-part content counts its text parts.
  json parts = {{"role", "user"},
                {"content", {{{"type", "text"}, {"text", "the first"}}, {{"type", "text"}, {"text", " and second"}}}}};
  EXPECT_EQ(contentOf(post(server, request({parts}))), "users");
}

TEST(LlmServer, TimesUsesAnEntryUpThenFallsThrough) {
  LlmServerProcess server(parse(R"({"replies": [
    {"times": 1, "reply": {"content": "not json at all"}},
    {"reply": {"content_json": {"ok": true}}}
  ]})"));
  EXPECT_EQ(contentOf(post(server, request({user("x")}))), "not json at all");
  EXPECT_EQ(contentOf(post(server, request({user("x")}))), R"({"ok":true})");
  EXPECT_EQ(contentOf(post(server, request({user("x")}))), R"({"ok":true})");
  std::vector<json> log = server.requests();
  ASSERT_EQ(log.size(), 3u);
  EXPECT_EQ(log[0]["matched"], 0);
  EXPECT_EQ(log[1]["matched"], 1);
  EXPECT_EQ(log[2]["matched"], 1);
}

TEST(LlmServer, ScriptedStatusAndHeaders) {
  LlmServerProcess server(parse(R"({"replies": [
    {"times": 1, "status": 429, "headers": {"Retry-After": "2", "X-Count": 3}},
    {"reply": {"content": "ok now"}}
  ]})"));

  auto limited = post(server, request({user("x")}));
  ASSERT_TRUE(limited);
  EXPECT_EQ(limited->status, 429);
  EXPECT_EQ(limited->get_header_value("Retry-After"), "2");
  EXPECT_EQ(limited->get_header_value("X-Count"), "3");
  json error = json::parse(limited->body);
  EXPECT_EQ(error["error"]["message"], "scripted status 429");
  EXPECT_EQ(error["error"]["type"], "test");

  EXPECT_EQ(contentOf(post(server, request({user("x")}))), "ok now");
  EXPECT_EQ(server.requests()[0]["status"], 429);
}

TEST(LlmServer, RawBodyIsSentVerbatim) {
  LlmServerProcess server(parse(R"({"replies": [
    {"times": 1, "body": "{\"choices\": [{\"message\": "},
    {"status": 502, "body": "<html>bad gateway</html>", "content_type": "text/html"}
  ]})"));

  auto truncated = post(server, request({user("x")}));
  ASSERT_TRUE(truncated);
  EXPECT_EQ(truncated->status, 200);
  EXPECT_EQ(truncated->body, R"({"choices": [{"message": )");
  EXPECT_EQ(truncated->get_header_value("Content-Type"), "application/json");

  auto html = post(server, request({user("x")}));
  ASSERT_TRUE(html);
  EXPECT_EQ(html->status, 502);
  EXPECT_EQ(html->body, "<html>bad gateway</html>");
  EXPECT_EQ(html->get_header_value("Content-Type"), "text/html");
}

TEST(LlmServer, DelayDoesNotBlockOtherRequests) {
  LlmServerProcess server(parse(R"({"replies": [
    {"match": {"user_contains": "slow"}, "delay_ms": 500, "reply": {"content": "slow"}},
    {"reply": {"content": "fast"}}
  ]})"));

  const auto start = Clock::now();
  std::atomic<int64_t> slowDoneMs{-1};
  std::thread slow([&] {
    EXPECT_EQ(contentOf(post(server, request({user("slow please")}))), "slow");
    slowDoneMs = msSince(start);
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(100));  // the slow one arrives first
  const auto fastStart = Clock::now();
  EXPECT_EQ(contentOf(post(server, request({user("fast please")}))), "fast");
  const int64_t fastMs = msSince(fastStart);
  EXPECT_EQ(slowDoneMs.load(), -1) << "the fast request waited for the slow one";
  EXPECT_LT(fastMs, 300);
  slow.join();
  EXPECT_GE(slowDoneMs.load(), 500);

  std::vector<json> log = server.requests();
  ASSERT_EQ(log.size(), 2u);
  EXPECT_EQ(log[1]["body"]["messages"][0]["content"], "fast please");
  EXPECT_EQ(log[1]["in_flight"], 2);  // the slow one was still being handled
  EXPECT_GE(log[0]["answered_ms"].get<int64_t>() - log[0]["arrived_ms"].get<int64_t>(), 500);
  EXPECT_LT(log[1]["answered_ms"].get<int64_t>(), log[0]["answered_ms"].get<int64_t>());
}

TEST(LlmServer, NoMatchingEntryIsA500NamingTheRequest) {
  LlmServerProcess server(
      parse(R"({"replies": [{"match": {"system_contains": "nobody says this"}, "reply": {"content": "x"}}]})"));

  auto result = post(server, request({systemPrompt("You are a summarizer."), user("sum"), assistantCalling("f"),
                                      toolResult("the tool said so")}));
  ASSERT_TRUE(result);
  EXPECT_EQ(result->status, 500);
  std::string message = json::parse(result->body)["error"]["message"];
  EXPECT_NE(message.find("no scripted reply matches this request"), std::string::npos) << message;
  EXPECT_NE(message.find("You are a summarizer."), std::string::npos) << message;
  EXPECT_NE(message.find("messages=4"), std::string::npos) << message;
  EXPECT_NE(message.find("tool_results=1"), std::string::npos) << message;
  EXPECT_NE(message.find("the tool said so"), std::string::npos) << message;

  std::vector<json> log = server.requests();
  ASSERT_EQ(log.size(), 1u);
  EXPECT_TRUE(log[0]["matched"].is_null());
  EXPECT_EQ(log[0]["status"], 500);
}

TEST(LlmServer, LogRecordsRequests) {
  LlmServerProcess server(answering("ok"));
  json body = request({user("logged")}, {{"temperature", 0}});

  httplib::Client client("127.0.0.1", server.port());
  client.set_bearer_token_auth("sk-test-123");
  auto result = client.Post("/v1/chat/completions", {{"X-Trace", "abc"}}, body.dump(), "application/json");
  ASSERT_TRUE(result);
  EXPECT_EQ(post(server, body)->status, 200);  // no authorization

  std::vector<json> log = server.requests();
  ASSERT_EQ(log.size(), 2u);
  const json &first = log[0];
  EXPECT_EQ(first["seq"], 1);
  EXPECT_EQ(first["path"], "/v1/chat/completions");
  EXPECT_EQ(first["authorization"], "Bearer sk-test-123");
  EXPECT_EQ(first["headers"]["authorization"], "Bearer sk-test-123");
  EXPECT_EQ(first["headers"]["x-trace"], "abc");
  EXPECT_EQ(first["headers"]["content-type"], "application/json");
  EXPECT_FALSE(first["headers"].contains("remote_addr"));
  EXPECT_EQ(first["body"], body);
  EXPECT_EQ(first["matched"], 0);
  EXPECT_EQ(first["status"], 200);
  EXPECT_EQ(first["in_flight"], 1);
  EXPECT_EQ(first["max_in_flight"], 1);
  EXPECT_LE(first["arrived_ms"].get<int64_t>(), first["answered_ms"].get<int64_t>());
  EXPECT_EQ(log[1]["seq"], 2);
  EXPECT_TRUE(log[1]["authorization"].is_null());
}

TEST(LlmServer, LogCountsRequestsInFlight) {
  LlmServerProcess server(parse(R"({"replies": [{"delay_ms": 400, "reply": {"content": "ok"}}]})"));
  constexpr int kRequests = 8;
  std::vector<std::future<int>> statuses;
  for (int i = 0; i < kRequests; ++i) {
    statuses.push_back(std::async(std::launch::async, [&] {
      auto result = post(server, request({user("x")}));
      return result ? result->status : -1;
    }));
  }
  for (auto &status : statuses)
    EXPECT_EQ(status.get(), 200);

  std::vector<json> log = server.requests();
  ASSERT_EQ(log.size(), static_cast<size_t>(kRequests));
  int64_t maxInFlight = 0;
  for (const json &line : log)
    maxInFlight = std::max(maxInFlight, line["in_flight"].get<int64_t>());
  EXPECT_EQ(maxInFlight, kRequests);
  EXPECT_EQ(log.back()["max_in_flight"], kRequests);
}

// The worker pool is large enough that 64 concurrent requests are all in flight at once.
TEST(LlmServer, SixtyFourRequestsRunAtOnce) {
  LlmServerProcess server(parse(R"({"replies": [{"delay_ms": 1500, "reply": {"content": "ok"}}]})"));
  constexpr int kRequests = 64;
  const auto start = Clock::now();
  std::vector<std::future<int>> statuses;
  for (int i = 0; i < kRequests; ++i) {
    statuses.push_back(std::async(std::launch::async, [&] {
      auto result = post(server, request({user("x")}));
      return result ? result->status : -1;
    }));
  }
  for (auto &status : statuses)
    EXPECT_EQ(status.get(), 200);
  EXPECT_LT(msSince(start), 2 * 1500);

  int64_t maxInFlight = 0;
  for (const json &line : server.requests())
    maxInFlight = std::max(maxInFlight, line["max_in_flight"].get<int64_t>());
  EXPECT_EQ(maxInFlight, kRequests);
}

TEST(LlmServer, BadRequestsAndUnknownRoutes) {
  LlmServerProcess server(answering("ok"));
  httplib::Client client("127.0.0.1", server.port());

  auto notJson = client.Post("/v1/chat/completions", "this is not json", "application/json");
  ASSERT_TRUE(notJson);
  EXPECT_EQ(notJson->status, 400);
  EXPECT_TRUE(json::parse(notJson->body)["error"]["message"].is_string());

  auto noMessages = client.Post("/v1/chat/completions", R"({"model": "m"})", "application/json");
  ASSERT_TRUE(noMessages);
  EXPECT_EQ(noMessages->status, 400);

  auto models = client.Get("/v1/models");
  ASSERT_TRUE(models);
  EXPECT_EQ(models->status, 404);
  EXPECT_TRUE(json::parse(models->body)["error"]["message"].is_string());

  auto other = client.Post("/v1/completions", request({user("x")}).dump(), "application/json");
  ASSERT_TRUE(other);
  EXPECT_EQ(other->status, 404);

  std::vector<json> log = server.requests();
  ASSERT_EQ(log.size(), 4u);
  EXPECT_EQ(log[0]["body"], "this is not json");  // the raw text when it is not JSON
  EXPECT_EQ(log[0]["status"], 400);
  EXPECT_EQ(log[2]["path"], "/v1/models");
  EXPECT_EQ(log[2]["status"], 404);
  EXPECT_TRUE(log[3]["matched"].is_null());
}

TEST(LlmServer, StoppedServerRefusesConnections) {
  LlmServerProcess server(answering("ok"));
  const int port = server.port();
  EXPECT_EQ(contentOf(post(server, request({user("x")}))), "ok");
  EXPECT_EQ(connectError(port), 0);

  server.stop();
  EXPECT_FALSE(server.running());
  EXPECT_EQ(connectError(port), ECONNREFUSED);
  EXPECT_FALSE(post(server, request({user("x")})));  // httplib: a connection error
  EXPECT_EQ(server.requests().size(), 1u);             // the log outlives the process
  server.stop();                                       // idempotent
}

// Stopping is quick and drops what is still pending, as a crash would: a request sleeping in
// its delay gets no answer, and an idle keep-alive connection does not hold the server up.
TEST(LlmServer, StopDropsPendingRequestsQuickly) {
  LlmServerProcess server(parse(R"({"replies": [
    {"match": {"user_contains": "late"}, "delay_ms": 10000, "reply": {"content": "late"}},
    {"reply": {"content": "now"}}
  ]})"));
  httplib::Client keepAlive("127.0.0.1", server.port());
  keepAlive.set_keep_alive(true);
  auto now = keepAlive.Post("/v1/chat/completions", request({user("now")}).dump(), "application/json");
  ASSERT_TRUE(now);
  EXPECT_EQ(now->status, 200);

  auto pending = std::async(std::launch::async, [&] { return post(server, request({user("late")})); });
  std::this_thread::sleep_for(std::chrono::milliseconds(200));  // in its delay by now
  const auto start = Clock::now();
  server.stop();
  EXPECT_LT(msSince(start), 1000);
  EXPECT_FALSE(pending.get()) << "the delayed request was answered";
  ASSERT_EQ(server.requests().size(), 1u);
  EXPECT_EQ(server.requests()[0]["body"]["messages"][0]["content"], "now");
}

TEST(LlmServer, FixedPortServesAndStops) {
  const int port = LlmServerProcess::unusedPort();
  {
    LlmServerProcess server(answering("first"), port);
    EXPECT_EQ(server.port(), port);
    EXPECT_EQ(contentOf(post(server, request({user("x")}))), "first");
  }
  EXPECT_EQ(connectError(port), ECONNREFUSED);
  // A new server on the same port: the "LLM came back" half of an outage test.
  LlmServerProcess again(answering("second"), port);
  EXPECT_EQ(again.baseUrl(), "http://127.0.0.1:" + std::to_string(port) + "/v1");
  EXPECT_EQ(contentOf(post(again, request({user("x")}))), "second");
  again.stop();
  EXPECT_EQ(connectError(port), ECONNREFUSED);
}

TEST(LlmServer, BusyFixedPortFailsToStart) {
  LlmServerProcess server(answering("ok"));
  try {
    LlmServerProcess second(answering("ok"), server.port());
    FAIL() << "a second server started on a busy port";
  } catch (const std::runtime_error &e) {
    EXPECT_NE(std::string(e.what()).find("exit status 3"), std::string::npos) << e.what();
  }
}

TEST(LlmServer, BadScriptsFailToStart) {
  const char *badScripts[] = {
      R"([])",
      R"({"replies": [{"match": {"sytem_contains": "x"}, "reply": {"content": "x"}}]})",  // a typo
      R"({"replies": [{"reply": {"content": "x", "content_json": 1}}]})",
      R"({"replies": [{"match": {"rounds": "one"}, "reply": {"content": "x"}}]})",
      R"({"replies": [{"times": 2}]})",  // neither reply, body nor a status
      R"({"replies": [{"status": 42}]})",
      R"({"replies": [{"reply": {"tool_calls": [{"arguments": {}}]}}]})",  // no name
      // The streaming keys are checked like the rest.
      R"({"replies": [{"reply": {"content": "x"}, "chunk_delay": 5}]})",  // a typo of chunk_delay_ms
      R"({"replies": [{"reply": {"content": "x"}, "chunk_bytes": 0}]})",
      R"({"replies": [{"reply": {"content": "x"}, "chunk_delay_ms": -1}]})",
      R"({"replies": [{"reply": {"content": "x"}, "break_after_chunks": "2"}]})",
      R"({"replies": [{"reply": {"content": "x"}, "stream_error": 529}]})",
  };
  for (const char *script : badScripts) {
    try {
      LlmServerProcess server(parse(script));
      ADD_FAILURE() << "the server started with " << script;
    } catch (const std::runtime_error &e) {
      EXPECT_NE(std::string(e.what()).find("exit status 2"), std::string::npos) << e.what();
    }
  }
}

// ---- The Messages API route (Anthropic)

json textBlock(const std::string &text) { return {{"type", "text"}, {"text", text}}; }
json mUser(const std::string &text) { return {{"role", "user"}, {"content", json::array({textBlock(text)})}}; }
json mAssistantCalling(const std::string &id, const std::string &name) {
  return {{"role", "assistant"},
          {"content", json::array({{{"type", "tool_use"}, {"id", id}, {"name", name}, {"input", json::object()}}})}};
}
json mToolResult(const std::string &id, const json &content) {
  return {{"type", "tool_result"}, {"tool_use_id", id}, {"content", content}};
}
json mResults(std::vector<json> results) { return {{"role", "user"}, {"content", std::move(results)}}; }

json messagesRequest(std::vector<json> messages, json extra = json::object()) {
  json body = {{"model", "claude-test"}, {"max_tokens", 1024}, {"messages", std::move(messages)}};
  body.update(extra);
  return body;
}

httplib::Result postMessages(const LlmServerProcess &server, const json &body, const std::string &path = "/v1/messages") {
  return post(server, body, {{"x-api-key", "sk-ant-test"}, {"anthropic-version", "2023-06-01"}}, path);
}

// The reply, after checking the HTTP status and the message's shape.
json messageReplyOf(const httplib::Result &result) {
  EXPECT_TRUE(result) << "no HTTP response";
  if (!result)
    return json();
  EXPECT_EQ(result->status, 200) << result->body;
  json reply = json::parse(result->body);
  EXPECT_EQ(reply["type"], "message");
  EXPECT_EQ(reply["role"], "assistant");
  EXPECT_TRUE(reply["content"].is_array());
  return reply;
}

TEST(LlmServerMessages, AnswersInTheMessagesShape) {
  LlmServerProcess server(parse(R"({"replies": [{"reply": {"content": "hello there",
                                                            "usage": {"prompt_tokens": 30, "completion_tokens": 4}}}]})"));
  json reply = messageReplyOf(postMessages(server, messagesRequest({mUser("hi")})));
  EXPECT_EQ(reply["id"], "msg_test_1");
  EXPECT_EQ(reply["model"], "claude-test");  // echoed
  EXPECT_EQ(reply["content"], json::array({textBlock("hello there")}));
  EXPECT_EQ(reply["stop_reason"], "end_turn");
  EXPECT_TRUE(reply["stop_sequence"].is_null());
  EXPECT_EQ(reply["usage"], json({{"input_tokens", 30}, {"output_tokens", 4}}));

  // The path without /v1 answers too; a string content is a user message as well.
  json again = messageReplyOf(postMessages(server, messagesRequest({{{"role", "user"}, {"content", "hi"}}}), "/messages"));
  EXPECT_EQ(again["content"][0]["text"], "hello there");

  std::vector<json> log = server.requests();
  ASSERT_EQ(log.size(), 2u);
  EXPECT_EQ(log[0]["path"], "/v1/messages");
  EXPECT_EQ(log[0]["headers"]["x-api-key"], "sk-ant-test");
  EXPECT_EQ(log[0]["headers"]["anthropic-version"], "2023-06-01");
  EXPECT_TRUE(log[0]["authorization"].is_null());
}

TEST(LlmServerMessages, ToolCallsAreToolUseBlocksWithParsedInput) {
  LlmServerProcess server(parse(R"({"replies": [
    {"reply": {"content": "let me look",
               "tool_calls": [{"name": "search", "arguments": {"query": "wfc", "limit": 3}},
                              {"name": "broken", "arguments_text": "{\"x\": "},
                              {"name": "finish"}]}}
  ]})"));
  json reply = messageReplyOf(postMessages(server, messagesRequest({mUser("go")})));
  EXPECT_EQ(reply["stop_reason"], "tool_use");
  ASSERT_EQ(reply["content"].size(), 4u);
  EXPECT_EQ(reply["content"][0], textBlock("let me look"));
  EXPECT_EQ(reply["content"][1],
            json({{"type", "tool_use"}, {"id", "toolu_1_0"}, {"name", "search"}, {"input", {{"limit", 3}, {"query", "wfc"}}}}));
  EXPECT_EQ(reply["content"][2]["input"], "{\"x\": ");  // not JSON: the text, as a string
  EXPECT_EQ(reply["content"][3]["id"], "toolu_1_2");
  EXPECT_EQ(reply["content"][3]["input"], json::object());
}

TEST(LlmServerMessages, MatchersReadSystemUserTextAndToolResultBlocks) {
  LlmServerProcess server(parse(R"({"replies": [
    {"match": {"system_contains": "You are the planner"}, "reply": {"content": "plan"}},
    {"match": {"tool_result_contains": "answer=42", "last_tool_result_contains": "b=2", "tool_results": 2,
               "rounds": 1, "last_user_contains": "compute", "user_contains": "compute"},
     "reply": {"content": "final: 42"}},
    {"match": {"rounds": 0, "has_tools": true}, "reply": {"tool_calls": [{"name": "compute"}]}},
    {"reply": {"content": "fallback"}}
  ]})"));

  auto contentOfMessage = [&](const json &body) { return messageReplyOf(postMessages(server, body))["content"][0]; };
  EXPECT_EQ(contentOfMessage(messagesRequest({mUser("plan it")}, {{"system", "Hi. You are the planner."}}))["text"], "plan");
  // The system as an array of text blocks.
  EXPECT_EQ(contentOfMessage(messagesRequest({mUser("plan it")}, {{"system", {textBlock("You are the planner.")}}}))["text"],
            "plan");
  json tools = {{"tools", {{{"name", "compute"}, {"input_schema", {{"type", "object"}}}}}}};
  EXPECT_EQ(contentOfMessage(messagesRequest({mUser("compute")}, tools))["name"], "compute");
  // The tool results (a string content and a text block list) in one user message: not a user message.
  json round = messagesRequest({mUser("compute"),
                                {{"role", "assistant"},
                                 {"content", {{{"type", "tool_use"}, {"id", "a"}, {"name", "compute"}, {"input", json::object()}},
                                              {{"type", "tool_use"}, {"id", "b"}, {"name", "compute"}, {"input", json::object()}}}}},
                                mResults({mToolResult("a", "answer=42"), mToolResult("b", json::array({textBlock("b=2")}))})},
                               tools);
  EXPECT_EQ(contentOfMessage(round)["text"], "final: 42");
}

TEST(LlmServerMessages, AForcedToolAnswersJsonContentAsItsInput) {
  LlmServerProcess server(parse(R"({"replies": [
    {"match": {"has_response_format": true, "user_contains": "json"}, "reply": {"content_json": {"name": "Ada", "age": 36}}},
    {"match": {"has_response_format": true}, "reply": {"content": "not json"}},
    {"reply": {"content_json": {"free": true}}}
  ]})"));
  json forced = {{"tools", {{{"name", "extract"}, {"input_schema", {{"type", "object"}}}}}},
                 {"tool_choice", {{"type", "tool"}, {"name", "extract"}}}};
  json reply = messageReplyOf(postMessages(server, messagesRequest({mUser("json please")}, forced)));
  EXPECT_EQ(reply["stop_reason"], "tool_use");
  ASSERT_EQ(reply["content"].size(), 1u);
  EXPECT_EQ(reply["content"][0], json({{"type", "tool_use"}, {"id", "toolu_1_0"}, {"name", "extract"},
                                       {"input", {{"name", "Ada"}, {"age", 36}}}}));
  // Text that is not JSON stays text.
  json text = messageReplyOf(postMessages(server, messagesRequest({mUser("text please")}, forced)));
  EXPECT_EQ(text["content"], json::array({textBlock("not json")}));
  EXPECT_EQ(text["stop_reason"], "end_turn");
  // tool_choice auto forces nothing: content_json is text.
  json free = messageReplyOf(postMessages(
      server, messagesRequest({mUser("json please")}, {{"tool_choice", {{"type", "auto"}}}, {"tools", forced["tools"]}})));
  EXPECT_EQ(free["content"], json::array({textBlock(R"({"free":true})")}));
}

TEST(LlmServerMessages, RequestsTheApiWouldRejectAre400sInItsErrorShape) {
  LlmServerProcess server(parse(R"({"replies": [
    {"match": {"user_contains": "nobody says this"}, "reply": {"content": "x"}},
    {"match": {"user_contains": "limited"}, "status": 529}
  ]})"));
  auto problem = [&](const json &body) {
    auto result = postMessages(server, body);
    EXPECT_TRUE(result);
    if (!result)
      return std::string();
    EXPECT_EQ(result->status, 400) << result->body;
    json error = json::parse(result->body);
    EXPECT_EQ(error["type"], "error");
    EXPECT_EQ(error["error"]["type"], "invalid_request_error");
    return error["error"]["message"].get<std::string>();
  };
  json noMax = messagesRequest({mUser("x")});
  noMax.erase("max_tokens");
  EXPECT_EQ(problem(noMax), "max_tokens: Field required");
  EXPECT_EQ(problem(messagesRequest({})), "messages: at least one message is required");
  EXPECT_EQ(problem(messagesRequest({{{"role", "system"}, {"content", "x"}}, mUser("x")})),
            "messages.0.role: Input should be 'user' or 'assistant'");
  // Each round's tool_use blocks need their tool_result blocks in the very next message.
  EXPECT_NE(problem(messagesRequest({mUser("x"), mAssistantCalling("t1", "f"), mUser("no results")}))
                .find("messages.2: `tool_use` ids were found without `tool_result` blocks immediately after: t1."),
            std::string::npos);
  EXPECT_NE(problem(messagesRequest({mUser("x"), mAssistantCalling("t1", "f"), mResults({mToolResult("t1", "r")}),
                                     mResults({mToolResult("t1", "again")})}))
                .find("messages.3: unexpected `tool_use_id` found in `tool_result` blocks: t1."),
            std::string::npos);

  // No match, and a scripted status: 500 and 529, in the Messages API's error shape.
  auto unmatched = postMessages(server, messagesRequest({mUser("hello")}, {{"system", "You are a summarizer."}}));
  ASSERT_TRUE(unmatched);
  EXPECT_EQ(unmatched->status, 500);
  json error = json::parse(unmatched->body);
  EXPECT_EQ(error["type"], "error");
  EXPECT_NE(error["error"]["message"].get<std::string>().find("system=\"You are a summarizer.\""), std::string::npos)
      << error.dump();
  auto overloaded = postMessages(server, messagesRequest({mUser("limited")}));
  ASSERT_TRUE(overloaded);
  EXPECT_EQ(overloaded->status, 529);
  EXPECT_EQ(json::parse(overloaded->body),
            json({{"type", "error"}, {"error", {{"type", "test"}, {"message", "scripted status 529"}}}}));
}

// Media parts (docs/test-llm-server.md): last_user_media matches the last user message's media
// exactly — MIME types of inline bytes, URLs of the rest — on both routes, and a part either API
// would reject is a 400 naming it.
TEST(LlmServer, MatchesAndChecksMediaOnBothRoutes) {
  LlmServerProcess server(json::parse(R"({"replies": [
    {"match": {"last_user_media": ["image/png", "https://example.com/a.jpg"]}, "reply": {"content": "two"}},
    {"match": {"last_user_media": ["application/pdf"]}, "reply": {"content": "pdf"}},
    {"match": {"last_user_media": []}, "reply": {"content": "none"}},
    {"reply": {"content": "other"}}
  ]})"));
  json image = {{"type", "image_url"}, {"image_url", {{"url", "data:image/png;base64,Zm9v"}, {"detail", "low"}}}};
  json byUrl = {{"type", "image_url"}, {"image_url", {{"url", "https://example.com/a.jpg"}}}};
  json parts = json::array({textBlock("look"), image, byUrl});
  EXPECT_EQ(contentOf(post(server, request({{{"role", "user"}, {"content", parts}}}))), "two");
  EXPECT_EQ(contentOf(post(server, request({user("plain")}))), "none");
  // Only the last user message counts.
  EXPECT_EQ(contentOf(post(server, request({{{"role", "user"}, {"content", parts}}, user("plain")}))), "none");
  json pdf = {{"type", "file"}, {"file", {{"filename", "r.pdf"}, {"file_data", "data:application/pdf;base64,Zm9v"}}}};
  EXPECT_EQ(contentOf(post(server, request({{{"role", "user"}, {"content", json::array({textBlock("x"), pdf})}}}))), "pdf");
  json audio = {{"type", "input_audio"}, {"input_audio", {{"data", "Zm9v"}, {"format", "wav"}}}};
  EXPECT_EQ(contentOf(post(server, request({{{"role", "user"}, {"content", json::array({audio})}}}))), "other");

  auto chatProblem = [&](const json &part) {
    auto result = post(server, request({{{"role", "user"}, {"content", json::array({textBlock("x"), part})}}}));
    EXPECT_TRUE(result);
    if (!result)
      return std::string();
    EXPECT_EQ(result->status, 400) << result->body;
    return json::parse(result->body)["error"]["message"].get<std::string>();
  };
  EXPECT_NE(chatProblem({{"type", "image_url"}, {"image_url", {{"url", "data:image/png;base64,Zm9v!"}}}}).find("messages[0].content[1]: Invalid image URL"),
            std::string::npos);
  EXPECT_NE(chatProblem({{"type", "image_url"}, {"image_url", {{"url", "https://x/a.png"}, {"detail", "max"}}}}).find("detail"),
            std::string::npos);
  EXPECT_NE(chatProblem({{"type", "input_audio"}, {"input_audio", {{"data", "Zm9v"}, {"format", "flac"}}}}).find("format must be wav or mp3"),
            std::string::npos);
  EXPECT_NE(chatProblem({{"type", "file"}, {"file", {{"file_data", "data:application/pdf;base64,Zm9v"}}}}).find("filename is required"),
            std::string::npos);
  EXPECT_NE(chatProblem({{"type", "video_url"}}).find("unknown content part type 'video_url'"), std::string::npos);

  // The Messages API: image and document blocks.
  json mImage = {{"type", "image"}, {"source", {{"type", "base64"}, {"media_type", "image/png"}, {"data", "Zm9v"}}}};
  json mUrl = {{"type", "image"}, {"source", {{"type", "url"}, {"url", "https://example.com/a.jpg"}}}};
  json mMessage = {{"role", "user"}, {"content", json::array({textBlock("look"), mImage, mUrl})}};
  EXPECT_EQ(messageReplyOf(postMessages(server, messagesRequest({mMessage})))["content"][0]["text"], "two");
  json document = {{"type", "document"}, {"source", {{"type", "base64"}, {"media_type", "application/pdf"}, {"data", "Zm9v"}}}};
  json onlyMedia = {{"role", "user"}, {"content", json::array({document})}};
  EXPECT_EQ(messageReplyOf(postMessages(server, messagesRequest({onlyMedia})))["content"][0]["text"], "pdf");
  auto messagesProblem = [&](const json &block) {
    auto result = postMessages(server, messagesRequest({{{"role", "user"}, {"content", json::array({textBlock("x"), block})}}}));
    EXPECT_TRUE(result);
    if (!result)
      return std::string();
    EXPECT_EQ(result->status, 400) << result->body;
    return json::parse(result->body)["error"]["message"].get<std::string>();
  };
  EXPECT_EQ(messagesProblem({{"type", "image"}, {"source", {{"type", "base64"}, {"media_type", "image/bmp"}, {"data", "Zm9v"}}}}),
            "messages.0.content.1: source.media_type: Input should be 'image/jpeg', 'image/png', 'image/gif' or 'image/webp'");
  EXPECT_EQ(messagesProblem({{"type", "image"}, {"source", {{"type", "base64"}, {"media_type", "image/png"}, {"data", "Zm9v="}}}}),
            "messages.0.content.1: source.data: invalid base64 data");
  EXPECT_EQ(messagesProblem({{"type", "document"}, {"source", {{"type", "file"}}}}),
            "messages.0.content.1: source.type: Input should be 'base64' or 'url'");
}

// ---- Streaming (docs/test-llm-server.md): "stream": true, both APIs' event formats

json streamRequest(std::vector<json> messages, json extra = json::object()) {
  json body = request(std::move(messages), {{"stream", true}});
  body.update(extra);
  return body;
}

json messagesStreamRequest(std::vector<json> messages, json extra = json::object()) {
  json body = messagesRequest(std::move(messages), {{"stream", true}});
  body.update(extra);
  return body;
}

Streamed postMessagesStream(const LlmServerProcess &server, const json &body) {
  return postStream(server, body, "/v1/messages", {{"x-api-key", "sk-ant-test"}, {"anthropic-version", "2023-06-01"}});
}

size_t longestPiece(const std::vector<std::string> &pieces) {
  size_t longest = 0;
  for (const std::string &piece : pieces)
    longest = std::max(longest, piece.size());
  return longest;
}

const char *kToolScript = R"({"replies": [
  {"reply": {"content": "Hello brave  new\nworld",
             "tool_calls": [{"name": "search", "arguments": {"query": "wfc streams", "limit": 3}},
                            {"name": "note", "arguments_text": "{\"text\": \"héllo wörld €\"}"}],
             "usage": {"prompt_tokens": 100, "completion_tokens": 7}}}
]})";

TEST(LlmServerStreaming, ChatCompletionsStreamsChunksThatAddUpToTheReply) {
  LlmServerProcess server(parse(kToolScript));
  Streamed streamed = postStream(server, streamRequest({user("go")}, {{"model", "gpt-test-1"}}));
  EXPECT_EQ(streamed.error, httplib::Error::Success);
  EXPECT_EQ(streamed.status, 200);
  EXPECT_EQ(streamed.contentType, "text/event-stream");
  Assembled out = assemble(streamed.body, "chatcmpl-test-1");
  EXPECT_EQ(out.role, json({{"role", "assistant"}, {"content", ""}}));
  // Words, each with the whitespace after it.
  EXPECT_EQ(out.contentPieces, std::vector<std::string>({"Hello ", "brave  ", "new\n", "world"}));
  // The tool calls add up to what the plain reply has; arguments in pieces of at most 8 bytes.
  // (Ids aside: they carry the request's seq, and the plain one is request 2.)
  json plain = messageOf(post(server, request({user("go")})));
  ASSERT_EQ(out.toolCalls.size(), 2u);
  EXPECT_EQ(out.toolCalls[0]["id"], "call_1_0");
  EXPECT_EQ(out.toolCalls[1]["id"], "call_1_1");
  for (json *calls : {&out.toolCalls, &plain["tool_calls"]})
    for (json &call : *calls)
      call.erase("id");
  EXPECT_EQ(out.toolCalls, plain["tool_calls"]);
  EXPECT_EQ(out.toolCalls[1]["function"]["arguments"], "{\"text\": \"héllo wörld €\"}");
  EXPECT_LE(longestPiece(out.argumentPieces), 8u);
  EXPECT_GT(out.argumentPieces.size(), 4u);
  EXPECT_EQ(out.finishReason, "tool_calls");
  EXPECT_TRUE(out.done);
  EXPECT_TRUE(out.error.is_null());
  // Without stream_options.include_usage: no usage at all, as the API does.
  EXPECT_TRUE(out.usage.is_null());
  for (const json &chunk : out.chunks) {
    EXPECT_FALSE(chunk.contains("usage")) << chunk.dump();
    EXPECT_EQ(chunk["model"], "gpt-test-1");
  }

  // With it: a last chunk with the usage and no choices; the others carry "usage": null.
  json withUsage = streamRequest({user("go")}, {{"stream_options", {{"include_usage", true}}}});
  Assembled counted = assemble(postStream(server, withUsage).body, "chatcmpl-test-3");
  EXPECT_TRUE(counted.done);
  EXPECT_EQ(counted.usage, json({{"prompt_tokens", 100}, {"completion_tokens", 7}, {"total_tokens", 107}}));
  ASSERT_FALSE(counted.chunks.empty());
  EXPECT_EQ(counted.chunks.back()["choices"], json::array());
  for (size_t i = 0; i + 1 < counted.chunks.size(); ++i)
    EXPECT_TRUE(counted.chunks[i].contains("usage") && counted.chunks[i]["usage"].is_null()) << counted.chunks[i].dump();
  EXPECT_EQ(counted.chunks.back()["model"], "test-model");

  // The log has the requests as sent, "stream" and all.
  std::vector<json> log = server.requests();
  ASSERT_EQ(log.size(), 3u);
  EXPECT_EQ(log[0]["body"]["stream"], true);
  EXPECT_EQ(log[0]["status"], 200);
  EXPECT_EQ(log[0]["matched"], 0);
  EXPECT_FALSE(log[1]["body"].contains("stream"));
}

TEST(LlmServerStreaming, MessagesStreamsEventsThatAddUpToTheReply) {
  LlmServerProcess server(parse(kToolScript));
  Streamed streamed = postMessagesStream(server, messagesStreamRequest({mUser("go")}));
  EXPECT_EQ(streamed.error, httplib::Error::Success);
  EXPECT_EQ(streamed.status, 200);
  EXPECT_EQ(streamed.contentType, "text/event-stream");
  MessageStream out = assembleMessages(streamed.body);
  EXPECT_EQ(out.start, json({{"id", "msg_test_1"},
                             {"type", "message"},
                             {"role", "assistant"},
                             {"model", "claude-test"},
                             {"content", json::array()},
                             {"stop_reason", nullptr},
                             {"stop_sequence", nullptr},
                             {"usage", {{"input_tokens", 100}, {"output_tokens", 1}}}}));
  ASSERT_GE(out.names.size(), 3u);
  EXPECT_EQ(out.names[1], "ping");
  EXPECT_EQ(out.names[2], "content_block_start");
  EXPECT_EQ(out.textPieces, std::vector<std::string>({"Hello ", "brave  ", "new\n", "world"}));
  EXPECT_LE(longestPiece(out.jsonPieces), 8u);
  // The blocks add up to the plain reply's content, ids aside (they carry the request's seq).
  json plain = messageReplyOf(postMessages(server, messagesRequest({mUser("go")})));
  ASSERT_EQ(out.content.size(), 3u);
  EXPECT_EQ(out.content[1]["id"], "toolu_1_0");
  EXPECT_EQ(out.content[2]["id"], "toolu_1_1");
  for (json *blocks : {&out.content, &plain["content"]})
    for (json &block : *blocks)
      block.erase("id");
  EXPECT_EQ(out.content, plain["content"]);
  EXPECT_EQ(out.messageDelta, json({{"type", "message_delta"},
                                    {"delta", {{"stop_reason", "tool_use"}, {"stop_sequence", nullptr}}},
                                    {"usage", {{"output_tokens", 7}}}}));
  EXPECT_TRUE(out.stopped);
  EXPECT_EQ(out.names.back(), "message_stop");
}

TEST(LlmServerStreaming, MessagesStreamsAForcedToolsJsonAsItsInput) {
  LlmServerProcess server(parse(R"({"replies": [{"reply": {"content_json": {"name": "Ada", "age": 36}}}]})"));
  json forced = {{"tools", {{{"name", "extract"}, {"input_schema", {{"type", "object"}}}}}},
                 {"tool_choice", {{"type", "tool"}, {"name", "extract"}}}};
  MessageStream out = assembleMessages(postMessagesStream(server, messagesStreamRequest({mUser("x")}, forced)).body);
  EXPECT_EQ(out.content, json::array({{{"type", "tool_use"},
                                       {"id", "toolu_1_0"},
                                       {"name", "extract"},
                                       {"input", {{"name", "Ada"}, {"age", 36}}}}}));
  EXPECT_EQ(out.messageDelta["delta"]["stop_reason"], "tool_use");
}

TEST(LlmServerStreaming, ChunkBytesSplitsTextWithoutSplittingCharacters) {
  // a é € 😀 b: 1, 2, 3, 4 and 1 bytes; the emoji alone is longer than 3.
  LlmServerProcess server(parse(R"({"replies": [{"chunk_bytes": 3, "reply": {"content": "aé€😀b"}}]})"));
  const std::vector<std::string> expected = {"aé", "€", "😀", "b"};
  EXPECT_EQ(assemble(postStream(server, streamRequest({user("x")})).body, "chatcmpl-test-1").contentPieces, expected);
  EXPECT_EQ(assembleMessages(postMessagesStream(server, messagesStreamRequest({mUser("x")})).body).textPieces, expected);
}

TEST(LlmServerStreaming, ChunkDelaySpacesTheEventsAndEachIsSentAtOnce) {
  LlmServerProcess server(parse(R"({"replies": [{"chunk_delay_ms": 60, "reply": {"content": "a b c d"}}]})"));
  // role, 4 words, finish, [DONE]: 7 events, 6 delays.
  Streamed streamed = postStream(server, streamRequest({user("x")}));
  EXPECT_EQ(streamed.error, httplib::Error::Success);
  EXPECT_EQ(assemble(streamed.body, "chatcmpl-test-1").contentPieces, std::vector<std::string>({"a ", "b ", "c ", "d"}));
  EXPECT_GE(streamed.totalMs, 6 * 60);
  ASSERT_FALSE(streamed.arrivalsMs.empty());
  EXPECT_LT(streamed.arrivalsMs.front(), streamed.totalMs - 200) << "the first event waited for the rest";
  EXPECT_GE(streamed.arrivalsMs.size(), 4u);

  // message_start, ping, block start, 4 deltas, block stop, message_delta, message_stop: 9 delays.
  Streamed messages = postMessagesStream(server, messagesStreamRequest({mUser("x")}));
  EXPECT_TRUE(assembleMessages(messages.body).stopped);
  EXPECT_GE(messages.totalMs, 9 * 60);
}

// A stream is in flight until its last event, not only until it starts.
TEST(LlmServerStreaming, AStreamIsInFlightUntilItEnds) {
  LlmServerProcess server(parse(R"({"replies": [
    {"match": {"user_contains": "slow"}, "chunk_delay_ms": 100, "reply": {"content": "a b c d e"}},
    {"reply": {"content": "fast"}}
  ]})"));
  auto slow = std::async(std::launch::async, [&] { return postStream(server, streamRequest({user("slow")})); });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // streaming by now
  EXPECT_EQ(contentOf(post(server, request({user("fast")}))), "fast");
  EXPECT_EQ(slow.get().error, httplib::Error::Success);
  EXPECT_EQ(contentOf(post(server, request({user("fast")}))), "fast");
  std::vector<json> log = server.requests();
  ASSERT_EQ(log.size(), 3u);
  EXPECT_EQ(log[1]["in_flight"], 2);
  EXPECT_EQ(log[2]["in_flight"], 1);
}

TEST(LlmServerStreaming, BreakAfterChunksCutsTheTransferAfterThatManyDeltas) {
  LlmServerProcess server(parse(R"({"replies": [
    {"match": {"user_contains": "three"}, "break_after_chunks": 3, "reply": {"content": "one two three four five"}},
    {"match": {"user_contains": "zero"}, "break_after_chunks": 0, "reply": {"content": "one two"}},
    {"match": {"user_contains": "many"}, "break_after_chunks": 50, "reply": {"content": "one two"}},
    {"match": {"user_contains": "tool"}, "break_after_chunks": 2,
     "reply": {"content": "look", "tool_calls": [{"name": "search", "arguments": {"query": "a longer query"}}]}},
    {"reply": {"content": "whole"}}
  ]})"));

  // httplib: the response ends without its last chunk, a read error; what came before is there.
  Streamed three = postStream(server, streamRequest({user("three")}));
  EXPECT_EQ(three.status, 200);
  EXPECT_EQ(three.error, httplib::Error::Read);
  Assembled cut = assemble(three.body, "chatcmpl-test-1");
  EXPECT_EQ(cut.contentPieces, std::vector<std::string>({"one ", "two ", "three "}));
  EXPECT_TRUE(cut.finishReason.is_null());
  EXPECT_FALSE(cut.done);

  // libcurl, as the runtime's client: a partial transfer (CURLE_PARTIAL_FILE).
  HttpReply curled = httpPostJson("http://127.0.0.1:" + std::to_string(server.port()) + "/v1/chat/completions",
                                  streamRequest({user("three")}).dump());
  EXPECT_EQ(curled.error, "Transferred a partial file");
  EXPECT_EQ(assemble(curled.body, "chatcmpl-test-2").contentPieces, std::vector<std::string>({"one ", "two ", "three "}));

  // 0: the opening events only.
  Streamed zero = postStream(server, streamRequest({user("zero")}));
  EXPECT_EQ(zero.error, httplib::Error::Read);
  Assembled opened = assemble(zero.body, "chatcmpl-test-3");
  EXPECT_EQ(opened.chunks.size(), 1u);
  EXPECT_TRUE(opened.contentPieces.empty());
  Streamed zeroMessages = postMessagesStream(server, messagesStreamRequest({mUser("zero")}));
  EXPECT_EQ(zeroMessages.error, httplib::Error::Read);
  EXPECT_EQ(assembleMessages(zeroMessages.body).names, std::vector<std::string>({"message_start", "ping"}));

  // More than the reply has: every delta, then the break instead of the closing events.
  Streamed many = postStream(server, streamRequest({user("many")}));
  EXPECT_EQ(many.error, httplib::Error::Read);
  Assembled all = assemble(many.body, "chatcmpl-test-5");
  EXPECT_EQ(all.contentPieces, std::vector<std::string>({"one ", "two"}));
  EXPECT_TRUE(all.finishReason.is_null());
  EXPECT_FALSE(all.done);

  // Tool call arguments count too: the text's one delta, then one of the arguments.
  Streamed tool = postStream(server, streamRequest({user("tool")}));
  EXPECT_EQ(tool.error, httplib::Error::Read);
  Assembled partial = assemble(tool.body, "chatcmpl-test-6");
  EXPECT_EQ(partial.contentPieces, std::vector<std::string>({"look"}));
  ASSERT_EQ(partial.toolCalls.size(), 1u);
  EXPECT_EQ(partial.argumentPieces, std::vector<std::string>({"{\"query\""}));
  Streamed toolMessages = postMessagesStream(server, messagesStreamRequest({mUser("tool")}));
  EXPECT_EQ(toolMessages.error, httplib::Error::Read);
  MessageStream partialMessages = assembleMessages(toolMessages.body);
  EXPECT_EQ(partialMessages.textPieces, std::vector<std::string>({"look"}));
  EXPECT_EQ(partialMessages.jsonPieces, std::vector<std::string>({"{\"query\""}));
  EXPECT_EQ(partialMessages.names.back(), "content_block_delta");
  EXPECT_TRUE(partialMessages.messageDelta.is_null());

  // The server goes on answering; the broken streams are logged as answered.
  Streamed whole = postStream(server, streamRequest({user("whole")}));
  EXPECT_EQ(whole.error, httplib::Error::Success);
  EXPECT_TRUE(assemble(whole.body, "chatcmpl-test-8").done);
  std::vector<json> log = server.requests();
  ASSERT_EQ(log.size(), 8u);
  EXPECT_EQ(log[0]["status"], 200);
  EXPECT_EQ(log[0]["matched"], 0);
}

TEST(LlmServerStreaming, StreamErrorEndsTheStreamWithTheApisErrorEvent) {
  LlmServerProcess server(parse(R"({"replies": [{"stream_error": "Overloaded", "reply": {"content": "so far so good"}}]})"));

  Streamed chat = postStream(server, streamRequest({user("x")}, {{"stream_options", {{"include_usage", true}}}}));
  EXPECT_EQ(chat.error, httplib::Error::Success);  // the response itself is whole
  EXPECT_EQ(chat.status, 200);
  Assembled out = assemble(chat.body, "chatcmpl-test-1");
  EXPECT_EQ(out.contentPieces, std::vector<std::string>({"so ", "far ", "so ", "good"}));
  EXPECT_EQ(out.error, json({{"error", {{"message", "Overloaded"}, {"type", "server_error"}}}}));
  EXPECT_TRUE(out.finishReason.is_null());
  EXPECT_TRUE(out.usage.is_null());
  EXPECT_FALSE(out.done);
  EXPECT_EQ(parseSse(chat.body).back().data, R"({"error":{"message":"Overloaded","type":"server_error"}})");

  Streamed messages = postMessagesStream(server, messagesStreamRequest({mUser("x")}));
  EXPECT_EQ(messages.error, httplib::Error::Success);
  MessageStream events = assembleMessages(messages.body);
  EXPECT_EQ(events.content, json::array({textBlock("so far so good")}));
  EXPECT_EQ(events.names.back(), "error");
  EXPECT_EQ(events.error, json({{"type", "error"}, {"error", {{"type", "overloaded_error"}, {"message", "Overloaded"}}}}));
  EXPECT_TRUE(events.messageDelta.is_null());
  EXPECT_FALSE(events.stopped);
}

// Errors are plain JSON, stream or not; a request without "stream": true is answered whole, the
// streaming keys ignored.
TEST(LlmServerStreaming, ErrorsAndPlainRequestsAreNotStreamed) {
  LlmServerProcess server(parse(R"({"replies": [
    {"match": {"user_contains": "limited"}, "status": 429, "headers": {"Retry-After": "1"}},
    {"match": {"user_contains": "raw"}, "body": "{\"partial\": "},
    {"match": {"user_contains": "plain"}, "chunk_bytes": 1, "chunk_delay_ms": 1000, "break_after_chunks": 0,
     "stream_error": "never", "reply": {"content": "whole answer"}}
  ]})"));

  Streamed limited = postStream(server, streamRequest({user("limited")}));
  EXPECT_EQ(limited.status, 429);
  EXPECT_EQ(limited.contentType, "application/json");
  EXPECT_EQ(json::parse(limited.body)["error"]["message"], "scripted status 429");
  Streamed raw = postStream(server, streamRequest({user("raw")}));
  EXPECT_EQ(raw.status, 200);
  EXPECT_EQ(raw.body, R"({"partial": )");
  Streamed unmatched = postStream(server, streamRequest({user("nothing matches")}));
  EXPECT_EQ(unmatched.status, 500);
  EXPECT_EQ(unmatched.contentType, "application/json");
  Streamed unmatchedMessages = postMessagesStream(server, messagesStreamRequest({mUser("nothing matches")}));
  EXPECT_EQ(unmatchedMessages.status, 500);
  EXPECT_EQ(json::parse(unmatchedMessages.body)["type"], "error");
  Streamed invalid = postMessagesStream(server, messagesStreamRequest({}));
  EXPECT_EQ(invalid.status, 400);
  EXPECT_EQ(json::parse(invalid.body)["error"]["type"], "invalid_request_error");

  const auto start = Clock::now();
  auto plain = post(server, request({user("plain")}));
  ASSERT_TRUE(plain);
  EXPECT_EQ(plain->get_header_value("Content-Type"), "application/json");
  EXPECT_EQ(contentOf(plain), "whole answer");
  EXPECT_EQ(contentOf(post(server, request({user("plain")}, {{"stream", false}}))), "whole answer");
  EXPECT_EQ(messageReplyOf(postMessages(server, messagesRequest({mUser("plain")})))["content"],
            json::array({textBlock("whole answer")}));
  EXPECT_LT(msSince(start), 1000);
}

}  // namespace
}  // namespace wfc::test

namespace wfc::test {
namespace {

double cosineOf(const json &a, const json &b) {
  double dot = 0, na = 0, nb = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    dot += a[i].get<double>() * b[i].get<double>();
    na += a[i].get<double>() * a[i].get<double>();
    nb += b[i].get<double>() * b[i].get<double>();
  }
  return dot / std::sqrt(na * nb);
}

// /embeddings: one unit vector per input from its words (texts sharing words point the same way),
// vectors a rule pins, scripted failures, and OpenAI's errors for a malformed request.
TEST(LlmServer, EmbeddingsFromWordsAndScriptedRules) {
  json script = answering("ok");
  script["embeddings"] = parse(R"([{"input_contains": "PINNED", "vector": [1, 0, 0]},
                                   {"input_contains": "FAIL", "status": 503, "body": "{\"error\": {\"message\": \"down\"}}"}])");
  LlmServerProcess server(script);
  auto result = post(server, {{"model", "embed-1"}, {"input", {"A workflow compiler", "the workflow Compiler!", "bananas"}}},
                     {}, "/v1/embeddings");
  ASSERT_TRUE(result);
  ASSERT_EQ(result->status, 200) << result->body;
  json reply = json::parse(result->body);
  ASSERT_EQ(reply["data"].size(), 3u);
  EXPECT_EQ(reply["model"], "embed-1");
  EXPECT_EQ(reply["data"][2]["index"], 2);
  const json &a = reply["data"][0]["embedding"], &b = reply["data"][1]["embedding"], &c = reply["data"][2]["embedding"];
  EXPECT_EQ(a.size(), 32u);
  EXPECT_NEAR(cosineOf(a, a), 1.0, 1e-9);
  EXPECT_GT(cosineOf(a, b), 0.8) << "two of three words shared, case and punctuation aside";
  EXPECT_LT(cosineOf(a, c), 0.5);
  EXPECT_GT(reply["usage"]["prompt_tokens"].get<int>(), 0);

  auto pinned = post(server, {{"model", "m"}, {"input", "PINNED text"}}, {}, "/embeddings");
  ASSERT_TRUE(pinned);
  EXPECT_EQ(json::parse(pinned->body)["data"][0]["embedding"], parse("[1.0, 0.0, 0.0]"));
  auto sized = post(server, {{"model", "m"}, {"input", "x"}, {"dimensions", 8}}, {}, "/v1/embeddings");
  ASSERT_TRUE(sized);
  EXPECT_EQ(json::parse(sized->body)["data"][0]["embedding"].size(), 8u);

  auto failed = post(server, {{"model", "m"}, {"input", {"ok", "FAIL here"}}}, {}, "/v1/embeddings");
  ASSERT_TRUE(failed);
  EXPECT_EQ(failed->status, 503);
  EXPECT_EQ(json::parse(failed->body)["error"]["message"], "down");
  for (const json &bad : {json{{"input", "x"}}, json{{"model", "m"}}, json{{"model", "m"}, {"input", {1}}},
                          json{{"model", "m"}, {"input", ""}}}) {
    auto r = post(server, bad, {}, "/v1/embeddings");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 400) << bad;
  }
  std::vector<json> log = server.requests();
  ASSERT_EQ(log.size(), 8u);
  EXPECT_EQ(log[0]["path"], "/v1/embeddings");
  EXPECT_EQ(log[0]["body"]["input"][2], "bananas");
}

}  // namespace
}  // namespace wfc::test

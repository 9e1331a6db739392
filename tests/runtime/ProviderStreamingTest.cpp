// Streamed replies (docs/streaming.md) from both providers against the test LLM server, which
// streams in each API's real format: text and tool calls arrive as deltas and add up to the
// reply; usage is counted; a stream cut before its first token is retried, one cut after it fails
// the attempt; an error event inside the stream; cancellation mid-stream; a reader that stops the
// stream; a server that answers in one piece all the same.
#include "ProviderTestSupport.h"

#include "LlmServerProcess.h"
#include "core/llm/AnthropicProvider.h"
#include "core/llm/OpenAiProvider.h"
#include "core/llm/ReplyStream.h"

#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

namespace wfc::llm {
namespace {

using provider_test::kExchange;
using provider_test::onOwnThread;
using provider_test::userRequest;
using test::LlmServerProcess;

// What a stream handed on, in order.
struct Pieces {
  std::string text;
  size_t textPieces = 0;
  std::vector<std::string> calls;      // "ID NAME" per tool call start
  std::vector<std::string> arguments;  // per call, the pieces joined
  size_t argumentPieces = 0;
  DeltaSink sink() {
    return [this](const Delta &d) {
      switch (d.kind) {
        case Delta::Kind::Text:
          text += d.text;
          ++textPieces;
          break;
        case Delta::Kind::ToolCall:
          calls.push_back(std::string(d.toolId) + " " + std::string(d.toolName));
          if (arguments.size() <= d.toolIndex) arguments.resize(d.toolIndex + 1);
          break;
        case Delta::Kind::ToolArguments:
          if (arguments.size() <= d.toolIndex) arguments.resize(d.toolIndex + 1);
          arguments[d.toolIndex] += d.text;
          ++argumentPieces;
          break;
      }
      return true;
    };
  }
};

// A provider's options for a server answering a raw body (the format's edges): no backoff to wait.
EndpointOptions rawOptions(const LlmServerProcess &server, unsigned attempts = 4) {
  EndpointOptions o;
  o.baseUrl = server.baseUrl();
  o.model = "m";
  o.maxTransportAttempts = attempts;
  return o;
}

// One streamed exchange of a user's "hi", its pieces into `pieces`.
Reply streamInto(Provider &p, Pieces &pieces) {
  DeltaSink sink = pieces.sink();
  return onOwnThread([&] { return p.complete(userRequest("hi"), kExchange, {}, &sink); });
}

class ProviderStreaming : public ::testing::TestWithParam<std::string> {
 protected:
  std::unique_ptr<Provider> provider(const LlmServerProcess &server, unsigned attempts = 3) {
    EndpointOptions o;
    o.baseUrl = server.baseUrl();
    o.model = "test-model";
    o.timeoutMs = 10000;
    o.maxTransportAttempts = attempts;
    o.backoffBaseMs = 5;
    o.maxBackoffMs = 20;
    o.onRetry = [this](const ExchangeKey &, unsigned, const std::string &reason, long) { retries.push_back(reason); };
    if (GetParam() == "anthropic") return std::make_unique<AnthropicProvider>(o);
    return std::make_unique<OpenAiProvider>(o);
  }
  std::vector<std::string> retries;
};

TEST_P(ProviderStreaming, TextArrivesInPiecesThatAddUpToTheReply) {
  LlmServerProcess server({{"replies", {{{"reply", {{"content", "The quick brown fox jumps."},
                                                    {"usage", {{"prompt_tokens", 21}, {"completion_tokens", 6}}}}}}}}});
  auto p = provider(server);
  Pieces pieces;
  Reply reply = streamInto(*p, pieces);
  EXPECT_EQ(reply.content, "The quick brown fox jumps.");
  EXPECT_EQ(pieces.text, reply.content);
  EXPECT_EQ(pieces.textPieces, 5u);  // the server sends a word at a time
  EXPECT_EQ(reply.usage.promptTokens, 21u);
  EXPECT_EQ(reply.usage.completionTokens, 6u);
  EXPECT_FALSE(reply.finishReason.empty());
  ASSERT_EQ(server.requests().size(), 1u);
  const nlohmann::json body = server.requests()[0]["body"];
  EXPECT_EQ(body["stream"], true);
  if (GetParam() == "openai") {
    EXPECT_EQ(body["stream_options"]["include_usage"], true);  // else no usage comes
  }
  EXPECT_TRUE(retries.empty());
}

TEST_P(ProviderStreaming, ToolCallsArriveAsAStartAndArgumentPieces) {
  LlmServerProcess server({{"replies", {{{"reply", {{"tool_calls", {{{"name", "search"}, {"arguments", {{"q", "wfc streams"}, {"limit", 5}}}},
                                                                    {{"name", "fetch"}, {"arguments", {{"url", "http://x"}}}}}}}}}}}});
  auto p = provider(server);
  Pieces pieces;
  Reply reply = streamInto(*p, pieces);
  ASSERT_EQ(reply.toolCalls.size(), 2u);
  ASSERT_EQ(pieces.calls.size(), 2u);
  EXPECT_EQ(pieces.calls[0], reply.toolCalls[0].id + " search");
  EXPECT_EQ(pieces.calls[1], reply.toolCalls[1].id + " fetch");
  EXPECT_GT(pieces.argumentPieces, 2u);  // 8 bytes at a time
  ASSERT_EQ(pieces.arguments.size(), 2u);
  for (size_t i = 0; i < 2; ++i)
    EXPECT_EQ(nlohmann::json::parse(pieces.arguments[i]), nlohmann::json::parse(reply.toolCalls[i].arguments));
  EXPECT_EQ(nlohmann::json::parse(reply.toolCalls[0].arguments), (nlohmann::json{{"q", "wfc streams"}, {"limit", 5}}));
}

TEST_P(ProviderStreaming, AStreamCutBeforeItsFirstTokenIsRetried) {
  LlmServerProcess server({{"replies", {{{"times", 1}, {"break_after_chunks", 0}, {"reply", {{"content", "never seen"}}}},
                                        {{"reply", {{"content", "second time lucky"}}}}}}});
  auto p = provider(server);
  Pieces pieces;
  Reply reply = streamInto(*p, pieces);
  EXPECT_EQ(reply.content, "second time lucky");
  EXPECT_EQ(pieces.text, "second time lucky");  // nothing of the cut stream was handed on
  EXPECT_EQ(server.requests().size(), 2u);
  EXPECT_EQ(retries.size(), 1u);
}

TEST_P(ProviderStreaming, AStreamCutAfterItsFirstTokenFailsTheAttemptWithoutRetrying) {
  LlmServerProcess server({{"replies", {{{"break_after_chunks", 2}, {"reply", {{"content", "one two three four"}}}}}}});
  auto p = provider(server);
  Pieces pieces;
  try {
    streamInto(*p, pieces);
    FAIL() << "a broken stream returned a reply";
  } catch (const Error &e) {
    EXPECT_EQ(e.kind(), ErrorKind::StepFailed);
    EXPECT_NE(std::string(e.what()).find("the LLM stream broke after its first token"), std::string::npos) << e.what();
  }
  EXPECT_EQ(pieces.text, "one two ");
  EXPECT_EQ(server.requests().size(), 1u);  // a retry would hand the same words on twice
  EXPECT_TRUE(retries.empty());
}

TEST_P(ProviderStreaming, AnErrorInsideTheStreamFailsTheAttemptNamingIt) {
  LlmServerProcess server({{"replies", {{{"stream_error", "the model is overloaded"}, {"reply", {{"content", "partial answer"}}}}}}});
  auto p = provider(server);
  Pieces pieces;
  try {
    streamInto(*p, pieces);
    FAIL() << "a stream that ended in an error returned a reply";
  } catch (const Error &e) {
    EXPECT_EQ(e.kind(), ErrorKind::StepFailed);
    EXPECT_NE(std::string(e.what()).find("the model is overloaded"), std::string::npos) << e.what();
  }
  EXPECT_EQ(server.requests().size(), 1u);
}

TEST_P(ProviderStreaming, CancellingMidStreamStopsAtOnce) {
  LlmServerProcess server({{"replies", {{{"chunk_delay_ms", 300}, {"reply", {{"content", "a b c d e f g h i j"}}}}}}});
  auto p = provider(server);
  CancellationToken cancel;
  Pieces pieces;
  DeltaSink sink = [&](const Delta &d) {
    pieces.text += d.text;
    cancel.cancel("stopped by the test");
    return true;
  };
  auto start = std::chrono::steady_clock::now();
  try {
    onOwnThread([&] { return p->complete(userRequest("hi"), kExchange, cancel, &sink); });
    FAIL() << "a cancelled stream returned a reply";
  } catch (const Error &e) {
    EXPECT_EQ(e.kind(), ErrorKind::Cancelled) << e.what();
  }
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(2000));
  EXPECT_EQ(pieces.text, "a ");
}

TEST_P(ProviderStreaming, WhatTheReaderThrowsStopsTheStreamAndReachesTheCaller) {
  LlmServerProcess server({{"replies", {{{"reply", {{"content", "fine fine BANNED fine"}}}}}}});
  auto p = provider(server);
  struct Stop {
    std::string seen;
  };
  std::string seen;
  DeltaSink sink = [&](const Delta &d) {
    seen += d.text;
    if (d.text.find("BANNED") != std::string_view::npos) throw Stop{seen};
    return true;
  };
  try {
    onOwnThread([&] { return p->complete(userRequest("hi"), kExchange, {}, &sink); });
    FAIL() << "the reader's exception was swallowed";
  } catch (const Stop &stop) {
    EXPECT_EQ(stop.seen, "fine fine BANNED ");
  }
  EXPECT_EQ(server.requests().size(), 1u);
  EXPECT_TRUE(retries.empty());
}

// A reader that says stop (a validator mid-stream): the exchange ends at once, its reply the text
// taken so far, the last piece included; nothing is retried.
TEST_P(ProviderStreaming, AReaderThatSaysStopEndsTheReplyThere) {
  LlmServerProcess server({{"replies", {{{"chunk_delay_ms", 300}, {"reply", {{"content", "fine fine BANNED fine fine fine fine"}}}}}}});
  auto p = provider(server);
  size_t pieces = 0;
  DeltaSink sink = [&](const Delta &d) {
    ++pieces;
    return d.text.find("BANNED") == std::string_view::npos;
  };
  auto start = std::chrono::steady_clock::now();
  Reply reply = onOwnThread([&] { return p->complete(userRequest("hi"), kExchange, {}, &sink); });
  EXPECT_EQ(reply.content, "fine fine BANNED ");
  EXPECT_EQ(reply.finishReason, "stopped");
  EXPECT_TRUE(reply.toolCalls.empty());
  EXPECT_EQ(pieces, 3u);
  // Not waiting for the four words after it (300 ms apart: the whole stream takes 2.4 s or more,
  // stopping takes about a second, and under ThreadSanitizer a little more).
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(2100));
  EXPECT_EQ(server.requests().size(), 1u);
  EXPECT_TRUE(retries.empty());
}

TEST_P(ProviderStreaming, AServerThatDoesNotStreamIsReadWholeAndHandedOnAsAReplayIs) {
  nlohmann::json body =
      GetParam() == "anthropic"
          ? nlohmann::json{{"id", "msg_1"}, {"type", "message"}, {"role", "assistant"}, {"model", "m"},
                           {"content", {{{"type", "text"}, {"text", "all at once"}}}}, {"stop_reason", "end_turn"},
                           {"usage", {{"input_tokens", 3}, {"output_tokens", 3}}}}
          : nlohmann::json{{"id", "c1"}, {"object", "chat.completion"}, {"model", "m"},
                           {"choices", {{{"index", 0}, {"message", {{"role", "assistant"}, {"content", "all at once"}}}, {"finish_reason", "stop"}}}},
                           {"usage", {{"prompt_tokens", 3}, {"completion_tokens", 3}}}};
  LlmServerProcess server({{"replies", {{{"body", body.dump()}}}}});
  auto p = provider(server);
  Pieces pieces;
  Reply reply = streamInto(*p, pieces);
  EXPECT_EQ(reply.content, "all at once");
  EXPECT_EQ(pieces.text, "all at once");
  EXPECT_EQ(pieces.textPieces, 3u);  // word by word
  EXPECT_EQ(reply.usage.completionTokens, 3u);
}

// Servers differ at the edges of the format: CRLF line ends, comments as keep-alives, a `data:`
// without its space, no [DONE] after the finish_reason, no blank line after the last event.
TEST(OpenAiStreaming, TakesTheFormatsEdgesAsServersSendThem) {
  std::string sse =
      ": keep-alive\r\n\r\n"
      "data:{\"id\":\"c9\",\"model\":\"m\",\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"Hel\"}}]}\r\n\r\n"
      "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"lo\"},\"finish_reason\":\"stop\"}]}\r\n";
  LlmServerProcess server({{"replies", {{{"body", sse}, {"content_type", "text/event-stream"}}}}});
  OpenAiProvider p(rawOptions(server));
  Pieces pieces;
  Reply reply = streamInto(p, pieces);
  EXPECT_EQ(reply.content, "Hello");
  EXPECT_EQ(pieces.text, "Hello");
  EXPECT_EQ(reply.finishReason, "stop");
  EXPECT_EQ(reply.id, "c9");
}

// A server that sends each whole call in a chunk of its own, without `index`, and the arguments as
// an object: two calls, each announced with the id the reply gives it. The usage chunk comes last,
// without its blank line and without [DONE].
TEST(OpenAiStreaming, WholeCallsWithoutAnIndexStayApart) {
  std::string sse =
      "data: {\"choices\":[{\"delta\":{\"tool_calls\":[{\"function\":{\"name\":\"a\",\"arguments\":\"{}\"}}]}}]}\n\n"
      "data: {\"choices\":[{\"delta\":{\"tool_calls\":[{\"id\":\"c2\",\"function\":{\"name\":\"b\",\"arguments\":{\"x\":1}}}]}}]}\n\n"
      "data: {\"choices\":[{\"delta\":{},\"finish_reason\":\"tool_calls\"}]}\n\n"
      "data: {\"choices\":[],\"usage\":{\"prompt_tokens\":4,\"completion_tokens\":5}}";
  LlmServerProcess server({{"replies", {{{"body", sse}, {"content_type", "text/event-stream"}}}}});
  OpenAiProvider p(rawOptions(server));
  Pieces pieces;
  Reply reply = streamInto(p, pieces);
  ASSERT_EQ(reply.toolCalls.size(), 2u);
  EXPECT_EQ(reply.toolCalls[0].name, "a");
  EXPECT_EQ(reply.toolCalls[1].name, "b");
  EXPECT_EQ(reply.toolCalls[1].arguments, "{\"x\":1}");
  EXPECT_EQ(pieces.calls, (std::vector<std::string>{reply.toolCalls[0].id + " a", "c2 b"}));
  EXPECT_EQ(reply.usage.completionTokens, 5u);
}

TEST(AnthropicStreaming, AStreamWithoutItsLastEventIsCutShort) {
  std::string sse =
      "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"msg\",\"model\":\"m\",\"content\":[],\"usage\":{\"input_tokens\":2}}}\n\n"
      "event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}\n\n"
      "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"Hi\"}}\n\n";
  LlmServerProcess server({{"replies", {{{"body", sse}, {"content_type", "text/event-stream"}}}}});
  AnthropicProvider p(rawOptions(server, 1));
  Pieces pieces;
  try {
    streamInto(p, pieces);
    FAIL() << "a stream without message_stop returned a reply";
  } catch (const Error &e) {
    EXPECT_NE(std::string(e.what()).find("ended before its last event"), std::string::npos) << e.what();
  }
  EXPECT_EQ(pieces.text, "Hi");
}

TEST_P(ProviderStreaming, WithoutAReaderTheRequestDoesNotStream) {
  LlmServerProcess server({{"replies", {{{"reply", {{"content", "plain"}}}}}}});
  auto p = provider(server);
  Reply reply = onOwnThread([&] { return p->complete(userRequest("hi"), kExchange, {}, nullptr); });
  EXPECT_EQ(reply.content, "plain");
  EXPECT_FALSE(server.requests()[0]["body"].contains("stream"));
}

INSTANTIATE_TEST_SUITE_P(BothApis, ProviderStreaming, ::testing::Values("openai", "anthropic"),
                         [](const auto &info) { return info.param; });

}  // namespace
}  // namespace wfc::llm
